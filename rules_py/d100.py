"""What the three d100 systems share: the die, the four results, rounding.

Each system states its own resolution as a pure function ``jet → Resultat``;
:func:`probabilites` maps it over the 100 faces, so the odds shown beside a
roll are computed by the very function that resolves the roll.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from fractions import Fraction

from rules_py.dice import Distribution
from rules_py.errors import InputError
from rules_py.validation import entier

__all__ = ["D100", "Resultat", "arrondi_superieur", "lire_jet", "probabilites"]

D100: Distribution[int] = Distribution.die(100)
"""The d100: 1..100, where "00" reads 100."""


class Resultat(StrEnum):
    """The four results of a d100 test, in decreasing quality."""

    REUSSITE_CRITIQUE = "reussite_critique"
    REUSSITE = "reussite"
    ECHEC = "echec"
    ECHEC_CRITIQUE = "echec_critique"

    @property
    def reussi(self) -> bool:
        """True for the two successes."""
        return self in (Resultat.REUSSITE_CRITIQUE, Resultat.REUSSITE)


def arrondi_superieur(numerateur: int, denominateur: int) -> int:
    """``numerateur / denominateur`` rounded up (the BRP convention).

    >>> arrondi_superieur(67, 10), arrondi_superieur(-5, 10)
    (7, 0)
    """
    return -(-numerateur // denominateur)


def lire_jet(valeur: object, champ: str = "jet") -> int:
    """A d100 result read from the table: 1..100, where ``"00"`` is 100.

    >>> lire_jet("00"), lire_jet("07"), lire_jet(100)
    (100, 7, 100)
    """
    if isinstance(valeur, str) and valeur.strip() == "00":
        return 100
    try:
        return entier(valeur, champ, minimum=1, maximum=100)
    except InputError as erreur:
        raise InputError(
            f"Le jet de d100 va de 01 à 100 (« 00 » vaut 100). {erreur.message}", champ=champ
        ) from None


def probabilites(resoudre: Callable[[int], Resultat]) -> dict[Resultat, Fraction]:
    """The exact chance of each of the four results when ``resoudre`` is applied to a d100.

    >>> probabilites(lambda jet: Resultat.REUSSITE if jet <= 40 else Resultat.ECHEC)[Resultat.REUSSITE]
    Fraction(2, 5)
    """
    distribution = D100.map(resoudre)
    return {resultat: distribution.probability(resultat) for resultat in Resultat}
