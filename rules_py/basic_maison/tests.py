"""Page « Tests »: the d100 test, the circumstance table and characteristic rolls."""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from fractions import Fraction
from typing import TypeVar

from rules_py.basic_maison.caracteristiques import _caracteristique
from rules_py.d100 import Resultat, arrondi_superieur, lire_jet, probabilites
from rules_py.errors import InputError
from rules_py.validation import booleen, entier

T = TypeVar("T", bound=Hashable)


# == Tests ======================================================================

REUSSITE_AUTOMATIQUE = 3
"""01-03 is always a success."""
ECHEC_AUTOMATIQUE = 98
"""98-00 is always a failure."""
ECART_DE_MALADRESSE = 20
"""A failure at skill + 20 or more is a maladresse (while skill + 20 <= 99)."""
MALUS_AFFAIBLI = -30
"""After a failed serious-wound roll: -30 % to every roll until treated."""


@dataclass(frozen=True, slots=True)
class Circonstance:
    """One row of the circumstance table: the modifier, its name, the text's examples."""

    modificateur: int
    circonstance: str
    exemple: str


TABLE_DE_CIRCONSTANCES: tuple[Circonstance, ...] = (
    Circonstance(
        -20,
        "Très difficile",
        "Tirer de nuit sur cible mobile, ou sauter une crevasse au-delà de ses limites.",
    ),
    Circonstance(
        -10,
        "Difficile",
        "Tirer sur cible mobile ou de petite taille, crocheter une serrure particulièrement bien conçue.",
    ),
    Circonstance(
        10,
        "Facile",
        "Tirer sur cible immobile et de grande taille, escalader un mur avec de nombreuses prises.",
    ),
    Circonstance(
        20,
        "Plus que facile",
        "Suivre un flâneur qui ne se méfie pas, se souvenir que la Bastille a été prise un 14 juillet.",
    ),
)


def _circonstance(valeur: object) -> int:
    """A circumstance modifier: 0 or one of the table's."""
    modificateur = entier(valeur, "circonstance")
    permis = (0, *(c.modificateur for c in TABLE_DE_CIRCONSTANCES))
    if modificateur not in permis:
        raise InputError(
            "« circonstance » vaut 0 ou un modificateur de la table : -20, -10, +10 ou +20 "
            f"(reçu : {modificateur}).",
            champ="circonstance",
        )
    return modificateur


def _malus(affaibli: object, champ: str = "affaibli") -> int:
    return MALUS_AFFAIBLI if booleen(affaibli, champ) else 0


@dataclass(frozen=True, slots=True)
class Seuils:
    """A test's thresholds (A3): S, critical iff roll <= ``critique``, maladresse iff roll >= ``maladresse``.

    ``critique`` may be 0 or less (no critical possible); ``maladresse`` is
    ``None`` when S + 20 > 99 (no maladresse any more).
    """

    score: int
    critique: int
    maladresse: int | None


def _seuils(score: int) -> Seuils:
    maladresse = score + ECART_DE_MALADRESSE
    return Seuils(score, arrondi_superieur(score, 10), maladresse if maladresse <= 99 else None)


def seuils(score: int, circonstance: int = 0, *, affaibli: bool = False) -> Seuils:
    """The thresholds for a skill with a circumstance modifier (and -30 when weakened).

    >>> seuils(67)
    Seuils(score=67, critique=7, maladresse=87)
    >>> seuils(70, +10)
    Seuils(score=80, critique=8, maladresse=None)
    """
    return _seuils(entier(score, "score", minimum=0) + _circonstance(circonstance) + _malus(affaibli))


def seuils_de_chance(chance: int) -> Seuils:
    """The thresholds of a chance already computed (skill against skill, an attack): it may be 0 or
    below, and 01-03 still succeed (A3).

    >>> seuils_de_chance(-50)
    Seuils(score=-50, critique=-5, maladresse=-30)
    >>> resultat_sous(seuils_de_chance(0 - 100 + 50), 3), resultat_sous(seuils_de_chance(-50), 4)
    (<Resultat.REUSSITE: 'reussite'>, <Resultat.ECHEC_CRITIQUE: 'echec_critique'>)
    """
    return _seuils(entier(chance, "chance"))


def resultat_sous(limites: Seuils, jet: object) -> Resultat:
    """The result of a d100 ``jet`` under thresholds already computed (:func:`seuils`,
    :func:`seuils_de_chance`)."""
    return _resultat(limites, lire_jet(jet))


def probabilites_sous(limites: Seuils) -> dict[Resultat, Fraction]:
    """The exact chance of each result under thresholds already computed.

    >>> probabilites_sous(seuils_de_chance(-50))[Resultat.REUSSITE]
    Fraction(3, 100)
    """
    return probabilites(lambda jet: _resultat(limites, jet))


def _resultat(limites: Seuils, jet: int) -> Resultat:
    """A3 in order: 01-03 success, 98-00 failure, else roll <= S; then critical or maladresse."""
    if jet <= REUSSITE_AUTOMATIQUE or (jet < ECHEC_AUTOMATIQUE and jet <= limites.score):
        return Resultat.REUSSITE_CRITIQUE if jet <= limites.critique else Resultat.REUSSITE
    if limites.maladresse is not None and jet >= limites.maladresse:
        return Resultat.ECHEC_CRITIQUE
    return Resultat.ECHEC


