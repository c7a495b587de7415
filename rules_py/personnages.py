"""Characters kept on the reader's device: their stored document, each sheet checked by its system's.

Each system's sheet (:mod:`rules_py.fiches`) belongs to its record (:mod:`rules_py.systemes`);
a stored character names its system by the record's name.

The stored document is plain JSON with a schema version::

    {"schema": "regles-personnages", "version": 2,
     "personnages": [{"id": "…", "systeme": "Basic maison", "fiche": {"nom": "Ruan", …}}]}

:func:`lire_document` reads it (size and depth limits first), migrates it from any
older version (:data:`MIGRATIONS`), and checks every sheet with its declaration.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from rules_py import el_toto
from rules_py.constantes import PROFONDEUR_MAX, TAILLE_MAX_DOCUMENT, profondeur_json
from rules_py.errors import InputError, RulesError
from rules_py.fiches import (
    Fiche,
    FicheActions,
    FicheBasic,
    FicheElToto,
    FicheKar,
    competences,
    lire_armes,
    lire_armes_kar,
    lire_competences,
    lire_competences_actions,
    listes,
    valeurs,
    verifier_nom,
)
from rules_py.outils.champs import champs, ecrire, lire
from rules_py.systemes import EL_TOTO, FICHES

__all__ = [
    "FICHES",
    "MIGRATIONS",
    "SCHEMA",
    "VERSION",
    "Document",
    "FicheActions",
    "FicheBasic",
    "FicheElToto",
    "FicheKar",
    "Personnage",
    "competences",
    "document_json",
    "lire_armes",
    "lire_armes_kar",
    "lire_competences",
    "lire_competences_actions",
    "lire_document",
    "lire_personnage",
    "listes",
    "profondeur_json",
    "valeurs",
    "verifier_nom",
]

SCHEMA = "regles-personnages"
VERSION = 2
"""The version of the stored document; every older one has its step in :data:`MIGRATIONS`."""

TAILLE_MAX = TAILLE_MAX_DOCUMENT
"""The longest stored document or imported file, in characters (:mod:`rules_py.constantes`)."""
PERSONNAGES_MAX = 500

# == The stored document =======================================================================


@dataclass(frozen=True, slots=True)
class Personnage:
    """One stored character: an identifier, its system, its sheet as the form's texts."""

    id: str
    systeme: str
    fiche: dict[str, str | bool]

    def en_json(self) -> dict[str, Any]:
        return {"id": self.id, "systeme": self.systeme, "fiche": dict(self.fiche)}


@dataclass(frozen=True, slots=True)
class Document:
    """The characters read, and what could not be read (each with its French reason, never dropped)."""

    personnages: tuple[Personnage, ...]
    rejetes: tuple[tuple[Any, str], ...] = ()
    migre_depuis: int | None = None
    notes: tuple[str, ...] = ()
    """What a migration changed in a value, each in French (the page shows them)."""


_IDENTIFIANT = re.compile(r"[A-Za-z0-9_-]{1,64}")


def _migrer_0(donnees: Any) -> dict[str, Any]:
    """Version 0 (a bare list of ``{systeme, fiche}``, no identifiers) → version 1."""
    if not isinstance(donnees, list):
        raise InputError("Version 0 illisible : une liste de personnages était attendue.")
    personnages = [
        {**p, "id": f"p{numero}"} if isinstance(p, dict) else p for numero, p in enumerate(donnees, 1)
    ]
    return {"schema": SCHEMA, "version": 1, "personnages": personnages}


BONUS_MAX = el_toto.MAX_MODIFICATEUR
NOTES = "_notes_de_migration"
"""Where a migration step leaves its notes in the document it returns (read and removed by
:func:`lire_document`)."""


def _migrer_1(donnees: Any) -> dict[str, Any]:
    """Version 1 → 2: the sheets gain fields, read at their defaults when absent (BaSIC — KAR: weapons
    with FV, attack and damage, the Init counter; El Toto: the shield bonus; Actions d100: the
    characteristics, and a skill line without « : non » has points spent, as the test assumed).

    Every value is kept as it was, but one: an El Toto weapon bonus is now bounded as the tools bound it
    (−100 to 100); a stored bonus above 100, which no tool accepted, becomes 100, and a note says so.
    """
    notes, migres = [], []
    personnages = donnees.get("personnages") if isinstance(donnees, dict) else None
    for brut in personnages if isinstance(personnages, list) else ():
        fiche = brut.get("fiche") if isinstance(brut, dict) and brut.get("systeme") == EL_TOTO.nom else None
        bonus = fiche.get("bonus_arme") if isinstance(fiche, dict) else None
        if isinstance(bonus, str) and bonus.isascii() and bonus.isdigit() and int(bonus) > BONUS_MAX:
            notes.append(
                f"{_nom_de(brut)} : le bonus de l'arme {int(bonus)} devient {BONUS_MAX}, "
                "le plus grand que les outils acceptent."
            )
            brut = {**brut, "fiche": {**fiche, "bonus_arme": str(BONUS_MAX)}}
        migres.append(brut)
    if not isinstance(personnages, list):
        return {**donnees, "version": 2}
    return {**donnees, "version": 2, "personnages": migres, NOTES: notes}


