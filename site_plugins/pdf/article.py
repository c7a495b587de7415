"""One built page's article, cleaned for print: what the PDF keeps of it and where its links go.

Taken from the page's final HTML (after every plugin has run), so the PDF shows
exactly what the site shows, minus what only makes sense on a screen:

- permalinks (¶), scripts and the controls of the widgets (form, loading
  message, result area, roll log) are removed; the widget's static fallback
  stays, except its tables that the page already prints (a widget left with
  nothing else is dropped whole: each table is printed once);
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

from .arbre import classes, deballer, parents, retirer, selection, texte

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
    _retirer_les_tables_en_double(racine)
    _legendes_avant_les_tables(racine)
    _ancres_des_outils_sur_leur_titre(racine)


def _ancres_des_outils_sur_leur_titre(racine: Element) -> None:
    """A tool's anchor moves into its title's first line: a framed tool whose top edge fits at the foot
    of a page while its title goes to the next would otherwise be announced on the first page (« p. N »)
    and reached on the second."""
    for widget in selection(racine, noms=("regles-widget",)):
        titre = next(selection(widget, noms=("regles-widget__titre",)), None)
        if titre is not None and widget.get("id"):
            repere = Element("span", {"id": widget.attrib.pop("id")})
            repere.tail, titre.text = titre.text, None
            titre.insert(0, repere)


def _legendes_avant_les_tables(racine: Element) -> None:
    """Each table's caption becomes a paragraph just before it, kept with it (a caption breaks from its
    table in WeasyPrint; a paragraph with ``break-after: avoid`` does not)."""
    famille = parents(racine)
    for table in list(racine.iter("table")):
        legende = table.find("caption")
        if legende is None:
            continue
        table.remove(legende)
        parent = famille[table]
        paragraphe = Element("p", {"class": "legende-de-table"})
        paragraphe.text, paragraphe.tail = legende.text, None
        paragraphe.extend(list(legende))
        parent.insert(list(parent).index(table), paragraphe)


def _cellules(table: Element) -> tuple[tuple[str, ...], ...]:
    """A table's content: the text of each cell, row by row (markup and attributes aside)."""
    lignes = table.iter("tr")
    return tuple(tuple(texte(case) for case in ligne if case.tag in {"td", "th"}) for ligne in lignes)


def _retirer_les_tables_en_double(racine: Element) -> None:
    """Drop from the widgets' fallbacks the tables the page already has; then any widget left empty."""
    widgets = list(selection(racine, noms=("regles-widget",)))
    dans_un_widget = {id(table) for widget in widgets for table in widget.iter("table")}
    imprimees = {_cellules(table) for table in racine.iter("table") if id(table) not in dans_un_widget}
    if not imprimees:
        return
    famille = parents(racine)
    for widget in widgets:
        for statique in selection(widget, noms=("regles-widget__statique",)):
            for table in list(statique.iter("table")):
                if _cellules(table) in imprimees:
                    bloc = famille[table] if classes(famille[table]) & {"regles-tableau"} else table
                    retirer(bloc, famille)
            if not texte(statique):
                _retirer_l_annonce(widget, famille)
                retirer(widget, famille)
                break


def _retirer_l_annonce(widget: Element, famille: dict[Element, Element]) -> None:
    """Drop the paragraph that announces a dropped widget (just before it, ending with a colon)."""
    freres = list(famille[widget])
    rang = freres.index(widget)
    if rang and freres[rang - 1].tag == "p" and texte(freres[rang - 1]).endswith(":"):
        retirer(freres[rang - 1], famille)


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
