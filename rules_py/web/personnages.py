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

from rules_py import basic_maison as bm
from rules_py import personnages as pj
from rules_py.errors import InputError
from rules_py.outils.champs import champs, ecrire
from rules_py.outils.registre import OUTILS, operation, outil
from rules_py.outils.systeme import Systeme
from rules_py.systemes import SYSTEMES
from rules_py.web import affichage as af
from rules_py.web.typographie import typographie

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
    "init": "Initiative (Init)",
}
"""The computed values a sheet shows (the others, such as ``pv_max``, only fill tools)."""


ARMES = ("Arme", "Dégâts", "ATT", "PAR")
ARMES_KAR = ("Arme", "FV", "Attaque", "Dommages")
COMPETENCES = ("Compétence", "Valeur")
COMPETENCES_ACTIONS = ("Compétence", "Valeur", "Point dépensé")
CARACTERISTIQUES = ("Caractéristique", "Valeur")
STANDARDS = ("Compétence", "Base", "Valeur")
"""The blank Basic maison sheet's skills: the standard skills with their base formula (the text's)."""
COMPTEUR = ("Init", *(f"+{unite}" for unite in range(10)))
"""The blank KAR sheet's Init counter (001, « Aide de jeu »): a pawn's box for every Init, 0 to 29."""
LEGENDE_COMPTEUR = "Compteur d'Init (ligne 20, colonne +3 : Init 23)"
"""The pawn starts at the Init and goes down with each action of the round."""
LIGNES_VIERGES = 10


def _lignes(fiche: pj.Fiche) -> list[tuple[str, str | int]]:
    """A sheet's fields (zones aside) and its computed values, by label."""
    textes, derives = ecrire(fiche), fiche.derives()
    lignes: list[tuple[str, str | int]] = [
        (c.meta.libelle, str(textes[c.cle])) for c in champs(type(fiche)) if c.forme != "zone"
    ]
    return lignes + [(libelle, derives[cle]) for cle, libelle in LIBELLES_DERIVES.items() if cle in derives]


def _tables(fiche: pj.Fiche) -> list[tuple[str, tuple[str, ...], list[list[str]]]]:
    """A sheet's lists as tables (legend, headings, rows), in the sheet's order."""
    unite = "" if isinstance(fiche, pj.FicheElToto) else " %"
    if isinstance(fiche, pj.FicheActions):
        caracteristiques = [[nom, str(v)] for nom, v in pj.lire_competences(fiche.caracteristiques)]
        scores = [
            [c.nom, f"{c.score} %", "oui" if c.points else "non"]
            for c in pj.lire_competences_actions(fiche.scores)
        ]
        return [
            ("Caractéristiques", CARACTERISTIQUES, caracteristiques),
            ("Compétences", COMPETENCES_ACTIONS, scores),
        ]
    tables = [("Compétences", COMPETENCES, [[nom, f"{v}{unite}"] for nom, v in fiche.competences()])]
    if isinstance(fiche, pj.FicheBasic):
        armes = [[a.nom, a.degats, f"{a.att} %", f"{a.par} %"] for a in pj.lire_armes(fiche.armes)]
        tables.append(("Armes", ARMES, armes))
    if isinstance(fiche, pj.FicheKar):
        armes = [[a.nom, str(a.fv), f"{a.attaque} %", a.degats] for a in pj.lire_armes_kar(fiche.armes)]
        tables.append(("Armes", ARMES_KAR, armes))
    return tables


def feuille_remplie(fiche: pj.Fiche, systeme: str) -> list[af.Bloc]:
    """A filled sheet as display blocks: its fields, its computed values, its skills and weapons."""
    blocs = [af.texte(f"{fiche.nom} — {systeme}", "resultat"), af.valeurs(_lignes(fiche))]
    for legende, entetes, rangs in _tables(fiche):
        if rangs:
            blocs.append(af.tableau(entetes, rangs, legende=legende))
    return blocs


def _vides(entetes: tuple[str, ...], nombre: int = LIGNES_VIERGES) -> list[list[str]]:
    return [[""] * len(entetes) for _ in range(nombre)]


def _zone_vierge(fiche: pj.Fiche, cle: str, libelle: str) -> list[af.Bloc]:
    """The lines to write a zone on, as players expect them on paper."""
    if isinstance(fiche, pj.FicheBasic) and cle == "scores":
        standards = [[c.nom, c.formule_texte.replace(" x ", " × "), ""] for c in bm.COMPETENCES_STANDARDS]
        return [af.tableau(STANDARDS, standards + _vides(STANDARDS, 8), legende=libelle)]
    if isinstance(fiche, pj.FicheKar) and cle == "armes":
        compteur = [[str(dizaine), *[""] * 10] for dizaine in (20, 10, 0)]
        return [
            af.tableau(ARMES_KAR, _vides(ARMES_KAR, 6), legende=libelle),
            af.tableau(COMPTEUR, compteur, legende=LEGENDE_COMPTEUR),
        ]
    entetes = {
        ("armes", pj.FicheBasic): ARMES,
        ("scores", pj.FicheActions): COMPETENCES_ACTIONS,
        ("caracteristiques", pj.FicheActions): CARACTERISTIQUES,
    }.get((cle, type(fiche)), COMPETENCES)
    nombre = 6 if entetes is CARACTERISTIQUES else LIGNES_VIERGES
    return [af.tableau(entetes, _vides(entetes, nombre), legende=libelle)]


