"""BaSIC — KAR: tests, KAR, criticals, resistance table, wounds, modifiers, knock-out, counter-attacks, slag.

Worked examples cite ``shared/sources/001_b22c8e898b1294fc.txt`` by line
(``l.NN``); rulings cite ``shared/design/RULINGS.md`` (B1 … B11).
"""

from __future__ import annotations

import contextlib
import math
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_py import basic_kar as bk
from rules_py.d100 import Resultat
from rules_py.dice import new_rng
from rules_py.errors import InputError, RulesError

RC, R, E, EC = Resultat.REUSSITE_CRITIQUE, Resultat.REUSSITE, Resultat.ECHEC, Resultat.ECHEC_CRITIQUE
JETS = range(1, 101)

# -- independent readings of the rules, written from the text, not from the module -------------------


def lecture_test(score: int, jet: int, mode: str) -> Resultat:
    """B2 read directly: 96-100 fail; critical iff roll 01, or 20 x (roll - 1) < skill."""
    if jet >= 96:
        return EC if mode == "realiste" else E
    if jet > score:
        return E
    return RC if jet == 1 or 20 * (jet - 1) < score else R


def lecture_bande(kar: int, jet: int) -> str | None:
    """The slag row by counting tens of margin."""
    if jet <= kar:
        return None
    dizaine = math.ceil((jet - kar) / 10)
    return f"{10 * dizaine - 9:02d}-{10 * dizaine:02d}"


valeurs_hostiles = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**6), 10**6),
    st.floats(allow_nan=True),
    st.text(max_size=12),
    st.lists(st.integers(-3, 12), max_size=3),
    st.sampled_from(["00", "reussite", "heroique", "realiste", "1d6", "", "  7 "]),
)


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


# -- 4.2.1 Blessure grave (B6) ---------------------------------------------------------------------


class TestBlessureGrave:
    @pytest.mark.parametrize(
        ("pv_max", "degats", "grave"),
        [
            pytest.param(14, 8, True, id="l.63 Wu 8 > 7"),
            (14, 7, True),
            (14, 6, False),
            (13, 7, True),
            (13, 6, False),
        ],
    )
    def test_moitie_des_pv_initiaux(self, pv_max: int, degats: int, grave: bool) -> None:
        """B6: damage x 2 >= PV max."""
        assert bk.est_une_blessure_grave(pv_max, degats) is grave

    def test_exemple_de_wu(self) -> None:
        """l.62-63: 14 PV, 8 damage: 6 left, 30 %, roll 54: Wu collapses."""
        blessure = bk.resoudre_blessure_grave(14, 14, 8, 54)
        assert (blessure.pv_apres, blessure.grave, blessure.seuil, blessure.effondre) == (6, True, 30, True)

    def test_reussite_du_choc(self) -> None:
        """Roll 30 under 30: Wu stays up."""
        assert not bk.resoudre_blessure_grave(14, 14, 8, 30).effondre

    def test_pv_initiaux_pas_actuels(self) -> None:
        """B6: 4 damage at 6 PV out of 14 is not serious (half the current, not half the initial PV)."""
        blessure = bk.resoudre_blessure_grave(14, 6, 4)
        assert (blessure.grave, blessure.jet, blessure.effondre) == (False, None, False)

    def test_hors_de_combat(self) -> None:
        """New ruling: at 0 PV or less there is no shock roll; the victim is out of the fight."""
        blessure = bk.resoudre_blessure_grave(14, 5, 7)
        assert (blessure.pv_apres, blessure.hors_de_combat, blessure.jet, blessure.effondre) == (
            -2,
            True,
            None,
            True,
        )

    def test_jet_requis(self) -> None:
        """A serious wound needs the d100."""
        with pytest.raises(InputError) as erreur:
            bk.resoudre_blessure_grave(14, 14, 8)
        assert erreur.value.champ == "jet"

    @pytest.mark.parametrize(("pv_max", "pv_avant"), [(0, 0), (10, 11), (10, 0)])
    def test_pv_invalides(self, pv_max: int, pv_avant: int) -> None:
        """PV max >= 1 and 1 <= PV before the hit <= PV max."""
        with pytest.raises(InputError):
            bk.resoudre_blessure_grave(pv_max, pv_avant, 3, 50)

    @given(st.integers(1, 40), st.integers(0, 60), st.integers(0, 2**32))
    def test_lancer(self, pv_max: int, degats: int, graine: int) -> None:
        """A rolled check agrees with the resolver; a roll only when the wound is serious and PV remain."""
        blessure = bk.lancer_blessure_grave(pv_max, pv_max, degats, new_rng(graine))
        assert (blessure.jet is not None) == (blessure.grave and not blessure.hors_de_combat)
        assert blessure == bk.resoudre_blessure_grave(pv_max, pv_max, degats, blessure.jet)


