"""BaSIC — KAR, 4.4 scories karmiques (B11).

Worked examples cite ``shared/sources/001_b22c8e898b1294fc.txt`` by line
(``l.NN``); rulings cite ``shared/design/RULINGS.md`` (B1 … B11).
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_py import basic_kar as bk
from rules_py.dice import new_rng
from rules_py.errors import InputError
from tests.rules.basic_kar_commun import JETS, lecture_bande

# -- 4.4 Scories karmiques (B11) ---------------------------------------------------------------------


class TestTableDesScories:
    def test_donnees(self) -> None:
        """l.185-195: ten bands of 10 from 01 to 100, KAR +5 … +50, PE then PV losses, the spirit last."""
        table = bk.TABLE_DES_SCORIES
        assert [b.libelle for b in table] == [f"{10 * i + 1:02d}-{10 * i + 10:02d}" for i in range(10)]
        assert [b.gain_de_kar for b in table] == list(range(5, 55, 5))
        assert [(b.perte, b.pourcentage) for b in table] == [("PE", 25)] * 5 + [("PV", 25)] * 2 + [
            ("PV", 50)
        ] * 2 + [(None, 0)]
        assert "POU=18" in table[-1].effet and "hoquet" in table[0].effet and "Infarctus" in table[7].effet


class TestResoudreScories:
    def test_exemple_de_renard_blanc(self) -> None:
        """l.198-199: KAR 25, roll 53: margin 28, 25 % of the initial PE (5 of 20), KAR +15 → 40."""
        scories = bk.resoudre_scories(25, 60, 20, 12, 53)
        assert (scories.marge, scories.bande, scories.perte_pe, scories.perte_pv) == (28, "21-30", 5, 0)
        assert (scories.gain_de_kar, scories.kar_apres) == (15, 40)

    @pytest.mark.parametrize("jet", [96, 97, 98, 99, 100])
    def test_remarque_plafond(self, jet: int) -> None:
        """l.202: initial KAR 50, current 5, "+50" on the table: only 45 regained."""
        scories = bk.resoudre_scories(5, 50, 20, 12, jet)
        assert (scories.bande, scories.gain_de_kar, scories.kar_apres) == ("91-100", 45, 50)
        assert (scories.perte_pe, scories.perte_pv) == (0, 0)

    @pytest.mark.parametrize(
        ("kar", "jet", "pe", "pv"),
        [(0, 55, 0, 4), (0, 75, 0, 7), (30, 40, 6, 0), (0, 5, 6, 0), (10, 61, 0, 4), (0, 90, 0, 7)],
    )
    def test_pertes_arrondies_au_dessus(self, kar: int, jet: int, pe: int, pv: int) -> None:
        """B11: 25 % / 50 % of the initial PE (21) or PV (13), rounded up."""
        scories = bk.resoudre_scories(kar, 100, 21, 13, jet)
        assert (scories.perte_pe, scories.perte_pv) == (pe, pv)

    def test_exhaustif(self) -> None:
        """Every KAR 0..100 and d100: the row by counting tens, the gain capped by the initial KAR."""
        for kar in range(101):
            for jet in JETS:
                scories = bk.resoudre_scories(kar, 100, 20, 12, jet)
                assert scories.bande == lecture_bande(kar, jet)
                if scories.bande is None:
                    assert (scories.kar_apres, scories.marge, scories.perte_pe, scories.perte_pv) == (
                        kar,
                        None,
                        0,
                        0,
                    )
                else:
                    dizaine = int(scories.bande[:2]) // 10 + 1
                    assert scories.kar_apres == min(100, kar + 5 * dizaine)

    def test_kar_superieur_a_l_initial(self) -> None:
        """The current KAR cannot exceed the initial KAR."""
        with pytest.raises(InputError) as erreur:
            bk.resoudre_scories(60, 50, 20, 12, 53)
        assert erreur.value.champ == "kar"

    @given(st.integers(0, 100), st.integers(0, 2**32))
    def test_lancer(self, kar: int, graine: int) -> None:
        """A rolled slag roll agrees with the resolver; its row has a nonzero probability."""
        scories = bk.lancer_scories(kar, 100, 20, 12, new_rng(graine))
        assert scories == bk.resoudre_scories(kar, 100, 20, 12, scories.jet)
        assert bk.probabilites_scories(kar)[scories.bande or "aucune"] > 0
        assert bk.bande_de_scories(kar, scories.jet) == (
            None
            if scories.bande is None
            else next(b for b in bk.TABLE_DES_SCORIES if b.libelle == scories.bande)
        )


class TestProbabilitesScories:
    @pytest.mark.parametrize("kar", [0, 1, 5, 25, 50, 89, 90, 99, 100, 150])
    def test_valeurs_exactes(self, kar: int) -> None:
        """Each row's chance is the count of d100 faces giving its margin."""
        probabilites = bk.probabilites_scories(kar)
        comptes = Counter(lecture_bande(kar, jet) or "aucune" for jet in JETS)
        assert probabilites == {cle: Fraction(comptes[cle], 100) for cle in probabilites}
        assert sum(probabilites.values()) == 1 and len(probabilites) == 11

    def test_exemple(self) -> None:
        """KAR 25: 25 % nothing, 10 % each for rows 01-10 … 61-70, 5 % for 71-80, none above."""
        probabilites = bk.probabilites_scories(25)
        assert probabilites["aucune"] == Fraction(1, 4) and probabilites["61-70"] == Fraction(1, 10)
        assert probabilites["71-80"] == Fraction(1, 20) and probabilites["81-90"] == 0


class TestAnnoncerRegainDeKar:
    def test_malus_en_attente(self) -> None:
        """l.177: n points announced now, an n % malus later; l.202: at most initial - current."""
        annonce = bk.annoncer_regain_de_kar(45, 5, 50)
        assert (annonce.kar_apres, annonce.malus) == (50, 45)

    @pytest.mark.parametrize(
        ("points", "kar", "initial"),
        [pytest.param(50, 5, 50, id="l.202 ne peut pas dire 50"), (0, 5, 50), (1, 50, 50), (-3, 5, 50)],
    )
    def test_refus(self, points: int, kar: int, initial: int) -> None:
        """More than the cap, nothing, or a KAR already at its initial score is refused."""
        with pytest.raises(InputError) as erreur:
            bk.annoncer_regain_de_kar(points, kar, initial)
        assert erreur.value.champ == "points"
