"""Aide de jeu, wounds and damage: PV lost (B6) and the damage of a hit that landed (B1), for the counter."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from rules_py.basic_kar import (
    Coup,
    distribution_degats,
    est_une_blessure_grave,
    lancer_coup,
    seuil_de_choc,
)
from rules_py.combat_heroique.actions import _trouver
from rules_py.combat_heroique.round_et_passes import (
    Combattant,
    CoupPorte,
    EtatDeCombat,
)
from rules_py.d100 import Resultat
from rules_py.dice import Distribution
from rules_py.errors import InputError
from rules_py.validation import entier


@dataclass(frozen=True, slots=True)
class Blessure:
    """PV lost by one combatant in one hit, and what follows (B6; 0 PV or less: out of the fight)."""

    nom: str
    degats: int
    pv_avant: int
    pv_apres: int
    grave: bool
    seuil_de_choc: int | None
    hors_de_combat: bool


def blessure(c: Combattant, degats: object) -> Blessure:
    """What one hit of ``degats`` does to ``c`` (PV followed): a serious wound asks a roll under PV x 5.

    >>> from rules_py.combat_heroique import EXEMPLE_YANG_ET_GUO, creer_combat
    >>> yang = replace(creer_combat(EXEMPLE_YANG_ET_GUO).combattants[0], pv_max=14, pv=14)
    >>> b = blessure(yang, 7)
    >>> b.pv_apres, b.grave, b.seuil_de_choc, b.hors_de_combat
    (7, True, 35, False)
    """
    if c.pv is None or c.pv_max is None:
        raise InputError(f"Les PV de {c.nom} ne sont pas suivis : indiquez-les à l'ajout.", champ="degats")
    valeur = entier(degats, "degats", minimum=0)
    apres = c.pv - valeur
    grave = est_une_blessure_grave(c.pv_max, valeur) and valeur > 0
    choc = seuil_de_choc(apres) if grave and apres > 0 else None
    return Blessure(c.nom, valeur, c.pv, apres, grave, choc, apres <= 0)


def blesser(etat: EtatDeCombat, nom: object, degats: object) -> EtatDeCombat:
    """``nom`` loses ``degats`` PV: the new state, with a log line saying what follows.

    >>> from rules_py.combat_heroique import EXEMPLE_YANG_ET_GUO, creer_combat
    >>> e = creer_combat([replace(EXEMPLE_YANG_ET_GUO[0], pv=14), EXEMPLE_YANG_ET_GUO[1]])
    >>> e = blesser(e, "Yang", 7)
    >>> e.combattants[0].pv, e.journal[-1]
    (7, 'Passe 15 : Yang perd 7 PV (14 → 7) — blessure grave : jet sous PV × 5 (35 %) pour rester debout.')
    """
    c = _trouver(etat, nom)
    b = blessure(c, degats)
    ligne = f"Passe {etat.passe} : {c.nom} perd {b.degats} PV ({b.pv_avant} → {b.pv_apres})"
    if b.hors_de_combat:
        ligne += " — hors de combat"
    elif b.seuil_de_choc is not None:
        ligne += f" — blessure grave : jet sous PV × 5 ({b.seuil_de_choc} %) pour rester debout"
    combattants = tuple(replace(x, pv=b.pv_apres) if x.nom == c.nom else x for x in etat.combattants)
    return replace(etat, combattants=combattants, journal=(*etat.journal, ligne + "."))


def coup_porte(etat: EtatDeCombat) -> CoupPorte:
    """The hit whose damage may be rolled now, or a French error saying there is none."""
    if etat.coup is None:
        raise InputError("Aucun coup porté dont lancer les dégâts : une attaque doit d'abord réussir.")
    return etat.coup


def lancer_degats(
    etat: EtatDeCombat,
    arme: object,
    bonus: object,
    armure: object,
    tranchante_ou_empalante: object,
    rng: random.Random,
) -> tuple[EtatDeCombat, Coup, Distribution[int]]:
    """Roll the damage of the hit just landed (:attr:`EtatDeCombat.coup`), as the text says (B1): the
    weapon's dice (doubled on a critical) plus the damage bonus, less the target's armour (ignored by a
    critical of a cutting or impaling weapon); the target loses them as with :func:`blesser`.

    Returns the new state (the hit rolled: no more attack to answer), the hit and the law of its damage.

    >>> from rules_py.combat_heroique import EXEMPLE_YANG_ET_GUO, creer_combat
    >>> e = creer_combat([replace(EXEMPLE_YANG_ET_GUO[0], pv=14), replace(EXEMPLE_YANG_ET_GUO[1], pv=13)])
    >>> e = replace(e, coup=CoupPorte("Yang", "Guo", "critique"))
    >>> e, coup, loi = lancer_degats(e, "1d8+1", "1d3", 2, True, random.Random(3))
    >>> coup.des_arme, coup.des_bonus, coup.degats, e.combattants[1].pv, e.coup
    ((4,), (3,), 13, 0, None)
    >>> e.journal[-2].split(" — ")[1]
    'arme 1d8+1 (4) = 5 × 2 (critique) + bonus 1d3 (3) = 3, armure 2 ignorée : 13 PV.'
    >>> e.journal[-1]
    'Passe 15 : Guo perd 13 PV (13 → 0) — hors de combat.'
    """
    porte = coup_porte(etat)
    if arme is None:
        quoi = f"« Dégâts de l'arme » de {porte.attaquant} n'est pas indiqué"
        raise InputError(f"{quoi} : tapez les dégâts, puis « Blesser ».", champ="arme")
    attaque = {"normale": Resultat.REUSSITE, "critique": Resultat.REUSSITE_CRITIQUE}[porte.issue]
    regles = (arme, bonus, armure, tranchante_ou_empalante)
    coup = lancer_coup(attaque, None, *regles, rng, True)
    loi = distribution_degats(attaque, None, *regles)
    des = {
        q: " ".join(map(str, d)) or "aucun dé"
        for q, d in (("arme", coup.des_arme), ("bonus", coup.des_bonus))
    }
    armure = f", armure {coup.armure} ignorée" if coup.armure_ignoree else f" − {coup.armure} d'armure"
    texte_arme = f"arme {coup.arme} ({des['arme']}) = {coup.total_arme}"
    texte_arme += " × 2 (critique)" * (coup.issue == "critique")
    bonus = f"bonus {coup.bonus} ({des['bonus']}) = {coup.total_bonus}" + (armure if coup.armure else "")
    qui = f"Passe {etat.passe} : dégâts de {porte.attaquant} sur {porte.cible}"
    ligne = f"{qui} — {texte_arme} + {bonus} : {coup.degats} PV."
    lance = replace(etat, attaque_en_cours=None, coup=None, journal=(*etat.journal, ligne))
    return blesser(lance, porte.cible, coup.degats), coup, loi
