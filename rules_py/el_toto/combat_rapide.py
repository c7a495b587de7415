"""El Toto, II. Combat, « Combat rapide » (C5, page ``combat.md``): one exchange, read, rolled or as odds."""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from rules_py.dice import Distribution
from rules_py.el_toto.duel import apres_resistance
from rules_py.el_toto.lecture import _faces, _modificateur, _nombre, _score
from rules_py.el_toto.potentiel import _somme_de_des
from rules_py.el_toto.regles_de_base import Jet, _lus_ou_tires, _resoudre, _reussites


class Vainqueur(StrEnum):
    """Who wins an exchange of quick combat."""

    A = "a"
    B = "b"
    EGALITE = "egalite"


@dataclass(frozen=True, slots=True)
class CombatRapide:
    """One exchange of quick combat: both rolls, the winner, damage, the loser's resistance, PV lost."""

    jet_a: Jet
    jet_b: Jet
    vainqueur: Vainqueur
    dommages: int
    resistance: Jet
    points_de_vie_perdus: int


def des_de_combat_rapide(pdc: object, bonus_bouclier: object = 0) -> int:
    """Dice for quick combat: PdC + shield bonus.

    >>> des_de_combat_rapide(5, 1)
    6
    """
    return _somme_de_des(
        "PdC", _score(pdc, "pdc"), "bonus bouclier", _score(bonus_bouclier, "bonus_bouclier")
    )


def issue_combat_rapide(
    reussites_a: object, reussites_b: object, bonus_arme_a: object = 0, bonus_arme_b: object = 0
) -> tuple[Vainqueur, int]:
    """The winner and damage: winner's - loser's successes + winner's weapon bonus (never below 0).

    >>> issue_combat_rapide(3, 1, bonus_arme_a=1)
    (<Vainqueur.A: 'a'>, 3)
    >>> issue_combat_rapide(2, 2, 5, 5)
    (<Vainqueur.EGALITE: 'egalite'>, 0)
    """
    a = _score(reussites_a, "reussites_a")
    b = _score(reussites_b, "reussites_b")
    bonus_a = _modificateur(bonus_arme_a, "bonus_arme_a")
    bonus_b = _modificateur(bonus_arme_b, "bonus_arme_b")
    if a == b:
        return Vainqueur.EGALITE, 0
    if a > b:
        return Vainqueur.A, max(0, a - b + bonus_a)
    return Vainqueur.B, max(0, b - a + bonus_b)


def resoudre_combat_rapide(
    des_a: object,
    des_b: object,
    des_resistance: object = (),
    *,
    bonus_arme_a: object = 0,
    bonus_arme_b: object = 0,
) -> CombatRapide:
    """Resolve an exchange of quick combat; ``des_resistance`` is the loser's Résistance + Protection roll.

    >>> r = resoudre_combat_rapide([6, 4], [5], [4], bonus_arme_a=1)
    >>> r.vainqueur, r.dommages, r.points_de_vie_perdus
    (<Vainqueur.A: 'a'>, 3, 2)
    """
    jet_a = _resoudre(_faces(des_a, "des_a"))
    jet_b = _resoudre(_faces(des_b, "des_b"))
    resistance = _resoudre(_faces(des_resistance, "des_resistance"))
    vainqueur, brut = issue_combat_rapide(jet_a.reussites, jet_b.reussites, bonus_arme_a, bonus_arme_b)
    perdus = apres_resistance(brut, resistance.reussites)
    return CombatRapide(jet_a, jet_b, vainqueur, brut, resistance, perdus)


