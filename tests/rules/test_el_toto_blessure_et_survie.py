"""El Toto, blessure (C7) and survie (C8).

Rows cite the rules text ``003_3058520c3dea6ba0.txt`` (SOURCE) by line number; RULINGS C1-C8.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from rules_py.dice import new_rng
from rules_py.el_toto import (
    NIVEAUX_DE_BLESSURE,
    Gravite,
    blessure,
    distribution_survie,
    lancer_survie,
    mh,
    resoudre_survie,
)
from rules_py.errors import InputError
from tests.rules.el_toto_commun import SOURCE, fractions, succes, toutes_les_faces

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
