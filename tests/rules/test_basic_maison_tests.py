"""Basic maison, tests: resolving a test (rulings A3, A4 …) and jets de caractéristique, exhaustive d100.

Rows cite the rules text ``000_c3d369694123e7ef.txt`` (SRC) by line number.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from rules_py.basic_maison import (
    MULTIPLICATEUR_PAR_DEFAUT,
    MULTIPLICATEURS,
    TABLE_DE_CIRCONSTANCES,
    Seuils,
    cible_de_caracteristique,
    lancer_jet_de_caracteristique,
    lancer_test,
    probabilites_de_caracteristique,
    probabilites_de_test,
    resoudre_jet_de_caracteristique,
    resoudre_test,
    seuils,
)
from rules_py.d100 import Resultat
from rules_py.dice import new_rng
from rules_py.errors import InputError
from tests.rules.basic_maison_commun import R, lecture_a3, tolerance

# == Tests ======================================================================


class TestResoudreTest:
    @pytest.mark.parametrize(
        ("ligne", "jet", "resultat"),
        [
            (184, 1, R.REUSSITE_CRITIQUE),
            (184, 7, R.REUSSITE_CRITIQUE),
            (184, 8, R.REUSSITE),
            (184, 67, R.REUSSITE),
            (185, 68, R.ECHEC),
            (185, 86, R.ECHEC),
            (185, 87, R.ECHEC_CRITIQUE),
            (185, 97, R.ECHEC_CRITIQUE),
            (185, 100, R.ECHEC_CRITIQUE),
        ],
    )
    def test_l_exemple_du_texte_a_67(self, ligne: int, jet: int, resultat: Resultat) -> None:
        """SRC lines 184-185: at 67 %, critical on 01-07 (7 %), maladresse from 87."""
        assert resoudre_test(67, jet) is resultat
        assert seuils(67) == Seuils(67, 7, 87)
        assert probabilites_de_test(67)[R.REUSSITE_CRITIQUE] == Fraction(7, 100)

    @pytest.mark.parametrize(("ligne", "score"), [(185, 80), (185, 81), (185, 100), (185, 79)])
    def test_pas_de_maladresse_a_partir_de_80(self, ligne: int, score: int) -> None:
        """SRC line 185 and A3: from 80 % no maladresse, 98-00 stays a plain automatic failure."""
        resultats = [resoudre_test(score, jet) for jet in range(1, 101)]
        if score >= 80:
            assert R.ECHEC_CRITIQUE not in resultats and seuils(score).maladresse is None
            assert resultats[97:] == [R.ECHEC] * 3
        else:
            assert resultats[97:] == [R.ECHEC, R.ECHEC_CRITIQUE, R.ECHEC_CRITIQUE]

    @pytest.mark.parametrize(("ligne", "jet"), [(190, 1), (190, 2), (190, 3)])
    def test_01_03_toujours_une_reussite(self, ligne: int, jet: int) -> None:
        """SRC line 190 and A3: 01-03 succeeds whatever S, even at 0 or below."""
        assert resoudre_test(0, jet) is R.REUSSITE
        assert resoudre_test(5, jet, -20) is R.REUSSITE
        assert resoudre_test(5, jet, -20, affaibli=True) is R.REUSSITE

    @pytest.mark.parametrize(("ligne", "jet"), [(191, 98), (191, 99), (191, 100), (191, "00")])
    def test_98_00_toujours_un_echec(self, ligne: int, jet: int | str) -> None:
        """SRC line 191 and A3: 98-00 fails whatever the skill; « 00 » is 100."""
        assert resoudre_test(500, jet) is R.ECHEC
        assert resoudre_test(500, jet, 20) is R.ECHEC

    def test_un_score_negatif(self) -> None:
        """A3 literally: S = 5 - 20 = -15 succeeds only on 01-03, never critically; maladresse from 5."""
        assert seuils(5, -20) == Seuils(-15, -1, 5)
        resultats = Counter(resoudre_test(5, jet, -20) for jet in range(1, 101))
        assert resultats == {R.REUSSITE: 3, R.ECHEC: 1, R.ECHEC_CRITIQUE: 96}

    def test_pas_de_reussite_critique_a_zero(self) -> None:
        """A3: at S = 0 the critical threshold is 0: 01-03 are plain successes."""
        assert seuils(0) == Seuils(0, 0, 20)
        assert [resoudre_test(0, jet) for jet in (1, 3, 4, 19, 20)] == [R.REUSSITE] * 2 + [R.ECHEC] * 2 + [
            R.ECHEC_CRITIQUE
        ]

    def test_la_reussite_critique_d_un_petit_score_dans_01_03(self) -> None:
        """A3: at 25 % the critical range is 01-03, all inside the automatic success."""
        assert [resoudre_test(25, jet) for jet in (1, 3, 4)] == [R.REUSSITE_CRITIQUE] * 2 + [R.REUSSITE]
        assert [resoudre_test(2, jet) for jet in (1, 2, 3)] == [R.REUSSITE_CRITIQUE, R.REUSSITE, R.REUSSITE]

    def test_tous_les_tests_selon_a3(self) -> None:
        """Every d100 result x every score 0..150 x every circumstance x weakened or not, against A3."""
        for score, circonstance, affaibli in product(range(151), (-20, -10, 0, 10, 20), (False, True)):
            s = score + circonstance - (30 if affaibli else 0)
            limites = seuils(score, circonstance, affaibli=affaibli)
            assert limites.score == s
            for jet in range(1, 101):
                attendu = lecture_a3(s, jet)
                assert resoudre_test(score, jet, circonstance, affaibli=affaibli) is attendu, (s, jet)

    def test_toutes_les_probabilites_selon_a3(self) -> None:
        """The exact odds are the counts of the A3 reading over the 100 faces, for S from -50 to 170."""
        for score, circonstance, affaibli in product(range(0, 151, 7), (-20, 0, 20), (False, True)):
            s = score + circonstance - (30 if affaibli else 0)
            compte = Counter(lecture_a3(s, jet) for jet in range(1, 101))
            attendu = {r: Fraction(compte[r], 100) for r in Resultat}
            assert probabilites_de_test(score, circonstance, affaibli=affaibli) == attendu

    @pytest.mark.parametrize(
        ("ligne", "modificateur", "circonstance", "debut"),
        [
            (198, -20, "Très difficile", "Tirer de nuit sur cible mobile"),
            (199, -10, "Difficile", "Tirer sur cible mobile ou de petite taille"),
            (200, 10, "Facile", "Tirer sur cible immobile et de grande taille"),
            (201, 20, "Plus que facile", "Suivre un flâneur"),
        ],
    )
    def test_la_table_de_circonstances(
        self, ligne: int, modificateur: int, circonstance: str, debut: str
    ) -> None:
        """SRC lines 198-209: the four circumstances with their examples A-D; each moves S."""
        row = TABLE_DE_CIRCONSTANCES[ligne - 198]
        assert (row.modificateur, row.circonstance) == (modificateur, circonstance)
        assert row.exemple.startswith(debut)
        assert seuils(50, modificateur).score == 50 + modificateur

    @pytest.mark.parametrize("circonstance", [5, -30, 30, -15, "facile", None])
    def test_une_circonstance_hors_de_la_table(self, circonstance: object) -> None:
        """A circumstance is 0 or one of the table's modifiers."""
        with pytest.raises(InputError) as erreur:
            resoudre_test(50, 10, circonstance)  # type: ignore[arg-type]
        assert erreur.value.champ == "circonstance"

    def test_affaibli(self) -> None:
        """A7: after a failed serious-wound roll, -30 % to every roll."""
        assert seuils(67, affaibli=True) == Seuils(37, 4, 57)
        assert resoudre_test(67, 40, affaibli=True) is R.ECHEC
        with pytest.raises(InputError) as erreur:
            resoudre_test(67, 40, affaibli="oui")  # type: ignore[arg-type]
        assert erreur.value.champ == "affaibli"

    @pytest.mark.parametrize(
        ("score", "jet", "champ"),
        [
            (50, 0, "jet"),
            (50, 101, "jet"),
            (50, "abc", "jet"),
            (50, None, "jet"),
            (50, True, "jet"),
            (-1, 50, "score"),
            ("", 50, "score"),
            (1.5, 50, "score"),
        ],
    )
    def test_un_jet_ou_un_score_invalide_est_refuse(self, score: object, jet: object, champ: str) -> None:
        """General conventions: rolls are 1..100 (« 00 » = 100), skills integers >= 0."""
        with pytest.raises(InputError) as erreur:
            resoudre_test(score, jet)  # type: ignore[arg-type]
        assert erreur.value.champ == champ

    def test_lancer_un_test_revient_a_le_resoudre(self) -> None:
        """A rolled test is the resolver applied to the die drawn from the injected generator."""
        for seed in range(50):
            jet = lancer_test(45, new_rng(seed), -10)
            assert jet == lancer_test(45, new_rng(seed), -10)
            assert jet.score == 35 and jet.resultat is resoudre_test(45, jet.jet, -10)

    def test_les_frequences_des_tests_lances(self) -> None:
        """20 000 seeded rolls at 67 % agree with the exact odds."""
        rng = new_rng(20261129)
        n = 20_000
        compte = Counter(lancer_test(67, rng).resultat for _ in range(n))
        for resultat, p in probabilites_de_test(67).items():
            assert abs(compte[resultat] / n - float(p)) <= tolerance(p, n)


