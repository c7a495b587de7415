"""BaSIC — KAR, 4.1.1 réussite critique en combat (B3): the blow's outcome, damage, odds.

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
from rules_py.d100 import Resultat
from rules_py.dice import new_rng
from rules_py.errors import InputError
from tests.rules.basic_kar_commun import EC, JETS, RC, E, R, lecture_test

# -- 4.1.1 Réussite critique en combat (B3) ---------------------------------------------------------


class TestIssueDuCoup:
    @pytest.mark.parametrize(
        ("attaque", "defense", "issue", "riposte"),
        [
            (RC, None, "critique", False),
            (RC, E, "critique", False),
            (RC, EC, "critique", False),
            pytest.param(RC, R, "normale", False, id="l.21 defense reussie: coup normal"),
            pytest.param(RC, RC, "bloquee", False, id="l.21 defense critique: bloquee"),
            (R, None, "normale", False),
            (R, E, "normale", False),
            (R, EC, "normale", False),
            pytest.param(R, R, "bloquee", False, id="B3 defense reussie bloque un coup normal"),
            pytest.param(R, RC, "bloquee", True, id="l.27 defense critique: riposte"),
            (E, None, "ratee", False),
            (E, RC, "ratee", False),
            (EC, R, "ratee", False),
        ],
    )
    def test_table(self, attaque: Resultat, defense: Resultat | None, issue: str, riposte: bool) -> None:
        """B3: every attack result against every defence result."""
        assert bk.issue_du_coup(attaque, defense) == issue
        assert bk.issue_du_coup(attaque, defense, True) == issue
        coup = bk.resoudre_coup(attaque, defense, "1d6", "0", 0, False, [3], [], combat_heroique=True)
        assert (coup.issue, coup.riposte) == (issue, riposte)
        assert not bk.resoudre_coup(attaque, defense, "1d6", "0", 0, False, [3], []).riposte

    @pytest.mark.parametrize(
        ("attaque", "defense", "possible"),
        [(R, RC, True), (RC, RC, False), (R, R, False), (E, RC, False), (EC, RC, False), (R, E, False)],
    )
    def test_riposte_possible(self, attaque: Resultat, defense: Resultat, possible: bool) -> None:
        """B3/B10: a riposte only after a critical defence against a normal successful attack."""
        assert bk.riposte_possible(attaque.value, defense.value) is possible

    def test_resultat_inconnu(self) -> None:
        """An unknown result is refused with its field."""
        with pytest.raises(InputError) as erreur:
            bk.issue_du_coup("touche")
        assert erreur.value.champ == "attaque"


class TestDegatsDuCoup:
    @pytest.mark.parametrize(
        ("issue", "arme", "bonus", "armure", "perce", "degats"),
        [
            pytest.param("critique", 6, 2, 5, True, 14, id="l.25 cimeterre: (5+1) x 2 + 2, armure ignoree"),
            pytest.param("critique", 6, 2, 5, False, 9, id="B3 arme contondante: armure comptee"),
            pytest.param("normale", 6, 2, 5, True, 3, id="coup normal: armure comptee"),
            pytest.param("normale", 2, -3, 0, False, 0, id="jamais sous 0"),
            pytest.param("bloquee", 6, 2, 0, True, 0, id="bloquee"),
            pytest.param("ratee", 6, 2, 0, True, 0, id="ratee"),
        ],
    )
    def test_valeurs(self, issue: str, arme: int, bonus: int, armure: int, perce: bool, degats: int) -> None:
        """B3: the weapon's total doubled, the bonus once, cutting or impaling weapons pass armour."""
        assert bk.degats_du_coup(issue, arme, bonus, armure, perce) == degats

    def test_booleen_exige(self) -> None:
        """``tranchante_ou_empalante`` must be a true boolean."""
        with pytest.raises(InputError):
            bk.degats_du_coup("critique", 6, 2, 0, "oui")


