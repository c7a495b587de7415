"""BaSIC — KAR, the assommer-kar and blessure-grave-kar widgets through the facade.

Worked examples cite ``shared/sources/001_b22c8e898b1294fc.txt`` by line (``l.NN``).
"""

from __future__ import annotations

import pytest

from tests.rules.facade import appeler, statique
from tests.rules.test_web_formulaires import exemples
from tests.rules.web_basic_kar_commun import (
    blocs_de,
    boutons,
    refus,
    textes,
    verifier_affichage,
    verifier_rejouer,
)

# == assommer-kar ==========================================================================================

ASSOMMER = {"pv": "12", "degats": "5", "CON": "11", "jet": ""}


class TestAssommer:
    @pytest.mark.parametrize(
        ("jet", "assomme", "heures", "perdus", "apres"),
        [("40", True, 10, 2, 10), ("41", False, 0, 5, 7)],
    )
    def test_le_garde(self, jet: str, assomme: bool, heures: int, perdus: int, apres: int) -> None:
        """l.67: 12 PV, 5 damage: 7 left, 5 against 7: 40 %; out 21 - CON hours, a third of the damage."""
        r = appeler("kar.assommer", {**ASSOMMER, "jet": jet})
        assert (r["pv_restants"], r["chance"], r["probabilite"]) == (7, 40, "2/5")
        assert (r["assomme"], r["heures"], r["pv_perdus"], r["pv_apres"]) == (assomme, heures, perdus, apres)

    def test_sans_dommages(self) -> None:
        """New ruling: no damage cannot knock out; no roll."""
        r = appeler("kar.assommer", {**ASSOMMER, "degats": "0", "jet": "50"})
        assert (r["chance"], r["sans_jet"], r["jet"], r["assomme"]) == (0, True, None, False)

    def test_derniers_pv(self) -> None:
        """New ruling: a blow taking the last PV knocks out without a roll; at least 1 hour."""
        r = appeler("kar.assommer", {"pv": "4", "degats": "6", "CON": "25", "jet": ""})
        assert (r["chance"], r["jet"], r["assomme"], r["heures"], r["pv_perdus"], r["pv_apres"]) == (
            100,
            None,
            True,
            1,
            2,
            2,
        )
        assert any("1 heure (" in t for t in textes(r["affichage"]))

    @pytest.mark.parametrize(
        ("pv", "degats", "chance", "assomme", "verdict"),
        [
            ("100", "1", 0, False, "le coup ne peut pas assommer"),
            ("30", "20", 100, True, "la victime est assommée"),
        ],
    )
    def test_hors_de_la_table(self, pv: str, degats: str, chance: int, assomme: bool, verdict: str) -> None:
        """PV left but beyond the resistance table (difference of 10 or more): no roll, the table decides."""
        r = appeler("kar.assommer", {"pv": pv, "degats": degats, "CON": "11", "jet": "50"})
        assert (r["chance"], r["sans_jet"], r["jet"], r["des_lus"], r["assomme"]) == (
            chance,
            True,
            None,
            False,
            assomme,
        )
        assert f"Hors de la table de résistance\u00a0: {verdict}, sans jet." in textes(r["affichage"])
        verifier_affichage(r)

    @pytest.mark.parametrize(
        ("args", "champ"), [({"pv": "0"}, "pv"), ({"CON": "-1"}, "CON"), ({"jet": "abc"}, "jet")]
    )
    def test_erreurs(self, args: dict[str, str], champ: str) -> None:
        """Bad input names its field (the CON field is called CON)."""
        assert refus("kar.assommer", {**ASSOMMER, **args})["champ"] == champ

    def test_rejouer(self) -> None:
        """A rolled knock-out replays."""
        verifier_rejouer("kar.assommer", ASSOMMER)

    def test_la_table_entiere_du_garde(self) -> None:
        """The fallback is a whole table for the page's victim (the garde, 12 PV), 5 damage highlighted."""
        (table,) = statique("assommer-kar", exemples()["assommer-kar"])
        assert table["lignes"][table["surligne"]] == ["5", "7", "40\u202f%", "2"]
        (autre,) = statique("assommer-kar", {"pv": 8, "degats": 9})
        assert len(autre["lignes"]) == 8 and "surligne" not in autre


