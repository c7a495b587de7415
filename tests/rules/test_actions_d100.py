"""Actions d100 (``004_38b3a8e25e9e92cd.txt``): table D1, tests D2, margins D3, characteristics D4."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_py import actions_d100
from rules_py.actions_d100 import (
    DIFFICULTES,
    FACES_CARACTERISTIQUE,
    Difficulte,
    jets_par_resultat,
    jets_par_resultat_de_caracteristique,
    lancer_test,
    lancer_test_de_caracteristique,
    marge_d_echec,
    marge_de_reussite,
    probabilites_test,
    probabilites_test_de_caracteristique,
    resoudre_test,
    resoudre_test_de_caracteristique,
    resultat_de_caracteristique,
    resultat_de_competence,
    seuil,
    seuil_de_caracteristique,
    trouver_difficulte,
)
from rules_py.d100 import Resultat
from rules_py.dice import new_rng
from rules_py.errors import InputError
from tests.exemples import exemples
from tests.rules.entrees import GRANDS_NOMBRES, appeler, avec_un_grand_nombre

SOURCE = "004_38b3a8e25e9e92cd.txt"
RC, R, E, EC = Resultat.REUSSITE_CRITIQUE, Resultat.REUSSITE, Resultat.ECHEC, Resultat.ECHEC_CRITIQUE


# -- an independent reading of the text, written apart from the engine -------------


def lecture_competence(cible: int, jet: int, points: bool) -> Resultat:
    """Lines 24-26 with RULINGS D2, read with string tests rather than arithmetic."""
    if jet in range(95, 101):
        return EC
    if jet == 1:
        return RC if points else R
    if jet > cible:
        return E
    return RC if str(jet).endswith("1") else R


def lecture_marges(cible: int, jet: int, reussi: bool) -> tuple[int | None, int | None]:
    """Line 22 with RULINGS D3 and the new ruling: an automatic result has margin 0."""
    if reussi:
        return (cible - jet if jet <= cible else 0), None
    return None, (jet - cible if jet > cible else 0)


# -- D1: DIFFICULTES, trouver_difficulte -------------------------------------------------

TABLE = [
    pytest.param(5, "Miraculeux", "miraculeux", "Miraculeux", -100, -15, id=f"{SOURCE}:5"),
    pytest.param(6, "Impensable", "impensable", "Impensable", -90, -14, id=f"{SOURCE}:6"),
    pytest.param(
        7, "Presque impossible", "presque_impossible", "Presque impossible", -80, -12, id=f"{SOURCE}:7"
    ),
    pytest.param(
        8,
        "Extrêmement difficile",
        "extremement_difficile",
        "Extrêmement difficile",
        -70,
        -11,
        id=f"{SOURCE}:8",
    ),
    pytest.param(9, "Très difficile", "tres_difficile", "Très difficile", -60, -9, id=f"{SOURCE}:9"),
    pytest.param(10, "Difficile", "difficile", "Difficile", -50, -8, id=f"{SOURCE}:10"),
    pytest.param(11, "Assez difficile", "assez_difficile", "Assez difficile", -40, -6, id=f"{SOURCE}:11"),
    pytest.param(12, "Plutôt difficile", "plutot_difficile", "Plutôt difficile", -30, -5, id=f"{SOURCE}:12"),
    pytest.param(
        13, "A peine difficile", "a_peine_difficile", "À peine difficile", -20, -3, id=f"{SOURCE}:13"
    ),
    pytest.param(
        14,
        "Un peu moins que moyen",
        "un_peu_moins_que_moyen",
        "Un peu moins que moyen",
        -10,
        -1,
        id=f"{SOURCE}:14",
    ),
    pytest.param(15, "Moyen", "moyen", "Moyen", 0, 0, id=f"{SOURCE}:15"),
    pytest.param(16, "A peine facile", "a_peine_facile", "À peine facile", 10, 1, id=f"{SOURCE}:16"),
    pytest.param(17, "Assez facile", "assez_facile", "Assez facile", 20, 3, id=f"{SOURCE}:17"),
    pytest.param(18, "Facile", "facile", "Facile", 30, 5, id=f"{SOURCE}:18"),
    pytest.param(19, "Très facile", "tres_facile", "Très facile", 40, 6, id=f"{SOURCE}:19"),
    pytest.param(20, "Immanquable", "immanquable", "Immanquable", 50, 8, id=f"{SOURCE}:20"),
]


class TestDifficultes:
    @pytest.mark.parametrize(("ligne", "texte", "cle", "libelle", "pourcentage", "unites"), TABLE)
    def test_ligne_de_la_table(
        self, ligne: int, texte: str, cle: str, libelle: str, pourcentage: int, unites: int
    ) -> None:
        """RULINGS D1: each row of the table, at its place, with the text's two modifiers."""
        assert DIFFICULTES[ligne - 5] == Difficulte(cle, libelle, pourcentage, unites)
        assert trouver_difficulte(texte) == DIFFICULTES[ligne - 5]

    def test_seize_niveaux_ordonnes(self) -> None:
        """Sixteen steps, hardest first, both modifiers increasing, ASCII keys unique."""
        assert len(DIFFICULTES) == 16
        assert [d.pourcentage for d in DIFFICULTES] == sorted(d.pourcentage for d in DIFFICULTES)
        assert [d.unites for d in DIFFICULTES] == sorted(d.unites for d in DIFFICULTES)
        cles = [d.cle for d in DIFFICULTES]
        assert len(set(cles)) == 16 and all(c.isascii() and c == c.lower() for c in cles)


