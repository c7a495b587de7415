"""BaSIC — KAR, 4.1.2 table de résistance (B4).

Worked examples cite ``shared/sources/001_b22c8e898b1294fc.txt`` by line
(``l.NN``); rulings cite ``shared/design/RULINGS.md`` (B1 … B11).
"""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_py import basic_kar as bk
from rules_py.dice import new_rng
from rules_py.errors import InputError
from tests.rules.basic_kar_commun import JETS

# -- 4.1.2 Table de résistance (B4) -----------------------------------------------------------------


class TestChanceDeResistance:
    @pytest.mark.parametrize(
        ("actif", "passif", "chance"),
        [
            pytest.param(11, 12, 45, id="l.34-35 Persuasion 11 contre 12"),
            pytest.param(5, 7, 40, id="l.67 dommages 5 contre 7 PV"),
            (10, 10, 50),
            (19, 10, 95),
            pytest.param(20, 10, 100, id="B4 100: ne peut pas echouer"),
            (30, 1, 100),
            pytest.param(0, 10, 0, id="B4 0: ne peut pas reussir"),
            (1, 30, 0),
        ],
    )
    def test_formule(self, actif: int, passif: int, chance: int) -> None:
        """B4: 50 + 5 x (active - passive), from 0 to 100."""
        assert bk.chance_de_resistance(actif, passif) == chance

    def test_exhaustif(self) -> None:
        """Every pair 0..40 against the clamped formula."""
        for actif in range(41):
            for passif in range(41):
                assert (
                    bk.chance_de_resistance(actif, passif) == sorted((0, 50 + 5 * (actif - passif), 100))[1]
                )

    def test_negatif_refuse(self) -> None:
        """Characteristics are >= 0."""
        with pytest.raises(InputError) as erreur:
            bk.chance_de_resistance(3, -1)
        assert erreur.value.champ == "passif"


class TestTableDeResistance:
    def test_table_par_defaut(self) -> None:
        """21 x 21, rows active, columns passive; the diagonal is 50."""
        table = bk.table_de_resistance()
        assert len(table) == 21 and all(len(ligne) == 21 for ligne in table)
        assert all(table[i][i] == 50 for i in range(21))
        assert table[10][11] == 45 and table[0][20] == 0 and table[20][0] == 100

    def test_bornes_invalides(self) -> None:
        """A maximum below the minimum is refused."""
        with pytest.raises(InputError) as erreur:
            bk.table_de_resistance(10, 5)
        assert erreur.value.champ == "maximum"


class TestScoreDOpposition:
    def test_exhaustif(self) -> None:
        """B4: skill / 5 rounded to the nearest, halves up, for 0..300."""
        for score in range(301):
            assert bk.score_d_opposition(score) == math.floor(Fraction(score, 5) + Fraction(1, 2))

    @pytest.mark.parametrize(("score", "attendu"), [(55, 11), (60, 12), (57, 11), (58, 12), (2, 0), (3, 1)])
    def test_exemples(self, score: int, attendu: int) -> None:
        """l.34: 55 → 11, 60 → 12."""
        assert bk.score_d_opposition(score) == attendu

    def test_chance_en_opposition(self) -> None:
        """l.34-35: Persuasion 55 against 60: 45 %."""
        assert bk.chance_en_opposition(55, 60) == 45


class TestResoudreResistance:
    @pytest.mark.parametrize("chance", [0, 100])
    def test_sans_jet(self, chance: int) -> None:
        """B4: at 0 or 100 no roll is needed (a roll given is ignored)."""
        jet = bk.resoudre_resistance(chance, 50)
        assert (jet.jet, jet.reussi) == (None, chance == 100)

    def test_jet_requis(self) -> None:
        """Between 1 and 99 the d100 is needed."""
        with pytest.raises(InputError) as erreur:
            bk.resoudre_resistance(45)
        assert erreur.value.champ == "jet"

    @pytest.mark.parametrize("chance", [-1, 101])
    def test_chance_hors_table(self, chance: int) -> None:
        """A chance is 0..100."""
        with pytest.raises(InputError):
            bk.resoudre_resistance(chance, 50)

    def test_exhaustif(self) -> None:
        """Every chance 1..99 and d100: success iff roll <= chance; exact probability chance / 100."""
        for chance in range(0, 101):
            assert bk.probabilite_resistance(chance) == Fraction(chance, 100)
            if 0 < chance < 100:
                assert all(bk.resoudre_resistance(chance, jet).reussi == (jet <= chance) for jet in JETS)

    @given(st.integers(0, 100), st.integers(0, 2**32))
    def test_lancer(self, chance: int, graine: int) -> None:
        """A rolled resistance roll is a possible outcome and agrees with the resolver."""
        jet = bk.lancer_resistance(chance, new_rng(graine))
        assert (jet.jet is None) == (chance in (0, 100))
        assert jet == bk.resoudre_resistance(chance, jet.jet)
