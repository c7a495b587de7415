"""El Toto, the whole pass (C4): its exact law against brute force, and the best répartition.

Rows cite the rules text ``003_3058520c3dea6ba0.txt`` (SOURCE) by line number; RULINGS C1-C8.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules_py import el_toto
from rules_py.dice import new_rng
from rules_py.el_toto import (
    Combattant,
    Critere,
    Initiative,
    Repartition,
    des_d_esquive,
    distribution_echange,
    distribution_impact,
    distribution_reussites,
    lancer_echange,
    meilleure_repartition,
    meilleure_repartition_exhaustive,
)
from rules_py.errors import InputError
from tests.rules.el_toto_commun import echange_brut, toutes_les_repartitions

# -- C4: the whole pass (lancer_echange, distribution_echange) ------------------------------


PETITES_REPARTITIONS = [
    (Repartition(1, 1, 1), Repartition(0, 1, 1)),
    (Repartition(0, 2, 0), Repartition(2, 1, 1)),
    (Repartition(1, 1, 1), Repartition(1, 2, 0)),
    (Repartition(0, 1, 1), Repartition(0, 1, 1)),
    (Repartition(2, 0, 2), Repartition(0, 2, 1)),
    (Repartition(0, 0, 0), Repartition(1, 1, 0)),
]


class TestDistributionEchange:
    @pytest.mark.parametrize(("a", "b"), PETITES_REPARTITIONS)
    def test_contre_toutes_les_faces(self, a: Repartition, b: Repartition) -> None:
        """The pass law equals the enumeration of every face, the riposte die counted only when due."""
        assert distribution_echange(a, b).probabilities() == echange_brut(a, b)

    def test_simultane_independant(self) -> None:
        """RULINGS C4: on a tie the two attacks are independent and nobody gets the riposte die."""
        a, b = Repartition(1, 2, 1), Repartition(1, 1, 2)
        loi = distribution_echange(a, b)
        touche_a = distribution_impact(2, 2).probability_where(lambda i: i > 0)
        touche_b = distribution_impact(1, 1).probability_where(lambda i: i > 0)
        assert loi.probability((True, True)) == touche_a * touche_b

    def test_refus(self) -> None:
        """Anything but two splits is refused."""
        with pytest.raises(InputError) as erreur:
            distribution_echange(Repartition(0, 1, 0), (0, 1, 0))  # type: ignore[arg-type]
        assert erreur.value.champ == "b"


class TestLancerEchange:
    def test_riposte_avec_un_de_de_plus(self) -> None:
        """The side without initiative ripostes with +1 die exactly when the first impact was negative."""
        a = Combattant(Repartition(2, 2, 1))
        b = Combattant(Repartition(1, 2, 2))
        rng = new_rng(4)
        vus = set()
        for _ in range(300):
            echange = lancer_echange(a, b, rng=rng)
            assert echange.initiative is Initiative.A
            bonus = echange.attaque_de_a.impact < 0
            vus.add(bonus)
            assert len(echange.attaque_de_b.attaque.des) == 2 + bonus
            assert len(echange.attaque_de_a.defense.des) == 2
            assert len(echange.attaque_de_b.defense.des) == 1
        assert vus == {True, False}

    def test_b_a_l_initiative(self) -> None:
        """When B wins the initiative, A is the one who may get the riposte die."""
        a = Combattant(Repartition(0, 2, 1))
        b = Combattant(Repartition(1, 2, 2))
        rng = new_rng(9)
        for _ in range(200):
            echange = lancer_echange(a, b, rng=rng)
            assert echange.initiative is Initiative.B
            assert len(echange.attaque_de_a.attaque.des) == 2 + (echange.attaque_de_b.impact < 0)

    def test_simultane_sans_de_de_riposte(self) -> None:
        """RULINGS C4: a tie in initiative, both strike at once with their own attack dice."""
        a = Combattant(Repartition(1, 2, 1), bonus_arme=1, force=1, resistance=2)
        b = Combattant(Repartition(1, 3, 0))
        rng = new_rng(5)
        for _ in range(200):
            echange = lancer_echange(a, b, rng=rng)
            assert echange.initiative is Initiative.SIMULTANEE
            assert len(echange.attaque_de_a.attaque.des) == 2
            assert len(echange.attaque_de_b.attaque.des) == 3

    def test_esquive_remplace_la_defense(self) -> None:
        """An announced Esquive is rolled instead of the defence hand."""
        esquiveur = Combattant(Repartition(1, 3, 2), esquive=des_d_esquive(3, 2, 1))
        assert esquiveur.des_de_defense == 4
        echange = lancer_echange(Combattant(Repartition(0, 2, 0)), esquiveur, rng=new_rng(1))
        assert len(echange.attaque_de_a.defense.des) == 4

    def test_refus(self) -> None:
        """A side that is not a combatant, or a bad combatant field, is refused."""
        with pytest.raises(InputError) as erreur:
            lancer_echange(Combattant(Repartition(0, 1, 0)), Repartition(0, 1, 0), rng=new_rng(1))  # type: ignore[arg-type]
        assert erreur.value.champ == "b"
        with pytest.raises(InputError):
            Combattant((0, 1, 0))  # type: ignore[arg-type]
        with pytest.raises(InputError):
            Combattant(Repartition(0, 1, 0), esquive=-1)


# -- C4: meilleure_repartition, meilleure_repartition_exhaustive ---------------------------


ADVERSAIRES = [
    Repartition(0, 0, 0),
    Repartition(0, 2, 1),
    Repartition(1, 1, 1),
    Repartition(2, 3, 0),
    Repartition(1, 0, 3),
]


class TestMeilleureRepartition:
    @pytest.mark.parametrize("critere", list(Critere))
    @pytest.mark.parametrize("adversaire", ADVERSAIRES)
    @pytest.mark.parametrize("pdc", range(0, 7))
    def test_rapide_egale_exhaustive(self, pdc: int, adversaire: Repartition, critere: Critere) -> None:
        """The fast search gives exactly the exhaustive answer (split and chance)."""
        assert meilleure_repartition(pdc, adversaire, critere) == meilleure_repartition_exhaustive(
            pdc, adversaire, critere
        )

    @pytest.mark.parametrize("critere", list(Critere))
    @pytest.mark.parametrize("adversaire", [Repartition(0, 1, 1), Repartition(1, 1, 0), Repartition(0, 0, 2)])
    @pytest.mark.parametrize("pdc", range(0, 4))
    def test_contre_toutes_les_faces(self, pdc: int, adversaire: Repartition, critere: Critere) -> None:
        """The best chance is the maximum, over every split, of the face-by-face enumeration."""
        voulu = (lambda t: t[0]) if critere is Critere.TOUCHER else (lambda t: t[0] and not t[1])
        chances = {
            r: sum((p for t, p in echange_brut(r, adversaire).items() if voulu(t)), Fraction(0))
            for r in toutes_les_repartitions(pdc)
        }
        conseil = meilleure_repartition(pdc, adversaire, critere)
        assert conseil.chance == max(chances.values())
        assert chances[conseil.repartition] == conseil.chance

    @pytest.mark.parametrize("adversaire", ADVERSAIRES)
    def test_toucher_tout_en_attaque(self, adversaire: Repartition) -> None:
        """To land a hit only, every die goes to attack (initiative never raises that chance)."""
        for pdc in range(0, 9):
            assert meilleure_repartition(pdc, adversaire).repartition == Repartition(0, pdc, 0)

    @pytest.mark.parametrize("adversaire", ADVERSAIRES)
    def test_jamais_d_initiative(self, adversaire: Repartition) -> None:
        """Without wound maluses in the pass, striking second is never worse: no die goes to initiative."""
        for pdc in range(0, 12):
            conseil = meilleure_repartition(pdc, adversaire, Critere.TOUCHER_SANS_ETRE_TOUCHE)
            assert conseil.repartition.initiative == 0

    def test_departage(self) -> None:
        """Equal chances: fewest initiative dice, then most attack dice."""
        conseil = meilleure_repartition(3, Repartition(0, 0, 0), Critere.TOUCHER_SANS_ETRE_TOUCHE)
        assert conseil.repartition == Repartition(0, 3, 0)
        assert conseil.chance == distribution_reussites(3).probability_where(lambda r: r > 0)

    def test_grande_reserve(self) -> None:
        """A PdC of 40 agrees with the pass law of its split (its speed: ``benchmarks/moteur.py``)."""
        adversaire = Repartition(3, 10, 8)
        conseil = meilleure_repartition(40, adversaire, "toucher_sans_etre_touche")
        chance = distribution_echange(conseil.repartition, adversaire).probability((True, False))
        assert conseil.chance == chance

    def test_signes_rapides_exacts(self) -> None:
        """The cumulative-count signs equal the full convolution for every small pair."""
        rapide = el_toto._signes_cumules()
        for attaque in range(0, 9):
            for defense in range(0, 9):
                assert rapide(attaque, defense) == el_toto._signes_par_convolution(attaque, defense)

    @pytest.mark.parametrize(
        ("pdc", "adversaire", "critere", "champ"),
        [
            (-1, Repartition(0, 1, 0), "toucher", "pdc"),
            (3, (0, 1, 0), "toucher", "adversaire"),
            (3, Repartition(0, 1, 0), "gagner", "critere"),
        ],
    )
    def test_refus(self, pdc: object, adversaire: object, critere: object, champ: str) -> None:
        """Bad inputs are refused by both searches, naming the field."""
        for fonction in (meilleure_repartition, meilleure_repartition_exhaustive):
            with pytest.raises(InputError) as erreur:
                fonction(pdc, adversaire, critere)
            assert erreur.value.champ == champ

    def test_exhaustive_limitee(self) -> None:
        """The exhaustive reference refuses a PdC it could not search quickly."""
        with pytest.raises(InputError, match="recherche exhaustive"):
            meilleure_repartition_exhaustive(el_toto.MAX_PDC_EXHAUSTIF + 1, Repartition(0, 1, 0))
