"""Build the rulebook's PDFs into the site: the whole reference, one per system, and the sheets.

A sheet (``feuille: true`` in ``mkdocs.yml``: a GM screen, a blank character sheet) is one page of
the navigation printed alone, without cover nor table of contents; the books leave it out.

Each page's article is collected from its final HTML (``on_post_page``), then
every PDF is assembled in navigation order and rendered by WeasyPrint
(``on_post_build``). ``mkdocs serve`` skips the rendering unless the ``serve``
option is on (``REGLES_PDF_SERVE=true`` in this site's ``mkdocs.yml``).
"""

from __future__ import annotations

import datetime
import logging
import os
import re
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path, PurePosixPath
from typing import Literal
from xml.etree.ElementTree import Element

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure.files import File, Files
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page

from rules_py import __version__

from .article import article
from .config import PdfConfig
from .entete import ajouter_lien_d_entete
from .livre import Edition, livre
from .plan import Document, planifier
from .systeme import bibliotheques_manquantes

PAGE_DE_TELECHARGEMENT = "telechargement/"
LIENS_DES_PDF = re.compile(r"<!-- regles-pdf:liens -->.*?<!-- /regles-pdf:liens -->", re.DOTALL)
"""The part of the download page that links to the PDFs, between these two comments."""
PDF_NON_PRODUITS = """!!! note "PDF non produits"

    Cette construction du site n’a pas produit ses PDF : ils ne sont pas disponibles ici.
    La version publiée du site les contient (ils sont produits par défaut ; `REGLES_PDF=false`
    les désactive, et `mkdocs serve` ne les produit qu’avec `REGLES_PDF_SERVE=true`)."""

__all__ = ["FichierPdf", "PdfPlugin"]

log = logging.getLogger("mkdocs.plugins.regles.pdf")


class FichierPdf(File):
    """A PDF that the plugin writes itself after the build: known to MkDocs (links to it are valid)."""

    def copy_file(self, dirty: bool = False) -> None:
        log.debug("%s sera écrit en fin de construction", self.dest_uri)


class PdfPlugin(BasePlugin[PdfConfig]):
    """Render the PDFs listed in ``documents`` from the built pages."""

    def __init__(self) -> None:
        self.commande: str | None = None
        self._reinitialiser()

    def _reinitialiser(self) -> None:
        self.documents: list[Document] = []
        self.articles: dict[str, Element] = {}
        self.sorties: dict[str, str] = {}
        self.urls: set[str] = set()

    @property
    def produire(self) -> bool:
        return self.config.enabled and (self.commande != "serve" or self.config.serve)

    def on_startup(self, *, command: Literal["build", "gh-deploy", "serve"], dirty: bool) -> None:
        self.commande = command

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig | None:
        if not self.config.enabled:
            return config
        self._reinitialiser()
        manquantes = bibliotheques_manquantes()
        if manquantes:
            raise PluginError(
                "regles-pdf : WeasyPrint ne peut pas produire les PDF, il manque sur cette machine : "
                + " ; ".join(manquantes)
                + ". Installez-les avec « make debian-packages »"
                " (ou REGLES_PDF=false pour construire sans PDF)."
            )
        chemins = [document.path for document in self.config.documents]
        for chemin in chemins:
            posix = PurePosixPath(chemin)
            if posix.suffix != ".pdf" or posix.is_absolute() or ".." in posix.parts:
                raise PluginError(f"regles-pdf : « {chemin} » doit être un chemin relatif du site en .pdf.")
            if chemins.count(chemin) > 1:
                raise PluginError(f"regles-pdf : le document « {chemin} » est déclaré deux fois.")
        return config

    def on_files(self, files: Files, /, *, config: MkDocsConfig) -> Files | None:
        if not self.config.enabled:
            return files
        for document in self.config.documents:
            if files.get_file_from_path(document.path) is not None:
                raise PluginError(f"regles-pdf : « {document.path} » existe déjà dans docs/.")
            files.append(FichierPdf.generated(config, document.path, content=b""))
        return files

    def on_nav(self, nav: Navigation, /, *, config: MkDocsConfig, files: Files) -> Navigation | None:
        if not self.config.enabled:
            return nav
        feuilles = frozenset(
            source for options in self.config.documents if options.feuille for source in options.pages
        )
        self.documents = [planifier(options, nav, feuilles) for options in self.config.documents]
        self.sorties = {page.url: page.file.abs_dest_path for page in nav.pages}
        self.urls = {page.url for document in self.documents for page in document.pages}
        return nav

    def on_page_markdown(
        self, markdown: str, /, *, page: Page, config: MkDocsConfig, files: Files
    ) -> str | None:
        """Without PDFs in this build, the download page says so instead of linking to missing files."""
        if self.produire or page.url != PAGE_DE_TELECHARGEMENT:
            return markdown
        return LIENS_DES_PDF.sub(lambda _: PDF_NON_PRODUITS, markdown)

    @event_priority(-50)  # after the plugins that change the page's HTML
    def on_post_page(self, output: str, /, *, page: Page, config: MkDocsConfig) -> str | None:
        if not self.config.enabled:
            return output
        output = ajouter_lien_d_entete(output, page.url, PAGE_DE_TELECHARGEMENT)
        if not self.produire:
            return output
        if page.url in self.urls:
            self.articles[page.url] = article(output, page.url)
        return output

    @event_priority(-50)  # after the plugins that copy files the pages use
    def on_post_build(self, *, config: MkDocsConfig) -> None:
        if not self.config.enabled:
            return
        if not self.produire:
            log.info("regles-pdf : PDF non produits sous « mkdocs serve » (voir REGLES_PDF_SERVE).")
            return
        from .rendu import rendre_un_pdf  # WeasyPrint, once its libraries are checked

        debut = time.perf_counter()
        site = Path(config.site_dir)
        description = config.site_description or ""
        adresse = config.site_url or ""
        edition = Edition(config.site_name, description, __version__, _date_de_construction(), adresse)
        travaux = []
        for document in self.documents:
            articles = {page.url: self._article(page.url) for page in document.pages}
            travaux.append(
                (len(articles), str(site), livre(document, articles, edition), str(site / document.chemin))
            )
        # The longest book first: WeasyPrint is CPU-bound, one process per core.
        travaux.sort(key=lambda travail: -travail[0])
        with ProcessPoolExecutor(max_workers=min(len(travaux), os.cpu_count() or 1)) as ouvriers:
            resultats = list(ouvriers.map(rendre_un_pdf, *zip(*(t[1:] for t in travaux), strict=True)))
        for (_, _, _, cible), (pages, avertissements) in zip(travaux, resultats, strict=True):
            for avertissement in avertissements:
                log.warning(avertissement)
            log.debug("%s : %d pages", cible, pages)
        log.info("regles-pdf : %d PDF produits en %.1f s.", len(self.documents), time.perf_counter() - debut)
        self._reinitialiser()

    def _article(self, url: str) -> Element:
        """A page's article; from its file in the site if this build did not render it (``--dirty``)."""
        if url not in self.articles:
            sortie = Path(self.sorties[url])
            if not sortie.is_file():
                raise PluginError(f"regles-pdf : la page « {url} » n'a pas été construite.")
            self.articles[url] = article(sortie.read_text(encoding="utf-8"), url)
        return self.articles[url]


def _date_de_construction() -> datetime.date:
    """Today, or ``SOURCE_DATE_EPOCH`` for a reproducible build."""
    epoque = os.environ.get("SOURCE_DATE_EPOCH")
    if epoque:
        return datetime.datetime.fromtimestamp(int(epoque), tz=datetime.UTC).date()
    return datetime.date.today()
