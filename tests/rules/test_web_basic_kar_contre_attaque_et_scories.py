"""BaSIC — KAR, the contre-attaque-kar and scories-kar widgets through the facade.

Worked examples cite ``shared/sources/001_b22c8e898b1294fc.txt`` by line (``l.NN``).
"""

from __future__ import annotations

import pytest

from rules_py import basic_kar as bk
from rules_py.web.affichage import fraction
from tests.rules.facade import appeler
from tests.rules.web_basic_kar_commun import blocs_de, refus, textes, verifier_rejouer

# == contre-attaque-kar ====================================================================================

RUAN = {
    "chance_attaquant": "55",
    "competence_contre": "150",
    "jet_attaquant": "35",
    "jet_contre": "65",
    "mode": "heroique",
}


class TestContreAttaque:
    def test_ruan(self) -> None:
        """l.160: Ruan 150 % → 75, rolls 65; the guard 55 %, rolls 35: both succeed, Ruan first."""
        r = appeler("kar.contre_attaque", RUAN)
        assert (r["chance_contre"], r["resultat_attaquant"], r["resultat_contre"], r["premier"]) == (
            75,
            "reussite",
            "reussite",
            "contre_attaquant",
        )
        assert r["attaquant_touche"] and r["contre_attaquant_touche"]
        assert r["probabilites"] == {
            k: fraction(v) for k, v in bk.probabilites_contre_attaque(55, 150).items()
        }
        assert r["probabilites"]["aucun"] == "9/80"
        assert r["des_lus"] == {"attaquant": True, "contre": True}

    @pytest.mark.parametrize(
        ("args", "premier"),
        [
            ({"chance_attaquant": "56"}, "simultane"),
            ({"jet_contre": "02"}, "contre_attaquant"),
            ({"jet_attaquant": "97", "mode": "realiste"}, "contre_attaquant"),
            ({"jet_attaquant": "01"}, "attaquant"),
            ({"jet_attaquant": "90", "jet_contre": "99"}, "aucun"),
            ({"mode": "realiste"}, "contre_attaquant"),
        ],
    )
    def test_ordre(self, args: dict[str, str], premier: str) -> None:
        """B10: quality first, then 20 points of difference, else both at once."""
        assert appeler("kar.contre_attaque", {**RUAN, **args})["premier"] == premier

    @pytest.mark.parametrize(
        ("args", "champ"),
        [
            ({"chance_attaquant": "-1"}, "chance_attaquant"),
            ({"competence_contre": "x"}, "competence_contre"),
            ({"jet_contre": "101"}, "jet_contre"),
        ],
    )
    def test_erreurs(self, args: dict[str, str], champ: str) -> None:
        """Bad input names its field."""
        assert refus("kar.contre_attaque", {**RUAN, **args})["champ"] == champ

    def test_jet_sous_le_kar_apres_96_en_heroique(self) -> None:
        """001: on 96-100 « le personnage doit rouler sous son KAR » — the counter-attacker's 99, then 72
        under 60: raté, the KAR goes from 60 to 55; in a realistic campaign, no KAR roll."""
        r = appeler(
            "kar.contre_attaque", {**RUAN, "jet_contre": "99", "kar_contre": "60", "jet_kar_contre": "72"}
        )
        assert r["kar_contre"] == {"kar": 60, "jet": 72, "reussi": False, "kar_apres": 55}
        assert r["kar_attaquant"] is None and r["rejouer"]["jet_kar_contre"] == "72"
        assert (
            "Contre-attaquant\u00a0: jet sous le KAR (60)\u00a0: 72 — raté\u00a0: le KAR passe de 60 à 55."
            in ([b.get("texte") for b in r["affichage"]])
        )
        realiste = appeler("kar.contre_attaque", {**RUAN, "jet_contre": "99", "mode": "realiste"})
        assert realiste["kar_contre"] is None

    def test_rejouer(self) -> None:
        """Rolled counter-attacks replay."""
        verifier_rejouer("kar.contre_attaque", {**RUAN, "jet_attaquant": "", "jet_contre": ""})


