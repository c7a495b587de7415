"""Characters on the page « Personnages », and « Remplir depuis » in every tool.

One tool per system (``personnage-basic`` …) whose inputs are the system's sheet
(:mod:`rules_py.personnages`): its form is the sheet, « Enregistrer » checks it and
answers the sheet's texts (what the page stores) with the filled sheet to show or
print; its static fallback is the blank sheet. The page's storage calls
``personnages.charger`` (a stored document: migrated, every sheet checked),
``personnages.importer`` (a file: refused whole at the first fault) and
``personnages.remplir`` (a tool's fields taken from a character, by key).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping
from typing import Any

from rules_py import personnages as pj
from rules_py.errors import InputError
from rules_py.outils.champs import champs, ecrire
from rules_py.outils.registre import OUTILS, operation, outil
from rules_py.outils.systeme import Systeme
from rules_py.systemes import SYSTEMES
from rules_py.web import affichage as af

__all__ = ["NOMS", "depuis_un_fichier", "enregistrer"]

NOMS: Mapping[str, str] = {s.nom: s.outil_de_fiche for s in SYSTEMES.values() if s.fiche is not None}
"""The sheet tool of each system, by the system's name (from the records: ``personnage-basic`` …)."""

LIBELLES_DERIVES: Mapping[str, str] = {
    "pv": "Points de vie (PV)",
    "pm": "Points de magie (PM)",
    "modificateur_de_degats": "Modificateur de dégâts",
    "vitesse_de_guerison": "Vitesse de guérison",
    "vie": "Vie (PV)",
    "points_d_energie": "Énergie",
    "pdc": "Potentiel de combat (PdC)",
}
"""The computed values a sheet shows (the others, such as ``pv_max``, only fill tools)."""


ARMES = ("Arme", "Dégâts", "ATT", "PAR")
COMPETENCES = ("Compétence", "Valeur")


def _lignes(fiche: pj.Fiche) -> list[tuple[str, str | int]]:
    """A sheet's fields (zones aside) and its computed values, by label."""
    textes, derives = ecrire(fiche), fiche.derives()
    lignes: list[tuple[str, str | int]] = [
        (c.meta.libelle, str(textes[c.cle])) for c in champs(type(fiche)) if c.forme != "zone"
    ]
    return lignes + [(libelle, derives[cle]) for cle, libelle in LIBELLES_DERIVES.items() if cle in derives]


def _feuille(fiche: pj.Fiche, systeme: str) -> list[af.Bloc]:
    """A filled sheet as display blocks: its fields, its computed values, its skills and weapons."""
    armes = pj.lire_armes(getattr(fiche, "armes", ""))
    tables = {
        "Compétences": (COMPETENCES, [[nom, f"{v} %"] for nom, v in fiche.competences()]),
        "Armes": (ARMES, [[a.nom, a.degats, f"{a.att} %", f"{a.par} %"] for a in armes]),
    }
    blocs = [af.texte(f"{fiche.nom} — {systeme}", "resultat"), af.valeurs(_lignes(fiche))]
    for legende, (entetes, rangs) in tables.items():
        if rangs:
            blocs.append(af.tableau(entetes, rangs, legende=legende))
    return blocs


def _feuille_vierge(fiche: pj.Fiche, systeme: str) -> list[af.Bloc]:
    """The blank sheet to print: every label with an empty value, ten empty rows per zone."""
    vide = [[libelle, ""] for libelle, _ in _lignes(fiche)]
    blocs = [
        af.texte(f"Fiche de personnage — {systeme}", "resultat"),
        af.tableau(("Champ", "Valeur"), vide, legende="Identité et scores"),
    ]
    for champ in champs(type(fiche)):
        if champ.forme == "zone":
            entetes = ARMES if champ.cle == "armes" else COMPETENCES
            blocs.append(af.tableau(entetes, [[""] * len(entetes)] * 10, legende=champ.meta.libelle))
    return blocs


def _declarer(systeme: Systeme) -> None:
    """The sheet tool of ``systeme``: its form is the system's sheet, its static fallback the blank sheet."""
    nom = systeme.nom

    def enregistrer_fiche(entrees: Any, rng: random.Random) -> dict[str, Any]:
        """Check a sheet: its texts as stored, its computed values, the filled sheet."""
        pj.verifier_nom(entrees)
        return {
            "systeme": nom,
            "fiche": ecrire(entrees),
            "valeurs": pj.valeurs(entrees),
            "competences": entrees.competences(),
            "affichage": _feuille(entrees, nom),
        }

    outil(
        systeme,
        systeme.outil_de_fiche,
        f"Créer ou modifier un personnage — {nom}",
        f"Vérifie et enregistre sur l'appareil une fiche de personnage {systeme.de_nom}.",
        f"personnages.{systeme.outil_de_fiche}",
        "Enregistrer",
        entrees=systeme.fiche,
        statique=functools.partial(_feuille_vierge, systeme=nom),
    )(enregistrer_fiche)


def enregistrer(systeme: Systeme) -> None:
    """Register the sheet tool of ``systeme``, if it has a sheet (a system registered later calls it)."""
    if systeme.fiche is not None:
        _declarer(systeme)


# == Storage and « Remplir depuis » ============================================================


