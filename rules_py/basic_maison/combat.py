"""Page « Combat »: the chance to hit, attack results, opposition, a round's actions, damage."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from rules_py.basic_maison.competences import est_expert
from rules_py.basic_maison.lecture import _des, _total
from rules_py.basic_maison.tests import _circonstance, _malus, _resultat, _seuils
from rules_py.d100 import D100, Resultat, arrondi_superieur, lire_jet
from rules_py.dice import Distribution, Expression, critical, distribution, parse, roll
from rules_py.errors import InputError, RulesError
from rules_py.validation import booleen, entier

# == Combat =====================================================================


def chance_de_toucher(
    att: int,
    defense: int,
    circonstance: int = 0,
    *,
    attaquant_affaibli: bool = False,
    defenseur_affaibli: bool = False,
) -> int:
    """The chance to hit: ATT - (PAR or Esquive) + 50 (A5), plus a circumstance; -30 to a weakened side.

    >>> chance_de_toucher(65, 35), chance_de_toucher(35, 65), chance_de_toucher(65, 35, -20)
    (80, 20, 60)
    """
    attaque = entier(att, "ATT", minimum=0) + _malus(attaquant_affaibli, "attaquant_affaibli")
    parade = entier(defense, "defense", minimum=0) + _malus(defenseur_affaibli, "defenseur_affaibli")
    return attaque - parade + 50 + _circonstance(circonstance)


class ResultatDAttaque(StrEnum):
    """The results of an attack roll, in decreasing quality; a special success is also a critical (A5)."""

    REUSSITE_SPECIALE = "reussite_speciale"
    REUSSITE_CRITIQUE = "reussite_critique"
    REUSSITE = "reussite"
    ECHEC = "echec"
    ECHEC_CRITIQUE = "echec_critique"

    @property
    def touche(self) -> bool:
        """True when the attack hits."""
        return self in (
            ResultatDAttaque.REUSSITE_SPECIALE,
            ResultatDAttaque.REUSSITE_CRITIQUE,
            ResultatDAttaque.REUSSITE,
        )

    @property
    def critique(self) -> bool:
        """True when the damage is doubled (a critical, special or not)."""
        return self in (ResultatDAttaque.REUSSITE_SPECIALE, ResultatDAttaque.REUSSITE_CRITIQUE)


def _resultat_d_attaque(chance: int, jet: int) -> ResultatDAttaque:
    """A3 on the chance to hit, then a critical at roll <= ceil(chance / 25) is also special."""
    resultat = _resultat(_seuils(chance), jet)
    if resultat is Resultat.REUSSITE_CRITIQUE and jet <= arrondi_superieur(chance, 25):
        return ResultatDAttaque.REUSSITE_SPECIALE
    return ResultatDAttaque(resultat.value)


def resoudre_attaque(chance: int, jet: int) -> ResultatDAttaque:
    """The result of an attack roll against the chance to hit (A5: critical 1/10, special 1/25).

    >>> [resoudre_attaque(80, jet).value for jet in (4, 5, 8, 9, 80, 81, 99)]
    ['reussite_speciale', 'reussite_critique', 'reussite_critique', 'reussite', 'reussite', 'echec', 'echec']
    """
    return _resultat_d_attaque(entier(chance, "chance"), lire_jet(jet))


def probabilites_d_attaque(chance: int) -> dict[ResultatDAttaque, Fraction]:
    """The exact chance of each attack result, by the resolver applied to the 100 faces.

    >>> probabilites_d_attaque(80)[ResultatDAttaque.REUSSITE_SPECIALE]
    Fraction(1, 25)
    """
    valeur = entier(chance, "chance")
    issues = D100.map(lambda jet: _resultat_d_attaque(valeur, jet))
    return {resultat: issues.probability(resultat) for resultat in ResultatDAttaque}


@dataclass(frozen=True, slots=True)
class JetDAttaque:
    """A rolled attack: the d100, the chance to hit, the result."""

    jet: int
    chance: int
    resultat: ResultatDAttaque


def lancer_attaque(chance: int, rng: random.Random) -> JetDAttaque:
    """Roll an attack with ``rng``."""
    valeur = entier(chance, "chance")
    jet = rng.randint(1, 100)
    return JetDAttaque(jet, valeur, _resultat_d_attaque(valeur, jet))


def chance_d_opposition(active: int, passive: int, circonstance: int = 0) -> int:
    """Skill against skill outside combat: the text's opposition roll, active - passive + 50.

    >>> chance_d_opposition(60, 45), chance_d_opposition(30, 70, 20)
    (65, 30)
    """
    actif = entier(active, "compétence active", minimum=0)
    return actif - entier(passive, "compétence passive", minimum=0) + 50 + _circonstance(circonstance)


@dataclass(frozen=True, slots=True)
class NiveauDeLangue:
    """A band of the skill Langue and what the character can do with the language."""

    minimum: int
    maximum: int | None
    niveau: str


NIVEAUX_DE_LANGUE: tuple[NiveauDeLangue, ...] = (
    NiveauDeLangue(1, 25, "quelques mots simples"),
    NiveauDeLangue(26, 50, "des phrases simples"),
    NiveauDeLangue(51, 75, "des conversations ordinaires"),
    NiveauDeLangue(76, None, "capable de s'exprimer avec éloquence"),
)


def niveau_de_langue(valeur: int) -> NiveauDeLangue | None:
    """The band of a Langue skill (1-25, 26-50, 51-75, 76 and more); ``None`` at 0 %, below the text's bands.

    >>> niveau_de_langue(25).niveau, niveau_de_langue(76).niveau, niveau_de_langue(0)
    ('quelques mots simples', "capable de s'exprimer avec éloquence", None)
    """
    score = entier(valeur, "Langue", minimum=0)
    return next((n for n in reversed(NIVEAUX_DE_LANGUE) if score >= n.minimum), None)


def nombre_d_attaques(att: int) -> int:
    """Attacks per round with a weapon: 2 from 80 % (EXPERT), else 1.

    >>> nombre_d_attaques(79), nombre_d_attaques(80)
    (1, 2)
    """
    return 2 if est_expert(entier(att, "ATT", minimum=0)) else 1


ACTIONS_DU_ROUND: tuple[str, ...] = (
    "Deux actions par round : un déplacement et une action d'attaque.",
    "Une action de parade gratuite.",
    "Le port d'un bouclier accorde une action de parade supplémentaire.",
    "Un personnage esquivant ne peut pas attaquer.",
    "D'autres actions sont gratuites, comme parler.",
    "EXPERT (80 % dans une arme) : deux attaques avec cette arme.",
)


@dataclass(frozen=True, slots=True)
class ActionsDuRound:
    """What a combatant may do in one round."""

    deplacements: int
    attaques: int
    parades: int


def actions_du_round(
    att: int, *, bouclier: bool = False, esquive: bool = False, arme_sans_parade: bool = False
) -> ActionsDuRound:
    """One move, one attack (two when EXPERT, none when dodging), the free parry and the shield's.

    A weapon marked « pas de parade » cannot parry: its free parry is lost, and with it the shield's,
    which the text grants only as « une action de parade supplémentaire » to the free one.

    >>> actions_du_round(85, bouclier=True)
    ActionsDuRound(deplacements=1, attaques=2, parades=2)
    >>> actions_du_round(50, esquive=True, arme_sans_parade=True)
    ActionsDuRound(deplacements=1, attaques=0, parades=0)
    >>> actions_du_round(50, bouclier=True, arme_sans_parade=True).parades
    0
    """
    attaques = nombre_d_attaques(att)
    parade_de_l_arme = 0 if booleen(arme_sans_parade, "arme_sans_parade") else 1
    parade_du_bouclier = parade_de_l_arme if booleen(bouclier, "bouclier") else 0
    return ActionsDuRound(
        1, 0 if booleen(esquive, "esquive") else attaques, parade_de_l_arme + parade_du_bouclier
    )


def _expression(texte: object, champ: str) -> Expression:
    """A dice expression read from ``texte``; errors name ``champ``."""
    try:
        return parse(texte)  # type: ignore[arg-type]
    except RulesError as erreur:
        erreur.champ = erreur.champ or champ
        raise


def expression_des_degats(arme: str, critique: bool = False) -> Expression:
    """The weapon's damage expression, rolled twice on a critical (A6).

    >>> str(expression_des_degats("1d3+2", critique=True))
    '2d3+4'
    """
    expression = _expression(arme, "arme")
    return critical(expression) if booleen(critique, "critique") else expression


def degats_finals(total: int, pa: int) -> int:
    """The damage dealt: weapon + modifier total minus armour, never below 0 (A6).

    >>> degats_finals(7, 3), degats_finals(2, 4)
    (4, 0)
    """
    return max(0, total - pa)


@dataclass(frozen=True, slots=True)
class Degats:
    """A damage roll: weapon dice (doubled on a critical), modifier dice added once, armour, damage dealt."""

    arme: str
    des_arme: tuple[int, ...]
    total_arme: int
    modificateur: str
    des_modificateur: tuple[int, ...]
    total_modificateur: int
    pa: int
    critique: bool
    degats: int


def resoudre_degats(
    arme: str,
    des_arme: Sequence[int],
    *,
    modificateur: str = "0",
    des_modificateur: Sequence[int] = (),
    pa: int = 0,
    critique: bool = False,
) -> Degats:
    """The damage made of dice read on the table: weapon (twice on a critical) + modifier - PA, at least 0.

    >>> resoudre_degats("1d3+2", [1, 3], modificateur="+1d4", des_modificateur=[2], pa=2, critique=True)
    Degats(arme='2d3+4', des_arme=(1, 3), total_arme=8, modificateur='1d4', des_modificateur=(2,), \
total_modificateur=2, pa=2, critique=True, degats=8)
    """
    expression = expression_des_degats(arme, critique)
    bonus = _expression(modificateur, "modificateur")
    armure = entier(pa, "PA", minimum=0)
    total_arme = _total(expression, des_arme, "des_arme")
    total_modificateur = _total(bonus, des_modificateur, "des_modificateur")
    return Degats(
        str(expression),
        _des(des_arme, "des_arme"),
        total_arme,
        str(bonus),
        _des(des_modificateur, "des_modificateur"),
        total_modificateur,
        armure,
        critique,
        degats_finals(total_arme + total_modificateur, armure),
    )


def degats_lus(
    arme: str, des: Sequence[int], modificateur: str = "0", pa: int = 0, critique: bool = False
) -> Degats:
    """The damage from dice read in one row: the weapon's (twice as many on a critical), then the modifier's.

    >>> degats_lus("1d3+2", [1, 3, 2], "+1d4", pa=2, critique=True).degats
    8
    >>> degats_lus("1d3+2", [1], "+1d4")
    Traceback (most recent call last):
    ...
    rules_py.errors.InputError: Il faut 2 dés de dégâts : 1 pour 1d3+2 puis 1 pour le modificateur +1d4 \
