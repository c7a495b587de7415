"""BaSIC — KAR, 4.1.1 jet simple (B1, B2): tests, critical threshold, jet de KAR, its odds.

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
from rules_py.errors import InputError
from tests.rules.basic_kar_commun import EC, JETS, RC, E, R, lecture_test

# -- 4.1.1 Jet simple (B1, B2) -----------------------------------------------------------------------


class TestSeuilCritique:
    @pytest.mark.parametrize(
        ("score", "seuil"),
        [(0, 1), (1, 1), (20, 1), (21, 2), (40, 2), (41, 3), (55, 3), (60, 3), (61, 4), (100, 5), (150, 8)],
    )
    def test_un_vingtieme_arrondi_au_dessus(self, score: int, seuil: int) -> None:
        """B2: critical range = max(1, ceil(skill / 20))."""
        assert bk.seuil_critique(score) == seuil

    @pytest.mark.parametrize("score", [-1, "abc", None, 1.5, True])
    def test_entree_invalide(self, score: object) -> None:
        """A negative or non-integer skill is refused with the field named."""
        with pytest.raises(InputError) as erreur:
            bk.seuil_critique(score)
        assert erreur.value.champ == "score"


class TestResoudreTest:
    @pytest.mark.parametrize("mode", bk.MODES)
    @pytest.mark.parametrize("score", [*range(0, 121), 150, 199, 200, 1000, 2000])
    def test_exhaustif_contre_la_lecture_du_texte(self, score: int, mode: str) -> None:
        """Every d100 result for skills 0..120 and beyond agrees with an independent reading of B2."""
        for jet in JETS:
            assert bk.resoudre_test(score, jet, mode) is lecture_test(score, jet, mode), (score, jet)

    @pytest.mark.parametrize(
        ("score", "jet", "mode", "attendu"),
        [
            pytest.param(40, 98, "heroique", E, id="l.13,16 heroique: 98 est un echec simple"),
            pytest.param(40, 98, "realiste", EC, id="l.12 realiste: 96-100 maladresse"),
            pytest.param(150, 96, "realiste", EC, id="B2 96 echoue meme a 150"),
            pytest.param(150, 100, "heroique", E, id="B2 00 echoue meme a 150"),
            pytest.param(60, 3, "realiste", RC, id="l.24 un 03 est critique a 60"),
            pytest.param(41, 3, "heroique", RC, id="l.24 un 03 critique des 41"),
            pytest.param(40, 3, "heroique", R, id="03 simple reussite a 40"),
            pytest.param(0, 1, "realiste", E, id="competence 0: jamais de reussite"),
            pytest.param(95, 95, "realiste", R, id="95 reussit a 95"),
        ],
    )
    def test_exemples_et_regles(self, score: int, jet: int, mode: str, attendu: Resultat) -> None:
        """The text's cases and B2's edges."""
        assert bk.resoudre_test(score, jet, mode) is attendu

    def test_zero_zero_vaut_cent(self) -> None:
        """General convention: "00" reads 100."""
        assert bk.resoudre_test(200, "00", "realiste") is EC

    @pytest.mark.parametrize(
        ("arguments", "champ"),
        [((50, 0, "realiste"), "jet"), ((50, 101, "realiste"), "jet"), ((50, 10, "epique"), "mode")],
    )
    def test_entrees_invalides(self, arguments: tuple[object, ...], champ: str) -> None:
        """Rolls outside 1..100 and unknown modes are refused (B1)."""
        with pytest.raises(InputError) as erreur:
            bk.resoudre_test(*arguments)
        assert erreur.value.champ == champ


class TestDemandeUnJetDeKar:
    @pytest.mark.parametrize("mode", bk.MODES)
    def test_seulement_96_100_en_heroique(self, mode: str) -> None:
        """B2: the KAR roll follows 96-100, in a heroic campaign only."""
        attendus = {jet for jet in JETS if bk.demande_un_jet_de_kar(jet, mode)}
        assert attendus == (set(range(96, 101)) if mode == "heroique" else set())


class TestSeuilsDuTest:
    @pytest.mark.parametrize(
        ("score", "critique", "reussite"),
        [
            (0, 0, 0),
            (1, 1, 1),
            (20, 1, 20),
            (21, 2, 21),
            (55, 3, 55),
            (95, 5, 95),
            (96, 5, 95),
            (150, 8, 95),
            (2000, 95, 95),
        ],
    )
    def test_plages(self, score: int, critique: int, reussite: int) -> None:
        """The ranges shown beside a test: 01-critique, up to reussite, 96-100 apart."""
        seuils = bk.seuils_du_test(score, "heroique")
        assert (seuils.critique, seuils.reussite, seuils.maladresse_des) == (critique, reussite, 96)


class TestProbabilitesTest:
    @pytest.mark.parametrize(
        ("score", "mode", "attendu"),
        [
            (
                55,
                "realiste",
                {RC: Fraction(3, 100), R: Fraction(52, 100), E: Fraction(40, 100), EC: Fraction(5, 100)},
            ),
            (55, "heroique", {RC: Fraction(3, 100), R: Fraction(52, 100), E: Fraction(45, 100), EC: 0}),
            (150, "realiste", {RC: Fraction(8, 100), R: Fraction(87, 100), E: 0, EC: Fraction(5, 100)}),
            (0, "heroique", {RC: 0, R: 0, E: 1, EC: 0}),
        ],
    )
    def test_valeurs_exactes(self, score: int, mode: str, attendu: dict[Resultat, Fraction]) -> None:
        """Exact odds of each result."""
        assert bk.probabilites_test(score, mode) == attendu

    @given(st.integers(0, 500), st.sampled_from(bk.MODES))
    def test_somme_un(self, score: int, mode: str) -> None:
        """The four probabilities sum to 1 and match the count of faces of the independent reading."""
        probabilites = bk.probabilites_test(score, mode)
        assert sum(probabilites.values()) == 1
        comptes = Counter(lecture_test(score, jet, mode) for jet in JETS)
        assert all(probabilites[r] == Fraction(comptes[r], 100) for r in Resultat)


class TestResoudreJetDeKar:
    @pytest.mark.parametrize(
        ("kar", "jet", "reussi", "kar_apres"),
        [
            pytest.param(60, 72, False, 55, id="l.16 Renard Blanc 72 sous 60: 55"),
            (60, 60, True, 60),
            (60, 1, True, 60),
            pytest.param(3, 50, False, 0, id="B2 jamais sous 0"),
            (0, 1, False, 0),
            (5, 6, False, 0),
            (100, 100, True, 100),
        ],
    )
    def test_perte_de_cinq(self, kar: int, jet: int, reussi: bool, kar_apres: int) -> None:
        """B2: d100 <= KAR keeps it, otherwise KAR - 5, never below 0."""
        resultat = bk.resoudre_jet_de_kar(kar, jet)
        assert (resultat.reussi, resultat.kar_apres) == (reussi, kar_apres)

    def test_kar_negatif_refuse(self) -> None:
        """A negative KAR is bad input, not clamped."""
        with pytest.raises(InputError) as erreur:
            bk.resoudre_jet_de_kar(-1, 50)
        assert erreur.value.champ == "KAR"


class TestProbabiliteDeGarderLeKar:
    @pytest.mark.parametrize("kar", [0, 1, 5, 55, 60, 95, 96, 99, 100, 150])
    def test_valeur_exacte(self, kar: int) -> None:
        """New ruling: the KAR roll succeeds iff d100 <= KAR; 96-100 are not automatic failures."""
        assert bk.probabilite_de_garder_le_kar(kar) == Fraction(min(kar, 100), 100)
        assert bk.probabilite_de_garder_le_kar(kar) == Fraction(
            sum(bk.resoudre_jet_de_kar(kar, jet).reussi for jet in JETS), 100
        )


class TestResoudreTestEtKar:
    def test_exemple_renard_blanc(self) -> None:
        """l.16: discretion test, 98, KAR roll 72 under 60 fails: KAR 55."""
        test = bk.resoudre_test_et_kar(45, 98, "heroique", kar=60, jet_de_kar=72)
        assert test.resultat is E and test.jet_de_kar_requis
        assert test.kar == bk.JetDeKar(60, 72, False, 55)

    def test_jet_de_kar_en_attente(self) -> None:
        """Without the KAR values the test says a KAR roll is due and leaves it to roll."""
        test = bk.resoudre_test_et_kar(45, "00", "heroique")
        assert test.jet_de_kar_requis and test.kar is None

    @pytest.mark.parametrize(("jet", "mode"), [(50, "heroique"), (98, "realiste")])
    def test_pas_de_jet_de_kar(self, jet: int, mode: str) -> None:
        """No KAR roll outside 96-100 nor in a realistic campaign (the values given are ignored)."""
        test = bk.resoudre_test_et_kar(45, jet, mode, kar=60, jet_de_kar=99)
        assert not test.jet_de_kar_requis and test.kar is None


class TestLancerTest:
    def test_heroique_sans_kar_refuse(self) -> None:
        """In a heroic campaign a roll needs the KAR (a 96-100 may call for it)."""
        with pytest.raises(InputError) as erreur:
            bk.lancer_test(50, "heroique", new_rng(1))
        assert erreur.value.champ == "kar"

    @given(st.integers(0, 300), st.sampled_from(bk.MODES), st.integers(0, 100), st.integers(0, 2**32))
    def test_jets_possibles(self, score: int, mode: str, kar: int, graine: int) -> None:
        """Every roll is a possible outcome and agrees with the pure resolver."""
        test = bk.lancer_test(score, mode, new_rng(graine), kar=kar)
        assert bk.probabilites_test(score, mode)[test.resultat] > 0
        assert test == bk.resoudre_test_et_kar(
            score, test.jet, mode, kar, None if test.kar is None else test.kar.jet
        )
        assert (test.kar is not None) == test.jet_de_kar_requis

    def test_statistique(self) -> None:
        """20 000 seeded rolls agree with the exact odds within 5 standard deviations."""
        rng, n = new_rng(2026), 20_000
        comptes = Counter(bk.lancer_test(55, "realiste", rng).resultat for _ in range(n))
        for resultat, p in bk.probabilites_test(55, "realiste").items():
            ecart = 5 * math.sqrt(n * p * (1 - p))
            assert abs(comptes[resultat] - n * p) <= ecart, resultat

    def test_graine_reproductible(self) -> None:
        """The same seed gives the same roll (no hidden global random)."""
        assert bk.lancer_test(50, "heroique", new_rng(7), kar=40) == bk.lancer_test(
            50, "heroique", new_rng(7), kar=40
        )


class TestProbabilitePerteDeKar:
    @pytest.mark.parametrize("kar", [0, 1, 5, 25, 50, 60, 95, 99, 100, 150])
    def test_valeur_exacte(self, kar: int) -> None:
        """B2: 5 % of 96-100, times the chance to fail the KAR roll (nothing to lose at 0)."""
        attendu = 0 if kar == 0 else Fraction(5, 100) * Fraction(max(0, 100 - kar), 100)
        assert bk.probabilite_perte_de_kar(50, kar) == attendu

    def test_ne_depend_pas_du_score(self) -> None:
        """96-100 always fail, so the chance to lose KAR does not depend on the skill."""
        assert {bk.probabilite_perte_de_kar(score, 60) for score in (0, 30, 95, 200)} == {Fraction(1, 50)}

    def test_distribution_realiste(self) -> None:
        """In a realistic campaign the KAR never moves."""
        assert bk.distribution_kar_apres(50, 60, "realiste").probabilities() == {60: 1}

    def test_distribution_heroique(self) -> None:
        """KAR 3: the KAR roll fails on 04-00, and the KAR drops to 0."""
        distribution = bk.distribution_kar_apres(50, 3, "heroique")
        assert distribution.probabilities() == {3: 1 - Fraction(5 * 97, 10_000), 0: Fraction(5 * 97, 10_000)}


def test_note_sortileges() -> None:
    """l.18: spells are left out of the maladresse and KAR rule (recorded for the page)."""
    assert "sortilèges" in bk.NOTE_SORTILEGES and "KAR" in bk.NOTE_SORTILEGES
