"""Small ElementTree edits that HTML needs: remove or unwrap an element and keep the text around it."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from xml.etree.ElementTree import Element

__all__ = ["classes", "deballer", "parents", "retirer", "texte"]


def parents(racine: Element) -> dict[Element, Element]:
    """Map every element under ``racine`` to its parent."""
    return {enfant: parent for parent in racine.iter() for enfant in parent}


def classes(element: Element) -> set[str]:
    return set(element.get("class", "").split())


def texte(element: Element) -> str:
    """The element's text, ASCII white space folded (no-break spaces kept)."""
    return re.sub(r"[ \t\n\r\f\v]+", " ", "".join(element.itertext())).strip()


def _ajouter_texte(parent: Element, precedent: Element | None, ajout: str | None) -> None:
    if not ajout:
        return
    if precedent is None:
        parent.text = (parent.text or "") + ajout
    else:
        precedent.tail = (precedent.tail or "") + ajout


def retirer(element: Element, famille: dict[Element, Element]) -> None:
    """Remove ``element`` and its content, keeping the text that followed it."""
    parent = famille[element]
    index = list(parent).index(element)
    _ajouter_texte(parent, parent[index - 1] if index else None, element.tail)
    parent.remove(element)


def deballer(element: Element, famille: dict[Element, Element]) -> None:
    """Replace ``element`` by its content (text and children), as plain inline content."""
    parent = famille[element]
    index = list(parent).index(element)
    precedent = parent[index - 1] if index else None
    _ajouter_texte(parent, precedent, element.text)
    enfants = list(element)
    parent.remove(element)
    for decalage, enfant in enumerate(enfants):
        parent.insert(index + decalage, enfant)
        famille[enfant] = parent
    dernier = enfants[-1] if enfants else precedent
    _ajouter_texte(parent, dernier, element.tail)


def selection(racine: Element, tags: Iterable[str] = (), noms: Iterable[str] = ()) -> Iterator[Element]:
    """Elements under ``racine`` (not itself) whose tag is in ``tags`` or that have a class in ``noms``."""
    tags, noms = set(tags), set(noms)
    for element in list(racine.iter()):
        if element is not racine and (element.tag in tags or classes(element) & noms):
            yield element
