"""Basic maison: what several test modules share (the plain character, rulings read straight from the text).

Rows cite the rules text ``000_c3d369694123e7ef.txt`` (SRC) by line number.
"""

from __future__ import annotations

import math
from fractions import Fraction

from rules_py.basic_maison import (
    Action,
    BilanDeCreation,
    Combattant,
    EtatDeBlessure,
    Repartition,
    verifier_creation,
)
from rules_py.d100 import Resultat

SRC = "000_c3d369694123e7ef.txt"

R = Resultat
CARS = {"FOR": 12, "CON": 13, "TAI": 11, "DEX": 14, "INT": 15, "POU": 10, "CHA": 9}
"""A plain character: Athlétisme 26, Esquive 28, Perception 25, Pistage 28 …"""


def lecture_a3(s: int, jet: int) -> Resultat:
    """A3 read straight from the ruling, independently of the module."""
    if jet <= 3:
        reussi = True
    elif jet >= 98:
        reussi = False
    else:
        reussi = jet <= s
    if reussi:
        return R.REUSSITE_CRITIQUE if jet <= math.ceil(s / 10) else R.REUSSITE
    if s + 20 <= 99 and jet >= s + 20:
        return R.ECHEC_CRITIQUE
    return R.ECHEC


def lecture_a5(chance: int, jet: int) -> str:
    """A5 read straight from the ruling: A3, and a critical at roll <= ceil(chance/25) is special."""
    resultat = lecture_a3(chance, jet)
    if resultat is R.REUSSITE_CRITIQUE and jet <= math.ceil(chance / 25):
        return "reussite_speciale"
    return resultat.value


def tolerance(p: Fraction, n: int) -> float:
    """Five standard deviations of a frequency over ``n`` draws, plus a hair."""
    return 5 * math.sqrt(float(p) * (1 - float(p)) / n) + 1e-9


def creation(culture: str, *repartitions: Repartition, cars: dict[str, int] = CARS) -> BilanDeCreation:
    """Check a creation for ``culture`` with the given rows."""
    return verifier_creation(cars, culture, list(repartitions))


E = EtatDeBlessure


def combattant(nom: str, dex: int, pa: int, action: Action | str) -> Combattant:
    """A combatant, the action given as an enum or its text."""
    return Combattant(nom, dex, pa, action)  # type: ignore[arg-type]
