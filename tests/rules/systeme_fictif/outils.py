"""Oriflamme's one tool: the threshold roll (importing this module registers it)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Annotated, Any

from rules_py.outils.champs import Champ
from rules_py.outils.registre import outil
from tests.rules.systeme_fictif import ORIFLAMME, reussit


@dataclass(frozen=True, slots=True)
class EntreesSeuil:
    seuil: Annotated[int, Champ("Seuil", minimum=2, maximum=12)] = 7
    des: Annotated[list[int] | None, Champ("Dés lus", lu=True)] = None


@outil(ORIFLAMME, "seuil-oriflamme", "Jet de seuil", "Deux d6 contre un seuil.", "oriflamme.seuil", "Lancer")
def seuil(entrees: EntreesSeuil, rng: random.Random) -> dict[str, Any]:
    """Roll (or read) two d6 against the threshold."""
    des = entrees.des if entrees.des is not None else [rng.randint(1, 6), rng.randint(1, 6)]
    succes = reussit(des, entrees.seuil)
    texte = f"{des[0]} + {des[1]} contre {entrees.seuil} : {'réussite' if succes else 'échec'}."
    return {"reussite": succes, "tires": {"des": des}, "affichage": [{"type": "texte", "texte": texte}]}
