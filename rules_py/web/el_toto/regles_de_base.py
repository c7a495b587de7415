"""El Toto's tools, I. Règles de base, « Nombre de dés lancés » (C1 and C2, page ``regles-de-base.md``).

A pool of d6 rolled or read on the table, with the Énergie spent and its exact odds; :mod:`.potentiel`
rolls its pools the same way. The page's other tool, Énergie and PV, is in :mod:`.energie`.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import Annotated, Any

from rules_py import el_toto as et
from rules_py.web import affichage as af
from rules_py.web.commun import note_de_lecture
from rules_py.web.el_toto.mots_et_blocs import (
    Ligne,
    _au_moins,
    _barres,
    _champ,
    _champs_de,
    _classes,
    _lu,
    _nombre_de_des,
    _outil,
    des_en_mots,
    reussites_en_mots,
)


def _resume_reserve(jet: et.Jet) -> str:
    if not jet.des:
        return "Aucun dé : le jet échoue."
    if jet.maladresse:
        return "Maladresse (échec critique) : tous les dés montrent 1."
    if jet.reussites == 0:
        return "Aucune réussite : le jet échoue."
    return f"{reussites_en_mots(jet.reussites).capitalize()}."


def _jet_de_reserve(
    nombre: int, entrees: Any, rng: random.Random, champ: str, avant: list[Ligne], apres: Sequence[Ligne] = ()
) -> dict[str, Any]:
    """A pool rolled (or read in field ``faces``): its answer and blocks, ``avant`` and ``apres`` the odds."""
    faces = entrees.faces
    with _champs_de(entrees, des="faces", nombre_de_des=champ):
        jet = et.lancer_jet(nombre, rng=rng, des_lus=faces)
    loi = et.distribution_reussites(nombre)
    p_maladresse = et.chance_de_maladresse(nombre)
    reponse = {
        "nombre_de_des": nombre,
        **dataclasses.asdict(jet),
        "reussi": jet.reussi,
        "probabilites": loi,
        "probabilite_maladresse": p_maladresse,
        "probabilite_reussite": _au_moins(loi, 1),
        "des_lus": faces is not None,
        "tires": {"faces": list(jet.des)},
    }
    valeurs = [
        *avant,
        ("Réussites", af.nombre(jet.reussites)),
        ("Chance d'au moins une réussite", af.pourcentage(_au_moins(loi, 1))),
    ]
    if jet.reussites > 1:
        au_moins = af.pourcentage(_au_moins(loi, jet.reussites))
        valeurs.append((f"Chance d'au moins {reussites_en_mots(jet.reussites)}", au_moins))
    valeurs += [("Chance de maladresse", af.pourcentage(p_maladresse)), *apres]
    blocs = [af.texte(_resume_reserve(jet), "resultat")]
    if jet.des:
        blocs.append(af.des(jet.des, et.FACES, _classes(jet)))
    blocs += [
        af.valeurs(valeurs),
        _barres(loi, f"Probabilité de chaque nombre de réussites avec {des_en_mots(nombre)}", jet.reussites),
    ]
    if faces is not None:
        blocs.append(note_de_lecture("les dés lus"))
    return {**reponse, "affichage": blocs}


AIDE_ENERGIE = "Facultatif : chaque point ajoute un dé."
AIDE_PLAFOND = "Le score que le MJ désigne pour l'action : au plus autant de points sur ce jet."
AIDE_FACES = "Laissez vide pour lancer ; sinon les faces lues, séparées par des espaces (ex. 4 6 1)."
RESUME_RESERVE = (
    "Lance une réserve de d6 (avec l'Énergie dépensée), ou lit les dés de la table, avec ses chances."
)


@dataclasses.dataclass(frozen=True, slots=True)
class EntreesReserve:
    des: Annotated[
        int, _nombre_de_des("Nombre de dés", aide="Capacité + Talent, ou Aptitude + Compétence.")
    ] = 4
    energie: Annotated[int | None, _champ("Points d'Énergie dépensés", aide=AIDE_ENERGIE)] = None
    plafond: Annotated[int | None, _champ("Plafond (Hargne ou Survie)", aide=AIDE_PLAFOND, plie=True)] = None
    reste: Annotated[
        int | None,
        _champ("Énergie restante avant le jet", aide="Facultatif : vérifie la réserve.", plie=True),
    ] = None
    faces: Annotated[list[int] | None, _lu("Dés lus sur la table", "", AIDE_FACES, plie=True)] = None


@_outil("reserve-el-toto", "Jet de dés d'El Toto", RESUME_RESERVE, "toto.reserve", "Lancer")
def reserve(entrees: EntreesReserve, rng: random.Random) -> dict[str, Any]:
    """Roll a pool (dice + Énergie spent, capped) or read it: faces, successes, maladresse, exact odds."""
    with _champs_de(entrees, points="energie", energie="reste"):
        depense = et.des_avec_energie(entrees.des, entrees.energie, entrees.plafond, entrees.reste)
    nombre, points = depense.des, depense.points_depenses
    restante = depense.energie_restante if entrees.reste is not None else None
    lances = des_en_mots(nombre)
    if points:
        lances += f" ({af.nombre(entrees.des)} + {af.nombre(points)} d'Énergie)"
    apres = () if restante is None else (("Énergie restante après le jet", af.nombre(restante)),)
    return {
        **_jet_de_reserve(nombre, entrees, rng, "des", [("Dés lancés", lances)], apres),
        "energie_depensee": points,
        "energie_restante": restante,
    }