MIGRATIONS: Mapping[int, Callable[[Any], dict[str, Any]]] = {0: _migrer_0, 1: _migrer_1}
"""One step per old version: ``MIGRATIONS[n]`` turns version ``n`` into version ``n + 1``."""


def _version(donnees: Any) -> int:
    if isinstance(donnees, list):
        return 0
    if not isinstance(donnees, dict) or donnees.get("schema") != SCHEMA:
        raise InputError("Ce fichier n'est pas un fichier de personnages de ce site.")
    version = donnees.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or not 0 <= version <= VERSION:
        raise InputError(
            f"Version de fichier de personnages inconnue ({str(version)[:10]}) : "
            f"ce site lit les versions 0 à {VERSION}."
        )
    return version


def lire_personnage(brut: Any) -> Personnage:
    """One stored character checked by its system's sheet; the sheet kept as the form's texts."""
    if not isinstance(brut, dict):
        raise InputError("Un personnage doit être un objet (id, systeme, fiche).")
    identifiant, systeme, fiche = brut.get("id"), brut.get("systeme"), brut.get("fiche")
    if not isinstance(identifiant, str) or not _IDENTIFIANT.fullmatch(identifiant):
        raise InputError("Identifiant de personnage illisible.")
    if systeme not in FICHES:
        raise InputError(f"Système inconnu : « {str(systeme)[:40]} ».")
    if not isinstance(fiche, dict):
        raise InputError("La fiche du personnage doit être un objet (clé → valeur).")
    declaration = FICHES[systeme]
    inconnues = set(fiche) - {c.cle for c in champs(declaration)}
    if inconnues:
        raise InputError(f"Champ inconnu sur une fiche {systeme} : « {sorted(inconnues)[0][:30]} ».")
    verifiee = lire(declaration, fiche)
    verifier_nom(verifiee)
    return Personnage(identifiant, systeme, ecrire(verifiee))


def _nom_de(brut: Any) -> str:
    fiche = brut.get("fiche") if isinstance(brut, dict) else None
    nom = fiche.get("nom") if isinstance(fiche, dict) else None
    return f"« {nom[:40]} »" if isinstance(nom, str) and nom else "sans nom"


def lire_document(texte: object, *, strict: bool = False) -> Document:
    """The characters of a stored document or an imported file, migrated and every sheet checked.

    Limits first (size, depth, count); then the migrations up to :data:`VERSION`.
    A character that does not pass its sheet is set aside with its reason
    (``rejetes``); with ``strict`` (an import), the first one refuses the whole file.
    Every error is an :class:`InputError` with a French message.

    >>> doc = lire_document('{"schema": "regles-personnages", "version": 1, "personnages": '
    ...                     '[{"id": "a1", "systeme": "Actions d100", "fiche": {"nom": "Brugor"}}]}')
    >>> doc.personnages[0].fiche, doc.migre_depuis
    ({'nom': 'Brugor', 'caracteristiques': '', 'scores': ''}, 1)
    >>> lire_document("{").personnages
    Traceback (most recent call last):
    ...
    rules_py.errors.InputError: Fichier illisible : ce n'est pas du JSON.
    """
    if not isinstance(texte, str):
        raise InputError("Le contenu à lire doit être un texte.")
    if len(texte) > TAILLE_MAX:
        raise InputError(f"Fichier trop gros : au plus {TAILLE_MAX // 1000}000 caractères.")
    if profondeur_json(texte) > PROFONDEUR_MAX:
        raise InputError("Fichier refusé : il est imbriqué trop profondément pour une fiche de personnage.")
    try:
        donnees = json.loads(texte)
    except (ValueError, RecursionError):
        raise InputError("Fichier illisible : ce n'est pas du JSON.") from None
    version = depart = _version(donnees)
    notes: list[str] = []
    while version < VERSION:
        donnees = MIGRATIONS[version](donnees)
        notes += donnees.pop(NOTES, [])
        version += 1
    liste = donnees.get("personnages")
    if not isinstance(liste, list):
        raise InputError("Fichier illisible : la liste « personnages » manque.")
    if len(liste) > PERSONNAGES_MAX:
        raise InputError(f"Trop de personnages : au plus {PERSONNAGES_MAX}.")
    lus: list[Personnage] = []
    rejetes: list[tuple[Any, str]] = []
    vus: set[str] = set()
    for numero, brut in enumerate(liste, 1):
        try:
            personnage = lire_personnage(brut)
            if personnage.id in vus:
                raise InputError("Identifiant en double.")
        except RulesError as erreur:
            message = f"Personnage n° {numero} ({_nom_de(brut)}) : {erreur.message}"
            if strict:
                raise InputError(message) from None
            rejetes.append((brut, message))
            continue
        vus.add(personnage.id)
        lus.append(personnage)
    return Document(tuple(lus), tuple(rejetes), depart if depart != VERSION else None, tuple(notes))


def document_json(personnages: Any) -> dict[str, Any]:
    """The stored document (and the exported file) holding ``personnages``."""
    return {"schema": SCHEMA, "version": VERSION, "personnages": [p.en_json() for p in personnages]}


def fiche_de(personnage: Personnage) -> Fiche:
    """The checked sheet of a stored character."""
    return lire(FICHES[personnage.systeme], personnage.fiche)


def champs_de_fiche(systeme: str) -> tuple[Any, ...]:
    """The declared fields of a system's sheet."""
    return champs(FICHES[systeme])