def lancer_combat_rapide(
    des_a: object,
    des_b: object,
    *,
    resistance_a: object = 0,
    resistance_b: object = 0,
    bonus_arme_a: object = 0,
    bonus_arme_b: object = 0,
    rng: random.Random,
    des_lus_a: object = None,
    des_lus_b: object = None,
    des_lus_resistance: object = None,
) -> CombatRapide:
    """Roll an exchange of quick combat; the loser rolls Résistance + Protection if hurt.

    Each roll may instead be read on the table (``des_lus_a``, ``des_lus_b``, and
    ``des_lus_resistance`` for the loser's roll, used only when there is damage);
    errors name the fields ``des_a``, ``des_b`` and ``des_resistance``.

    >>> from rules_py.dice import new_rng
    >>> lancer_combat_rapide(5, 3, resistance_b=2, rng=new_rng(0)).vainqueur
    <Vainqueur.A: 'a'>
    >>> r = lancer_combat_rapide(2, 1, resistance_b=1, rng=new_rng(0), des_lus_a=[6, 5], des_lus_b=[2],
    ...                          des_lus_resistance=[4])
    >>> r.vainqueur, r.dommages, r.points_de_vie_perdus
    (<Vainqueur.A: 'a'>, 3, 2)
    """
    nombre_a = _nombre(des_a, "des_a")
    nombre_b = _nombre(des_b, "des_b")
    resistances = {
        Vainqueur.B: _nombre(resistance_a, "resistance_a"),
        Vainqueur.A: _nombre(resistance_b, "resistance_b"),
    }
    bonus_a = _modificateur(bonus_arme_a, "bonus_arme_a")
    bonus_b = _modificateur(bonus_arme_b, "bonus_arme_b")
    faces_a = _lus_ou_tires(des_lus_a, nombre_a, "des_a", rng)
    faces_b = _lus_ou_tires(des_lus_b, nombre_b, "des_b", rng)
    sans_resistance = resoudre_combat_rapide(faces_a, faces_b, bonus_arme_a=bonus_a, bonus_arme_b=bonus_b)
    if sans_resistance.dommages == 0:
        return sans_resistance
    faces_resistance = _lus_ou_tires(
        des_lus_resistance, resistances[sans_resistance.vainqueur], "des_resistance", rng
    )
    return resoudre_combat_rapide(
        faces_a, faces_b, faces_resistance, bonus_arme_a=bonus_a, bonus_arme_b=bonus_b
    )


def distribution_combat_rapide(
    des_a: object,
    des_b: object,
    *,
    resistance_a: object = 0,
    resistance_b: object = 0,
    bonus_arme_a: object = 0,
    bonus_arme_b: object = 0,
) -> Distribution[tuple[Vainqueur, int]]:
    """The exact distribution of (winner, PV lost by the loser) for an exchange of quick combat.

    >>> distribution_combat_rapide(1, 0).probability((Vainqueur.EGALITE, 0))
    Fraction(1, 2)
    """
    bonus_a = _modificateur(bonus_arme_a, "bonus_arme_a")
    bonus_b = _modificateur(bonus_arme_b, "bonus_arme_b")
    issue = _reussites(_nombre(des_a, "des_a")).combine(
        _reussites(_nombre(des_b, "des_b")), lambda a, b: issue_combat_rapide(a, b, bonus_a, bonus_b)
    )
    # Both resistance rolls are in the product; each counts only when its side loses.
    camps = ((Vainqueur.B, "resistance_a", resistance_a), (Vainqueur.A, "resistance_b", resistance_b))
    for vainqueur, champ, valeur in camps:
        issue = issue.combine(
            _reussites(_nombre(valeur, champ)),
            lambda o, r, quand=vainqueur: (o[0], apres_resistance(o[1], r) if o[0] is quand else o[1]),
        )
    return issue


@dataclass(frozen=True, slots=True)
class LoisCombatRapide:
    """The exact laws of an exchange of quick combat: the winner, and the PV each side loses."""

    vainqueur: dict[Vainqueur, Fraction]
    perdus_par_a: Distribution[int]
    perdus_par_b: Distribution[int]


def lois_combat_rapide(
    des_a: object,
    des_b: object,
    *,
    resistance_a: object = 0,
    resistance_b: object = 0,
    bonus_arme_a: object = 0,
    bonus_arme_b: object = 0,
) -> LoisCombatRapide:
    """The laws of :func:`distribution_combat_rapide`, side by side: who wins, and what each side loses.

    >>> lois = lois_combat_rapide(1, 0, bonus_arme_a=1)
    >>> lois.vainqueur[Vainqueur.A], lois.perdus_par_b.probability(3), lois.perdus_par_a.max
    (Fraction(1, 2), Fraction(1, 6), 0)
    """
    loi = distribution_combat_rapide(
        des_a,
        des_b,
        resistance_a=resistance_a,
        resistance_b=resistance_b,
        bonus_arme_a=bonus_arme_a,
        bonus_arme_b=bonus_arme_b,
    )
    return LoisCombatRapide(
        {v: loi.probability_where(lambda issue, v=v: issue[0] is v) for v in Vainqueur},
        loi.map(lambda issue: issue[1] if issue[0] is Vainqueur.B else 0),
        loi.map(lambda issue: issue[1] if issue[0] is Vainqueur.A else 0),
    )
