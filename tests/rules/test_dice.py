"""Dice: notation, rolling, exact distributions, the critical transformation, limits."""

from __future__ import annotations

import random
import re
from collections import Counter
from fractions import Fraction
from math import comb, prod

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_py.dice import (
    MAX_DES_DISTRIBUTION,
    MAX_TOTAUX,
    Constant,
    Dice,
    Distribution,
    Expression,
    Term,
    critical,
    distribution,
    new_rng,
    parse,
    roll,
    sum_of_dice,
    total_of,
)
from rules_py.dice.distribution import (
    _best_block,
    _cost,
    _numerator,
    boxes,
    prefix_sums_of_boxes,
    product_of_boxes,
)
from rules_py.errors import DiceLimitError, DiceSyntaxError, RulesError

# -- strategies mirroring the grammar ------------------------------------------
dice_terms = st.builds(Dice, st.integers(1, 100), st.integers(1, 1000))
constant_terms = st.builds(Constant, st.integers(0, 1_000_000))
terms = st.builds(Term, st.sampled_from([1, -1]), st.one_of(dice_terms, constant_terms))
expressions = st.lists(terms, min_size=1, max_size=20).map(lambda ts: Expression(tuple(ts)))
small_expressions = st.lists(
    st.builds(
        Term,
        st.sampled_from([1, -1]),
        st.one_of(
            st.builds(Dice, st.integers(1, 3), st.integers(1, 8)), st.builds(Constant, st.integers(0, 9))
        ),
    ),
    min_size=1,
    max_size=4,
).map(lambda ts: Expression(tuple(ts)))


def convolutions(widths: list[int]) -> list[int]:
    """Counts of a sum of boxes, one box added at a time (the reference for the recurrences)."""
    counts = [1]
    for width in widths:
        padded = [0] * (width - 1) + counts + [0] * (width - 1)
        window = 0
        added = []
        for k, count in enumerate(padded):  # a sliding sum over the last ``width`` counts
            window += count - (padded[k - width] if k >= width else 0)
            if k >= width - 1:
                added.append(window)
        counts = added
    return counts


class TestParse:
    @pytest.mark.parametrize(
        ("source", "canonical"),
        [
            ("1d6+2", "1d6+2"),
            ("d6", "1d6"),
            ("D6", "1d6"),
            ("d100", "1d100"),
            ("d%", "1d100"),
            ("3D%", "3d100"),
            (" 2 d 6 ", "2d6"),
            ("1d3 + 2", "1d3+2"),
            ("2d6 - 1d4 + 3 - 1", "2d6-1d4+3-1"),
            ("-1d8", "-1d8"),
            ("\u22121d8", "-1d8"),
            ("+1d4", "1d4"),
            ("7", "7"),
            ("1d1000", "1d1000"),
            ("100d6", "100d6"),
        ],
    )
    def test_texte_canonique(self, source: str, canonical: str) -> None:
        """Every spelling of the notation prints in one canonical form."""
        assert str(parse(source)) == canonical

    def test_arbre(self) -> None:
        """The tree keeps each term with its sign."""
        assert parse("2d6-1d4+3") == Expression(
            (Term(1, Dice(2, 6)), Term(-1, Dice(1, 4)), Term(1, Constant(3)))
        )

    @pytest.mark.parametrize(
        ("source", "message"),
        [
            ("", "Expression de dés vide"),
            ("   ", "Expression de dés vide"),
            ("1d", "un nombre de faces attendu à la position 3 (fin de l'expression)"),
            ("x", "un nombre ou un dé attendu à la position 1 (« x » trouvé)"),
            ("1d6+", "un nombre ou un dé attendu à la position 5"),
            ("2**3", "« + » ou « - » attendu à la position 2 (« * » trouvé)"),
            ("1d6 2", "« + » ou « - » attendu à la position 5"),
            ("1d6*2", "« + » ou « - » attendu"),
            ("__import__('os')", "un nombre ou un dé attendu à la position 1"),
            ("1d6++2", "un nombre ou un dé attendu à la position 5"),
            ("١d6", "un nombre ou un dé attendu"),
        ],
    )
    def test_erreurs_de_syntaxe(self, source: str, message: str) -> None:
        """Bad notation is refused with a French message giving the position."""
        with pytest.raises(DiceSyntaxError, match=re.escape(message)):
            parse(source)

    @pytest.mark.parametrize(
        ("source", "message"),
        [
            ("101d6", "la limite est 100 dés par terme"),
            ("1d1001", "la limite est 1000 faces"),
            ("+".join(["1"] * 21), "Trop de termes : 21, la limite est 20"),
            ("1" * 201, "Expression trop longue : 201 caractères, la limite est 200"),
            ("0d6", "il faut lancer au moins 1 dé"),
            ("1d0", "un dé a au moins 1 face"),
            ("99999999", "la limite est 1 000 000"),
            ("1d6+1000001", "Constante trop grande : 1000001"),
        ],
    )
    def test_limites(self, source: str, message: str) -> None:
        """Each limit has its own French message naming it."""
        with pytest.raises(DiceLimitError, match=re.escape(message)):
            parse(source)

    def test_les_limites_sont_incluses(self) -> None:
        """Exactly 100 dice, 1000 faces, 20 terms and 200 characters are accepted."""
        assert str(parse("100d1000")) == "100d1000"
        assert len(parse("+".join(["100d1000"] * 20)).terms) == 20
        source = "1d6" + " " * 197
        assert len(source) == 200 and str(parse(source)) == "1d6"

    def test_pas_un_texte(self) -> None:
        """Something other than text is refused, not crashed on."""
        with pytest.raises(DiceSyntaxError, match="doit être un texte"):
            parse(12)  # type: ignore[arg-type]

    @given(expressions)
    def test_aller_retour(self, expression: Expression) -> None:
        """parse(str(x)) == x for every expression within the limits."""
        assert parse(str(expression)) == expression

    @given(st.text(max_size=200))
    def test_tout_texte_se_lit_ou_leve_une_erreur_des_regles(self, source: str) -> None:
        """Any text gives an expression or one of the package's own errors."""
        try:
            assert isinstance(parse(source), Expression)
        except RulesError as error:
            assert error.message