def _rejete(brut: Any, message: str) -> dict[str, Any]:
    return {"message": message, "brut": brut}


@operation("personnages.charger")
def charger(args: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """A stored document (its raw text) → the characters, migrated and checked; the others set aside."""
    texte = args.get("texte")
    if texte is None or texte == "":
        return {"document": pj.document_json(()), "rejetes": [], "migre_depuis": None, "affichage": []}
    document = pj.lire_document(texte)
    return {
        "document": pj.document_json(document.personnages),
        "rejetes": [_rejete(brut, message) for brut, message in document.rejetes],
        "migre_depuis": document.migre_depuis,
        "affichage": [af.texte(message, "erreur") for _, message in document.rejetes],
    }


@operation("personnages.importer")
def importer(args: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """An imported file → its characters, every sheet checked; the first fault refuses the whole file."""
    document = pj.lire_document(args.get("texte"), strict=True)
    nombre = len(document.personnages)
    return {
        "personnages": [p.en_json() for p in document.personnages],
        "affichage": [
            af.texte(f"{nombre} personnage{'s' if nombre > 1 else ''} importé{'s' if nombre > 1 else ''}.")
        ],
    }


@operation("personnages.feuille")
def feuille(args: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """A stored character → its filled sheet (to show and print)."""
    personnage = pj.lire_personnage(args.get("personnage"))
    return {"affichage": _feuille(pj.fiche_de(personnage), personnage.systeme)}


def depuis_un_fichier(
    texte: str, nom: str, competence: str | None = None, camp: str | None = None
) -> dict[str, str | bool]:
    """A tool's fields taken from an exported character file (the CLI's ``--personnage``).

    The file's first character of the tool's system fills the fields it has (of side ``camp``
    if given); ``competence`` (a skill's name on the sheet) fills the field that takes a skill.
    """
    document = pj.lire_document(texte, strict=True)
    systeme = OUTILS[nom].regles
    personnage = next((p for p in document.personnages if p.systeme == systeme.nom), None)
    if personnage is None:
        raise InputError(f"Le fichier n'a aucun personnage {systeme.de_nom}.")
    reponse = remplir({"outil": nom, "personnage": personnage.en_json(), "camp": camp}, random.Random(0))
    valeurs = dict(reponse["valeurs"])
    if competence is not None:
        scores = dict(reponse["competences"])
        if reponse["champ_competence"] is None:
            raise InputError("Cet outil ne prend pas de compétence de la fiche.")
        if competence not in scores:
            connues = ", ".join(f"« {n} »" for n in scores) or "aucune"
            raise InputError(
                f"« {competence[:40]} » n'est pas sur la fiche de {reponse['nom']} (connues : {connues})."
            )
        valeurs[reponse["champ_competence"]] = str(scores[competence])
    return valeurs


def camps_de(nom: str) -> list[tuple[str, str]]:
    """The sides (side, heading) of tool ``nom`` a character can fill, as declared ([] if one-sided)."""
    return list(OUTILS[nom].camps)


def _remplissables(nom: str) -> list[Any]:
    return [c for c in OUTILS[nom].champs if not (c.meta.cache or c.meta.lu)]


@operation("personnages.remplir")
def remplir(args: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """A tool's fields taken from a character: every field whose key the character has, and its skills.

    ``valeurs`` holds the form texts by field name (a choice only when it is one of the
    field's values); ``champ_competence`` names the field that takes « a skill of the
    sheet » (declared by the tool), ``competences`` lists them with their scores. With ``camp`` (one
    of :func:`camps_de`), only that side's fields are filled (``nom_a``: the name).
    """
    nom, camp = args.get("outil"), args.get("camp") or ""
    if not isinstance(nom, str) or nom not in OUTILS:
        raise InputError(f"Outil inconnu : « {str(nom)[:40]} ».")
    if camp and camp not in dict(camps_de(nom)):
        raise InputError(f"Cet outil n'a pas de camp « {str(camp)[:20]} ».")
    personnage = pj.lire_personnage(args.get("personnage"))
    systeme = OUTILS[nom].systeme
    if systeme and systeme != personnage.systeme:
        raise InputError(f"Ce personnage est {_de(personnage.systeme)} ; cet outil sert {systeme}.")
    fiche = pj.fiche_de(personnage)
    disponibles = pj.valeurs(fiche)
    valeurs: dict[str, str | bool] = {}
    siens = [c for c in _remplissables(nom) if c.meta.camp == camp]
    for champ in siens:
        cle = champ.meta.fiche or champ.cle.removesuffix(f"_{camp}" if camp else "")
        valeur = disponibles.get(cle)
        texte = valeur if isinstance(valeur, bool) else str(valeur)
        if valeur is not None and (champ.forme != "choix" or texte in {c for c, _ in champ.options}):
            valeurs[champ.cle] = texte
    return {
        "nom": fiche.nom,
        "valeurs": valeurs,
        "champ_competence": next((c.cle for c in siens if c.meta.competence), None),
        "competences": [list(c) for c in fiche.competences()],
        "affichage": [],
    }


def _de(nom: str) -> str:
    """« de » and a registered system's name (elided: « d’El Toto »)."""
    return next(s.de_nom for s in SYSTEMES.values() if s.nom == nom)


for _systeme in list(SYSTEMES.values()):
    enregistrer(_systeme)
