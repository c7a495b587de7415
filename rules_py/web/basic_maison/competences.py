"""The tools of the page « Compétences »: skill against skill outside combat, then the level in a
language."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Annotated, Any

from rules_py import basic_maison as bm
from rules_py.outils.champs import Champ
from rules_py.web import affichage as af
from rules_py.web.basic_maison.commun import _outil, jet_lu
from rules_py.web.basic_maison.tests import _opposition, _reponse_de_test, circonstance
from rules_py.web.commun import pour_cent

# == Compétence contre compétence ===============================================


@dataclass(frozen=True, slots=True)
class EntreesOpposition:
    """The active skill (Discrétion …), the passive one (Perception …), a circumstance, the d100 read."""

    active: Annotated[int, Champ("Compétence active (%)", minimum=0, aide="Par exemple Discrétion.")] = 60
    passive: Annotated[int, Champ("Compétence passive (%)", minimum=0, aide="Par exemple Perception.")] = 45
    circonstance: Annotated[int, circonstance()] = 0
    jet: Annotated[int | None, jet_lu()] = None


@_outil(
    "opposition-basic",
    "Compétence contre compétence",
    "Oppose deux compétences hors combat : chances = active − passive + 50, puis un test.",
    "basic.opposition",
    "Lancer l'opposition",
)
def opposition(entrees: EntreesOpposition, rng: random.Random) -> dict[str, Any]:
    """Skill against skill: chance = active − passive + 50, then a test (A3) under that chance."""
    modificateur = entrees.circonstance
    chance = bm.chance_d_opposition(entrees.active, entrees.passive, modificateur)
    calcul = _opposition(entrees.active, entrees.passive, modificateur)
    entete = {
        "active": entrees.active,
        "passive": entrees.passive,
        "circonstance": modificateur,
        "chance": chance,
    }
    seuils = bm.seuils_de_chance(chance)  # the attack's rule: 01-03 succeed whatever the chance (A3)
    return _reponse_de_test(entete, f"Chances de l'opposition : {calcul}", seuils, False, entrees.jet, rng)


# == Langue =====================================================================


@dataclass(frozen=True, slots=True)
class EntreesLangue:
    """The value of the skill Langue for one language."""

    langue: Annotated[int, Champ("Langue (%)", minimum=0, aide="La compétence dans cette langue.")] = 40


def _plage_de_langue(niveau: bm.NiveauDeLangue) -> str:
    plage = f"{niveau.minimum}–{niveau.maximum}" if niveau.maximum else str(niveau.minimum)
    return f"{plage}{af.ESPACE_FINE}%" + ("" if niveau.maximum else " et plus")


@_outil(
    "langue-basic",
    "Niveau dans une langue",
    "Lit ce que permet la compétence Langue : mots, phrases, conversations ou éloquence.",
    "basic.langue",
    "Lire le niveau",
)
def langue(entrees: EntreesLangue, rng: random.Random) -> dict[str, Any]:
    """The skill Langue → what the character can say: the band of the text."""
    niveau = bm.niveau_de_langue(entrees.langue)
    texte = niveau.niveau if niveau else "aucune bande du texte (elles commencent à 1\u202f%)"
    return {
        "langue": entrees.langue,
        "niveau": niveau,
        "affichage": [
            af.texte(f"Langue {pour_cent(entrees.langue)} : {texte}.", "resultat"),
            af.tableau(
                ("Langue", "Le personnage peut…"),
                [[_plage_de_langue(n), n.niveau] for n in bm.NIVEAUX_DE_LANGUE],
                surligne=bm.NIVEAUX_DE_LANGUE.index(niveau) if niveau else None,
            ),
        ],
    }
