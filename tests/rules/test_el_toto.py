"""El Toto (``003_3058520c3dea6ba0.txt``): rules C1-C8, exact odds against brute force, properties."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import pairwise, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_py import el_toto
from rules_py.dice import Distribution, new_rng
from rules_py.el_toto import (
    MAX_DES,
    NIVEAUX_DE_BLESSURE,
    Attaque,
    CombatElToto,
    Combattant,
    Critere,
    Gravite,
    Initiative,
    Jet,
    Repartition,
    Vainqueur,
    apres_resistance,
    blessure,
    chance_de_la_repartition,
    conseils_de_repartition,
    depenser_energie,
    des_apres_malus,
    des_d_esquive,
    des_d_esquive_a_distance,
    des_de_bagarre,
    des_de_combat_rapide,
    des_de_lancer,
    des_de_riposte,
    distribution_combat_rapide,
    distribution_echange,
    distribution_impact,
    distribution_jet,
    distribution_passe,
    distribution_points_de_vie_perdus,
    distribution_reussites,
    distribution_survie,
    dommages,
    impact,
    issue_combat_rapide,
    jouer_passe,
    lancer_attaque,
    lancer_combat_rapide,
    lancer_echange,
    lancer_jet,
    lancer_survie,
    meilleure_repartition,
    meilleure_repartition_exhaustive,
    mh,
    nombre_de_des,
    plages_de_blessure,
    points_d_energie,
    points_de_vie,
    potentiel_de_combat,
    repartir,
    resoudre_attaque,
    resoudre_combat_rapide,
    resoudre_initiative,
    resoudre_jet,
    resoudre_survie,
    reussites_du_de,
)
from rules_py.errors import InputError
from tests.rules.entrees import GRANDS_NOMBRES, appeler, avec_un_grand_nombre

SOURCE = "003_3058520c3dea6ba0.txt"
FACES = range(1, 7)


# -- an independent reading of the text, written apart from the engine -------------


def lecture_jet(faces: tuple[int, ...]) -> tuple[int, bool]:
    """(successes, maladresse) read straight from lines 9-17 of the text."""
    reussites = sum(2 if face == 6 else 1 if face in (4, 5) else 0 for face in faces)
    return reussites, len(faces) > 0 and set(faces) == {1}


def toutes_les_faces(nombre: int):  # type: ignore[no-untyped-def]
    """Every ordered throw of ``nombre`` d6."""
    return product(FACES, repeat=nombre)


def loi_brute(nombre: int) -> Distribution:
    """(successes, maladresse) over all 6**nombre throws."""
    return Distribution(Counter(lecture_jet(faces) for faces in toutes_les_faces(nombre)))


def succes(faces: tuple[int, ...]) -> int:
    """Successes of a throw, by the independent reading."""
    return lecture_jet(faces)[0]


def lecture_dommages(impact_: int, bonus: int, force: int, resistance: int) -> int:
    """Lines 45-49 with RULINGS C4: positive impact, damage formula, resistance, never below 0."""
    if impact_ <= 0:
        return 0
    return max(0, max(0, impact_ + bonus - 2 + force) - resistance)


def fractions(compte: Counter, total: int) -> dict:
    """A Counter of cases turned into exact probabilities."""
    return {issue: Fraction(nombre, total) for issue, nombre in compte.items()}


# -- C1: reussites_du_de ------------------------------------------------------------


class TestReussitesDuDe:
    @pytest.mark.parametrize(
        ("face", "attendu"),
        [
            pytest.param(1, 0, id=f"{SOURCE}:9 1=échec"),
            pytest.param(2, 0, id=f"{SOURCE}:9 2=échec"),
            pytest.param(3, 0, id=f"{SOURCE}:9 3=échec"),
            pytest.param(4, 1, id=f"{SOURCE}:14 4=réussite"),
            pytest.param(5, 1, id=f"{SOURCE}:14 5=réussite"),
            pytest.param(6, 2, id=f"{SOURCE}:17 6=2 réussites"),
        ],
    )
    def test_valeur_de_chaque_face(self, face: int, attendu: int) -> None:
        """Each face counts the successes the text gives it."""
        assert reussites_du_de(face) == attendu

    @pytest.mark.parametrize("face", [0, 7, -1, "six", None, 4.5, True])
    def test_face_impossible(self, face: object) -> None:
        """A value that is not a d6 face is refused, naming the field."""
        with pytest.raises(InputError) as erreur:
            reussites_du_de(face)
        assert erreur.value.champ == "face"


# -- C1: resoudre_jet ----------------------------------------------------------------


class TestResoudreJet:
    @pytest.mark.parametrize(
        ("faces", "reussites", "maladresse"),
        [
            pytest.param([1], 0, True, id=f"{SOURCE}:12 un seul dé sur 1"),
            pytest.param([1, 1, 1], 0, True, id=f"{SOURCE}:12 tous les dés sur 1"),
            pytest.param([1, 1, 2], 0, False, id=f"{SOURCE}:12 un dé hors du 1"),
            pytest.param([1, 1, 6], 2, False, id=f"{SOURCE}:12+17 un 6 parmi des 1"),
            pytest.param([2, 3, 3], 0, False, id=f"{SOURCE}:9 échec sans maladresse"),
            pytest.param([4, 5, 6], 4, False, id=f"{SOURCE}:14+17 4+5+6"),
            pytest.param([6, 6, 6, 6], 8, False, id=f"{SOURCE}:17 quatre 6"),
        ],
    )
    def test_exemples(self, faces: list[int], reussites: int, maladresse: bool) -> None:
        """Successes add up over the pool; a maladresse needs every die on 1."""
        jet = resoudre_jet(faces)
        assert (jet.reussites, jet.maladresse) == (reussites, maladresse)
        assert jet.des == tuple(faces)

    def test_reserve_vide(self) -> None:
        """RULINGS C1: a pool of 0 dice rolls nothing and fails, without a maladresse."""
        assert resoudre_jet([]) == Jet((), 0, False)
        assert not resoudre_jet([]).reussi

    @pytest.mark.parametrize("nombre", range(1, 9))
    def test_tous_les_un_est_une_maladresse(self, nombre: int) -> None:
        """RULINGS C1: an all-ones pool of any size is a maladresse (and a failure)."""
        jet = resoudre_jet([1] * nombre)
        assert jet.maladresse and not jet.reussi

    @pytest.mark.parametrize("nombre", range(0, 5))
    def test_exhaustif_contre_la_lecture(self, nombre: int) -> None:
        """Every throw of up to 4 dice matches the independent reading."""
        for faces in toutes_les_faces(nombre):
            jet = resoudre_jet(list(faces))
            assert (jet.reussites, jet.maladresse) == lecture_jet(faces)
            assert jet.reussi == (jet.reussites > 0)

    @pytest.mark.parametrize("des", ["456", 4, None, {4: 1}, [4, 7], [0], ["x"], [4.5], [1] * (MAX_DES + 1)])
    def test_entree_refusee(self, des: object) -> None:
        """Text, non-lists, faces off the die and oversized pools are refused."""
        with pytest.raises(InputError) as erreur:
            resoudre_jet(des)
        assert erreur.value.champ == "des"

    def test_faces_en_texte(self) -> None:
        """Faces sent as text by a form are read as integers."""
        assert resoudre_jet(["6", " 4 "]).reussites == 3


# -- C1: lancer_jet ------------------------------------------------------------------


class TestLancerJet:
    def test_reproductible(self) -> None:
        """The same seed gives the same roll."""
        assert lancer_jet(6, rng=new_rng(7)) == lancer_jet(6, rng=new_rng(7))

    def test_coherent_avec_la_resolution(self) -> None:
        """A roll is the pure resolution of the faces it drew."""
        rng = new_rng(11)
        for nombre in range(8):
            jet = lancer_jet(nombre, rng=rng)
            assert len(jet.des) == nombre
            assert jet == resoudre_jet(list(jet.des))

    def test_zero_de(self) -> None:
        """A pool of 0 dice draws nothing."""
        assert lancer_jet(0, rng=new_rng(1)) == Jet((), 0, False)

    @pytest.mark.parametrize("nombre", [-1, MAX_DES + 1, "beaucoup", None])
    def test_nombre_refuse(self, nombre: object) -> None:
        """A negative, oversized or non-numeric pool is refused."""
        with pytest.raises(InputError) as erreur:
            lancer_jet(nombre, rng=new_rng(1))
        assert erreur.value.champ == "nombre_de_des"

    def test_statistique(self) -> None:
        """Seeded: 30 000 rolls of 3 dice agree with the exact odds (within 5 standard deviations)."""
        rng = random.Random(2026)
        tirages = 30_000
        observes = Counter(
            (j.reussites, j.maladresse) for j in (lancer_jet(3, rng=rng) for _ in range(tirages))
        )
        for issue, p in distribution_jet(3).probabilities().items():
            ecart = 5 * (float(p) * (1 - float(p)) * tirages) ** 0.5
            assert abs(observes[issue] - float(p) * tirages) <= ecart + 1


# -- C1: distribution_jet, distribution_reussites -------------------------------------


class TestDistributions:
    @pytest.mark.parametrize("nombre", range(0, 6))
    def test_contre_toutes_les_faces(self, nombre: int) -> None:
        """The convolution equals the enumeration of all 6**N throws."""
        assert distribution_jet(nombre).probabilities() == loi_brute(nombre).probabilities()

    @pytest.mark.parametrize("nombre", range(1, 12))
    def test_maladresse(self, nombre: int) -> None:
        """A maladresse has probability (1/6)**N, zero successes always."""
        loi = distribution_jet(nombre)
        assert loi.probability((0, True)) == Fraction(1, 6**nombre)
        assert loi.probability_where(lambda issue: issue[1]) == Fraction(1, 6**nombre)

    def test_zero_de(self) -> None:
        """RULINGS C1: 0 dice is certain failure without maladresse."""
        assert distribution_jet(0).probabilities() == {(0, False): 1}

    @pytest.mark.parametrize("nombre", [0, 1, 7, 40, MAX_DES])
    def test_marginale_et_somme(self, nombre: int) -> None:
        """Successes are the marginal of the joint law; the odds sum to 1; support 0..2N."""
        loi = distribution_reussites(nombre)
        assert sum(loi.probabilities().values()) == 1
        assert loi == distribution_jet(nombre).map(lambda issue: issue[0])
        assert set(loi) == set(range(2 * nombre + 1))
        assert loi.mean == Fraction(2, 3) * nombre

    def test_valeur_connue(self) -> None:
        """One die: 1/2 nothing, 1/3 one success, 1/6 two."""
        assert distribution_reussites(1).probabilities() == {
            0: Fraction(1, 2),
            1: Fraction(1, 3),
            2: Fraction(1, 6),
        }


# -- Nombre de dés, malus, PV, Énergie (C2, C3) --------------------------------------


class TestNombreDeDes:
    def test_somme(self) -> None:
        """Line 20: Capacité + Talent or Aptitude + Compétence, a null score and an empty pool included."""
        assert [nombre_de_des(3, 2), nombre_de_des(0, 4), nombre_de_des(0, 0)] == [5, 4, 0]

    def test_negatif_refuse(self) -> None:
        """A negative score is refused, naming it."""
        with pytest.raises(InputError) as erreur:
            nombre_de_des(3, -1)
        assert erreur.value.champ == "talent_ou_competence"


class TestDesApresMalus:
    @pytest.mark.parametrize(("des", "malus", "attendu"), [(6, 1, 5), (6, 3, 3), (2, 3, 0), (0, 0, 0)])
    def test_malus(self, des: int, malus: int, attendu: int) -> None:
        """A malus removes dice; a pool never goes below 0 dice."""
        assert des_apres_malus(des, malus) == attendu

    def test_malus_negatif_refuse(self) -> None:
        """A negative malus is refused rather than turned into a bonus."""
        with pytest.raises(InputError):
            des_apres_malus(3, -1)


class TestPointsDeVie:
    @pytest.mark.parametrize(
        ("resistance", "hargne", "attendu"),
        [
            pytest.param(0, 0, 5, id=f"{SOURCE}:22 minimum"),
            pytest.param(3, 2, 13, id=f"{SOURCE}:22 3x2+2+5"),
            pytest.param(5, 4, 19, id=f"{SOURCE}:22 5x2+4+5"),
        ],
    )
    def test_formule(self, resistance: int, hargne: int, attendu: int) -> None:
        """RULINGS C3: PV = Résistance x 2 + Hargne + 5."""
        assert points_de_vie(resistance, hargne) == attendu

    @pytest.mark.parametrize(("resistance", "hargne"), [(-1, 0), (0, "deux"), ("", 1)])
    def test_refus(self, resistance: object, hargne: object) -> None:
        """Negative, textual or empty scores are refused."""
        with pytest.raises(InputError):
            points_de_vie(resistance, hargne)


class TestEnergie:
    def test_points(self) -> None:
        """RULINGS C2 (line 24): Énergie = Hargne + Trempe + Survie."""
        assert points_d_energie(2, 3, 1) == 6

    @pytest.mark.parametrize(
        ("des", "points", "plafond", "energie", "attendu"),
        [
            pytest.param(4, 0, 3, 5, (4, 0, 5), id=f"{SOURCE}:26 rien dépensé"),
            pytest.param(4, 2, 3, 5, (6, 2, 3), id=f"{SOURCE}:26 1 point = +1 dé"),
            pytest.param(4, 3, 3, 3, (7, 3, 0), id=f"{SOURCE}:26 au plafond, tout dépensé"),
        ],
    )
    def test_depense(self, des: int, points: int, plafond: int, energie: int, attendu: tuple) -> None:
        """Each point spent adds one die and is taken from the Énergie."""
        depense = depenser_energie(des, points, plafond, energie)
        assert (depense.des, depense.points_depenses, depense.energie_restante) == attendu

    def test_au_dela_du_plafond(self) -> None:
        """RULINGS C2: no more than the Hargne or Survie cap on one roll."""
        with pytest.raises(InputError, match="Hargne ou la Survie") as erreur:
            depenser_energie(4, 4, plafond=3, energie=10)
        assert erreur.value.champ == "points"

    def test_au_dela_de_la_reserve(self) -> None:
        """No more than the points left."""
        with pytest.raises(InputError, match="ne reste que 1") as erreur:
            depenser_energie(4, 2, plafond=3, energie=1)
        assert erreur.value.champ == "points"

    def test_negatif_refuse(self) -> None:
        """Spending a negative number of points is refused."""
        with pytest.raises(InputError):
            depenser_energie(4, -1, plafond=3, energie=3)


# -- Potentiel de combat, Lancer, Bagarre ----------------------------------------------


class TestPotentiels:
    @pytest.mark.parametrize(
        ("fonction", "a", "b", "attendu"),
        [
            pytest.param(potentiel_de_combat, 3, 4, 7, id=f"{SOURCE}:31 PdC"),
            pytest.param(des_de_lancer, 2, 3, 5, id=f"{SOURCE}:33 Lancer"),
            pytest.param(des_de_bagarre, 2, 2, 4, id=f"{SOURCE}:35 Bagarre"),
        ],
    )
    def test_sommes(self, fonction, a: int, b: int, attendu: int) -> None:  # type: ignore[no-untyped-def]
        """Each pool is the sum the text gives."""
        assert fonction(a, b) == attendu

    @pytest.mark.parametrize("fonction", [potentiel_de_combat, des_de_lancer, des_de_bagarre])
    def test_refus(self, fonction) -> None:  # type: ignore[no-untyped-def]
        """Negative scores are refused."""
        with pytest.raises(InputError):
            fonction(-1, 2)

    @pytest.mark.parametrize(
        ("fonction", "message", "champ"),
        [
            (des_de_lancer, "Au plus 100 dés par jet : Force + Lancer = 101.", "lancer"),
            (des_de_bagarre, "Au plus 100 dés par jet : Hargne + Agresser = 101.", "agresser"),
            (des_de_combat_rapide, "Au plus 100 dés par jet : PdC + bonus bouclier = 101.", "bonus_bouclier"),
        ],
    )
    def test_plus_de_100_des_refuse(self, fonction, message: str, champ: str) -> None:  # type: ignore[no-untyped-def]
        """A pool of two scores above 100 dice is refused, naming the second score; 100 is accepted."""
        assert fonction(60, 40) == 100
        with pytest.raises(InputError) as erreur:
            fonction(60, 41)
        assert (erreur.value.message, erreur.value.champ) == (message, champ)


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


# -- C4: the whole pass (lancer_echange, distribution_echange) ------------------------------


def echange_brut(a: Repartition, b: Repartition) -> dict:
    """(a touche, b touche) by enumerating every face of every pool, riposte die included."""
    ordre = resoudre_initiative(a.initiative, b.initiative)
    compte: Counter = Counter()
    if ordre is Initiative.SIMULTANEE:
        pools = (a.attaque, b.defense, b.attaque, a.defense)
        for faces in product(*(list(toutes_les_faces(n)) for n in pools)):
            fa, fdb, fb, fda = faces
            compte[(succes(fa) > succes(fdb), succes(fb) > succes(fda))] += 1
        return fractions(compte, 6 ** sum(pools))
    premier, second = (a, b) if ordre is Initiative.A else (b, a)
    pools = (premier.attaque, second.defense, second.attaque, 1, premier.defense)
    for faces in product(*(list(toutes_les_faces(n)) for n in pools)):
        fp, fds, fs, bonus, fdp = faces
        premier_impact = succes(fp) - succes(fds)
        riposte = succes(fs) + (succes(bonus) if premier_impact < 0 else 0)
        touches = (premier_impact > 0, riposte > succes(fdp))
        compte[touches if ordre is Initiative.A else touches[::-1]] += 1
    return fractions(compte, 6 ** sum(pools))


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


def toutes_les_repartitions(pdc: int) -> list[Repartition]:
    """Every split of ``pdc`` dice."""
    return [Repartition(i, a, pdc - i - a) for i in range(pdc + 1) for a in range(pdc - i + 1)]


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


# -- C5: combat rapide --------------------------------------------------------------------


def lecture_combat_rapide(sa: int, sb: int, ba: int, bb: int, ra: int, rb: int) -> tuple[Vainqueur, int]:
    """Lines 58-63 with RULINGS C5, read independently."""
    if sa == sb:
        return Vainqueur.EGALITE, 0
    if sa > sb:
        return Vainqueur.A, max(0, max(0, sa - sb + ba) - rb)
    return Vainqueur.B, max(0, max(0, sb - sa + bb) - ra)


class TestCombatRapide:
    def test_des(self) -> None:
        """Line 58: PdC + shield bonus."""
        assert des_de_combat_rapide(5, 1) == 6
        assert des_de_combat_rapide(5) == 5

    @pytest.mark.parametrize(
        ("sa", "sb", "ba", "bb", "attendu"),
        [
            pytest.param(3, 1, 1, 0, (Vainqueur.A, 3), id=f"{SOURCE}:61 A gagne 3-1+1"),
            pytest.param(1, 4, 0, 2, (Vainqueur.B, 5), id=f"{SOURCE}:61 B gagne 4-1+2"),
            pytest.param(2, 2, 5, 5, (Vainqueur.EGALITE, 0), id="RULINGS C5 égalité"),
            pytest.param(2, 1, -3, 0, (Vainqueur.A, 0), id="bonus négatif, jamais sous 0"),
        ],
    )
    def test_issue(self, sa: int, sb: int, ba: int, bb: int, attendu: tuple) -> None:
        """More successes wins; the loser loses the difference + the winner's weapon bonus."""
        assert issue_combat_rapide(sa, sb, ba, bb) == attendu

    def test_resolution(self) -> None:
        """Line 63: the loser's Résistance + Protection roll reduces the loss."""
        r = resoudre_combat_rapide([6, 4], [5], [4], bonus_arme_a=1)
        assert (r.vainqueur, r.dommages, r.points_de_vie_perdus) == (Vainqueur.A, 3, 2)

    @pytest.mark.parametrize(
        ("a", "b", "ra", "rb", "ba", "bb"),
        [(1, 1, 1, 1, 0, 0), (2, 1, 1, 2, 1, 0), (1, 2, 2, 0, 0, 2), (0, 2, 1, 1, 3, -1)],
    )
    def test_contre_toutes_les_faces(self, a: int, b: int, ra: int, rb: int, ba: int, bb: int) -> None:
        """The exact law equals the enumeration of both pools and both resistance rolls."""
        compte: Counter = Counter()
        pools = (a, b, ra, rb)
        for fa, fb, fra, frb in product(*(list(toutes_les_faces(n)) for n in pools)):
            compte[lecture_combat_rapide(succes(fa), succes(fb), ba, bb, succes(fra), succes(frb))] += 1
        loi = distribution_combat_rapide(
            a, b, resistance_a=ra, resistance_b=rb, bonus_arme_a=ba, bonus_arme_b=bb
        )
        assert loi.probabilities() == fractions(compte, 6 ** sum(pools))

    def test_lancer(self) -> None:
        """Only the loser rolls resistance, and only when there is damage; every roll is possible."""
        rng = new_rng(12)
        loi = distribution_combat_rapide(3, 3, resistance_a=2, resistance_b=5, bonus_arme_a=1)
        for _ in range(300):
            r = lancer_combat_rapide(3, 3, resistance_a=2, resistance_b=5, bonus_arme_a=1, rng=rng)
            attendu = {Vainqueur.A: 5, Vainqueur.B: 2, Vainqueur.EGALITE: 0}[r.vainqueur]
            assert len(r.resistance.des) == (attendu if r.dommages > 0 else 0)
            assert loi.probability((r.vainqueur, r.points_de_vie_perdus)) > 0


