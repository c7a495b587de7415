"""El Toto's tools, II. Combat, « Blessures et malus » (C7, page ``combat.md``): a wound and its malus."""

from __future__ import annotations

import dataclasses
import random
from typing import Annotated, Any

from rules_py import el_toto as et
from rules_py.web import affichage as af
from rules_py.web.el_toto.duel import AIDE_VIE
from rules_py.web.el_toto.mots_et_blocs import (
    DES,
    SAIGNEMENT,
    _blessure_en_mots,
    _champ,
    _outil,
    des_en_mots,
)


def _plage_en_texte(premier: int, dernier: int | None) -> str:
    if dernier is None:
        return f"{af.nombre(premier)} et plus"
    if premier == dernier:
        return af.nombre(premier)
    separateur = " ou " if dernier == premier + 1 else " à "
    return f"{af.nombre(premier)}{separateur}{af.nombre(dernier)}"


def _tableau_blessures(vie: int, gravite: et.Gravite) -> af.Bloc:
    plages = et.plages_de_blessure(vie)

    def malus(des: int | None) -> str:
        return "autant de dés que de PV perdus" if des is None else des_en_mots(des) if des else "aucun"

    return af.tableau(
        ["Blessure", "PV perdus en un coup", "Malus", "Perte de PV"],
        [
            [n.libelle, _plage_en_texte(p, d), malus(n.malus_des), SAIGNEMENT[n.minutes_par_point_de_vie]]
            for n, p, d in plages
        ],
        legende=f"Blessures pour une Vie de {af.nombre(vie)}",
        surligne=next((i for i, (n, _, _) in enumerate(plages) if n.gravite is gravite), None),
    )


RESUME_BLESSURE = "Donne le niveau d'une blessure, son malus en dés et la perte de PV qui suit, selon la Vie."
AIDE_RESERVE = "Facultatif : la réserve, avant le malus."


@dataclasses.dataclass(frozen=True, slots=True)
class EntreesBlessure:
    perdus: Annotated[int, _champ("PV perdus en un coup")] = 6
    vie: Annotated[int, _champ("Vie (points de vie du personnage)", minimum=1, aide=AIDE_VIE)] = 15
    reserve: Annotated[int | None, _champ("Dés d'un jet à venir", maximum=DES, aide=AIDE_RESERVE)] = None


@_outil("blessure-el-toto", "Niveau de blessure", RESUME_BLESSURE, "toto.blessure", "Évaluer")
def blessure(entrees: EntreesBlessure, rng: random.Random) -> dict[str, Any]:
    """The wound left by the PV lost in one hit: level, malus in dice, bleeding; the pool after the malus."""
    resultat = et.blessure(entrees.perdus, entrees.vie)
    blocs = [af.texte(_blessure_en_mots(resultat) + ".", "resultat")]
    apres = None
    if entrees.reserve is not None:
        apres = et.des_apres_malus(entrees.reserve, resultat.malus_des)
        valeur = f"{af.nombre(entrees.reserve)} − {af.nombre(resultat.malus_des)} → {des_en_mots(apres)}"
        blocs.append(
            af.valeurs([("Réserve après le malus", valeur + (" : le jet échoue" if apres == 0 else ""))])
        )
    blocs.append(_tableau_blessures(entrees.vie, resultat.gravite))
    return {**dataclasses.asdict(resultat), "reserve_apres_malus": apres, "affichage": blocs}
