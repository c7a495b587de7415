"""El Toto, I. Règles de base (page ``regles-de-base.md``).

The dice (C1), the number of dice rolled, Points de Vie (C3) and Énergie (C2).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from functools import reduce
from types import MappingProxyType

from rules_py.dice import Distribution
from rules_py.el_toto.lecture import FACES, MAX_DES, _faces, _nombre, _score
from rules_py.errors import InputError
from rules_py.validation import entier

REUSSITES_PAR_FACE = MappingProxyType({1: 0, 2: 0, 3: 0, 4: 1, 5: 1, 6: 2})
"""Successes shown by each face: 1-3 échec, 4-5 one success, 6 two."""


# -- Les dés (C1) --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Jet:
    """A rolled pool: the faces shown, their successes, and whether it is a maladresse."""

    des: tuple[int, ...]
    reussites: int
    maladresse: bool

    @property
    def reussi(self) -> bool:
        """True when the pool shows at least one success (a pool of 0 dice always fails)."""
        return self.reussites > 0


def _resume_de(face: int) -> tuple[int, bool]:
    """One die as (successes, shows 1)."""
    return REUSSITES_PAR_FACE[face], face == 1


def _cumuler(etat: tuple[int, bool], de: tuple[int, bool]) -> tuple[int, bool]:
    """Add one die to the running (successes, every die so far shows 1)."""
    return etat[0] + de[0], etat[1] and de[1]


_DEPART = (0, True)
_DE = Distribution.die(FACES).map(_resume_de)


def _conclure(etat: tuple[int, bool], nombre: int) -> tuple[int, bool]:
    """(successes, maladresse): a maladresse needs at least one die, all on 1."""
    return etat[0], etat[1] and nombre > 0


def _resoudre(faces: tuple[int, ...]) -> Jet:
    """The pure resolution of valid faces."""
    reussites, maladresse = _conclure(reduce(_cumuler, map(_resume_de, faces), _DEPART), len(faces))
    return Jet(faces, reussites, maladresse)


def _tirer(nombre: int, rng: random.Random) -> tuple[int, ...]:
    """``nombre`` d6 drawn from ``rng``."""
    return tuple(rng.randint(1, FACES) for _ in range(nombre))


def _des(nombre: int) -> str:
    """A number of dice in words: ``0 dé``, ``1 dé``, ``3 dés``."""
    return f"{nombre} dé" + ("s" if nombre > 1 else "")


def _lus_ou_tires(lus: object, nombre: int, champ: str, rng: random.Random) -> tuple[int, ...]:
    """The faces read on the table for a roll of ``nombre`` dice, or dice drawn when ``lus`` is None."""
    if lus is None:
        return _tirer(nombre, rng)
    faces = _faces(lus, champ)
    if len(faces) != nombre:
        raise InputError(
            f"« {champ} » : ce jet se lance avec {_des(nombre)}, et {_des(len(faces))} "
            f"{'ont' if len(faces) > 1 else 'a'} été entré{'s' if len(faces) > 1 else ''}.",
            champ=champ,
        )
    return faces


def _distribution(nombre: int) -> Distribution[tuple[int, bool]]:
    """The joint (successes, maladresse) of ``nombre`` dice: the one-die fold, convolved."""
    etat: Distribution[tuple[int, bool]] = Distribution.certain(_DEPART)
    for _ in range(nombre):
        etat = etat.combine(_DE, _cumuler)
    return etat.map(lambda e: _conclure(e, nombre))


def _reussites(nombre: int) -> Distribution[int]:
    """The successes of ``nombre`` dice (no limit check: a riposte may add one die)."""
    return _distribution(nombre).map(lambda issue: issue[0])


def reussites_du_de(face: object) -> int:
    """The successes one d6 shows: 1-3 none, 4-5 one, 6 two.

    >>> [reussites_du_de(face) for face in range(1, 7)]
    [0, 0, 0, 1, 1, 2]
    """
    return REUSSITES_PAR_FACE[entier(face, "face", minimum=1, maximum=FACES)]


def resoudre_jet(des: object) -> Jet:
    """The successes of a pool read from the table; every die on 1 is a maladresse.

    >>> resoudre_jet([6, 4, 2])
    Jet(des=(6, 4, 2), reussites=3, maladresse=False)
    >>> resoudre_jet([1, 1]).maladresse, resoudre_jet([]).reussi
    (True, False)
    """
    return _resoudre(_faces(des, "des"))


def lancer_jet(nombre_de_des: object, *, rng: random.Random, des_lus: object = None) -> Jet:
    """Roll a pool of ``nombre_de_des`` d6 with ``rng``, or resolve the ``des_lus`` read on the table.

    The faces read must be as many as the pool's dice (field ``des``).

    >>> from rules_py.dice import new_rng
    >>> lancer_jet(3, rng=new_rng(1))
    Jet(des=(2, 5, 1), reussites=1, maladresse=False)
    >>> lancer_jet(2, rng=new_rng(1), des_lus=[6, 1]).reussites
    2
    """
    return _resoudre(_lus_ou_tires(des_lus, _nombre(nombre_de_des, "nombre_de_des"), "des", rng))


def distribution_jet(nombre_de_des: object) -> Distribution[tuple[int, bool]]:
    """The exact distribution of (successes, maladresse) for a pool.

    >>> distribution_jet(2).probability((0, True))
    Fraction(1, 36)
    """
    return _distribution(_nombre(nombre_de_des, "nombre_de_des"))


def chance_de_maladresse(nombre_de_des: object) -> Fraction:
    """The chance that every die of a pool shows 1 (0 for a pool of 0 dice).

    >>> chance_de_maladresse(2), chance_de_maladresse(0)
    (Fraction(1, 36), Fraction(0, 1))
    """
    return distribution_jet(nombre_de_des).probability_where(lambda issue: issue[1])


def distribution_reussites(nombre_de_des: object) -> Distribution[int]:
    """The exact distribution of the successes of a pool.

    >>> distribution_reussites(1).probabilities()
    {0: Fraction(1, 2), 1: Fraction(1, 3), 2: Fraction(1, 6)}
    """
    return _reussites(_nombre(nombre_de_des, "nombre_de_des"))


# -- Nombre de dés lancés ------------------------------------------------------------


def nombre_de_des(capacite_ou_aptitude: object, talent_ou_competence: object) -> int:
    """Dice rolled: Capacité + Talent, or Aptitude + Compétence (two scores, as in every roll of the text).

    >>> nombre_de_des(3, 2)
    5
    """
    return _score(capacite_ou_aptitude, "capacite_ou_aptitude") + _score(
        talent_ou_competence, "talent_ou_competence"
    )


def des_apres_malus(nombre_de_des: object, malus: object) -> int:
    """A pool less a malus in dice; it never falls below 0 dice (and 0 dice fails).

    >>> des_apres_malus(6, 3), des_apres_malus(2, 3)
    (3, 0)
    """
    return max(0, _score(nombre_de_des, "nombre_de_des") - _score(malus, "malus"))


# -- Points de Vie (C3) --------------------------------------------------------------


def points_de_vie(resistance: object, hargne: object) -> int:
    """Points de Vie: Résistance x 2 + Hargne + 5.

    >>> points_de_vie(3, 2)
    13
    """
    return _score(resistance, "resistance") * 2 + _score(hargne, "hargne") + 5


# -- Énergie (C2) --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DepenseEnergie:
    """Énergie spent on one roll: the pool with its extra dice, and the points left."""

    des: int
    points_depenses: int
    energie_restante: int


def points_d_energie(hargne: object, trempe: object, survie: object) -> int:
    """Énergie points: Hargne + Trempe + Survie.

    >>> points_d_energie(2, 3, 1)
    6
    """
    return _score(hargne, "hargne") + _score(trempe, "trempe") + _score(survie, "survie")


def depenser_energie(
    nombre_de_des: object, points: object, plafond: object, energie: object
) -> DepenseEnergie:
    """Spend Énergie on a roll: +1 die a point, at most ``plafond`` (the Hargne or Survie the MJ names).

    >>> depenser_energie(4, 2, plafond=3, energie=5)
    DepenseEnergie(des=6, points_depenses=2, energie_restante=3)
    """
    des = _score(nombre_de_des, "nombre_de_des")
    depense = _score(points, "points")
    maximum = _score(plafond, "plafond")
    reste = _score(energie, "energie")
    if depense > maximum:
        raise InputError(
            f"Au plus {maximum} point(s) d'Énergie sur ce jet (la Hargne ou la Survie, selon le MJ) : "
            f"{depense} demandé(s).",
            champ="points",
        )
    if depense > reste:
        raise InputError(
            f"Il ne reste que {reste} point(s) d'Énergie : {depense} demandé(s).", champ="points"
        )
    return DepenseEnergie(des + depense, depense, reste - depense)


def des_avec_energie(
    nombre_de_des: object, points: object = None, plafond: object = None, energie: object = None
) -> DepenseEnergie:
    """The dice of a roll with the Énergie spent: no cap needed when none is spent; at most MAX_DES dice.

    ``energie`` is what is left before the roll (None: as much as is spent).

    >>> des_avec_energie(4), des_avec_energie(4, 2, plafond=3, energie=5).des
    (DepenseEnergie(des=4, points_depenses=0, energie_restante=0), 6)
    >>> des_avec_energie(4, 1)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    rules_py.errors.InputError: Indiquez le plafond que le MJ désigne pour cette action : ...
    """
    des = _nombre(nombre_de_des, "nombre_de_des")
    depense = 0 if points is None else _score(points, "points")
    if plafond is None:
        if depense:
            raise InputError(
                "Indiquez le plafond que le MJ désigne pour cette action : la Hargne ou la Survie.",
                champ="plafond",
            )
        return DepenseEnergie(des, 0, 0 if energie is None else _score(energie, "energie"))
    resultat = depenser_energie(des, depense, plafond, depense if energie is None else energie)
    if resultat.des > MAX_DES:
        raise InputError(
            f"Au plus {MAX_DES} dés par jet : {des} + {depense} d'Énergie = {resultat.des}.", champ="points"
        )
    return resultat
