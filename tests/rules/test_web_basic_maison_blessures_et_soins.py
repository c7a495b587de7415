"""Basic maison widgets through the facade: blessures and soins.

Every operation is called as the page calls it (``Moteur.appeler`` with the form's strings); rows cite the
rules text ``000_c3d369694123e7ef.txt`` (SRC) by line number, or the ruling (A1-A11) they apply.
"""

from __future__ import annotations

import pytest

from tests.rules.facade import appeler, blocs, echec, rejoue, sans_hasard, textes
from tests.rules.web_basic_maison_commun import FINE, typo

# == Blessures ==================================================================


class TestBlessure:
    @pytest.mark.parametrize(
        ("degats", "pv_apres", "etat", "jets"),
        [
            ("0", 12, "aucune", []),
            ("5", 7, "blessure_legere", []),
            ("6", 6, "blessure_grave", ["choc"]),  # A7: 6 × 2 >= 12
            ("9", 3, "agonie", ["choc", "agonie"]),
            ("12", 0, "mort", []),
        ],
    )
    def test_les_etats_de_blessure(self, degats: str, pv_apres: int, etat: str, jets: list[str]) -> None:
        """SRC lines 216-226 and A7: mort first, then damage × 2 >= current PV, then PV 1-3 agonie."""
        resultat = appeler("basic.blessure", {"pv": "12", "pv_max": "12", "con": "13", "degats": degats})
        assert (resultat["pv_apres"], resultat["etat"], [j["demande"]["nom"] for j in resultat["jets"]]) == (
            pv_apres,
            etat,
            jets,
        )
        assert resultat["mort"] is (etat == "mort")
        assert all(j["issue"] is None for j in resultat["jets"])

    def test_la_blessure_grave_avec_un_jet_lu(self) -> None:
        """SRC line 221: CON 13 × 5 = 65 %; a failure: unconscious 8 minutes, then -30 %."""
        resultat = appeler(
            "basic.blessure", {"pv": "12", "pv_max": "14", "con": "13", "degats": "7", "jet_choc": "66"}
        )
        [choc] = resultat["jets"]
        assert choc == {
            "demande": {
                "nom": "choc",
                "multiplicateur": 5,
                "cible": 65,
                "frequence": "une fois",
                "inconscience": 8,
                "unite": "minutes",
                "malus_en_cas_d_echec": -30,
            },
            "issue": {
                "jet": 66,
                "cible": 65,
                "resultat": "echec",
                "conscient": False,
                "inconscience": 8,
                "unite": "minutes",
                "malus": -30,
            },
            "probabilite_reussite": "13/20",
            "des_lus": True,
        }
        texte = textes(resultat)
        assert "perd connaissance 8 minutes, puis −30" in texte and "14 ≥ 12 PV avant le coup" in texte
        [barres] = blocs(resultat, "barres")
        assert [(b["etiquette"], b["texte"], b.get("surligne", False)) for b in barres["barres"]] == [
            ("Reste conscient", f"65{FINE}%", False),
            ("Perd connaissance", f"35{FINE}%", True),
        ]

    def test_l_agonie_lancee_puis_rejouee(self) -> None:
        """SRC line 224: CON × 3 each round (hours); both rolls rolled, then replayed from ``rejouer``."""
        args = {"pv": "12", "pv_max": "12", "con": "20", "degats": "10", "jet_choc": "", "jet_agonie": ""}
        for graine in range(5):
            resultat = appeler("basic.blessure.lancer", args, graine)
            choc, agonie = resultat["jets"]
            demande = agonie["demande"]
            assert (demande["cible"], demande["inconscience"], demande["unite"]) == (60, 1, "heures")
            assert all(1 <= j["issue"]["jet"] <= 100 and not j["des_lus"] for j in (choc, agonie))
            assert resultat["rejouer"]["jet_agonie"] == str(agonie["issue"]["jet"])
            rejoue("basic.blessure.lancer", resultat)
            assert sans_hasard(appeler("basic.blessure", resultat["rejouer"])) == sans_hasard(resultat)

    def test_tres_faible_et_jet_ignore(self) -> None:
        """New ruling: a very weak character's CON rolls are at -30 too; a roll not called for is ignored."""
        resultat = appeler(
            "basic.blessure",
            {"pv": "12", "pv_max": "12", "con": "13", "degats": "6", "affaibli": True, "jet_agonie": "5"},
        )
        [choc] = resultat["jets"]
        assert (choc["demande"]["cible"], choc["probabilite_reussite"]) == (35, "7/20")
        assert "est ignoré" in textes(resultat) and "à ces jets de CON aussi" in textes(resultat)

    def test_inconscient_au_moins_une_minute(self) -> None:
        """A7: max(1, 21 - CON)."""
        resultat = appeler("basic.blessure", {"pv": "10", "pv_max": "10", "con": "25", "degats": "5"})
        assert resultat["jets"][0]["demande"]["inconscience"] == 1 and "1 minute," in textes(resultat)

    @pytest.mark.parametrize(
        ("args", "champ", "message"),
        [
            ({"pv": "0"}, "pv", "« PV actuels » doit être au moins 1"),
            ({"pv": "13"}, "pv", "dépassent les PV maximum"),
            ({"pv_max": "0"}, "pv_max", "au moins 1"),
            ({"con": "-2"}, "con", "au moins 0"),
            ({"degats": "-2"}, "degats", "au moins 0"),
            ({"jet_choc": "0"}, "jet_choc", "01 à 100"),
        ],
    )
    def test_une_entree_invalide_nomme_le_champ(self, args: dict[str, str], champ: str, message: str) -> None:
        """Bad fields are named, in French."""
        base = {"pv": "12", "pv_max": "12", "con": "13", "degats": "7"}
        erreur = echec("basic.blessure", {**base, **args})
        assert erreur["champ"] == champ and typo(message) in erreur["message"]


