"""Réussite critique en combat (4.1.1, B3, ``docs/basic-kar/competences.md``).

How a hit ends (missed, blocked, normal or critical, and whether the defender may riposte), its
damage and their exact odds.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from rules_py.basic_kar.competences import _mode, _resoudre_test
from rules_py.basic_kar.lecture import _expression, _resultat, _score
from rules_py.d100 import D100, Resultat, lire_jet
from rules_py.dice import Distribution, Roll, distribution, roll, total_of
from rules_py.dice.notation import Expression
from rules_py.errors import InputError, RulesError
from rules_py.validation import booleen, choix, entier

__all__ = [
    "ISSUES",
    "CoteDuCoup",
    "Coup",
    "degats_du_coup",
    "distribution_degats",
    "issue_du_coup",
    "lancer_cote",
    "lancer_coup",
    "probabilites_du_coup",
    "resoudre_coup",
    "riposte_possible",
]


ISSUES: tuple[str, ...] = ("ratee", "bloquee", "normale", "critique")
"""How an attack ends: missed, blocked by the defence, normal hit, critical hit."""


def _issue(attaque: Resultat, defense: Resultat | None, heroique: bool) -> tuple[str, bool]:
    if not attaque.reussi:
        return "ratee", False
    defense_reussie = defense is not None and defense.reussi
    if attaque is Resultat.REUSSITE_CRITIQUE:
        if defense is Resultat.REUSSITE_CRITIQUE:
            return "bloquee", False
        return ("normale" if defense_reussie else "critique"), False
    if defense_reussie:
        return "bloquee", heroique and defense is Resultat.REUSSITE_CRITIQUE
    return "normale", False


def riposte_possible(attaque: object, defense: object) -> bool:
    """Whether a heroic-combat defence earns a riposte: a critical defence against a normal hit.

    >>> riposte_possible("reussite", "reussite_critique")
    True
    >>> riposte_possible("reussite_critique", "reussite_critique")
    False
    """
    return _issue(_resultat(attaque, "attaque"), _resultat(defense, "defense"), True)[1]


def issue_du_coup(attaque: object, defense: object = None, combat_heroique: object = False) -> str:
    """How an attack ends given its result and the defence's (None: no parry nor dodge).

    >>> issue_du_coup("reussite_critique"), issue_du_coup("reussite_critique", "reussite")
    ('critique', 'normale')
    >>> issue_du_coup("reussite", "reussite"), issue_du_coup("echec")
    ('bloquee', 'ratee')
    """
    valeur_defense = None if defense is None else _resultat(defense, "defense")
    valeur_attaque = _resultat(attaque, "attaque")
    return _issue(valeur_attaque, valeur_defense, booleen(combat_heroique, "combat_heroique"))[0]


@dataclass(frozen=True, slots=True)
class CoteDuCoup:
    """One side of a hit: its result, given, or from its skill and a d100 (then ``score`` and ``jet``)."""

    resultat: Resultat
    score: int | None = None
    jet: int | None = None
    des_lus: bool = False


def lancer_cote(
    choisi: object, score: object, mode: object, rng: random.Random, jet: int | None = None
) -> CoteDuCoup | None:
    """One side of a hit: None for ``aucune`` (no parry nor dodge), a result given, or a skill test.

    ``choisi`` is ``jet`` for a test of ``score`` with the d100 read on the table
    (``jet``) or rolled with ``rng``, else the result itself.

    >>> from rules_py.dice import new_rng
    >>> lancer_cote("jet", 60, "heroique", new_rng(1), 31)
    CoteDuCoup(resultat=<Resultat.REUSSITE: 'reussite'>, score=60, jet=31, des_lus=True)
    >>> lancer_cote("echec", 60, "heroique", new_rng(1)), lancer_cote("aucune", 60, "heroique", new_rng(1))
    (CoteDuCoup(resultat=<Resultat.ECHEC: 'echec'>, score=None, jet=None, des_lus=False), None)
    """
    if choisi == "aucune":
        return None
    if choisi != "jet":
        return CoteDuCoup(_resultat(choisi, "resultat"))
    valeur = _score(score)
    tire = rng.randint(1, 100) if jet is None else lire_jet(jet)
    return CoteDuCoup(_resoudre_test(valeur, tire, _mode(mode)), valeur, tire, jet is not None)


def _degats(issue: str, arme: int, bonus: int, armure: int, perce: bool) -> int:
    if issue in ("ratee", "bloquee"):
        return 0
    critique = issue == "critique"
    brut = (arme * 2 if critique else arme) + bonus
    if not (critique and perce):
        brut -= armure
    return max(0, brut)


def degats_du_coup(
    issue: object, total_arme: object, total_bonus: object, armure: object, tranchante_ou_empalante: object
) -> int:
    """Damage from the weapon's total (dice + own bonus) and the damage bonus's total: never below 0.

    A critical doubles the weapon's total, adds the bonus once and, for a cutting
    or impaling weapon, ignores the armour (the scimitar of line 25: 14).

    >>> degats_du_coup("critique", 6, 2, 3, True), degats_du_coup("normale", 6, 2, 3, True)
    (14, 5)
    """
    return _degats(
        choix(issue, "issue", ISSUES),
        entier(total_arme, "total_arme"),
        entier(total_bonus, "total_bonus"),
        entier(armure, "armure", minimum=0),
        booleen(tranchante_ou_empalante, "tranchante_ou_empalante"),
    )


@dataclass(frozen=True, slots=True)
class Coup:
    """A resolved attack: its issue, whether it earns a riposte, the totals and the damage."""

    issue: str
    riposte: bool
    arme: str
    bonus: str
    total_arme: int
    total_bonus: int
    armure: int
    armure_ignoree: bool
    degats: int
    des_arme: tuple[int, ...] = ()
    des_bonus: tuple[int, ...] = ()

    @property
    def touche(self) -> bool:
        """Whether the attack hits (a normal or critical hit): only then are damage dice rolled."""
        return self.issue in ("normale", "critique")


def _coup(
    attaque: object,
    defense: object,
    arme: object,
    bonus: object,
    armure: object,
    tranchante_ou_empalante: object,
    combat_heroique: object,
) -> tuple[str, bool, Expression, Expression, int, bool]:
    valeur_defense = None if defense is None else _resultat(defense, "defense")
    issue, riposte = _issue(
        _resultat(attaque, "attaque"), valeur_defense, booleen(combat_heroique, "combat_heroique")
    )
    return (
        issue,
        riposte,
        _expression(arme, "arme"),
        _expression(bonus, "bonus"),
        entier(armure, "armure", minimum=0),
        booleen(tranchante_ou_empalante, "tranchante_ou_empalante"),
    )


def _totaux(expression: Expression, des: object, champ: str) -> int:
    if not isinstance(des, Sequence) or isinstance(des, str):
        raise InputError(f"« {champ} » doit être une liste de dés.", champ=champ)
    valeurs = tuple(entier(d, champ) for d in des)
    try:
        return total_of(expression, valeurs).total
    except RulesError as erreur:
        raise InputError(f"« {champ} » : {erreur.message}", champ=champ) from None


def _fin_du_coup(
    issue: str, riposte: bool, arme: Expression, bonus: Expression, armure: int, perce: bool, ta: int, tb: int
) -> Coup:
    ignoree = issue == "critique" and perce
    return Coup(
        issue, riposte, str(arme), str(bonus), ta, tb, armure, ignoree, _degats(issue, ta, tb, armure, perce)
    )


def resoudre_coup(
    attaque: object,
    defense: object,
    arme: object,
    bonus: object,
    armure: object,
    tranchante_ou_empalante: object,
    des_arme: object = (),
    des_bonus: object = (),
    combat_heroique: object = False,
) -> Coup:
    """Resolve a hit from the results and the dice read on the table (unused when no damage).

    >>> c = resoudre_coup("reussite_critique", None, "1d8+1", "1d3", 2, True, [5], [2])
    >>> c.issue, c.degats, c.armure_ignoree
    ('critique', 14, True)
    """
    issue, riposte, expr_arme, expr_bonus, valeur_armure, perce = _coup(
        attaque, defense, arme, bonus, armure, tranchante_ou_empalante, combat_heroique
    )
    if issue in ("ratee", "bloquee"):
        return _fin_du_coup(issue, riposte, expr_arme, expr_bonus, valeur_armure, perce, 0, 0)
    ta = _totaux(expr_arme, des_arme, "des_arme")
    tb = _totaux(expr_bonus, des_bonus, "des_bonus")
    return _fin_du_coup(issue, riposte, expr_arme, expr_bonus, valeur_armure, perce, ta, tb)


def _lancer_ou_lire(
    expression: Expression, des: Sequence[int] | None, rng: random.Random, champ: str
) -> Roll:
    if des is None:
        return roll(expression, rng)
    try:
        return total_of(expression, [entier(d, champ) for d in des])
    except RulesError as erreur:
        raise InputError(f"« {champ} » : {erreur.message}", champ=champ) from None


def lancer_coup(
    attaque: object,
    defense: object,
    arme: object,
    bonus: object,
    armure: object,
    tranchante_ou_empalante: object,
    rng: random.Random,
    combat_heroique: object = False,
    des_arme: Sequence[int] | None = None,
    des_bonus: Sequence[int] | None = None,
) -> Coup:
    """A hit's damage from the dice read on the table (``des_arme``, ``des_bonus``) or rolled with ``rng``.

    Damage only on a hit: no die is read nor rolled when the attack misses or is blocked.

    >>> from rules_py.dice import new_rng
    >>> lancer_coup("echec", None, "1d8+1", "1d3", 0, True, new_rng(1)).degats
    0
    >>> c = lancer_coup("reussite_critique", None, "1d8+1", "1d3", 2, True, new_rng(1), False, [5], [2])
    >>> c.degats, c.des_arme, c.des_bonus
    (14, (5,), (2,))
    """
    issue, riposte, expr_arme, expr_bonus, valeur_armure, perce = _coup(
        attaque, defense, arme, bonus, armure, tranchante_ou_empalante, combat_heroique
    )
    sans_degats = _fin_du_coup(issue, riposte, expr_arme, expr_bonus, valeur_armure, perce, 0, 0)
    if not sans_degats.touche:
        return sans_degats
    jet_arme = _lancer_ou_lire(expr_arme, des_arme, rng, "des_arme")
    jet_bonus = _lancer_ou_lire(expr_bonus, des_bonus, rng, "des_bonus")
    coup = _fin_du_coup(
        issue, riposte, expr_arme, expr_bonus, valeur_armure, perce, jet_arme.total, jet_bonus.total
    )
    return replace(coup, des_arme=tuple(jet_arme.dice), des_bonus=tuple(jet_bonus.dice))


def distribution_degats(
    attaque: object,
    defense: object,
    arme: object,
    bonus: object,
    armure: object,
    tranchante_ou_empalante: object,
) -> Distribution[int]:
    """The exact distribution of the damage, mapping :func:`degats_du_coup` over every total.

    >>> d = distribution_degats("reussite_critique", None, "1d8+1", "1d3", 2, True)
    >>> d.min, d.max, d.probability(14)
    (5, 21, Fraction(1, 24))
    """
    issue, _, expr_arme, expr_bonus, valeur_armure, perce = _coup(
        attaque, defense, arme, bonus, armure, tranchante_ou_empalante, False
    )
    try:
        totaux_arme, totaux_bonus = distribution(expr_arme), distribution(expr_bonus)
    except RulesError as erreur:
        raise InputError(erreur.message, champ="arme") from None
    return totaux_arme.combine(totaux_bonus, lambda a, b: _degats(issue, a, b, valeur_armure, perce))


def probabilites_du_coup(
    score_attaque: object,
    score_defense: object = None,
    mode: object = "realiste",
    combat_heroique: object = False,
) -> dict[str, Fraction]:
    """The exact chance of each issue from the two skills (None: no parry nor dodge), and of a riposte.

    Maps the skill test and :func:`issue_du_coup` over the 100 (or 10 000) pairs of d100.

    >>> p = probabilites_du_coup(60, 50, "heroique", True)
    >>> p["critique"], p["riposte"]
    (Fraction(3, 200), Fraction(171, 10000))
    """
    attaque = _score(score_attaque, "score_attaque")
    genre, heroique = _mode(mode), booleen(combat_heroique, "combat_heroique")
    if score_defense is None:
        issues = D100.map(lambda ja: _issue(_resoudre_test(attaque, ja, genre), None, heroique))
    else:
        defense = _score(score_defense, "score_defense")
        issues = D100.combine(
            D100,
            lambda ja, jd: _issue(
                _resoudre_test(attaque, ja, genre), _resoudre_test(defense, jd, genre), heroique
            ),
        )
    resultat = {issue: issues.probability_where(lambda x, i=issue: x[0] == i) for issue in ISSUES}
    resultat["riposte"] = issues.probability_where(lambda x: x[1])
    return resultat
