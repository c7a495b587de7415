"""El Toto's tools, II. Combat, « Potentiel de combat » (page ``combat.md``): the Lancer and Bagarre pools."""

from __future__ import annotations

import dataclasses
import random
from typing import Annotated, Any

from rules_py import el_toto as et
from rules_py.web import affichage as af
from rules_py.web.el_toto.mots_et_blocs import _champ, _lu, _outil, des_en_mots
from rules_py.web.el_toto.regles_de_base import _jet_de_reserve

CHANCES = "(ou lit ceux de la table), avec la chance de chaque nombre de réussites."


@dataclasses.dataclass(frozen=True, slots=True)
class EntreesLancer:
    force: Annotated[int, _champ("Force")] = 2
    lancer: Annotated[int, _champ("Lancer")] = 3
    faces: Annotated[list[int] | None, _lu("Dés lus sur la table", "")] = None


@dataclasses.dataclass(frozen=True, slots=True)
class EntreesBagarre:
    hargne: Annotated[int, _champ("Hargne")] = 3
    agresser: Annotated[int, _champ("Agresser")] = 2
    faces: Annotated[list[int] | None, _lu("Dés lus sur la table", "")] = None


def _pool(nom: str, scores: tuple[str, str], nombre: int, entrees: Any, rng: random.Random) -> dict[str, Any]:
    """The pool of two scores, rolled (or read) like any pool of El Toto."""
    valeurs = [af.nombre(getattr(entrees, s.lower())) for s in scores]
    calcul = f"{scores[0]} {valeurs[0]} + {scores[1]} {valeurs[1]} = {des_en_mots(nombre)}"
    return _jet_de_reserve(nombre, entrees, rng, scores[1].lower(), [(f"Dés de {nom}", calcul)])


@_outil("lancer-el-toto", "Lancer", f"Lance Force + Lancer dés {CHANCES}", "toto.lancer", "Lancer")
def lancer(entrees: EntreesLancer, rng: random.Random) -> dict[str, Any]:
    """A throw: Force + Lancer dice, rolled or read, with the exact odds of its successes."""
    return _pool("Lancer", ("Force", "Lancer"), et.des_de_lancer(entrees.force, entrees.lancer), entrees, rng)


@_outil("bagarre-el-toto", "Bagarre", f"Lance Hargne + Agresser dés {CHANCES}", "toto.bagarre", "Lancer")
def bagarre(entrees: EntreesBagarre, rng: random.Random) -> dict[str, Any]:
    """A brawl: Hargne + Agresser dice, rolled or read, with the exact odds of its successes."""
    nombre = et.des_de_bagarre(entrees.hargne, entrees.agresser)
    return _pool("Bagarre", ("Hargne", "Agresser"), nombre, entrees, rng)