class TestRoll:
    def test_le_hasard_injecte_est_reproductible(self) -> None:
        """The same seed gives the same dice."""
        first = roll(parse("3d6+1"), new_rng(42))
        assert first == roll(parse("3d6+1"), new_rng(42))
        assert first.total == sum(first.dice) + 1

    def test_chaque_de_et_le_total(self) -> None:
        """A roll lists each die in order, and the signed total."""
        result = roll(parse("2d6-1d4+3"), new_rng(7))
        two_d6, d4 = result.terms[0].values, result.terms[1].values
        assert result.dice == two_d6 + d4
        assert result.total == sum(two_d6) - sum(d4) + 3

    def test_le_hasard_par_defaut_vient_de_l_entropie(self) -> None:
        """Without a seed, two generators give different sequences."""
        rolls = {roll(parse("10d100"), new_rng()).dice for _ in range(5)}
        assert len(rolls) > 1

    @given(small_expressions, st.integers(0, 2**32))
    def test_un_jet_est_un_resultat_possible(self, expression: Expression, seed: int) -> None:
        """Every rolled total has a non-zero probability in the exact distribution."""
        assert distribution(expression).probability(roll(expression, new_rng(seed)).total) > 0

    def test_total_des_des_lus_sur_la_table(self) -> None:
        """Dice rolled by hand are checked and summed like a roll."""
        assert total_of(parse("2d6+1"), [3, 6]).total == 10
        assert total_of(parse("1d8-1d4"), (2, 4)).total == -2

    @pytest.mark.parametrize(
        ("values", "message"),
        [([3], "demande 2 dés, 1 valeur reçue"), ([3, 7], "Un d6 montre une valeur de 1 à 6 (reçu : 7)")],
    )
    def test_total_de_des_invalides(self, values: list[int], message: str) -> None:
        """A wrong number of dice or an impossible face is refused in French."""
        with pytest.raises(DiceLimitError, match=re.escape(message)):
            total_of(parse("2d6"), values)


