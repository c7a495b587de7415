"""The system a page belongs to, read from the navigation (one place for the whole site).

A page under the « Basic maison » section of ``nav`` belongs to Basic maison; the
home page, the tools, the glossary… belong to none. Its title then names it,
short: « Combat — Basic maison » (the tab, Material's header, the search results).
"""

from __future__ import annotations

from typing import Any

from mkdocs.structure.pages import Page

__all__ = ["systeme_de", "systemes_de_la_navigation", "titre_avec_systeme"]


def systemes_de_la_navigation(nav: list[Any]) -> list[str]:
    """The sections of ``nav`` as written in ``mkdocs.yml``: the systems, in the site's order.

    >>> systemes_de_la_navigation([{"Accueil": "index.md"}, {"El Toto": ["el-toto/index.md"]}, "a.md"])
    ['El Toto']
    """
    return [
        titre
        for entree in nav
        if isinstance(entree, dict)
        for titre, valeur in entree.items()
        if isinstance(valeur, list)
    ]


def systeme_de(page: Page) -> str:
    """The title of the page's top navigation section (``""`` for a page outside the systems)."""
    return str(page.ancestors[-1].title) if page.ancestors else ""


def titre_avec_systeme(titre: str, systeme: str) -> str:
    """« Combat » and « Basic maison » → « Combat — Basic maison »; unchanged when it already says it.

    >>> titre_avec_systeme("Combat", "Basic maison")
    'Combat — Basic maison'
    >>> titre_avec_systeme("Basic maison", "Basic maison")
    'Basic maison'
    >>> titre_avec_systeme("Glossaire", "")
    'Glossaire'
    """
    return f"{titre} — {systeme}" if systeme and systeme not in titre else titre
