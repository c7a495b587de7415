"""Assemble one PDF's HTML: cover, table of contents, then its pages with links pointing inside it."""

from __future__ import annotations

import copy
import datetime
from collections.abc import Mapping
from dataclasses import dataclass
from xml.etree.ElementTree import Element, SubElement, tostring

from .arbre import texte
from .article import CIBLE_ANCRE, CIBLE_PAGE, ancre
from .plan import Document

__all__ = ["ENTREE", "SOMMAIRE", "Edition", "date_en_francais", "livre"]

MOIS = (
    "janvier", "février", "mars", "avril", "mai", "juin",
    "juillet", "août", "septembre", "octobre", "novembre", "décembre",
)  # fmt: skip
TITRES = ("h1", "h2", "h3", "h4", "h5", "h6")
PROFONDEUR_SIGNETS = 3
"""Headings down to ``h3`` of each page become bookmarks; ``h1`` and ``h2`` go in the table of contents."""
PROFONDEUR_SOMMAIRE = 2
RENVOI = "renvoi"
RENVOI_FIN = "renvoi-fin"
"""The last word of a cross-reference, kept on one line with its page number (``livre.css``)."""
SOMMAIRE = "sommaire"
ENTREE = "sommaire-"
"""The ``id`` prefix of the table of contents' entries (:mod:`.rendu` counts them page by page)."""


@dataclass(frozen=True)
class Edition:
    """What the cover says besides the document's own title."""

    site: str
    description: str
    version: str
    date: datetime.date
    adresse: str = ""
    """The site's address (``site_url``), printed on the cover when the build knows it."""


def date_en_francais(jour: datetime.date) -> str:
    """``date(2026, 11, 1)`` → ``1er novembre 2026``."""
    numero = "1er" if jour.day == 1 else str(jour.day)
    return f"{numero} {MOIS[jour.month - 1]} {jour.year}"


def livre(document: Document, articles: Mapping[str, Element], edition: Edition) -> str:
    """The whole HTML of ``document``, from the cleaned articles of its pages (keyed by URL).

    A sheet (``document.feuille``) has neither cover nor table of contents: its body gets the class
    ``feuille`` (the compact layout of ``livre.css``).
    """
    html = Element("html", lang="fr")
    _entete(SubElement(html, "head"), document, edition)
    corps = SubElement(html, "body", {"data-site": edition.site})
    if document.feuille:
        corps.set("class", "feuille")
    pages = []
    for page in document.pages:
        element = copy.deepcopy(articles[page.url])
        element.set("data-rubrique", page.rubrique)
        titre = texte(h1) if (h1 := element.find(".//h1")) is not None else ""
        element.set("data-titre", "" if titre == page.rubrique else titre)
        _niveler(element, page.niveau)
        pages.append(element)
    if not document.feuille:
        corps.append(_couverture(document, edition))
        corps.append(_sommaire(pages))
    corps.extend(pages)
    _resoudre_liens(corps, {page.url for page in document.pages})
    return "<!DOCTYPE html>\n" + tostring(html, encoding="unicode", method="html")


def _entete(tete: Element, document: Document, edition: Edition) -> None:
    SubElement(tete, "meta", charset="utf-8")
    SubElement(tete, "title").text = f"{edition.site} — {document.titre}"
    SubElement(tete, "meta", name="description", content=edition.description)
    SubElement(tete, "meta", name="generator", content=f"regles-jdr {edition.version}")
    SubElement(tete, "meta", name="dcterms.created", content=edition.date.isoformat())


