"""The tool of the page « Cultures et professions »: a character's creation checked (budgets of points,
the 65 % ceiling, the skills of the culture)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Annotated, Any

from rules_py import basic_maison as bm
from rules_py.basic_maison.creation import CreationPasAPas, creation_pas_a_pas
from rules_py.errors import InputError
from rules_py.fiches import FicheBasic
from rules_py.outils.champs import Champ, champs, ecrire
from rules_py.outils.creation import cree_un_personnage, personnage_cree
from rules_py.web import affichage as af
from rules_py.web.basic_maison.attributs_derives import CARACS, modificateur_ecrit
from rules_py.web.basic_maison.commun import _outil, carac
from rules_py.web.commun import champs_de, pour_cent

# == Création ===================================================================


def _nom_de_ligne(competence: bm.CompetenceCreee) -> str:
    return f"{competence.nom} ({competence.specialite})" if competence.specialite else competence.nom


def _valeur_creee(c: bm.CompetenceCreee) -> str:
    depasse = f" (> {bm.MAXIMUM_A_LA_CREATION})" if c.valeur > bm.MAXIMUM_A_LA_CREATION and c.points else ""
    return pour_cent(c.valeur) + depasse + (" EXPERT" if c.expert else "")


IDENTITE, ORIGINES, POINTS = "Identité", "Culture et profession", "Points de compétence"


def _nom_court(valeur: object, libelle: str) -> str:
    """A name or a profession: a text of at most 80 characters (as on the sheet)."""
    if not isinstance(valeur, str):
        raise InputError(f"« {libelle} » doit être un texte.")
    if len(valeur) > 80:
        raise InputError(f"« {libelle} » est trop long (au plus 80 caractères).")
    return valeur


@dataclass(frozen=True, slots=True)
class EntreesCreation:
    """The character's name, culture and profession, the seven characteristics, the points per skill.

    The fields come in the order of the creation's steps (each group is a step of the page).
    """

    nom: Annotated[str, Champ("Nom", lecteur=_nom_court, groupe=IDENTITE, aide="Le nom du personnage.")] = ""
    culture: Annotated[
        str, Champ("Culture", choix=tuple((c.nom, c.nom) for c in bm.CULTURES), groupe=ORIGINES)
    ] = "Barbare"
    profession: Annotated[
        str,
        Champ(
            "Profession",
            lecteur=_nom_court,
            groupe=ORIGINES,
            aide="Le texte ne liste pas les professions : nommez-la avec le MJ.",
        ),
    ] = ""
    force: Annotated[int, carac("FOR", CARACS, cle="for")] = 12
    con: Annotated[int, carac("CON", CARACS)] = 13
    tai: Annotated[int, carac("TAI", CARACS)] = 11
    dex: Annotated[int, carac("DEX", CARACS)] = 14
    int_: Annotated[int, carac("INT", CARACS, cle="int")] = 15
    pou: Annotated[int, carac("POU", CARACS)] = 10
    cha: Annotated[int, carac("CHA", CARACS)] = 9
    competences: Annotated[
        str,
        Champ(
            "Points par compétence",
            zone=True,
            groupe=POINTS,
            aide=(
                "Une compétence par ligne, sous la forme « compétence : culture/profession/libres ». "
                "Spécialité entre parenthèses, par exemple « Art (Peinture) : 10/0/5 » ; Magie avec "
                "Prêtres ou Mages, par exemple « Magie (Mages, Lumière) : 0/30/0 ». Les compétences "
                "standards absentes restent à leur base."
            ),
        ),
    ] = ""

    def valeurs(self) -> dict[str, int]:
        """The characteristics keyed by abbreviation (``FOR`` …), as the engine reads them."""
        return {
            c.meta.libelle: getattr(self, c.attribut)
            for c in champs(EntreesCreation)
            if c.meta.groupe == CARACS
        }


SYSTEME = "Basic maison"


def _fiche(entrees: EntreesCreation, etape: CreationPasAPas) -> FicheBasic:
    """The sheet of the created character: its identity, characteristics, and skills (base + points)."""
    scores = "\n".join(f"{nom} : {valeur}" for nom, valeur in etape.scores())
    return FicheBasic(
        nom=entrees.nom.strip(),
        culture=etape.bilan.culture,
        profession=entrees.profession.strip(),
        force=entrees.force,
        constitution=entrees.con,
        taille=entrees.tai,
        dexterite=entrees.dex,
        intelligence=entrees.int_,
        pouvoir=entrees.pou,
        charisme=entrees.cha,
        scores=scores,
    )


def _manques(entrees: EntreesCreation, etape: CreationPasAPas) -> list[str]:
    """What keeps the creation from being saved: a name, every rule kept."""
    manques = [] if entrees.nom.strip() else ["« Nom » est vide : entrez le nom du personnage."]
    if etape.bilan.violations:
        manques.append("Des règles de création sont enfreintes (voir le bilan).")
    return manques


def _attributs(etape: CreationPasAPas) -> list[tuple[str, str | int]]:
    mod = etape.attributs.modificateur_de_degats
    return [
        ("Points de vie (PV)", etape.attributs.points_de_vie),
        ("Points de magie (PM)", etape.attributs.points_de_magie),
        ("Modificateur de dégâts", modificateur_ecrit(mod)),
        ("Vitesse de guérison", etape.attributs.vitesse_de_guerison),
    ]


@_outil(
    "creation-basic",
    "Création de personnage",
    "Vérifie une création : budgets de points, plafond de 65 %, compétences de la culture.",
    "basic.creation",
    "Vérifier la création",
)
def creation(entrees: EntreesCreation, rng: random.Random) -> dict[str, Any]:
    """Name, culture, profession, characteristics and the points per skill → every skill with its base,
    the budgets left, every violation (A10), the derived attributes, and the character once complete."""
    try:
        etape = creation_pas_a_pas(
            entrees.valeurs(), entrees.culture, bm.lire_repartitions(entrees.competences)
        )
    except InputError as erreur:
        # The characteristics and the culture are checked by the declaration: what is left is in the lines.
        erreur.champ = "competences"
        raise
    bilan = etape.bilan
    culture = bm.trouver_culture(bilan.culture)
    experts = [_nom_de_ligne(c) for c in bilan.competences if c.expert]
    pluriel = "s" if len(bilan.violations) > 1 else ""
    bilan_texte = f"Création à revoir : {len(bilan.violations)} règle{pluriel} enfreinte{pluriel}."
    if bilan.valide:
        bilan_texte = "Création valide : aucune règle de création n'est enfreinte."
    manques = _manques(entrees, etape)
    personnage = None
    if not manques:
        personnage = personnage_cree(SYSTEME, ecrire(_fiche(entrees, etape)))
    blocs: list[af.Bloc] = [
        af.texte(bilan_texte, "resultat"),
        af.valeurs(
            (
                f"{budget.libelle} restants",
                f"{af.nombre(budget.reste)} sur {budget.budget}" + " (dépassement)" * (budget.reste < 0),
            )
            for budget in etape.budgets
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
    blocs.append(af.valeurs(_attributs(etape)))
    remarques = [
        *bilan.remarques,
        *(f"{nom} : {pour_cent(bm.SEUIL_EXPERT)} ou plus, niveau EXPERT." for nom in experts),
    ]
    if remarques:
        blocs.append(af.liste(remarques))
    note = f"Culture {culture.nom} — compétences standards : {', '.join(culture.competences_standards)} ; "
    note += f"compétences professionnelles (jusqu'à {bm.MAXIMUM_PROFESSIONNELLES}) : "
    blocs.append(af.texte(note + ", ".join(culture.professionnelles) + ".", "note"))
    if personnage is None and entrees.nom.strip() == "":
        blocs.append(af.texte("Pour enregistrer le personnage, entrez son nom.", "note"))
    reponse = {"caracteristiques": entrees.valeurs(), **champs_de(bilan), "valide": bilan.valide}
    return {
        **reponse,
        "experts": experts,
        "nom": entrees.nom.strip(),
        "profession": entrees.profession.strip(),
        "budgets": etape.budgets,
        "plafond": bm.MAXIMUM_A_LA_CREATION,
        "lignes": etape.lignes,
        "depassements": [ligne.ligne for ligne in etape.depassements],
        "proposees": etape.proposees,
        "attributs": champs_de(etape.attributs),
        "apercu": _attributs(etape),
        "champ_des_points": "competences",
        "manques": manques,
        "personnage": personnage,
        "affichage": blocs,
    }


cree_un_personnage("creation-basic")
