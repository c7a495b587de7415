"""The tool of the page « Cultures et professions »: a character's creation checked (budgets of points,
the 65 % ceiling, the skills of the culture)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Annotated, Any

from rules_py import basic_maison as bm
from rules_py.errors import InputError
from rules_py.outils.champs import Champ
from rules_py.web import affichage as af
from rules_py.web.basic_maison.attributs_derives import Caracteristiques
from rules_py.web.basic_maison.commun import _outil
from rules_py.web.commun import champs_de, pour_cent

# == Création ===================================================================


def _nom_de_ligne(competence: bm.CompetenceCreee) -> str:
    return f"{competence.nom} ({competence.specialite})" if competence.specialite else competence.nom


def _valeur_creee(c: bm.CompetenceCreee) -> str:
    depasse = f" (> {bm.MAXIMUM_A_LA_CREATION})" if c.valeur > bm.MAXIMUM_A_LA_CREATION and c.points else ""
    return pour_cent(c.valeur) + depasse + (" EXPERT" if c.expert else "")


@dataclass(frozen=True, slots=True)
class EntreesCreation(Caracteristiques):
    """The seven characteristics, the culture, and the points spent on each skill."""

    culture: Annotated[str, Champ("Culture", choix=tuple((c.nom, c.nom) for c in bm.CULTURES))] = "Barbare"
    competences: Annotated[
        str,
        Champ(
            "Points par compétence",
            zone=True,
            aide=(
                "Une compétence par ligne, sous la forme « compétence : culture/profession/libres ». "
                "Spécialité entre parenthèses, par exemple « Art (Peinture) : 10/0/5 » ; Magie avec "
                "Prêtres ou Mages, par exemple « Magie (Mages, Lumière) : 0/30/0 ». Les compétences "
                "standards absentes restent à leur base."
            ),
        ),
    ] = ""


@_outil(
    "creation-basic",
    "Création de personnage",
    "Vérifie une création : budgets de points, plafond de 65 %, compétences de la culture.",
    "basic.creation",
    "Vérifier la création",
)
def creation(entrees: EntreesCreation, rng: random.Random) -> dict[str, Any]:
    """Culture, characteristics and the points per skill → the sheet, what is left, every violation (A10)."""
    try:
        bilan = bm.verifier_creation(
            entrees.valeurs(), entrees.culture, bm.lire_repartitions(entrees.competences)
        )
    except InputError as erreur:
        # The characteristics and the culture are checked by the declaration: what is left is in the lines.
        erreur.champ = "competences"
        raise
    culture = bm.trouver_culture(bilan.culture)
    experts = [_nom_de_ligne(c) for c in bilan.competences if c.expert]
    pluriel = "s" if len(bilan.violations) > 1 else ""
    bilan_texte = f"Création à revoir : {len(bilan.violations)} règle{pluriel} enfreinte{pluriel}."
    if bilan.valide:
        bilan_texte = "Création valide : aucune règle de création n'est enfreinte."
    restes = {pool: (libelle, getattr(bilan, f"reste_{pool}")) for pool, libelle in bm.POOLS}
    blocs: list[af.Bloc] = [
        af.texte(bilan_texte, "resultat"),
        af.valeurs(
            (
                f"Points {libelle} restants",
                f"{af.nombre(reste)} sur {bm.BUDGETS[pool]}" + " (dépassement)" * (reste < 0),
            )
            for pool, (libelle, reste) in restes.items()
        ),
    ]
    if bilan.violations:
        blocs.append(af.liste(bilan.violations))
    blocs.append(
        af.tableau(
            ("Compétence", "Base", "c/p/l", "Valeur"),
            [
                [_nom_de_ligne(c), c.base, f"{c.culture}/{c.profession}/{c.libre}", _valeur_creee(c)]
                for c in bilan.competences
            ],
            legende="Feuille (c/p/l : points de culture/profession/libres)",
        )
    )
    remarques = [
        *bilan.remarques,
        *(f"{nom} : {pour_cent(bm.SEUIL_EXPERT)} ou plus, niveau EXPERT." for nom in experts),
    ]
    if remarques:
        blocs.append(af.liste(remarques))
    note = f"Culture {culture.nom} — compétences standards : {', '.join(culture.competences_standards)} ; "
    note += f"compétences professionnelles (jusqu'à {bm.MAXIMUM_PROFESSIONNELLES}) : "
    blocs.append(af.texte(note + ", ".join(culture.professionnelles) + ".", "note"))
    reponse = {"caracteristiques": entrees.valeurs(), **champs_de(bilan), "valide": bilan.valide}
    return {**reponse, "experts": experts, "affichage": blocs}
