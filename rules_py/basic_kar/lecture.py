"""Private readers shared by the sections: a skill score, a test's result, a flag, a dice expression.

Each returns the value in the rules' own type, or raises :class:`~rules_py.errors.InputError`
naming the field. The campaign mode's reader, ``_mode``, stays beside ``MODES`` in
:mod:`rules_py.basic_kar.competences`.
"""

from __future__ import annotations

from rules_py.d100 import Resultat
from rules_py.dice import parse
from rules_py.dice.notation import Expression
from rules_py.errors import InputError, RulesError
from rules_py.validation import choix, entier


def _score(valeur: object, champ: str = "score") -> int:
    return entier(valeur, champ, minimum=0)


def _resultat(valeur: object, champ: str) -> Resultat:
    return Resultat(choix(valeur, champ, [r.value for r in Resultat]))


def _expression(valeur: object, champ: str) -> Expression:
    if isinstance(valeur, Expression):
        return valeur
    try:
        return parse(valeur)  # type: ignore[arg-type]
    except RulesError as erreur:
        raise InputError(f"« {champ} » : {erreur.message}", champ=champ) from None
