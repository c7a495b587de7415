"""Every tool of the site at once: importing this module imports every system's tool modules.

What reads the whole registry (the site's build, the tools' index, the command line) imports
:data:`OUTILS` from here, so that it is complete whoever imported what before.
"""

from __future__ import annotations

from rules_py.outils.registre import OUTILS, Outil
from rules_py.systemes import SYSTEMES as _SYSTEMES
from rules_py.web import importer

__all__ = ["OUTILS", "SYSTEMES", "Outil"]

importer()

SYSTEMES = tuple(systeme.nom for systeme in _SYSTEMES.values())
"""The systems' names, in the order of the site (the dice roller, which serves them all, last)."""
