"""The El Toto combat rapide and distance widgets through the facade (``Moteur.appeler``).

Exact values come from an independent reading of ``003_3058520c3dea6ba0.txt``
(every face enumerated) or from hand-worked throws; every roll is replayed from
its ``rejouer`` arguments.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.rules.facade import appeler, echec
from tests.rules.web_el_toto_commun import DISTANCE, ESPACES, RAPIDE, loi_brute, phrases, sans_alea

# -- toto.combat_rapide ------------------------------------------------------------------------


class TestCombatRapide:
    def test_a_gagne(self) -> None:
        """RULINGS C5: 5 against 2 successes, weapon +1: 4 points, 3 resistance successes, B loses 1 PV."""
        r = appeler(
            "toto.combat_rapide",
            {**RAPIDE, "des_a": "6 6 4 1 1 1", "des_b": "5 4 2 2 2 2", "des_resistance": "6 4"},
        )
        assert (
            r["vainqueur"],
            r["perdant"],
            r["dommages"],
            r["reussites_resistance"],
            r["points_de_vie_perdus"],
        ) == ("a", "b", 4, 3, 1)
        assert (
            "A remporte la passe (5 réussites contre 2) : 4 points, moins 3 réussites de "
            "Résistance + Protection : B perd 1 PV." in phrases(r)
        )

    def test_b_gagne_et_egalite(self) -> None:
        """B wins with its own weapon bonus; a tie does nothing and calls for no resistance."""
        r = appeler(
            "toto.combat_rapide",
            {**RAPIDE, "des_a": "1 1 1 1 1 4", "des_b": "6 6 1 1 1 1", "des_resistance": "1 1 1"},
        )
        assert (r["vainqueur"], r["perdant"], r["dommages"], r["points_de_vie_perdus"]) == ("b", "a", 3, 3)
        egal = appeler("toto.combat_rapide", {**RAPIDE, "des_a": "4 1 1 1 1 1", "des_b": "5 1 1 1 1 1"})
        assert (egal["vainqueur"], egal["perdant"], egal["dommages"], egal["des_resistance"]) == (
            "egalite",
            None,
            0,
            [],
        )
        assert "Égalité (1 réussite de chaque côté) : il ne se passe rien." in phrases(egal)

    def test_bonus_negatif(self) -> None:
        """A negative weapon bonus can leave nothing to lose: no resistance roll."""
        args = {
            **RAPIDE,
            "bonus_arme_a": "-3",
            "des_a": "5 5 1 1 1 1",
            "des_b": "1 1 1 1 1 1",
            "des_resistance": "6 6",
        }
        r = appeler("toto.combat_rapide", args)
        assert (r["vainqueur"], r["dommages"], r["des_resistance"]) == ("a", 0, [])
        assert "mais son arme ne fait perdre aucun PV" in phrases(r)

    def test_lois_exactes(self) -> None:
        """One die against none: A wins half the time and B loses the die's successes."""
        args = {
            **RAPIDE,
            "pdc_a": "1",
            "bouclier_a": "0",
            "bonus_arme_a": "0",
            "pdc_b": "0",
            "bouclier_b": "0",
            "resistance_b": "0",
        }
        r = appeler("toto.combat_rapide", args)
        assert r["probabilites"]["vainqueur"] == {"a": "1/2", "b": "0/1", "egalite": "1/2"}
        assert r["probabilites"]["perdus_par_b"] == {"0": "1/2", "1": "1/3", "2": "1/6"}
        assert r["probabilites"]["perdus_par_a"] == {"0": "1/1"}

    def test_lancer_et_rejouer(self) -> None:
        """A rolled exchange replays exactly from ``rejouer``."""
        for graine in range(6):
            r = appeler("toto.combat_rapide", RAPIDE, graine=graine)
            assert len(r["des_a"]) == 6 and len(r["des_b"]) == 6
            assert sans_alea(appeler("toto.combat_rapide", r["rejouer"], graine=50)) == sans_alea(r)

    @pytest.mark.parametrize(
        ("args", "champ"),
        [
            ({"bouclier_a": "100"}, "bouclier_a"),
            ({"pdc_b": "-2"}, "pdc_b"),
            ({"des_a": "6 6", "des_b": "1 1 1 1 1 1", "des_resistance": "4"}, "des_a"),
            ({"des_a": "6 6 6 6 6 6", "des_b": "1 1 1 1 1 1", "des_resistance": "4"}, "des_resistance"),
        ],
    )
    def test_une_entree_invalide_nomme_le_champ(self, args: dict[str, str], champ: str) -> None:
        """Bad input is refused next to its field."""
        assert echec("toto.combat_rapide", {**RAPIDE, **args})["champ"] == champ


