"""BaSIC — KAR, contre-attaques and ripostes (B10).

Worked examples cite ``shared/sources/001_b22c8e898b1294fc.txt`` by line
(``l.NN``); rulings cite ``shared/design/RULINGS.md`` (B1 … B11).
"""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_py import basic_kar as bk
from rules_py.d100 import Resultat
from rules_py.dice import new_rng
from tests.rules.basic_kar_commun import EC, JETS, RC, E, R, lecture_test

# -- Contre-attaques et ripostes (B10) -------------------------------------------------------------


class TestScoreRapide:
    @pytest.mark.parametrize(("score", "rapide"), [(150, 75), (55, 28), (54, 27), (1, 1), (0, 0)])
    def test_moitie_arrondie_au_dessus(self, score: int, rapide: int) -> None:
        """l.158, l.160: quick attack = skill / 2 rounded up (Ruan 150 → 75)."""
        assert bk.score_rapide(score) == rapide


class TestPremierAFrapper:
    @pytest.mark.parametrize(
        ("ra", "ca", "rc", "cc", "premier"),
        [
            pytest.param(R, 55, R, 75, "contre_attaquant", id="l.160 Ruan: 75-55=20"),
            (R, 56, R, 75, "simultane"),
            (R, 75, R, 55, "attaquant"),
            (RC, 10, R, 90, "attaquant"),
            (R, 90, RC, 10, "contre_attaquant"),
            (RC, 80, RC, 60, "attaquant"),
            (RC, 60, RC, 70, "simultane"),
            (E, 90, R, 10, "contre_attaquant"),
            (R, 10, EC, 90, "attaquant"),
            (E, 90, EC, 10, "aucun"),
        ],
    )
    def test_qualite_puis_ecart(self, ra: Resultat, ca: int, rc: Resultat, cc: int, premier: str) -> None:
        """B10: better quality first; same quality and 20 points more first; else both together."""
        assert bk.premier_a_frapper(ra, ca, rc, cc) == premier


class TestResoudreContreAttaque:
    def test_exemple_de_ruan(self) -> None:
        """l.160: Ruan 150 % (→ 75) rolls 65, the guard 55 % rolls 35: both succeed, Ruan first."""
        contre = bk.resoudre_contre_attaque(55, 150, 35, 65)
        assert (contre.chance_attaquant, contre.chance_contre) == (55, 75)
        assert (contre.resultat_attaquant, contre.resultat_contre, contre.premier) == (
            R,
            R,
            "contre_attaquant",
        )
        assert contre.attaquant_touche and contre.contre_attaquant_touche

    def test_maladresse_realiste(self) -> None:
        """In a realistic campaign a 96-100 is a maladresse, still a failure for the order."""
        contre = bk.resoudre_contre_attaque(55, 150, 97, 10, "realiste")
        assert (contre.resultat_attaquant, contre.premier) == (EC, "contre_attaquant")

    @pytest.mark.parametrize(("ca", "competence"), [(55, 150), (90, 40), (0, 0), (100, 200)])
    def test_probabilites_exactes(self, ca: int, competence: int) -> None:
        """The odds of each order equal a count over the 10 000 pairs with the independent reading."""
        cc = math.ceil(competence / 2)
        qualite = {RC: 2, R: 1, E: 0, EC: 0}
        comptes: Counter[str] = Counter()
        for ja in JETS:
            for jc in JETS:
                qa, qc = qualite[lecture_test(ca, ja, "heroique")], qualite[lecture_test(cc, jc, "heroique")]
                if qa == qc == 0:
                    comptes["aucun"] += 1
                elif qa > qc or (qa == qc and ca - cc >= 20):
                    comptes["attaquant"] += 1
                elif qc > qa or (qa == qc and cc - ca >= 20):
                    comptes["contre_attaquant"] += 1
                else:
                    comptes["simultane"] += 1
        probabilites = bk.probabilites_contre_attaque(ca, competence)
        assert probabilites == {p: Fraction(comptes[p], 10_000) for p in bk.PREMIERS}
        assert sum(probabilites.values()) == 1

    @given(st.integers(0, 200), st.integers(0, 300), st.integers(0, 2**32))
    def test_lancer(self, ca: int, competence: int, graine: int) -> None:
        """A rolled counter-attack agrees with the resolver and has a nonzero probability."""
        contre = bk.lancer_contre_attaque(ca, competence, new_rng(graine))
        assert contre == bk.resoudre_contre_attaque(ca, competence, contre.jet_attaquant, contre.jet_contre)