# -- C7: blessure ----------------------------------------------------------------------------


def lecture_blessure(perdus: int, vie: int) -> Gravite:
    """Lines 77-83 with RULINGS C7: critique above Vie/2 (exact half), and critique wins."""
    if perdus == 0:
        return Gravite.AUCUNE
    if Fraction(perdus) > Fraction(vie, 2):
        return Gravite.CRITIQUE
    if perdus <= 2:
        return Gravite.LEGERE
    if perdus <= 4:
        return Gravite.SERIEUSE
    return Gravite.GRAVE


class TestBlessure:
    @pytest.mark.parametrize(
        ("perdus", "vie", "gravite", "malus", "minutes"),
        [
            pytest.param(0, 20, Gravite.AUCUNE, 0, None, id="0 PV perdu: aucune blessure"),
            pytest.param(1, 20, Gravite.LEGERE, 0, None, id=f"{SOURCE}:77 légère 1"),
            pytest.param(2, 20, Gravite.LEGERE, 0, None, id=f"{SOURCE}:77 légère 2"),
            pytest.param(3, 20, Gravite.SERIEUSE, 1, 60, id=f"{SOURCE}:79 sérieuse 3"),
            pytest.param(4, 20, Gravite.SERIEUSE, 1, 60, id=f"{SOURCE}:79 sérieuse 4"),
            pytest.param(5, 20, Gravite.GRAVE, 3, 10, id=f"{SOURCE}:81 grave 5"),
            pytest.param(10, 20, Gravite.GRAVE, 3, 10, id=f"{SOURCE}:81 grave à Vie/2 pile"),
            pytest.param(11, 20, Gravite.CRITIQUE, 11, 1, id=f"{SOURCE}:83 critique au-dessus de Vie/2"),
            pytest.param(7, 15, Gravite.GRAVE, 3, 10, id="Vie impaire: 7 <= 7,5"),
            pytest.param(8, 15, Gravite.CRITIQUE, 8, 1, id="Vie impaire: 8 > 7,5"),
            pytest.param(3, 6, Gravite.SERIEUSE, 1, 60, id="Vie 6: 3 = Vie/2, pas critique"),
            pytest.param(4, 6, Gravite.CRITIQUE, 4, 1, id="RULINGS C7 chevauchement: critique l'emporte"),
            pytest.param(3, 5, Gravite.CRITIQUE, 3, 1, id="Vie minimale 5: 3 PV critique"),
            pytest.param(2, 3, Gravite.CRITIQUE, 2, 1, id="critique l'emporte sur légère"),
            pytest.param(30, 20, Gravite.CRITIQUE, 30, 1, id="plus que la Vie"),
        ],
    )
    def test_table(self, perdus: int, vie: int, gravite: Gravite, malus: int, minutes: int | None) -> None:
        """RULINGS C7: each row of the wound table, with the exact Vie/2 comparison."""
        b = blessure(perdus, vie)
        assert (b.gravite, b.malus_des, b.minutes_par_point_de_vie) == (gravite, malus, minutes)

    def test_exhaustif(self) -> None:
        """Every loss 0..60 for every Vie 1..40 matches the independent reading."""
        for vie in range(1, 41):
            for perdus in range(0, 61):
                assert blessure(perdus, vie).gravite is lecture_blessure(perdus, vie)

    def test_table_des_niveaux(self) -> None:
        """The wound table holds the four levels of the text, in order."""
        assert [n.gravite for n in NIVEAUX_DE_BLESSURE] == [
            Gravite.LEGERE,
            Gravite.SERIEUSE,
            Gravite.GRAVE,
            Gravite.CRITIQUE,
        ]

    @pytest.mark.parametrize(("perdus", "vie", "champ"), [(-1, 10, "points_de_vie_perdus"), (3, 0, "vie")])
    def test_refus(self, perdus: int, vie: int, champ: str) -> None:
        """A negative loss or a Vie below 1 is refused."""
        with pytest.raises(InputError) as erreur:
            blessure(perdus, vie)
        assert erreur.value.champ == champ


