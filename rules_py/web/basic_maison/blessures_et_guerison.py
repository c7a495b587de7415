"""The tools of the page « Blessures et guérison »: the effect of a hit (the state of the wounds, the CON
rolls it calls for), then healing and the healing rate."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Annotated, Any

from rules_py import basic_maison as bm
from rules_py.outils.champs import Champ
from rules_py.outils.registre import Action
from rules_py.web import affichage as af
from rules_py.web.basic_maison.commun import _barres_totaux, _face, _outil, carac, jet_lu
from rules_py.web.basic_maison.tests import LIBELLES_DES_RESULTATS
from rules_py.web.commun import champs_de, note_de_lecture, pour_cent

JETS_DE_CON_LUS = "Jets de CON lus sur la table"


# == Blessures ==================================================================

LIBELLES_DES_ETATS: Mapping[bm.EtatDeBlessure, str] = {
    bm.EtatDeBlessure.AUCUNE: "Aucune blessure",
    bm.EtatDeBlessure.BLESSURE_LEGERE: "Blessure légère",
    bm.EtatDeBlessure.BLESSURE_GRAVE: "Blessure grave",
    bm.EtatDeBlessure.AGONIE: "Agonie",
    bm.EtatDeBlessure.MORT: "Mort",
}
TITRES_DES_JETS_DE_CON = {"choc": "Blessure grave", "agonie": "Agonie"}
"""The CON rolls by name; the one read on the table is the input ``jet_<nom>``."""


@dataclass(frozen=True, slots=True)
class EntreesBlessure:
    """A living character's PV and CON, the damage of one hit, and the CON rolls read on the table."""

    pv: Annotated[int, Champ("PV actuels", minimum=1)] = 12
    pv_max: Annotated[int, Champ("PV maximum", minimum=1)] = 12
    con: Annotated[int, carac("CON")] = 13
    degats: Annotated[int, Champ("Dégâts du coup", minimum=0, aide="Après armure.")] = 7
    affaibli: Annotated[bool, Champ("Déjà très faible", aide="−30\u202f% après une blessure grave.")] = False
    jet_choc: Annotated[int | None, jet_lu("Jet de CON × 5 lu (facultatif)", groupe=JETS_DE_CON_LUS)] = None
    jet_agonie: Annotated[int | None, jet_lu("Jet de CON × 3 lu (facultatif)", groupe=JETS_DE_CON_LUS)] = None


def _explication(blessure: bm.Blessure) -> str:
    if blessure.etat is bm.EtatDeBlessure.MORT:
        return "0 PV ou moins : mort instantanée ; la médecine conventionnelle ne peut plus rien."
    morceaux, grave = [], blessure.blessure_grave
    if blessure.degats:
        comparaison = f"{'≥' if grave else '<'} {blessure.pv_avant} PV avant le coup"
        morceaux.append(
            f"dégâts × 2 = {blessure.degats * 2} {comparaison} : {'' if grave else 'pas de '}blessure grave"
        )
    if blessure.agonie:
        morceaux.append(f"{blessure.pv_apres} PV restants (1 à 3) : agonie")
    return (morceaux[0][0].upper() + " ; ".join(morceaux)[1:] + ".") if morceaux else "Aucun dégât."


def _consequence(demande: bm.JetDeCon) -> str:
    unite = demande.unite[:-1] if demande.inconscience == 1 else demande.unite
    texte = f"perd connaissance {demande.inconscience} {unite}"
    if demande.malus_en_cas_d_echec:
        texte += f", puis {pour_cent(demande.malus_en_cas_d_echec)} à tous ses jets jusqu'aux soins"
    return texte


def _jet_de_con(
    demande: bm.JetDeCon, lu: int | None, rng: random.Random, lancer: bool
) -> tuple[dict[str, Any], list[af.Bloc]]:
    probabilites = demande.probabilites()
    reussite = sum((p for r, p in probabilites.items() if r.reussi), Fraction(0))
    issue = demande.resoudre(lu, rng) if lancer or lu is not None else None
    donnees = dict(demande=demande, issue=issue, probabilite_reussite=reussite, des_lus=lu is not None)
    blocs = [
        af.texte(
            f"{TITRES_DES_JETS_DE_CON[demande.nom]} : jet de CON × {demande.multiplicateur} sous "
            f"{pour_cent(demande.cible)} ({demande.frequence}). "
            f"Réussite : reste conscient ; échec : {_consequence(demande)}."
        ),
        af.barres(
            {True: reussite, False: 1 - reussite},
            legende=f"Jet de CON × {demande.multiplicateur}",
            etiquette=lambda conscient: "Reste conscient" if conscient else "Perd connaissance",
            surligne=issue.conscient if issue else None,
        ),
    ]
    if issue:
        suite = "reste conscient" if issue.conscient else _consequence(demande)
        resultat = LIBELLES_DES_RESULTATS[issue.resultat].lower()
        blocs += [
            af.texte(f"Jet {_face(issue.jet)} : {resultat} — {suite}.", "resultat"),
            af.des([issue.jet], 100),
        ]
    return donnees, blocs


