"""El Toto, II. Combat, « Potentiel de combat » (page ``combat.md``): the PdC, Lancer and Bagarre pools."""

from __future__ import annotations

from rules_py.el_toto.lecture import MAX_DES, _score
from rules_py.errors import InputError


def potentiel_de_combat(arts_martiaux: object, competence: object) -> int:
    """Potentiel de combat (PdC): Arts Martiaux + compétence.

    >>> potentiel_de_combat(3, 4)
    7
    """
    return _score(arts_martiaux, "arts_martiaux") + _score(competence, "competence")


def des_de_lancer(force: object, lancer: object) -> int:
    """Dice for a throw: Force + Lancer.

    >>> des_de_lancer(2, 3)
    5
    """
    return _somme_de_des("Force", _score(force, "force"), "Lancer", _score(lancer, "lancer"))


def des_de_bagarre(hargne: object, agresser: object) -> int:
    """Dice for a brawl: Hargne + Agresser.

    >>> des_de_bagarre(2, 2)
    4
    """
    return _somme_de_des("Hargne", _score(hargne, "hargne"), "Agresser", _score(agresser, "agresser"))


def _somme_de_des(premier: str, a: int, second: str, b: int) -> int:
    """The pool ``a + b`` of two scores, refused above :data:`MAX_DES` (naming the second score's field).

    >>> _somme_de_des("Force", 60, "Lancer", 50)
    Traceback (most recent call last):
    ...
    rules_py.errors.InputError: Au plus 100 dés par jet : Force + Lancer = 110.
    """
    if a + b > MAX_DES:
        champ = second.lower().replace(" ", "_")
        raise InputError(f"Au plus {MAX_DES} dés par jet : {premier} + {second} = {a + b}.", champ=champ)
    return a + b
