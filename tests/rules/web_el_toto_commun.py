"""The El Toto widgets through the facade: what several test modules (and the browser tests) share.

Helpers, the default forms, the passes read on the table.

Exact values come from an independent reading of ``003_3058520c3dea6ba0.txt``
(every face enumerated) or from hand-worked throws; every roll is replayed from
its ``rejouer`` arguments.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product
from pathlib import Path
from typing import Any

from rules_py.outils.champs import ecrire
from rules_py.web.el_toto import EntreesCombatRapide, EntreesDistance, EntreesDuel, EntreesSurvie
from tests.rules.facade import textes

ROOT = Path(__file__).resolve().parents[2]
ESPACE_FINE = "\u202f"
ESPACES = str.maketrans({ESPACE_FINE: " ", "\u00a0": " ", "\u2068": None, "\u2069": None})
"""The typography's thin and no-break spaces read as spaces; a typed name's isolation marks left out."""


def phrases(resultat: dict[str, Any]) -> str:
    """Every text of the display blocks (:func:`textes`), typographic spaces read as spaces."""
    return textes(resultat).translate(ESPACES)


def defauts(entrees: type) -> dict[str, Any]:
    """A form as it first appears: every field at its default, as the form writes it."""
    return ecrire(entrees())


def sans_alea(resultat: dict[str, Any]) -> dict[str, Any]:
    """A result without what may differ between a roll and its replay."""
    return {k: v for k, v in resultat.items() if k not in ("des_lus", "jets_lus", "rejouer", "affichage")}


def loi_brute(nombre: int) -> dict[str, str]:
    """Successes of ``nombre`` d6 by enumerating every throw (4-5: 1, 6: 2)."""
    compte = Counter(
        sum(2 if f == 6 else f in (4, 5) for f in faces) for faces in product(range(1, 7), repeat=nombre)
    )
    total = 6**nombre
    return {
        str(k): f"{Fraction(v, total).numerator}/{Fraction(v, total).denominator}"
        for k, v in sorted(compte.items())
    }


DUEL = defauts(EntreesDuel)
PASSE_LUE = {
    "des_attaque_b": "6 4",
    "des_defense_a": "4 1",
    "des_resistance_a": "1 1 1",
    "des_attaque_a": "6 6 5",
    "des_defense_b": "2 2",
    "des_resistance_b": "4 4",
}
"""A pass of the default duel read on the table: B strikes first (impact 2), A ripostes (impact 5)."""


SECONDE_PASSE = {
    "des_attaque_b": "1 1",
    "des_defense_a": "4 1",
    "des_attaque_a": "6 6 6 5",
    "des_defense_b": "1 2",
    "des_resistance_b": "5 1",
}
"""Then B misses (impact −1) and A ripostes with 3 + 1 dice: impact 7, 8 points, 1 resistance success."""


RAPIDE = defauts(EntreesCombatRapide)


DISTANCE = defauts(EntreesDistance)


SURVIE = defauts(EntreesSurvie)