(1 lu).
    """
    n_arme = sum(d.count for _, d in expression_des_degats(arme, critique).dice)
    n_bonus = sum(d.count for _, d in _expression(modificateur, "modificateur").dice)
    if len(des) != n_arme + n_bonus:
        detail = f"{n_arme} pour {expression_des_degats(arme, critique)}"
        detail += f" puis {n_bonus} pour le modificateur {modificateur}" if n_bonus else ""
        pluriel, lus = "s" if n_arme + n_bonus > 1 else "", "s" if len(des) > 1 else ""
        raise InputError(
            f"Il faut {n_arme + n_bonus} dé{pluriel} de dégâts : {detail} ({len(des)} lu{lus}).", champ="des"
        )
    try:
        return resoudre_degats(
            arme,
            des[:n_arme],
            modificateur=modificateur,
            des_modificateur=des[n_arme:],
            pa=pa,
            critique=critique,
        )
    except RulesError as erreur:
        erreur.champ = "des"
        raise


@dataclass(frozen=True, slots=True)
class SeuilsDAttaque:
    """The last face of a special success and of a critical (0: none), the first of a maladresse (None)."""

    seuil_special: int
    seuil_critique: int
    seuil_maladresse: int | None


def seuils_d_attaque(chance: int) -> SeuilsDAttaque:
    """The last face of a special success and of a critical (0: none), the first of a maladresse (None: none).

    >>> seuils_d_attaque(80), seuils_d_attaque(20), seuils_d_attaque(-30)
    (SeuilsDAttaque(seuil_special=4, seuil_critique=8, seuil_maladresse=None), \
SeuilsDAttaque(seuil_special=1, seuil_critique=2, seuil_maladresse=40), \
SeuilsDAttaque(seuil_special=0, seuil_critique=0, seuil_maladresse=4))
    """
    valeur = entier(chance, "chance")
    faces = {r: [j for j in range(1, 101) if _resultat_d_attaque(valeur, j) is r] for r in ResultatDAttaque}
    critiques = faces[ResultatDAttaque.REUSSITE_SPECIALE] + faces[ResultatDAttaque.REUSSITE_CRITIQUE]
    return SeuilsDAttaque(
        max(faces[ResultatDAttaque.REUSSITE_SPECIALE], default=0),
        max(critiques, default=0),
        min(faces[ResultatDAttaque.ECHEC_CRITIQUE], default=None),
    )


def distribution_des_degats(
    arme: str, modificateur: str = "0", pa: int = 0, critique: bool = False
) -> Distribution[int]:
    """The exact distribution of the damage dealt, by :func:`degats_finals` over every total.

    >>> distribution_des_degats("1d3+2", pa=3).probabilities()
    {0: Fraction(1, 3), 1: Fraction(1, 3), 2: Fraction(1, 3)}
    """
    expression = expression_des_degats(arme, critique)
    bonus = _expression(modificateur, "modificateur")
    armure = entier(pa, "PA", minimum=0)
    totaux = distribution(expression) + distribution(bonus)
    return totaux.map(lambda total: degats_finals(total, armure)).sorted()


def lancer_degats(
    arme: str, rng: random.Random, modificateur: str = "0", pa: int = 0, critique: bool = False
) -> Degats:
    """Roll the damage with ``rng`` and resolve it as :func:`resoudre_degats`."""
    expression = expression_des_degats(arme, critique)
    bonus = _expression(modificateur, "modificateur")
    entier(pa, "PA", minimum=0)
    return resoudre_degats(
        arme,
        roll(expression, rng).dice,
        modificateur=modificateur,
        des_modificateur=roll(bonus, rng).dice,
        pa=pa,
        critique=critique,
    )