# == blessure-grave-kar ====================================================================================

BLESSURE = {"pv_max": "14", "pv_avant": "14", "degats": "8", "jet": ""}


class TestBlessureGrave:
    def test_wu(self) -> None:
        """l.62-63: 14 PV, 8 damage: serious, 6 left, 30 %, roll 54: Wu collapses and may retry."""
        r = appeler("kar.blessure_grave", {**BLESSURE, "jet": "54"})
        assert (r["pv_apres"], r["grave"], r["seuil"], r["jet"], r["effondre"]) == (6, True, 30, 54, True)
        assert r["probabilite_de_tenir"] == "3/10"
        reprise = boutons(r, "Le blessé peut retenter")["Retenter au round suivant (jet sous 30)"]
        assert (reprise["op"], reprise["args"], reprise["actif"]) == (
            "kar.blessure_grave_reprise",
            {"tentative": 1},
            True,
        )

    def test_tient_le_choc(self) -> None:
        """Roll 30 under 30: Wu stays up, no retry button."""
        r = appeler("kar.blessure_grave", {**BLESSURE, "jet": "30"})
        assert not r["effondre"] and not blocs_de(r, "boutons")

    @pytest.mark.parametrize(
        ("pv_avant", "degats", "grave", "hors_de_combat"),
        [("14", "6", False, False), ("5", "7", True, True), ("6", "4", False, False)],
    )
    def test_sans_jet(self, pv_avant: str, degats: str, grave: bool, hors_de_combat: bool) -> None:
        """B6 and the new ruling: no roll under half the initial PV, nor at 0 PV or less."""
        r = appeler("kar.blessure_grave", {**BLESSURE, "pv_avant": pv_avant, "degats": degats, "jet": "50"})
        assert (r["grave"], r["hors_de_combat"], r["jet"], r["seuil"]) == (grave, hors_de_combat, None, None)

    @pytest.mark.parametrize(("jet", "reussi"), [("30", True), ("31", False)])
    def test_reprise(self, jet: str, reussi: bool) -> None:
        """B6: a later round's roll under the current PV × 5; a failure offers the next attempt."""
        r = appeler("kar.blessure_grave_reprise", {**BLESSURE, "jet_reprise": jet, "tentative": 2})
        assert (r["pv"], r["seuil"], r["reussi"], r["tentative"]) == (6, 30, reussi, 2)
        assert bool(blocs_de(r, "boutons")) is not reussi
        if not reussi:
            assert boutons(r, "Le blessé")["Retenter au round suivant (jet sous 30)"]["args"] == {
                "tentative": 3
            }

    def test_reprise_sans_echec_automatique(self) -> None:
        """New ruling: 20 PV give 100 %: even 00 succeeds (not a skill roll)."""
        r = appeler(
            "kar.blessure_grave_reprise",
            {"pv_max": "40", "pv_avant": "40", "degats": "20", "jet_reprise": "00"},
        )
        assert (r["seuil"], r["reussi"], r["tentative"]) == (100, True, 1)

    @pytest.mark.parametrize(
        ("op", "args", "champ"),
        [
            ("kar.blessure_grave", {"pv_avant": "15"}, "pv_avant"),
            ("kar.blessure_grave", {"pv_max": "0"}, "pv_max"),
            ("kar.blessure_grave", {"jet": "0"}, "jet"),
            ("kar.blessure_grave_reprise", {"degats": "14"}, "degats"),
            ("kar.blessure_grave_reprise", {"tentative": "0"}, "tentative"),
            ("kar.blessure_grave_reprise", {"jet_reprise": "101"}, "jet_reprise"),
        ],
    )
    def test_erreurs(self, op: str, args: dict[str, str], champ: str) -> None:
        """Bad input names its field."""
        assert refus(op, {**BLESSURE, "jet_reprise": "", **args})["champ"] == champ

    def test_rejouer(self) -> None:
        """Rolled checks and retries replay."""
        verifier_rejouer("kar.blessure_grave", BLESSURE)
        verifier_rejouer("kar.blessure_grave_reprise", {**BLESSURE, "jet_reprise": ""})