class TestTrouverDifficulte:
    @pytest.mark.parametrize(
        ("nom", "cle"),
        [
            ("a_peine_difficile", "a_peine_difficile"),
            ("À peine difficile", "a_peine_difficile"),
            ("a peine DIFFICILE", "a_peine_difficile"),
            ("  Très-facile ", "tres_facile"),
            ("TRES FACILE", "tres_facile"),
            ("extrêmement difficile", "extremement_difficile"),
            ("plutot_difficile", "plutot_difficile"),
            ("Un peu moins que moyen", "un_peu_moins_que_moyen"),
        ],
    )
    def test_par_cle_ou_libelle(self, nom: str, cle: str) -> None:
        """Keys and labels are found whatever the accents, case and separators."""
        assert trouver_difficulte(nom).cle == cle

    def test_instance_acceptee(self) -> None:
        """A step of the table is accepted as is."""
        assert trouver_difficulte(DIFFICULTES[3]) is DIFFICULTES[3]

    @pytest.mark.parametrize("nom", ["très très facile", "", "moyenne", None, 3, Difficulte("x", "X", 0, 0)])
    def test_inconnue(self, nom: object) -> None:
        """An unknown name is refused with a French message listing every step."""
        with pytest.raises(InputError) as erreur:
            trouver_difficulte(nom)
        assert erreur.value.champ == "difficulte"
        assert "Difficulté inconnue" in erreur.value.message
        assert all(d.libelle in erreur.value.message for d in DIFFICULTES)


class TestSeuil:
    @pytest.mark.parametrize(
        ("score", "difficulte", "attendu"),
        [
            pytest.param(60, "À peine difficile", 40, id=f"{SOURCE}:25 Brugor 60-20"),
            pytest.param(60, "Facile", 90, id=f"{SOURCE}:25 Brugor 60+30"),
            pytest.param(30, "Miraculeux", -70, id=f"{SOURCE}:5 seuil négatif"),
            pytest.param(120, "Immanquable", 170, id="compétence au-delà de 100"),
        ],
    )
    def test_seuil(self, score: int, difficulte: str, attendu: int) -> None:
        """RULINGS D1: target = skill + the step's % modifier."""
        assert seuil(score, difficulte) == attendu

    @pytest.mark.parametrize("score", [-1, "soixante", None, 60.5])
    def test_score_refuse(self, score: object) -> None:
        """A negative or non-integer skill is refused."""
        with pytest.raises(InputError) as erreur:
            seuil(score, "moyen")
        assert erreur.value.champ == "score"


# -- D3: marges --------------------------------------------------------------------------


class TestMarges:
    @pytest.mark.parametrize(
        ("cible", "jet", "mr", "me"),
        [
            pytest.param(40, 31, 9, 0, id=f"{SOURCE}:22 Mr = 40-31"),
            pytest.param(40, 71, 0, 31, id=f"{SOURCE}:22 Me = 71-40"),
            pytest.param(40, 40, 0, 0, id=f"{SOURCE}:22 juste réussi"),
            pytest.param(-10, 1, 0, 11, id="01 automatique: Mr 0"),
            pytest.param(120, 97, 23, 0, id="95+ automatique: Me 0"),
        ],
    )
    def test_marges(self, cible: int, jet: int, mr: int, me: int) -> None:
        """RULINGS D3: Mr = target - roll, Me = roll - target, never negative."""
        assert (marge_de_reussite(cible, jet), marge_d_echec(cible, jet)) == (mr, me)


