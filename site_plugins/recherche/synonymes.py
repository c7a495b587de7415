"""The players' words → the rules' words (``synonymes.yml``), folded as the search folds them."""

from __future__ import annotations

import unicodedata
from functools import cache
from pathlib import Path

import yaml
from mkdocs.exceptions import PluginError

__all__ = ["FICHIER", "plier", "synonymes"]

FICHIER = Path(__file__).with_name("synonymes.yml")


def plier(texte: str) -> str:
    """Lower case, no accents, ligatures spelt out, one space between words (as ``recherche-francaise.js``).

    >>> plier("  Bonus aux DÉGÂTS ")
    'bonus aux degats'
    """
    decompose = unicodedata.normalize("NFD", texte.replace("œ", "oe").replace("æ", "ae"))
    sans_accents = "".join(c for c in decompose if not unicodedata.combining(c))
    return " ".join(sans_accents.replace("’", "'").lower().split())


@cache
def synonymes() -> dict[str, str]:
    """Folded player's word or phrase → the rules' words, as the file writes them."""
    lu = yaml.safe_load(FICHIER.read_text(encoding="utf-8"))
    if not isinstance(lu, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in lu.items()):
        raise PluginError(f"regles-recherche : {FICHIER.name} doit associer des mots à des mots.")
    table = {plier(cle): valeur for cle, valeur in lu.items()}
    if len(table) != len(lu):
        raise PluginError(f"regles-recherche : {FICHIER.name} donne deux fois le même mot (accents compris).")
    return table
