"""BaSIC — KAR, the dice read on the table or rolled, and properties: bad input only raises RulesError.

Worked examples cite ``shared/sources/001_b22c8e898b1294fc.txt`` by line
(``l.NN``); rulings cite ``shared/design/RULINGS.md`` (B1 … B11).
"""

from __future__ import annotations

import contextlib
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_py import basic_kar as bk
from rules_py.dice import new_rng
from rules_py.errors import InputError, RulesError
from tests.exemples import exemples
from tests.rules.basic_kar_commun import JETS, lecture_test

# -- Propriétés : bad input only raises RulesError subclasses ------------------------------------------

valeurs_hostiles = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**6), 10**6),
    st.floats(allow_nan=True),
    st.text(max_size=12),
    st.lists(st.integers(-3, 12), max_size=3),
    st.sampled_from(["00", "reussite", "heroique", "realiste", "1d6", "", "  7 "]),
)


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


@settings(max_examples=exemples(300))
@given(st.sampled_from(FONCTIONS), st.data())
def test_entrees_hostiles(fonction: tuple[object, int], data: st.DataObject) -> None:
    """Any input either works or raises a RulesError subclass (never TypeError, KeyError…)."""
    appel, arite = fonction
    arguments = [data.draw(valeurs_hostiles) for _ in range(arite)]
    with contextlib.suppress(RulesError):
        appel(*arguments)  # type: ignore[operator]