# -- D2: resultat_de_competence, resoudre_test --------------------------------------------


class TestResoudreTest:
    @pytest.mark.parametrize(
        ("difficulte", "jet", "resultat", "cible"),
        [
            pytest.param("À peine difficile", 71, E, 40, id=f"{SOURCE}:25 Brugor tire 71: échec"),
            pytest.param("À peine difficile", 51, E, 40, id=f"{SOURCE}:25 51: aussi raté"),
            pytest.param("À peine difficile", 41, E, 40, id=f"{SOURCE}:25 41: aussi raté"),
            pytest.param("À peine difficile", 31, RC, 40, id=f"{SOURCE}:25 31: réussite critique"),
            pytest.param("Facile", 71, RC, 90, id=f"{SOURCE}:25 Facile, 71: réussite critique"),
        ],
    )
    def test_brugor(self, difficulte: str, jet: int, resultat: Resultat, cible: int) -> None:
        """The Brugor example (crochetage 60 %) replays exactly."""
        t = resoudre_test(60, jet, difficulte)
        assert (t.seuil, t.resultat) == (cible, resultat)

    @pytest.mark.parametrize(
        ("score", "difficulte", "jet", "points", "resultat"),
        [
            pytest.param(100, "moyen", 95, True, EC, id=f"{SOURCE}:26 score 100, 95: échec critique"),
            pytest.param(200, "immanquable", 100, True, EC, id=f"{SOURCE}:26 00: échec critique"),
            pytest.param(50, "moyen", 1, False, R, id=f"{SOURCE}:26 01 sans point dépensé: réussite simple"),
            pytest.param(50, "moyen", 1, True, RC, id=f"{SOURCE}:26 01 avec point dépensé: critique"),
            pytest.param(0, "miraculeux", 1, False, R, id=f"{SOURCE}:26 01 réussit même à seuil négatif"),
            pytest.param(0, "miraculeux", 1, True, RC, id=f"{SOURCE}:26 01 critique à seuil négatif"),
            pytest.param(50, "moyen", 11, False, RC, id=f"{SOURCE}:24 11 critique sans condition de points"),
            pytest.param(50, "moyen", 91, True, E, id=f"{SOURCE}:24 91 raté: pas critique"),
            pytest.param(100, "moyen", 91, True, RC, id=f"{SOURCE}:24 91 réussi: critique"),
            pytest.param(100, "moyen", 94, True, R, id="94 réussit encore"),
            pytest.param(50, "moyen", 50, True, R, id="jet = seuil: réussite"),
        ],
    )
    def test_regles(self, score: int, difficulte: str, jet: int, points: bool, resultat: Resultat) -> None:
        """RULINGS D2: 95-100 critical failure, 01 always a success, criticals on rolls ending in 1."""
        assert resoudre_test(score, jet, difficulte, points).resultat is resultat

    def test_resultat_et_marges(self) -> None:
        """A resolved test carries its inputs, target, result and the one margin that applies."""
        t = resoudre_test(60, 31, "a_peine_difficile")
        assert (t.score, t.difficulte, t.modificateur, t.seuil, t.jet) == (
            60,
            "a_peine_difficile",
            -20,
            40,
            31,
        )
        assert (t.marge_de_reussite, t.marge_d_echec, t.reussi) == (9, None, True)
        echec = resoudre_test(60, 71, "a_peine_difficile")
        assert (echec.marge_de_reussite, echec.marge_d_echec, echec.reussi) == (None, 31, False)

    def test_lit_00(self) -> None:
        """A roll of "00" reads 100: a critical failure."""
        assert resoudre_test(60, "00", "moyen").resultat is EC

    @pytest.mark.parametrize("difficulte", [d.cle for d in DIFFICULTES])
    @pytest.mark.parametrize("points", [True, False])
    def test_exhaustif(self, difficulte: str, points: bool) -> None:
        """Every d100 result, for scores 0..200, matches the independent reading, margins included."""
        etape = trouver_difficulte(difficulte)
        for score in [*range(0, 201, 7), 95, 100, 150]:
            cible = score + etape.pourcentage
            for jet in range(1, 101):
                t = resoudre_test(score, jet, difficulte, points)
                attendu = lecture_competence(cible, jet, points)
                assert t.resultat is attendu
                assert (t.marge_de_reussite, t.marge_d_echec) == lecture_marges(cible, jet, attendu.reussi)
                assert resultat_de_competence(cible, jet, points) is attendu

    @pytest.mark.parametrize(
        ("args", "champ"),
        [
            ((60, 0, "moyen"), "jet"),
            ((60, 101, "moyen"), "jet"),
            ((60, "x", "moyen"), "jet"),
            ((-5, 50, "moyen"), "score"),
            ((60, 50, "pas une difficulté"), "difficulte"),
            ((60, 50, "moyen", 1), "points_depenses"),
            ((60, 50, "moyen", "oui"), "points_depenses"),
        ],
    )
    def test_refus(self, args: tuple, champ: str) -> None:
        """Bad rolls, scores, difficulties and flags are refused, naming the field."""
        with pytest.raises(InputError) as erreur:
            resoudre_test(*args)
        assert erreur.value.champ == champ


