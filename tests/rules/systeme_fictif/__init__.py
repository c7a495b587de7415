"""Oriflamme, a fifth rule set that exists only for the tests: one rule, one tool, one record.

It proves that a system is its record and its package alone: registered by
:func:`~rules_py.outils.registre.systeme_enregistre`, its tool is found by the registry, the command
line and the JSON facade, with nothing else edited.
"""

from __future__ import annotations

from rules_py.errors import InputError
from rules_py.outils.systeme import Systeme

__all__ = ["ORIFLAMME", "reussit"]

ORIFLAMME = Systeme(
    cle="oriflamme",
    nom="Oriflamme",
    paquet="tests.rules.systeme_fictif",
    modules=("tests.rules.systeme_fictif.outils",),
)


def reussit(des: list[int], seuil: int) -> bool:
    """Oriflamme's one rule: two d6 succeed when their total reaches the threshold.

    >>> reussit([3, 4], 7), reussit([1, 2], 7)
    (True, False)
    """
    if len(des) != 2 or not all(1 <= de <= 6 for de in des):
        raise InputError("Il faut deux d6.", champ="des")
    return sum(des) >= seuil