# == Jets de caractéristique ====================================================


class TestJetDeCaracteristique:
    @pytest.mark.parametrize(("ligne", "multiplicateur", "cible"), [(212, 5, 65), (212, 1, 13), (212, 3, 39)])
    def test_l_exemple_du_texte_en_cha(self, ligne: int, multiplicateur: int, cible: int) -> None:
        """SRC line 212: a CHA 13 roll under CHA x 5 (easy) or CHA x 1 (very hard); x 3 most of the time."""
        assert cible_de_caracteristique(13, multiplicateur) == cible
        assert resoudre_jet_de_caracteristique(13, cible, multiplicateur) is R.REUSSITE
        assert resoudre_jet_de_caracteristique(13, cible + 1, multiplicateur).reussi is False

    def test_le_multiplicateur_par_defaut(self) -> None:
        """A4: the default multiplier is 3; multipliers run 1..5."""
        assert MULTIPLICATEUR_PAR_DEFAUT == 3 and MULTIPLICATEURS == (1, 2, 3, 4, 5)
        assert cible_de_caracteristique(13) == 39

    def test_tous_les_jets_de_caracteristique_selon_a3(self) -> None:
        """A4: every characteristic 0..25 x multiplier x roll is resolved exactly like A3 on the target."""
        for valeur, multiplicateur, affaibli in product(range(26), MULTIPLICATEURS, (False, True)):
            s = valeur * multiplicateur - (30 if affaibli else 0)
            for jet in range(1, 101):
                assert resoudre_jet_de_caracteristique(valeur, jet, multiplicateur, affaibli=affaibli) is (
                    lecture_a3(s, jet)
                )
            compte = Counter(lecture_a3(s, jet) for jet in range(1, 101))
            assert probabilites_de_caracteristique(valeur, multiplicateur, affaibli=affaibli) == {
                r: Fraction(compte[r], 100) for r in Resultat
            }

    @pytest.mark.parametrize(
        ("valeur", "multiplicateur", "champ"),
        [(13, 0, "multiplicateur"), (13, 6, "multiplicateur"), (-1, 3, "caracteristique")],
    )
    def test_un_jet_de_caracteristique_invalide_est_refuse(
        self, valeur: int, multiplicateur: int, champ: str
    ) -> None:
        """A4: the multiplier is 1..5; a characteristic is >= 0."""
        with pytest.raises(InputError) as erreur:
            resoudre_jet_de_caracteristique(valeur, 50, multiplicateur)
        assert erreur.value.champ == champ

    def test_lancer_un_jet_de_caracteristique(self) -> None:
        """A rolled characteristic roll is the resolver applied to the drawn die."""
        for seed in range(30):
            jet = lancer_jet_de_caracteristique(12, new_rng(seed), 4, affaibli=seed % 2 == 0)
            affaibli = seed % 2 == 0
            assert jet.score == 48 - (30 if affaibli else 0)
            assert jet.resultat is resoudre_jet_de_caracteristique(12, jet.jet, 4, affaibli=affaibli)
