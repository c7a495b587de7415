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
ESPACES = re.compile(r"[ \t\r\n\f]+")
"""The white space folded in a description: the non-breaking spaces of French typography are kept."""


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
    return ESPACES.sub(" ", "".join(morceaux)).strip()


DEBUT = 512
"""Characters of a page parsed first (then twice as many, and so on) to find its first sentence."""


def premiere_phrase(html: str) -> str:
    """The first sentence of the first paragraph of a page's content (``""`` if it has none).

    Only the start of the page is parsed, cut after a ``</p>``, as far as it takes: the page's
    first sentence is almost always in its first lines (the whole page took a quarter of the build).

    >>> premiere_phrase("<h1>Combat</h1><p>Cette page décrit le <a href='x'>combat</a>. Ensuite…</p>")
    'Cette page décrit le combat.'
    >>> premiere_phrase("<div class='admonition'><p>Note.</p></div><p>Les dés : 1d6. Fin.</p>")
    'Les dés : 1d6.'
    >>> premiere_phrase("<p>Les dés" + chr(0xA0) + ":" + chr(10) + "  1d6. Fin.</p>")
    'Les dés\\xa0: 1d6.'
    """
    limite = DEBUT
    while (fin := html.find("</p>", limite)) >= 0:
        phrase = _premiere_phrase(html[: fin + len("</p>")], entier=False)
        if phrase is not None:
            return phrase
        limite = 2 * (fin + len("</p>"))
    return str(_premiere_phrase(html, entier=True))


def _premiere_phrase(html: str, *, entier: bool) -> str | None:
    """The first sentence of ``html``; None when ``html``, only the start of the page (not ``entier``),
    does not decide it: its first paragraph with text may go on after it, before a sentence's end."""
    corps = tinyhtml5.parse(html, namespace_html_elements=False).find("body")
    enfants = [] if corps is None else list(corps)
    for rang, paragraphe in enumerate(enfants):
        texte = _texte(paragraphe) if paragraphe.tag == "p" else ""
        if texte:
            morceaux = FIN_DE_PHRASE.split(texte, maxsplit=1)
            # Something after the paragraph, or a sentence's end in it: what follows changes nothing.
            if not entier and len(morceaux) == 1 and rang == len(enfants) - 1:
                return None
            phrase = morceaux[0]
            if len(phrase) > LONGUEUR_MAXIMALE:
                phrase = phrase[: LONGUEUR_MAXIMALE - 1].rsplit(" ", 1)[0].rstrip(",;:") + "…"
            return phrase
    return "" if entier else None
