"""BaSIC — KAR, the test-kar widget through the facade: a test, the jet de KAR, errors, replays.

Worked examples cite ``shared/sources/001_b22c8e898b1294fc.txt`` by line (``l.NN``).
"""

from __future__ import annotations

import random

import pytest

from tests.rules.facade import appeler
from tests.rules.web_basic_kar_commun import blocs_de, refus, textes, verifier_rejouer

# == test-kar ==============================================================================================

TEST = {"score": "45", "mode": "heroique", "kar": "60", "jet": "", "jet_kar": ""}


class TestTestKar:
    def test_renard_blanc(self) -> None:
        """l.16: 98 in a heroic campaign, then 72 under KAR 60: failed, KAR 55."""
        r = appeler("kar.test", {**TEST, "jet": "98", "jet_kar": "72"})
        assert (r["systeme"], r["resultat"], r["jet"], r["des_lus"]) == (
            "kar",
            "echec",
            98,
            {"jet": True, "jet_kar": True},
        )
        assert r["kar"] == {"kar": 60, "jet": 72, "reussi": False, "kar_apres": 55}
        assert r["jet_de_kar_requis"] and r["probabilite_perte_de_kar"] == "1/50"
        assert r["probabilites"] == {
            "reussite_critique": "3/100",
            "reussite": "21/50",
            "echec": "11/20",
            "echec_critique": "0/1",
        }
        assert "le KAR passe de 60 à 55" in " ".join(textes(r["affichage"]))
        assert r["rejouer"] == {"score": "45", "mode": "heroique", "kar": "60", "jet": "98", "jet_kar": "72"}

    @pytest.mark.parametrize(
        ("score", "mode", "jet", "resultat", "critique", "reussite"),
        [
            (55, "realiste", "03", "reussite_critique", 3, 55),
            (55, "realiste", "4", "reussite", 3, 55),
            (55, "realiste", "56", "echec", 3, 55),
            (55, "realiste", "00", "echec_critique", 3, 55),
            (150, "heroique", "96", "echec", 8, 95),
            (150, "realiste", "95", "reussite", 8, 95),
            (0, "realiste", "1", "echec", 0, 0),
            (10, "heroique", "1", "reussite_critique", 1, 10),
        ],
    )
    def test_seuils_et_resultats(
        self, score: int, mode: str, jet: str, resultat: str, critique: int, reussite: int
    ) -> None:
        """B2: critical up to ceil(skill / 20), success up to the skill, 96-100 always fail."""
        r = appeler("kar.test", {**TEST, "score": str(score), "mode": mode, "jet": jet, "jet_kar": "50"})
        assert (r["resultat"], r["seuils"]["critique"], r["seuils"]["reussite"]) == (
            resultat,
            critique,
            reussite,
        )
        assert r["score"] == score

    def test_probabilites_realiste(self) -> None:
        """55 %: 3 % critical, 52 % success, 40 % failure, 5 % maladresse; the four bars shown."""
        r = appeler("kar.test", {**TEST, "score": "55", "mode": "realiste", "kar": ""})
        assert r["probabilites"] == {
            "reussite_critique": "3/100",
            "reussite": "13/25",
            "echec": "2/5",
            "echec_critique": "1/20",
        }
        assert r["kar"] is None and r["probabilite_perte_de_kar"] is None
        barres = blocs_de(r, "barres")[0]["barres"]
        assert [b["etiquette"] for b in barres] == ["Réussite critique", "Réussite", "Échec", "Maladresse"]

    def test_heroique_sans_barre_de_maladresse(self) -> None:
        """In a heroic campaign 96-100 is a plain failure: no maladresse bar, the KAR odds instead."""
        r = appeler("kar.test", {**TEST, "jet": "20"})
        assert [b["etiquette"] for b in blocs_de(r, "barres")[0]["barres"]] == [
            "Réussite critique",
            "Réussite",
            "Échec",
        ]
        assert r["kar"] is None and not r["jet_de_kar_requis"]
        assert any("perdre du KAR" in t for t in textes(r["affichage"]))

    @pytest.mark.parametrize(
        ("kar", "jet_kar", "reussi", "apres"),
        [
            pytest.param("100", "100", True, 100, id="nouvelle regle: 96-100 ne ratent pas le jet de KAR"),
            ("60", "60", True, 60),
            ("3", "50", False, 0),
        ],
    )
    def test_jet_de_kar(self, kar: str, jet_kar: str, reussi: bool, apres: int) -> None:
        """B2: d100 <= KAR keeps it; otherwise -5, never below 0; a KAR roll has no automatic failure."""
        r = appeler("kar.test", {**TEST, "kar": kar, "jet": "97", "jet_kar": jet_kar})
        assert (r["kar"]["reussi"], r["kar"]["kar_apres"]) == (reussi, apres)

    def test_jet_de_kar_lance(self) -> None:
        """With the d100 read and the KAR roll left empty, the KAR roll is rolled."""
        r = appeler("kar.test", {**TEST, "jet": "99"})
        assert r["des_lus"] == {"jet": True, "jet_kar": False} and 1 <= r["kar"]["jet"] <= 100
        assert r["kar"]["kar_apres"] == (60 if r["kar"]["jet"] <= 60 else 55)
        assert r["rejouer"]["jet_kar"] == str(r["kar"]["jet"])

    def test_en_campagne_realiste_le_kar_ne_sert_pas(self) -> None:
        """In a realistic campaign 96-100 is a maladresse: no KAR roll, even with a KAR given."""
        r = appeler("kar.test", {**TEST, "mode": "realiste", "kar": "99", "jet": "97"})
        assert (r["resultat"], r["kar"], r["jet_de_kar_requis"]) == ("echec_critique", None, False)

    @pytest.mark.parametrize(
        ("args", "champ", "message"),
        [
            ({"score": "-1"}, "score", "au moins 0"),
            ({"score": ""}, "score", "vide"),
            ({"jet": "101"}, "jet", "de 01 à 100"),
            ({"jet": "98", "jet_kar": "0"}, "jet_kar", "de 01 à 100"),
            ({"mode": "epique"}, "mode", "Campagne\u00a0» doit être l’une de ces valeurs"),
            ({"kar": ""}, "kar", "indiquez le KAR"),
            ({"kar": "-3"}, "kar", "KAR\u00a0» doit être au moins 0"),
        ],
    )
    def test_erreurs(self, args: dict[str, str], champ: str, message: str) -> None:
        """Bad input: a French message next to the right field."""
        erreur = refus("kar.test", {**TEST, **args})
        assert erreur["champ"] == champ and message in erreur["message"]

    def test_message_en_typographie_francaise(self) -> None:
        """Error messages get the site's typography too."""
        assert "KAR\u00a0: un résultat" in refus("kar.test", {**TEST, "kar": ""})["message"]

    @pytest.mark.parametrize("mode", ["realiste", "heroique"])
    def test_rejouer(self, mode: str) -> None:
        """The replay arguments give the same result, the KAR roll included (seeds whose d100 is 96-100)."""
        graines = [g for g in range(1, 200) if random.Random(g).randint(1, 100) >= 96][:4]
        assert len(graines) == 4
        for graine in [*graines, 1, 2, 3]:
            verifier_rejouer("kar.test", {**TEST, "mode": mode}, range(graine, graine + 1))
