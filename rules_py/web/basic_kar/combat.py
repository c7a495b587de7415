"""Au sol, obscurité, surprise; assommer; la blessure grave (4.2, page ``combat.md``)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Annotated, Any

from rules_py import basic_kar as bk
from rules_py.errors import InputError
from rules_py.outils.champs import Champ
from rules_py.outils.registre import Action
from rules_py.web import affichage as af
from rules_py.web.basic_kar.commun import (
    AIDE_REPRISE,
    RETENTER,
    _champs,
    _jet,
    _jet_d100,
    _oui_non,
    _outil,
    _plage,
    _reponse,
)
from rules_py.web.commun import de_100, pour_cent
from rules_py.web.typographie import typographie

# == situations-kar : au sol, obscurité, surprise, dans l'ordre (B7) ================================

ACTIONS_SITUATION = (("attaque", "Attaque"), ("parade", "Parade"), ("esquive", "Esquive"))


@dataclass(frozen=True, slots=True)
class EntreesSituation:
    """A combat skill, the action, and the situations that change its threshold."""

    score: Annotated[int, Champ("Compétence (en %)", minimum=0, competence=True)] = 70
    action: Annotated[str, Champ("Action", choix=ACTIONS_SITUATION)] = "attaque"
    lutte: Annotated[bool, Champ("C’est la compétence Lutte")] = False
    au_sol: Annotated[bool, Champ("Le personnage est au sol")] = False
    adversaire_au_sol: Annotated[bool, Champ("Son adversaire est au sol")] = False
    obscurite: Annotated[bool, Champ("Obscurité")] = False
    attaque_par_surprise: Annotated[bool, Champ("Il attaque par surprise ou par-derrière")] = False
    surpris: Annotated[bool, Champ("Il est surpris ou attaqué par-derrière")] = False


@_outil(
    "situations-kar",
    "Seuil en situation : au sol, obscurité, surprise",
    "Seuil d’attaque, de parade ou d’esquive au sol, dans l’obscurité, par surprise.",
    "kar.situation",
    "Calculer le seuil",
)
def situation(e: EntreesSituation, rng: random.Random) -> dict[str, Any]:
    """A combat threshold after the ground, darkness and surprise, in the ruled order."""
    drapeaux = {k: v for k, v in _champs(e).items() if k not in ("score", "action")}
    resultat = bk.seuil_en_situation(e.score, e.action, **drapeaux)
    lignes = [{"libelle": typographie(libelle), "seuil": valeur} for libelle, valeur in resultat.etapes]
    etapes = af.tableau(
        ["Étape", "Seuil"],
        [[libelle, pour_cent(valeur)] for libelle, valeur in resultat.etapes],
        legende="Seuil, étape par étape (au sol, obscurité, surprise)",
        surligne=len(resultat.etapes) - 1,
    )
    if not resultat.possible:
        surpris = af.texte("Surpris : il ne peut ni attaquer, ni parer, ni esquiver.", "resultat")
        return _reponse(resultat, [surpris, etapes], **drapeaux, etapes=lignes)
    reussite, critique = bk.probabilite_de_reussir(resultat.seuil), bk.seuil_critique(resultat.seuil)
    plage = _plage(1, critique) if resultat.seuil else "—"
    chances = [("Réussite critique", plage), ("Chances de réussite", af.pourcentage(reussite))]
    blocs = [af.texte(f"Seuil final : {pour_cent(resultat.seuil)}.", "resultat"), etapes, af.valeurs(chances)]
    donnees = {"etapes": lignes, "seuil_critique": critique, "probabilite_reussite": reussite}
    return _reponse(resultat, blocs, **drapeaux, **donnees)


# == assommer-kar : dommages contre PV restants (B5) ==============================================


@dataclass(frozen=True, slots=True)
class EntreesAssommer:
    """The victim's PV before the blow, the damage, the victim's CON, the d100 read on the table."""

    pv: Annotated[int, Champ("PV avant le coup", minimum=1, aide="PV de la victime avant le coup.")] = 12
    degats: Annotated[int, Champ("Dommages du coup", minimum=0)] = 5
    con: Annotated[int, Champ("CON", cle="CON", minimum=0, aide="Constitution de la victime.")] = 11
    jet: Annotated[int | None, _jet()] = None


def _verdict_assommer(coup: bk.Assommer) -> list[af.Bloc]:
    if coup.degats == 0:
        return [af.texte("Aucun dommage : le coup ne peut pas assommer, pas de jet.", "resultat")]
    if coup.pv_restants <= 0:
        return [af.texte("Le coup emporte les derniers PV : la victime est assommée, sans jet.", "resultat")]
    if coup.jet is None:
        verdict = "la victime est assommée" if coup.assomme else "le coup ne peut pas assommer"
        return [af.texte(f"Hors de la table de résistance : {verdict}, sans jet.", "resultat")]
    verdict = "assommée" if coup.assomme else "pas assommée"
    return _jet_d100(f"Jet de 1d100 : {de_100(coup.jet)} sous {coup.chance} — victime {verdict}.", coup.jet)


def _table_d_assommer(e: EntreesAssommer) -> list[af.Bloc]:
    """Every damage from 1 to the victim's PV: PV left, chance to knock out, PV really lost."""
    coups = [bk.resoudre_assommer(e.pv, d, 0, 1) for d in range(1, min(e.pv, 60) + 1)]
    lignes = [[str(c.degats), str(c.pv_restants), pour_cent(c.chance), str(c.pv_perdus)] for c in coups]
    return [
        af.tableau(
            ["Dommages", "PV restants", "Chances d’assommer", "PV perdus au réveil"],
            lignes,
            legende=f"Victime de {e.pv} PV",
            surligne=e.degats - 1 if 1 <= e.degats <= len(lignes) else None,
        )
    ]