# == Soins ======================================================================


class TestSoin:
    def test_le_de_lu(self) -> None:
        """SRC lines 92 and 125: Guérison 1d6; PV never above their maximum (new ruling)."""
        resultat = appeler(
            "basic.soin", {"competence": "Guérison", "pv": "10", "pv_max": "12", "con": "13", "des": "4"}
        )
        assert (resultat["points"], resultat["pv_avant"], resultat["pv_apres"], resultat["des_lus"]) == (
            4,
            10,
            12,
            True,
        )
        assert resultat["probabilites"] == {"11": "1/6", "12": "5/6"}
        assert (resultat["expression"], resultat["vitesse_de_guerison"]) == ("1d6", 3)
        assert "repos long" in textes(resultat)

    def test_lance_puis_rejoue(self) -> None:
        """Premiers secours 1d3, rolled, then replayed; the healing rate from CON (A8)."""
        for graine in range(5):
            resultat = appeler(
                "basic.soin",
                {"competence": "Premiers secours", "pv": "3", "pv_max": "12", "con": "19"},
                graine,
            )
            assert resultat["pv_apres"] == 3 + resultat["des"][0] and resultat["vitesse_de_guerison"] == 4
            assert resultat["probabilites"] == {"4": "1/3", "5": "1/3", "6": "1/3"}
            rejoue("basic.soin", resultat)

    @pytest.mark.parametrize(
        ("args", "champ", "message"),
        [
            ({"competence": "Esquive"}, "competence", "l'une de ces valeurs"),
            ({"des": "4"}, "des", "Un d3 montre une valeur de 1 à 3"),
            ({"des": "1 2"}, "des", "demande 1 dé"),
            ({"pv": "0"}, "pv", "« PV actuels » doit être au moins 1"),
            ({"pv": "13"}, "pv", "dépassent les PV maximum"),
            ({"con": "x"}, "con", "nombre entier"),
        ],
    )
    def test_une_entree_invalide_nomme_le_champ(self, args: dict[str, str], champ: str, message: str) -> None:
        """Bad fields are named, in French."""
        base = {"competence": "Premiers secours", "pv": "5", "pv_max": "12", "con": "13"}
        erreur = echec("basic.soin", {**base, **args})
        assert erreur["champ"] == champ and typo(message) in erreur["message"]
