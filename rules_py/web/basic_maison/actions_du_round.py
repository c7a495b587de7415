"""The tool of the page « Combat » that counts the actions of a round. It has a module of its own, apart
from the attack's (:mod:`rules_py.web.basic_maison.combat`), because it registers after the initiative's
tool: the order of the tools' index and of ``python -m rules_py outils``."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Annotated, Any

from rules_py import basic_maison as bm
from rules_py.outils.champs import Champ
from rules_py.web import affichage as af
from rules_py.web.basic_maison.commun import _outil
from rules_py.web.commun import champs_de, pour_cent

# == Actions d'un round =========================================================


@dataclass(frozen=True, slots=True)
class EntreesRound:
    """The weapon's ATT (EXPERT from 80 %), a shield, a dodge, a weapon that cannot parry."""

    att: Annotated[int, Champ("ATT (%)", minimum=0, aide="Dans l'arme utilisée ; EXPERT dès 80\u202f%.")] = 50
    bouclier: Annotated[bool, Champ("Porte un bouclier")] = False
    esquive: Annotated[bool, Champ("Esquive ce round")] = False
    sans_parade: Annotated[bool, Champ("Arme sans parade", aide="Épée à 2 mains, hallebarde…")] = False


@_outil(
    "actions-du-round-basic",
    "Actions d'un round",
    "Compte les actions d'un round : déplacement, attaques (deux si EXPERT), parades, esquive.",
    "basic.actions_du_round",
    "Compter les actions",
)
def actions_du_round(entrees: EntreesRound, rng: random.Random) -> dict[str, Any]:
    """What a combatant may do this round: one move, attacks (none when dodging), parries."""
    actions = bm.actions_du_round(
        entrees.att, bouclier=entrees.bouclier, esquive=entrees.esquive, arme_sans_parade=entrees.sans_parade
    )
    expert = bm.est_expert(entrees.att)
    notes = {
        "Un déplacement et une action d'attaque ; d'autres actions sont gratuites, comme parler.": True,
        f"ATT {pour_cent(entrees.att)} : EXPERT, deux attaques avec cette arme.": expert,
        "Un personnage qui esquive ne peut pas attaquer.": entrees.esquive,
        "Le bouclier accorde une parade de plus.": entrees.bouclier and not entrees.sans_parade,
        "Cette arme ne pare pas : pas de parade gratuite avec elle.": entrees.sans_parade,
        "La parade du bouclier s’ajoute à la parade gratuite : sans elle, pas de parade.": (
            entrees.bouclier and entrees.sans_parade
        ),
    }
    attaques, parades = (
        f"{n} {nom}{'s' * (n > 1)}" for n, nom in ((actions.attaques, "attaque"), (actions.parades, "parade"))
    )
    texte = af.texte(f"Ce round : {actions.deplacements} déplacement, {attaques}, {parades}.", "resultat")
    notes_du_round = af.liste(note for note, oui in notes.items() if oui)
    return {**champs_de(actions), "expert": expert, "affichage": [texte, notes_du_round]}
