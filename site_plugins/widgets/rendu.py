"""Display blocks of :mod:`rules_py.web.affichage` → ElementTree, for the static fallbacks.

The browser renders the same blocks with ``rendu.js``; what the build writes
here is what print, the PDF and a reader without JavaScript see.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as etree
from collections.abc import Callable, Iterable, Mapping
from typing import Any

__all__ = ["rendre"]

Bloc = Mapping[str, Any]

ISOLE = re.compile("\u2068([^\u2068\u2069]*)\u2069")


def _sous(parent: etree.Element, balise: str, texte: str | None = None, **attributs: str) -> etree.Element:
    element = etree.SubElement(
        parent, balise, {k.rstrip("_").replace("_", "-"): v for k, v in attributs.items()}
    )
    if texte is not None:
        _ecrire(element, texte)
    return element


def _ecrire(element: etree.Element, texte: str) -> None:
    """``texte`` in ``element``; what a reader typed (between U+2068 and U+2069) in a ``<bdi>``."""
    morceaux = ISOLE.split(texte)
    element.text = morceaux[0]
    for isole, suite in zip(morceaux[1::2], morceaux[2::2], strict=True):
        bdi = etree.SubElement(element, "bdi")
        bdi.text, bdi.tail = isole, suite


def _texte(parent: etree.Element, bloc: Bloc) -> None:
    classe = "regles-texte" + (f" regles-texte--{bloc['classe']}" if bloc.get("classe") else "")
    _sous(parent, "p", bloc["texte"], class_=classe)


def _valeurs(parent: etree.Element, bloc: Bloc) -> None:
    liste = _sous(parent, "dl", class_="regles-valeurs")
    for libelle, valeur in bloc["lignes"]:
        groupe = _sous(liste, "div")
        _sous(groupe, "dt", libelle)
        _sous(groupe, "dd", valeur)


def _tableau(parent: etree.Element, bloc: Bloc) -> None:
    conteneur = _sous(parent, "div", class_="regles-tableau")
    table = _sous(conteneur, "table", class_="regles-tableau__table")
    if bloc.get("legende"):
        _sous(table, "caption", bloc["legende"])
    tete = _sous(_sous(table, "thead"), "tr")
    for entete in bloc["entetes"]:
        _sous(tete, "th", entete, scope="col")
    corps = _sous(table, "tbody")
    for index, ligne in enumerate(bloc["lignes"]):
        rang = _sous(corps, "tr")
        if index == bloc.get("surligne"):
            rang.set("class", "regles-surligne")
            rang.set("aria-current", "true")
        for numero, cellule in enumerate(ligne):
            _sous(rang, "th" if numero == 0 else "td", cellule, **({"scope": "row"} if numero == 0 else {}))


def _barres(parent: etree.Element, bloc: Bloc) -> None:
    figure = _sous(parent, "figure", class_="regles-barres")
    _sous(figure, "figcaption", bloc["legende"])
    table = _sous(figure, "table", class_="regles-barres__table")
    corps = _sous(table, "tbody")
    for barre in bloc["barres"]:
        rang = _sous(corps, "tr", **({"class_": "regles-surligne"} if barre.get("surligne") else {}))
        _sous(rang, "th", barre["etiquette"], scope="row")
        cellule = _sous(rang, "td")
        _sous(cellule, "span", "", class_="regles-barre", style=f"--part: {float(barre['part']):.4f}")
        _sous(rang, "td", barre["texte"])


def _des(parent: etree.Element, bloc: Bloc) -> None:
    rangee = _sous(parent, "p", class_="regles-des-tires")
    for de in bloc["des"]:
        classe = "regles-de" + (f" regles-de--{de['classe']}" if de.get("classe") else "")
        _sous(rangee, "span", str(de["valeur"]), class_=classe, title=f"d{de['faces']}")


def _liste(parent: etree.Element, bloc: Bloc) -> None:
    liste = _sous(parent, "ul", class_="regles-liste")
    for element in bloc["elements"]:
        _sous(liste, "li", element)


def _boutons(parent: etree.Element, bloc: Bloc) -> None:
    """Buttons only act in the browser: the fallback shows nothing of them."""


RENDUS: dict[str, Callable[[etree.Element, Bloc], None]] = {
    "texte": _texte,
    "valeurs": _valeurs,
    "tableau": _tableau,
    "barres": _barres,
    "des": _des,
    "liste": _liste,
    "boutons": _boutons,
}


def rendre(parent: etree.Element, blocs: Iterable[Bloc]) -> etree.Element:
    """Append the elements of ``blocs`` to ``parent`` and return it."""
    for bloc in blocs:
        RENDUS[bloc["type"]](parent, bloc)
    return parent
