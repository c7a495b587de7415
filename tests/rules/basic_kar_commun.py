"""BaSIC — KAR: independent readings of the rules, written from the text, shared by several test modules.

Worked examples cite ``shared/sources/001_b22c8e898b1294fc.txt`` by line
(``l.NN``); rulings cite ``shared/design/RULINGS.md`` (B1 … B11).
"""

from __future__ import annotations

import math

from rules_py.d100 import Resultat

RC, R, E, EC = Resultat.REUSSITE_CRITIQUE, Resultat.REUSSITE, Resultat.ECHEC, Resultat.ECHEC_CRITIQUE
JETS = range(1, 101)

# -- independent readings of the rules, written from the text, not from the module -------------------


def lecture_test(score: int, jet: int, mode: str) -> Resultat:
    """B2 read directly: 96-100 fail; critical iff roll 01, or 20 x (roll - 1) < skill."""
    if jet >= 96:
        return EC if mode == "realiste" else E
    if jet > score:
        return E
    return RC if jet == 1 or 20 * (jet - 1) < score else R


def lecture_bande(kar: int, jet: int) -> str | None:
    """The slag row by counting tens of margin."""
    if jet <= kar:
        return None
    dizaine = math.ceil((jet - kar) / 10)
    return f"{10 * dizaine - 9:02d}-{10 * dizaine:02d}"