class TestDistribution:
    def test_deux_d6(self) -> None:
        """2d6: the classic triangle, exactly."""
        dist = distribution(parse("2d6"))
        assert dist.probabilities() == {t: Fraction(6 - abs(t - 7), 36) for t in range(2, 13)}
        assert (dist.min, dist.max, dist.mean) == (2, 12, 7)

    def test_la_dague(self) -> None:
        """1d3+2 is 3, 4 or 5 with a third each."""
        assert distribution(parse("1d3+2")).probabilities() == {
            3: Fraction(1, 3),
            4: Fraction(1, 3),
            5: Fraction(1, 3),
        }

    def test_termes_negatifs(self) -> None:
        """-1d8 runs -8..-1; 1d6-1d6 is symmetric around 0."""
        assert distribution(parse("-1d8")).probabilities() == {v: Fraction(1, 8) for v in range(-8, 0)}
        dist = distribution(parse("1d6-1d6"))
        assert dist.probability(0) == Fraction(1, 6) and dist.probability(-5) == dist.probability(
            5
        ) == Fraction(1, 36)

    def test_le_d100(self) -> None:
        """1d100 is flat over 1..100."""
        dist = distribution(parse("d%"))
        assert (dist.min, dist.max, dist.mean, len(dist)) == (1, 100, Fraction(101, 2), 100)

    @given(small_expressions)
    def test_egale_l_enumeration_complete(self, expression: Expression) -> None:
        """The fast distribution equals the enumeration of every face."""
        brute: Distribution[int] = Distribution.certain(expression.constant)
        for sign, dice in expression.dice:
            for _ in range(dice.count):
                brute = brute + (Distribution.die(dice.sides) if sign > 0 else -Distribution.die(dice.sides))
        assert distribution(expression) == brute

    @given(small_expressions)
    def test_les_probabilites_font_un(self, expression: Expression) -> None:
        """The probabilities of all totals add up to exactly 1."""
        assert sum(distribution(expression).probabilities().values()) == 1

    @pytest.mark.parametrize(("number", "width"), [(1, 6), (2, 6), (3, 6), (10, 7), (7, 1), (5, 2), (40, 13)])
    def test_recurrence_de_la_puissance_d_un_de(self, number: int, width: int) -> None:
        """The recurrence (strided sums) for NdS counts equals repeated convolution."""
        assert product_of_boxes([(width, number)]) == convolutions([width] * number)
        assert list(sum_of_dice([width] * number).counts.values()) == convolutions([width] * number)

    @pytest.mark.parametrize(
        "groups",
        [
            [(2, 1), (3, 1)],
            [(100, 99), (2, 100)],
            [(6, 3), (8, 2), (10, 1), (12, 4)],
            [(20, 5), (12, 5), (10, 5), (8, 5), (6, 5), (4, 5)],
            [(1000, 10), (3, 7)],
        ],
    )
    def test_recurrence_du_produit_des_groupes(self, groups: list[tuple[int, int]]) -> None:
        """The recurrence over several groups of dice at once equals repeated convolution."""
        assert product_of_boxes(groups) == convolutions([w for w, n in groups for _ in range(n)])

    @given(st.lists(st.tuples(st.integers(1, 40), st.integers(1, 4)), max_size=5, unique_by=lambda g: g[0]))
    def test_les_anneaux_de_sommes_espacees_restent_exacts(self, groups: list[tuple[int, int]]) -> None:
        """Only the last w strided sums of each sort kept (a ring): the counts of repeated convolution."""
        groups = sorted(groups)
        assert product_of_boxes(groups) == convolutions([w for w, n in groups for _ in range(n)])

    @pytest.mark.parametrize(
        ("groups", "block"),
        [
            ([(2, 1), (3, 1)], 2),
            ([(3, 2)], 3),
            ([(6, 1)], 6),
            ([(5, 3), (7, 2), (9, 4)], 5),
            ([(5, 3), (7, 2), (9, 4)], 7),
            ([(5, 3), (7, 2), (9, 4)], 9),
            ([(2, 100), (3, 100)], 2),
            ([(1000, 10), (3, 7)], 3),
            ([(1000, 10), (3, 7)], 1000),
            ([(width, 3) for width in range(20, 40)], 20),
            ([(width, 2) for width in range(34, 69, 2)], 50),
        ],
    )
    def test_les_sortes_empaquetees_egalent_les_convolutions(
        self, groups: list[tuple[int, int]], block: int
    ) -> None:
        """The sorts at least ``block`` wide packed a block at a time: the counts of repeated convolution."""
        assert product_of_boxes(groups, block) == convolutions([w for w, n in groups for _ in range(n)])

    @given(
        st.lists(
            st.tuples(st.integers(2, 40), st.integers(1, 4)), min_size=1, max_size=5, unique_by=lambda g: g[0]
        ),
        st.integers(0, 4),
    )
    def test_tout_bloc_reste_exact(self, groups: list[tuple[int, int]], choice: int) -> None:
        """Whatever the block (one of the widths), packed and narrow sorts together stay exact."""
        groups = sorted(groups)
        block = groups[choice % len(groups)][0]
        assert product_of_boxes(groups, block) == convolutions([w for w, n in groups for _ in range(n)])

    @pytest.mark.parametrize(
        ("groups", "block"),
        [
            ([(width, 11) for width in range(43, 61)], 43),
            ([(width, 10) for width in range(3, 99, 5)], 38),
            ([(width, 10) for width in range(3, 99, 5)], 3),
        ],
    )
    def test_les_plus_grandes_sommes_empaquetees_egalent_la_recurrence_seule(
        self, groups: list[tuple[int, int]], block: int
    ) -> None:
        """About 10 000 totals of 200 dice: packed or not, the same counts, adding up to Π w**n."""
        packed = product_of_boxes(groups, block)
        assert packed == product_of_boxes(groups, 1001)
        assert sum(packed) == prod(width**number for width, number in groups)

    def test_la_moitie_calculee_puis_retournee_sur_un_nombre_pair_ou_impair_de_totaux(self) -> None:
        """2d3 (5 totals) and 3d2 (4 totals) packed: the half found, then mirrored, exactly."""
        assert product_of_boxes([(3, 2)], 3) == [1, 2, 3, 2, 1]
        assert product_of_boxes([(2, 3)], 2) == [1, 3, 3, 1]

    @pytest.mark.parametrize(
        ("groups", "block"),
        [
            ([(width, 11) for width in range(43, 61)], 43),
            ([(width, 10) for width in range(41, 61)], 41),
            ([(100, 100)], 101),
            ([(2, 100), (100, 99)], 101),
            ([(1000, 10)], 1001),
        ],
    )
    def test_le_bloc_choisi(self, groups: list[tuple[int, int]], block: int) -> None:
        """Many wide sorts are packed from the narrowest; one or two sorts stay one coefficient at a time."""
        half = sum((w - 1) * n for w, n in groups) // 2 + 1
        assert _best_block(groups, half) == block

    @pytest.mark.parametrize(
        "groups",
        [
            [],
            [(2, 1)],
            [(6, 2)],
            [(2, 1), (3, 1)],
            [(1000, 10), (3, 7)],
            [(2, 100), (3, 100)],
            [(width, 2) for width in range(2, 31)],
            [(width, 10) for width in range(41, 61)],
        ],
    )
    def test_les_sommes_prefixees_egalent_les_convolutions(self, groups: list[tuple[int, int]]) -> None:
        """Packed numerator, then one prefix sum per die: the counts of repeated convolution."""
        assert prefix_sums_of_boxes(groups) == convolutions([w for w, n in groups for _ in range(n)])

    def test_le_numerateur_tient_dans_ses_cases(self) -> None:
        """(1 - x**2)**100 reaches C(100, 50) ≈ 2**96: it fits its slot, signs included."""
        expected = [0] * 202
        for k in range(101):
            expected[2 * k] = (-1) ** k * comb(100, k)
        assert _numerator([(2, 100)], 202) == expected
        assert _numerator([(2, 100)], 3) == [1, 0, -100]

    @pytest.mark.parametrize(
        ("widths", "prefix_sums"),
        [
            ([6] * 3, True),
            ([13] * 40, False),
            ([2] * 100 + [100] * 99, False),
            ([w for w in range(41, 61) for _ in range(10)], False),
            ([w for w in range(2, 41) for _ in range(2)], True),
        ],
    )
    def test_chaque_facon_reste_exacte(self, widths: list[int], prefix_sums: bool) -> None:
        """Recurrence for few sorts, prefix sums for many sorts of few dice: whichever is picked, exact."""
        groups = sorted(Counter(widths).items())
        half = sum(w - 1 for w in widths) // 2 + 1
        assert (_cost(groups, half, prefix_sums=True) < _cost(groups, half, prefix_sums=False)) is prefix_sums
        assert list(boxes(widths).counts.values()) == convolutions(widths)

    @pytest.mark.parametrize(
        "widths",
        [[], [1, 1], [6, 6], [2] * 5 + [7] * 3, [w for w in range(34, 69, 2) for _ in range(2)], [3, 1000]],
    )
    def test_la_distribution_construite_sans_verification_est_exacte(self, widths: list[int]) -> None:
        """The engine's distribution, built unchecked, equals the checked one: same counts and total."""
        built = boxes(widths, low=3)
        checked = Distribution(built.counts)
        assert built.counts == checked.counts
        assert built.total == checked.total == sum(built.counts.values())
        assert list(built.counts.values()) == convolutions([w for w in widths if w > 1])
        assert min(built.counts) == 3

    def test_le_pire_cas_permis(self) -> None:
        """100d2+99d100, 199 dice of two sorts, is exact at both ends and mean."""
        dist = distribution(parse("100d2+99d100"))
        assert (len(dist), dist.min, dist.max, dist.mean) == (9902, 199, 10100, Fraction(10299, 2))
        assert dist.probability(199) == dist.probability(10100) == Fraction(1, 2**100 * 100**99)
        assert dist.probability(200) == Fraction(100 + 99, 2**100 * 100**99)

    def test_les_plus_grandes_distributions(self) -> None:
        """100d100 (9 901 totals) and 10d1000 are within the limits and exact."""
        dist = distribution(parse("100d100"))
        assert (len(dist), dist.min, dist.max, dist.mean) == (9901, 100, 10000, 5050)
        assert dist.probability(100) == Fraction(1, 100**100)
        assert len(distribution(parse("10d1000"))) == 9991

    def test_trop_de_totaux(self) -> None:
        """Beyond 10 000 totals the distribution is refused; the roll still works."""
        with pytest.raises(DiceLimitError, match=f"limitée à {MAX_TOTAUX} totaux"):
            distribution(parse("100d1000"))
        assert 100 <= roll(parse("100d1000"), new_rng(1)).total <= 100_000

    def test_trop_de_des(self) -> None:
        """Beyond 200 dice the distribution is refused."""
        with pytest.raises(DiceLimitError, match=f"limitée à {MAX_DES_DISTRIBUTION} dés"):
            distribution(parse("100d2+100d2+1d2"))

    def test_les_frequences_tirees_concordent(self) -> None:
        """20 000 seeded rolls of 2d6+1 agree with the exact odds within 1 %."""
        expression = parse("2d6+1")
        rng = random.Random(20261129)
        counts = Counter(roll(expression, rng).total for _ in range(20_000))
        for total, probability in distribution(expression).probabilities().items():
            assert abs(counts[total] / 20_000 - probability) < 0.01


