"""El Toto, II. Combat, « Combat à distance » (C6, page ``combat.md``): the dice opposed to a shot."""

from __future__ import annotations

from rules_py.el_toto.lecture import _score
from rules_py.validation import booleen


def des_d_esquive_a_distance(agilite: object, esquiver: object, *, prevenu: object) -> int:
    """Dice opposed to a ranged shot: Agilité + Esquiver if the target is aware, else none.

    The shot is then an attack (:func:`resoudre_attaque`, :func:`lancer_attaque`,
    :func:`distribution_points_de_vie_perdus`) with these dice in defence.

    >>> des_d_esquive_a_distance(3, 2, prevenu=True), des_d_esquive_a_distance(3, 2, prevenu=False)
    (5, 0)
    """
    total = _score(agilite, "agilite") + _score(esquiver, "esquiver")
    return total if booleen(prevenu, "prevenu") else 0
