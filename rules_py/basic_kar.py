"""BaSIC — KAR et combat héroïque: tests, criticals, resistance table, wounds, KAR.

Mirrors ``docs/basic-kar/`` and the rules text ``001_b22c8e898b1294fc.txt`` in
its order (4.1 compétences, 4.2 combat, contre-attaques, 4.4 scories
karmiques). Every resolution is a pure function of die results
(``resoudre_…``); ``lancer_…`` applies it to dice drawn from an injected
:class:`random.Random`; the probabilities map the very same function over
every die result. The heroic combat's passes live in
:mod:`rules_py.combat_heroique`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from rules_py.d100 import D100, Resultat, arrondi_superieur, lire_jet, probabilites
from rules_py.dice import Distribution, Roll, distribution, parse, roll, total_of
from rules_py.dice.notation import Expression
from rules_py.errors import InputError, RulesError
from rules_py.validation import choix, entier

__all__ = [
    "ACTIONS_DE_COMBAT",
    "BONUS_ADVERSAIRE_AU_SOL",
    "ECART_POUR_FRAPPER_EN_PREMIER",
    "ISSUES",
    "MALADRESSE_DES",
    "MALUS_D_OBSCURITE",
    "MINIMUM_DANS_L_OBSCURITE",
    "MODES",
    "NOTE_SORTILEGES",
    "PERTE_DE_KAR",
    "PREMIERS",
    "QUALITE",
    "TABLE_DES_SCORIES",
    "Assommer",
    "BandeDeScories",
    "BlessureGrave",
    "ContreAttaque",
    "CoteDuCoup",
    "Coup",
    "JetDeChoc",
    "JetDeKar",
    "JetDeResistance",
    "JetDeTest",
    "RegainAnnonce",
    "Scories",
    "SeuilEnSituation",
    "SeuilsDeTest",
    "annoncer_regain_de_kar",
    "bande_de_scories",
    "chance_d_assommer",
    "chance_de_resistance",
    "chance_en_opposition",
    "degats_du_coup",
    "demande_un_jet_de_kar",
    "distribution_degats",
    "distribution_kar_apres",
    "est_une_blessure_grave",
    "issue_du_coup",
    "lancer_assommer",
    "lancer_blessure_grave",
    "lancer_contre_attaque",
    "lancer_cote",
    "lancer_coup",
    "lancer_reprise",
    "lancer_resistance",
    "lancer_scories",
    "lancer_test",
    "premier_a_frapper",
    "probabilite_assommer",
    "probabilite_de_garder_le_kar",
    "probabilite_de_reussir",
    "probabilite_de_tenir",
    "probabilite_perte_de_kar",
    "probabilite_resistance",
    "probabilites_contre_attaque",
    "probabilites_du_coup",
    "probabilites_scories",
    "probabilites_test",
    "raison_du_premier",
    "reprendre_le_combat",
    "resoudre_assommer",
    "resoudre_blessure_grave",
    "resoudre_contre_attaque",
    "resoudre_coup",
    "resoudre_jet_de_kar",
    "resoudre_resistance",
    "resoudre_scories",
    "resoudre_test",
    "resoudre_test_et_kar",
    "riposte_possible",
    "score_d_opposition",
    "score_rapide",
    "seuil_critique",
    "seuil_de_choc",
    "seuil_en_situation",
    "seuils_du_test",
    "table_de_resistance",
]


def _mode(valeur: object) -> str:
    return choix(valeur, "mode", MODES)


def _score(valeur: object, champ: str = "score") -> int:
    return entier(valeur, champ, minimum=0)


def _resultat(valeur: object, champ: str) -> Resultat:
    return Resultat(choix(valeur, champ, [r.value for r in Resultat]))


def _booleen(valeur: object, champ: str) -> bool:
    if not isinstance(valeur, bool):
        raise InputError(f"« {champ} » doit valoir vrai ou faux.", champ=champ)
    return valeur


def _expression(valeur: object, champ: str) -> Expression:
    if isinstance(valeur, Expression):
        return valeur
    try:
        return parse(valeur)  # type: ignore[arg-type]
    except RulesError as erreur:
        raise InputError(f"« {champ} » : {erreur.message}", champ=champ) from None


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
    return _issue(
        _resultat(attaque, "attaque"), valeur_defense, _booleen(combat_heroique, "combat_heroique")
    )[0]


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
        _booleen(tranchante_ou_empalante, "tranchante_ou_empalante"),
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
        _resultat(attaque, "attaque"), valeur_defense, _booleen(combat_heroique, "combat_heroique")
    )
    return (
        issue,
        riposte,
        _expression(arme, "arme"),
        _expression(bonus, "bonus"),
        entier(armure, "armure", minimum=0),
        _booleen(tranchante_ou_empalante, "tranchante_ou_empalante"),
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
    genre, heroique = _mode(mode), _booleen(combat_heroique, "combat_heroique")
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


# -- 4.2.1 Blessure grave (B6) --------------------------------------------------------------------


def _pv(pv_max: object, pv_avant: object, degats: object) -> tuple[int, int, int]:
    maximum = entier(pv_max, "pv_max", minimum=1)
    return (
        maximum,
        entier(pv_avant, "pv_avant", minimum=1, maximum=maximum),
        entier(degats, "degats", minimum=0),
    )


def est_une_blessure_grave(pv_max: object, degats: object) -> bool:
    """Whether one hit takes at least half of the initial PV (damage x 2 >= PV max).

    >>> est_une_blessure_grave(14, 8), est_une_blessure_grave(14, 7), est_une_blessure_grave(14, 6)
    (True, True, False)
    """
    return entier(degats, "degats", minimum=0) * 2 >= entier(pv_max, "pv_max", minimum=1)


def _seuil_de_choc(pv: int) -> int:
    return max(0, 5 * pv)


def seuil_de_choc(pv: object) -> int:
    """The chance to bear the shock: current PV x 5 (0 at 0 PV or less).

    >>> seuil_de_choc(6)
    30
    """
    return _seuil_de_choc(entier(pv, "pv"))


def _tient(pv: int, jet: int) -> bool:
    return jet <= _seuil_de_choc(pv)


@dataclass(frozen=True, slots=True)
class BlessureGrave:
    """One hit: PV after it, whether it is a serious wound and, if so, the shock roll."""

    pv_max: int
    pv_avant: int
    degats: int
    pv_apres: int
    grave: bool
    hors_de_combat: bool
    seuil: int | None
    jet: int | None
    effondre: bool


def _choc_requis(maximum: int, avant: int, valeur: int) -> bool:
    return valeur * 2 >= maximum and avant - valeur > 0


def _resoudre_blessure_grave(maximum: int, avant: int, valeur: int, jet: int | None) -> BlessureGrave:
    apres = avant - valeur
    grave = valeur * 2 >= maximum
    if not _choc_requis(maximum, avant, valeur):
        return BlessureGrave(maximum, avant, valeur, apres, grave, apres <= 0, None, None, apres <= 0)
    assert jet is not None
    return BlessureGrave(
        maximum, avant, valeur, apres, True, False, _seuil_de_choc(apres), jet, not _tient(apres, jet)
    )


def resoudre_blessure_grave(
    pv_max: object, pv_avant: object, degats: object, jet: object = None
) -> BlessureGrave:
    """The serious-wound check: roll under PV x 5 after the hit; failure, the victim collapses.

    At 0 PV or less the victim is out of the fight (BaSIC's own rules) and no roll is made.

    >>> b = resoudre_blessure_grave(14, 14, 8, 54)
    >>> b.pv_apres, b.seuil, b.effondre
    (6, 30, True)
    """
    maximum, avant, valeur = _pv(pv_max, pv_avant, degats)
    if not _choc_requis(maximum, avant, valeur):
        return _resoudre_blessure_grave(maximum, avant, valeur, None)
    if jet is None:
        raise InputError("Blessure grave : il faut un jet de d100 sous PV × 5.", champ="jet")
    return _resoudre_blessure_grave(maximum, avant, valeur, lire_jet(jet))


def lancer_blessure_grave(
    pv_max: object, pv_avant: object, degats: object, rng: random.Random, jet: int | None = None
) -> BlessureGrave:
    """Apply a hit; the shock roll, when it is a serious wound, read (``jet``) or rolled with ``rng``.

    >>> from rules_py.dice import new_rng
    >>> lancer_blessure_grave(14, 14, 3, new_rng(1)).grave
    False
    >>> lancer_blessure_grave(14, 14, 8, new_rng(1), 54).effondre
    True
    """
    maximum, avant, valeur = _pv(pv_max, pv_avant, degats)
    if not _choc_requis(maximum, avant, valeur):
        return _resoudre_blessure_grave(maximum, avant, valeur, None)
    return _resoudre_blessure_grave(
        maximum, avant, valeur, rng.randint(1, 100) if jet is None else lire_jet(jet)
    )


@dataclass(frozen=True, slots=True)
class JetDeChoc:
    """A later round's roll under PV x 5 to act again after collapsing."""

    pv: int
    seuil: int
    jet: int
    reussi: bool


def reprendre_le_combat(pv: object, jet: object) -> JetDeChoc:
    """A collapsed character's roll under current PV x 5, in a later round, to act again.

    >>> reprendre_le_combat(6, 30).reussi
    True
    """
    valeur, lu = entier(pv, "pv", minimum=1), lire_jet(jet)
    return JetDeChoc(valeur, _seuil_de_choc(valeur), lu, _tient(valeur, lu))


def lancer_reprise(
    pv_max: object, pv_avant: object, degats: object, rng: random.Random, jet: int | None = None
) -> JetDeChoc:
    """After collapsing from the hit, a later round's roll under PV x 5, read (``jet``) or rolled.

    >>> from rules_py.dice import new_rng
    >>> lancer_reprise(14, 14, 8, new_rng(1), 30).reussi
    True
    """
    _, avant, valeur = _pv(pv_max, pv_avant, degats)
    if avant - valeur <= 0:
        raise InputError("Avec 0 PV ou moins, le personnage est hors de combat : pas de jet.", champ="degats")
    return reprendre_le_combat(avant - valeur, rng.randint(1, 100) if jet is None else jet)


def probabilite_de_tenir(pv: object) -> Fraction:
    """The exact chance to bear the shock (or to get up) with ``pv`` current PV.

    >>> probabilite_de_tenir(6)
    Fraction(3, 10)
    """
    valeur = entier(pv, "pv")
    return D100.probability_where(lambda jet: _tient(valeur, jet))


# -- 4.2.2 - 4.2.4 Obscurité, combat au sol, surprise (B7) ---------------------------------------

ACTIONS_DE_COMBAT: tuple[str, ...] = ("attaque", "parade", "esquive")
"""The skills these modifiers touch."""

BONUS_ADVERSAIRE_AU_SOL = 20
MALUS_D_OBSCURITE = 75
MINIMUM_DANS_L_OBSCURITE = 5


@dataclass(frozen=True, slots=True)
class SeuilEnSituation:
    """A combat threshold after the modifiers, step by step (``possible`` False: surprised)."""

    score: int
    action: str
    seuil: int
    possible: bool
    etapes: tuple[tuple[str, int], ...]


def seuil_en_situation(
    score: object,
    action: object = "attaque",
    *,
    lutte: object = False,
    au_sol: object = False,
    adversaire_au_sol: object = False,
    obscurite: object = False,
    attaque_par_surprise: object = False,
    surpris: object = False,
) -> SeuilEnSituation:
    """Apply in order the ground (own / 2 rounded up, opponent +20), darkness (-75, min 5), surprise (x 2).

    Darkness spares *Lutte* and never raises a threshold already below 5.

    >>> seuil_en_situation(70, adversaire_au_sol=True, obscurite=True).seuil
    15
    >>> seuil_en_situation(50, obscurite=True, attaque_par_surprise=True).seuil
    10
    """
    valeur = _score(score)
    genre = choix(action, "action", ACTIONS_DE_COMBAT)
    drapeaux = {
        nom: _booleen(v, nom)
        for nom, v in (
            ("lutte", lutte),
            ("au_sol", au_sol),
            ("adversaire_au_sol", adversaire_au_sol),
            ("obscurite", obscurite),
            ("attaque_par_surprise", attaque_par_surprise),
            ("surpris", surpris),
        )
    }
    if drapeaux["attaque_par_surprise"] and genre != "attaque":
        raise InputError(
            "La surprise double les chances d'attaque de l'assaillant, pas ses parades ni ses esquives.",
            champ="attaque_par_surprise",
        )
    if drapeaux["attaque_par_surprise"] and drapeaux["surpris"]:
        raise InputError("Un combattant ne peut pas à la fois surprendre et être surpris.", champ="surpris")
    etapes: list[tuple[str, int]] = [("Score", valeur)]
    seuil = valeur
    if drapeaux["au_sol"]:
        seuil = arrondi_superieur(seuil, 2)
        etapes.append(("Au sol : divisé par 2 (arrondi au-dessus)", seuil))
    if drapeaux["adversaire_au_sol"]:
        seuil += BONUS_ADVERSAIRE_AU_SOL
        etapes.append((f"Adversaire au sol : +{BONUS_ADVERSAIRE_AU_SOL}", seuil))
    if drapeaux["obscurite"] and not drapeaux["lutte"]:
        seuil = min(seuil, max(MINIMUM_DANS_L_OBSCURITE, seuil - MALUS_D_OBSCURITE))
        etapes.append((f"Obscurité : -{MALUS_D_OBSCURITE} (minimum {MINIMUM_DANS_L_OBSCURITE})", seuil))
    elif drapeaux["obscurite"]:
        etapes.append(("Obscurité : sans effet sur la Lutte", seuil))
    if drapeaux["attaque_par_surprise"]:
        seuil *= 2
        etapes.append(("Attaque par surprise : × 2", seuil))
    if drapeaux["surpris"]:
        etapes.append(("Surpris : ni attaque, ni parade, ni esquive", 0))
        return SeuilEnSituation(valeur, genre, 0, False, tuple(etapes))
    return SeuilEnSituation(valeur, genre, seuil, True, tuple(etapes))


# -- 4.2.5 Assommer un adversaire (B5) ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Assommer:
    """A knock-out attempt after a hit: the resistance roll, the hours out, the PV really lost."""

    pv_avant: int
    degats: int
    pv_restants: int
    chance: int
    jet: int | None
    assomme: bool
    heures: int
    pv_perdus: int
    pv_apres: int


def _chance_d_assommer(pv_restants: int, degats: int) -> int:
    if degats == 0:
        return 0
    if pv_restants <= 0:
        return 100
    return _chance_de_resistance(degats, pv_restants)


def _assommer_entrees(pv: object, degats: object, con: object) -> tuple[int, int, int]:
    return entier(pv, "pv", minimum=1), entier(degats, "degats", minimum=0), entier(con, "CON", minimum=0)


def chance_d_assommer(pv: object, degats: object) -> int:
    """Damage (active) against the PV left after it (passive) on the resistance table.

    No damage cannot knock out; a blow that takes the last PV always does (no roll).

    >>> chance_d_assommer(12, 5), chance_d_assommer(12, 0), chance_d_assommer(4, 6)
    (40, 0, 100)
    """
    avant, valeur, _ = _assommer_entrees(pv, degats, 0)
    return _chance_d_assommer(avant - valeur, valeur)


def _resoudre_assommer(avant: int, valeur: int, con: int, jet: int | None) -> Assommer:
    restants = avant - valeur
    chance = _chance_d_assommer(restants, valeur)
    reussi = chance == 100 or (jet is not None and _resoudre_resistance(chance, jet))
    if not reussi:
        return Assommer(avant, valeur, restants, chance, jet, False, 0, valeur, restants)
    perdus = arrondi_superieur(valeur, 3)
    return Assommer(avant, valeur, restants, chance, jet, True, max(1, 21 - con), perdus, avant - perdus)


def resoudre_assommer(pv: object, degats: object, con: object, jet: object = None) -> Assommer:
    """Resolve a knock-out: out for max(1, 21 - CON) hours, and only ceil(damage / 3) PV lost on waking.

    >>> a = resoudre_assommer(12, 5, 11, 40)
    >>> a.chance, a.assomme, a.heures, a.pv_perdus, a.pv_apres
    (40, True, 10, 2, 10)
    """
    avant, valeur, constitution = _assommer_entrees(pv, degats, con)
    chance = _chance_d_assommer(avant - valeur, valeur)
    if chance in (0, 100):
        return _resoudre_assommer(avant, valeur, constitution, None)
    if jet is None:
        raise InputError(f"Chance d'assommer de {chance} % : il faut un jet de d100.", champ="jet")
    return _resoudre_assommer(avant, valeur, constitution, lire_jet(jet))


def lancer_assommer(
    pv: object, degats: object, con: object, rng: random.Random, jet: int | None = None
) -> Assommer:
    """A knock-out with the d100 read (``jet``) or rolled with ``rng``; no die when the chance is 0 or 100.

    >>> from rules_py.dice import new_rng
    >>> lancer_assommer(12, 0, 11, new_rng(1)).assomme, lancer_assommer(12, 5, 11, new_rng(1), 40).heures
    (False, 10)
    """
    avant, valeur, constitution = _assommer_entrees(pv, degats, con)
    chance = _chance_d_assommer(avant - valeur, valeur)
    if chance in (0, 100):
        return _resoudre_assommer(avant, valeur, constitution, None)
    return _resoudre_assommer(
        avant, valeur, constitution, rng.randint(1, 100) if jet is None else lire_jet(jet)
    )


def probabilite_assommer(pv: object, degats: object) -> Fraction:
    """The exact chance that the blow knocks the victim out.

    >>> probabilite_assommer(12, 5)
    Fraction(2, 5)
    """
    avant, valeur, _ = _assommer_entrees(pv, degats, 0)
    return D100.probability_where(lambda jet: _resoudre_assommer(avant, valeur, 0, jet).assomme)


# -- Règle optionnelle : contre-attaques et ripostes (B10) ----------------------------------------

QUALITE: dict[Resultat, int] = {
    Resultat.REUSSITE_CRITIQUE: 2,
    Resultat.REUSSITE: 1,
    Resultat.ECHEC: 0,
    Resultat.ECHEC_CRITIQUE: 0,
}
"""The quality of a result for the counter-attack: critical > success > failure."""

ECART_POUR_FRAPPER_EN_PREMIER = 20

PREMIERS: tuple[str, ...] = ("attaquant", "contre_attaquant", "simultane", "aucun")
"""Who strikes first in a counter-attack (``aucun``: both missed)."""


def score_rapide(score: object) -> int:
    """The chance of a quick attack, parry or dodge: the skill / 2, rounded up.

    >>> score_rapide(150), score_rapide(55)
    (75, 28)
    """
    return arrondi_superieur(_score(score), 2)


def _premier(resultat_a: Resultat, chance_a: int, resultat_c: Resultat, chance_c: int) -> str:
    qa, qc = QUALITE[resultat_a], QUALITE[resultat_c]
    if qa == qc == 0:
        return "aucun"
    if qa != qc:
        return "attaquant" if qa > qc else "contre_attaquant"
    if chance_a - chance_c >= ECART_POUR_FRAPPER_EN_PREMIER:
        return "attaquant"
    if chance_c - chance_a >= ECART_POUR_FRAPPER_EN_PREMIER:
        return "contre_attaquant"
    return "simultane"


def premier_a_frapper(
    resultat_attaquant: object, chance_attaquant: object, resultat_contre: object, chance_contre: object
) -> str:
    """Who strikes first: the better success; same quality, a chance 20 points higher; else both at once.

    >>> premier_a_frapper("reussite", 55, "reussite", 75)
    'contre_attaquant'
    >>> premier_a_frapper("reussite", 55, "reussite", 74)
    'simultane'
    """
    return _premier(
        _resultat(resultat_attaquant, "resultat_attaquant"),
        _score(chance_attaquant, "chance_attaquant"),
        _resultat(resultat_contre, "resultat_contre"),
        _score(chance_contre, "chance_contre"),
    )


@dataclass(frozen=True, slots=True)
class ContreAttaque:
    """A counter-attack from guard (quick attack, skill / 2) against an attack."""

    chance_attaquant: int
    chance_contre: int
    jet_attaquant: int
    jet_contre: int
    resultat_attaquant: Resultat
    resultat_contre: Resultat
    premier: str
    attaquant_touche: bool
    contre_attaquant_touche: bool


def _contre_attaque(chance_a: int, chance_c: int, jet_a: int, jet_c: int, mode: str) -> ContreAttaque:
    resultat_a, resultat_c = _resoudre_test(chance_a, jet_a, mode), _resoudre_test(chance_c, jet_c, mode)
    return ContreAttaque(
        chance_a,
        chance_c,
        jet_a,
        jet_c,
        resultat_a,
        resultat_c,
        _premier(resultat_a, chance_a, resultat_c, chance_c),
        resultat_a.reussi,
        resultat_c.reussi,
    )


def _entrees_contre(
    chance_attaquant: object, competence_contre: object, mode: object
) -> tuple[int, int, str]:
    return (
        _score(chance_attaquant, "chance_attaquant"),
        arrondi_superieur(_score(competence_contre, "competence_contre"), 2),
        _mode(mode),
    )


def resoudre_contre_attaque(
    chance_attaquant: object,
    competence_contre: object,
    jet_attaquant: object,
    jet_contre: object,
    mode: object = "heroique",
) -> ContreAttaque:
    """Resolve a counter-attack: the attacker's chance, the counter-attacker's skill (halved here).

    >>> c = resoudre_contre_attaque(55, 150, 35, 65)
    >>> c.chance_contre, c.premier
    (75, 'contre_attaquant')
    """
    chance_a, chance_c, genre = _entrees_contre(chance_attaquant, competence_contre, mode)
    return _contre_attaque(
        chance_a,
        chance_c,
        lire_jet(jet_attaquant, "jet_attaquant"),
        lire_jet(jet_contre, "jet_contre"),
        genre,
    )


def lancer_contre_attaque(
    chance_attaquant: object,
    competence_contre: object,
    rng: random.Random,
    mode: object = "heroique",
    jet_attaquant: int | None = None,
    jet_contre: int | None = None,
) -> ContreAttaque:
    """A counter-attack with both d100 read on the table, or rolled with ``rng`` (attacker first).

    >>> from rules_py.dice import new_rng
    >>> lancer_contre_attaque(55, 150, new_rng(2)).premier in PREMIERS
    True
    >>> lancer_contre_attaque(55, 150, new_rng(2), jet_attaquant=35, jet_contre=65).premier
    'contre_attaquant'
    """
    chance_a, chance_c, genre = _entrees_contre(chance_attaquant, competence_contre, mode)
    jet_a = rng.randint(1, 100) if jet_attaquant is None else lire_jet(jet_attaquant, "jet_attaquant")
    jet_c = rng.randint(1, 100) if jet_contre is None else lire_jet(jet_contre, "jet_contre")
    return _contre_attaque(chance_a, chance_c, jet_a, jet_c, genre)


def raison_du_premier(contre: ContreAttaque) -> str:
    """Why this order of blows (B10): two failures, a better quality, or the gap between equal successes.

    >>> raison_du_premier(resoudre_contre_attaque(55, 150, 35, 65))
    'réussites de même qualité, 20 points d’écart (au moins 20)'
    """
    qa, qc = QUALITE[contre.resultat_attaquant], QUALITE[contre.resultat_contre]
    if qa == qc == 0:
        return "deux échecs"
    if qa != qc:
        return "la meilleure réussite frappe en premier"
    ecart = abs(contre.chance_attaquant - contre.chance_contre)
    assez = (
        f"(au moins {ECART_POUR_FRAPPER_EN_PREMIER})"
        if ecart >= ECART_POUR_FRAPPER_EN_PREMIER
        else "seulement"
    )
    return f"réussites de même qualité, {ecart} points d’écart {assez}"


def probabilite_de_reussir(score: object, mode: object = "realiste") -> Fraction:
    """The exact chance that a test succeeds, critical or not (96-100 always fail).

    >>> probabilite_de_reussir(15), probabilite_de_reussir(150, "heroique")
    (Fraction(3, 20), Fraction(19, 20))
    """
    valeur, genre = _score(score), _mode(mode)
    return D100.probability_where(lambda jet: _resoudre_test(valeur, jet, genre).reussi)


def probabilites_contre_attaque(
    chance_attaquant: object, competence_contre: object, mode: object = "heroique"
) -> dict[str, Fraction]:
    """The exact chance of each order of blows, over the 10 000 pairs of d100.

    >>> probabilites_contre_attaque(55, 150)["aucun"]
    Fraction(9, 80)
    """
    chance_a, chance_c, genre = _entrees_contre(chance_attaquant, competence_contre, mode)
    issues = D100.combine(D100, lambda ja, jc: _contre_attaque(chance_a, chance_c, ja, jc, genre).premier)
    return {premier: issues.probability(premier) for premier in PREMIERS}


# -- 4.4 Jets de Scories karmiques (B11) ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BandeDeScories:
    """One row of the slag table: margin range, what is lost (25 % or 50 % of initial PE or PV), KAR gain."""

    marge_min: int
    marge_max: int
    perte: str | None
    pourcentage: int
    gain_de_kar: int
    effet: str

    @property
    def libelle(self) -> str:
        """The margin as the table prints it: ``01-10`` … ``91-100``."""
        return f"{self.marge_min:02d}-{self.marge_max:02d}"


_INDISPOSITION = "Perte de 25% des PE initiaux, légère indisposition (hoquet, mal de tête ou de ventre)."
_ACCIDENT = "Petit accident, perte de 25% des PV initiaux."
_INFARCTUS = "Infarctus ou autre accident de santé grave, perte de 50% des PV initiaux."

TABLE_DES_SCORIES: tuple[BandeDeScories, ...] = (
    BandeDeScories(1, 10, "PE", 25, 5, _INDISPOSITION),
    BandeDeScories(11, 20, "PE", 25, 10, _INDISPOSITION),
    BandeDeScories(21, 30, "PE", 25, 15, _INDISPOSITION),
    BandeDeScories(31, 40, "PE", 25, 20, _INDISPOSITION),
    BandeDeScories(41, 50, "PE", 25, 25, _INDISPOSITION),
    BandeDeScories(51, 60, "PV", 25, 30, _ACCIDENT),
    BandeDeScories(61, 70, "PV", 25, 35, _ACCIDENT),
    BandeDeScories(71, 80, "PV", 50, 40, _INFARCTUS),
    BandeDeScories(81, 90, "PV", 50, 45, _INFARCTUS),
    BandeDeScories(91, 100, None, 0, 50, "Un esprit de maladie (POU=18) possède le personnage."),
)
"""The table of lines 185-195: margin = d100 - KAR, in bands of 10."""


def _bande(kar: int, jet: int) -> BandeDeScories | None:
    marge = jet - kar
    if marge <= 0:
        return None
    return TABLE_DES_SCORIES[(marge - 1) // 10]


def bande_de_scories(kar: object, jet: object) -> BandeDeScories | None:
    """The row of the table for this roll (None when the d100 is at most the KAR).

    >>> bande_de_scories(25, 53).libelle, bande_de_scories(25, 20)
    ('21-30', None)
    """
    return _bande(entier(kar, "KAR", minimum=0), lire_jet(jet))


@dataclass(frozen=True, slots=True)
class Scories:
    """A slag roll: the margin, the row, the PE / PV lost and the KAR after (never above the initial KAR)."""

    kar: int
    kar_initial: int
    jet: int
    marge: int | None
    bande: str | None
    effet: str | None
    perte_pe: int
    perte_pv: int
    gain_de_kar: int
    kar_apres: int


def _resoudre_scories(kar: int, initial: int, pe: int, pv: int, jet: int) -> Scories:
    bande = _bande(kar, jet)
    if bande is None:
        return Scories(kar, initial, jet, None, None, None, 0, 0, 0, kar)
    base = pe if bande.perte == "PE" else pv
    perte = arrondi_superieur(base * bande.pourcentage, 100)
    gain = min(bande.gain_de_kar, initial - kar)
    return Scories(
        kar,
        initial,
        jet,
        jet - kar,
        bande.libelle,
        bande.effet,
        perte if bande.perte == "PE" else 0,
        perte if bande.perte == "PV" else 0,
        gain,
        kar + gain,
    )


def _entrees_scories(
    kar: object, kar_initial: object, pe_initiaux: object, pv_initiaux: object
) -> tuple[int, ...]:
    initial = entier(kar_initial, "kar_initial", minimum=0)
    valeur = entier(kar, "KAR", minimum=0)
    if valeur > initial:
        raise InputError(
            f"Le KAR actuel ({valeur}) ne peut pas dépasser le KAR initial ({initial}).", champ="kar"
        )
    return (
        valeur,
        initial,
        entier(pe_initiaux, "pe_initiaux", minimum=0),
        entier(pv_initiaux, "pv_initiaux", minimum=0),
    )


def resoudre_scories(
    kar: object, kar_initial: object, pe_initiaux: object, pv_initiaux: object, jet: object
) -> Scories:
    """Resolve "tirer ses scories": d100 against the current KAR, then the table.

    >>> s = resoudre_scories(25, 60, 20, 12, 53)
    >>> s.marge, s.perte_pe, s.kar_apres
    (28, 5, 40)
    """
    return _resoudre_scories(*_entrees_scories(kar, kar_initial, pe_initiaux, pv_initiaux), lire_jet(jet))


def lancer_scories(
    kar: object,
    kar_initial: object,
    pe_initiaux: object,
    pv_initiaux: object,
    rng: random.Random,
    jet: int | None = None,
) -> Scories:
    """Tirer ses scories with the d100 read on the table (``jet``) or rolled with ``rng``.

    >>> from rules_py.dice import new_rng
    >>> lancer_scories(100, 100, 20, 12, new_rng(1)).kar_apres
    100
    >>> lancer_scories(25, 60, 20, 12, new_rng(1), 53).kar_apres
    40
    """
    jet = rng.randint(1, 100) if jet is None else lire_jet(jet)
    return _resoudre_scories(*_entrees_scories(kar, kar_initial, pe_initiaux, pv_initiaux), jet)


def probabilites_scories(kar: object) -> dict[str, Fraction]:
    """The exact chance of each row of the table (``aucune``: the d100 is at most the KAR).

    >>> probabilites_scories(25)["aucune"], probabilites_scories(25)["71-80"]
    (Fraction(1, 4), Fraction(1, 20))
    """
    valeur = entier(kar, "KAR", minimum=0)
    bandes = D100.map(lambda jet: _bande(valeur, jet))
    resultat = {"aucune": bandes.probability(None)}
    resultat.update({bande.libelle: bandes.probability(bande) for bande in TABLE_DES_SCORIES})
    return resultat


@dataclass(frozen=True, slots=True)
class RegainAnnonce:
    """The other way: n KAR points regained now, an n % malus that the MJ applies next session."""

    points: int
    kar: int
    kar_initial: int
    kar_apres: int
    malus: int


def annoncer_regain_de_kar(points: object, kar: object, kar_initial: object) -> RegainAnnonce:
    """Record an announced regain of ``points``: at most initial KAR - current KAR.

    >>> annoncer_regain_de_kar(45, 5, 50)
    RegainAnnonce(points=45, kar=5, kar_initial=50, kar_apres=50, malus=45)
    """
    valeur, initial, _, _ = _entrees_scories(kar, kar_initial, 0, 0)
    plafond = initial - valeur
    if plafond == 0:
        raise InputError(
            f"Le KAR est déjà à son score initial ({initial}) : rien à regagner.", champ="points"
        )
    nombre = entier(points, "points", minimum=1)
    if nombre > plafond:
        raise InputError(
            f"On ne peut regagner que {plafond} points de KAR (KAR initial {initial}, actuel {valeur}) : "
            f"{nombre} demandés.",
            champ="points",
        )
    return RegainAnnonce(nombre, valeur, initial, valeur + nombre, nombre)