class TestReprendreLeCombat:
    @pytest.mark.parametrize(("pv", "jet", "reussi"), [(6, 30, True), (6, 31, False), (20, 100, True)])
    def test_sous_pv_fois_cinq(self, pv: int, jet: int, reussi: bool) -> None:
        """B6: a later round may retry under current PV x 5 (a plain roll: 100 % cannot fail)."""
        assert bk.reprendre_le_combat(pv, jet).reussi is reussi

    def test_probabilites(self) -> None:
        """Exact chance min(1, 5 x PV / 100), 0 at 0 PV or less."""
        for pv in range(-3, 25):
            assert bk.probabilite_de_tenir(pv) == Fraction(min(100, max(0, 5 * pv)), 100)
        assert bk.seuil_de_choc(6) == 30 and bk.seuil_de_choc(-2) == 0


# -- 4.2.2 - 4.2.4 Obscurité, au sol, surprise (B7) ----------------------------------------------------


class TestSeuilEnSituation:
    @pytest.mark.parametrize(
        ("score", "options", "seuil"),
        [
            pytest.param(70, {"adversaire_au_sol": True}, 90, id="l.64 garde 70 contre Wu au sol: 90"),
            pytest.param(
                70, {"adversaire_au_sol": True, "obscurite": True}, 15, id="l.65 puis obscurite: 15"
            ),
            pytest.param(50, {"obscurite": True}, 5, id="l.67 Bagarre 50 dans le noir: 5"),
            pytest.param(50, {"obscurite": True, "attaque_par_surprise": True}, 10, id="l.67 surprise: 10"),
            pytest.param(20, {"obscurite": True, "lutte": True}, 20, id="l.67 Lutte 20 non affectee"),
            pytest.param(
                20, {"obscurite": True, "lutte": True, "attaque_par_surprise": True}, 40, id="Lutte surprise"
            ),
            pytest.param(55, {"au_sol": True}, 28, id="l.51 au sol: 55 / 2 arrondi au-dessus"),
            pytest.param(100, {"au_sol": True, "obscurite": True}, 5, id="B7 ordre: sol puis obscurite"),
            pytest.param(3, {"obscurite": True}, 3, id="minimum 5 ne releve pas un score de 3"),
            pytest.param(80, {"obscurite": True}, 5, id="80-75 = 5"),
            pytest.param(90, {"obscurite": True}, 15, id="90-75 = 15"),
            pytest.param(40, {"au_sol": True, "adversaire_au_sol": True}, 40, id="tous deux au sol"),
            (60, {}, 60),
        ],
    )
    def test_exemples_et_ordre(self, score: int, options: dict[str, bool], seuil: int) -> None:
        """B7: ground, then darkness, then surprise."""
        assert bk.seuil_en_situation(score, **options).seuil == seuil

    @pytest.mark.parametrize("action", bk.ACTIONS_DE_COMBAT)
    def test_surpris_ne_peut_rien(self, action: str) -> None:
        """l.55: the surprised victim can neither attack, parry nor dodge."""
        situation = bk.seuil_en_situation(60, action, surpris=True)
        assert (situation.possible, situation.seuil) == (False, 0)

    @pytest.mark.parametrize("action", ["parade", "esquive"])
    def test_parade_au_sol_et_dans_le_noir(self, action: str) -> None:
        """l.47, l.51: parry and dodge are halved on the ground and lowered in the dark too."""
        assert bk.seuil_en_situation(90, action, au_sol=True, obscurite=True).seuil == 5

    def test_etapes(self) -> None:
        """The steps are kept for the page, in order."""
        etapes = bk.seuil_en_situation(70, adversaire_au_sol=True, obscurite=True).etapes
        assert [valeur for _, valeur in etapes] == [70, 90, 15]
        lutte = bk.seuil_en_situation(20, lutte=True, obscurite=True).etapes
        assert lutte[-1] == ("Obscurité : sans effet sur la Lutte", 20)

    @pytest.mark.parametrize(
        ("options", "champ"),
        [
            ({"action": "parade", "attaque_par_surprise": True}, "attaque_par_surprise"),
            ({"attaque_par_surprise": True, "surpris": True}, "surpris"),
            ({"obscurite": "oui"}, "obscurite"),
            ({"action": "sortilege"}, "action"),
        ],
    )
    def test_combinaisons_refusees(self, options: dict[str, object], champ: str) -> None:
        """Surprise doubles attacks only; one cannot surprise and be surprised; flags are booleans."""
        with pytest.raises(InputError) as erreur:
            bk.seuil_en_situation(50, **options)
        assert erreur.value.champ == champ


