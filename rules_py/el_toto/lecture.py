"""Reading El Toto's inputs: the checks every section of the rules applies to what it is given.

Dice counts, scores, signed modifiers, yes/no answers and the faces read on the
table, with the limits they are read against; private helpers, imported by name.
"""

from __future__ import annotations

from rules_py.errors import InputError
from rules_py.validation import entier

FACES = 6
"""El Toto rolls d6 only."""
MAX_DES = 100
"""The largest pool rolled or given odds (the project's limit of 100 dice per term)."""
MAX_MODIFICATEUR = 100
"""The largest weapon bonus or survival modifier, in either direction."""


def _nombre(valeur: object, champ: str) -> int:
    """A number of dice: 0..MAX_DES."""
    return entier(valeur, champ, minimum=0, maximum=MAX_DES)


def _score(valeur: object, champ: str) -> int:
    """A characteristic, talent or skill score: an integer >= 0."""
    return entier(valeur, champ, minimum=0)


def _modificateur(valeur: object, champ: str) -> int:
    """A signed modifier: -MAX_MODIFICATEUR..MAX_MODIFICATEUR."""
    return entier(valeur, champ, minimum=-MAX_MODIFICATEUR, maximum=MAX_MODIFICATEUR)


def _faces(des: object, champ: str) -> tuple[int, ...]:
    """The faces of a pool read from the table: a list of 0..MAX_DES values, each 1..6."""
    if not isinstance(des, list | tuple):
        raise InputError(f"« {champ} » doit être une liste de faces de d6 (de 1 à 6).", champ=champ)
    if len(des) > MAX_DES:
        raise InputError(f"« {champ} » compte {len(des)} dés : au plus {MAX_DES}.", champ=champ)
    try:
        return tuple(entier(face, champ, minimum=1, maximum=FACES) for face in des)
    except InputError as erreur:
        raise InputError(f"Un d6 montre une face de 1 à 6. {erreur.message}", champ=champ) from None
