"""The ``outils`` block: every tool of the registry, grouped by system, each linked to its place.

    /// outils
    ///

    /// outils
        compact: true
    ///

``compact`` (the home page): one short link per tool, grouped by system, one tap to a tool (the
reader's system first, by the page's script); a tool on the page itself is linked there.

Where each tool stands is read from the pages' own widget blocks before the
build renders them (:func:`emplacements`): a tool appears in this index as soon
as it is registered and placed on a page, with no list kept by hand. A tool
registered but on no page fails the build.
"""

from __future__ import annotations

import posixpath
import re
import unicodedata
import xml.etree.ElementTree as etree
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

from mkdocs.exceptions import PluginError
from pymdownx.blocks.block import Block, type_boolean

from rules_py.systemes import SYSTEMES
from rules_py.web.outil import OUTILS
from rules_py.web.typographie import typographie

__all__ = ["OutilsBlock", "emplacements"]

BLOC = re.compile(r"^/// widget \| *([\w-]+) *$", re.MULTILINE)


def emplacements(pages: Iterable[tuple[str, str]]) -> dict[str, tuple[str, str]]:
    """Tool name → (page source path, the widget's anchor), from ``(src_uri, markdown)`` pairs.

    A tool's place is its first block on a rules page; the home page and the tools page only
    when it has no other (the tools page first). The anchor is the id the widget block gives (``w<n>-<nom>``).

    >>> emplacements([("index.md", "/// widget | jet-de-des\\n///"), ("a/b.md", "/// widget | x\\n///")])
    {'x': ('a/b.md', 'w1-x'), 'jet-de-des': ('index.md', 'w1-jet-de-des')}
    """
    trouves: dict[str, tuple[str, str]] = {}
    ordre = {"outils/index.md": 1, "index.md": 2}
    for src_uri, markdown in sorted(pages, key=lambda p: ordre.get(p[0], 0)):
        for rang, nom in enumerate(BLOC.findall(markdown), start=1):
            trouves.setdefault(nom, (src_uri, f"w{rang}-{nom}"))
    return trouves


class OutilsBlock(Block):
    """``/// outils``: the index of every registered tool, by system."""

    NAME = "outils"
    ARGUMENT = False
    OPTIONS: ClassVar[dict[str, list[Any]]] = {"compact": [False, type_boolean]}

    def on_create(self, parent: etree.Element) -> etree.Element:
        places: Mapping[str, tuple[str, str]] = self.config["emplacements"]
        page: str = self.config["page"].get("src_uri", "")
        absents = sorted(set(OUTILS) - set(places))
        if absents:
            raise PluginError(f"regles-widgets : outil(s) sur aucune page : {', '.join(absents)}")
        if self.options["compact"]:
            ici = emplacements([(page, self.config["page"].get("markdown", ""))])
            return _raccourcis(parent, {**places, **ici}, page)
        racine = etree.SubElement(parent, "div", {"class": "regles-index-outils"})
        for systeme in _noms_des_systemes():
            outils = [o for o in OUTILS.values() if o.systeme == systeme]
            if not outils:
                continue
            titre = etree.SubElement(racine, "h3", {"id": "outils-" + _ancre(systeme)})
            titre.text = typographie(systeme)
            liste = etree.SubElement(racine, "ul")
            for outil in outils:
                src_uri, ancre = places[outil.nom]
                cible = posixpath.relpath(src_uri, posixpath.dirname(page) or ".")
                element = etree.SubElement(liste, "li", {"data-outil": outil.nom})
                lien = etree.SubElement(element, "a", {"href": f"{cible}#{ancre}"})
                lien.text = typographie(outil.titre)
                lien.tail = typographie(f" — {outil.resume}")
        return racine


def _raccourcis(parent: etree.Element, places: Mapping[str, tuple[str, str]], page: str) -> etree.Element:
    """The compact index: per system a name and its tools' short titles, each a link."""
    racine = etree.SubElement(
        parent, "nav", {"class": "regles-raccourcis", "aria-label": "Outils par système"}
    )
    for systeme in _noms_des_systemes():
        outils = [o for o in OUTILS.values() if o.systeme == systeme]
        if not outils:
            continue
        groupe = etree.SubElement(
            racine, "div", {"class": "regles-raccourcis__systeme", "data-systeme": systeme}
        )
        nom = etree.SubElement(groupe, "p", {"class": "regles-raccourcis__nom"})
        nom.text = typographie(systeme)
        liste = etree.SubElement(groupe, "ul")
        for outil in outils:
            src_uri, ancre = places[outil.nom]
            cible = "" if src_uri == page else posixpath.relpath(src_uri, posixpath.dirname(page) or ".")
            element = etree.SubElement(liste, "li", {"data-outil": outil.nom})
            lien = etree.SubElement(
                element,
                "a",
                {"href": f"{cible}#{ancre}", "title": typographie(f"{outil.titre} — {outil.resume}")},
            )
            lien.text = typographie(titre_court(outil.titre, systeme))
    return racine


def _noms_des_systemes() -> list[str]:
    """The registered systems' names, in the site's order (from their records)."""
    return [systeme.nom for systeme in SYSTEMES.values()]


def titre_court(titre: str, systeme: str) -> str:
    """A tool's title without what its group says already, up to its colon.

    >>> titre_court("Combat héroïque : Init, passes et actions", "BaSIC — KAR")
    'Combat héroïque'
    >>> titre_court("Créer ou modifier un personnage — El Toto", "El Toto")
    'Créer ou modifier un personnage'
    """
    return titre.removesuffix(f" — {systeme}").split(" : ")[0]


def _ancre(texte: str) -> str:
    """``BaSIC — KAR`` → ``basic-kar``."""
    plie = unicodedata.normalize("NFD", texte).encode("ascii", "ignore").decode().lower()
    return "-".join(re.findall(r"[a-z0-9]+", plie))


def configuration() -> dict[str, Any]:
    """The shared state the plugin refreshes at each build: the places, and the page being rendered."""
    return {"emplacements": {}, "page": {}}
