"""El Toto, properties across the rules (C1-C8).

Rows cite the rules text ``003_3058520c3dea6ba0.txt`` (SOURCE) by line number; RULINGS C1-C8.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_py import el_toto
from rules_py.dice import new_rng
from rules_py.el_toto import (
    Attaque,
    Combattant,
    Gravite,
    Repartition,
    blessure,
    distribution_combat_rapide,
    distribution_echange,
    distribution_impact,
    distribution_jet,
    distribution_points_de_vie_perdus,
    distribution_survie,
    lancer_attaque,
    lancer_combat_rapide,
    lancer_echange,
    lancer_jet,
    lancer_survie,
)
from tests.exemples import exemples
from tests.rules.entrees import GRANDS_NOMBRES, appeler, avec_un_grand_nombre

# -- properties ----------------------------------------------------------------------------------

petit = st.integers(min_value=0, max_value=6)
bonus = st.integers(min_value=-3, max_value=3)


class TestProprietes:
    @settings(max_examples=exemples(60), deadline=None)
    @given(a=petit, d=petit, r=petit, b=bonus, f=petit)
    def test_sommes_a_un(self, a: int, d: int, r: int, b: int, f: int) -> None:
        """Every exact law sums to 1."""
        lois = [
            distribution_jet(a),
            distribution_impact(a, d),
            distribution_points_de_vie_perdus(a, d, r, bonus_arme=b, force=f),
            distribution_combat_rapide(a, d, resistance_a=r, resistance_b=f, bonus_arme_a=b),
            distribution_survie(-f, 0, a, r),
            distribution_echange(Repartition(f % 3, a, d), Repartition(r % 3, d, a)),
        ]
        for loi in lois:
            assert sum(loi.probabilities().values()) == 1

    @settings(max_examples=exemples(60), deadline=None)
    @given(a=petit, d=petit, r=petit, b=bonus, f=petit, graine=st.integers(0, 2**32))
    def test_tirages_possibles(self, a: int, d: int, r: int, b: int, f: int, graine: int) -> None:
        """Every roll is a possible outcome of its exact law."""
        rng = new_rng(graine)
        jet = lancer_jet(a, rng=rng)
        assert distribution_jet(a).probability((jet.reussites, jet.maladresse)) > 0
        attaque = lancer_attaque(a, d, r, bonus_arme=b, force=f, rng=rng)
        assert isinstance(attaque, Attaque)
        assert distribution_impact(a, d).probability(attaque.impact) > 0
        loi = distribution_points_de_vie_perdus(a, d, r, bonus_arme=b, force=f)
        assert loi.probability(attaque.points_de_vie_perdus) > 0
        rapide = lancer_combat_rapide(a, d, resistance_a=r, bonus_arme_b=b, rng=rng)
        loi_rapide = distribution_combat_rapide(a, d, resistance_a=r, bonus_arme_b=b)
        assert loi_rapide.probability((rapide.vainqueur, rapide.points_de_vie_perdus)) > 0
        survie = lancer_survie(-f, 1, a, r, rng=rng)
        assert (
            distribution_survie(-f, 1, a, r).probability(
                (survie.points_de_vie_perdus, survie.reussites_a_partager)
            )
            > 0
        )
        ra, rb = Repartition(f % 3, a, d), Repartition(r % 3, d, a)
        echange = lancer_echange(Combattant(ra), Combattant(rb), rng=rng)
        touches = (echange.attaque_de_a.impact > 0, echange.attaque_de_b.impact > 0)
        assert distribution_echange(ra, rb).probability(touches) > 0

    @settings(max_examples=exemples(60), deadline=None)
    @given(perdus=st.integers(0, 50), vie=st.integers(1, 40))
    def test_blessure_monotone(self, perdus: int, vie: int) -> None:
        """Losing one more PV never gives a lighter wound nor a smaller malus."""
        ordre = list(Gravite)
        avant, apres = blessure(perdus, vie), blessure(perdus + 1, vie)
        assert ordre.index(apres.gravite) >= ordre.index(avant.gravite)
        assert apres.malus_des >= avant.malus_des

    n_importe_quoi = st.one_of(
        st.integers(-(10**6), 10**6),
        st.text(max_size=6),
        st.none(),
        st.booleans(),
        st.floats(allow_nan=True),
        st.lists(st.integers(-2, 9), max_size=4),
    )

    @settings(max_examples=exemples(300), deadline=None)
    @given(
        nom=st.sampled_from(sorted(el_toto.__all__)), args=st.lists(n_importe_quoi, min_size=0, max_size=5)
    )
    def test_entrees_quelconques(self, nom: str, args: list) -> None:
        """Any input to any function either works or raises a RulesError, never anything else."""
        appeler(el_toto, nom, self.borner(nom, args))

    @pytest.mark.parametrize("grand", GRANDS_NOMBRES)
    def test_grands_nombres(self, grand: float) -> None:
        """A number past a 32- or 64-bit size anywhere (ssize_t is 32 bits in Pyodide) is refused or used."""
        for nom in sorted(el_toto.__all__):
            for args in avec_un_grand_nombre(grand, 5):
                appeler(el_toto, nom, self.borner(nom, args))

    @staticmethod
    def borner(nom: str, args: list) -> list:
        """The exhaustive search grows exponentially with its PdC: keep the integers small there."""
        if nom != "meilleure_repartition_exhaustive":
            return args
        return [a if not isinstance(a, int) or isinstance(a, bool) else a % 5 for a in args]
