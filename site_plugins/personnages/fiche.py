"""The ``fiche`` block: one system's blank character sheet, to print, drawn at build time.

    /// fiche | Basic maison
    ///

renders the blank sheet the engine draws from the system's single sheet declaration
(its record's sheet, :mod:`rules_py.systemes`, through the static fallback of its sheet tool in
:mod:`rules_py.web.personnages`): the very sheet the page « Personnages » prints, with its
field labels, computed values and lines for skills and weapons. No field is listed here.
"""

from __future__ import annotations

import xml.etree.ElementTree as etree
from typing import Any

from mkdocs.exceptions import PluginError
from pymdownx.blocks import BlocksExtension
from pymdownx.blocks.block import Block

from rules_py.systemes import FICHES
from rules_py.web.outil import OUTILS
from rules_py.web.personnages import NOMS
from rules_py.web.typographie import mise_en_forme
from site_plugins.widgets.rendu import rendre

__all__ = ["FicheBlock", "FichesExtension", "fiche_vierge"]


def fiche_vierge(parent: etree.Element, systeme: str) -> etree.Element:
    """The blank sheet of ``systeme`` (a key of :data:`FICHES`) under ``parent``."""
    if systeme not in FICHES:
        connus = ", ".join(f"« {nom} »" for nom in FICHES)
        raise PluginError(f"regles-personnages : fiche inconnue « {systeme} » (connues : {connus}).")
    racine = etree.SubElement(parent, "div", {"class": "regles-fiche", "data-systeme": systeme})
    rendre(racine, mise_en_forme(OUTILS[NOMS[systeme]].exemple({})))
    return racine


class FicheBlock(Block):
    """``/// fiche | <système>``: the system's blank character sheet."""

    NAME = "fiche"
    ARGUMENT = True

    def on_create(self, parent: etree.Element) -> etree.Element:
        return fiche_vierge(parent, self.argument.strip() if isinstance(self.argument, str) else "")


class FichesExtension(BlocksExtension):
    """Python-Markdown extension registering the ``fiche`` block."""

    def extendMarkdownBlocks(self, md: Any, block_mgr: Any) -> None:
        block_mgr.register(FicheBlock, {})