class TestResoudreCoup:
    def test_exemple_du_cimeterre(self) -> None:
        """l.24-25: 03 critical, scimitar 1d8+1, bonus 1d3, d8 = 5 and d3 = 2: 14, armour ignored."""
        coup = bk.resoudre_coup("reussite_critique", None, "1d8+1", "1d3", 4, True, [5], [2])
        assert (coup.issue, coup.total_arme, coup.total_bonus, coup.degats) == ("critique", 6, 2, 14)
        assert coup.armure_ignoree

    def test_defense_reussie_contre_critique(self) -> None:
        """B3: a successful parry against the same critical leaves a normal hit: 6 + 2 - 4 armour."""
        coup = bk.resoudre_coup("reussite_critique", "reussite", "1d8+1", "1d3", 4, True, [5], [2])
        assert (coup.issue, coup.degats, coup.armure_ignoree) == ("normale", 4, False)

    def test_pas_de_des_si_pas_de_degats(self) -> None:
        """A blocked or missed attack needs no damage dice."""
        assert bk.resoudre_coup("echec", None, "1d8+1", "1d3", 0, True).degats == 0

    @pytest.mark.parametrize(
        ("des_arme", "des_bonus", "champ"),
        [
            ([5, 2], [2], "des_arme"),
            ([9], [2], "des_arme"),
            ([5], [], "des_bonus"),
            ("5", [2], "des_arme"),
            (5, [2], "des_arme"),
            (["x"], [2], "des_arme"),
        ],
    )
    def test_des_invalides(self, des_arme: object, des_bonus: object, champ: str) -> None:
        """Wrong number of dice, impossible faces, non-lists: InputError naming the field."""
        with pytest.raises(InputError) as erreur:
            bk.resoudre_coup("reussite", None, "1d8+1", "1d3", 0, True, des_arme, des_bonus)
        assert erreur.value.champ == champ

    @pytest.mark.parametrize(("arme", "bonus", "champ"), [("1d", "0", "arme"), ("1d6", 3, "bonus")])
    def test_expressions_invalides(self, arme: object, bonus: object, champ: str) -> None:
        """A bad dice expression is an InputError naming the field."""
        with pytest.raises(InputError) as erreur:
            bk.resoudre_coup("reussite", None, arme, bonus, 0, True, [1], [])
        assert erreur.value.champ == champ


class TestDistributionDegats:
    @pytest.mark.parametrize(
        ("attaque", "defense", "armure", "perce"),
        [(RC, None, 2, True), (RC, None, 2, False), (RC, R, 2, True), (R, None, 3, True), (R, R, 0, True)],
    )
    def test_contre_tous_les_des(
        self, attaque: Resultat, defense: Resultat | None, armure: int, perce: bool
    ) -> None:
        """The distribution equals resoudre_coup over every (d8, d3) pair."""
        comptes = Counter(
            bk.resoudre_coup(attaque, defense, "1d8+1", "1d3", armure, perce, [a], [b]).degats
            for a in range(1, 9)
            for b in range(1, 4)
        )
        distribution = bk.distribution_degats(attaque, defense, "1d8+1", "1d3", armure, perce)
        assert distribution.probabilities() == {k: Fraction(v, 24) for k, v in comptes.items()}

    def test_critique_du_cimeterre(self) -> None:
        """l.25: the scimitar's critical runs 5..21 (4..18 doubled, + 1..3), 14 has 1 chance in 24."""
        distribution = bk.distribution_degats("reussite_critique", None, "1d8+1", "1d3", 10, True)
        assert (distribution.min, distribution.max, distribution.probability(14)) == (5, 21, Fraction(1, 24))

    def test_trop_de_totaux(self) -> None:
        """An expression too large for an exact distribution is an InputError."""
        with pytest.raises(InputError):
            bk.distribution_degats("reussite", None, "100d1000", "0", 0, True)


