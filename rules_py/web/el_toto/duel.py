"""El Toto's tools, II. Combat, « Le duel » pass after pass (C4 and C7, page ``combat.md``).

The next pass with its exact odds, the PV each side lost and its worst wound, the best split of
each side's PdC, a new fight; what a hit does (:func:`phrase_issue`) is told of a shot too
(:mod:`.combat_a_distance`).
"""

from __future__ import annotations

import dataclasses
import random
from typing import Annotated, Any

from rules_py import el_toto as et
from rules_py.errors import InputError, RulesError
from rules_py.outils.champs import Champ
from rules_py.outils.registre import Action
from rules_py.web import affichage as af
from rules_py.web.commun import terme
from rules_py.web.el_toto.mots_et_blocs import (
    CAMP_A,
    CAMP_B,
    CAMPS_A_B,
    GRAVITES,
    MOD,
    Noms,
    _barres,
    _blessure_en_mots,
    _champ,
    _champs_de,
    _chances,
    _ligne_jet,
    _ligne_resistance,
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

AIDE_ATTAQUE = "Le reste va à la défense."
AIDE_ESQUIVE = "Facultatif : une esquive remplace la défense (moins les dés d'initiative)."
AIDE_VIE, RP = "Résistance × 2 + Hargne + 5.", "resistance_protection"  # RP: a sheet's key
QUOI = {"attaque": "attaque", "defense": "défense", "resistance": "Résistance + Protection"}


def _lire_combat(valeur: Any, libelle: str) -> et.CombatElToto:
    """The fight the page sends back (the JSON of :class:`~rules_py.el_toto.CombatElToto`)."""
    try:
        return et.CombatElToto(tuple(valeur["passes"]))
    except (RulesError, LookupError, TypeError):
        raise InputError(f"« {libelle} » est illisible : cliquez sur « Nouveau combat ».") from None


RESUME_DUEL = (
    "Joue un duel entre deux combattants nommés, passe après passe, jusqu'aux blessures ; "
    "ou cherche la meilleure répartition du PdC."
)
COMBAT = Champ("Combat", cache=True, lecteur=_lire_combat)
"""The fight in progress: hidden, sent back by the page with every call and kept in the share link."""
AVANT_LA_PREMIERE_PASSE = et.CombatElToto()


@dataclasses.dataclass(frozen=True, slots=True)
class EntreesDuel:
    nom_a: Annotated[str, Champ("Nom de A", **CAMP_A)] = "A"
    vie_a: Annotated[
        int, _champ("A : Vie (points de vie)", minimum=1, aide=AIDE_VIE, plie=True, **CAMP_A)
    ] = 15
    pdc_a: Annotated[int, _nombre_de_des("PdC de A", aide="Arts Martiaux + compétence.", **CAMP_A)] = 6
    initiative_a: Annotated[int, _nombre_de_des("A : dés d'initiative", aide="Main droite.", **CAMP_A)] = 1
    attaque_a: Annotated[int, _nombre_de_des("A : dés d'attaque", aide=AIDE_ATTAQUE, **CAMP_A)] = 3
    esquive_a: Annotated[
        int | None, _champ("A : Agilité + Esquiver", aide=AIDE_ESQUIVE, plie=True, **CAMP_A)
    ] = None
    force_a: Annotated[int, _champ("A : Force", plie=True, **CAMP_A)] = 2
    bonus_arme_a: Annotated[
        int, _champ("A : bonus de l'arme", minimum=-MOD, maximum=MOD, plie=True, **CAMP_A)
    ] = 1
    resistance_a: Annotated[
        int, _nombre_de_des("A : Résistance + Protection", aide="En dés.", fiche=RP, plie=True, **CAMP_A)
    ] = 3
    des_attaque_a: Annotated[list[int] | None, _lu("Dés lus : attaque de A", plie=True, **CAMP_A)] = None
    des_defense_a: Annotated[
        list[int] | None, _lu("Dés lus : défense (ou esquive) de A", plie=True, **CAMP_A)
    ] = None
    des_resistance_a: Annotated[
        list[int] | None, _lu("Dés lus : Résistance + Protection de A", plie=True, **CAMP_A)
    ] = None
    nom_b: Annotated[str, Champ("Nom de B", **CAMP_B)] = "B"
    vie_b: Annotated[
        int, _champ("B : Vie (points de vie)", minimum=1, aide=AIDE_VIE, plie=True, **CAMP_B)
    ] = 15
    pdc_b: Annotated[int, _nombre_de_des("PdC de B", aide="Arts Martiaux + compétence.", **CAMP_B)] = 6
    initiative_b: Annotated[int, _nombre_de_des("B : dés d'initiative", aide="Main droite.", **CAMP_B)] = 2
    attaque_b: Annotated[int, _nombre_de_des("B : dés d'attaque", aide=AIDE_ATTAQUE, **CAMP_B)] = 2
    esquive_b: Annotated[
        int | None, _champ("B : Agilité + Esquiver", aide=AIDE_ESQUIVE, plie=True, **CAMP_B)
    ] = None
    force_b: Annotated[int, _champ("B : Force", plie=True, **CAMP_B)] = 1
    bonus_arme_b: Annotated[
        int, _champ("B : bonus de l'arme", minimum=-MOD, maximum=MOD, plie=True, **CAMP_B)
    ] = 0
    resistance_b: Annotated[
        int, _nombre_de_des("B : Résistance + Protection", aide="En dés.", fiche=RP, plie=True, **CAMP_B)
    ] = 2
    des_attaque_b: Annotated[list[int] | None, _lu("Dés lus : attaque de B", plie=True, **CAMP_B)] = None
    des_defense_b: Annotated[
        list[int] | None, _lu("Dés lus : défense (ou esquive) de B", plie=True, **CAMP_B)
    ] = None
    des_resistance_b: Annotated[
        list[int] | None, _lu("Dés lus : Résistance + Protection de B", plie=True, **CAMP_B)
    ] = None
    etat: Annotated[et.CombatElToto, COMBAT] = AVANT_LA_PREMIERE_PASSE
    confirme: Annotated[bool, Champ("Confirmé", cache=True)] = False


def _combattant(entrees: Any, camp: str) -> et.Combattant:
    """One side of the duel from its fields: split, Esquive, weapon, Force, Résistance + Protection."""

    noms = ("pdc", "initiative", "attaque", "esquive", "bonus_arme", "force", "resistance")
    v = {nom: getattr(entrees, f"{nom}_{camp}") for nom in noms}
    with _champs_de(entrees, **{nom: f"{nom}_{camp}" for nom in noms}):
        repartition = et.repartir(v["pdc"], v["initiative"], v["attaque"])
        esquive = None if v["esquive"] is None else et.des_d_esquive(v["esquive"], 0, v["initiative"])
        return et.Combattant(repartition, v["bonus_arme"], v["force"], v["resistance"], esquive)


def _phrase_initiative(initiative: et.Initiative, a: et.Combattant, b: et.Combattant, noms: Noms) -> str:
    ia, ib = a.repartition.initiative, b.repartition.initiative
    if initiative is et.Initiative.SIMULTANEE:
        ensemble = f"{noms['a']} et {noms['b']} frappent en même temps"
        return f"Égalité d'initiative ({des_en_mots(ia)} chacun) : {ensemble}."
    premier, second = (noms["a"], noms["b"]) if initiative is et.Initiative.A else (noms["b"], noms["a"])
    return (
        f"{premier} a l'initiative ({des_en_mots(max(ia, ib))} contre {af.nombre(min(ia, ib))}) : {premier} "
        f"attaque, puis {second} riposte."
    )


def phrase_issue(
    attaque: et.Attaque, attaquant: et.Combattant, cible: str, *, premiere: bool, quoi: str = "l'attaque"
) -> str:
    """What one attack does: damage and PV lost, the riposte die, or nothing (C4)."""
    impact = af.nombre(attaque.impact)
    if attaque.impact < 0:
        if premiere:
            return f"Impact {impact} : {cible} prend l'avantage, +1 dé à l'attaque de sa riposte."
        return f"Impact {impact} : {quoi} ne porte pas."
    if attaque.impact == 0:
        return "Impact 0 : il ne se passe rien."
    somme = et.somme_des_dommages(attaque.impact, attaquant.bonus_arme, attaquant.force)
    formule = f"{impact} {terme(attaquant.bonus_arme)} − 2 {terme(attaquant.force)} = {af.nombre(somme)}"
    debut = f"Impact {impact} : dommages {formule}" + ("" if somme >= 0 else ", compté 0")
    if attaque.dommages == 0:
        return f"{debut} ; pas de dommages, donc pas de jet de Résistance + Protection."
    return (
        f"{debut}, moins {reussites_en_mots(attaque.resistance.reussites)} de Résistance + Protection : "
        f"{perd(cible, attaque.points_de_vie_perdus)}."
    )


def _tableau_attaque(
    attaque: et.Attaque, cible: et.Combattant, rang: int, riposte: bool, nom: str, autre: str
) -> af.Bloc:
    titre = {0: f"Attaque de {nom}", 1: f"1. Attaque de {nom}", 2: f"2. Riposte de {nom}"}[rang]
    defense = f"Esquive de {autre}" if cible.esquive is not None else f"Défense de {autre}"
    des = des_en_mots(len(attaque.attaque.des)) + (", +1 de riposte" if riposte else "")
    return _tableau_jets(
        [
            _ligne_jet(f"Attaque de {nom} ({des})", attaque.attaque),
            _ligne_jet(f"{defense} ({des_en_mots(len(attaque.defense.des))})", attaque.defense),
            _ligne_resistance(autre, cible.resistance, attaque),
        ],
        titre,
    )


def _chances_passe(lois: et.LoisDeLaPasse, a: str, b: str) -> list[af.Bloc]:
    valeurs = [
        (f"L'attaque de {a} porte (impact > 0)", _porte(lois.impact_de_a)),
        (f"{b} perd des PV", _porte(lois.perdus_par_b)),
        (f"L'attaque de {b} porte (impact > 0)", _porte(lois.impact_de_b)),
        (f"{a} perd des PV", _porte(lois.perdus_par_a)),
    ]
    if lois.initiative is not et.Initiative.SIMULTANEE:
        second = b if lois.initiative is et.Initiative.A else a
        valeurs.append((f"{second} gagne le dé de riposte", af.pourcentage(lois.de_de_riposte)))
    return _chances(*valeurs, quoi=" de la passe")


def _blocs_combat(entrees: Any, combat: et.CombatElToto) -> tuple[dict[str, et.Sante], list[af.Bloc]]:
    """The passes played (each side's PV lost, with that hit's wound), the PV left and worst wound (C7)."""
    vies = {c: getattr(entrees, f"vie_{c}") for c in "ab"}
    sante = {c: combat.sante(c, vies[c]) for c in "ab"}
    if not combat.passes:
        return sante, []

    def coup(perdus: int, vie: int) -> str:
        return f"{af.nombre(perdus)} ({GRAVITES[et.blessure(perdus, vie).gravite]})" if perdus else "0"

    lignes = [
        [f"Passe {af.nombre(i)}", *(coup(p, vies[c]) for p, c in zip(passe, "ab", strict=True))]
        for i, passe in enumerate(combat.passes, 1)
    ]
    lignes.append(
        ["PV restants / Vie", *(f"{af.nombre(sante[c].restants)} / {af.nombre(vies[c])}" for c in "ab")]
    )
    lignes.append(["Pire blessure", *(_blessure_en_mots(sante[c].blessure) for c in "ab")])
    n = len(combat.passes)
    legende = f"Le combat après {af.nombre(n)} passe{'s' if n > 1 else ''} (PV perdus à chaque passe)"
    return sante, [af.tableau(["", entrees.nom_a, entrees.nom_b], lignes, legende=legende, surligne=n + 1)]


CRITERES = {et.Critere.TOUCHER: "Toucher", et.Critere.TOUCHER_SANS_ETRE_TOUCHE: "Toucher sans être touché"}


def _en_texte(repartition: et.Repartition | et.ConseilDuCamp) -> str:
    return " / ".join(
        af.nombre(n) for n in (repartition.initiative, repartition.attaque, repartition.defense)
    )


def _blocs_conseils(
    a: et.Combattant, b: et.Combattant, trouves: dict[str, dict[str, et.ConseilDuCamp]], noms: Noms
) -> list[af.Bloc]:
    blocs: list[af.Bloc] = []
    for camp, soi, autre, nom_autre in (("a", a, b, noms["b"]), ("b", b, a, noms["a"])):
        lignes = [
            [CRITERES[critere], _en_texte(c), af.pourcentage(c.chance), af.pourcentage(c.chance_actuelle)]
            for critere, c in ((k, trouves[camp][k.value]) for k in et.Critere)
        ]
        esquive = f", esquive de {des_en_mots(autre.esquive)}" if autre.esquive is not None else ""
        pdc, adverse = (
            des_en_mots(soi.repartition.pdc),
            f"{nom_autre} ({_en_texte(autre.repartition)}{esquive})",
        )
        legende = f"Meilleure répartition du PdC de {noms[camp]} ({pdc}) contre {adverse}"
        entetes = [
            "Critère",
            "Conseillée (init. / att. / déf.)",
            "Chance",
            f"Annoncée ({_en_texte(soi.repartition)})",
        ]
        blocs.append(af.tableau(entetes, lignes, legende=legende))
        if soi.esquive is not None:
            note = "la colonne « Annoncée » la compte, la recherche suppose une défense avec la main gauche"
            blocs.append(af.texte(f"{noms[camp]} a annoncé une esquive : {note}.", "note"))
    return blocs


def duel_repartition(entrees: EntreesDuel, rng: random.Random) -> dict[str, Any]:
    """The split of each side's PdC that maximises its chance of landing a hit; the fight is kept as is."""
    a, b = _combattant(entrees, "a"), _combattant(entrees, "b")
    noms = {"a": entrees.nom_a, "b": entrees.nom_b}
    with _champs_de(entrees):
        trouves = et.conseils_de_repartition(a, b)
    m = trouves["a"][et.Critere.TOUCHER.value]
    resume = (
        f"Pour toucher, {noms['a']} met {af.nombre(m.initiative)} en initiative, {af.nombre(m.attaque)} en "
        f"attaque et {af.nombre(m.defense)} en défense : {af.pourcentage(m.chance)}."
    )
    sante, blocs = _blocs_combat(entrees, entrees.etat)
    blocs = [af.texte(resume, "resultat"), *_blocs_conseils(a, b, trouves, noms), *blocs]
    return {"conseils": trouves, "sante": sante, "etat": entrees.etat, "affichage": blocs}


def nouveau_combat(entrees: EntreesDuel, rng: random.Random) -> dict[str, Any]:
    """Forget the passes played (asked first in the page): the next pass is the first of a new fight."""
    if entrees.etat.passes and not entrees.confirme:
        texte = "Effacer les passes jouées et repartir de la première ? Sinon, jouez la « Passe suivante »."
        oui = af.bouton("Oui, nouveau combat", "toto.duel_nouveau", {"confirme": True})
        question = [af.texte(texte, "resultat"), af.boutons([oui], legende="Confirmer")]
        return {"etat": entrees.etat, "affichage": question + _blocs_combat(entrees, entrees.etat)[1]}
    texte = f"Nouveau combat entre {entrees.nom_a} et {entrees.nom_b} : la prochaine passe est la première."
    return {"etat": et.CombatElToto(), "affichage": [af.texte(texte, "resultat")]}


@_outil(
    "duel-el-toto",
    "Duel, passe après passe",
    RESUME_DUEL,
    "toto.duel",
    "Passe suivante",
    Action("toto.duel_repartition", "Meilleure répartition", duel_repartition),
    Action("toto.duel_nouveau", "Nouveau combat", nouveau_combat),
    garde_un_etat=True,
    camps=CAMPS_A_B,
)
def duel(entrees: EntreesDuel, rng: random.Random) -> dict[str, Any]:
    """Play the fight's next pass (rolled, or dice read hand by hand) with its exact odds and the PV left."""
    a, b = _combattant(entrees, "a"), _combattant(entrees, "b")
    noms = {"a": entrees.nom_a, "b": entrees.nom_b}
    lus = {n: getattr(entrees, n) for n in et.CHAMPS_DES_LUS_ECHANGE if getattr(entrees, n) is not None}
    with _champs_de(entrees):
        combat, echange = et.jouer_passe(entrees.etat, a, b, rng=rng, des_lus=lus)
    lois = et.distribution_passe(a, b)
    ordre, rangs = echange.initiative, echange.rangs
    attaques = {"a": (echange.attaque_de_a, a, b), "b": (echange.attaque_de_b, b, a)}
    numero = f"Passe {af.nombre(len(combat.passes))} : "
    blocs = [af.texte(numero + _phrase_initiative(ordre, a, b, noms), "resultat")]
    json_attaques = {}
    for camp in sorted(attaques, key=lambda c: rangs[c]):
        attaque, attaquant, cible = attaques[camp]
        autre = "b" if camp == "a" else "a"
        riposte = len(attaque.attaque.des) > attaquant.repartition.attaque
        json_attaques[camp] = {**dataclasses.asdict(attaque), "rang": rangs[camp], "de_de_riposte": riposte}
        blocs.append(_tableau_attaque(attaque, cible, rangs[camp], riposte, noms[camp], noms[autre]))
        blocs.append(af.texte(phrase_issue(attaque, attaquant, noms[autre], premiere=rangs[camp] == 1)))
    sante, blocs_combat = _blocs_combat(entrees, combat)
    blocs += [*blocs_combat, *_chances_passe(lois, noms["a"], noms["b"])]
    for x, y, attaque in (("a", "b", echange.attaque_de_a), ("b", "a", echange.attaque_de_b)):
        impact, perdus = getattr(lois, f"impact_de_{x}"), getattr(lois, f"perdus_par_{y}")
        blocs.append(_barres(impact, f"Impact de l'attaque de {noms[x]}", attaque.impact))
        legende = f"PV perdus par {noms[y]}, après sa Résistance + Protection"
        blocs.append(_barres(perdus, legende, attaque.points_de_vie_perdus))
    jets = {f"des_{jet}_{c}": f"{quoi} de {noms[c]}" for c in "ab" for jet, quoi in QUOI.items()}
    return {
        "initiative": ordre,
        "combattants": {"a": a, "b": b},
        "attaques": {camp: json_attaques[camp] for camp in "ab"},
        "probabilites": lois,
        "sante": sante,
        "etat": combat,
        "des_lus": bool(lus),
        "jets_lus": list(lus),
        "tires": echange.faces,
        "affichage": [*blocs, *_note_des_lus(entrees, jets)],
    }
