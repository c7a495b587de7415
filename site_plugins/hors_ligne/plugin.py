"""The offline plugin: write ``sw.js`` at the site's root with this build's file list and version.

After a first visit the service worker holds every page, asset, the Pyodide
runtime, the snapshot and the wheel, so that the site, its search and every
widget work with the server stopped. Each build gets its own cache name (a
hash of the files), so a new build replaces the old cache. ``mkdocs serve``
leaves it out by default (a rebuild would re-download everything).
"""

from __future__ import annotations

import hashlib
import json
import logging
import mimetypes
from pathlib import Path

from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure.files import Files

from site_plugins.modules import declarer, expedier

__all__ = ["HorsLigneConfig", "HorsLignePlugin", "degzippes", "fichiers_a_garder"]

log = logging.getLogger("mkdocs.plugins.regles.hors_ligne")

ASSETS = Path(__file__).with_name("assets")
LUNR_UTILES = {"lunr.stemmer.support.min.js", "lunr.fr.min.js"}
# The engine's files: its worker keeps what it downloads for the offline copy, which
# takes them when their SHA-256 is this build's (the service worker knows them).
DU_MOTEUR = ("assets/pyodide/", "assets/moteur/")


class HorsLigneConfig(base.Config):
    enabled = c.Type(bool, default=True)
    serve = c.Type(bool, default=False)


def fichiers_a_garder(site: Path) -> list[str | list[str]]:
    """The site's files a reader needs offline, as URLs relative to the root (pages as ``dir/``).

    Source maps, the compressed sitemap and the search languages other than
    French are left out, and so are the gzipped twins of Pyodide's files: the copy
    keeps those files as they are, gunzipped from the twin (see ``degzippes``);
    ``sw.js`` itself is never cached. A file with an xz twin (the wasm, the wheel,
    the reduced library) comes as a list of alternatives, the xz one last: the copy
    keeps the one the engine downloaded, else the first, never both.
    """
    urls: list[str | list[str]] = []
    for chemin in sorted(site.rglob("*")):
        if not chemin.is_file():
            continue
        relatif = chemin.relative_to(site).as_posix()
        nom = chemin.name
        if relatif == "sw.js" or nom.endswith(".map") or nom == "sitemap.xml.gz":
            continue
        if relatif.startswith("assets/javascripts/lunr/") and nom not in LUNR_UTILES:
            continue
        if relatif.startswith("assets/pyodide/") and _jumeau_gzip(chemin):
            continue  # kept as the plain file, gunzipped
        if nom.endswith(".xz") and chemin.with_suffix("").is_file():
            continue  # listed with its twin
        if chemin.with_name(nom + ".xz").is_file():
            urls.append([relatif, relatif + ".xz"])
        elif nom == "index.html":
            urls.append(relatif.removesuffix("index.html") or "./")
        else:
            urls.append(relatif)
    return urls


def _jumeau_gzip(chemin: Path) -> bool:
    """Whether ``chemin`` is the gzipped twin of a file beside it."""
    return chemin.suffix == ".gz" and chemin.with_suffix("").is_file()


def degzippes(site: Path, urls: list[str | list[str]]) -> dict[str, str]:
    """The files of ``urls`` that the engine downloads gzipped (Pyodide's wasm and JavaScript) and the
    copy keeps as they are, gunzipped from the twin: their MIME types, by URL.

    Kept plain, they are read without gunzipping at each start.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as dossier:
    ...     racine = Path(dossier)
    ...     for nom in ("pyodide.asm.wasm", "pyodide.asm.wasm.gz", "pyodide.asm.mjs", "pyodide.mjs"):
    ...         _ = (racine / "assets/pyodide").mkdir(parents=True, exist_ok=True)
    ...         _ = (racine / "assets/pyodide" / nom).write_bytes(b"")
    ...     degzippes(racine, fichiers_a_garder(racine))
    {'assets/pyodide/pyodide.asm.wasm': 'application/wasm'}
    """
    premiers = [entree if isinstance(entree, str) else entree[0] for entree in urls]
    return {
        url: mimetypes.guess_type(url)[0] or "application/octet-stream"
        for url in premiers
        if url.startswith("assets/pyodide/") and (site / f"{url}.gz").is_file()
    }


class HorsLignePlugin(BasePlugin[HorsLigneConfig]):
    """Add the registration script; write the service worker after the build."""

    def on_startup(self, *, command: str, dirty: bool) -> None:
        self.commande = command

    def _actif(self) -> bool:
        return self.config.enabled and (self.commande != "serve" or self.config.serve)

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig | None:
        if not self._actif():
            return config
        declarer(config, scripts=["hors-ligne.js"], styles=["hors-ligne.css"])
        return config

    def on_files(self, files: Files, *, config: MkDocsConfig) -> Files | None:
        if not self._actif():
            return files
        return expedier(files, config, ASSETS, sauf=["sw.js"])

    @event_priority(-100)  # after every plugin that writes into the site (PDF, snapshot …)
    def on_post_build(self, *, config: MkDocsConfig) -> None:
        if not self._actif():
            return
        site = Path(config.site_dir)
        urls = fichiers_a_garder(site)
        empreinte = hashlib.sha256()
        du_moteur = {}
        for url in [url for entree in urls for url in ([entree] if isinstance(entree, str) else entree)]:
            chemin = site / (url + "index.html" if url.endswith("/") else url)
            if url == "./":
                chemin = site / "index.html"
            hache = hashlib.sha256(chemin.read_bytes())
            empreinte.update(url.encode())
            empreinte.update(hache.digest())
            if url.startswith(DU_MOTEUR):
                du_moteur[url] = hache.hexdigest()
        version = empreinte.hexdigest()[:16]
        modele = (ASSETS / "sw.js").read_text(encoding="utf-8")
        contenu = (
            modele.replace("__VERSION__", json.dumps(version))
            .replace("__FICHIERS__", json.dumps(urls))
            .replace("__EMPREINTES__", json.dumps(du_moteur))
            .replace("__DEGZIPPES__", json.dumps(degzippes(site, urls)))
        )
        (site / "sw.js").write_text(contenu, encoding="utf-8")
        log.info("regles-hors-ligne : %d fichiers gardés hors ligne (version %s).", len(urls), version)
