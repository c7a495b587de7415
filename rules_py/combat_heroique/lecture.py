"""Reading helpers the sections share: a combatant's name, yes or no, a roll's result, a number or none."""

from __future__ import annotations

from rules_py.d100 import Resultat
from rules_py.errors import InputError
from rules_py.validation import TexteLu, choix, entier

_LONGUEUR_MAX_DU_TEXTE = 60


def nom_de_combattant(valeur: object, champ: str = "nom") -> str:
    """A combatant's (or a camp's) name: a text of 1 to 60 characters, spaces around it dropped.

    A name the page read from the reader (a :class:`TexteLu`) stays one, so that every sentence of the
    fight isolates it.

    >>> nom_de_combattant(" Yang ")
    'Yang'
    """
    if not isinstance(valeur, str) or not valeur.strip():
        raise InputError(f"« {champ} » doit être un texte non vide.", champ=champ)
    if len(valeur) > _LONGUEUR_MAX_DU_TEXTE:
        raise InputError(
            f"« {champ} » est trop long ({len(valeur)} caractères, au plus {_LONGUEUR_MAX_DU_TEXTE}).",
            champ=champ,
        )
    return TexteLu(valeur.strip()) if isinstance(valeur, TexteLu) else valeur.strip()


def _resultat(valeur: object, champ: str) -> Resultat:
    return Resultat(choix(valeur, champ, [r.value for r in Resultat]))


def _entier_ou_rien(valeur: object, champ: str, minimum: int | None = None) -> int | None:
    return None if valeur is None else entier(valeur, champ, minimum=minimum)
