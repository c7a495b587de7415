"""A page's own description: the first sentence of its text, for search engines and shared links."""

from __future__ import annotations

import re
from xml.etree.ElementTree import Element

import tinyhtml5

__all__ = ["LONGUEUR_MAXIMALE", "premiere_phrase"]

LONGUEUR_MAXIMALE = 300
"""Longer first sentences are cut at a word and end with « … »."""

FIN_DE_PHRASE = re.compile(r"(?<=[.!?…])\s+(?=[«\"A-ZÀ-ÖØ-Þ0-9])")
SAUTES = {"script", "style", "template", "button"}


def _texte(element: Element) -> str:
    morceaux: list[str] = []

    def parcourir(noeud: Element) -> None:
        if noeud.tag in SAUTES:
            return
        morceaux.append(noeud.text or "")
        for enfant in noeud:
            parcourir(enfant)
            morceaux.append(enfant.tail or "")

    parcourir(element)
    return " ".join("".join(morceaux).split())


def premiere_phrase(html: str) -> str:
    """The first sentence of the first paragraph of a page's content (``""`` if it has none).

    >>> premiere_phrase("<h1>Combat</h1><p>Cette page décrit le <a href='x'>combat</a>. Ensuite…</p>")
    'Cette page décrit le combat.'
    >>> premiere_phrase("<div class='admonition'><p>Note.</p></div><p>Les dés : 1d6. Fin.</p>")
    'Les dés : 1d6.'
    """
    corps = tinyhtml5.parse(html, namespace_html_elements=False).find("body")
    if corps is None:
        return ""
    for paragraphe in corps.findall("p"):
        texte = _texte(paragraphe)
        if texte:
            phrase = FIN_DE_PHRASE.split(texte, maxsplit=1)[0]
            if len(phrase) > LONGUEUR_MAXIMALE:
                phrase = phrase[: LONGUEUR_MAXIMALE - 1].rsplit(" ", 1)[0].rstrip(",;:") + "…"
            return phrase
    return ""
