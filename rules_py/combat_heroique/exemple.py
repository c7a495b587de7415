"""Exemple (B9): the duel of Yang and Guo, replayed one action at a time."""

from __future__ import annotations

from dataclasses import dataclass

from rules_py.combat_heroique.action_tentee import agir
from rules_py.combat_heroique.round_et_passes import (
    EtatDeCombat,
    Participant,
    passe_suivante,
)
from rules_py.d100 import Resultat
from rules_py.errors import InputError

# -- 5) Exemple : le duel de Yang et Guo, pas à pas (B9) ----------------------------------------------


@dataclass(frozen=True, slots=True)
class Etape:
    """One action of a worked example: at which pass, who, what (and on whom, with which result)."""

    passe: int
    nom: str
    action: str
    cible: str | None = None
    resultat: str | None = None


EXEMPLE_YANG_ET_GUO: tuple[Participant, ...] = (
    Participant("Yang", "Yang", 12, 12, 3, "moyenne", Resultat.REUSSITE, "init", 3),
    Participant("Guo", "Guo", 11, 11, 3, "moyenne", Resultat.REUSSITE, "init", 2),
)
"""Lines 117-118: Init 12 and 11, swords (FV 3), both succeed and take +1d6: 3 and 2."""

ETAPES_YANG_ET_GUO: tuple[Etape, ...] = (
    Etape(15, "Yang", "se_mettre_en_garde"),
    Etape(13, "Guo", "attaque_rapide", "Yang", "reussite"),
    Etape(13, "Yang", "parade_en_garde", resultat="reussite"),
    Etape(12, "Yang", "attaque_normale", "Guo"),
    Etape(12, "Guo", "parade_rapide"),
    Etape(8, "Guo", "attaque_rapide", "Yang"),
    Etape(6, "Yang", "attaque_rapide", "Guo"),
    Etape(6, "Guo", "parade_rapide"),
)
"""Lines 119-123, one action a step; Yang's parry at 13 is made from his guard."""


def jouer_etape(etat: EtatDeCombat, etape: Etape) -> EtatDeCombat:
    """Count the passes down to the step's pass, then take its action.

    >>> from rules_py.combat_heroique import creer_combat
    >>> etat = creer_combat(EXEMPLE_YANG_ET_GUO)
    >>> for etape in ETAPES_YANG_ET_GUO:
    ...     etat = jouer_etape(etat, etape)
    >>> etat.passe, [c.init for c in etat.combattants]
    (6, [0, 0])
    """
    if etape.passe > etat.passe:
        raise InputError(
            f"La passe {etape.passe} est déjà passée (passe actuelle : {etat.passe}).", champ="passe"
        )
    while etat.passe > etape.passe:
        etat = passe_suivante(etat)
    return agir(etat, etape.nom, etape.action, cible=etape.cible, resultat=etape.resultat)