# -- 4.2.5 Assommer (B5) ----------------------------------------------------------------------------


class TestAssommer:
    def test_exemple_du_garde(self) -> None:
        """l.67: the guard has 12 PV, takes 5: 7 left, 5 against 7 on the table: 40 %."""
        assert bk.chance_d_assommer(12, 5) == 40
        assert bk.probabilite_assommer(12, 5) == Fraction(2, 5)

    @pytest.mark.parametrize(
        ("con", "jet", "assomme", "heures", "pv_perdus", "pv_apres"),
        [
            pytest.param(11, 40, True, 10, 2, 10, id="l.59 assomme: 21-CON heures, 1/3 des degats"),
            pytest.param(11, 41, False, 0, 5, 7, id="rate: les degats restent"),
            pytest.param(25, 1, True, 1, 2, 10, id="B5 au moins 1 heure"),
            pytest.param(20, 1, True, 1, 2, 10, id="CON 20: 1 heure"),
        ],
    )
    def test_resolution(
        self, con: int, jet: int, assomme: bool, heures: int, pv_perdus: int, pv_apres: int
    ) -> None:
        """B5: out for max(1, 21 - CON) hours; on waking only ceil(damage / 3) PV lost."""
        resultat = bk.resoudre_assommer(12, 5, con, jet)
        assert (resultat.assomme, resultat.heures, resultat.pv_perdus, resultat.pv_apres) == (
            assomme,
            heures,
            pv_perdus,
            pv_apres,
        )

    @pytest.mark.parametrize(("degats", "perdus"), [(1, 1), (3, 1), (4, 2), (6, 2), (7, 3)])
    def test_tiers_arrondi_au_dessus(self, degats: int, perdus: int) -> None:
        """B5: ceil(damage / 3) PV really lost (General conventions: rounded up)."""
        assert bk.resoudre_assommer(degats + 1, degats, 10, 1).pv_perdus == perdus

    def test_sans_degats(self) -> None:
        """New ruling: a blow doing no damage cannot knock out (no roll)."""
        resultat = bk.resoudre_assommer(5, 0, 10)
        assert (resultat.chance, resultat.jet, resultat.assomme) == (0, None, False)

    def test_derniers_pv(self) -> None:
        """New ruling: a blow that takes the last PV knocks out without a roll."""
        resultat = bk.resoudre_assommer(4, 6, 10)
        assert (resultat.chance, resultat.jet, resultat.assomme, resultat.pv_perdus, resultat.pv_apres) == (
            100,
            None,
            True,
            2,
            2,
        )

    def test_jet_requis(self) -> None:
        """Between 1 and 99 % the d100 is needed."""
        with pytest.raises(InputError) as erreur:
            bk.resoudre_assommer(12, 5, 11)
        assert erreur.value.champ == "jet"

    @given(st.integers(1, 30), st.integers(0, 40), st.integers(0, 30), st.integers(0, 2**32))
    def test_lancer(self, pv: int, degats: int, con: int, graine: int) -> None:
        """A rolled knock-out agrees with the resolver and with its exact probability's support."""
        resultat = bk.lancer_assommer(pv, degats, con, new_rng(graine))
        assert resultat == bk.resoudre_assommer(pv, degats, con, resultat.jet)
        probabilite = bk.probabilite_assommer(pv, degats)
        assert probabilite == Fraction(bk.chance_d_assommer(pv, degats), 100)
        assert (probabilite > 0) if resultat.assomme else (probabilite < 1)


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


# -- Propriétés : bad input only raises RulesError subclasses ------------------------------------------