@_outil(
    "assommer-kar",
    "Assommer un adversaire",
    "Dommages contre PV restants sur la table de résistance : heures d’inconscience, PV perdus au réveil.",
    "kar.assommer",
    "Lancer",
    statique=_table_d_assommer,
)
def assommer(e: EntreesAssommer, rng: random.Random) -> dict[str, Any]:
    """A knock-out attempt: damage against the PV left on the resistance table, hours out, PV really lost."""
    coup = bk.lancer_assommer(e.pv, e.degats, e.con, rng, e.jet)
    probabilite = bk.probabilite_assommer(e.pv, e.degats)
    restants = af.nombre(coup.pv_restants)
    lignes = [
        ("PV restants", f"{e.pv} − {e.degats} = {restants}"),
        ("Sur la table de résistance", f"{e.degats} contre {restants}"),
        ("Chances d’assommer", pour_cent(coup.chance)),
    ]
    blocs = [af.valeurs(lignes), *_verdict_assommer(coup)]
    if coup.assomme:
        heures = f"{coup.heures} heure{'s' if coup.heures > 1 else ''} (21 − CON {e.con}, au moins 1)"
        reveil = f"{coup.pv_perdus} PV ({e.degats} ÷ 3, arrondi au supérieur) : {coup.pv_apres} PV"
        suites = [f"Inconsciente pendant {heures}.", f"À son réveil, elle n’a perdu en réalité que {reveil}."]
        blocs.append(af.liste(suites))
    elif e.degats:
        blocs.append(af.texte(f"La victime garde ses {af.nombre(coup.pv_apres)} PV restants."))
    blocs.append(_oui_non(probabilite, "Chances d’assommer", "Assommée", "Pas assommée", coup.assomme))
    lu = e.jet is not None and coup.jet is not None
    donnees = {"probabilite": probabilite, "sans_jet": coup.jet is None, "des_lus": lu}
    return _reponse(coup, blocs, lu, **donnees, tires={"jet": coup.jet})


# == blessure-grave-kar : la moitié des PV initiaux en un coup (B6) =================================


@dataclass(frozen=True, slots=True)
class EntreesBlessure:
    """The PV (initial, before the hit), the damage, the shock roll and a later round's roll."""

    pv_max: Annotated[int, Champ("PV initiaux", minimum=1)] = 14
    pv_avant: Annotated[int, Champ("PV au moment du coup", minimum=1)] = 14
    degats: Annotated[int, Champ("Dommages du coup", minimum=0)] = 8
    jet: Annotated[int | None, _jet("Jet sous PV × 5 (facultatif)")] = None
    jet_reprise: Annotated[
        int | None, _jet("Jet pour se relever, aux rounds suivants (facultatif)", AIDE_REPRISE)
    ] = None
    tentative: Annotated[int, Champ("Tentative", minimum=1, cache=True)] = 1

    def __post_init__(self) -> None:
        if self.pv_avant > self.pv_max:
            message = f"« PV au moment du coup » doit être au plus {self.pv_max}, les PV initiaux."
            raise InputError(message, champ="pv_avant")


