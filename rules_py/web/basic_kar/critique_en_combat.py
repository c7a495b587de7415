"""Réussite critique en combat (4.1.1, page ``competences.md``): a module of its own, since its
tool comes after the combat page's in the tools' index."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Annotated, Any

from rules_py import basic_kar as bk
from rules_py.dice import Expression, parse, total_of
from rules_py.errors import InputError
from rules_py.outils.champs import Champ
from rules_py.web import affichage as af
from rules_py.web.basic_kar.commun import (
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
from rules_py.web.commun import barres_distribution, de_100, detail_du_jet

# == coup-critique-kar : réussite critique en combat, défense, armure (B3) ==========================

CHOIX_ATTAQUE = (
    ("jet", "D’après la compétence et le jet"),
    ("reussite_critique", "Attaque critique"),
    ("reussite", "Attaque réussie"),
    ("echec", "Attaque ratée"),
    ("echec_critique", "Attaque ratée (maladresse)"),
)
CHOIX_DEFENSE = (
    ("aucune", "Ni parade ni esquive"),
    ("jet", "D’après la compétence et le jet"),
    ("reussite_critique", "Parade ou esquive critique"),
    ("reussite", "Parade ou esquive réussie"),
    ("echec", "Parade ou esquive ratée"),
    ("echec_critique", "Parade ou esquive ratée (maladresse)"),
)
LIBELLES_ISSUES = {
    "ratee": "attaque ratée",
    "bloquee": "attaque bloquée",
    "normale": "coup normal",
    "critique": "coup critique",
}
DOMMAGES = "Dommages"
ARME, BONUS = parse("1d8+1"), parse("1d3")
REGLES = "Règles du combat"


def _des_lus(libelle: str, aide: str) -> Champ:
    return Champ(libelle, lu=True, aide=aide, groupe=DOMMAGES)


@dataclass(frozen=True, slots=True)
class EntreesCoup:
    """The attack and the defence (given, or from a skill and a d100), the weapon, armour and rules."""

    attaque: Annotated[str, Champ("Attaque", choix=CHOIX_ATTAQUE, groupe="Attaque")] = "jet"
    score_attaque: Annotated[
        int, Champ("Compétence d’attaque", minimum=0, groupe="Attaque", competence=True, camp="attaque")
    ] = 60
    jet_attaque: Annotated[int | None, _jet("Jet d’attaque (facultatif)", groupe="Attaque")] = None
    kar_attaque: Annotated[int, _kar("KAR de l’attaquant", groupe="Attaque", camp="attaque")] = 60
    jet_kar_attaque: Annotated[
        int | None, _jet("Jet sous le KAR de l’attaquant (facultatif)", AIDE_JET_KAR, groupe="Attaque")
    ] = None
    defense: Annotated[str, Champ("Défense (parade ou esquive)", choix=CHOIX_DEFENSE, groupe="Défense")] = (
        "aucune"
    )
    score_defense: Annotated[
        int, Champ("Compétence de défense", minimum=0, groupe="Défense", competence=True, camp="defense")
    ] = 50
    jet_defense: Annotated[int | None, _jet("Jet de défense (facultatif)", groupe="Défense")] = None
    kar_defense: Annotated[int, _kar("KAR du défenseur", groupe="Défense", camp="defense")] = 60
    jet_kar_defense: Annotated[
        int | None, _jet("Jet sous le KAR du défenseur (facultatif)", AIDE_JET_KAR, groupe="Défense")
    ] = None
    arme: Annotated[
        Expression, Champ("Dommages de l’arme", aide="Par exemple 1d8+1.", groupe=DOMMAGES, camp="attaque")
    ] = ARME
    bonus: Annotated[
        Expression, Champ("Bonus aux dommages", aide="Par exemple 1d3, ou 0.", groupe=DOMMAGES)
    ] = BONUS
    armure: Annotated[int, Champ("Armure (points)", minimum=0, groupe=DOMMAGES)] = 2
    tranchante: Annotated[bool, Champ("Arme tranchante ou empalante", groupe=DOMMAGES)] = True
    des_arme: Annotated[
        list[int] | None,
        _des_lus(
            "Dés de l’arme lus (facultatif)", "Les dés de l’arme, séparés par des espaces ; vide : lancés."
        ),
    ] = None
    des_bonus: Annotated[
        list[int] | None, _des_lus("Dés du bonus lus (facultatif)", "Les dés du bonus ; vide : lancés.")
    ] = None
    mode: Annotated[str, _mode(REGLES)] = "heroique"
    combat_heroique: Annotated[bool, Champ("Combat héroïque (riposte)", groupe=REGLES)] = False


def _texte_cote(nom: str, cote: bk.CoteDuCoup | None) -> str:
    if cote is None:
        return f"{nom} : ni parade ni esquive."
    if cote.jet is None:
        return f"{nom} : {_resultat(cote.resultat)}."
    return f"{nom} : {de_100(cote.jet)} sous {cote.score} — {_resultat(cote.resultat)}."


def _texte_degats(e: EntreesCoup, coup: bk.Coup) -> str:
    arme = f"arme {e.arme} → {detail_du_jet(total_of(e.arme, coup.des_arme))} = {coup.total_arme}"
    bonus = f"bonus {e.bonus} → {detail_du_jet(total_of(e.bonus, coup.des_bonus))} = {coup.total_bonus}"
    return f"Dommages : {arme} ; {bonus} ; {_formule(coup)}."


def _formule(coup: bk.Coup) -> str:
    arme = f"{coup.total_arme} × 2" if coup.issue == "critique" else str(coup.total_arme)
    bonus = f" + {coup.total_bonus}" if coup.total_bonus >= 0 else f" − {-coup.total_bonus}"
    texte = f"{arme}{bonus}"
    if coup.armure_ignoree:
        texte += f" (armure {coup.armure} ignorée)"
    elif coup.armure:
        texte += f" − {coup.armure} d’armure"
    return f"{texte} = {coup.degats}"


@_outil(
    "coup-critique-kar",
    "Coup critique, défense et armure",
    "Une attaque contre une défense : bloquée, coup normal ou critique, dommages à travers l’armure.",
    "kar.coup",
    "Résoudre",
    camps=(("attaque", "Attaquant"), ("defense", "Défenseur")),
)
def coup(e: EntreesCoup, rng: random.Random) -> dict[str, Any]:
    """An attack against a defence: blocked, normal or critical hit, riposte, damage through armour."""
    attaque = bk.lancer_cote(e.attaque, e.score_attaque, e.mode, rng, e.jet_attaque)
    defense = bk.lancer_cote(e.defense, e.score_defense, e.mode, rng, e.jet_defense)
    assert attaque is not None
    resultat_defense = None if defense is None else defense.resultat
    regles = (e.arme, e.bonus, e.armure, e.tranchante)
    resolu = bk.lancer_coup(
        attaque.resultat, resultat_defense, *regles, rng, e.combat_heroique, e.des_arme, e.des_bonus
    )
    issue = f"{LIBELLES_ISSUES[resolu.issue].capitalize()}{' !' if resolu.issue == 'critique' else '.'}"
    blocs = [
        af.texte(issue, "resultat"),
        af.texte(_texte_cote("Attaque", attaque)),
        af.texte(_texte_cote("Défense", defense)),
    ]
    suites = {
        cle: _suite_sous_le_kar(cote.score, cote.jet, e.mode, kar, jet_kar, rng)
        if cote is not None and cote.score is not None and cote.jet is not None
        else None
        for cle, cote, kar, jet_kar in (
            ("attaque", attaque, e.kar_attaque, e.jet_kar_attaque),
            ("defense", defense, e.kar_defense, e.jet_kar_defense),
        )
    }
    for (cle, suite), qui, lu in zip(
        suites.items(),
        ("Attaque", "Défense"),
        (e.jet_kar_attaque is not None, e.jet_kar_defense is not None),
        strict=True,
    ):
        blocs += _blocs_du_kar(qui, getattr(e, f"score_{cle}"), suite, lu)
    if resolu.riposte:
        riposte = "Défense critique contre une attaque normale : riposte possible (combat héroïque)."
        blocs.append(af.texte(riposte, "resultat"))
    lus = resolu.touche and (e.des_arme is not None or e.des_bonus is not None)
    donnees: dict[str, Any] = {"mode": e.mode, "attaque": attaque, "defense": defense, "des_lus": lus}
    donnees |= {"kar_attaque": suites["attaque"], "kar_defense": suites["defense"]}
    tires = {"jet_attaque": attaque.jet, "jet_defense": defense and defense.jet}
    tires |= {f"jet_kar_{cle}": suite.jet for cle, suite in suites.items() if suite is not None}
    if resolu.touche:
        tires.update(des_arme=list(resolu.des_arme), des_bonus=list(resolu.des_bonus))
        blocs.append(af.texte(_texte_degats(e, resolu), "resultat"))
        try:
            donnees["distribution"] = bk.distribution_degats(attaque.resultat, resultat_defense, *regles)
        except InputError as erreur:
            blocs.append(af.texte(erreur.message, "note"))
        else:
            blocs.append(barres_distribution(donnees["distribution"], resolu.degats))
    else:
        blocs.append(af.texte("Aucun dommage.", "resultat"))
    if attaque.jet is not None and (defense is None or defense.jet is not None):
        score_defense = None if defense is None else defense.score
        probabilites = bk.probabilites_du_coup(attaque.score, score_defense, e.mode, e.combat_heroique)
        donnees["probabilites_issues"] = probabilites
        blocs.append(
            af.barres(
                {i: probabilites[i] for i in bk.ISSUES},
                legende="Chances de chaque issue, d’après les deux compétences",
                etiquette=lambda i: LIBELLES_ISSUES[i].capitalize(),
                surligne=resolu.issue,
            )
        )
    tous_lus = lus or attaque.des_lus or bool(defense and defense.des_lus)
    return _reponse(resolu, blocs, tous_lus, "les dés lus", **donnees, tires=tires)
