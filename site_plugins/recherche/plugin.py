"""Material's French search, accent- and case-insensitive, its index built when needed.

Material's search worker loads ``lunr.fr.min.js`` before it builds the index.
This plugin appends ``recherche-francaise.js`` to that file in the built site:
it folds accents in the index pipeline (before the stemmer) and normalises
every query clause the same way (fold, then stem, keeping the wildcard), so
``degats``, ``dégats`` and ``DÉGÂTS`` all find « dégâts ».

It also puts ``recherche-differee.js`` in front of Material's worker (same file
name, Material's own renamed beside it): the index is built at the first query
or once the page's start-up is over, not while the rules engine starts.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from site_plugins.modules import DESTINATION, declarer
from site_plugins.recherche.synonymes import synonymes
from site_plugins.recherche.systeme import systeme_de, systemes_de_la_navigation, titre_avec_systeme

__all__ = ["RechercheConfig", "RecherchePlugin"]

log = logging.getLogger("mkdocs.plugins.regles.recherche")

SCRIPT = Path(__file__).with_name("recherche-francaise.js")
DIFFEREE = Path(__file__).with_name("recherche-differee.js")
LUNR_FR = Path("assets", "javascripts", "lunr", "min", "lunr.fr.min.js")
TRAVAILLEURS = Path("assets", "javascripts", "workers")
MARQUE = "/* regles: recherche française sans accents */"
MARQUE_DIFFEREE = '"idle until urgent"'
INDEX = Path("search", "search_index.json")
SCRIPTS_DE_PAGE = ("mon-systeme.js", "section-visee.js")


class RechercheConfig(base.Config):
    enabled = c.Type(bool, default=True)


class RecherchePlugin(BasePlugin[RechercheConfig]):
    """Append the accent folding to Material's French lunr language file."""

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig | None:
        if not self.config.enabled:
            return config
        search = config.plugins.get("material/search") or config.plugins.get("search")
        langs = getattr(search, "config", {}).get("lang") if search else None
        if not langs or "fr" not in langs:
            raise PluginError(
                "regles-recherche : le plugin « search » doit être configuré avec « lang: fr »."
            )
        self.systemes: dict[str, str] = {}
        declarer(config, scripts=SCRIPTS_DE_PAGE)
        return config

    def on_files(self, files: Files, *, config: MkDocsConfig) -> Files | None:
        if not self.config.enabled:
            return files
        systemes = json.dumps(systemes_de_la_navigation(config.nav or []), ensure_ascii=False)
        for nom in SCRIPTS_DE_PAGE:
            texte = (
                Path(__file__).with_name(nom).read_text(encoding="utf-8").replace("__SYSTEMES__", systemes)
            )
            files.append(File.generated(config, f"{DESTINATION}/{nom}", content=texte))
        return files

    def on_page_markdown(
        self, markdown: str, /, *, page: Page, config: MkDocsConfig, files: Files
    ) -> str | None:
        """A system's page is titled with its system (``<title>``, header); the search index learns it."""
        if not self.config.enabled:
            return markdown
        systeme = systeme_de(page)
        titre = str(page.title or "")
        if systeme:
            self.systemes[page.url] = systeme
            if titre and titre_avec_systeme(titre, systeme) != titre:
                page.meta["title"] = titre_avec_systeme(titre, systeme)
        return markdown

    def on_post_build(self, *, config: MkDocsConfig) -> None:
        if not self.config.enabled:
            return
        self._plier_les_accents(Path(config.site_dir))
        self._differer_l_index(Path(config.site_dir))
        self._marquer_les_systemes(Path(config.site_dir))

    def _marquer_les_systemes(self, site: Path) -> None:
        """Tag each page's own entry (not its sections: one tag per result) with its system."""
        chemin = site / INDEX
        if not chemin.is_file():
            raise PluginError(f"regles-recherche : {INDEX} est introuvable dans le site construit.")
        index: dict[str, Any] = json.loads(chemin.read_text(encoding="utf-8"))
        for entree in index["docs"]:
            systeme = self.systemes.get(entree["location"])
            if systeme and "#" not in entree["location"]:
                entree["tags"] = [systeme]
        chemin.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")

    def _plier_les_accents(self, site: Path) -> None:
        target = site / LUNR_FR
        if not target.is_file():
            raise PluginError(f"regles-recherche : {LUNR_FR} est introuvable dans le site construit.")
        text = target.read_text(encoding="utf-8")
        if MARQUE in text:
            return
        table = json.dumps(synonymes(), ensure_ascii=False, separators=(",", ":"))
        script = SCRIPT.read_text(encoding="utf-8").replace("__SYNONYMES__", table)
        target.write_text(f"{text}\n{MARQUE}\n{script}", encoding="utf-8")
        log.debug("accent folding appended to %s", target)

    def _differer_l_index(self, site: Path) -> None:
        """Rename Material's worker ``search.<hash>.min.js`` to ``search.<hash>.material.min.js``
        and write the deferring worker under the original name (the one Material's pages use)."""
        dossier = site / TRAVAILLEURS
        travailleurs = [f for f in dossier.glob("search.*.min.js") if not f.name.endswith(".material.min.js")]
        if len(travailleurs) != 1:
            raise PluginError(
                f"regles-recherche : travailleur de recherche de Material introuvable dans {dossier}."
            )
        travailleur = travailleurs[0]
        if MARQUE_DIFFEREE in travailleur.read_text(encoding="utf-8"):
            return
        material = travailleur.with_name(travailleur.name.removesuffix(".min.js") + ".material.min.js")
        travailleur.replace(material)
        travailleur.write_text(
            DIFFEREE.read_text(encoding="utf-8").replace("__MATERIAL__", material.name), encoding="utf-8"
        )
