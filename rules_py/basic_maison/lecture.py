"""Reading helpers shared by several pages: lookup keys, texts, booleans, dice read on the table."""

from __future__ import annotations

import unicodedata

from rules_py.dice import Expression, total_of
from rules_py.errors import InputError, RulesError
from rules_py.validation import entier


def _cle(nom: str) -> str:
    """A lookup key: no accents, no case, plain apostrophes, single spaces."""
    decompose = unicodedata.normalize("NFKD", nom.replace("\u2019", "'"))
    sans_accents = "".join(ch for ch in decompose if not unicodedata.combining(ch))
    return " ".join(sans_accents.casefold().split())


def _texte(valeur: object, champ: str) -> str:
    """``valeur`` as a non-empty text, or an :class:`InputError` naming ``champ``."""
    if not isinstance(valeur, str) or not valeur.strip():
        raise InputError(f"« {champ} » doit être un texte non vide.", champ=champ)
    return valeur


def _des(des: object, champ: str) -> tuple[int, ...]:
    if not isinstance(des, list | tuple):
        raise InputError(f"« {champ} » doit être une liste de dés.", champ=champ)
    return tuple(entier(de, champ) for de in des)


def _total(expression: Expression, des: object, champ: str) -> int:
    """The total of ``expression`` made of the dice read on the table; errors name ``champ``."""
    lus = _des(des, champ)
    try:
        return total_of(expression, lus).total
    except RulesError as erreur:
        raise InputError(erreur.message, champ=champ) from None