class TestLancerTest:
    def test_coherent(self) -> None:
        """A roll is the pure resolution of the die it drew, and reproducible."""
        rng = new_rng(3)
        for _ in range(200):
            t = lancer_test(55, "assez_facile", False, rng=rng)
            assert t == resoudre_test(55, t.jet, "assez_facile", False)
        assert lancer_test(60, "moyen", rng=new_rng(1)) == lancer_test(60, "moyen", rng=new_rng(1))

    def test_statistique(self) -> None:
        """Seeded: 40 000 rolls agree with the exact odds within 5 standard deviations."""
        rng = random.Random(2026)
        tirages = 40_000
        observes = Counter(lancer_test(60, "à peine difficile", rng=rng).resultat for _ in range(tirages))
        for resultat, p in probabilites_test(60, "à peine difficile").items():
            ecart = 5 * (float(p) * (1 - float(p)) * tirages) ** 0.5
            assert abs(observes[resultat] - float(p) * tirages) <= ecart + 1


class TestProbabilitesTest:
    def test_brugor(self) -> None:
        """Brugor at 40 %: 01, 11, 21, 31 critical; 41-94 failure; 95-100 critical failure."""
        assert probabilites_test(60, "À peine difficile") == {
            RC: Fraction(4, 100),
            R: Fraction(36, 100),
            E: Fraction(54, 100),
            EC: Fraction(6, 100),
        }

    def test_sans_point_depense(self) -> None:
        """Without a point spent, 01 moves from critical to plain success."""
        avec = probabilites_test(60, "moyen", True)
        sans = probabilites_test(60, "moyen", False)
        assert sans[RC] == avec[RC] - Fraction(1, 100)
        assert sans[R] == avec[R] + Fraction(1, 100)

    @pytest.mark.parametrize("difficulte", [d.cle for d in DIFFICULTES])
    def test_contre_la_lecture(self, difficulte: str) -> None:
        """The exact odds equal counting the independent reading over the 100 faces."""
        for score in (0, 35, 60, 99, 180):
            cible = seuil(score, difficulte)
            compte = Counter(lecture_competence(cible, jet, True) for jet in range(1, 101))
            attendu = {r: Fraction(compte[r], 100) for r in Resultat}
            assert probabilites_test(score, difficulte) == attendu

    def test_jets_par_resultat(self) -> None:
        """The rolls of each result partition 1..100, in order."""
        jets = jets_par_resultat(60, "a_peine_difficile")
        assert jets[RC] == (1, 11, 21, 31)
        assert jets[EC] == tuple(range(95, 101))
        assert sorted(j for tranche in jets.values() for j in tranche) == list(range(1, 101))
        assert jets_par_resultat(60, "moyen", False)[R][0] == 1


# -- D4: tests de caractéristique ----------------------------------------------------------


def lecture_caracteristique(cible: int, jet: int) -> Resultat:
    """RULINGS D4 and the new ruling: success iff roll <= target; no critical on the d20."""
    return R if jet <= cible else E


SEUILS_DE_CARACTERISTIQUE = [
    pytest.param(12, "difficile", 4, id=f"{SOURCE}:10 12-8"),
    pytest.param(12, "immanquable", 20, id=f"{SOURCE}:20 12+8"),
    pytest.param(3, "miraculeux", -12, id=f"{SOURCE}:5 3-15"),
    pytest.param(10, "a_peine_facile", 11, id=f"{SOURCE}:16 10+1"),
]


