"""Tools that make a character (a creation step by step): which they are, and the character they give.

A creation tool answers, once nothing is missing, ``personnage``: the stored character itself
(``{"id", "systeme", "fiche"}``), that the page « Personnages » saves and that the command line's
``--exporter FICHIER`` writes. Its identifier comes from its content (:func:`identifiant_de`), so the
same creation gives the same file, byte for byte, on the page and at the terminal.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

__all__ = ["OUTILS_DE_CREATION", "cree_un_personnage", "identifiant_de", "personnage_cree"]

OUTILS_DE_CREATION: set[str] = set()
"""The page names of the tools whose answer may carry a character (``personnage``)."""


def cree_un_personnage(nom: str) -> None:
    """Declare tool ``nom`` a creation: the command line offers it ``--exporter FICHIER``."""
    OUTILS_DE_CREATION.add(nom)


def identifiant_de(systeme: str, fiche: Mapping[str, Any]) -> str:
    """The identifier of a created character: from its system and sheet, the same for the same content.

    >>> identifiant_de("Basic maison", {"nom": "Ruan"})
    'creation-195ed493454f31ce02a5f6e8'
    """
    texte = json.dumps([systeme, dict(fiche)], ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return "creation-" + hashlib.sha256(texte.encode("utf-8")).hexdigest()[:24]


def personnage_cree(systeme: str, fiche: Mapping[str, Any]) -> dict[str, Any]:
    """The stored character a creation gives (its sheet as the form's texts)."""
    return {"id": identifiant_de(systeme, fiche), "systeme": systeme, "fiche": dict(fiche)}