def _bouton_reprise(tentative: int, seuil: int) -> af.Bloc:
    bouton = af.bouton(f"{REPRISE.libelle} (jet sous {seuil})", REPRISE.op, {"tentative": tentative})
    legende = "Le blessé peut retenter, à chaque round, un jet sous PV × 5 pour agir de nouveau."
    return af.boutons([bouton], legende=legende)


def _barres_choc(probabilite: Fraction, reussi: bool) -> af.Bloc:
    return _oui_non(probabilite, "Chances du jet sous PV × 5", "Réussi", "Raté", reussi)


def blessure_grave_reprise(e: EntreesBlessure, rng: random.Random) -> dict[str, Any]:
    """A later round: the collapsed character rolls under the current PV × 5 to act again."""
    reprise = bk.lancer_reprise(e.pv_max, e.pv_avant, e.degats, rng, e.jet_reprise)
    probabilite = bk.probabilite_de_tenir(reprise.pv)
    suite = "réussi : il se relève et peut agir de nouveau." if reprise.reussi else "raté : il reste au sol."
    texte = f"Round suivant, tentative {e.tentative} : jet sous PV × 5 = {reprise.seuil}"
    blocs = [*_jet_d100(f"{texte} : {de_100(reprise.jet)} — {suite}", reprise.jet)]
    blocs.append(_barres_choc(probabilite, reprise.reussi))
    if not reprise.reussi:
        blocs.append(_bouton_reprise(e.tentative + 1, reprise.seuil))
    lu = e.jet_reprise is not None
    donnees = {"des_lus": lu, "tentative": e.tentative, "probabilite_de_tenir": probabilite}
    return _reponse(reprise, blocs, lu, **donnees, tires={"jet_reprise": reprise.jet})


REPRISE = Action("kar.blessure_grave_reprise", RETENTER, blessure_grave_reprise)


@_outil(
    "blessure-grave-kar",
    "Blessure grave",
    "Un coup qui retire la moitié des PV initiaux : jet sous PV × 5, puis à chaque round pour se relever.",
    "kar.blessure_grave",
    "Appliquer le coup",
    REPRISE,
)
def blessure_grave(e: EntreesBlessure, rng: random.Random) -> dict[str, Any]:
    """One hit: a serious wound or not, and the roll under the current PV × 5."""
    coup = bk.lancer_blessure_grave(e.pv_max, e.pv_avant, e.degats, rng, e.jet)
    comparaison = f"{e.degats * 2} {'≥' if coup.grave else '<'} {e.pv_max} PV initiaux"
    apres = f"{e.pv_avant} − {e.degats} = {af.nombre(coup.pv_apres)}"
    blocs, donnees = [af.valeurs([("Dommages × 2", comparaison), ("PV après le coup", apres)])], {}
    if coup.hors_de_combat or not coup.grave:
        verdict = (
            "Plus de PV : le personnage est hors de combat, pas de jet de choc."
            if coup.hors_de_combat
            else "Pas de blessure grave : moins de la moitié des PV initiaux."
        )
        blocs.insert(0, af.texte(verdict, "resultat"))
    else:
        assert coup.seuil is not None and coup.jet is not None
        donnees["probabilite_de_tenir"] = probabilite = bk.probabilite_de_tenir(coup.pv_apres)
        suite = "raté : le personnage s’effondre ; au sol, il ne peut que ramper."
        suite = suite if coup.effondre else "réussi : il supporte le choc et continue d’agir."
        texte = f"Jet sous PV × 5 = {coup.seuil} : {de_100(coup.jet)} — {suite}"
        blocs[:0] = [af.texte("Blessure grave !", "resultat"), *_jet_d100(texte, coup.jet)]
        blocs.append(_barres_choc(probabilite, not coup.effondre))
        if coup.effondre:
            blocs.append(_bouton_reprise(1, coup.seuil))
    lu = e.jet is not None and coup.jet is not None
    return _reponse(coup, blocs, lu, des_lus=lu, **donnees, tires={"jet": coup.jet})
