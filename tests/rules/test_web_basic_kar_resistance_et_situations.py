"""BaSIC — KAR, the resistance-kar and situations-kar widgets through the facade.

Worked examples cite ``shared/sources/001_b22c8e898b1294fc.txt`` by line (``l.NN``).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.rules.facade import appeler, statique
from tests.rules.test_web_formulaires import exemples
from tests.rules.web_basic_kar_commun import blocs_de, refus, textes, verifier_rejouer

# == resistance-kar ========================================================================================

RESISTANCE = {"genre": "valeurs", "actif": "11", "passif": "12", "jet": ""}


class TestResistance:
    @pytest.mark.parametrize(("jet", "reussi"), [("45", True), ("46", False), ("01", True), ("00", False)])
    def test_onze_contre_douze(self, jet: str, reussi: bool) -> None:
        """l.34-35: 11 against 12 is 45 %."""
        r = appeler("kar.resistance", {**RESISTANCE, "jet": jet})
        assert (r["chance"], r["probabilite"], r["difference"], r["reussi"], r["des_lus"]) == (
            45,
            "9/20",
            -1,
            reussi,
            True,
        )

    @pytest.mark.parametrize(("actif", "passif", "valeurs"), [("55", "60", (11, 12)), ("57", "58", (11, 12))])
    def test_competences(self, actif: str, passif: str, valeurs: tuple[int, int]) -> None:
        """B4: each skill / 5, rounded to the nearest (halves up): Persuasion 55 against 60 → 45 %."""
        r = appeler("kar.resistance", {"genre": "competences", "actif": actif, "passif": passif, "jet": "10"})
        assert ((r["valeur_active"], r["valeur_passive"]), r["chance"]) == (valeurs, 45)
        assert "divisées par 5" in " ".join(textes(r["affichage"]))

    @pytest.mark.parametrize(
        ("actif", "passif", "chance"), [("0", "10", 0), ("20", "5", 100), ("1", "30", 0)]
    )
    def test_sans_jet(self, actif: str, passif: str, chance: int) -> None:
        """B4: 0 % and 100 % need no roll; a d100 read is then not used, nor kept in the share link."""
        r = appeler("kar.resistance", {**RESISTANCE, "actif": actif, "passif": passif, "jet": "50"})
        assert (r["chance"], r["sans_jet"], r["jet"], r["reussi"]) == (chance, True, None, chance == 100)
        assert (r["des_lus"], r["rejouer"]["jet"]) == (False, "")

    def test_extrait_de_la_table(self) -> None:
        """The reader's row of the table is highlighted, at the edges too."""
        r = appeler("kar.resistance", RESISTANCE)
        table = blocs_de(r, "tableau")[0]
        assert table["lignes"][table["surligne"]] == ["−1", "45\u202f%"]
        bord = blocs_de(appeler("kar.resistance", {**RESISTANCE, "actif": "30", "passif": "1"}), "tableau")[0]
        assert bord["lignes"][bord["surligne"]] == ["+10", "100\u202f%"]

    def test_deux_valeurs_par_defaut(self) -> None:
        """Without a kind, two values are opposed."""
        assert appeler("kar.resistance", {"actif": "11", "passif": "12"})["rejouer"]["genre"] == "valeurs"

    @pytest.mark.parametrize(
        ("args", "champ"),
        [
            ({"actif": "-1"}, "actif"),
            ({"passif": "x"}, "passif"),
            ({"genre": "autre"}, "genre"),
            ({"jet": "0"}, "jet"),
        ],
    )
    def test_erreurs(self, args: dict[str, str], champ: str) -> None:
        """Bad input names its field."""
        assert refus("kar.resistance", {**RESISTANCE, **args})["champ"] == champ

    def test_rejouer(self) -> None:
        """A rolled opposition replays."""
        verifier_rejouer("kar.resistance", {"genre": "competences", "actif": "55", "passif": "60", "jet": ""})

    def test_la_table_entiere_autour_de_l_exemple(self) -> None:
        """The fallback is a whole table, eleven values around the page's example (55 against 60: 11, 12)."""
        (table,) = statique("resistance-kar", exemples()["resistance-kar"])
        assert table["entetes"][0] == "Actif \\ passif" and len(table["lignes"]) == 11
        assert table["entetes"][1] == "6" and table["lignes"][table["surligne"]][0] == "11"
        assert table["lignes"][table["surligne"]][7] == "45"  # 11 against 12


