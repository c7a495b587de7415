"""El Toto's tools, II. Combat, « Combat à distance » (C6, page ``combat.md``): a shot and its odds."""

from __future__ import annotations

import dataclasses
import random
from typing import Annotated, Any

from rules_py import el_toto as et
from rules_py.errors import InputError
from rules_py.outils.champs import Champ
from rules_py.web import affichage as af
from rules_py.web.el_toto.duel import RP, phrase_issue
from rules_py.web.el_toto.mots_et_blocs import (
    DES,
    MOD,
    _barres,
    _champ,
    _champs_de,
    _chances,
    _jets,
    _ligne_jet,
    _ligne_resistance,
    _lu,
    _nombre_de_des,
    _note_des_lus,
    _outil,
    _porte,
    _tableau_jets,
    des_en_mots,
)

RESUME_DISTANCE = "Résout un tir contre une cible prévenue (esquive) ou non, dommages et résistance compris."
PREVENU, CIBLE = "Compte seulement si la cible est prévenue.", "Cible"
T, C = {"groupe": "Tireur", "camp": "tireur"}, {"groupe": CIBLE, "camp": "cible"}


@dataclasses.dataclass(frozen=True, slots=True)
class EntreesDistance:
    pdc: Annotated[int, _nombre_de_des("PdC du tireur", **T)] = 5
    bonus_arme: Annotated[int, _champ("Bonus de l'arme", minimum=-MOD, maximum=MOD, **T)] = 1
    force: Annotated[int, _champ("Force du tireur", **T)] = 0
    des_attaque: Annotated[list[int] | None, _lu("Dés lus : PdC du tireur", "Tireur")] = None
    prevenu: Annotated[bool, Champ("La cible est prévenue", groupe="Cible")] = True
    esquive: Annotated[int | None, _champ("Cible : Agilité + Esquiver", maximum=DES, aide=PREVENU, **C)] = 3
    resistance: Annotated[
        int, _nombre_de_des("Cible : Résistance + Protection", aide="En dés.", fiche=RP, **C)
    ] = 3
    des_defense: Annotated[list[int] | None, _lu("Dés lus : Agilité + Esquiver", "Cible")] = None
    des_resistance: Annotated[list[int] | None, _lu("Dés lus : Résistance + Protection", "Cible")] = None


@_outil(
    "distance-el-toto",
    "Combat à distance",
    RESUME_DISTANCE,
    "toto.distance",
    "Tirer",
    camps=(("tireur", "Tireur"), ("cible", CIBLE)),
)
def distance(e: EntreesDistance, rng: random.Random) -> dict[str, Any]:
    """A ranged shot: unopposed, or against Agilité + Esquiver; damage as in the duel."""
    if not e.prevenu and e.des_defense:
        raise InputError("La cible n'est pas prévenue : elle ne lance pas d'esquive.", champ="des_defense")
    defense = et.des_d_esquive_a_distance(e.esquive or 0, 0, prevenu=e.prevenu)
    with _champs_de(e):
        tir = et.lancer_attaque(
            e.pdc,
            defense,
            e.resistance,
            bonus_arme=e.bonus_arme,
            force=e.force,
            rng=rng,
            des_attaque=e.des_attaque,
            des_defense=e.des_defense,
            des_resistance=e.des_resistance,
        )
    impact = et.distribution_impact(e.pdc, defense)
    perdus = et.distribution_points_de_vie_perdus(
        e.pdc, defense, e.resistance, bonus_arme=e.bonus_arme, force=e.force
    )
    tireur = et.Combattant(et.Repartition(0, e.pdc, 0), e.bonus_arme, e.force)
    lignes = [_ligne_jet(f"PdC du tireur ({des_en_mots(e.pdc)})", tir.attaque)]
    if e.prevenu:
        lignes.append(_ligne_jet(f"Agilité + Esquiver de la cible ({des_en_mots(defense)})", tir.defense))
    lignes.append(_ligne_resistance("la cible", e.resistance, tir))
    lus = {"des_attaque": "PdC", "des_defense": "esquive", "des_resistance": "Résistance"}
    porte = [("Le tir porte (impact > 0)", _porte(impact)), ("La cible perd des PV", _porte(perdus))]
    return {
        "prevenu": e.prevenu,
        **dataclasses.asdict(tir),
        **_jets(attaque=tir.attaque, defense=tir.defense, resistance=tir.resistance),
        "probabilites": {"impact": impact, "points_de_vie_perdus": perdus},
        "des_lus": any(getattr(e, champ) is not None for champ in lus),
        "affichage": [
            af.texte(
                ("Cible prévenue. " if e.prevenu else "Cible non prévenue : jet sans opposition. ")
                + phrase_issue(tir, tireur, "la cible", premiere=False, quoi="le tir"),
                "resultat",
            ),
            _tableau_jets(lignes, "Les jets du tir"),
            *_chances(*porte),
            _barres(impact, "Impact du tir", tir.impact),
            _barres(
                perdus, "PV perdus par la cible, après sa Résistance + Protection", tir.points_de_vie_perdus
            ),
            *_note_des_lus(e, lus),
        ],
    }
