"""El Toto, the duel (C4, C6): répartition, initiative, esquive, impact and dommages, attacks, tir à distance.

Rows cite the rules text ``003_3058520c3dea6ba0.txt`` (SOURCE) by line number; RULINGS C1-C8.
"""

from __future__ import annotations

from collections import Counter

import pytest

from rules_py.dice import new_rng
from rules_py.el_toto import (
    Initiative,
    Repartition,
    apres_resistance,
    des_d_esquive,
    des_d_esquive_a_distance,
    des_de_riposte,
    distribution_impact,
    distribution_points_de_vie_perdus,
    distribution_reussites,
    dommages,
    impact,
    lancer_attaque,
    repartir,
    resoudre_attaque,
    resoudre_initiative,
)
from rules_py.errors import InputError
from tests.rules.el_toto_commun import SOURCE, fractions, lecture_dommages, succes, toutes_les_faces

# -- C4: repartir, Repartition, resoudre_initiative, des_d_esquive ---------------------


class TestRepartition:
    def test_repartir(self) -> None:
        """The defence takes the dice left after initiative and attack."""
        assert repartir(7, 2, 3) == Repartition(2, 3, 2)
        assert repartir(7, 2, 3).pdc == 7

    @pytest.mark.parametrize(
        ("pdc", "initiative", "attaque", "champ"),
        [(5, 6, 0, "initiative"), (5, 2, 4, "attaque"), (-1, 0, 0, "pdc"), (5, -1, 0, "initiative")],
    )
    def test_repartir_refuse(self, pdc: int, initiative: int, attaque: int, champ: str) -> None:
        """A split using more dice than the PdC is refused, naming the field."""
        with pytest.raises(InputError) as erreur:
            repartir(pdc, initiative, attaque)
        assert erreur.value.champ == champ

    def test_lit_le_texte(self) -> None:
        """A split built from form fields holds integers."""
        assert Repartition("1", "2", " 3 ") == Repartition(1, 2, 3)

    def test_trop_de_des(self) -> None:
        """A split over the dice limit is refused."""
        with pytest.raises(InputError):
            Repartition(40, 40, 40)


class TestResoudreInitiative:
    @pytest.mark.parametrize(
        ("a", "b", "attendu"),
        [
            pytest.param(3, 1, Initiative.A, id=f"{SOURCE}:41 plus de dés: A"),
            pytest.param(0, 2, Initiative.B, id=f"{SOURCE}:41 plus de dés: B"),
            pytest.param(2, 2, Initiative.SIMULTANEE, id="RULINGS C4 égalité"),
            pytest.param(0, 0, Initiative.SIMULTANEE, id="RULINGS C4 égalité à 0"),
        ],
    )
    def test_initiative(self, a: int, b: int, attendu: Initiative) -> None:
        """More initiative dice wins; a tie means both strike at once."""
        assert resoudre_initiative(a, b) is attendu


class TestDesDEsquive:
    @pytest.mark.parametrize(
        ("agilite", "esquiver", "initiative", "attendu"),
        [
            pytest.param(3, 2, 1, 4, id=f"{SOURCE}:42 Agilité + Esquiver - initiative"),
            pytest.param(3, 2, 0, 5, id=f"{SOURCE}:42 sans initiative"),
            pytest.param(1, 1, 2, 0, id="nouvelle règle: exactement 0"),
            pytest.param(1, 1, 4, 0, id="nouvelle règle: jamais sous 0"),
        ],
    )
    def test_esquive(self, agilite: int, esquiver: int, initiative: int, attendu: int) -> None:
        """The dodge pool loses the initiative dice and never goes below 0 dice."""
        assert des_d_esquive(agilite, esquiver, initiative) == attendu


# -- C4: impact, dommages, apres_resistance, des_de_riposte ------------------------------


