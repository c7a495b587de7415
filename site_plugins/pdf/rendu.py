"""WeasyPrint, fed only with files of the built site: it never fetches anything over the network."""

from __future__ import annotations

import logging
import mimetypes
from pathlib import Path
from urllib.parse import urlsplit
from urllib.request import url2pathname

from weasyprint import CSS, HTML
from weasyprint.document import Document
from weasyprint.logger import LOGGER
from weasyprint.text.fonts import FontConfiguration
from weasyprint.urls import URLFetcher, URLFetcherResponse

from .livre import ENTREE, SOMMAIRE

__all__ = ["DENSITES", "FEUILLES", "RecuperateurLocal", "Rendu", "rendre_un_pdf", "sommaire_deborde"]


FEUILLES = (Path(__file__).with_name("livre.css"), Path(__file__).with_name("feuilles.css"))
"""The PDF's stylesheets, in order: the book's layout, then the sheets' (GM screens, blank sheets)."""
VARIANTE = "pdf/ua-1"
"""Tagged PDF/UA: headings, lists, tables and figures in a structure tree, the language (``<html lang>``)."""
DENSITES = ("", "sommaire--serre", "sommaire--tres-serre")
"""Classes of the table of contents, from the most airy: the first whose last page is not a stub wins."""
ESSAI = '.sommaire a::after { content: leader(dotted) " 000"; }'
"""Page numbers of the table of contents when it is tried alone (their targets are not there)."""
BOUT = 3
"""A last page of the table of contents holding less than a third of the previous page's entries is a stub."""


def sommaire_deborde(rendu: Document) -> bool:
    """Whether the table of contents spills a few lines onto a page of their own."""
    entrees = [sum(nom.startswith(ENTREE) for nom in page.anchors) for page in rendu.pages]
    pages = [nombre for nombre in entrees if nombre]
    return len(pages) > 1 and pages[-1] * BOUT < pages[-2]


class RecuperateurLocal(URLFetcher):
    """Serve the files under ``racine`` (and ``data:`` URLs); refuse any other URL, noted in ``refus``."""

    def __init__(self, racine: Path) -> None:
        super().__init__(allowed_protocols={"file", "data"})
        self.racine = racine.resolve()
        self.refus: list[str] = []

    def fetch(self, url: str, headers: dict[str, str] | None = None) -> URLFetcherResponse:
        if url.startswith("data:"):
            return super().fetch(url, headers)
        if url.startswith("file:"):
            chemin = Path(url2pathname(urlsplit(url).path)).resolve()
            if chemin.is_relative_to(self.racine) and chemin.is_file():
                type_mime = mimetypes.guess_type(chemin.name)[0] or "application/octet-stream"
                return URLFetcherResponse(url, chemin.read_bytes(), {"Content-Type": type_mime})
        self.refus.append(
            f"regles-pdf : ressource refusée, elle n'est pas un fichier du site construit : {url}"
        )
        raise ValueError(f"ressource hors du site construit : {url}")


class _Relais(logging.Handler):
    """Keep WeasyPrint's warnings (a missing anchor, an unknown property) for MkDocs (strict mode)."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(f"regles-pdf : WeasyPrint : {record.getMessage()}")


class Rendu:
    """Render PDFs of one built site, sharing fonts and the stylesheet between documents."""

    def __init__(self, site: Path) -> None:
        self.site = site
        self.recuperateur = RecuperateurLocal(site)
        self.polices = FontConfiguration()
        self.feuille = CSS(
            string="\n".join(feuille.read_text(encoding="utf-8") for feuille in FEUILLES),
            url_fetcher=self.recuperateur,
            font_config=self.polices,
        )
        self.essai = CSS(string=ESSAI, font_config=self.polices)

    def densite_du_sommaire(self, html: str) -> str:
        """The airiest density whose table of contents leaves no stub page.

        Tried on the cover and the table of contents alone (a fraction of a second each, where the whole
        book takes seconds): their pages do not depend on the rest, page numbers aside (« 000 » here).
        """
        debut = html.find(f'<nav class="{SOMMAIRE}"')
        fin = html.find("</nav>", debut)
        if debut < 0 or fin < 0:
            return ""
        essai = html[:fin] + "</nav></body></html>"
        essai = essai[:debut] + essai[debut:].replace(' href="#', ' data-cible="#')
        for densite in DENSITES:
            version = essai.replace(f'class="{SOMMAIRE}"', f'class="{SOMMAIRE} {densite}"', 1)
            document = HTML(string=version, base_url=self.site.as_uri() + "/", url_fetcher=self.recuperateur)
            rendu = document.render(stylesheets=[self.feuille, self.essai], font_config=self.polices)
            if not sommaire_deborde(rendu):
                return densite
        return DENSITES[-1]

    def ecrire(self, html: str, cible: Path) -> tuple[int, list[str]]:
        """Write the PDF of ``html`` to ``cible``; return its number of pages and WeasyPrint's warnings."""
        relais = _Relais()
        LOGGER.addHandler(relais)
        try:
            densite = self.densite_du_sommaire(html)
            if densite:
                html = html.replace(f'class="{SOMMAIRE}"', f'class="{SOMMAIRE} {densite}"', 1)
            document = HTML(string=html, base_url=self.site.as_uri() + "/", url_fetcher=self.recuperateur)
            rendu = document.render(stylesheets=[self.feuille], font_config=self.polices)
            cible.parent.mkdir(parents=True, exist_ok=True)
            rendu.write_pdf(cible, pdf_variant=VARIANTE)
        finally:
            LOGGER.removeHandler(relais)
        return len(rendu.pages), [*relais.messages, *self.recuperateur.refus]


def rendre_un_pdf(site: str, html: str, cible: str) -> tuple[int, list[str]]:
    """One PDF in a worker process (the documents are rendered in parallel, one per core)."""
    return Rendu(Path(site)).ecrire(html, Path(cible))