# == situations-kar ========================================================================================

SITUATION = {"score": "70", "action": "attaque"}


class TestSituation:
    @pytest.mark.parametrize(
        ("score", "cases", "seuils"),
        [
            pytest.param("70", ("adversaire_au_sol", "obscurite"), [70, 90, 15], id="l.64-65 garde: 15"),
            pytest.param("50", ("obscurite", "attaque_par_surprise"), [50, 5, 10], id="l.67 Bagarre: 10"),
            pytest.param("20", ("lutte", "obscurite", "attaque_par_surprise"), [20, 20, 40], id="l.67 Lutte"),
            pytest.param("3", ("obscurite",), [3, 3], id="le minimum 5 ne releve pas 3"),
            pytest.param("55", ("au_sol",), [55, 28], id="au sol: arrondi au superieur"),
            pytest.param("40", ("au_sol", "adversaire_au_sol"), [40, 20, 40], id="tous deux au sol"),
            ("60", (), [60]),
        ],
    )
    def test_dans_l_ordre(self, score: str, cases: tuple[str, ...], seuils: list[int]) -> None:
        """B7: ground, then darkness, then surprise, step by step."""
        r = appeler("kar.situation", {**SITUATION, "score": score, **dict.fromkeys(cases, True)})
        assert [e["seuil"] for e in r["etapes"]] == seuils and r["seuil"] == seuils[-1]
        assert r["possible"]

    def test_exemple_du_garde(self) -> None:
        """The garde at 15 %: critical 01, 15 % to succeed, the steps in French."""
        r = appeler("kar.situation", {**SITUATION, "adversaire_au_sol": True, "obscurite": True})
        assert (r["seuil_critique"], r["probabilite_reussite"]) == (1, "3/20")
        assert r["etapes"][1:] == [
            {"libelle": "Adversaire au sol\u00a0: +20", "seuil": 90},
            {"libelle": "Obscurité\u00a0: −75 (minimum 5)", "seuil": 15},
        ]
        assert blocs_de(r, "texte")[0]["texte"] == "Seuil final\u00a0: 15\u202f%."

    def test_seuil_nul(self) -> None:
        """A skill of 0: no critical range."""
        r = appeler("kar.situation", {**SITUATION, "score": "0"})
        assert blocs_de(r, "valeurs")[0]["lignes"][0] == ["Réussite critique", "—"]

    @pytest.mark.parametrize("action", ["attaque", "parade", "esquive"])
    def test_surpris(self, action: str) -> None:
        """l.55: the surprised victim can neither attack, parry nor dodge."""
        r = appeler("kar.situation", {**SITUATION, "action": action, "surpris": True})
        assert (r["possible"], r["seuil"]) == (False, 0) and "seuil_critique" not in r

    @pytest.mark.parametrize(
        ("args", "champ"),
        [
            ({"attaque_par_surprise": True, "surpris": True}, "surpris"),
            ({"action": "parade", "attaque_par_surprise": True}, "attaque_par_surprise"),
            ({"obscurite": "peut-être"}, "obscurite"),
            ({"action": "danse"}, "action"),
            ({"score": ""}, "score"),
        ],
    )
    def test_erreurs(self, args: dict[str, Any], champ: str) -> None:
        """Impossible combinations and bad fields are refused next to the field."""
        assert refus("kar.situation", {**SITUATION, **args})["champ"] == champ

    def test_cases_absentes(self) -> None:
        """Absent or empty checkboxes are unchecked; without an action, it is an attack."""
        r = appeler("kar.situation", {"score": "50", "obscurite": ""})
        assert (r["action"], r["seuil"], r["obscurite"]) == ("attaque", 50, False)
