"""BaSIC — KAR, 4.2 blessure grave (B6), obscurité, au sol, surprise (B7), assommer (B5).

Worked examples cite ``shared/sources/001_b22c8e898b1294fc.txt`` by line
(``l.NN``); rulings cite ``shared/design/RULINGS.md`` (B1 … B11).
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_py import basic_kar as bk
from rules_py.dice import new_rng
from rules_py.errors import InputError

# -- 4.2.1 Blessure grave (B6) ---------------------------------------------------------------------


class TestBlessureGrave:
    @pytest.mark.parametrize(
        ("pv_max", "degats", "grave"),
        [
            pytest.param(14, 8, True, id="l.63 Wu 8 > 7"),
            (14, 7, True),
            (14, 6, False),
            (13, 7, True),
            (13, 6, False),
        ],
    )
    def test_moitie_des_pv_initiaux(self, pv_max: int, degats: int, grave: bool) -> None:
        """B6: damage x 2 >= PV max."""
        assert bk.est_une_blessure_grave(pv_max, degats) is grave

    def test_exemple_de_wu(self) -> None:
        """l.62-63: 14 PV, 8 damage: 6 left, 30 %, roll 54: Wu collapses."""
        blessure = bk.resoudre_blessure_grave(14, 14, 8, 54)
        assert (blessure.pv_apres, blessure.grave, blessure.seuil, blessure.effondre) == (6, True, 30, True)

    def test_reussite_du_choc(self) -> None:
        """Roll 30 under 30: Wu stays up."""
        assert not bk.resoudre_blessure_grave(14, 14, 8, 30).effondre

    def test_pv_initiaux_pas_actuels(self) -> None:
        """B6: 4 damage at 6 PV out of 14 is not serious (half the current, not half the initial PV)."""
        blessure = bk.resoudre_blessure_grave(14, 6, 4)
        assert (blessure.grave, blessure.jet, blessure.effondre) == (False, None, False)

    def test_hors_de_combat(self) -> None:
        """New ruling: at 0 PV or less there is no shock roll; the victim is out of the fight."""
        blessure = bk.resoudre_blessure_grave(14, 5, 7)
        assert (blessure.pv_apres, blessure.hors_de_combat, blessure.jet, blessure.effondre) == (
            -2,
            True,
            None,
            True,
        )

    def test_jet_requis(self) -> None:
        """A serious wound needs the d100."""
        with pytest.raises(InputError) as erreur:
            bk.resoudre_blessure_grave(14, 14, 8)
        assert erreur.value.champ == "jet"

    @pytest.mark.parametrize(("pv_max", "pv_avant"), [(0, 0), (10, 11), (10, 0)])
    def test_pv_invalides(self, pv_max: int, pv_avant: int) -> None:
        """PV max >= 1 and 1 <= PV before the hit <= PV max."""
        with pytest.raises(InputError):
            bk.resoudre_blessure_grave(pv_max, pv_avant, 3, 50)

    @given(st.integers(1, 40), st.integers(0, 60), st.integers(0, 2**32))
    def test_lancer(self, pv_max: int, degats: int, graine: int) -> None:
        """A rolled check agrees with the resolver; a roll only when the wound is serious and PV remain."""
        blessure = bk.lancer_blessure_grave(pv_max, pv_max, degats, new_rng(graine))
        assert (blessure.jet is not None) == (blessure.grave and not blessure.hors_de_combat)
        assert blessure == bk.resoudre_blessure_grave(pv_max, pv_max, degats, blessure.jet)


class TestReprendreLeCombat:
    @pytest.mark.parametrize(("pv", "jet", "reussi"), [(6, 30, True), (6, 31, False), (20, 100, True)])
    def test_sous_pv_fois_cinq(self, pv: int, jet: int, reussi: bool) -> None:
        """B6: a later round may retry under current PV x 5 (a plain roll: 100 % cannot fail)."""
        assert bk.reprendre_le_combat(pv, jet).reussi is reussi

    def test_probabilites(self) -> None:
        """Exact chance min(1, 5 x PV / 100), 0 at 0 PV or less."""
        for pv in range(-3, 25):
            assert bk.probabilite_de_tenir(pv) == Fraction(min(100, max(0, 5 * pv)), 100)
        assert bk.seuil_de_choc(6) == 30 and bk.seuil_de_choc(-2) == 0


# -- 4.2.2 - 4.2.4 Obscurité, au sol, surprise (B7) ----------------------------------------------------


class TestSeuilEnSituation:
    @pytest.mark.parametrize(
        ("score", "options", "seuil"),
        [
            pytest.param(70, {"adversaire_au_sol": True}, 90, id="l.64 garde 70 contre Wu au sol: 90"),
            pytest.param(
                70, {"adversaire_au_sol": True, "obscurite": True}, 15, id="l.65 puis obscurite: 15"
            ),
            pytest.param(50, {"obscurite": True}, 5, id="l.67 Bagarre 50 dans le noir: 5"),
            pytest.param(50, {"obscurite": True, "attaque_par_surprise": True}, 10, id="l.67 surprise: 10"),
            pytest.param(20, {"obscurite": True, "lutte": True}, 20, id="l.67 Lutte 20 non affectee"),
            pytest.param(
                20, {"obscurite": True, "lutte": True, "attaque_par_surprise": True}, 40, id="Lutte surprise"
            ),
            pytest.param(55, {"au_sol": True}, 28, id="l.51 au sol: 55 / 2 arrondi au-dessus"),
            pytest.param(100, {"au_sol": True, "obscurite": True}, 5, id="B7 ordre: sol puis obscurite"),
            pytest.param(3, {"obscurite": True}, 3, id="minimum 5 ne releve pas un score de 3"),
            pytest.param(80, {"obscurite": True}, 5, id="80-75 = 5"),
            pytest.param(90, {"obscurite": True}, 15, id="90-75 = 15"),
            pytest.param(40, {"au_sol": True, "adversaire_au_sol": True}, 40, id="tous deux au sol"),
            (60, {}, 60),
        ],
    )
    def test_exemples_et_ordre(self, score: int, options: dict[str, bool], seuil: int) -> None:
        """B7: ground, then darkness, then surprise."""
        assert bk.seuil_en_situation(score, **options).seuil == seuil

    @pytest.mark.parametrize("action", bk.ACTIONS_DE_COMBAT)
    def test_surpris_ne_peut_rien(self, action: str) -> None:
        """l.55: the surprised victim can neither attack, parry nor dodge."""
        situation = bk.seuil_en_situation(60, action, surpris=True)
        assert (situation.possible, situation.seuil) == (False, 0)

    @pytest.mark.parametrize("action", ["parade", "esquive"])
    def test_parade_au_sol_et_dans_le_noir(self, action: str) -> None:
        """l.47, l.51: parry and dodge are halved on the ground and lowered in the dark too."""
        assert bk.seuil_en_situation(90, action, au_sol=True, obscurite=True).seuil == 5

    def test_etapes(self) -> None:
        """The steps are kept for the page, in order."""
        etapes = bk.seuil_en_situation(70, adversaire_au_sol=True, obscurite=True).etapes
        assert [valeur for _, valeur in etapes] == [70, 90, 15]
        lutte = bk.seuil_en_situation(20, lutte=True, obscurite=True).etapes
        assert lutte[-1] == ("Obscurité : sans effet sur la Lutte", 20)

    @pytest.mark.parametrize(
        ("options", "champ"),
        [
            ({"action": "parade", "attaque_par_surprise": True}, "attaque_par_surprise"),
            ({"attaque_par_surprise": True, "surpris": True}, "surpris"),
            ({"obscurite": "oui"}, "obscurite"),
            ({"action": "sortilege"}, "action"),
        ],
    )
    def test_combinaisons_refusees(self, options: dict[str, object], champ: str) -> None:
        """Surprise doubles attacks only; one cannot surprise and be surprised; flags are booleans."""
        with pytest.raises(InputError) as erreur:
            bk.seuil_en_situation(50, **options)
        assert erreur.value.champ == champ


# -- 4.2.5 Assommer (B5) ----------------------------------------------------------------------------


class TestAssommer:
    def test_exemple_du_garde(self) -> None:
        """l.67: the guard has 12 PV, takes 5: 7 left, 5 against 7 on the table: 40 %."""
        assert bk.chance_d_assommer(12, 5) == 40
        assert bk.probabilite_assommer(12, 5) == Fraction(2, 5)

    @pytest.mark.parametrize(
        ("con", "jet", "assomme", "heures", "pv_perdus", "pv_apres"),
        [
            pytest.param(11, 40, True, 10, 2, 10, id="l.59 assomme: 21-CON heures, 1/3 des degats"),
            pytest.param(11, 41, False, 0, 5, 7, id="rate: les degats restent"),
            pytest.param(25, 1, True, 1, 2, 10, id="B5 au moins 1 heure"),
            pytest.param(20, 1, True, 1, 2, 10, id="CON 20: 1 heure"),
        ],
    )
    def test_resolution(
        self, con: int, jet: int, assomme: bool, heures: int, pv_perdus: int, pv_apres: int
    ) -> None:
        """B5: out for max(1, 21 - CON) hours; on waking only ceil(damage / 3) PV lost."""
        resultat = bk.resoudre_assommer(12, 5, con, jet)
        assert (resultat.assomme, resultat.heures, resultat.pv_perdus, resultat.pv_apres) == (
            assomme,
            heures,
            pv_perdus,
            pv_apres,
        )

    @pytest.mark.parametrize(("degats", "perdus"), [(1, 1), (3, 1), (4, 2), (6, 2), (7, 3)])
    def test_tiers_arrondi_au_dessus(self, degats: int, perdus: int) -> None:
        """B5: ceil(damage / 3) PV really lost (General conventions: rounded up)."""
        assert bk.resoudre_assommer(degats + 1, degats, 10, 1).pv_perdus == perdus

    def test_sans_degats(self) -> None:
        """New ruling: a blow doing no damage cannot knock out (no roll)."""
        resultat = bk.resoudre_assommer(5, 0, 10)
        assert (resultat.chance, resultat.jet, resultat.assomme) == (0, None, False)

    def test_derniers_pv(self) -> None:
        """New ruling: a blow that takes the last PV knocks out without a roll."""
        resultat = bk.resoudre_assommer(4, 6, 10)
        assert (resultat.chance, resultat.jet, resultat.assomme, resultat.pv_perdus, resultat.pv_apres) == (
            100,
            None,
            True,
            2,
            2,
        )

    def test_jet_requis(self) -> None:
        """Between 1 and 99 % the d100 is needed."""
        with pytest.raises(InputError) as erreur:
            bk.resoudre_assommer(12, 5, 11)
        assert erreur.value.champ == "jet"

    @given(st.integers(1, 30), st.integers(0, 40), st.integers(0, 30), st.integers(0, 2**32))
    def test_lancer(self, pv: int, degats: int, con: int, graine: int) -> None:
        """A rolled knock-out agrees with the resolver and with its exact probability's support."""
        resultat = bk.lancer_assommer(pv, degats, con, new_rng(graine))
        assert resultat == bk.resoudre_assommer(pv, degats, con, resultat.jet)
        probabilite = bk.probabilite_assommer(pv, degats)
        assert probabilite == Fraction(bk.chance_d_assommer(pv, degats), 100)
        assert (probabilite > 0) if resultat.assomme else (probabilite < 1)
