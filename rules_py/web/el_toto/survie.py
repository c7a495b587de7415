"""El Toto's tools, III. Survie (C8, page ``survie.md``): MH, the survival roll and its consequence."""

from __future__ import annotations

import dataclasses
import random
from typing import Annotated, Any

from rules_py import el_toto as et
from rules_py.web import affichage as af
from rules_py.web.commun import terme
from rules_py.web.el_toto.mots_et_blocs import (
    DES_LUS,
    MOD,
    _barres,
    _champ,
    _champs_de,
    _chances,
    _jets,
    _ligne_jet,
    _lu,
    _nombre_de_des,
    _note_des_lus,
    _outil,
    _porte,
    _tableau_jets,
    des_en_mots,
    perd,
    reussites_en_mots,
)


def _phrase_survie(e: EntreesSurvie, s: et.Survie) -> str:
    mh_texte = f"MH = {af.nombre(e.hostilite)} {terme(e.equipement)} = {af.nombre(s.mh)}"
    if s.total is None:
        return f"{mh_texte} : pas de conséquence, pas de jet."
    total = (
        f"total = {af.nombre(s.mh)} + {reussites_en_mots(s.jet_survie.reussites)} + {af.nombre(e.milieu)} "
        f"(Milieu) = {af.nombre(s.total)}"
    )
    if s.total >= 0:
        partage = f"{reussites_en_mots(s.reussites_a_partager)} à répartir entre les autres personnages"
        partage = partage if s.reussites_a_partager else "rien à répartir"
        return f"{mh_texte} ; {total} : pas de conséquence ; {partage}."
    return (
        f"{mh_texte} ; {total} : {af.nombre(s.dommages)} point{'s' if s.dommages > 1 else ''} de dommages "
        f"dus aux intempéries, moins {reussites_en_mots(s.resistance.reussites)} de Résistance : "
        f"{perd('le personnage', s.points_de_vie_perdus)}."
    )


RESUME_SURVIE = (
    "Calcule le MH, fait le jet de Survie s'il le faut : réussites à répartir, ou dommages et Résistance."
)
C, P, NEGATIF = "Conditions", "Personnage", "0 ou moins."


@dataclasses.dataclass(frozen=True, slots=True)
class EntreesSurvie:
    hostilite: Annotated[
        int, _champ("Modificateur d'hostilité", minimum=-MOD, maximum=0, aide=NEGATIF, groupe=C)
    ] = -3
    equipement: Annotated[
        int, _champ("Modificateur dû à l'équipement", minimum=-MOD, maximum=MOD, groupe=C)
    ] = 1
    milieu: Annotated[int, _champ("Milieu", groupe=C)] = 1
    survie: Annotated[int, _nombre_de_des("Dés du jet de Survie", groupe=P)] = 4
    resistance: Annotated[int, _nombre_de_des("Dés du jet de Résistance", groupe=P)] = 3
    des_survie: Annotated[list[int] | None, _lu("Dés lus : jet de Survie", DES_LUS)] = None
    des_resistance: Annotated[list[int] | None, _lu("Dés lus : jet de Résistance", DES_LUS)] = None


@_outil("survie-el-toto", "Jet de Survie", RESUME_SURVIE, "toto.survie", "Lancer")
def survie(e: EntreesSurvie, rng: random.Random) -> dict[str, Any]:
    """A survival check: MH, the Survie roll if needed, shared successes or damage after Résistance."""
    valeur_mh = et.mh(e.hostilite, e.equipement)
    with _champs_de(e):
        s = et.lancer_survie(
            valeur_mh,
            e.milieu,
            e.survie,
            e.resistance,
            rng=rng,
            des_survie=e.des_survie,
            des_resistance=e.des_resistance,
        )
    lois = et.lois_survie(valeur_mh, e.milieu, e.survie, e.resistance)
    jets = {"des_survie": ("Survie", s.jet_survie), "des_resistance": ("Résistance", s.resistance)}
    utilises = {nom: quoi for nom, (quoi, jet) in jets.items() if getattr(e, nom) is not None and jet.des}
    ignores = [quoi for nom, (quoi, jet) in jets.items() if getattr(e, nom) and not jet.des]
    survie = _ligne_jet(f"Survie ({des_en_mots(e.survie)})", s.jet_survie, s.total is not None)
    resistance = _ligne_jet(f"Résistance ({des_en_mots(e.resistance)})", s.resistance, s.dommages > 0)
    blocs = [
        af.texte(_phrase_survie(e, s), "resultat"),
        _tableau_jets([survie, resistance], "Les jets"),
        *_chances(
            ("Aucun PV perdu", af.pourcentage(lois.points_de_vie_perdus.probability(0))),
            ("Au moins une réussite à répartir", _porte(lois.reussites_a_partager)),
        ),
        _barres(lois.points_de_vie_perdus, "PV perdus (après la Résistance)", s.points_de_vie_perdus),
        _barres(lois.reussites_a_partager, "Réussites à répartir", s.reussites_a_partager),
        *_note_des_lus(e, utilises),
    ]
    if ignores:
        blocs.append(af.texte(f"Jet non fait, dés lus ignorés : {', '.join(ignores)}.", "note"))
    return {
        **dataclasses.asdict(s),
        "jet_de_survie": s.total is not None,
        **_jets(survie=s.jet_survie, resistance=s.resistance),
        "reussites": s.jet_survie.reussites,
        "consequence": s.consequence,
        "probabilites": lois,
        "des_lus": bool(utilises),
        "affichage": blocs,
    }