def _feuille_vierge(fiche: pj.Fiche, systeme: str) -> list[af.Bloc]:
    """The blank sheet to print: every label with an empty value, lines for each zone (the Basic maison
    standard skills with their base, the KAR weapons with FV, attack and damage, and the Init counter)."""
    vide = [[libelle, ""] for libelle, _ in _lignes(fiche)]
    blocs = [
        af.texte(f"Fiche de personnage — {systeme}", "resultat"),
        af.tableau(("Champ", "Valeur"), vide, legende="Identité et scores"),
    ]
    for champ in champs(type(fiche)):
        if champ.forme == "zone":
            blocs += _zone_vierge(fiche, champ.cle, champ.meta.libelle)
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
            "affichage": feuille_remplie(entrees, nom),
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
        vide = {"document": pj.document_json(()), "rejetes": [], "migre_depuis": None, "notes": []}
        return {**vide, "affichage": []}
    document = pj.lire_document(texte)
    return {
        "document": pj.document_json(document.personnages),
        "rejetes": [_rejete(brut, message) for brut, message in document.rejetes],
        "migre_depuis": document.migre_depuis,
        "notes": list(document.notes),
        "affichage": [af.texte(message, "erreur") for _, message in document.rejetes]
        + [af.texte(note, "note") for note in document.notes],
    }


@operation("personnages.importer")
def importer(args: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """An imported file → its characters, every sheet checked; the first fault refuses the whole file."""
    document = pj.lire_document(args.get("texte"), strict=True)
    nombre = len(document.personnages)
    return {
        "personnages": [p.en_json() for p in document.personnages],
        "notes": list(document.notes),
        "affichage": [
            af.texte(f"{nombre} personnage{'s' if nombre > 1 else ''} importé{'s' if nombre > 1 else ''}."),
            *(af.texte(note, "note") for note in document.notes),
        ],
    }


@operation("personnages.feuille")
def feuille(args: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """A stored character → its filled sheet (to show and print)."""
    personnage = pj.lire_personnage(args.get("personnage"))
    return {"affichage": feuille_remplie(pj.fiche_de(personnage), personnage.systeme)}


def depuis_un_fichier(
    texte: str, nom: str, competence: str | None = None, camp: str | None = None
) -> dict[str, str | bool]:
    """A tool's fields taken from an exported character file (the CLI's ``--personnage``).

    The file's first character of the tool's system fills the fields it has (of side ``camp``
    if given); ``competence`` (a name « Remplir depuis » lists: a skill, a weapon, a characteristic)
    fills the field that takes a score, and what goes with it (a weapon's FV and damage…).
    """
    document = pj.lire_document(texte, strict=True)
    systeme = OUTILS[nom].regles
    personnage = next((p for p in document.personnages if p.systeme == systeme.nom), None)
    if personnage is None:
        raise InputError(f"Le fichier n'a aucun personnage {systeme.de_nom}.")
    reponse = remplir({"outil": nom, "personnage": personnage.en_json(), "camp": camp}, random.Random(0))
    valeurs = dict(reponse["valeurs"])
    if competence is not None:
        lignes = {ligne[0]: ligne for ligne in reponse["competences"]}
        if reponse["champ_competence"] is None:
            raise InputError("Cet outil ne prend pas de compétence de la fiche.")
        if competence not in lignes:
            connues = ", ".join(f"« {n} »" for n in lignes) or "aucune"
            raise InputError(
                f"« {competence[:40]} » n'est pas sur la fiche de {reponse['nom']} (connues : {connues})."
            )
        _, score, en_plus, _ = lignes[competence]
        valeurs |= {reponse["champ_competence"]: str(score), **en_plus}
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
    field's values); ``champ_competence`` names the field that takes « a score of the
    sheet » (declared by the tool), ``competences`` lists what it may take, by the field's key (the
    characteristics for ``caracteristique``, else the skills and weapons), titled ``titre_competence``:
    each line is [name, score, the other fields it fills (a weapon's FV and damage, a skill's points
    spent), its label]. With ``camp`` (one of :func:`camps_de`), only that side's fields are filled
    (``nom_a``: the name).
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
    siens = [c for c in _remplissables(nom) if c.meta.camp == camp]
    cles = {c.cle: c.meta.fiche or c.cle.removesuffix(f"_{camp}" if camp else "") for c in siens}
    champ = next((c for c in siens if c.meta.competence), None)
    autres = [c for c in siens if c is not champ]
    titre, lignes = pj.listes(fiche)["competence"]
    if champ is not None:
        titre, lignes = pj.listes(fiche).get(cles[champ.cle], (titre, lignes))
    return {
        "nom": fiche.nom,
        "valeurs": _par_cle(autres, cles, pj.valeurs(fiche)),
        "champ_competence": None if champ is None else champ.cle,
        "titre_competence": titre,
        "competences": [
            [n, v, _par_cle(autres, cles, en_plus), typographie(libelle)] for n, v, en_plus, libelle in lignes
        ],
        "affichage": [],
    }


def _par_cle(
    siens: list[Any], cles: Mapping[str, str], disponibles: Mapping[str, Any]
) -> dict[str, str | bool]:
    """The form texts of the fields ``siens`` whose key (``cles``) has a value in ``disponibles``
    (a choice only when the value is one of its options)."""
    valeurs: dict[str, str | bool] = {}
    for champ in siens:
        valeur = disponibles.get(cles[champ.cle])
        texte = valeur if isinstance(valeur, bool) else str(valeur)
        if valeur is not None and (champ.forme != "choix" or texte in {c for c, _ in champ.options}):
            valeurs[champ.cle] = texte
    return valeurs


def _de(nom: str) -> str:
    """« de » and a registered system's name (elided: « d’El Toto »)."""
    return next(s.de_nom for s in SYSTEMES.values() if s.nom == nom)


for _systeme in list(SYSTEMES.values()):
    enregistrer(_systeme)
