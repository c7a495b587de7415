"""One built page's article, cleaned for print: what the PDF keeps of it and where its links go.

Taken from the page's final HTML (after every plugin has run), so the PDF shows
exactly what the site shows, minus what only makes sense on a screen:

- permalinks (¶), scripts and the controls of the widgets (form, loading
  message, result area, roll log) are removed; the widget's static fallback
  stays;
- dice expressions and abbreviations become plain text;
- every ``id`` is prefixed with the page's key, since all pages share one
  document;
- every link to a page of the site is noted as (page, anchor) and its
  ``href`` dropped: :mod:`.livre` points it inside the PDF or makes it plain
  text, depending on which pages that PDF holds.
"""

from __future__ import annotations

import re
from urllib.parse import unquote, urljoin, urlsplit
from xml.etree.ElementTree import Element

import tinyhtml5
from mkdocs.exceptions import PluginError

from .arbre import deballer, parents, retirer, selection

__all__ = ["CIBLE_ANCRE", "CIBLE_PAGE", "ancre", "article", "cle"]

ARTICLE = re.compile(r"<article\b.*</article>", re.DOTALL)
ORIGINE = "https://regles.invalid/"

CIBLE_PAGE = "data-pdf-page"
CIBLE_ANCRE = "data-pdf-ancre"

A_RETIRER_TAGS = {"script", "style", "form", "input", "select", "textarea", "template"}
A_RETIRER_CLASSES = {
    "headerlink",
    "md-content__button",
    "md-source-file",
    "regles-widget__formulaire",
    "regles-widget__etat",
    "regles-widget__resultat",
    "regles-journal",
}
A_DEBALLER_TAGS = {"abbr"}
A_DEBALLER_CLASSES = {"regles-des"}


def cle(url: str) -> str:
    """The anchor of a page in a PDF, from its URL (``basic-maison/combat/`` → ``p-basic-maison-combat``)."""
    chemin = url.removesuffix("index.html").strip("/")
    return "p-" + (re.sub(r"[^0-9A-Za-z_-]+", "-", chemin) or "accueil")


def ancre(url: str, fragment: str = "") -> str:
    """The anchor of ``#fragment`` of a page in a PDF."""
    return f"{cle(url)}--{fragment}" if fragment else cle(url)


def article(html: str, url: str) -> Element:
    """The cleaned ``<article>`` of the built page at ``url``, from its HTML."""
    trouve = ARTICLE.search(html)
    if trouve is None:
        raise PluginError(f"regles-pdf : la page « {url} » n'a pas d'élément <article>.")
    racine = tinyhtml5.parse(trouve.group(), namespace_html_elements=False).find("body/article")
    assert racine is not None
    _nettoyer(racine)
    _renommer_ids(racine, url)
    _noter_liens(racine, url)
    racine.attrib = {"id": cle(url), "class": "page-pdf"}
    return racine


def _nettoyer(racine: Element) -> None:
    famille = parents(racine)
    for element in selection(racine, A_RETIRER_TAGS, A_RETIRER_CLASSES):
        retirer(element, famille)
    for element in selection(racine, ("button",)):
        if "regles-des" not in element.get("class", "").split():
            retirer(element, famille)
    for element in selection(racine, A_DEBALLER_TAGS, A_DEBALLER_CLASSES):
        deballer(element, famille)
    for element in selection(racine, noms=("regles-widget__statique",)):
        element.attrib.pop("hidden", None)
    for element in racine.iter("details"):
        element.set("open", "")


def _renommer_ids(racine: Element, url: str) -> None:
    for element in racine.iter():
        if identifiant := element.get("id"):
            element.set("id", ancre(url, identifiant))


def _noter_liens(racine: Element, url: str) -> None:
    """Replace each link to a page of the site by its (page, anchor) target."""
    base = urljoin(ORIGINE, url)
    for lien in racine.iter("a"):
        href = lien.get("href")
        if href is None:
            continue
        cible = urlsplit(urljoin(base, href))
        if f"{cible.scheme}://{cible.netloc}/" != ORIGINE:
            continue  # a link outside the site stays as it is
        del lien.attrib["href"]
        lien.set(CIBLE_PAGE, unquote(cible.path).removeprefix("/"))
        lien.set(CIBLE_ANCRE, unquote(cible.fragment))