# -- toto.distance -----------------------------------------------------------------------------


class TestDistance:
    def test_cible_non_prevenue(self) -> None:
        """RULINGS C6: unopposed, impact = the PdC successes; damage as in C4."""
        args = {**DISTANCE, "prevenu": False, "des_attaque": "6 6 5 1 1", "des_resistance": "4 1 1"}
        r = appeler("toto.distance", args)
        assert (r["impact"], r["dommages"], r["reussites_resistance"], r["points_de_vie_perdus"]) == (
            5,
            4,
            1,
            3,
        )
        assert r["des_defense"] == [] and r["probabilites"]["impact"] == loi_brute(5)
        assert "Cible non prévenue : jet sans opposition. Impact 5 : dommages 5 + 1 − 2 + 0 = 4" in phrases(r)

    def test_cible_prevenue(self) -> None:
        """RULINGS C6: an aware target's Agilité + Esquiver successes are taken off."""
        args = {**DISTANCE, "prevenu": True, "des_attaque": "4 4 2 2 2", "des_defense": "6 4 1"}
        r = appeler("toto.distance", args)
        assert (r["impact"], r["dommages"]) == (-1, 0)
        assert "Impact −1 : le tir ne porte pas." in phrases(r)

    def test_esquive_vide(self) -> None:
        """An empty Agilité + Esquiver counts 0 dice: the aware target rolls nothing."""
        r = appeler("toto.distance", {**DISTANCE, "esquive": "", "des_attaque": "4 1 1 1 1"})
        assert (r["des_defense"], r["impact"], r["rejouer"]["esquive"]) == ([], 1, "")

    @pytest.mark.parametrize(
        ("valeur", "attendu"), [("false", False), ("on", True), ("", False), ("oui", True)]
    )
    def test_case_en_texte(self, valeur: object, attendu: bool) -> None:
        """The box also reads from text (a shared link): empty is unchecked."""
        args = {**DISTANCE, "prevenu": valeur, "des_attaque": "1 1 1 1 1"}
        if attendu:
            args["des_defense"] = "1 1 1"
        assert appeler("toto.distance", args)["prevenu"] is attendu

    def test_lancer_et_rejouer(self) -> None:
        """A rolled shot replays exactly from ``rejouer``."""
        for graine in range(6):
            r = appeler("toto.distance", DISTANCE, graine=graine)
            assert sans_alea(appeler("toto.distance", r["rejouer"], graine=50)) == sans_alea(r)

    @pytest.mark.parametrize(
        ("args", "champ", "message"),
        [
            (
                {"prevenu": False, "des_defense": "4"},
                "des_defense",
                "La cible n’est pas prévenue : elle ne lance pas d’esquive.",
            ),
            ({"prevenu": "peut-être"}, "prevenu", "« La cible est prévenue » se coche ou se décoche."),
            ({"prevenu": 3}, "prevenu", "se coche ou se décoche"),
            ({"esquive": "-1"}, "esquive", "« Cible : Agilité + Esquiver » doit être au moins 0"),
        ],
    )
    def test_une_entree_invalide_nomme_le_champ(self, args: dict[str, Any], champ: str, message: str) -> None:
        """Bad input: a French message next to the field."""
        refus = echec("toto.distance", {**DISTANCE, **args})
        assert refus["champ"] == champ
        assert message in refus["message"].translate(ESPACES)