class TestImpactEtDommages:
    @pytest.mark.parametrize(("a", "d", "attendu"), [(3, 1, 2), (1, 2, -1), (2, 2, 0), (0, 0, 0)])
    def test_impact(self, a: int, d: int, attendu: int) -> None:
        """Line 45: impact = attack successes - defence successes."""
        assert impact(a, d) == attendu

    @pytest.mark.parametrize(
        ("valeur", "bonus", "force", "attendu"),
        [
            pytest.param(2, 1, 2, 3, id=f"{SOURCE}:47 2+1-2+2"),
            pytest.param(1, 0, 0, 0, id=f"{SOURCE}:47 négatif ramené à 0"),
            pytest.param(3, 0, 0, 1, id=f"{SOURCE}:47 3+0-2+0"),
            pytest.param(0, 5, 5, 0, id="RULINGS C4 impact nul: rien"),
            pytest.param(-2, 5, 5, 0, id="RULINGS C4 impact négatif: pas de dommages"),
            pytest.param(4, -1, 1, 2, id="bonus d'arme négatif"),
        ],
    )
    def test_dommages(self, valeur: int, bonus: int, force: int, attendu: int) -> None:
        """Damage only for a positive impact: impact + weapon bonus - 2 + Force, never below 0."""
        assert dommages(valeur, bonus, force) == attendu

    @pytest.mark.parametrize(("brut", "resistance", "attendu"), [(3, 1, 2), (2, 4, 0), (0, 0, 0), (5, 5, 0)])
    def test_apres_resistance(self, brut: int, resistance: int, attendu: int) -> None:
        """Line 49 / RULINGS C4: each resistance success removes a point, never below 0."""
        assert apres_resistance(brut, resistance) == attendu

    @pytest.mark.parametrize(("des", "subi", "attendu"), [(3, -1, 4), (3, -4, 4), (3, 0, 3), (3, 2, 3)])
    def test_riposte(self, des: int, subi: int, attendu: int) -> None:
        """Line 51: a negative impact gives the defender +1 die on the riposte."""
        assert des_de_riposte(des, subi) == attendu

    def test_bonus_hors_limites(self) -> None:
        """A weapon bonus beyond the limit is refused."""
        with pytest.raises(InputError) as erreur:
            dommages(2, 101, 0)
        assert erreur.value.champ == "bonus_arme"


# -- C4 / C6: resoudre_attaque, lancer_attaque -------------------------------------------


class TestResoudreAttaque:
    def test_exemple_complet(self) -> None:
        """3 vs 1 successes, bonus 1, Force 2: damage 3, two resistance successes leave 1 PV lost."""
        a = resoudre_attaque([6, 5, 2], [4], [6, 1], bonus_arme=1, force=2)
        assert (a.impact, a.dommages, a.points_de_vie_perdus, a.avantage_riposte) == (2, 3, 1, False)

    def test_impact_negatif(self) -> None:
        """RULINGS C4: a negative impact does no damage and gives the riposte die."""
        a = resoudre_attaque([2], [6], [], bonus_arme=3, force=3)
        assert (a.impact, a.dommages, a.points_de_vie_perdus, a.avantage_riposte) == (-2, 0, 0, True)

    def test_impact_nul(self) -> None:
        """RULINGS C4: a zero impact does nothing at all."""
        a = resoudre_attaque([4], [5], bonus_arme=3, force=3)
        assert (a.impact, a.dommages, a.points_de_vie_perdus, a.avantage_riposte) == (0, 0, 0, False)

    def test_maladresse_signalee(self) -> None:
        """A fumbled attack shows its maladresse and counts no success."""
        a = resoudre_attaque([1, 1], [])
        assert a.attaque.maladresse and a.impact == 0

    def test_exhaustif_petites_reserves(self) -> None:
        """Every throw of 2 attack, 1 defence, 2 resistance dice matches the reading of lines 45-49."""
        for fa in toutes_les_faces(2):
            for fd in toutes_les_faces(1):
                for fr in toutes_les_faces(2):
                    a = resoudre_attaque(list(fa), list(fd), list(fr), bonus_arme=1, force=1)
                    valeur = succes(fa) - succes(fd)
                    assert a.impact == valeur
                    assert a.points_de_vie_perdus == lecture_dommages(valeur, 1, 1, succes(fr))

    @pytest.mark.parametrize("champ", ["des_attaque", "des_defense", "des_resistance"])
    def test_faces_refusees(self, champ: str) -> None:
        """A bad face is refused, naming the roll it belongs to."""
        des = {"des_attaque": [4], "des_defense": [4], "des_resistance": [4]} | {champ: [9]}
        with pytest.raises(InputError) as erreur:
            resoudre_attaque(**des)
        assert erreur.value.champ == champ


