"""French typography for the text a reader sees: ’ apostrophes, thin spaces before ; : ! ? % and inside « ».

A facade writes its sentences with plain ASCII spacing; :func:`typographier`
sets them the French way, and :func:`en_francais` applies it to everything an
operation shows (its display blocks and its error messages), so no sentence
escapes it.

>>> typographier("« A » l'emporte : 2 réussites ; et alors ?")
'«\\u202fA\\u202f» l’emporte\\u202f: 2 réussites\\u202f; et alors\\u202f?'
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from rules_py.errors import InputError, RulesError
from rules_py.web.affichage import ESPACE_FINE, Bloc
from rules_py.web.registre import Champ

__all__ = ["champs_en_francais", "en_francais", "statique_en_francais", "typographier", "typographier_blocs"]

_REMPLACEMENTS = (
    ("'", "’"),
    (" :", f"{ESPACE_FINE}:"),
    (" ;", f"{ESPACE_FINE};"),
    (" !", f"{ESPACE_FINE}!"),
    (" ?", f"{ESPACE_FINE}?"),
    (" %", f"{ESPACE_FINE}%"),
    ("« ", f"«{ESPACE_FINE}"),
    (" »", f"{ESPACE_FINE}»"),
)

_CLES_DE_TEXTE = {"texte", "legende", "etiquette", "libelle", "titre"}


def typographier(texte: str) -> str:
    """One text set the French way."""
    for avant, apres in _REMPLACEMENTS:
        texte = texte.replace(avant, apres)
    return texte


def _reprendre(valeur: Any, cle: str | None) -> Any:
    if isinstance(valeur, str):
        return typographier(valeur) if cle in _CLES_DE_TEXTE or cle is None else valeur
    if isinstance(valeur, list):
        return [
            _reprendre(element, None if cle in ("lignes", "entetes", "elements") else cle)
            for element in valeur
        ]
    if isinstance(valeur, dict):
        return {
            k: (v if k in ("op", "args", "type", "classe") else _reprendre(v, k)) for k, v in valeur.items()
        }
    return valeur


def typographier_blocs(blocs: list[Bloc]) -> list[Bloc]:
    """Display blocks with every visible text set the French way (keys, ops and args untouched).

    >>> typographier_blocs([{"type": "valeurs", "lignes": [["Chance d'au moins 1 réussite", "50 %"]]}])
    [{'type': 'valeurs', 'lignes': [['Chance d’au moins 1 réussite', '50\\u202f%']]}]
    """
    return [_reprendre(bloc, "bloc") for bloc in blocs]


Operation = Callable[[Mapping[str, Any], random.Random], dict[str, Any]]


def en_francais(operation: Operation) -> Operation:
    """An operation whose display blocks and error messages are set the French way."""

    @functools.wraps(operation)
    def appel(args: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
        try:
            resultat = operation(args, rng)
        except RulesError as erreur:
            raise InputError(typographier(erreur.message), champ=erreur.champ) from None
        resultat["affichage"] = typographier_blocs(resultat["affichage"])
        return resultat

    return appel


def champs_en_francais(*champs: Champ) -> tuple[Champ, ...]:
    """Form fields whose label, help and choices are set the French way.

    >>> champs_en_francais(Champ("x", "Bonus de l'arme", aide="En dés : 0 ou plus."))[0].aide
    'En dés\\u202f: 0 ou plus.'
    """
    return tuple(
        replace(
            champ,
            libelle=typographier(champ.libelle),
            aide=typographier(champ.aide),
            choix=tuple((cle, typographier(libelle)) for cle, libelle in champ.choix),
        )
        for champ in champs
    )


def statique_en_francais(
    statique: Callable[[Mapping[str, Any]], list[Bloc]],
) -> Callable[[Mapping[str, Any]], list[Bloc]]:
    """A widget's static fallback with every visible text set the French way."""

    @functools.wraps(statique)
    def rendu(options: Mapping[str, Any]) -> list[Bloc]:
        return typographier_blocs(statique(options))

    return rendu
