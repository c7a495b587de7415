"""Utilisation des compétences (4.1, ``docs/basic-kar/competences.md``).

The simple test (maladresse or KAR roll, critical success), the critical in
combat (how a hit ends, its damage) and the opposed roll on the resistance table.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from rules_py.basic_kar.lecture import _score
from rules_py.d100 import D100, Resultat, arrondi_superieur, lire_jet, probabilites
from rules_py.dice import Distribution
from rules_py.errors import InputError
from rules_py.validation import choix, entier

__all__ = [
    "MALADRESSE_DES",
    "MODES",
    "NOTE_SORTILEGES",
    "PERTE_DE_KAR",
    "JetDeKar",
    "JetDeTest",
    "SeuilsDeTest",
    "demande_un_jet_de_kar",
    "distribution_kar_apres",
    "lancer_test",
    "probabilite_de_garder_le_kar",
    "probabilite_perte_de_kar",
    "probabilites_test",
    "resoudre_jet_de_kar",
    "resoudre_test",
    "resoudre_test_et_kar",
    "seuil_critique",
    "seuils_du_test",
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
