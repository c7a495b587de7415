"""Contre-attaques et ripostes, the optional rule (``docs/basic-kar/contre-attaques.md``)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from rules_py.basic_kar.competences import _mode, _resoudre_test
from rules_py.basic_kar.lecture import _resultat, _score
from rules_py.d100 import D100, Resultat, arrondi_superieur, lire_jet

__all__ = [
    "ECART_POUR_FRAPPER_EN_PREMIER",
    "PREMIERS",
    "QUALITE",
    "ContreAttaque",
    "lancer_contre_attaque",
    "premier_a_frapper",
    "probabilite_de_reussir",
    "probabilites_contre_attaque",
    "raison_du_premier",
    "resoudre_contre_attaque",
    "score_rapide",
]


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
