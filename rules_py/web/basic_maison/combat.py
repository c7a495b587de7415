"""The tool of the page « Combat » that resolves an attack: the chance to hit, critical and special
successes, the damage through the armour. The page's other tool, the actions of a round, registers
after the initiative's: it is in :mod:`rules_py.web.basic_maison.actions_du_round`."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Any

from rules_py import basic_maison as bm
from rules_py.dice import Distribution, Expression, parse
from rules_py.errors import DiceLimitError
from rules_py.outils.champs import Champ
from rules_py.web import affichage as af
from rules_py.web.basic_maison.attributs_derives import TABLE_DU_MODIFICATEUR, _notes_hors_table
from rules_py.web.basic_maison.commun import _barres_totaux, _expr, _face, _outil, jet_lu
from rules_py.web.basic_maison.tests import _blocs_du_d100, _d100, _opposition, circonstance
from rules_py.web.commun import pour_cent

DES_LUS = "Dés lus sur la table"


# == Attaque ====================================================================

LIBELLES_D_ATTAQUE: Mapping[bm.ResultatDAttaque, str] = {
    bm.ResultatDAttaque.REUSSITE_SPECIALE: "Réussite spéciale",
    bm.ResultatDAttaque.REUSSITE_CRITIQUE: "Réussite critique",
    bm.ResultatDAttaque.REUSSITE: "Touche",
    bm.ResultatDAttaque.ECHEC: "Manqué",
    bm.ResultatDAttaque.ECHEC_CRITIQUE: "Maladresse",
}
NOTE_D_ATTAQUE = (
    "Réussite spéciale : une réussite critique qui accorde en plus un effet spécial. "
    "Critique : dés de dégâts de l'arme lancés deux fois, modificateur ajouté une fois."
)
ARMES = (*bm.ARMES_DE_MELEE, *bm.ARMES_A_DISTANCE)
_ARMES = tuple((a.nom, f"{a.nom} — {a.degats}" + (" (à distance)" if a.a_distance else "")) for a in ARMES)
_MODIFICATEURS = tuple(
    (ligne.modificateur, f"{_expr(ligne.modificateur)} (FOR + TAI {ligne.plage.replace('-', '–')})")
    for ligne in TABLE_DU_MODIFICATEUR
)
A = "Arme et dégâts"
_AIDE = "Dés de l'arme (deux fois plus sur un critique), puis ceux du modificateur."


@dataclass(frozen=True, slots=True)
class EntreesAttaque:
    """ATT against PAR or Esquive, the weapon and the modifier, the armour; the dice read on the table."""

    att: Annotated[int, Champ("ATT (%)", minimum=0, aide="De l'attaquant.", groupe="Attaque")] = 65
    defense: Annotated[
        int, Champ("PAR ou Esquive (%)", minimum=0, aide="Du défenseur.", groupe="Attaque")
    ] = 35
    circonstance: Annotated[int, circonstance(groupe="Attaque")] = 0
    arme: Annotated[str, Champ("Arme", choix=_ARMES, groupe=A)] = "Épée/Rapière"
    degats: Annotated[
        Expression | None,
        Champ("Autre arme (facultatif)", aide="Ses dégâts, par exemple 1d8+1.", groupe=A, plie=True),
    ] = None
    modificateur: Annotated[str, Champ("Modificateur de dégâts", choix=_MODIFICATEURS, groupe=A)] = "0"
    for_tai: Annotated[
        int | None,
        Champ("FOR + TAI (facultatif)", minimum=0, aide="Au lieu du modificateur.", groupe=A, plie=True),
    ] = None
    pa: Annotated[int, Champ("PA", minimum=0, aide="L'armure du défenseur.", groupe=A)] = 0
    jet: Annotated[int | None, jet_lu("Jet d'attaque lu (facultatif)", groupe=DES_LUS, plie=True)] = None
    des: Annotated[
        list[int] | None,
        Champ("Dés de dégâts lus (facultatif)", lu=True, groupe=DES_LUS, aide=_AIDE, plie=True),
    ] = None


def _description(coup: bm.Coup) -> str:
    arme = f"{coup.arme} ({coup.expression})" if coup.arme else coup.expression
    modificateur = "aucun" if coup.modificateur == "0" else _expr(coup.modificateur)
    if coup.for_tai is not None:
        modificateur += f" (FOR + TAI = {coup.for_tai}{', hors table' if coup.hors_table else ''})"
    return f"Arme : {arme} ; modificateur de dégâts : {modificateur} ; armure du défenseur : {coup.pa} PA."


def _faces(expression: Expression) -> list[int]:
    return [des.sides for _, des in expression.dice for _ in range(des.count)]


def _texte_des_degats(resultat: bm.Degats, modificateur: str) -> str:
    morceaux = [f"{resultat.arme} → {resultat.total_arme}"]
    if modificateur != "0":
        morceaux.append(f"modificateur {_expr(modificateur)} → {af.nombre(resultat.total_modificateur)}")
    total = resultat.total_arme + resultat.total_modificateur
    return (
        f"Dégâts : {', '.join(morceaux)} ; {af.nombre(total)} − {resultat.pa} PA = {resultat.degats} "
        f"PV perdu{'s' if resultat.degats > 1 else ''}"
        + (" (critique : dés de l'arme lancés deux fois)." if resultat.critique else ".")
    )


def _distributions_de_degats(coup: bm.Coup) -> tuple[dict[str, Distribution[int]], list[af.Bloc]]:
    distributions: dict[str, Distribution[int]] = {}
    blocs: list[af.Bloc] = []
    for cle, critique, titre in (("normal", False, "coup normal"), ("critique", True, "critique")):
        expression = bm.expression_des_degats(coup.expression, critique)
        try:
            dist = distributions[cle] = coup.distribution(critique)
        except DiceLimitError as erreur:
            blocs.append(af.texte(erreur.message, "note"))
            continue
        modificateur = "" if coup.modificateur == "0" else f" {_expr(coup.modificateur)}"
        legende = f"Dégâts d'un {titre} ({expression}{modificateur} − {coup.pa} PA)"
        legende += f" : moyenne {af.nombre(dist.mean)}"
        blocs.append(_barres_totaux(dist, legende))
    return distributions, blocs


def _remarques_d_arme(arme: bm.Arme) -> list[str]:
    notes = (
        (arme.deux_mains, "2 mains"),
        (arme.sans_parade, "pas de parade"),
        (bool(arme.remarque), arme.remarque),
    )
    return [texte for oui, texte in notes if oui]


@_outil(
    "attaque-basic",
    "Attaque et dégâts",
    "Résout une attaque : chances de toucher, critique et spéciale, dégâts à travers l'armure.",
    "basic.attaque",
    "Attaquer",
)
def attaque(entrees: EntreesAttaque, rng: random.Random) -> dict[str, Any]:
    """ATT vs PAR or Esquive (A5) → chance, thresholds, the roll; then the damage through armour (A6)."""
    autre = None if entrees.degats is None else str(entrees.degats)
    coup = bm.coup(entrees.arme, entrees.pa, entrees.modificateur, degats=autre, for_tai=entrees.for_tai)
    modificateur = entrees.circonstance
    chance = bm.chance_de_toucher(entrees.att, entrees.defense, modificateur)
    jet = _d100(entrees.jet, rng)
    resultat, probabilites = bm.resoudre_attaque(chance, jet), bm.probabilites_d_attaque(chance)
    plages = bm.plages_du_d100(lambda face: bm.resoudre_attaque(chance, face))
    calcul = _opposition(entrees.att, entrees.defense, modificateur)
    phrase = f"Chances de toucher : {calcul} = {pour_cent(chance)}. "
    phrase += f"Jet {_face(jet)} : {LIBELLES_D_ATTAQUE[resultat].lower()}."
    note = "Jet d'attaque lu sur la table." if entrees.jet is not None else None
    blocs = _blocs_du_d100(phrase, jet, note, LIBELLES_D_ATTAQUE, plages, probabilites, resultat)
    blocs.append(af.texte(NOTE_D_ATTAQUE, "note"))
    if (attaques := bm.nombre_d_attaques(entrees.att)) > 1:
        texte = f"ATT {pour_cent(entrees.att)} (EXPERT) : {attaques} attaques avec cette arme par round."
        blocs.append(af.texte(texte, "note"))
    blocs.append(af.texte(_description(coup)))
    if coup.arme and (remarques := _remarques_d_arme(bm.trouver_arme(coup.arme))):
        blocs.append(af.texte(f"{coup.arme} : {', '.join(remarques)}.", "note"))
    if coup.for_tai is not None:
        blocs += _notes_hors_table(bm.modificateur_pour_somme(coup.for_tai))
    distributions, blocs_de_distribution = _distributions_de_degats(coup)
    blocs += blocs_de_distribution
    degats, tires = None, {"jet": jet}
    if resultat.touche:
        critique = resultat.critique
        degats = coup.lancer(critique, rng) if entrees.des is None else coup.lire(critique, entrees.des)
        faces = _faces(bm.expression_des_degats(coup.expression, critique)) + _faces(parse(coup.modificateur))
        tires["des"] = valeurs = [*degats.des_arme, *degats.des_modificateur]
        blocs.append(af.texte(_texte_des_degats(degats, coup.modificateur), "resultat"))
        if valeurs:
            blocs.append(
                {
                    "type": "des",
                    "des": [{"valeur": v, "faces": f} for v, f in zip(valeurs, faces, strict=True)],
                }
            )
        if entrees.des is not None:
            blocs.append(af.texte("Dégâts calculés avec les dés lus sur la table.", "note"))
    elif entrees.des is not None:
        blocs.append(af.texte("L'attaque n'a pas touché : les dés de dégâts lus sont ignorés.", "note"))
    return {
        "attaque": bm.JetDAttaque(jet, chance, resultat),
        "des_lus": entrees.jet is not None,
        "seuils": bm.seuils_d_attaque(chance),
        "probabilites": probabilites,
        "attaques_par_round": attaques,
        "coup": coup,
        "distributions": distributions,
        "degats": degats,
        "tires": tires,
        "affichage": blocs,
    }
