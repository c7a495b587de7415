"""Scories karmiques: roll the slag, or announce n points (4.4, page ``scories-karmiques.md``)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Annotated, Any

from rules_py import basic_kar as bk
from rules_py.outils.champs import Champ
from rules_py.outils.registre import Action
from rules_py.web import affichage as af
from rules_py.web.basic_kar.commun import AIDE_POINTS, ANNONCER, _jet, _outil, _reponse
from rules_py.web.commun import de_100
from rules_py.web.typographie import typographie

# == scories-kar : tirer ses scories, ou annoncer n points (B11) ====================================


@dataclass(frozen=True, slots=True)
class EntreesScories:
    """The KAR (current, initial), the initial PE and PV, the d100, and the points announced."""

    kar: Annotated[int, Champ("KAR actuel", minimum=0)] = 25
    kar_initial: Annotated[int, Champ("KAR initial", minimum=0)] = 60
    pe_initiaux: Annotated[int, Champ("PE initiaux", minimum=0)] = 20
    pv_initiaux: Annotated[int, Champ("PV initiaux", minimum=0)] = 12
    jet: Annotated[int | None, _jet()] = None
    points: Annotated[int, Champ("Points de KAR annoncés", minimum=1, aide=AIDE_POINTS)] = 10


def _libelle_bande(bande: str) -> str:
    return "Sous le KAR : rien" if bande == "aucune" else f"Marge {bande.replace('-', '–')}"


def _blocs_des_scories(e: EntreesScories, resultat: bk.Scories) -> list[af.Bloc]:
    jet = f"Jet de 1d100 : {de_100(resultat.jet)}"
    if resultat.bande is None:
        return [af.texte(f"{jet}, pas au-dessus du KAR ({e.kar}) : le KAR ne change pas.", "resultat")]
    bande = next(b for b in bk.TABLE_DES_SCORIES if b.libelle == resultat.bande)
    pe = f" ({bande.pourcentage} % de {e.pe_initiaux})" if bande.perte == "PE" else ""
    pv = f" ({bande.pourcentage} % de {e.pv_initiaux})" if bande.perte == "PV" else ""
    marge = f"{jet} − KAR {e.kar} = marge {resultat.marge} : tranche {resultat.bande.replace('-', '–')}."
    lignes = [
        ("PE perdus", f"{resultat.perte_pe}{pe}"),
        ("PV perdus", f"{resultat.perte_pv}{pv}"),
        ("KAR", f"{e.kar} + {resultat.gain_de_kar} = {resultat.kar_apres}"),
    ]
    blocs = [af.texte(marge, "resultat"), af.texte(str(resultat.effet)), af.valeurs(lignes)]
    if resultat.gain_de_kar < bande.gain_de_kar:
        plafond = f"le KAR ne dépasse pas son score initial ({e.kar_initial})"
        texte = f"La table donne +{bande.gain_de_kar}, mais {plafond} : +{resultat.gain_de_kar} seulement."
        blocs.append(af.texte(texte, "note"))
    return blocs


def scories_annoncer(e: EntreesScories, rng: random.Random) -> dict[str, Any]:
    """The other way: n KAR points now, a pending n % malus that the MJ applies next session."""
    annonce = bk.annoncer_regain_de_kar(e.points, e.kar, e.kar_initial)
    plafond = e.kar_initial - e.kar
    moment = "à un jet donné, à un moment critique choisi par le MJ, au cours de la session suivante"
    blocs = [
        af.texte(f"KAR {e.kar} + {annonce.points} = {annonce.kar_apres}.", "resultat"),
        af.texte(f"Malus en attente : −{annonce.malus} % {moment}.", "resultat"),
        af.valeurs([("Au plus", f"{plafond} points (KAR initial {e.kar_initial} − KAR actuel {e.kar})")]),
    ]
    return _reponse(annonce, blocs, malus_en_attente=annonce.malus, plafond=plafond)


@_outil(
    "scories-kar",
    "Scories karmiques",
    "Tirer ses scories sur la table des scories karmiques, ou annoncer n points de KAR contre un malus.",
    "kar.scories",
    "Tirer les scories",
    Action("kar.scories_annoncer", ANNONCER, scories_annoncer),
)
def scories(e: EntreesScories, rng: random.Random) -> dict[str, Any]:
    """Tirer ses scories: d100 against the current KAR, the row of the table, losses, KAR after."""
    resultat = bk.lancer_scories(e.kar, e.kar_initial, e.pe_initiaux, e.pv_initiaux, rng, e.jet)
    probabilites = bk.probabilites_scories(e.kar)
    blocs = [
        *_blocs_des_scories(e, resultat),
        af.des([resultat.jet], 100),
        af.barres(
            probabilites,
            legende=f"Chances de chaque tranche avec un KAR de {e.kar}",
            etiquette=_libelle_bande,
            surligne=resultat.bande or "aucune",
        ),
    ]
    lu, effet = e.jet is not None, resultat.effet and typographie(resultat.effet)
    donnees = {"des_lus": lu, "probabilites": probabilites, "effet": effet}
    return _reponse(resultat, blocs, lu, **donnees, tires={"jet": resultat.jet})