FONCTIONS = [
    (bk.resoudre_test, 3),
    (bk.resoudre_jet_de_kar, 2),
    (bk.resoudre_test_et_kar, 5),
    (bk.probabilites_test, 2),
    (bk.seuils_du_test, 2),
    (bk.issue_du_coup, 3),
    (bk.degats_du_coup, 5),
    (bk.resoudre_coup, 8),
    (bk.chance_de_resistance, 2),
    (bk.table_de_resistance, 2),
    (bk.chance_en_opposition, 2),
    (bk.resoudre_resistance, 2),
    (bk.resoudre_blessure_grave, 4),
    (bk.reprendre_le_combat, 2),
    (bk.probabilite_de_tenir, 1),
    (bk.seuil_en_situation, 2),
    (bk.resoudre_assommer, 4),
    (bk.premier_a_frapper, 4),
    (bk.resoudre_contre_attaque, 5),
    (bk.resoudre_scories, 5),
    (bk.probabilites_scories, 1),
    (bk.annoncer_regain_de_kar, 3),
    (bk.bande_de_scories, 2),
    (bk.score_rapide, 1),
    (bk.probabilite_de_garder_le_kar, 1),
]


# -- lancer_… : the dice read on the table, or rolled (the engine decides which dice are due) ------------


class TestLancerAvecLesDesLus:
    """Every ``lancer_…`` takes the dice read on the table and rolls only the missing ones that are due."""

    @pytest.mark.parametrize(
        ("appel", "attendu"),
        [
            # l.16: Renard Blanc tire 98, puis 72 sous son KAR de 60 : raté, KAR 55.
            (lambda rng: bk.lancer_test(50, "heroique", rng, 60, 98, 72).kar, bk.JetDeKar(60, 72, False, 55)),
            # l.25: le cimeterre 1d8+1 et +1d3, réussite critique, 5 et 2 : 14 points, armure ignorée.
            (
                lambda rng: bk.lancer_coup(
                    "reussite_critique", None, "1d8+1", "1d3", 2, True, rng, False, [5], [2]
                ),
                bk.Coup("critique", False, "1d8+1", "1d3", 6, 2, 2, True, 14, (5,), (2,)),
            ),
            # l.63: Wu, 14 PV, perd 8 : jet sous 30, tire 54, s'effondre.
            (lambda rng: bk.lancer_blessure_grave(14, 14, 8, rng, 54).effondre, True),
            # l.67: 5 points contre 7 PV restants : 40 %.
            (
                lambda rng: bk.lancer_assommer(12, 5, 11, rng, 40),
                bk.Assommer(12, 5, 7, 40, 40, True, 10, 2, 10),
            ),
            # l.160: Ruan 65 (75 %), le garde 35 (55 %) : Ruan frappe en premier.
            (
                lambda rng: bk.lancer_contre_attaque(55, 150, rng, "heroique", 35, 65).premier,
                "contre_attaquant",
            ),
            # l.198: KAR 25, 53 : marge 28, 5 PE perdus, KAR 40.
            (
                lambda rng: (
                    bk.lancer_scories(25, 60, 20, 12, rng, 53).perte_pe,
                    bk.lancer_scories(25, 60, 20, 12, rng, 53).kar_apres,
                ),
                (5, 40),
            ),
            (lambda rng: bk.lancer_resistance(45, rng, 45), bk.JetDeResistance(45, 45, True)),
            (lambda rng: bk.lancer_reprise(14, 14, 8, rng, 31), bk.JetDeChoc(6, 30, 31, False)),
        ],
    )
    def test_les_des_lus_sont_ceux_du_texte(self, appel, attendu) -> None:  # type: ignore[no-untyped-def]
        """The source's worked examples replay from the dice read, whatever the generator."""
        assert appel(new_rng(1)) == attendu == appel(new_rng(2))

    def test_pas_de_degats_sans_coup_au_but(self) -> None:
        """Damage only on a hit: a blocked or missed attack reads nor rolls any die (B3)."""
        for attaque, defense in (
            ("echec", None),
            ("reussite", "reussite"),
            ("reussite_critique", "reussite_critique"),
        ):
            coup = bk.lancer_coup(attaque, defense, "1d8+1", "1d3", 2, True, new_rng(1), False, [9, 9], [9])
            assert (coup.degats, coup.des_arme, coup.des_bonus) == (0, (), ())

    def test_un_mauvais_nombre_de_des_lus_nomme_le_champ(self) -> None:
        """Two dice read for a 1d8: a French error on the field of the weapon's dice."""
        with pytest.raises(InputError) as erreur:
            bk.lancer_coup("reussite", None, "1d8+1", "1d3", 0, True, new_rng(1), False, [3, 4], [1])
        assert erreur.value.champ == "des_arme"

    def test_le_jet_de_kar_n_est_tire_que_de_96_a_100(self) -> None:
        """A KAR roll is drawn only after 96-100 in a heroic campaign; a KAR read otherwise is ignored."""
        assert bk.lancer_test(50, "heroique", new_rng(1), 60, 95, 72).kar is None
        assert bk.lancer_test(50, "heroique", new_rng(1), 60, 96, 72).kar == bk.JetDeKar(60, 72, False, 55)
        assert bk.lancer_test(50, "realiste", new_rng(1), None, 96, 72).kar is None

    def test_pas_de_jet_hors_de_la_table(self) -> None:
        """At 0 % or 100 % no die is read: the resistance roll and the knock-out need none (B4, B5)."""
        assert bk.lancer_resistance(100, new_rng(1), 99) == bk.JetDeResistance(100, None, True)
        assert bk.lancer_assommer(4, 6, 11, new_rng(1), 99).jet is None

    def test_plus_de_pv_pas_de_reprise(self) -> None:
        """At 0 PV or less the character is out of the fight: no roll to get up (B6)."""
        with pytest.raises(InputError) as erreur:
            bk.lancer_reprise(14, 8, 8, new_rng(1))
        assert erreur.value.champ == "degats"


