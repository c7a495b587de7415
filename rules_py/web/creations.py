"""A character created step by step from its system's sheet: BaSIC — KAR, El Toto, Actions d100.

The texts of these systems define a sheet, not a creation with budgets (Basic maison's, A10, has its
own tool: :mod:`rules_py.web.basic_maison.cultures_et_professions`). Their creation tool is derived
from the system's sheet (:mod:`rules_py.fiches`), declared once: its inputs are the sheet's fields,
each group of fields one step of the page (a field outside any group makes its own step, under its
label; the name opens the creation, under « Identité »). At every step the engine answers the sheet
checked field by field (a French message naming the field), the values it computes (Init, Vie,
Énergie, PdC…, :meth:`derives`), what keeps the character from being saved (``manques``) and, once
nothing is missing, the stored character (``personnage``, :func:`~rules_py.outils.creation.personnage_cree`).

What a text says of a new character is a rule of creation (:data:`A_LA_CREATION`): such a field is
not asked, the engine sets it. BaSIC — KAR: the current KAR of a new character is its initial KAR
(001, 4.4: the KAR goes down from its initial score, and is never regained above it), and the pawn of
its Init counter stands on its Init (B8: the counter starts from the Init, and goes down with each
action of the round).

>>> from rules_py.web import Moteur
>>> r = Moteur(1).appeler("kar.creation", {"nom": "Renard Blanc", "kar_initial": "60", "INT": "13"})
>>> r["resultat"]["personnage"]["fiche"]["kar"], r["resultat"]["derives"]["init"]
('60', 13)
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Mapping
from typing import Annotated, Any

from rules_py.combat_heroique.initiative import init_de_base
from rules_py.fiches import IDENTITE
from rules_py.outils.champs import Champ, champs, ecrire
from rules_py.outils.creation import cree_un_personnage, personnage_cree
from rules_py.outils.registre import outil
from rules_py.outils.systeme import Systeme
from rules_py.web import affichage as af

__all__ = ["A_LA_CREATION", "declarer_creation", "entrees_de_creation", "nom_de_l_outil"]

A_LA_CREATION: Mapping[str, Mapping[str, Callable[[Mapping[str, Any]], Any]]] = {
    "kar": {
        "kar": lambda valeurs: valeurs["kar_initial"],
        "compteur_init": lambda valeurs: init_de_base(valeurs["intelligence"], valeurs["dexterite"]),
    },
}
"""By system key, the sheet's fields a new character gets from its other fields (not asked)."""

PREFIXE = "creation-"


def nom_de_l_outil(systeme: Systeme) -> str:
    """The creation tool's page name, from the sheet tool's: ``personnage-kar`` → ``creation-kar``.

    >>> from rules_py.systemes import EL_TOTO
    >>> nom_de_l_outil(EL_TOTO)
    'creation-el-toto'
    """
    return PREFIXE + systeme.outil_de_fiche.removeprefix("personnage-")


def _etape(attribut: str, meta: Champ) -> str:
    """The step of a sheet's field: its group; the name under « Identité », any other field its label."""
    if meta.groupe:
        return meta.groupe
    return IDENTITE if attribut == "nom" else meta.libelle


def entrees_de_creation(systeme: Systeme) -> type:
    """The creation's inputs: the sheet's fields (less those set at creation), each in its step.

    >>> from rules_py.systemes import BASIC_KAR
    >>> [c.attribut for c in champs(entrees_de_creation(BASIC_KAR))][:6]
    ['nom', 'constitution', 'intelligence', 'dexterite', 'pouvoir', 'kar_initial']
    """
    fiche = systeme.fiche
    assert fiche is not None
    fixes = A_LA_CREATION.get(systeme.cle, {})
    champs_de_creation = [
        (
            c.attribut,
            Annotated[c.genre, dataclasses.replace(c.meta, groupe=_etape(c.attribut, c.meta))],
            dataclasses.field(default=c.defaut),
        )
        for c in champs(fiche)
        if c.attribut not in fixes
    ]
    nom = "Creation" + fiche.__name__.removeprefix("Fiche")
    entrees = dataclasses.make_dataclass(nom, champs_de_creation, frozen=True, slots=True)
    entrees.__module__ = __name__
    return entrees


def fiche_creee(systeme: Systeme, entrees: Any) -> Any:
    """The sheet of the character the inputs make: their fields, the name trimmed, those set at creation."""
    valeurs = {c.attribut: getattr(entrees, c.attribut) for c in champs(type(entrees))}
    valeurs["nom"] = valeurs["nom"].strip()
    for attribut, regle in A_LA_CREATION.get(systeme.cle, {}).items():
        valeurs[attribut] = regle(valeurs)
    assert systeme.fiche is not None
    return systeme.fiche(**valeurs)


def _apercu(systeme: Systeme, fiche: Any) -> list[tuple[str, Any]]:
    """What the engine computes, by label: the fields set at creation, then the derived values."""
    from rules_py.web.personnages import LIBELLES_DERIVES  # it registers the sheets' tools: on demand

    libelles = {c.attribut: c.meta.libelle for c in champs(type(fiche))}
    fixes = [(libelles[a], getattr(fiche, a)) for a in A_LA_CREATION.get(systeme.cle, {})]
    derives = fiche.derives()
    return fixes + [(libelle, derives[cle]) for cle, libelle in LIBELLES_DERIVES.items() if cle in derives]


def declarer_creation(systeme: Systeme) -> str:
    """Register the creation tool of ``systeme`` (``creation-kar``, operation ``kar.creation``)."""
    nom = nom_de_l_outil(systeme)

    def creation(entrees: Any, rng: random.Random) -> dict[str, Any]:
        """A character of the system's sheet, step by step: the sheet checked, the values computed, what
        is missing, and the character once complete."""
        from rules_py.web.personnages import feuille_remplie

        fiche = fiche_creee(systeme, entrees)
        apercu = _apercu(systeme, fiche)
        manques = [] if fiche.nom else ["« Nom » est vide : entrez le nom du personnage."]
        personnage = None if manques else personnage_cree(systeme.nom, ecrire(fiche))
        if personnage is None:
            blocs = [af.texte("Création à compléter.", "resultat"), af.valeurs(apercu), af.liste(manques)]
        else:
            titre, *feuille = feuille_remplie(fiche, systeme.nom)
            blocs = [
                titre,
                af.texte("Personnage complet : « Enregistrer le personnage » le range avec les autres."),
                *feuille,
            ]
        return {
            "systeme": systeme.nom,
            "nom": fiche.nom,
            "derives": fiche.derives(),
            "apercu": apercu,
            "manques": manques,
            "personnage": personnage,
            "affichage": blocs,
        }

    outil(
        systeme,
        nom,
        "Création de personnage",
        f"Crée pas à pas un personnage {systeme.de_nom} : sa fiche vérifiée et ses valeurs calculées.",
        f"{systeme.prefixe}.creation",
        "Vérifier la création",
        entrees=entrees_de_creation(systeme),
    )(creation)
    cree_un_personnage(nom)
    return nom
