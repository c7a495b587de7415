"""El Toto's tools, I. Règles de base, « Points de vie » and « Énergie » (C2, C3, page ``regles-de-base.md``).

Not in :mod:`.regles_de_base`: its tool registers after the combat page's Lancer and Bagarre
(:mod:`.potentiel`), as it always did (the order of the tools' index).
"""

from __future__ import annotations

import dataclasses
import random
from typing import Annotated, Any

from rules_py import el_toto as et
from rules_py.web import affichage as af
from rules_py.web.el_toto.mots_et_blocs import _champ, _outil

RESUME_ENERGIE = "Calcule les points d'Énergie, le plafond par jet et les points de vie d'un personnage."


@dataclasses.dataclass(frozen=True, slots=True)
class EntreesEnergie:
    hargne: Annotated[int, _champ("Hargne")] = 3
    trempe: Annotated[int, _champ("Trempe")] = 2
    survie: Annotated[int, _champ("Survie")] = 4
    resistance: Annotated[int, _champ("Résistance")] = 3


@_outil("energie-el-toto", "Énergie et points de vie", RESUME_ENERGIE, "toto.energie", "Calculer")
def energie(entrees: EntreesEnergie, rng: random.Random) -> dict[str, Any]:
    """Énergie points, the cap per roll (Hargne or Survie) and the Points de Vie."""
    hargne, trempe, survie, resistance = (entrees.hargne, entrees.trempe, entrees.survie, entrees.resistance)
    points = et.points_d_energie(hargne, trempe, survie)
    vie = et.points_de_vie(resistance, hargne)
    n = af.nombre
    lignes = [
        ("Points d'Énergie", f"{n(hargne)} + {n(trempe)} + {n(survie)} = {n(points)}"),
        ("Plafond par jet si le MJ désigne la Hargne", n(hargne)),
        ("Plafond par jet si le MJ désigne la Survie", n(survie)),
        ("Points de vie", f"{n(resistance)} × 2 + {n(hargne)} + 5 = {n(vie)}"),
    ]
    return {
        "points_d_energie": points,
        "plafond_hargne": hargne,
        "plafond_survie": survie,
        "points_de_vie": vie,
        "affichage": [
            af.texte(f"{n(points)} points d'Énergie ; {n(vie)} points de vie.", "resultat"),
            af.valeurs(lignes),
            af.texte("Chaque point d'Énergie dépensé ajoute un dé au jet.", "note"),
        ],
    }