# -- C8: survie --------------------------------------------------------------------------------


def lecture_survie(valeur_mh: int, milieu: int, reussites: int, resistance: int) -> tuple[int, int]:
    """Lines 88-96 with RULINGS C8: (PV lost, successes to share), share = half the rolled surplus."""
    if valeur_mh >= 0:
        return 0, 0
    total = valeur_mh + reussites + milieu
    if total >= 0:
        necessaires = max(0, -(valeur_mh + milieu))
        return 0, (reussites - necessaires) // 2
    return max(0, -total - resistance), 0


class TestSurvie:
    @pytest.mark.parametrize(
        ("hostilite", "equipement", "attendu"),
        [pytest.param(-3, 1, -2, id=f"{SOURCE}:88 MH"), pytest.param(-1, 2, 1, id=f"{SOURCE}:88 équipement")],
    )
    def test_mh(self, hostilite: int, equipement: int, attendu: int) -> None:
        """RULINGS C8: MH = hostility modifier (<= 0) + equipment modifier."""
        assert mh(hostilite, equipement) == attendu

    def test_mh_sous_moins_100_refuse(self) -> None:
        """MH stays within the modifiers' bounds: -100 is accepted, -101 refused on the equipment."""
        assert mh(-100, 0) == -100
        with pytest.raises(InputError) as erreur:
            mh(-100, -1)
        assert (erreur.value.message, erreur.value.champ) == ("MH ne descend pas sous −100.", "equipement")

    def test_consequence(self) -> None:
        """RULINGS C8: no consequence at MH >= 0 or a total >= 0; below 0, damage from the weather."""
        assert lancer_survie(1, 0, 3, 2, rng=new_rng(1)).consequence == "aucune"
        assert lancer_survie(-3, 1, 3, 2, rng=new_rng(1), des_survie=[6, 6, 4]).consequence == "aucune"
        perte = lancer_survie(-3, 0, 3, 2, rng=new_rng(1), des_survie=[1, 2, 3], des_resistance=[1, 1])
        assert (perte.total, perte.consequence, perte.points_de_vie_perdus) == (-3, "intemperies", 3)

    def test_hostilite_positive_refusee(self) -> None:
        """The hostility modifier is never positive."""
        with pytest.raises(InputError) as erreur:
            mh(1, 0)
        assert erreur.value.champ == "hostilite"

    @pytest.mark.parametrize(
        ("valeur_mh", "milieu", "des", "resistance", "total", "partage", "perdus"),
        [
            pytest.param(0, 0, [], [], None, 0, 0, id=f"{SOURCE}:90 MH = 0: pas de jet"),
            pytest.param(2, 0, [], [], None, 0, 0, id=f"{SOURCE}:90 MH > 0"),
            pytest.param(-3, 1, [6, 6, 4], [], 3, 1, 0, id=f"{SOURCE}:94 total 3: partage 1"),
            pytest.param(-2, 0, [5, 4], [], 0, 0, 0, id=f"{SOURCE}:94 total 0: aucune conséquence"),
            pytest.param(-2, 0, [6, 6, 6], [], 4, 2, 0, id=f"{SOURCE}:94 total 4: partage 2"),
            pytest.param(-4, 0, [5], [4], -3, 0, 2, id=f"{SOURCE}:96 dommages 3 - résistance 1"),
            pytest.param(-4, 0, [1], [6, 6], -4, 0, 0, id=f"{SOURCE}:96 résistance totale"),
            pytest.param(-1, 5, [6], [], 6, 1, 0, id="Milieu ne crée pas de réussite à partager"),
        ],
    )
    def test_resolution(
        self,
        valeur_mh: int,
        milieu: int,
        des: list,
        resistance: list,
        total: int | None,
        partage: int,
        perdus: int,
    ) -> None:
        """RULINGS C8: no roll at MH >= 0; total >= 0 shares half the surplus; below 0, damage."""
        s = resoudre_survie(valeur_mh, milieu, des, resistance)
        assert (s.total, s.reussites_a_partager, s.points_de_vie_perdus) == (total, partage, perdus)

    def test_exhaustif(self) -> None:
        """Every MH, Milieu, success and resistance count matches the independent reading."""
        faces_par_reussites = {0: [], 1: [4], 2: [6], 3: [6, 4], 4: [6, 6], 5: [6, 6, 4], 6: [6, 6, 6]}
        for valeur_mh in range(-8, 3):
            for milieu in range(0, 5):
                for r, des in faces_par_reussites.items():
                    for k, res in faces_par_reussites.items():
                        s = resoudre_survie(valeur_mh, milieu, des, res)
                        attendu = lecture_survie(valeur_mh, milieu, r, k)
                        assert (s.points_de_vie_perdus, s.reussites_a_partager) == attendu

    @pytest.mark.parametrize(
        ("valeur_mh", "milieu", "survie", "resistance"),
        [(-2, 0, 2, 1), (-4, 1, 3, 2), (-1, 0, 3, 0), (0, 0, 2, 2), (-3, 4, 2, 1)],
    )
    def test_distribution_contre_toutes_les_faces(
        self, valeur_mh: int, milieu: int, survie: int, resistance: int
    ) -> None:
        """The exact law equals the enumeration of every survival and resistance throw."""
        compte: Counter = Counter()
        for fs in toutes_les_faces(survie):
            for fr in toutes_les_faces(resistance):
                compte[lecture_survie(valeur_mh, milieu, succes(fs), succes(fr))] += 1
        loi = distribution_survie(valeur_mh, milieu, survie, resistance)
        assert loi.probabilities() == fractions(compte, 6 ** (survie + resistance))

    def test_lancer(self) -> None:
        """No dice at MH >= 0; Résistance only when there is damage; every result is possible."""
        assert lancer_survie(0, 0, 4, 3, rng=new_rng(1)).jet_survie.des == ()
        loi = distribution_survie(-3, 0, 2, 2)
        rng = new_rng(6)
        for _ in range(200):
            s = lancer_survie(-3, 0, 2, 2, rng=rng)
            assert len(s.jet_survie.des) == 2
            assert len(s.resistance.des) == (2 if s.dommages > 0 else 0)
            assert loi.probability((s.points_de_vie_perdus, s.reussites_a_partager)) > 0