class TestTestDeCaracteristique:
    @pytest.mark.parametrize(("carac", "difficulte", "attendu"), SEUILS_DE_CARACTERISTIQUE)
    def test_seuil(self, carac: int, difficulte: str, attendu: int) -> None:
        """RULINGS D4: target = characteristic + the step's unit modifier."""
        assert seuil_de_caracteristique(carac, difficulte) == attendu

    @pytest.mark.parametrize(
        ("carac", "jet", "difficulte", "resultat", "mr", "me"),
        [
            pytest.param(12, 4, "difficile", R, 0, None, id="jet = seuil"),
            pytest.param(12, 5, "difficile", E, None, 1, id="jet au-dessus"),
            pytest.param(12, 1, "difficile", R, 3, None, id="1: réussite simple, pas critique"),
            pytest.param(3, 1, "miraculeux", E, None, 13, id="1 sous un seuil négatif: échec"),
            pytest.param(12, 20, "immanquable", R, 0, None, id="20 au seuil 20: réussite"),
            pytest.param(15, 20, "moyen", E, None, 5, id="20: échec simple, pas critique"),
            pytest.param(11, 11, "moyen", R, 0, None, id="11: pas de critique sur le d20"),
        ],
    )
    def test_resolution(
        self, carac: int, jet: int, difficulte: str, resultat: Resultat, mr: int | None, me: int | None
    ) -> None:
        """D4 ruling: no critical, no automatic result on the d20; margins as in D3."""
        t = resoudre_test_de_caracteristique(carac, jet, difficulte)
        assert (t.resultat, t.marge_de_reussite, t.marge_d_echec) == (resultat, mr, me)
        assert t.faces == FACES_CARACTERISTIQUE and t.reussi == resultat.reussi

    @pytest.mark.parametrize("faces", [20, 6, 10, 100])
    def test_exhaustif(self, faces: int) -> None:
        """Every face of the die, for characteristics 0..25 and every step, matches the reading."""
        for etape in DIFFICULTES:
            for carac in range(0, 26):
                cible = carac + etape.unites
                for jet in range(1, faces + 1):
                    t = resoudre_test_de_caracteristique(carac, jet, etape.cle, faces)
                    assert t.resultat is lecture_caracteristique(cible, jet)
                    assert resultat_de_caracteristique(cible, jet, faces) is t.resultat

    def test_probabilites(self) -> None:
        """Exact odds on the d20: only success and failure; a target of 4 succeeds 1 time in 5."""
        p = probabilites_test_de_caracteristique(12, "difficile")
        assert p == {RC: 0, R: Fraction(1, 5), E: Fraction(4, 5), EC: 0}
        assert probabilites_test_de_caracteristique(3, "miraculeux")[R] == 0
        assert probabilites_test_de_caracteristique(12, "immanquable")[R] == 1
        assert probabilites_test_de_caracteristique(12, "moyen", 100)[R] == Fraction(12, 100)

    def test_jets_par_resultat(self) -> None:
        """The faces of each result partition the die."""
        jets = jets_par_resultat_de_caracteristique(12, "difficile")
        assert jets == {RC: (), R: (1, 2, 3, 4), E: tuple(range(5, 21)), EC: ()}

    def test_lancer(self) -> None:
        """A d20 roll stays on the die and resolves by the pure function; the die size is a parameter."""
        rng = new_rng(4)
        for faces in (20, 12):
            for _ in range(200):
                t = lancer_test_de_caracteristique(11, "assez_facile", faces, rng=rng)
                assert 1 <= t.jet <= faces
                assert t == resoudre_test_de_caracteristique(11, t.jet, "assez_facile", faces)

    @pytest.mark.parametrize(
        ("args", "champ"),
        [
            ((12, 21, "moyen"), "jet"),
            ((12, 0, "moyen"), "jet"),
            ((12, 7, "moyen", 6), "jet"),
            ((12, 3, "moyen", 1), "faces"),
            ((12, 3, "moyen", 1001), "faces"),
            ((-1, 3, "moyen"), "caracteristique"),
            ((12, 3, "inconnue"), "difficulte"),
        ],
    )
    def test_refus(self, args: tuple, champ: str) -> None:
        """Rolls off the die, bad dice, negative characteristics and unknown steps are refused."""
        with pytest.raises(InputError) as erreur:
            resoudre_test_de_caracteristique(*args)
        assert erreur.value.champ == champ