def plages_du_d100(resoudre: Callable[[int], T]) -> dict[T, list[tuple[int, int]]]:
    """The d100 faces giving each result of ``resoudre``, as runs of consecutive faces.

    >>> plages_du_d100(lambda jet: resoudre_test(67, jet))[Resultat.ECHEC_CRITIQUE]
    [(87, 100)]
    """
    plages: dict[T, list[tuple[int, int]]] = {}
    for jet in range(1, 101):
        suites = plages.setdefault(resoudre(jet), [])
        if suites and suites[-1][1] == jet - 1:
            suites[-1] = (suites[-1][0], jet)
        else:
            suites.append((jet, jet))
    return plages


def resoudre_test(score: int, jet: int, circonstance: int = 0, *, affaibli: bool = False) -> Resultat:
    """The result of a d100 ``jet`` against a skill (A3); a maladresse is ``ECHEC_CRITIQUE``.

    >>> resoudre_test(67, 7), resoudre_test(67, 8), resoudre_test(67, 86), resoudre_test(67, "87")
    (<Resultat.REUSSITE_CRITIQUE: 'reussite_critique'>, <Resultat.REUSSITE: 'reussite'>, \
<Resultat.ECHEC: 'echec'>, <Resultat.ECHEC_CRITIQUE: 'echec_critique'>)
    >>> resoudre_test(5, "02", -20), resoudre_test(200, "00")
    (<Resultat.REUSSITE: 'reussite'>, <Resultat.ECHEC: 'echec'>)
    """
    return _resultat(seuils(score, circonstance, affaibli=affaibli), lire_jet(jet))


def probabilites_de_test(
    score: int, circonstance: int = 0, *, affaibli: bool = False
) -> dict[Resultat, Fraction]:
    """The exact chance of each result, by the resolver applied to the 100 faces.

    >>> probabilites_de_test(67)[Resultat.REUSSITE_CRITIQUE]
    Fraction(7, 100)
    """
    return probabilites_sous(seuils(score, circonstance, affaibli=affaibli))


@dataclass(frozen=True, slots=True)
class JetDeTest:
    """A rolled test: the d100, the score it was compared to (modifiers included), the result."""

    jet: int
    score: int
    resultat: Resultat


def _lancer(limites: Seuils, rng: random.Random) -> JetDeTest:
    jet = rng.randint(1, 100)
    return JetDeTest(jet, limites.score, _resultat(limites, jet))


def lancer_test(
    score: int, rng: random.Random, circonstance: int = 0, *, affaibli: bool = False
) -> JetDeTest:
    """Roll a d100 with ``rng`` and resolve it as :func:`resoudre_test`.

    >>> from rules_py.dice import new_rng
    >>> lancer_test(67, new_rng(3))
    JetDeTest(jet=31, score=67, resultat=<Resultat.REUSSITE: 'reussite'>)
    """
    return _lancer(seuils(score, circonstance, affaibli=affaibli), rng)


# == Jets de caractéristique ====================================================

MULTIPLICATEURS: tuple[int, ...] = (1, 2, 3, 4, 5)
"""From x 1 (très difficile) to x 5 (facile)."""
MULTIPLICATEUR_PAR_DEFAUT = 3
"""« La plupart du temps ce sera x 3 »."""


def cible_de_caracteristique(valeur: int, multiplicateur: int = MULTIPLICATEUR_PAR_DEFAUT) -> int:
    """The target of a characteristic roll: characteristic x multiplier (1..5, A4).

    >>> cible_de_caracteristique(13, 5), cible_de_caracteristique(13, 1), cible_de_caracteristique(13)
    (65, 13, 39)
    """
    caracteristique = _caracteristique(valeur, "caracteristique")
    return caracteristique * entier(multiplicateur, "multiplicateur", minimum=1, maximum=5)


def _seuils_de_caracteristique(valeur: int, multiplicateur: int, affaibli: bool) -> Seuils:
    return _seuils(cible_de_caracteristique(valeur, multiplicateur) + _malus(affaibli))


def resoudre_jet_de_caracteristique(
    valeur: int, jet: int, multiplicateur: int = MULTIPLICATEUR_PAR_DEFAUT, *, affaibli: bool = False
) -> Resultat:
    """The result of a characteristic roll, resolved exactly like a skill test (A4).

    >>> resoudre_jet_de_caracteristique(13, 60, 5), resoudre_jet_de_caracteristique(13, 60, 1)
    (<Resultat.REUSSITE: 'reussite'>, <Resultat.ECHEC_CRITIQUE: 'echec_critique'>)
    """
    return _resultat(_seuils_de_caracteristique(valeur, multiplicateur, affaibli), lire_jet(jet))


def probabilites_de_caracteristique(
    valeur: int, multiplicateur: int = MULTIPLICATEUR_PAR_DEFAUT, *, affaibli: bool = False
) -> dict[Resultat, Fraction]:
    """The exact chance of each result of a characteristic roll.

    >>> probabilites_de_caracteristique(10, 5)[Resultat.REUSSITE_CRITIQUE]
    Fraction(1, 20)
    """
    limites = _seuils_de_caracteristique(valeur, multiplicateur, affaibli)
    return probabilites(lambda jet: _resultat(limites, jet))


def lancer_jet_de_caracteristique(
    valeur: int,
    rng: random.Random,
    multiplicateur: int = MULTIPLICATEUR_PAR_DEFAUT,
    *,
    affaibli: bool = False,
) -> JetDeTest:
    """Roll a characteristic roll with ``rng``.

    >>> from rules_py.dice import new_rng
    >>> lancer_jet_de_caracteristique(13, new_rng(3), 5).score
    65
    """
    return _lancer(_seuils_de_caracteristique(valeur, multiplicateur, affaibli), rng)