class TestLancerAttaque:
    def test_resistance_seulement_si_dommages(self) -> None:
        """The Résistance + Protection dice are rolled only when there is damage to resist."""
        rng = new_rng(3)
        for _ in range(300):
            a = lancer_attaque(3, 2, 4, bonus_arme=0, force=0, rng=rng)
            assert (len(a.resistance.des) == 4) == (a.dommages > 0)
            assert a == resoudre_attaque(
                list(a.attaque.des), list(a.defense.des), list(a.resistance.des), bonus_arme=0, force=0
            )

    def test_possible(self) -> None:
        """Every rolled PV loss is a possible outcome of the exact distribution."""
        loi = distribution_points_de_vie_perdus(4, 2, 3, bonus_arme=2, force=1)
        rng = new_rng(8)
        for _ in range(200):
            perdus = lancer_attaque(4, 2, 3, bonus_arme=2, force=1, rng=rng).points_de_vie_perdus
            assert loi.probability(perdus) > 0


class TestDistributionImpact:
    @pytest.mark.parametrize(("attaque", "defense"), [(0, 0), (1, 0), (0, 2), (2, 1), (2, 2), (3, 1)])
    def test_contre_toutes_les_faces(self, attaque: int, defense: int) -> None:
        """The impact law equals the enumeration of every throw of both pools."""
        compte = Counter(
            succes(fa) - succes(fd) for fa in toutes_les_faces(attaque) for fd in toutes_les_faces(defense)
        )
        attendu = fractions(compte, 6 ** (attaque + defense))
        assert distribution_impact(attaque, defense).probabilities() == attendu

    @pytest.mark.parametrize(
        ("attaque", "defense", "resistance", "bonus", "force"),
        [(2, 1, 1, 0, 0), (2, 0, 2, 1, 2), (1, 1, 2, 3, 0), (3, 1, 1, -1, 4), (0, 2, 1, 5, 5)],
    )
    def test_points_de_vie_perdus_contre_toutes_les_faces(
        self, attaque: int, defense: int, resistance: int, bonus: int, force: int
    ) -> None:
        """The law of the PV lost equals the enumeration of attack, defence and resistance throws."""
        compte: Counter = Counter()
        for fa in toutes_les_faces(attaque):
            for fd in toutes_les_faces(defense):
                for fr in toutes_les_faces(resistance):
                    compte[lecture_dommages(succes(fa) - succes(fd), bonus, force, succes(fr))] += 1
        attendu = fractions(compte, 6 ** (attaque + defense + resistance))
        loi = distribution_points_de_vie_perdus(attaque, defense, resistance, bonus_arme=bonus, force=force)
        assert loi.probabilities() == attendu


class TestTirADistance:
    @pytest.mark.parametrize(
        ("prevenu", "attendu"),
        [
            pytest.param(False, 0, id=f"{SOURCE}:67 non prévenu"),
            pytest.param(True, 5, id=f"{SOURCE}:71 prévenu"),
        ],
    )
    def test_des_opposes(self, prevenu: bool, attendu: int) -> None:
        """RULINGS C6: Agilité + Esquiver only against an aware target."""
        assert des_d_esquive_a_distance(3, 2, prevenu=prevenu) == attendu

    def test_non_prevenu_impact_egal_aux_reussites(self) -> None:
        """RULINGS C6: an unaware target's impact is the PdC successes, damage as in C4."""
        defense = des_d_esquive_a_distance(3, 2, prevenu=False)
        a = resoudre_attaque([6, 4, 2], [], [4], bonus_arme=1, force=0)
        assert defense == 0 and a.impact == 3
        assert a.points_de_vie_perdus == lecture_dommages(3, 1, 0, 1)
        assert distribution_impact(3, defense) == distribution_reussites(3)

    def test_prevenu_impact_oppose(self) -> None:
        """RULINGS C6: an aware target subtracts its Agilité + Esquiver successes."""
        a = resoudre_attaque([6, 4, 2], [5, 5, 1, 1, 2])
        assert a.impact == 1

    @pytest.mark.parametrize("prevenu", [1, "oui", None])
    def test_prevenu_booleen(self, prevenu: object) -> None:
        """Awareness must be a true boolean."""
        with pytest.raises(InputError) as erreur:
            des_d_esquive_a_distance(3, 2, prevenu=prevenu)
        assert erreur.value.champ == "prevenu"
