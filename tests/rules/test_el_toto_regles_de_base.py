"""El Toto, règles de base: the dice (C1), nombre de dés, malus, PV, Énergie (C2, C3), potentiels.

Rows cite the rules text ``003_3058520c3dea6ba0.txt`` (SOURCE) by line number; RULINGS C1-C8.
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest

from rules_py.dice import new_rng
from rules_py.el_toto import (
    MAX_DES,
    Jet,
    depenser_energie,
    des_apres_malus,
    des_de_bagarre,
    des_de_combat_rapide,
    des_de_lancer,
    distribution_jet,
    distribution_reussites,
    lancer_jet,
    nombre_de_des,
    points_d_energie,
    points_de_vie,
    potentiel_de_combat,
    resoudre_jet,
    reussites_du_de,
)
from rules_py.errors import InputError
from tests.rules.el_toto_commun import SOURCE, lecture_jet, loi_brute, toutes_les_faces

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
