"""Utilisation des compétences (4.1, ``docs/basic-kar/competences.md``).

The simple test (maladresse or KAR roll, critical success), the critical in
combat (how a hit ends, its damage) and the opposed roll on the resistance table.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from rules_py.basic_kar.lecture import _expression, _resultat, _score
from rules_py.d100 import D100, Resultat, arrondi_superieur, lire_jet, probabilites
from rules_py.dice import Distribution, Roll, distribution, roll, total_of
from rules_py.dice.notation import Expression
from rules_py.errors import InputError, RulesError
from rules_py.validation import booleen, choix, entier

__all__ = [
    "ISSUES",
    "MALADRESSE_DES",
    "MODES",
    "NOTE_SORTILEGES",
    "PERTE_DE_KAR",
    "CoteDuCoup",
    "Coup",
    "JetDeKar",
    "JetDeResistance",
    "JetDeTest",
    "SeuilsDeTest",
    "chance_de_resistance",
    "chance_en_opposition",
    "degats_du_coup",
    "demande_un_jet_de_kar",
    "distribution_degats",
    "distribution_kar_apres",
    "issue_du_coup",
    "lancer_cote",
    "lancer_coup",
    "lancer_resistance",
    "lancer_test",
    "probabilite_de_garder_le_kar",
    "probabilite_perte_de_kar",
    "probabilite_resistance",
    "probabilites_du_coup",
    "probabilites_test",
    "resoudre_coup",
    "resoudre_jet_de_kar",
    "resoudre_resistance",
    "resoudre_test",
    "resoudre_test_et_kar",
    "riposte_possible",
    "score_d_opposition",
    "seuil_critique",
    "seuils_du_test",
    "table_de_resistance",
]


def _mode(valeur: object) -> str:
    return choix(valeur, "mode", MODES)


# -- 4.1.1 Jet simple: maladresse, jet de KAR, réussite critique (B1, B2) --------------------------

MODES: tuple[str, ...] = ("realiste", "heroique")
"""The two kinds of campaign (B1): *réaliste*, and *fantastique ou héroïque*."""

MALADRESSE_DES = 96
"""From this d100 result up to 100 a skill test always fails (B2)."""

PERTE_DE_KAR = 5
"""KAR lost when the KAR roll that follows a 96-100 fails (heroic campaign)."""

NOTE_SORTILEGES = (
    "Les sortilèges ont leur propre règle de maladresse : ni la maladresse de 96 à 100 "
    "ni le jet de KAR ne s'appliquent à eux."
)
"""Spells are outside this rule (the text, line 18): recorded, not resolved here."""


def _seuil_critique(score: int) -> int:
    return max(1, arrondi_superieur(score, 20))


def seuil_critique(score: object) -> int:
    """The highest roll of the critical range: 1/20 of the skill rounded up, at least 01.

    >>> seuil_critique(55), seuil_critique(10), seuil_critique(150)
    (3, 1, 8)
    """
    return _seuil_critique(_score(score))


def _resoudre_test(score: int, jet: int, mode: str) -> Resultat:
    if jet >= MALADRESSE_DES:
        return Resultat.ECHEC_CRITIQUE if mode == "realiste" else Resultat.ECHEC
    if jet > score:
        return Resultat.ECHEC
    if jet <= _seuil_critique(score):
        return Resultat.REUSSITE_CRITIQUE
    return Resultat.REUSSITE


def resoudre_test(score: object, jet: object, mode: object) -> Resultat:
    """The result of a skill test: 96-100 always fail (maladresse in a realistic campaign).

    >>> resoudre_test(60, 3, "realiste"), resoudre_test(100, 98, "realiste")
    (<Resultat.REUSSITE_CRITIQUE: 'reussite_critique'>, <Resultat.ECHEC_CRITIQUE: 'echec_critique'>)
    >>> resoudre_test(100, 98, "heroique")
    <Resultat.ECHEC: 'echec'>
    """
    return _resoudre_test(_score(score), lire_jet(jet), _mode(mode))


def demande_un_jet_de_kar(jet: object, mode: object) -> bool:
    """Whether the test must be followed by a KAR roll: a 96-100 in a heroic campaign.

    >>> demande_un_jet_de_kar(98, "heroique"), demande_un_jet_de_kar(98, "realiste")
    (True, False)
    """
    return _mode(mode) == "heroique" and lire_jet(jet) >= MALADRESSE_DES


@dataclass(frozen=True, slots=True)
class SeuilsDeTest:
    """The last roll of each result (0: impossible); 96-100 is the maladresse or the KAR case."""

    score: int
    mode: str
    critique: int
    reussite: int
    maladresse_des: int


def seuils_du_test(score: object, mode: object) -> SeuilsDeTest:
    """The ranges of a skill test, read from :func:`resoudre_test` over the 100 results.

    >>> seuils_du_test(55, "realiste")
    SeuilsDeTest(score=55, mode='realiste', critique=3, reussite=55, maladresse_des=96)
    >>> seuils_du_test(150, "heroique").reussite
    95
    """
    valeur, genre = _score(score), _mode(mode)
    resultats = {jet: _resoudre_test(valeur, jet, genre) for jet in range(1, 101)}
    critique = max((j for j, r in resultats.items() if r is Resultat.REUSSITE_CRITIQUE), default=0)
    reussite = max((j for j, r in resultats.items() if r.reussi), default=0)
    return SeuilsDeTest(valeur, genre, critique, reussite, MALADRESSE_DES)


def probabilites_test(score: object, mode: object) -> dict[Resultat, Fraction]:
    """The exact chance of each result of a skill test.

    >>> probabilites_test(55, "realiste")[Resultat.ECHEC_CRITIQUE]
    Fraction(1, 20)
    >>> probabilites_test(55, "heroique")[Resultat.ECHEC]
    Fraction(9, 20)
    """
    valeur, genre = _score(score), _mode(mode)
    return probabilites(lambda jet: _resoudre_test(valeur, jet, genre))


@dataclass(frozen=True, slots=True)
class JetDeKar:
    """A KAR roll: kept when the d100 is at most the KAR, else KAR - 5 (never below 0)."""

    kar: int
    jet: int
    reussi: bool
    kar_apres: int


def _resoudre_jet_de_kar(kar: int, jet: int) -> JetDeKar:
    reussi = jet <= kar
    return JetDeKar(kar, jet, reussi, kar if reussi else max(0, kar - PERTE_DE_KAR))


def resoudre_jet_de_kar(kar: object, jet: object) -> JetDeKar:
    """The KAR roll after a 96-100 in a heroic campaign.

    >>> resoudre_jet_de_kar(60, 72).kar_apres, resoudre_jet_de_kar(3, 50).kar_apres
    (55, 0)
    """
    return _resoudre_jet_de_kar(entier(kar, "KAR", minimum=0), lire_jet(jet, "jet_de_kar"))


@dataclass(frozen=True, slots=True)
class JetDeTest:
    """A whole skill test: the result, and the KAR roll when one is due (``kar`` None: still to roll)."""

    score: int
    mode: str
    jet: int
    resultat: Resultat
    jet_de_kar_requis: bool
    kar: JetDeKar | None


def _resoudre_test_et_kar(
    score: int, jet: int, mode: str, kar: int | None, jet_de_kar: int | None
) -> JetDeTest:
    requis = mode == "heroique" and jet >= MALADRESSE_DES
    suite = (
        _resoudre_jet_de_kar(kar, jet_de_kar)
        if requis and kar is not None and jet_de_kar is not None
        else None
    )
    return JetDeTest(score, mode, jet, _resoudre_test(score, jet, mode), requis, suite)


def resoudre_test_et_kar(
    score: object, jet: object, mode: object, kar: object = None, jet_de_kar: object = None
) -> JetDeTest:
    """A skill test and, in a heroic campaign after 96-100, its KAR roll (ignored otherwise).

    >>> t = resoudre_test_et_kar(40, 98, "heroique", kar=60, jet_de_kar=72)
    >>> t.resultat, t.kar.kar_apres
    (<Resultat.ECHEC: 'echec'>, 55)
    """
    valeur_kar = None if kar is None else entier(kar, "KAR", minimum=0)
    valeur_jet_kar = None if jet_de_kar is None else lire_jet(jet_de_kar, "jet_de_kar")
    return _resoudre_test_et_kar(_score(score), lire_jet(jet), _mode(mode), valeur_kar, valeur_jet_kar)


def lancer_test(
    score: object,
    mode: object,
    rng: random.Random,
    kar: object = None,
    jet: int | None = None,
    jet_de_kar: int | None = None,
) -> JetDeTest:
    """A skill test with the d100 read on the table (``jet``, ``jet_de_kar``), or rolled with ``rng``.

    The KAR roll is drawn only when due (96-100 in a heroic campaign), and then the KAR is required.

    >>> from rules_py.dice import new_rng
    >>> lancer_test(50, "realiste", new_rng(3)).jet
    31
    >>> lancer_test(40, "heroique", new_rng(3), 60, jet=98, jet_de_kar=72).kar.kar_apres
    55
    """
    valeur, genre = _score(score), _mode(mode)
    if genre == "heroique" and kar is None:
        raise InputError(
            "En campagne fantastique ou héroïque, indiquez le KAR : "
            f"un résultat de {MALADRESSE_DES} à 100 demande un jet sous le KAR.",
            champ="kar",
        )
    valeur_kar = None if kar is None else entier(kar, "KAR", minimum=0)
    jet = rng.randint(1, 100) if jet is None else lire_jet(jet)
    if genre == "heroique" and jet >= MALADRESSE_DES:
        jet_de_kar = rng.randint(1, 100) if jet_de_kar is None else lire_jet(jet_de_kar, "jet_kar")
    else:
        jet_de_kar = None
    return _resoudre_test_et_kar(valeur, jet, genre, valeur_kar, jet_de_kar)


def distribution_kar_apres(score: object, kar: object, mode: object) -> Distribution[int]:
    """The exact distribution of the KAR after one test (both d100 rolls, 10 000 cases).

    >>> distribution_kar_apres(50, 60, "heroique").probability(55)
    Fraction(1, 50)
    """
    valeur, genre, valeur_kar = _score(score), _mode(mode), entier(kar, "KAR", minimum=0)

    def kar_apres(jet: int, jet_de_kar: int) -> int:
        suite = _resoudre_test_et_kar(valeur, jet, genre, valeur_kar, jet_de_kar).kar
        return valeur_kar if suite is None else suite.kar_apres

    return D100.combine(D100, kar_apres)


def probabilite_perte_de_kar(score: object, kar: object) -> Fraction:
    """The exact chance that one test in a heroic campaign lowers the KAR.

    >>> probabilite_perte_de_kar(50, 60)
    Fraction(1, 50)
    """
    valeur_kar = entier(kar, "KAR", minimum=0)
    return distribution_kar_apres(score, valeur_kar, "heroique").probability_where(lambda k: k < valeur_kar)


def probabilite_de_garder_le_kar(kar: object) -> Fraction:
    """The exact chance that the KAR roll succeeds (d100 at most the KAR: 96-100 are no automatic failure).

    >>> probabilite_de_garder_le_kar(60), probabilite_de_garder_le_kar(100)
    (Fraction(3, 5), Fraction(1, 1))
    """
    valeur = entier(kar, "KAR", minimum=0)
    return D100.probability_where(lambda jet: _resoudre_jet_de_kar(valeur, jet).reussi)


# -- 4.1.1 Réussite critique en combat (B3) -----------------------------------------------------

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


# -- 4.1.2 Jet en opposition: la table de résistance (B4) ----------------------------------------


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