def _blessure(entrees: EntreesBlessure, rng: random.Random, lancer: bool) -> dict[str, Any]:
    blessure = bm.subir_degats(
        entrees.pv, entrees.degats, entrees.con, pv_max=entrees.pv_max, affaibli=entrees.affaibli
    )
    blocs: list[af.Bloc] = [
        af.texte(
            f"{blessure.pv_avant} PV − {blessure.degats} = {af.nombre(blessure.pv_apres)} PV : "
            f"{LIBELLES_DES_ETATS[blessure.etat].lower()}"
            f"{' (et blessure grave)' * (blessure.agonie and blessure.blessure_grave)}.",
            "resultat",
        ),
        af.texte(_explication(blessure), "note"),
    ]
    jets = []
    demandes = {demande.nom: demande for demande in blessure.jets}
    for nom, titre in TITRES_DES_JETS_DE_CON.items():
        lu = getattr(entrees, f"jet_{nom}")
        if nom in demandes:
            donnees, blocs_du_jet = _jet_de_con(demandes[nom], lu, rng, lancer)
            jets.append(donnees)
            blocs += blocs_du_jet
        elif lu is not None:
            blocs.append(
                af.texte(f"Le jet lu pour {titre.lower()} est ignoré : ce coup n'en demande pas.", "note")
            )
    if entrees.affaibli and jets:
        blocs.append(
            af.texte(f"Déjà très faible : {pour_cent(bm.MALUS_AFFAIBLI)} à ces jets de CON aussi.", "note")
        )
    return {
        **{cle: getattr(entrees, cle) for cle in ("pv_max", "con", "affaibli")},
        "pv": blessure.pv_avant,
        **champs_de(blessure),
        "mort": blessure.etat is bm.EtatDeBlessure.MORT,
        "jets": jets,
        "tires": {f"jet_{j['demande'].nom}": j["issue"].jet for j in jets if j["issue"]},
        "affichage": blocs,
    }


def blessure_et_jets(entrees: EntreesBlessure, rng: random.Random) -> dict[str, Any]:
    """One hit (A7), and every CON roll it calls for rolled (or read when typed)."""
    return _blessure(entrees, rng, lancer=True)


@_outil(
    "blessures-basic",
    "Blessures : effet d'un coup",
    "Applique un coup : état de blessure, jets de CON demandés et leurs chances.",
    "basic.blessure",
    "Appliquer le coup",
    Action("basic.blessure.lancer", "Appliquer et lancer les jets", blessure_et_jets),
)
def blessure(entrees: EntreesBlessure, rng: random.Random) -> dict[str, Any]:
    """One hit (A7): the state, the CON rolls it calls for with their odds; jets typed by hand resolved."""
    return _blessure(entrees, rng, lancer=False)


# == Soins et vitesse de guérison ===============================================


_SOINS = tuple((s.competence, f"{s.competence} ({s.des})") for s in bm.SOINS)


@dataclass(frozen=True, slots=True)
class EntreesSoin:
    """The healing skill, the PV now and at most, CON (for the healing rate), the die read."""

    competence: Annotated[str, Champ("Compétence de soin", choix=_SOINS)] = bm.SOINS[0].competence
    pv: Annotated[int, Champ("PV actuels", minimum=1)] = 5
    pv_max: Annotated[int, Champ("PV maximum", minimum=1)] = 12
    con: Annotated[int, carac("CON", aide="Constitution, pour la vitesse de guérison.")] = 13
    des: Annotated[
        list[int] | None, Champ("Dé lu sur la table (facultatif)", lu=True, aide="Laissez vide pour lancer.")
    ] = None


@_outil(
    "soins-basic",
    "Soins et vitesse de guérison",
    "Applique Premiers secours (1d3) ou Guérison (1d6) aux PV, et lit la vitesse de guérison.",
    "basic.soin",
    "Soigner",
)
def soin(entrees: EntreesSoin, rng: random.Random) -> dict[str, Any]:
    """Premiers secours 1d3 or Guérison 1d6 applied to the PV (never above their maximum); healing rate."""
    pv, pv_max, competence = entrees.pv, entrees.pv_max, entrees.competence
    lus = entrees.des
    effet = (
        bm.lancer_soin(pv, pv_max, competence, rng)
        if lus is None
        else bm.soigner(pv, pv_max, competence, lus)
    )
    methode = bm.trouver_soin(competence)
    dist = bm.distribution_du_soin(pv, pv_max, competence).sorted()
    vitesse = bm.vitesse_de_guerison(entrees.con)
    bandes = bm.bandes_de_guerison(max(36, entrees.con))
    blocs = [
        af.texte(
            f"{effet.competence} ({methode.des}) → {effet.points} : {effet.pv_avant} → {effet.pv_apres} PV "
            f"(maximum {effet.pv_max}).",
            "resultat",
        ),
        af.des(effet.des, methode.expression.dice[0][1].sides),
        _barres_totaux(dist, "PV après les soins", effet.pv_apres),
        af.valeurs([("PV moyens après les soins", af.nombre(dist.mean))]),
        af.texte(
            f"Après un jet de {effet.competence} réussi ; une fois par blessure, après une période de repos "
            f"{methode.repos}. Les PV ne dépassent jamais leur maximum.",
            "note",
        ),
        af.tableau(
            ("CON", "Vitesse de guérison"),
            [["6 ou moins" if bas == 0 else f"{bas}–{haut}", v] for bas, haut, v in bandes],
            legende=f"Vitesse de guérison : {vitesse} pour CON {entrees.con}",
            surligne=next(i for i, (bas, haut, _) in enumerate(bandes) if bas <= entrees.con <= haut),
        ),
    ]
    if entrees.des is not None:
        blocs.append(note_de_lecture("le dé lu"))
    return {
        **champs_de(effet),
        "expression": methode.des,
        "des_lus": entrees.des is not None,
        "probabilites": dist,
        "con": entrees.con,
        "vitesse_de_guerison": vitesse,
        "tires": {"des": list(effet.des)},
        "affichage": blocs,
    }