# -- properties ----------------------------------------------------------------------------------

petit = st.integers(min_value=0, max_value=6)
bonus = st.integers(min_value=-3, max_value=3)


class TestProprietes:
    @settings(max_examples=60, deadline=None)
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

    @settings(max_examples=60, deadline=None)
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

    @settings(max_examples=60, deadline=None)
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

    @settings(max_examples=300, deadline=None)
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


# -- Dice read on the table, the laws of a whole pass, wound ranges (for the widgets) ------


class TestDesLus:
    def test_jet_lu(self) -> None:
        """Faces read on the table are resolved instead of drawn."""
        assert lancer_jet(3, rng=new_rng(1), des_lus=[1, 1, 1]) == Jet((1, 1, 1), 0, True)
        assert lancer_jet(0, rng=new_rng(1), des_lus=[]) == Jet((), 0, False)

    @pytest.mark.parametrize(
        ("nombre", "lus", "message"), [(3, [4, 5], "3 dés, et 2 dés ont"), (1, [], "0 dé a")]
    )
    def test_jet_lu_mauvais_compte(self, nombre: int, lus: list[int], message: str) -> None:
        """As many faces as dice: otherwise a French message naming the field ``des``."""
        with pytest.raises(InputError, match=message) as erreur:
            lancer_jet(nombre, rng=new_rng(1), des_lus=lus)
        assert erreur.value.champ == "des"

    def test_jet_lu_face_impossible(self) -> None:
        """A face off the d6 is refused."""
        with pytest.raises(InputError) as erreur:
            lancer_jet(1, rng=new_rng(1), des_lus=[7])
        assert erreur.value.champ == "des"

    def test_attaque_lue_egale_la_resolution(self) -> None:
        """An attack read on the table equals :func:`resoudre_attaque` of the same faces."""
        lue = lancer_attaque(
            3,
            1,
            2,
            bonus_arme=1,
            force=2,
            rng=new_rng(1),
            des_attaque=[6, 5, 2],
            des_defense=[4],
            des_resistance=[6, 1],
        )
        assert lue == resoudre_attaque([6, 5, 2], [4], [6, 1], bonus_arme=1, force=2)

    def test_attaque_melange_lus_et_tires(self) -> None:
        """Rolls not read are drawn; resistance faces are ignored when there is no damage."""
        attaque = lancer_attaque(2, 1, 3, rng=new_rng(2), des_defense=[6], des_resistance=[6, 6, 6])
        assert attaque.defense.des == (6,) and len(attaque.attaque.des) == 2
        if attaque.dommages == 0:
            assert attaque.resistance.des == ()

    @pytest.mark.parametrize("champ", ["des_attaque", "des_defense", "des_resistance"])
    def test_attaque_mauvais_compte(self, champ: str) -> None:
        """A roll read with the wrong number of dice is refused, naming its field."""
        lus = {"des_attaque": [6, 6, 6], "des_defense": [1], "des_resistance": [4]}
        lus[champ] = [4] * 5
        with pytest.raises(InputError) as erreur:
            lancer_attaque(3, 1, 1, force=3, rng=new_rng(1), **lus)
        assert erreur.value.champ == champ

    def test_echange_tout_lu(self) -> None:
        """A pass read entirely on the table: initiative A, negative impact, riposte with the extra die."""
        a = Combattant(Repartition(2, 2, 1), bonus_arme=1, force=1, resistance=2)
        b = Combattant(Repartition(1, 2, 2), bonus_arme=0, force=2, resistance=1)
        lus = {
            "des_attaque_a": [1, 4],
            "des_defense_b": [6, 2],
            "des_attaque_b": [6, 6, 5],
            "des_defense_a": [4],
            "des_resistance_a": [5, 1],
        }
        echange = lancer_echange(a, b, rng=new_rng(1), des_lus=lus)
        assert echange.initiative is Initiative.A
        assert (echange.attaque_de_a.impact, echange.attaque_de_a.dommages) == (-1, 0)
        assert echange.attaque_de_a.resistance.des == ()
        riposte = echange.attaque_de_b
        assert riposte.attaque.des == (6, 6, 5)
        assert (riposte.impact, riposte.dommages, riposte.points_de_vie_perdus) == (4, 4, 3)

    def test_echange_riposte_sans_de_en_plus(self) -> None:
        """Without a negative first impact, the riposte faces must be the attack hand only."""
        a = Combattant(Repartition(1, 1, 0))
        b = Combattant(Repartition(0, 1, 0))
        lus = {"des_attaque_a": [4], "des_attaque_b": [4, 4]}
        with pytest.raises(InputError, match="1 dé, et 2 dés") as erreur:
            lancer_echange(a, b, rng=new_rng(1), des_lus=lus)
        assert erreur.value.champ == "des_attaque_b"

    def test_echange_les_lus_du_bon_camp(self) -> None:
        """When B has the initiative, B's attack meets A's defence read for A, and A's resistance."""
        a = Combattant(Repartition(0, 1, 2), resistance=1)
        b = Combattant(Repartition(1, 3, 0), force=2)
        lus = {
            "des_attaque_b": [6, 6, 6],
            "des_defense_a": [1, 1],
            "des_resistance_a": [4],
            "des_attaque_a": [5],
        }
        echange = lancer_echange(a, b, rng=new_rng(1), des_lus=lus)
        assert echange.initiative is Initiative.B
        assert echange.attaque_de_b.points_de_vie_perdus == 6 + 0 - 2 + 2 - 1
        assert echange.attaque_de_a.attaque.des == (5,)

    @pytest.mark.parametrize(("des_lus", "champ"), [([[4]], "des_lus"), ({"des_attaque_c": [4]}, "des_lus")])
    def test_echange_lus_refuses(self, des_lus: object, champ: str) -> None:
        """Dice read must be given roll by roll, under a known name."""
        with pytest.raises(InputError) as erreur:
            lancer_echange(
                Combattant(Repartition(0, 1, 0)),
                Combattant(Repartition(0, 1, 0)),
                rng=new_rng(1),
                des_lus=des_lus,
            )
        assert erreur.value.champ == champ

    def test_combat_rapide_lu(self) -> None:
        """Quick combat read on the table equals its pure resolution; the loser's resistance is read."""
        lu = lancer_combat_rapide(
            2,
            3,
            resistance_a=2,
            bonus_arme_b=1,
            rng=new_rng(1),
            des_lus_a=[2, 4],
            des_lus_b=[6, 5, 1],
            des_lus_resistance=[4, 6],
        )
        assert lu == resoudre_combat_rapide([2, 4], [6, 5, 1], [4, 6], bonus_arme_b=1)
        assert (lu.vainqueur, lu.dommages, lu.points_de_vie_perdus) == (Vainqueur.B, 3, 0)

    def test_combat_rapide_mauvais_compte(self) -> None:
        """The loser's resistance roll must have the loser's number of dice."""
        with pytest.raises(InputError) as erreur:
            lancer_combat_rapide(
                1, 1, resistance_b=2, rng=new_rng(1), des_lus_a=[6], des_lus_b=[1], des_lus_resistance=[4]
            )
        assert erreur.value.champ == "des_resistance"

    def test_survie_lue(self) -> None:
        """Survival read on the table; faces given for a roll that is not made are not used."""
        assert lancer_survie(-2, 0, 3, 2, rng=new_rng(1), des_survie=[6, 1, 1]).reussites_a_partager == 0
        sans_jet = lancer_survie(1, 0, 3, 2, rng=new_rng(1), des_survie=[6, 1, 1], des_resistance=[4, 4])
        assert sans_jet.jet_survie.des == () and sans_jet.total is None
        with pytest.raises(InputError) as erreur:
            lancer_survie(-5, 0, 2, 2, rng=new_rng(1), des_survie=[1, 1], des_resistance=[4])
        assert erreur.value.champ == "des_resistance"