class TestRaisonDuPremier:
    """Why one side strikes first (B10), in the words the tool shows."""

    @pytest.mark.parametrize(
        ("jets", "raison"),
        [
            # l.160: Ruan 65 under 75, the garde 35 under 55: equal successes, 20 points apart.
            ((35, 65), "réussites de même qualité, 20 points d’écart (au moins 20)"),
            ((90, 99), "deux échecs"),
            ((1, 65), "la meilleure réussite frappe en premier"),
        ],
    )
    def test_raison(self, jets: tuple[int, int], raison: str) -> None:
        """Two failures, a better quality, or the gap between two equal successes."""
        assert bk.raison_du_premier(bk.resoudre_contre_attaque(55, 150, *jets)) == raison

    def test_ecart_insuffisant(self) -> None:
        """Equal successes less than 20 points apart: both strike at once, and the tool says why."""
        contre = bk.resoudre_contre_attaque(56, 150, 35, 65)
        assert (contre.premier, bk.raison_du_premier(contre)) == (
            "simultane",
            "réussites de même qualité, 19 points d’écart seulement",
        )


class TestProbabiliteDeReussir:
    """The chance that a test succeeds, critical or not, over the 100 results of the d100."""

    @pytest.mark.parametrize(
        ("score", "mode", "attendu"),
        [
            (15, "realiste", Fraction(3, 20)),  # l.65: the garde at 15 % in the dark
            (0, "realiste", Fraction(0)),
            (150, "heroique", Fraction(19, 20)),  # B2: 96-100 always fail
        ],
    )
    def test_probabilite(self, score: int, mode: str, attendu: Fraction) -> None:
        """Exactly the share of d100 results that succeed."""
        assert bk.probabilite_de_reussir(score, mode) == attendu
        assert attendu == sum(1 for jet in JETS if lecture_test(score, jet, mode).reussi) / Fraction(100)


@pytest.mark.parametrize(
    ("issue", "touche"), [("ratee", False), ("bloquee", False), ("normale", True), ("critique", True)]
)
def test_seul_un_coup_au_but_touche(issue: str, touche: bool) -> None:
    """B3: only a normal or critical hit deals damage (the engine's Coup.touche)."""
    assert bk.Coup(issue, False, "1d8+1", "1d3", 0, 0, 0, False, 0).touche is touche


@settings(max_examples=300)
@given(st.sampled_from(FONCTIONS), st.data())
def test_entrees_hostiles(fonction: tuple[object, int], data: st.DataObject) -> None:
    """Any input either works or raises a RulesError subclass (never TypeError, KeyError…)."""
    appel, arite = fonction
    arguments = [data.draw(valeurs_hostiles) for _ in range(arite)]
    with contextlib.suppress(RulesError):
        appel(*arguments)  # type: ignore[operator]