def _couverture(document: Document, edition: Edition) -> Element:
    """A whole page: the site, the title, its systems one per line; the edition and address at its foot."""
    couverture = Element("section", {"class": "couverture"})
    haut = SubElement(couverture, "div", {"class": "couverture__haut"})
    SubElement(haut, "p", {"class": "couverture__site"}).text = edition.site
    SubElement(haut, "p", {"class": "couverture__titre"}).text = document.titre
    noms = document.rubriques
    if len(noms) > 1:
        SubElement(haut, "p", {"class": "couverture__description"}).text = edition.description
    if noms:
        etiquette = "Systèmes" if len(noms) > 1 else "Système"
        SubElement(haut, "p", {"class": "couverture__etiquette"}).text = etiquette
        liste = SubElement(haut, "ul", {"class": "couverture__systemes"})
        for nom in noms:
            SubElement(liste, "li").text = nom
    pied = SubElement(couverture, "div", {"class": "couverture__pied"})
    mention = f"Version {edition.version} — construit le {date_en_francais(edition.date)}"
    SubElement(pied, "p", {"class": "couverture__edition"}).text = mention
    if edition.adresse:
        SubElement(pied, "p", {"class": "couverture__adresse"}).text = edition.adresse
    return couverture


def _niveler(page: Element, niveau: int) -> None:
    """Give each heading its level in the whole PDF (bookmarks, table of contents)."""
    for element in page.iter():
        if element.tag in TITRES and (rang := int(element.tag[1])) <= PROFONDEUR_SIGNETS:
            element.set("data-niveau", str(niveau + rang - 1))
            if rang <= PROFONDEUR_SOMMAIRE:
                element.set("data-sommaire", "")


def _sommaire(pages: list[Element]) -> Element:
    sommaire = Element("nav", {"class": SOMMAIRE})
    SubElement(sommaire, "h1", {"class": "sommaire__titre", "data-niveau": "1"}).text = "Table des matières"
    liste = SubElement(sommaire, "ol")
    for page in pages:
        for titre in page.iter():
            if "data-sommaire" in titre.attrib and titre.get("id"):
                attributs = {"data-niveau": titre.get("data-niveau", "1"), "id": f"{ENTREE}{len(liste)}"}
                entree = SubElement(liste, "li", attributs)
                SubElement(entree, "a", href="#" + titre.get("id", "")).text = texte(titre)
    return sommaire


def _renvoi(lien: Element) -> None:
    """Make ``lien`` a cross-reference; its last word goes in a ``renvoi-fin`` that carries the page number,
    so that « , p. 4 » never starts a line on its own. A link ending in an element (an abbreviation) carries
    the number itself.

    >>> lien = Element("a", href="#x")
    >>> lien.text = "Blessures et guérison"
    >>> _renvoi(lien)
    >>> tostring(lien, encoding="unicode").replace(' href="#x"', "")
    '<a class="renvoi renvoi--coupe">Blessures et <span class="renvoi-fin">guérison</span></a>'
    """
    classes = [*lien.get("class", "").split(), RENVOI]
    enfants = list(lien)
    fin = (enfants[-1].tail if enfants else lien.text) or ""
    debut, espace, mot = fin.rstrip().rpartition(" ")
    if mot:
        if enfants:
            enfants[-1].tail = debut + espace
        else:
            lien.text = debut + espace
        SubElement(lien, "span", {"class": RENVOI_FIN, "href": lien.get("href", "")}).text = mot
        classes.append(f"{RENVOI}--coupe")
    lien.set("class", " ".join(classes))


def _resoudre_liens(corps: Element, urls: set[str]) -> None:
    """Point each link to a page of this PDF at its anchor; links to other pages become plain text.

    A link of the text (not in a heading) becomes a cross-reference printed with its target's page
    number (« voir Combat, p. 42 », ``target-counter`` in ``livre.css``).
    """
    ids = {element.get("id") for element in corps.iter() if element.get("id")}
    dans_un_titre = {id(lien) for titre in corps.iter() if titre.tag in TITRES for lien in titre.iter("a")}
    for lien in corps.iter("a"):
        page = lien.attrib.pop(CIBLE_PAGE, None)
        fragment = lien.attrib.pop(CIBLE_ANCRE, "")
        if page is None:
            continue
        if page in urls:
            cible = ancre(page, fragment)
            lien.set("href", "#" + (cible if cible in ids else ancre(page)))
            if id(lien) not in dans_un_titre and texte(lien):
                _renvoi(lien)
        else:
            lien.tag = "span"
            lien.set("class", "hors-pdf")
