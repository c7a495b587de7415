"""Jet en opposition : la table de résistance (4.1.2, B4, ``docs/basic-kar/competences.md``).

The chance of an active score against a passive one, the opposed skill scores, the roll on the table.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from rules_py.basic_kar.lecture import _score
from rules_py.d100 import D100, lire_jet
from rules_py.errors import InputError
from rules_py.validation import entier

__all__ = [
    "JetDeResistance",
    "chance_de_resistance",
    "chance_en_opposition",
    "lancer_resistance",
    "probabilite_resistance",
    "resoudre_resistance",
    "score_d_opposition",
    "table_de_resistance",
]


def _chance_de_resistance(actif: int, passif: int) -> int:
    return min(100, max(0, 50 + 5 * (actif - passif)))


def chance_de_resistance(actif: object, passif: object) -> int:
    """The resistance table: 50 + 5 x (active - passive), from 0 (cannot succeed) to 100 (cannot fail).

    >>> chance_de_resistance(11, 12), chance_de_resistance(5, 7), chance_de_resistance(20, 5)
    (45, 40, 100)
    """
    return _chance_de_resistance(entier(actif, "actif", minimum=0), entier(passif, "passif", minimum=0))


def table_de_resistance(minimum: object = 1, maximum: object = 21) -> tuple[tuple[int, ...], ...]:
    """The table itself: one row per active value, one column per passive value.

    >>> table_de_resistance(10, 12)
    ((50, 45, 40), (55, 50, 45), (60, 55, 50))
    """
    bas = entier(minimum, "minimum", minimum=0)
    haut = entier(maximum, "maximum", minimum=bas, maximum=bas + 100)
    valeurs = range(bas, haut + 1)
    return tuple(tuple(_chance_de_resistance(a, p) for p in valeurs) for a in valeurs)


def _score_d_opposition(score: int) -> int:
    return (2 * score + 5) // 10


def score_d_opposition(score: object) -> int:
    """A skill divided by 5 for the table, rounded to the nearest (halves up).

    >>> score_d_opposition(55), score_d_opposition(57), score_d_opposition(58)
    (11, 11, 12)
    """
    return _score_d_opposition(_score(score))


def chance_en_opposition(actif: object, passif: object) -> int:
    """Opposed skills: each divided by 5, then the resistance table.

    >>> chance_en_opposition(55, 60)
    45
    """
    return _chance_de_resistance(
        _score_d_opposition(_score(actif, "actif")), _score_d_opposition(_score(passif, "passif"))
    )


@dataclass(frozen=True, slots=True)
class JetDeResistance:
    """A resistance roll; ``jet`` is None when no roll is needed (chance 0 or 100)."""

    chance: int
    jet: int | None
    reussi: bool


def _resoudre_resistance(chance: int, jet: int) -> bool:
    return jet <= chance


def _chance(valeur: object) -> int:
    return entier(valeur, "chance", minimum=0, maximum=100)


def resoudre_resistance(chance: object, jet: object = None) -> JetDeResistance:
    """Success iff the d100 is at most the chance; at 0 or 100 no roll is needed (``jet`` ignored).

    >>> resoudre_resistance(45, 45).reussi, resoudre_resistance(100).reussi, resoudre_resistance(0).jet
    (True, True, None)
    """
    valeur = _chance(chance)
    if valeur in (0, 100):
        return JetDeResistance(valeur, None, valeur == 100)
    if jet is None:
        raise InputError(f"Chance de {valeur} % : il faut un jet de d100.", champ="jet")
    lu = lire_jet(jet)
    return JetDeResistance(valeur, lu, _resoudre_resistance(valeur, lu))


def lancer_resistance(chance: object, rng: random.Random, jet: int | None = None) -> JetDeResistance:
    """A resistance roll with the d100 read (``jet``) or rolled with ``rng``; no die at 0 or 100.

    >>> from rules_py.dice import new_rng
    >>> lancer_resistance(100, new_rng(1))
    JetDeResistance(chance=100, jet=None, reussi=True)
    >>> lancer_resistance(45, new_rng(1), 46).reussi
    False
    """
    valeur = _chance(chance)
    if valeur in (0, 100):
        return resoudre_resistance(valeur)
    return resoudre_resistance(valeur, rng.randint(1, 100) if jet is None else jet)


def probabilite_resistance(chance: object) -> Fraction:
    """The exact chance of success of a resistance roll.

    >>> probabilite_resistance(45)
    Fraction(9, 20)
    """
    valeur = _chance(chance)
    return D100.probability_where(lambda jet: _resoudre_resistance(valeur, jet))
