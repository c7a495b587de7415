"""El Toto, combat rapide (C5).

Rows cite the rules text ``003_3058520c3dea6ba0.txt`` (SOURCE) by line number; RULINGS C1-C8.
"""

from __future__ import annotations

from collections import Counter
from itertools import product

import pytest

from rules_py.dice import new_rng
from rules_py.el_toto import (
    Vainqueur,
    des_de_combat_rapide,
    distribution_combat_rapide,
    issue_combat_rapide,
    lancer_combat_rapide,
    resoudre_combat_rapide,
)
from tests.rules.el_toto_commun import SOURCE, fractions, succes, toutes_les_faces

# -- C5: combat rapide --------------------------------------------------------------------


def lecture_combat_rapide(sa: int, sb: int, ba: int, bb: int, ra: int, rb: int) -> tuple[Vainqueur, int]:
    """Lines 58-63 with RULINGS C5, read independently."""
    if sa == sb:
        return Vainqueur.EGALITE, 0
    if sa > sb:
        return Vainqueur.A, max(0, max(0, sa - sb + ba) - rb)
    return Vainqueur.B, max(0, max(0, sb - sa + bb) - ra)


class TestCombatRapide:
    def test_des(self) -> None:
        """Line 58: PdC + shield bonus."""
        assert des_de_combat_rapide(5, 1) == 6
        assert des_de_combat_rapide(5) == 5

    @pytest.mark.parametrize(
        ("sa", "sb", "ba", "bb", "attendu"),
        [
            pytest.param(3, 1, 1, 0, (Vainqueur.A, 3), id=f"{SOURCE}:61 A gagne 3-1+1"),
            pytest.param(1, 4, 0, 2, (Vainqueur.B, 5), id=f"{SOURCE}:61 B gagne 4-1+2"),
            pytest.param(2, 2, 5, 5, (Vainqueur.EGALITE, 0), id="RULINGS C5 égalité"),
            pytest.param(2, 1, -3, 0, (Vainqueur.A, 0), id="bonus négatif, jamais sous 0"),
        ],
    )
    def test_issue(self, sa: int, sb: int, ba: int, bb: int, attendu: tuple) -> None:
        """More successes wins; the loser loses the difference + the winner's weapon bonus."""
        assert issue_combat_rapide(sa, sb, ba, bb) == attendu

    def test_resolution(self) -> None:
        """Line 63: the loser's Résistance + Protection roll reduces the loss."""
        r = resoudre_combat_rapide([6, 4], [5], [4], bonus_arme_a=1)
        assert (r.vainqueur, r.dommages, r.points_de_vie_perdus) == (Vainqueur.A, 3, 2)

    @pytest.mark.parametrize(
        ("a", "b", "ra", "rb", "ba", "bb"),
        [(1, 1, 1, 1, 0, 0), (2, 1, 1, 2, 1, 0), (1, 2, 2, 0, 0, 2), (0, 2, 1, 1, 3, -1)],
    )
    def test_contre_toutes_les_faces(self, a: int, b: int, ra: int, rb: int, ba: int, bb: int) -> None:
        """The exact law equals the enumeration of both pools and both resistance rolls."""
        compte: Counter = Counter()
        pools = (a, b, ra, rb)
        for fa, fb, fra, frb in product(*(list(toutes_les_faces(n)) for n in pools)):
            compte[lecture_combat_rapide(succes(fa), succes(fb), ba, bb, succes(fra), succes(frb))] += 1
        loi = distribution_combat_rapide(
            a, b, resistance_a=ra, resistance_b=rb, bonus_arme_a=ba, bonus_arme_b=bb
        )
        assert loi.probabilities() == fractions(compte, 6 ** sum(pools))

    def test_lancer(self) -> None:
        """Only the loser rolls resistance, and only when there is damage; every roll is possible."""
        rng = new_rng(12)
        loi = distribution_combat_rapide(3, 3, resistance_a=2, resistance_b=5, bonus_arme_a=1)
        for _ in range(300):
            r = lancer_combat_rapide(3, 3, resistance_a=2, resistance_b=5, bonus_arme_a=1, rng=rng)
            attendu = {Vainqueur.A: 5, Vainqueur.B: 2, Vainqueur.EGALITE: 0}[r.vainqueur]
            assert len(r.resistance.des) == (attendu if r.dommages > 0 else 0)
            assert loi.probability((r.vainqueur, r.points_de_vie_perdus)) > 0
