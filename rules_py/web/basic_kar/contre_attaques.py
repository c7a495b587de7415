"""Contre-attaques: who strikes first (page ``contre-attaques.md``)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Annotated, Any

from rules_py import basic_kar as bk
from rules_py.outils.champs import Champ
from rules_py.web import affichage as af
from rules_py.web.basic_kar.commun import (
    AIDE_CONTRE,
    AIDE_JET_KAR,
    _blocs_du_kar,
    _jet,
    _kar,
    _mode,
    _outil,
    _reponse,
    _resultat,
    _suite_sous_le_kar,
)
from rules_py.web.commun import de_100, pour_cent

# == contre-attaque-kar : qui frappe en premier (B10) ==============================================

LIBELLES_PREMIERS = {
    "attaquant": "L’attaquant frappe en premier",
    "contre_attaquant": "Le contre-attaquant frappe en premier",
    "simultane": "Les deux frappent en même temps",
    "aucun": "Aucun ne touche",
}


@dataclass(frozen=True, slots=True)
class EntreesContre:
    """The attacker's chance, the counter-attacker's skill (halved), both d100 and the campaign."""

    chance_attaquant: Annotated[
        int, Champ("Chance de l’attaquant (en %)", minimum=0, competence=True, camp="attaquant")
    ] = 55
    competence_contre: Annotated[
        int,
        Champ(
            "Compétence du contre-attaquant (en %)",
            minimum=0,
            aide=AIDE_CONTRE,
            competence=True,
            camp="contre",
        ),
    ] = 150
    jet_attaquant: Annotated[int | None, _jet("Jet de l’attaquant (facultatif)")] = None
    jet_contre: Annotated[int | None, _jet("Jet du contre-attaquant (facultatif)")] = None
    mode: Annotated[str, _mode()] = "heroique"
    kar_attaquant: Annotated[int, _kar("KAR de l’attaquant", camp="attaquant")] = 60
    jet_kar_attaquant: Annotated[
        int | None, _jet("Jet sous le KAR de l’attaquant (facultatif)", AIDE_JET_KAR)
    ] = None
    kar_contre: Annotated[int, _kar("KAR du contre-attaquant", camp="contre")] = 60
    jet_kar_contre: Annotated[
        int | None, _jet("Jet sous le KAR du contre-attaquant (facultatif)", AIDE_JET_KAR)
    ] = None


@_outil(
    "contre-attaque-kar",
    "Contre-attaque : qui frappe en premier ?",
    "Contre-attaque depuis la garde : qui frappe en premier, avec les chances de chaque issue.",
    "kar.contre_attaque",
    "Lancer",
    camps=(("attaquant", "Attaquant"), ("contre", "Contre-attaquant")),
)
def contre_attaque(e: EntreesContre, rng: random.Random) -> dict[str, Any]:
    """A counter-attack from guard (quick attack, skill / 2) against an attack: who strikes first."""
    jets = (e.jet_attaquant, e.jet_contre)
    contre = bk.lancer_contre_attaque(e.chance_attaquant, e.competence_contre, rng, e.mode, *jets)
    probabilites = bk.probabilites_contre_attaque(e.chance_attaquant, e.competence_contre, e.mode)
    jet_a, jet_c, resultat_c = contre.jet_attaquant, contre.jet_contre, contre.resultat_contre
    moitie = f"{e.competence_contre} ÷ 2, arrondi au supérieur"
    attaquant = f"{de_100(jet_a)} sous {e.chance_attaquant} — {_resultat(contre.resultat_attaquant)}"
    blocs = [
        af.texte(f"{LIBELLES_PREMIERS[contre.premier]} : {bk.raison_du_premier(contre)}.", "resultat"),
        af.texte(f"Contre-attaque (attaque rapide) à {pour_cent(contre.chance_contre)} : {moitie}."),
        af.texte(f"Attaquant : {attaquant}."),
        af.texte(
            f"Contre-attaquant : {de_100(jet_c)} sous {contre.chance_contre} — {_resultat(resultat_c)}."
        ),
        af.des([jet_a, jet_c], 100),
        af.barres(
            probabilites,
            legende="Chances de chaque issue",
            etiquette=lambda p: LIBELLES_PREMIERS[p],
            surligne=contre.premier,
        ),
    ]
    suites = {
        "attaquant": _suite_sous_le_kar(
            contre.chance_attaquant, jet_a, e.mode, e.kar_attaquant, e.jet_kar_attaquant, rng
        ),
        "contre": _suite_sous_le_kar(
            contre.chance_contre, jet_c, e.mode, e.kar_contre, e.jet_kar_contre, rng
        ),
    }
    blocs += _blocs_du_kar(
        "Attaquant", contre.chance_attaquant, suites["attaquant"], e.jet_kar_attaquant is not None
    )
    blocs += _blocs_du_kar(
        "Contre-attaquant", contre.chance_contre, suites["contre"], e.jet_kar_contre is not None
    )
    lus = {"attaquant": e.jet_attaquant is not None, "contre": e.jet_contre is not None}
    donnees = {"mode": e.mode, "competence_contre": e.competence_contre, "probabilites": probabilites}
    donnees |= {"kar_attaquant": suites["attaquant"], "kar_contre": suites["contre"]}
    tires = {"jet_attaquant": jet_a, "jet_contre": jet_c}
    tires |= {f"jet_kar_{cle}": suite.jet for cle, suite in suites.items() if suite is not None}
    return _reponse(contre, blocs, any(lus.values()), "les jets lus", **donnees, des_lus=lus, tires=tires)