def passe_brute(a: Combattant, b: Combattant) -> dict[str, Counter]:
    """The four marginals of a pass by enumerating every face, riposte die and resistance included."""
    ordre = resoudre_initiative(a.repartition.initiative, b.repartition.initiative)
    premier, second = (b, a) if ordre is Initiative.B else (a, b)
    pools = (
        premier.repartition.attaque,
        second.des_de_defense,
        second.resistance,
        second.repartition.attaque,
        1 if ordre is not Initiative.SIMULTANEE else 0,
        premier.des_de_defense,
        premier.resistance,
    )
    lois: dict[str, Counter] = {"ip": Counter(), "pp": Counter(), "is": Counter(), "ps": Counter()}
    for faces in product(*(list(toutes_les_faces(n)) for n in pools)):
        fp, fds, frs, fs, bonus, fdp, frp = faces
        impact_1 = succes(fp) - succes(fds)
        riposte = succes(fs) + (succes(bonus) if impact_1 < 0 else 0)
        impact_2 = riposte - succes(fdp)
        lois["ip"][impact_1] += 1
        lois["ps"][lecture_dommages(impact_1, premier.bonus_arme, premier.force, succes(frs))] += 1
        lois["is"][impact_2] += 1
        lois["pp"][lecture_dommages(impact_2, second.bonus_arme, second.force, succes(frp))] += 1
    total = 6 ** sum(pools)
    if ordre is Initiative.B:
        cles = {"impact_de_a": "is", "impact_de_b": "ip", "perdus_par_a": "ps", "perdus_par_b": "pp"}
    else:
        cles = {"impact_de_a": "ip", "impact_de_b": "is", "perdus_par_a": "pp", "perdus_par_b": "ps"}
    return {nom: fractions(lois[cle], total) for nom, cle in cles.items()}


