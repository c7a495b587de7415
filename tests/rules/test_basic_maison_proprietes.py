"""Basic maison, properties across the rules.

Probabilities sum to one, rolls are possible, any input raises only a rules error.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rules_py.basic_maison import (
    ARMES_A_DISTANCE,
    ARMES_DE_MELEE,
    TABLE_DU_MODIFICATEUR_DE_DEGATS,
    Repartition,
    base_de_competence,
    chance_de_toucher,
    distribution_des_degats,
    lancer_attaque,
    lancer_degats,
    lancer_test,
    modificateur_de_degats,
    ordre_d_initiative,
    probabilites_d_attaque,
    probabilites_de_test,
    resoudre_attaque,
    resoudre_choc,
    resoudre_degats,
    resoudre_jet_de_caracteristique,
    resoudre_test,
    soigner,
    subir_degats,
    trouver_competence,
    trouver_culture,
    verifier_creation,
    vitesse_de_guerison,
)
from rules_py.dice import new_rng
from rules_py.errors import RulesError
from tests.exemples import exemples
from tests.rules.basic_maison_commun import CARS, E, combattant

# == Properties =================================================================

scores = st.integers(0, 400)
circonstances = st.sampled_from([-20, -10, 0, 10, 20])
anything = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**12), 10**12),
    st.floats(allow_nan=True),
    st.text(max_size=12),
    st.lists(st.integers(-3, 10), max_size=3),
)


class TestProprietes:
    @given(scores, circonstances, st.booleans())
    def test_les_probabilites_d_un_test_font_un(self, score: int, circonstance: int, affaibli: bool) -> None:
        """The four results' odds sum to 1."""
        assert sum(probabilites_de_test(score, circonstance, affaibli=affaibli).values()) == 1

    @given(st.integers(-300, 400))
    def test_les_probabilites_d_une_attaque_font_un(self, chance: int) -> None:
        """The attack results' odds sum to 1."""
        assert sum(probabilites_d_attaque(chance).values()) == 1

    @given(scores, circonstances, st.booleans(), st.integers(0, 2**32))
    def test_un_test_lance_est_possible(
        self, score: int, circonstance: int, affaibli: bool, seed: int
    ) -> None:
        """Every rolled test result has a non-zero probability."""
        jet = lancer_test(score, new_rng(seed), circonstance, affaibli=affaibli)
        assert probabilites_de_test(score, circonstance, affaibli=affaibli)[jet.resultat] > 0

    @given(st.integers(-300, 400), st.integers(0, 2**32))
    def test_une_attaque_lancee_est_possible(self, chance: int, seed: int) -> None:
        """Every rolled attack result has a non-zero probability."""
        assert probabilites_d_attaque(chance)[lancer_attaque(chance, new_rng(seed)).resultat] > 0

    @given(
        st.sampled_from([a.degats for a in (*ARMES_DE_MELEE, *ARMES_A_DISTANCE)]),
        st.sampled_from([row.modificateur for row in TABLE_DU_MODIFICATEUR_DE_DEGATS]),
        st.integers(0, 8),
        st.booleans(),
        st.integers(0, 2**32),
    )
    @settings(max_examples=exemples(60))
    def test_des_degats_lances_sont_possibles(
        self, arme: str, modificateur: str, pa: int, critique: bool, seed: int
    ) -> None:
        """Every rolled damage has a non-zero probability, and the odds sum to 1."""
        odds = distribution_des_degats(arme, modificateur, pa, critique)
        assert sum(odds.probabilities().values()) == 1 and odds.min >= 0
        assert odds.probability(lancer_degats(arme, new_rng(seed), modificateur, pa, critique).degats) > 0

    @given(st.integers(1, 60), st.integers(0, 60), st.integers(0, 40))
    def test_les_blessures_sont_coherentes(self, pv: int, degats: int, con: int) -> None:
        """A hit never leaves a living character without a state, nor calls rolls for the dead."""
        blessure = subir_degats(pv, degats, con)
        assert blessure.pv_apres == pv - degats
        assert (blessure.etat is E.MORT) == (blessure.pv_apres <= 0)
        assert blessure.etat is not E.MORT or blessure.jets == ()

    @given(anything, anything, anything)
    def test_toute_entree_ne_leve_qu_une_erreur_des_regles(self, a: object, b: object, c: object) -> None:
        """Any input gives a result or one of the package's own errors, never another exception."""
        appels = [
            lambda: resoudre_test(a, b, c),  # type: ignore[arg-type]
            lambda: resoudre_jet_de_caracteristique(a, b, c),  # type: ignore[arg-type]
            lambda: resoudre_attaque(a, b),  # type: ignore[arg-type]
            lambda: chance_de_toucher(a, b, c),  # type: ignore[arg-type]
            lambda: subir_degats(a, b, c),  # type: ignore[arg-type]
            lambda: resoudre_choc(a, b),  # type: ignore[arg-type]
            lambda: soigner(a, b, "Guérison", c),  # type: ignore[arg-type]
            lambda: modificateur_de_degats(a, b),  # type: ignore[arg-type]
            lambda: base_de_competence(a, {"DEX": b}),  # type: ignore[arg-type, dict-item]
            lambda: trouver_competence(a),  # type: ignore[arg-type]
            lambda: trouver_culture(a),  # type: ignore[arg-type]
            lambda: vitesse_de_guerison(a),  # type: ignore[arg-type]
            lambda: resoudre_degats("1d6", a, modificateur="+1d4", des_modificateur=b, pa=c),  # type: ignore[arg-type]
            lambda: ordre_d_initiative([combattant("A", a, b, "melee")], [c]),  # type: ignore[arg-type]
            lambda: verifier_creation(CARS, "Barbare", [Repartition("Esquive", culture=a, libre=b)]),  # type: ignore[arg-type]
        ]
        for appel in appels:
            try:
                appel()
            except RulesError as erreur:
                assert erreur.message
