"""Markdown extension: wrap every dice expression of the text in ``<span class="regles-des">``.

The page script turns these spans into buttons that roll through Python; in
print, in the PDF and without JavaScript they stay plain text. Expressions in
code, links, headings, abbreviations and widgets are left alone.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as etree
from typing import Any

from markdown import Extension, Markdown
from markdown.treeprocessors import Treeprocessor

from rules_py.dice import parse
from rules_py.errors import RulesError

__all__ = ["EXPRESSION", "DesExtension", "makeExtension"]

# 1d6, 2d3+4, 1d100, −1d8, +1d4, 1d3+2 + 1d3+2: a count is required, a sign only when attached.
EXPRESSION = re.compile(
    r"(?<![\w/.])(?:[+\-−](?=\d))?\d{1,3}[dD](?:\d{1,4}|%)(?:\s?[+\-−]\s?\d{1,4}(?:[dD]\d{1,4})?)*(?![\w%])"
)
IGNORES = {"code", "pre", "a", "button", "abbr", "h1", "h2", "h3", "h4", "h5", "h6", "script", "style", "kbd"}
CLASSE = "regles-des"


def _ignore(element: etree.Element) -> bool:
    classes = (element.get("class") or "").split()
    return element.tag in IGNORES or "regles-widget" in classes or CLASSE in classes


def _morceaux(texte: str) -> list[str | etree.Element]:
    """Split ``texte`` into plain strings and dice spans (only expressions the parser accepts)."""
    resultat: list[str | etree.Element] = []
    position = 0
    for trouve in EXPRESSION.finditer(texte):
        brut = trouve.group(0)
        try:
            expression = parse(brut)
        except RulesError:
            continue
        resultat.append(texte[position : trouve.start()])
        span = etree.Element("span", {"class": CLASSE, "data-des": str(expression)})
        span.text = brut
        resultat.append(span)
        position = trouve.end()
    resultat.append(texte[position:])
    return resultat


class DesTreeprocessor(Treeprocessor):
    """Find dice expressions in text and tails of the rendered tree."""

    def run(self, root: etree.Element) -> None:
        self._parcourir(root)

    def _parcourir(self, parent: etree.Element) -> None:
        enfants = list(parent)
        if parent.text and not _ignore(parent):
            morceaux = _morceaux(parent.text)
            if len(morceaux) > 1:
                parent.text = morceaux[0]  # type: ignore[assignment]
                self._inserer(parent, 0, morceaux[1:])
        for enfant in enfants:
            if not _ignore(enfant):
                self._parcourir(enfant)
            if enfant.tail and not _ignore(parent):
                morceaux = _morceaux(enfant.tail)
                if len(morceaux) > 1:
                    enfant.tail = morceaux[0]  # type: ignore[assignment]
                    self._inserer(parent, list(parent).index(enfant) + 1, morceaux[1:])

    @staticmethod
    def _inserer(parent: etree.Element, index: int, morceaux: list[str | etree.Element]) -> None:
        """Insert span, text, span, text… at ``index`` (texts become the spans' tails)."""
        for morceau in morceaux:
            if isinstance(morceau, str):
                parent[index - 1].tail = morceau
            else:
                parent.insert(index, morceau)
                index += 1


class DesExtension(Extension):
    """Register the dice treeprocessor (after inline processing, before the TOC)."""

    def extendMarkdown(self, md: Markdown) -> None:
        md.treeprocessors.register(DesTreeprocessor(md), "regles-des", 4)


def makeExtension(**kwargs: Any) -> DesExtension:
    return DesExtension(**kwargs)
