"""Make Material's French search accent- and case-insensitive on both sides.

Material's search worker loads ``lunr.fr.min.js`` before it builds the index.
This plugin appends ``recherche-francaise.js`` to that file in the built site:
it folds accents in the index pipeline (before the stemmer) and normalises
every query clause the same way (fold, then stem, keeping the wildcard), so
``degats``, ``dégats`` and ``DÉGÂTS`` all find « dégâts ».
"""

from __future__ import annotations

import logging
from pathlib import Path

from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin

__all__ = ["RechercheConfig", "RecherchePlugin"]

log = logging.getLogger("mkdocs.plugins.regles.recherche")

SCRIPT = Path(__file__).with_name("recherche-francaise.js")
LUNR_FR = Path("assets", "javascripts", "lunr", "min", "lunr.fr.min.js")
MARQUE = "/* regles: recherche française sans accents */"


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
        return config

    def on_post_build(self, *, config: MkDocsConfig) -> None:
        if not self.config.enabled:
            return
        target = Path(config.site_dir) / LUNR_FR
        if not target.is_file():
            raise PluginError(f"regles-recherche : {LUNR_FR} est introuvable dans le site construit.")
        text = target.read_text(encoding="utf-8")
        if MARQUE in text:
            return
        target.write_text(f"{text}\n{MARQUE}\n{SCRIPT.read_text(encoding='utf-8')}", encoding="utf-8")
        log.debug("accent folding appended to %s", target)