class TestDistributionType:
    def test_transformer_et_combiner(self) -> None:
        """map merges equal images; combine takes independent pairs."""
        parity = Distribution.die(6).map(lambda v: v % 2)
        assert parity.probabilities() == {1: Fraction(1, 2), 0: Fraction(1, 2)}
        highest = Distribution.die(2).combine(Distribution.die(2), max)
        assert highest.probabilities() == {1: Fraction(1, 4), 2: Fraction(3, 4)}

    def test_lecture(self) -> None:
        """Counts, total, probability_where, sorted and shift."""
        dist = Distribution({3: 1, 1: 2})
        assert dist.total == 3 and dist.counts == {3: 1, 1: 2}
        assert list(dist.sorted()) == [1, 3] and len(dist) == 2
        assert dist.probability_where(lambda v: v > 1) == Fraction(1, 3)
        assert (dist + 1).probabilities() == {4: Fraction(1, 3), 2: Fraction(2, 3)}
        assert repr(Distribution.certain(5)) == "Distribution({5: 1})"
        assert Distribution.certain(1).__eq__(1) is NotImplemented

    def test_invalide(self) -> None:
        """An empty or negative histogram is a programming error."""
        with pytest.raises(ValueError):
            Distribution({})
        with pytest.raises(ValueError):
            Distribution({1: -1, 2: 2})


class TestCritical:
    @pytest.mark.parametrize(
        ("weapon", "doubled"),
        [
            # 000_c3d369694123e7ef.txt, line 208: "une dague fait 1d3+2, un critique … = 2d3+4"
            ("1d3+2", "2d3+4"),
            ("2d6", "4d6"),
            ("1d8+1", "2d8+2"),
            ("2d6-1", "4d6-2"),
        ],
    )
    def test_lancer_deux_fois(self, weapon: str, doubled: str) -> None:
        """The whole expression is rolled twice."""
        assert str(critical(parse(weapon))) == doubled

    def test_limite(self) -> None:
        """Doubling beyond 100 dice per term is refused."""
        with pytest.raises(DiceLimitError):
            critical(parse("51d6"))