class TestProbabilitesDuCoup:
    @pytest.mark.parametrize(
        ("attaque", "defense", "mode", "heroique"),
        [
            (60, 50, "heroique", True),
            (60, 50, "realiste", False),
            (150, 20, "heroique", True),
            (0, 80, "realiste", True),
        ],
    )
    def test_contre_tous_les_jets(self, attaque: int, defense: int, mode: str, heroique: bool) -> None:
        """Each issue's chance equals a count over the 10 000 pairs with the independent reading of B2."""
        comptes: Counter[str] = Counter()
        for ja in JETS:
            for jd in JETS:
                issue = bk.issue_du_coup(
                    lecture_test(attaque, ja, mode), lecture_test(defense, jd, mode), heroique
                )
                comptes[issue] += 1
                comptes["riposte"] += (
                    bk.riposte_possible(lecture_test(attaque, ja, mode), lecture_test(defense, jd, mode))
                    and heroique
                )
        probabilites = bk.probabilites_du_coup(attaque, defense, mode, heroique)
        assert probabilites == {cle: Fraction(comptes[cle], 10_000) for cle in (*bk.ISSUES, "riposte")}
        assert sum(probabilites[i] for i in bk.ISSUES) == 1

    def test_sans_defense(self) -> None:
        """Without parry nor dodge: critical 3 %, normal 57 %, missed 40 % at 60 %."""
        assert bk.probabilites_du_coup(60) == {
            "ratee": Fraction(2, 5),
            "bloquee": 0,
            "normale": Fraction(57, 100),
            "critique": Fraction(3, 100),
            "riposte": 0,
        }

    @pytest.mark.parametrize(
        ("arguments", "champ"),
        [((-1,), "score_attaque"), ((50, "x"), "score_defense"), ((50, 50, "epique"), "mode")],
    )
    def test_refus(self, arguments: tuple[object, ...], champ: str) -> None:
        """Bad skills and modes name their field."""
        with pytest.raises(InputError) as erreur:
            bk.probabilites_du_coup(*arguments)
        assert erreur.value.champ == champ


class TestLancerCoup:
    @given(st.sampled_from(list(Resultat)), st.sampled_from([None, *Resultat]), st.integers(0, 2**32))
    def test_degats_possibles(self, attaque: Resultat, defense: Resultat | None, graine: int) -> None:
        """Every rolled damage is a possible outcome of the exact distribution."""
        coup = bk.lancer_coup(attaque, defense, "1d8+1", "1d3", 2, True, new_rng(graine))
        assert bk.distribution_degats(attaque, defense, "1d8+1", "1d3", 2, True).probability(coup.degats) > 0


class TestLancerCote:
    @pytest.mark.parametrize(("jet", "resultat"), [(3, RC), (31, R), (61, E), (100, EC)])
    def test_la_competence_et_le_jet_lu(self, jet: int, resultat: Resultat) -> None:
        """B2 and B3: a side from its skill and the d100 read keeps the skill, the roll and the result."""
        cote = bk.CoteDuCoup(resultat, 60, jet, True)
        assert bk.lancer_cote("jet", 60, "realiste", new_rng(1), jet) == cote

    def test_le_resultat_donne_ou_aucune_defense(self) -> None:
        """A result given needs no die; « aucune » is no parry nor dodge."""
        assert bk.lancer_cote("reussite", 60, "realiste", new_rng(1)) == bk.CoteDuCoup(R)
        assert bk.lancer_cote("aucune", 60, "realiste", new_rng(1)) is None

    def test_le_jet_lance(self) -> None:
        """Without a roll read, the d100 is rolled (seed 3 gives 31, as lancer_test)."""
        assert bk.lancer_cote("jet", 50, "heroique", new_rng(3)) == bk.CoteDuCoup(R, 50, 31, False)

    def test_un_resultat_inconnu_est_refuse(self) -> None:
        """A result that is not one of the four is refused in French."""
        with pytest.raises(InputError, match="« resultat » doit être l'une de ces valeurs"):
            bk.lancer_cote("touche", 60, "realiste", new_rng(1))
