"""El Toto, III. Survie (C8, page ``survie.md``).

MH, the survival roll, the successes to share and the damage from the weather.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from rules_py.dice import Distribution
from rules_py.el_toto.duel import apres_resistance
from rules_py.el_toto.lecture import MAX_MODIFICATEUR, _faces, _modificateur, _nombre, _score
from rules_py.el_toto.regles_de_base import Jet, _lus_ou_tires, _resoudre, _reussites
from rules_py.errors import InputError
from rules_py.validation import entier


@dataclass(frozen=True, slots=True)
class Survie:
    """A survival check: MH, the survival roll, the total, the shareable successes, damage and PV lost.

    ``total`` is None when MH >= 0 (no roll). Empty rolls were not made.
    """

    mh: int
    jet_survie: Jet
    total: int | None
    reussites_a_partager: int
    dommages: int
    resistance: Jet
    points_de_vie_perdus: int

    @property
    def consequence(self) -> str:
        """``aucune`` (MH >= 0, or a total >= 0), or ``intemperies``: damage from the weather (C8)."""
        return "aucune" if self.total is None or self.total >= 0 else "intemperies"


def mh(hostilite: object, equipement: object) -> int:
    """MH: the hostility modifier (<= 0) + the equipment's survival modifier.

    >>> mh(-3, 1)
    -2
    """
    hostile = entier(hostilite, "hostilite", minimum=-MAX_MODIFICATEUR, maximum=0)
    total = hostile + _modificateur(equipement, "equipement")
    if total < -MAX_MODIFICATEUR:
        raise InputError(f"MH ne descend pas sous −{MAX_MODIFICATEUR}.", champ="equipement")
    return total


def _bilan_survie(valeur_mh: int, milieu: int, reussites: int) -> tuple[int | None, int, int]:
    """(total, successes to share, damage) for a survival roll.

    The shareable successes are half (rounded down) of those rolled beyond what
    MH needed, i.e. of min(total, successes): Milieu never adds any.
    """
    if valeur_mh >= 0:
        return None, 0, 0
    total = valeur_mh + reussites + milieu
    if total >= 0:
        return total, min(total, reussites) // 2, 0
    return total, 0, -total


def resoudre_survie(
    mh: object, milieu: object, des_survie: object = (), des_resistance: object = ()
) -> Survie:
    """Resolve survival: MH < 0 needs MH + survival successes + Milieu >= 0, else damage.

    "La moitié des réussites comptées à partir de MH = 0" is read as half
    (rounded down) of the successes rolled beyond those needed to bring the
    total to 0, i.e. of min(total, successes): that is the total itself unless
    Milieu alone outweighs MH, and Milieu, which is not a success, is never shared.

    >>> s = resoudre_survie(-3, 1, [6, 6, 4])
    >>> s.total, s.reussites_a_partager
    (3, 1)
    >>> resoudre_survie(-4, 0, [5], [4]).points_de_vie_perdus
    2
    """
    valeur_mh = _modificateur(mh, "mh")
    score_milieu = _score(milieu, "milieu")
    survie = _resoudre(_faces(des_survie, "des_survie"))
    resistance = _resoudre(_faces(des_resistance, "des_resistance"))
    total, partage, brut = _bilan_survie(valeur_mh, score_milieu, survie.reussites)
    return Survie(
        valeur_mh, survie, total, partage, brut, resistance, apres_resistance(brut, resistance.reussites)
    )


def lancer_survie(
    mh: object,
    milieu: object,
    survie: object,
    resistance: object,
    *,
    rng: random.Random,
    des_survie: object = None,
    des_resistance: object = None,
) -> Survie:
    """Roll survival: no roll when MH >= 0; Résistance dice only when there is damage.

    Either roll may instead be read on the table (``des_survie``,
    ``des_resistance``: as many faces as dice); faces given for a roll that is
    not made are not used.

    >>> from rules_py.dice import new_rng
    >>> lancer_survie(0, 2, 4, 3, rng=new_rng(1)).jet_survie.des
    ()
    >>> s = lancer_survie(-4, 1, 2, 1, rng=new_rng(1), des_survie=[4, 2], des_resistance=[6])
    >>> s.total, s.dommages, s.points_de_vie_perdus
    (-2, 2, 0)
    """
    valeur_mh = _modificateur(mh, "mh")
    score_milieu = _score(milieu, "milieu")
    nombre_survie = _nombre(survie, "survie")
    nombre_resistance = _nombre(resistance, "resistance")
    if valeur_mh >= 0:
        return resoudre_survie(valeur_mh, score_milieu)
    faces = _lus_ou_tires(des_survie, nombre_survie, "des_survie", rng)
    sans_resistance = resoudre_survie(valeur_mh, score_milieu, faces)
    if sans_resistance.dommages == 0:
        return sans_resistance
    faces_resistance = _lus_ou_tires(des_resistance, nombre_resistance, "des_resistance", rng)
    return resoudre_survie(valeur_mh, score_milieu, faces, faces_resistance)


def distribution_survie(
    mh: object, milieu: object, survie: object, resistance: object
) -> Distribution[tuple[int, int]]:
    """The exact distribution of (PV lost, successes to share) for a survival check.

    >>> distribution_survie(-1, 0, 2, 0).probability((0, 1))
    Fraction(5, 36)
    """
    valeur_mh = _modificateur(mh, "mh")
    score_milieu = _score(milieu, "milieu")
    nombre_survie = _nombre(survie, "survie")
    nombre_resistance = _nombre(resistance, "resistance")
    if valeur_mh >= 0:
        return Distribution.certain((0, 0))
    bilans = _reussites(nombre_survie).map(lambda r: _bilan_survie(valeur_mh, score_milieu, r)[1:])
    return bilans.combine(
        _reussites(nombre_resistance), lambda bilan, r: (apres_resistance(bilan[1], r), bilan[0])
    )


@dataclass(frozen=True, slots=True)
class LoisDeSurvie:
    """The exact laws of a survival check: the PV lost, and the successes to share."""

    points_de_vie_perdus: Distribution[int]
    reussites_a_partager: Distribution[int]


def lois_survie(mh: object, milieu: object, survie: object, resistance: object) -> LoisDeSurvie:
    """The two laws of :func:`distribution_survie`, each on its own.

    >>> lois = lois_survie(-1, 0, 2, 0)
    >>> lois.points_de_vie_perdus.probability(1), lois.reussites_a_partager.probability(1)
    (Fraction(1, 4), Fraction(5, 36))
    """
    loi = distribution_survie(mh, milieu, survie, resistance)
    return LoisDeSurvie(loi.map(lambda issue: issue[0]), loi.map(lambda issue: issue[1]))