class TestDistributionPasse:
    @pytest.mark.parametrize(
        ("a", "b"),
        [
            pytest.param(
                Combattant(Repartition(1, 1, 1), bonus_arme=1, force=1, resistance=1),
                Combattant(Repartition(0, 1, 0), bonus_arme=0, force=2, resistance=1),
                id="A a l'initiative",
            ),
            pytest.param(
                Combattant(Repartition(1, 2, 0), bonus_arme=-1, force=3),
                Combattant(Repartition(1, 1, 1), bonus_arme=2, force=0, resistance=1),
                id="simultané, bonus négatif",
            ),
            pytest.param(
                Combattant(Repartition(0, 1, 3), force=2, resistance=1, esquive=1),
                Combattant(Repartition(2, 1, 0), bonus_arme=1, force=1),
                id="B a l'initiative, A esquive",
            ),
        ],
    )
    def test_contre_toutes_les_faces(self, a: Combattant, b: Combattant) -> None:
        """Each marginal of the pass equals the enumeration of every face of every roll."""
        lois = distribution_passe(a, b)
        for nom, attendu in passe_brute(a, b).items():
            assert getattr(lois, nom).probabilities() == attendu, nom

    def test_de_de_riposte(self) -> None:
        """The riposte-die chance is that of a negative first impact; 0 when both strike at once."""
        a, b = Combattant(Repartition(2, 2, 0)), Combattant(Repartition(1, 0, 3))
        lois = distribution_passe(a, b)
        assert lois.initiative is Initiative.A
        assert lois.de_de_riposte == distribution_impact(2, 3).probability_where(lambda i: i < 0)
        assert distribution_passe(b, b).de_de_riposte == 0

    def test_coherente_avec_distribution_echange(self) -> None:
        """Without resistance and with damage = impact, the chance of losing PV is the chance of being hit."""
        ra, rb = Repartition(1, 2, 1), Repartition(0, 2, 2)
        lois = distribution_passe(Combattant(ra, bonus_arme=2), Combattant(rb, bonus_arme=2))
        touches = distribution_echange(ra, rb)
        assert lois.perdus_par_b.probability_where(lambda p: p > 0) == touches.probability_where(
            lambda t: t[0]
        )
        assert lois.perdus_par_a.probability_where(lambda p: p > 0) == touches.probability_where(
            lambda t: t[1]
        )

    def test_tirage_possible(self) -> None:
        """Every rolled pass is a possible outcome of each law."""
        a = Combattant(Repartition(1, 3, 1), bonus_arme=1, force=1, resistance=2)
        b = Combattant(Repartition(0, 2, 2), force=2, resistance=1, esquive=3)
        lois = distribution_passe(a, b)
        rng = new_rng(8)
        for _ in range(200):
            echange = lancer_echange(a, b, rng=rng)
            assert lois.impact_de_a.probability(echange.attaque_de_a.impact) > 0
            assert lois.impact_de_b.probability(echange.attaque_de_b.impact) > 0
            assert lois.perdus_par_b.probability(echange.attaque_de_a.points_de_vie_perdus) > 0
            assert lois.perdus_par_a.probability(echange.attaque_de_b.points_de_vie_perdus) > 0

    def test_refus(self) -> None:
        """Anything but two combatants is refused."""
        with pytest.raises(InputError) as erreur:
            distribution_passe(Combattant(Repartition(0, 1, 0)), Repartition(0, 1, 0))  # type: ignore[arg-type]
        assert erreur.value.champ == "b"