# -- properties -------------------------------------------------------------------------------------

cles = st.sampled_from([d.cle for d in DIFFICULTES] + [d.libelle for d in DIFFICULTES])


class TestProprietes:
    @settings(max_examples=exemples(100), deadline=None)
    @given(score=st.integers(0, 300), difficulte=cles, points=st.booleans())
    def test_somme_a_un(self, score: int, difficulte: str, points: bool) -> None:
        """The four probabilities of a skill test sum to 1, and 95-100 is always 6 %."""
        p = probabilites_test(score, difficulte, points)
        assert sum(p.values()) == 1
        assert p[EC] == Fraction(6, 100)
        assert p[RC] + p[R] >= Fraction(1, 100)

    @settings(max_examples=exemples(100), deadline=None)
    @given(carac=st.integers(0, 40), difficulte=cles, faces=st.integers(2, 120))
    def test_somme_a_un_caracteristique(self, carac: int, difficulte: str, faces: int) -> None:
        """The probabilities of a characteristic test sum to 1 and have no critical."""
        p = probabilites_test_de_caracteristique(carac, difficulte, faces)
        assert sum(p.values()) == 1 and p[RC] == p[EC] == 0

    @settings(max_examples=exemples(100), deadline=None)
    @given(score=st.integers(0, 300), difficulte=cles, points=st.booleans(), graine=st.integers(0, 2**32))
    def test_tirage_possible(self, score: int, difficulte: str, points: bool, graine: int) -> None:
        """Every rolled result has a positive exact probability."""
        t = lancer_test(score, difficulte, points, rng=new_rng(graine))
        assert probabilites_test(score, difficulte, points)[t.resultat] > 0
        c = lancer_test_de_caracteristique(score % 30, difficulte, rng=new_rng(graine))
        assert probabilites_test_de_caracteristique(score % 30, difficulte)[c.resultat] > 0

    n_importe_quoi = st.one_of(
        st.integers(-(10**6), 10**6),
        st.text(max_size=8),
        st.none(),
        st.booleans(),
        st.floats(allow_nan=True),
        cles,
    )

    @settings(max_examples=exemples(300), deadline=None)
    @given(nom=st.sampled_from(sorted(actions_d100.__all__)), args=st.lists(n_importe_quoi, max_size=4))
    def test_entrees_quelconques(self, nom: str, args: list) -> None:
        """Any input to any function either works or raises a RulesError, never anything else."""
        appeler(actions_d100, nom, args)

    @pytest.mark.parametrize("grand", GRANDS_NOMBRES)
    def test_grands_nombres(self, grand: float) -> None:
        """A number past a 32- or 64-bit size anywhere (ssize_t is 32 bits in Pyodide) is refused or used."""
        for nom in sorted(actions_d100.__all__):
            for args in avec_un_grand_nombre(grand, 4):
                appeler(actions_d100, nom, args)


@pytest.mark.parametrize(
    ("score", "jet", "difficulte", "automatique", "marge"),
    [
        pytest.param(60, 71, "à peine difficile", False, ("Me", 31), id="Brugor 71 : échec, Me 31"),
        pytest.param(60, 31, "à peine difficile", False, ("Mr", 9), id="Brugor 31 : réussite critique, Mr 9"),
        pytest.param(30, 1, "difficile", True, ("Mr", 0), id="01 au-delà du seuil : réussite automatique"),
        pytest.param(100, 96, "moyen", True, ("Me", 0), id="96 sous le seuil : échec automatique"),
    ],
)
def test_le_resultat_automatique_et_sa_marge(
    score: int, jet: int, difficulte: str, automatique: bool, marge: tuple[str, int]
) -> None:
    """01 above the target and 95-100 within it are decided by the roll alone; their margin is 0 (D2, D3)."""
    test = actions_d100.resoudre_test(score, jet, difficulte)
    assert test.automatique is automatique
    assert (test.marge.type, test.marge.valeur) == marge


def test_la_marge_d_un_test_de_caracteristique() -> None:
    """Mr = threshold − roll on a success, Me = roll − threshold on a failure (D3, D4)."""
    assert actions_d100.resoudre_test_de_caracteristique(12, 9, "assez facile").marge.valeur == 6
    assert actions_d100.resoudre_test_de_caracteristique(12, 18, "assez facile").marge.type == "Me"
