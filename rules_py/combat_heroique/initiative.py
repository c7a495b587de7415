"""Principes (B8): the Init, and the *Combat héroïque* roll of the first round with its effect."""

from __future__ import annotations

import random
from dataclasses import dataclass

from rules_py.basic_kar import resoudre_test
from rules_py.combat_heroique.lecture import _resultat
from rules_py.d100 import Resultat, arrondi_superieur, lire_jet
from rules_py.errors import InputError
from rules_py.validation import choix, entier

# -- 1) Principes : Init, jet de Combat héroïque au premier round (B8) -----------------------------

CARACTERISTIQUES: tuple[str, ...] = ("INT", "DEX")
"""For a creature whose INT or DEX is not significant, the Init is the other one alone."""

CHOIX_DU_PREMIER_ROUND: tuple[str, ...] = ("init", "garde")
"""After a plain success: +1d6 to the Init, or on guard at the start of the combat."""


def init_de_base(intelligence: object, dexterite: object, caracteristique: object = None) -> int:
    """The Init: (INT + DEX) / 2 rounded up, or the one significant characteristic of a creature.

    >>> init_de_base(12, 11), init_de_base(None, 14, "DEX")
    (12, 14)
    """
    if caracteristique is None:
        return arrondi_superieur(
            entier(intelligence, "INT", minimum=0) + entier(dexterite, "DEX", minimum=0), 2
        )
    seule = choix(caracteristique, "caracteristique", CARACTERISTIQUES)
    return entier(intelligence if seule == "INT" else dexterite, seule, minimum=0)


def resoudre_jet_de_combat_heroique(score: object, jet: object) -> Resultat:
    """The first-round roll of *Combat héroïque*: B2 thresholds, and 96-100 is the -1d6 case in every mode.

    >>> resoudre_jet_de_combat_heroique(60, 3), resoudre_jet_de_combat_heroique(100, 97)
    (<Resultat.REUSSITE_CRITIQUE: 'reussite_critique'>, <Resultat.ECHEC_CRITIQUE: 'echec_critique'>)
    """
    return resoudre_test(score, jet, "realiste")


@dataclass(frozen=True, slots=True)
class EffetDuPremierRound:
    """What the first-round roll gives for the whole combat: an Init bonus (or malus) and the guard."""

    bonus_init: int
    en_garde: bool


def _d6(valeur: object) -> int:
    if valeur is None:
        raise InputError("Il faut le résultat du d6.", champ="d6")
    return entier(valeur, "d6", minimum=1, maximum=6)


def effet_du_premier_round(
    resultat: object, choix_du_joueur: object = None, d6: object = None
) -> EffetDuPremierRound:
    """Critical: +1d6 and on guard; success: +1d6 or on guard (the player's choice); 96-100: -1d6.

    ``d6`` and the choice are read only when the result uses them.

    >>> effet_du_premier_round("reussite", "init", 3), effet_du_premier_round("echec_critique", None, 4)
    (EffetDuPremierRound(bonus_init=3, en_garde=False), EffetDuPremierRound(bonus_init=-4, en_garde=False))
    """
    valeur = _resultat(resultat, "resultat")
    if valeur is Resultat.REUSSITE_CRITIQUE:
        return EffetDuPremierRound(_d6(d6), True)
    if valeur is Resultat.ECHEC_CRITIQUE:
        return EffetDuPremierRound(-_d6(d6), False)
    if valeur is Resultat.ECHEC:
        return EffetDuPremierRound(0, False)
    if choix(choix_du_joueur, "choix", CHOIX_DU_PREMIER_ROUND) == "garde":
        return EffetDuPremierRound(0, True)
    return EffetDuPremierRound(_d6(d6), False)


@dataclass(frozen=True, slots=True)
class PremierRound:
    """A rolled first-round test: the d100, its result, the choice kept and the d6 (None if unused)."""

    jet: int
    resultat: Resultat
    choix: str | None
    d6: int | None


def utilise_le_d6(resultat: Resultat, choix_du_joueur: str) -> bool:
    """Whether the first-round result calls for the 1d6: critical, 96-100, or a success taken as +1d6.

    >>> utilise_le_d6(Resultat.REUSSITE, "garde"), utilise_le_d6(Resultat.ECHEC_CRITIQUE, "garde")
    (False, True)
    """
    if resultat is Resultat.REUSSITE:
        return choix_du_joueur != "garde"
    return resultat is not Resultat.ECHEC


def _lancer(rng: random.Random | None, faces: int, champ: str) -> int:
    if rng is None:
        raise InputError(f"Il faut le résultat du {'1d100' if faces == 100 else '1d6'}.", champ=champ)
    return rng.randint(1, faces)


def lancer_premier_round(
    score: object,
    rng: random.Random | None,
    choix_du_joueur: object = "init",
    *,
    jet: int | None = None,
    d6: int | None = None,
) -> PremierRound:
    """The *Combat héroïque* test: the d100 ``jet`` read on the table or rolled with ``rng``, then the
    1d6 (``d6`` read, or rolled) only when the result calls for it. With no ``rng``, every die used
    must be given.

    >>> from rules_py.dice import new_rng
    >>> lancer_premier_round(50, new_rng(3), "init")
    PremierRound(jet=31, resultat=<Resultat.REUSSITE: 'reussite'>, choix='init', d6=5)
    >>> lancer_premier_round(50, new_rng(3), "garde", jet=30, d6=4)
    PremierRound(jet=30, resultat=<Resultat.REUSSITE: 'reussite'>, choix='garde', d6=None)
    """
    valeur = entier(score, "score", minimum=0)
    retenu = choix(choix_du_joueur, "choix", CHOIX_DU_PREMIER_ROUND)
    jet = _lancer(rng, 100, "jet") if jet is None else lire_jet(jet, "jet")
    resultat = resoudre_test(valeur, jet, "realiste")
    if not utilise_le_d6(resultat, retenu):
        return PremierRound(jet, resultat, retenu if resultat is Resultat.REUSSITE else None, None)
    d6 = _lancer(rng, 6, "d6") if d6 is None else _d6(d6)
    return PremierRound(jet, resultat, retenu if resultat is Resultat.REUSSITE else None, d6)