class TestPlagesDeBlessure:
    @pytest.mark.parametrize("vie", range(1, 41))
    def test_contre_blessure(self, vie: int) -> None:
        """Each range holds exactly the losses :func:`blessure` puts in that level, critique open-ended."""
        plages = plages_de_blessure(vie)
        for niveau, premier, dernier in plages:
            fin = dernier if dernier is not None else vie + 5
            assert all(blessure(p, vie).gravite is niveau.gravite for p in range(premier, fin + 1))
        assert plages[-1][0].gravite is Gravite.CRITIQUE and plages[-1][2] is None
        assert plages[0][1] == 1
        for (_, _, dernier), (_, premier, _) in pairwise(plages):
            assert premier == dernier + 1

    def test_exemple(self) -> None:
        """Vie 15: grave from 5 to 7, critique from 8 (exact Vie/2)."""
        assert [(n.gravite, p, d) for n, p, d in plages_de_blessure(15)][2:] == [
            (Gravite.GRAVE, 5, 7),
            (Gravite.CRITIQUE, 8, None),
        ]

    @pytest.mark.parametrize("vie", [10**9, 2**31 - 1, 2**31, 10**30])
    def test_grande_vie(self, vie: int) -> None:
        """A Vie beyond a 32-bit size (Pyodide's wasm32) still gets its ranges, critique from Vie/2 + 1."""
        plages = plages_de_blessure(vie)
        assert [(n.gravite, p, d) for n, p, d in plages] == [
            (Gravite.LEGERE, 1, 2),
            (Gravite.SERIEUSE, 3, 4),
            (Gravite.GRAVE, 5, vie // 2),
            (Gravite.CRITIQUE, vie // 2 + 1, None),
        ]


class TestChanceDeLaRepartition:
    @pytest.mark.parametrize("critere", list(Critere))
    @pytest.mark.parametrize("adversaire", [Repartition(0, 1, 1), Repartition(1, 1, 0)])
    def test_le_meilleur_est_le_maximum(self, adversaire: Repartition, critere: Critere) -> None:
        """The best split's chance is the largest chance over every split, each by this function."""
        for pdc in range(4):
            chances = [chance_de_la_repartition(r, adversaire, critere) for r in toutes_les_repartitions(pdc)]
            assert max(chances) == meilleure_repartition(pdc, adversaire, critere).chance

    def test_contre_toutes_les_faces(self) -> None:
        """A split's chance equals the face-by-face enumeration of the pass."""
        a, b = Repartition(1, 1, 1), Repartition(0, 1, 1)
        brut = echange_brut(a, b)
        assert chance_de_la_repartition(a, b) == sum(p for t, p in brut.items() if t[0])
        sans = sum(p for t, p in brut.items() if t[0] and not t[1])
        assert chance_de_la_repartition(a, b, "toucher_sans_etre_touche") == sans

    @pytest.mark.parametrize(
        ("repartition", "adversaire", "critere", "champ"),
        [
            ((0, 1, 0), Repartition(0, 1, 0), "toucher", "repartition"),
            (Repartition(0, 1, 0), (0, 1, 0), "toucher", "adversaire"),
            (Repartition(0, 1, 0), Repartition(0, 1, 0), "blesser", "critere"),
        ],
    )
    def test_refus(self, repartition: object, adversaire: object, critere: object, champ: str) -> None:
        """Anything but two splits and a known criterion is refused, naming the field."""
        with pytest.raises(InputError) as erreur:
            chance_de_la_repartition(repartition, adversaire, critere)
        assert erreur.value.champ == champ


# -- Rules moved from the facade to the engine (issue 12) ------------------------------------------


@pytest.mark.parametrize(
    ("impact", "bonus", "force", "somme", "retenus"),
    [
        pytest.param(2, 1, 2, 3, 3, id=f"{SOURCE}:47 impact 2 + arme 1 − 2 + Force 2"),
        pytest.param(1, -3, 0, -4, 0, id=f"{SOURCE}:47 arme négative : somme −4, comptée 0"),
        pytest.param(3, 0, 1, 2, 2, id=f"{SOURCE}:47 impact 3 + 0 − 2 + 1"),
    ],
)
def test_la_somme_des_dommages_avant_le_plancher(
    impact: int, bonus: int, force: int, somme: int, retenus: int
) -> None:
    """Damage = impact + weapon bonus − 2 + Force; below 0 it counts 0 (C4)."""
    assert el_toto.somme_des_dommages(impact, bonus, force) == somme
    assert el_toto.dommages(impact, bonus, force) == retenus


@pytest.mark.parametrize(
    ("pdc", "initiative", "attaque", "champ", "message"),
    [
        (6, 7, 0, "initiative", "7 dés d'initiative, c'est plus que le PdC (6)."),
        (6, 2, 5, "attaque", "2 dés d'initiative et 5 dés d'attaque, c'est plus que le PdC (6)."),
    ],
)
def test_une_repartition_plus_grande_que_le_pdc_est_refusee(
    pdc: int, initiative: int, attaque: int, champ: str, message: str
) -> None:
    """The split of the PdC never exceeds it; the error names the hand that overflows (C4)."""
    with pytest.raises(InputError) as refus:
        el_toto.repartir(pdc, initiative, attaque)
    assert (refus.value.champ, refus.value.message) == (champ, message)


def test_les_des_avec_energie() -> None:
    """Each point spent adds a die, within the cap the MJ names; no cap is needed when none is spent (C2)."""
    assert el_toto.des_avec_energie(4) == el_toto.DepenseEnergie(4, 0, 0)
    assert el_toto.des_avec_energie(4, 2, 3, 5) == el_toto.DepenseEnergie(6, 2, 3)
    assert el_toto.des_avec_energie(4, 2, 3) == el_toto.DepenseEnergie(6, 2, 0)
    for args, champ, debut in [
        ((4, 1), "plafond", "Indiquez le plafond"),
        ((4, 4, 3), "points", "Au plus 3 point(s) d'Énergie"),
        ((100, 1, 1), "points", "Au plus 100 dés par jet : 100 + 1 d'Énergie = 101."),
    ]:
        with pytest.raises(InputError) as refus:
            el_toto.des_avec_energie(*args)
        assert refus.value.champ == champ and refus.value.message.startswith(debut)


@pytest.mark.parametrize(
    ("nombre", "chance"), [(0, Fraction(0)), (1, Fraction(1, 6)), (4, Fraction(1, 1296))]
)
def test_la_chance_de_maladresse(nombre: int, chance: Fraction) -> None:
    """Every die on 1, for a pool of at least one die (C1)."""
    assert el_toto.chance_de_maladresse(nombre) == chance


def test_les_lois_du_combat_rapide_par_camp() -> None:
    """One die against none, weapon +1: A wins half the time and B loses 2 (4-5) or 3 (6) PV (C5)."""
    lois = el_toto.lois_combat_rapide(1, 0, bonus_arme_a=1)
    assert lois.vainqueur == {Vainqueur.A: Fraction(1, 2), Vainqueur.B: 0, Vainqueur.EGALITE: Fraction(1, 2)}
    assert lois.perdus_par_b.probabilities() == {0: Fraction(1, 2), 2: Fraction(1, 3), 3: Fraction(1, 6)}
    assert lois.perdus_par_a.probabilities() == {0: Fraction(1)}


def test_les_lois_de_survie_par_consequence() -> None:
    """MH −1, two Survie dice, no Résistance: the PV lost and the successes to share, each on its own (C8)."""
    lois = el_toto.lois_survie(-1, 0, 2, 0)
    assert lois.points_de_vie_perdus.probabilities() == {0: Fraction(3, 4), 1: Fraction(1, 4)}
    assert lois.reussites_a_partager.probability(1) == Fraction(5, 36)


@pytest.mark.parametrize(
    ("fonction", "scores", "des"),
    [
        pytest.param(des_de_lancer, (2, 3), 5, id=f"{SOURCE}:33 Lancer : Force + Lancer"),
        pytest.param(des_de_lancer, (0, 0), 0, id=f"{SOURCE}:33 Force 0 + Lancer 0"),
        pytest.param(des_de_bagarre, (3, 2), 5, id=f"{SOURCE}:35 Bagarre : Hargne + Agresser"),
        pytest.param(des_de_bagarre, (4, 1), 5, id=f"{SOURCE}:35 Hargne 4 + Agresser 1"),
    ],
)
def test_les_reserves_de_lancer_et_de_bagarre(fonction: object, scores: tuple[int, int], des: int) -> None:
    """The Lancer and Bagarre pools are the sum of their two scores, rolled like any pool (C1)."""
    assert fonction(*scores) == des  # type: ignore[operator]


# -- C4 + C7: a fight over several passes ------------------------------------------------


class TestEnJeu:
    def test_esquive_remplace_la_defense(self) -> None:
        """The pools rolled: initiative and attack hands, the Esquive dice instead of the defence hand."""
        assert Combattant(Repartition(1, 2, 3), esquive=5).en_jeu == Repartition(1, 2, 5)
        assert Combattant(Repartition(1, 2, 3)).en_jeu == Repartition(1, 2, 3)

    def test_plus_de_100_des_refuse(self) -> None:
        """The hands and the Esquive together stay within 100 dice."""
        assert Combattant(Repartition(0, 50, 0), esquive=50).en_jeu.pdc == 100
        with pytest.raises(InputError) as erreur:
            Combattant(Repartition(0, 50, 0), esquive=51).en_jeu  # noqa: B018
        assert erreur.value.champ == "esquive"


PREMIERE_PASSE = {
    "des_attaque_b": [6, 4],
    "des_defense_a": [4, 1],
    "des_resistance_a": [1, 1, 1],
    "des_attaque_a": [6, 6, 5],
    "des_defense_b": [2, 2],
    "des_resistance_b": [4, 4],
}
"""Wu (2 initiative dice) strikes first: impact 2, Yang loses 1 PV; Yang ripostes: impact 5, Wu loses 4."""
YANG = Combattant(Repartition(1, 3, 2), bonus_arme=1, force=2, resistance=3)
WU = Combattant(Repartition(2, 2, 2), bonus_arme=0, force=1, resistance=2)


class TestCombatElToto:
    def test_deux_passes_jusqu_a_la_blessure_critique(self) -> None:
        """Two passes read on the table: PV lost add up, each hit's wound is read on the Vie (C4, C7)."""
        combat, echange = jouer_passe(CombatElToto(), YANG, WU, rng=new_rng(1), des_lus=PREMIERE_PASSE)
        # Wu strikes first: 3 - 1 = impact 2, 2 + 0 - 2 + 1 = 1 point, no resistance success: 1 PV.
        # Yang ripostes: 5 - 0 = impact 5, 5 + 1 - 2 + 2 = 6 points, 2 resistance successes: 4 PV.
        assert echange.initiative is Initiative.B and combat.passes == ((1, 4),)
        assert (combat.sante("a", 15).restants, combat.sante("b", 13).restants) == (14, 9)
        assert combat.sante("b", 13).blessure.gravite is Gravite.SERIEUSE
        seconde = {"des_attaque_b": [1, 1], "des_defense_a": [4, 1], "des_attaque_a": [6, 6, 6, 5]}
        seconde |= {"des_defense_b": [1, 2], "des_resistance_b": [5, 1]}
        combat, echange = jouer_passe(combat, YANG, WU, rng=new_rng(1), des_lus=seconde)
        # Wu: 0 - 1 = impact -1, so Yang ripostes with 3 + 1 dice: 7 - 0 = impact 7,
        # 7 + 1 - 2 + 2 = 8 points, 1 resistance success: 7 PV, more than 13 / 2: critique.
        assert (echange.attaque_de_b.impact, echange.attaque_de_a.impact) == (-1, 7)
        assert combat.passes == ((1, 4), (0, 7))
        wu = combat.sante("b", 13)
        assert (wu.perdus, wu.restants, wu.blessure.gravite, wu.blessure.malus_des) == (
            11,
            2,
            Gravite.CRITIQUE,
            7,
        )
        assert combat.sante("a", 15).blessure.gravite is Gravite.LEGERE

    def test_pire_blessure(self) -> None:
        """The worst wound of one hit is kept, a critique by the PV it lost; PV lost add up."""
        combat = CombatElToto(((0, 2), (1, 5), (0, 1)))
        sante = combat.sante("b", 15)
        assert (sante.vie, sante.perdus, sante.restants) == (15, 8, 7)
        assert (
            sante.blessure.gravite,
            sante.blessure.malus_des,
            sante.blessure.minutes_par_point_de_vie,
        ) == (
            Gravite.GRAVE,
            3,
            10,
        )
        assert combat.sante("a", 15).blessure.gravite is Gravite.LEGERE
        assert CombatElToto(((9, 0), (8, 0))).sante("a", 15).blessure.malus_des == 9
        assert CombatElToto().sante("a", 5).blessure.gravite is Gravite.AUCUNE

    @pytest.mark.parametrize("passes", [((1,),), ((1, -1),), ((1, "x"),), "12", ((0, 0),) * 1001])
    def test_etat_illisible_refuse(self, passes: object) -> None:
        """A state that is not a list of (PV lost by A, by B), or too long, is refused."""
        with pytest.raises(InputError):
            CombatElToto(passes)  # type: ignore[arg-type]

    def test_un_combat_plein_refuse_une_passe_de_plus(self) -> None:
        """A fight that already keeps MAX_PASSES passes (a long share link) refuses the next one."""
        plein = CombatElToto(((0, 0),) * el_toto.MAX_PASSES)
        with pytest.raises(InputError) as erreur:
            jouer_passe(plein, YANG, WU, rng=new_rng(1), des_lus=PREMIERE_PASSE)
        assert (erreur.value.message, erreur.value.champ) == (
            "Un combat garde au plus 1000 passes.",
            "passes",
        )
        assert plein.passes == ((0, 0),) * 1000

    def test_le_combat_doit_etre_un_combat_en_cours(self) -> None:
        """A pass is played on a fight in progress, not on its JSON: refused in French, naming it."""
        with pytest.raises(InputError) as erreur:
            jouer_passe({"passes": []}, YANG, WU, rng=new_rng(1), des_lus=PREMIERE_PASSE)  # type: ignore[arg-type]
        assert (erreur.value.message, erreur.value.champ) == (
            "« combat » doit être un combat en cours.",
            "combat",
        )

    def test_ordre_et_faces_de_la_passe(self) -> None:
        """The pass says who strikes when (1 first, 2 the riposte) and every face rolled, by roll name."""
        _, echange = jouer_passe(CombatElToto(), YANG, WU, rng=new_rng(1), des_lus=PREMIERE_PASSE)
        assert echange.rangs == {"a": 2, "b": 1}
        assert echange.faces == {
            "des_attaque_a": (6, 6, 5),
            "des_defense_b": (2, 2),
            "des_resistance_b": (4, 4),
            "des_attaque_b": (6, 4),
            "des_defense_a": (4, 1),
            "des_resistance_a": (1, 1, 1),
        }


class TestConseilsDeRepartition:
    def test_les_deux_camps_et_les_deux_criteres(self) -> None:
        """Each side's best split against the other's announced pools, and its announced split's chance."""
        conseils = conseils_de_repartition(YANG, WU)
        yang = conseils["a"]["toucher"]
        assert (yang.initiative, yang.attaque, yang.defense, yang.chance) == (0, 6, 0, Fraction(52745, 62208))
        assert yang.chance_actuelle == chance_de_la_repartition(Repartition(1, 3, 2), Repartition(2, 2, 2))
        assert (
            conseils["a"]["toucher_sans_etre_touche"].attaque,
            conseils["a"]["toucher_sans_etre_touche"].defense,
        ) == (
            3,
            3,
        )
        assert set(conseils["b"]) == {"toucher", "toucher_sans_etre_touche"}

    def test_esquive_trop_grande_nommee(self) -> None:
        """Hands and Esquive above 100 dice are refused, naming that side's Esquive."""
        with pytest.raises(InputError) as erreur:
            conseils_de_repartition(YANG, Combattant(Repartition(0, 50, 0), esquive=51))
        assert erreur.value.champ == "esquive_b"
