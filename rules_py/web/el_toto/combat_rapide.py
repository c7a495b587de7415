"""El Toto's tools, II. Combat, « Combat rapide » (C5, page ``combat.md``): one exchange and its odds."""

from __future__ import annotations

import dataclasses
import random
from typing import Annotated, Any

from rules_py import el_toto as et
from rules_py.web import affichage as af
from rules_py.web.el_toto.duel import RP
from rules_py.web.el_toto.mots_et_blocs import (
    CAMP_A,
    CAMP_B,
    CAMPS_A_B,
    MOD,
    NOMS,
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
    _tableau_jets,
    des_en_mots,
    perd,
    reussites_en_mots,
)


def _phrase_combat_rapide(issue: et.CombatRapide) -> str:
    a, b = issue.jet_a.reussites, issue.jet_b.reussites
    if issue.vainqueur is et.Vainqueur.EGALITE:
        return f"Égalité ({reussites_en_mots(a)} de chaque côté) : il ne se passe rien."
    gagnant, perdant = ("A", "B") if issue.vainqueur is et.Vainqueur.A else ("B", "A")
    debut = f"{gagnant} remporte la passe ({af.nombre(max(a, b))} réussites contre {af.nombre(min(a, b))})"
    if issue.dommages == 0:
        return f"{debut}, mais son arme ne fait perdre aucun PV."
    return (
        f"{debut} : {af.nombre(issue.dommages)} point{'s' if issue.dommages > 1 else ''}, moins "
        f"{reussites_en_mots(issue.resistance.reussites)} de Résistance + Protection : "
        f"{perd(perdant, issue.points_de_vie_perdus)}."
    )


PERDUS_RAPIDE = "PV perdus par {0} (0 : {0} gagne, égalité ou rien à perdre)"
ISSUES = {
    et.Vainqueur.A: "A remporte la passe",
    et.Vainqueur.EGALITE: "Égalité",
    et.Vainqueur.B: "B remporte la passe",
}


RESUME_COMBAT_RAPIDE = (
    "Joue une passe de combat rapide (PdC + bouclier de chaque côté), avec les chances exactes."
)


@dataclasses.dataclass(frozen=True, slots=True)
class EntreesCombatRapide:
    pdc_a: Annotated[int, _nombre_de_des("PdC de A", **CAMP_A)] = 5
    bouclier_a: Annotated[int, _nombre_de_des("A : bonus de bouclier", **CAMP_A)] = 1
    bonus_arme_a: Annotated[int, _champ("A : bonus de l'arme", minimum=-MOD, maximum=MOD, **CAMP_A)] = 1
    resistance_a: Annotated[
        int, _nombre_de_des("A : Résistance + Protection", aide="En dés.", fiche=RP, **CAMP_A)
    ] = 3
    des_a: Annotated[list[int] | None, _lu("Dés lus : PdC + bouclier de A", **CAMP_A)] = None
    pdc_b: Annotated[int, _nombre_de_des("PdC de B", **CAMP_B)] = 6
    bouclier_b: Annotated[int, _nombre_de_des("B : bonus de bouclier", **CAMP_B)] = 0
    bonus_arme_b: Annotated[int, _champ("B : bonus de l'arme", minimum=-MOD, maximum=MOD, **CAMP_B)] = 0
    resistance_b: Annotated[
        int, _nombre_de_des("B : Résistance + Protection", aide="En dés.", fiche=RP, **CAMP_B)
    ] = 2
    des_b: Annotated[list[int] | None, _lu("Dés lus : PdC + bouclier de B", **CAMP_B)] = None
    des_resistance: Annotated[
        list[int] | None, _lu("Dés lus : Résistance + Protection du perdant", "Perdant de la passe")
    ] = None


@_outil(
    "combat-rapide-el-toto",
    "Combat rapide",
    RESUME_COMBAT_RAPIDE,
    "toto.combat_rapide",
    "Jouer la passe",
    camps=CAMPS_A_B,
)
def combat_rapide(entrees: EntreesCombatRapide, rng: random.Random) -> dict[str, Any]:
    """One exchange of quick combat, rolled or read, with the exact law of its outcome."""
    des = {}
    for c in "ab":
        with _champs_de(entrees, bonus_bouclier=f"bouclier_{c}"):
            des[c] = et.des_de_combat_rapide(getattr(entrees, f"pdc_{c}"), getattr(entrees, f"bouclier_{c}"))
    reglages = {f"{n}_{c}": getattr(entrees, f"{n}_{c}") for n in ("resistance", "bonus_arme") for c in "ab"}
    with _champs_de(entrees):
        issue = et.lancer_combat_rapide(
            des["a"],
            des["b"],
            **reglages,
            rng=rng,
            des_lus_a=entrees.des_a,
            des_lus_b=entrees.des_b,
            des_lus_resistance=entrees.des_resistance,
        )
    lois = et.lois_combat_rapide(des["a"], des["b"], **reglages)
    perdant = {et.Vainqueur.A: "b", et.Vainqueur.B: "a"}.get(issue.vainqueur)
    lignes = [
        _ligne_jet(f"PdC + bouclier de A ({des_en_mots(des['a'])})", issue.jet_a),
        _ligne_jet(f"PdC + bouclier de B ({des_en_mots(des['b'])})", issue.jet_b),
    ]
    if perdant:
        lignes.append(_ligne_resistance(NOMS[perdant], reglages[f"resistance_{perdant}"], issue))
    perdus = {camp: issue.points_de_vie_perdus if perdant == camp else 0 for camp in "ab"}
    lus = {"des_a": "PdC de A", "des_b": "PdC de B", "des_resistance": "Résistance"}
    return {
        **dataclasses.asdict(issue),
        **_jets(a=issue.jet_a, b=issue.jet_b, resistance=issue.resistance),
        "perdant": perdant,
        "probabilites": lois,
        "des_lus": any(getattr(entrees, champ) is not None for champ in lus),
        "affichage": [
            af.texte(_phrase_combat_rapide(issue), "resultat"),
            _tableau_jets(lignes, "Les jets de la passe"),
            *_chances(*((texte, af.pourcentage(lois.vainqueur[v])) for v, texte in ISSUES.items())),
            _barres(lois.perdus_par_b, PERDUS_RAPIDE.format("B"), perdus["b"]),
            _barres(lois.perdus_par_a, PERDUS_RAPIDE.format("A"), perdus["a"]),
            *_note_des_lus(entrees, lus),
        ],
    }