# == scories-kar ===========================================================================================

SCORIES = {
    "kar": "25",
    "kar_initial": "60",
    "pe_initiaux": "20",
    "pv_initiaux": "12",
    "jet": "",
    "points": "10",
}


class TestScories:
    def test_renard_blanc(self) -> None:
        """l.198-199: KAR 25, roll 53: margin 28, 5 PE of 20 lost, KAR 40."""
        r = appeler("kar.scories", {**SCORIES, "jet": "53"})
        assert (r["marge"], r["bande"], r["perte_pe"], r["perte_pv"], r["gain_de_kar"], r["kar_apres"]) == (
            28,
            "21-30",
            5,
            0,
            15,
            40,
        )
        assert r["effet"].startswith("Perte de 25\u202f% des PE initiaux")
        assert r["probabilites"]["aucune"] == "1/4" and r["probabilites"]["71-80"] == "1/20"
        surligne = next(b for b in blocs_de(r, "barres")[0]["barres"] if b.get("surligne"))
        assert surligne["etiquette"] == "Marge 21–30"

    def test_plafond(self) -> None:
        """l.202: initial 50, current 5, "+50" on the table: only 45 regained."""
        r = appeler("kar.scories", {**SCORIES, "kar": "5", "kar_initial": "50", "jet": "99"})
        assert (r["bande"], r["gain_de_kar"], r["kar_apres"]) == ("91-100", 45, 50)
        assert any("+45 seulement" in t for t in textes(r["affichage"]))

    def test_sous_le_kar(self) -> None:
        """B11: at most the KAR, nothing changes."""
        r = appeler("kar.scories", {**SCORIES, "jet": "25"})
        assert (r["marge"], r["bande"], r["effet"], r["kar_apres"]) == (None, None, None, 25)

    def test_perte_de_pv(self) -> None:
        """B11: 50 % of 13 initial PV, rounded up: 7."""
        r = appeler(
            "kar.scories", {**SCORIES, "kar": "0", "kar_initial": "100", "pv_initiaux": "13", "jet": "75"}
        )
        assert (r["perte_pe"], r["perte_pv"]) == (0, 7)

    @pytest.mark.parametrize(
        ("op", "args", "champ"),
        [
            ("kar.scories", {"kar": "70"}, "kar"),
            ("kar.scories", {"kar": "x"}, "kar"),
            ("kar.scories", {"pe_initiaux": "-1"}, "pe_initiaux"),
            ("kar.scories", {"jet": "0"}, "jet"),
            ("kar.scories_annoncer", {"points": "36"}, "points"),
            ("kar.scories_annoncer", {"points": "0"}, "points"),
            ("kar.scories_annoncer", {"kar": "60"}, "points"),
            ("kar.scories_annoncer", {"kar_initial": "10"}, "kar"),
        ],
    )
    def test_erreurs(self, op: str, args: dict[str, str], champ: str) -> None:
        """Bad input names its field; an announce beyond the cap says how much is possible."""
        erreur = refus(op, {**SCORIES, **args})
        assert erreur["champ"] == champ

    def test_annonce(self) -> None:
        """l.177, l.202: n points now, an n % malus pending; at most initial − current."""
        r = appeler("kar.scories_annoncer", {**SCORIES, "kar": "5", "kar_initial": "50", "points": "45"})
        assert (r["kar_apres"], r["malus_en_attente"], r["plafond"]) == (50, 45, 45)
        assert any("−45\u202f%" in t for t in textes(r["affichage"]))
        assert (
            "On ne peut regagner que 45 points"
            in refus("kar.scories_annoncer", {**SCORIES, "kar": "5", "kar_initial": "50", "points": "50"})[
                "message"
            ]
        )

    def test_rejouer(self) -> None:
        """A rolled slag roll replays."""
        verifier_rejouer("kar.scories", SCORIES)
