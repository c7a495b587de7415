"""Page « Caractéristiques »: the seven characteristics and how they are read."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from rules_py.errors import InputError
from rules_py.validation import entier

# == Caractéristiques ===========================================================


@dataclass(frozen=True, slots=True)
class Caracteristique:
    """One of the seven characteristics, with what the text says happens at 0 (``None``: nothing said)."""

    abreviation: str
    nom: str
    a_zero: str | None


CARACTERISTIQUES: tuple[Caracteristique, ...] = (
    Caracteristique("FOR", "Force", "ne peut plus se déplacer ni soulever des objets"),
    Caracteristique("CON", "Constitution", "meurt"),
    Caracteristique("TAI", "Taille", None),
    Caracteristique("DEX", "Dextérité", "est paralysé"),
    Caracteristique("INT", "Intelligence", "devient un vrai légume"),
    Caracteristique("POU", "Pouvoir", "perd toute volonté propre"),
    Caracteristique("CHA", "Charisme", "ne peut plus avoir de relations sociales"),
)
ABREVIATIONS: tuple[str, ...] = tuple(c.abreviation for c in CARACTERISTIQUES)


def _caracteristique(valeur: object, abreviation: str) -> int:
    """One characteristic score: an integer >= 0."""
    return entier(valeur, abreviation, minimum=0)


def _caracteristiques(valeurs: object, requises: Iterable[str]) -> dict[str, int]:
    """The ``requises`` characteristics read from ``valeurs``, every key checked."""
    if not isinstance(valeurs, Mapping):
        raise InputError(
            "Les caractéristiques doivent être données par abréviation.", champ="caracteristiques"
        )
    for abreviation in valeurs:
        if abreviation not in ABREVIATIONS:
            raise InputError(
                f"Caractéristique inconnue : « {str(abreviation)[:20]} » "
                f"(attendu : {', '.join(ABREVIATIONS)}).",
                champ=str(abreviation)[:20],
            )
    lues = {}
    for abreviation in requises:
        if abreviation not in valeurs:
            raise InputError(f"La caractéristique « {abreviation} » manque.", champ=abreviation)
        lues[abreviation] = _caracteristique(valeurs[abreviation], abreviation)
    return lues


def lire_caracteristiques(valeurs: Mapping[str, object]) -> dict[str, int]:
    """The seven characteristics, each an integer >= 0, keyed by abbreviation.

    >>> lire_caracteristiques({"FOR": 12, "CON": "13", "TAI": 11, "DEX": 14, "INT": 15, "POU": 10, "CHA": 9})
    {'FOR': 12, 'CON': 13, 'TAI': 11, 'DEX': 14, 'INT': 15, 'POU': 10, 'CHA': 9}
    """
    return _caracteristiques(valeurs, ABREVIATIONS)
