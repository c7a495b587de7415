"""BaSIC — KAR widgets through the facade: exact results, the source's examples, errors, replays, fallbacks.

Every operation is called as the page calls it, through ``Moteur(seed).appeler``
with the strings a form sends. Worked examples cite
``shared/sources/001_b22c8e898b1294fc.txt`` by line (``l.NN``).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from rules_py import basic_kar as bk
from rules_py import combat_heroique as ch
from rules_py.web import WIDGETS, Moteur
from rules_py.web import combat_heroique as web_ch
from rules_py.web.affichage import fraction
from rules_py.web.outil import OUTILS
from rules_py.web.typographie import typographie
from tests.rules import facade
from tests.rules.facade import appeler, blocs, echec, rejoue, statique
from tests.rules.test_web_formulaires import exemples

KAR_WIDGETS = (
    "test-kar",
    "resistance-kar",
    "situations-kar",
    "assommer-kar",
    "blessure-grave-kar",
    "coup-critique-kar",
    "contre-attaque-kar",
    "scories-kar",
    "combat-heroique",
)


def typographie_francaise(texte: str) -> list[str]:
    """The page test's typography rules broken by ``texte`` (tests/site/test_pages_basic_kar.py)."""
    fautes = []
    if texte.count("%") != texte.count("\u202f%"):
        fautes.append("espace fine avant %")
    fautes += [f"espace fine avant {s}" for s in ";!?" if texte.count(s) != texte.count("\u202f" + s)]
    if " :" in texte:
        fautes.append("espace insécable avant :")
    if "'" in texte:
        fautes.append("apostrophe ’")
    if re.search(r"(?<![\w.])-\d", texte):
        fautes.append("signe moins −")
    if re.search(r"(?<![\dA-Za-z])[dD]\d", texte):
        fautes.append("1d100, pas d100")
    return fautes


def verifier_affichage(resultat: dict[str, Any]) -> None:
    """Display blocks are clean French typography."""
    for texte in facade.textes(resultat).split(" | "):
        assert not typographie_francaise(texte), (texte, typographie_francaise(texte))


def verifier_rejouer(op: str, args: dict[str, Any], graines: range = range(1, 6)) -> None:
    """For each seed, a result in clean typography whose share link replays it with any generator."""
    for graine in graines:
        resultat = appeler(op, args, graine)
        verifier_affichage(resultat)
        rejoue(op, resultat)


def boutons(resultat: dict[str, Any], legende: str) -> dict[str, dict[str, Any]]:
    """The buttons of the block whose legend starts with ``legende``, by label."""
    bloc = next(b for b in blocs(resultat, "boutons") if b.get("legende", "").startswith(legende))
    return {b["libelle"]: b for b in bloc["boutons"]}


# == test-kar ==============================================================================================

TEST = {"score": "45", "mode": "heroique", "kar": "60", "jet": "", "jet_kar": ""}


class TestTestKar:
    def test_renard_blanc(self) -> None:
        """l.16: 98 in a heroic campaign, then 72 under KAR 60: failed, KAR 55."""
        r = appeler("kar.test", {**TEST, "jet": "98", "jet_kar": "72"})
        assert (r["systeme"], r["resultat"], r["jet"], r["des_lus"]) == ("kar", "echec", 98, True)
        assert r["kar"] == {"avant": 60, "jet": 72, "reussi": False, "apres": 55, "des_lus": True}
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
        assert (r["resultat"], r["seuil_critique"], r["seuil_reussite"]) == (resultat, critique, reussite)
        assert r["score_effectif"] == score

    def test_probabilites_realiste(self) -> None:
        """55 %: 3 % critical, 52 % success, 40 % failure, 5 % maladresse; the four bars shown."""
        r = appeler("kar.test", {**TEST, "score": "55", "mode": "realiste", "kar": ""})
        assert r["probabilites"] == {
            "reussite_critique": "3/100",
            "reussite": "13/25",
            "echec": "2/5",
            "echec_critique": "1/20",
        }
        assert r["kar"] is None and "probabilite_perte_de_kar" not in r
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
        assert (r["kar"]["reussi"], r["kar"]["apres"]) == (reussi, apres)

    def test_jet_de_kar_lance(self) -> None:
        """With the d100 read and the KAR roll left empty, the KAR roll is rolled."""
        r = appeler("kar.test", {**TEST, "jet": "99"})
        assert r["kar"]["des_lus"] is False and 1 <= r["kar"]["jet"] <= 100
        assert r["kar"]["apres"] == (60 if r["kar"]["jet"] <= 60 else 55)
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
        assert appeler("kar.resistance", {"actif": "11", "passif": "12"})["genre"] == "valeurs"

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


# == coup-critique-kar =====================================================================================

CIMETERRE = {
    "attaque": "reussite_critique",
    "score_attaque": "60",
    "jet_attaque": "",
    "defense": "aucune",
    "score_defense": "50",
    "jet_defense": "",
    "mode": "heroique",
    "combat_heroique": False,
    "arme": "1d8+1",
    "bonus": "1d3",
    "armure": "4",
    "tranchante": True,
    "des_arme": "5",
    "des_bonus": "2",
}


class TestCoup:
    def test_cimeterre(self) -> None:
        """l.24-25: critical, scimitar 1d8+1 and +1d3, d8 = 5 and d3 = 2: 14, armour ignored."""
        r = appeler("kar.coup", CIMETERRE)
        assert (r["issue"], r["degats"], r["armure_ignoree"], r["total_arme"], r["total_bonus"]) == (
            "critique",
            14,
            True,
            6,
            2,
        )
        assert (r["des_arme"], r["des_bonus"], r["des_lus"], r["defense"]) == ([5], [2], True, None)
        assert r["distribution"]["14"] == "1/24" and len(r["distribution"]) == 17
        assert any("[5] + 1 = 6" in t and "= 14" in t for t in textes(r["affichage"]))

    def test_cimeterre_par_le_jet(self) -> None:
        """l.24: a 03 at 60 % is critical; the odds of each issue come with it."""
        r = appeler("kar.coup", {**CIMETERRE, "attaque": "jet", "jet_attaque": "03"})
        assert (r["attaque"], r["issue"], r["degats"]) == (
            {"resultat": "reussite_critique", "score": 60, "jet": 3, "des_lus": True},
            "critique",
            14,
        )
        assert r["probabilites_issues"] == {
            "ratee": "2/5",
            "bloquee": "0/1",
            "normale": "57/100",
            "critique": "3/100",
            "riposte": "0/1",
        }

    @pytest.mark.parametrize(
        ("args", "issue", "degats", "ignoree"),
        [
            pytest.param({"defense": "reussite"}, "normale", 4, False, id="B3 defense reussie: 6 + 2 - 4"),
            pytest.param({"tranchante": False}, "critique", 10, False, id="contondante: 12 + 2 - 4"),
            pytest.param(
                {"defense": "reussite_critique"}, "bloquee", 0, False, id="defense critique: bloquee"
            ),
            pytest.param({"attaque": "reussite", "armure": "10"}, "normale", 0, False, id="jamais sous 0"),
            pytest.param({"attaque": "echec"}, "ratee", 0, False, id="ratee"),
        ],
    )
    def test_issues(self, args: dict[str, Any], issue: str, degats: int, ignoree: bool) -> None:
        """B3: every defence against the scimitar's blow, with the same dice."""
        r = appeler("kar.coup", {**CIMETERRE, **args})
        assert (r["issue"], r["degats"], r["armure_ignoree"]) == (issue, degats, ignoree)
        if issue in ("bloquee", "ratee"):
            assert (r["des_arme"], r["des_bonus"], "distribution" not in r) == ([], [], True)

    @pytest.mark.parametrize(("heroique", "riposte"), [(True, True), (False, False)])
    def test_riposte(self, heroique: bool, riposte: bool) -> None:
        """B3: a critical defence against a normal hit blocks it and, in heroic combat, gives a riposte."""
        r = appeler(
            "kar.coup",
            {**CIMETERRE, "attaque": "reussite", "defense": "reussite_critique", "combat_heroique": heroique},
        )
        assert (r["issue"], r["riposte"]) == ("bloquee", riposte)
        assert any("riposte possible" in t for t in textes(r["affichage"])) is riposte

    def test_deux_jets(self) -> None:
        """Both sides rolled: the odds of each issue over the 10 000 pairs, from the engine."""
        r = appeler(
            "kar.coup",
            {
                **CIMETERRE,
                "attaque": "jet",
                "jet_attaque": "10",
                "defense": "jet",
                "jet_defense": "02",
                "combat_heroique": True,
            },
        )
        assert (r["issue"], r["riposte"], r["defense"]["resultat"]) == ("bloquee", True, "reussite_critique")
        attendu = bk.probabilites_du_coup(60, 50, "heroique", True)
        assert r["probabilites_issues"] == {k: fraction(v) for k, v in attendu.items()}

    def test_defense_donnee_sans_probabilites(self) -> None:
        """With a defence result given directly, no odds of issues are shown."""
        r = appeler("kar.coup", {**CIMETERRE, "attaque": "jet", "jet_attaque": "10", "defense": "echec"})
        assert "probabilites_issues" not in r

    def test_bonus_negatif(self) -> None:
        """A negative damage bonus is subtracted; the result never goes below 0."""
        r = appeler(
            "kar.coup",
            {
                **CIMETERRE,
                "attaque": "reussite",
                "bonus": "-1d4",
                "des_bonus": "3",
                "armure": "0",
                "des_arme": "1",
            },
        )
        assert (r["total_arme"], r["total_bonus"], r["degats"]) == (2, -3, 0)
        assert any("2 − 3 = 0" in t for t in textes(r["affichage"]))

    def test_distribution_trop_grande(self) -> None:
        """An expression too large for the exact distribution still resolves, and says why the odds lack."""
        r = appeler("kar.coup", {**CIMETERRE, "arme": "100d1000", "des_arme": ""})
        assert "distribution" not in r and r["degats"] > 0
        assert any(b.get("classe") == "note" for b in blocs_de(r, "texte"))

    def test_valeurs_par_defaut(self) -> None:
        """Choices left out: the attack from its roll, no defence, a heroic campaign (as the form shows)."""
        sans_choix = {k: v for k, v in CIMETERRE.items() if k not in ("attaque", "defense", "mode")}
        r = appeler("kar.coup", {**sans_choix, "jet_attaque": "99"})
        assert (r["attaque"]["resultat"], r["defense"], r["mode"]) == ("echec", None, "heroique")

    @pytest.mark.parametrize(
        ("args", "champ"),
        [
            ({"arme": "1d"}, "arme"),
            ({"bonus": "2x"}, "bonus"),
            ({"des_arme": "9"}, "des_arme"),
            ({"des_arme": "5 2"}, "des_arme"),
            ({"des_bonus": "a"}, "des_bonus"),
            ({"attaque": "touche"}, "attaque"),
            ({"defense": "touche"}, "defense"),
            ({"attaque": "jet", "score_attaque": ""}, "score_attaque"),
            ({"defense": "jet", "jet_defense": "0"}, "jet_defense"),
            ({"armure": "-1"}, "armure"),
            ({"tranchante": "peut-être"}, "tranchante"),
        ],
    )
    def test_erreurs(self, args: dict[str, Any], champ: str) -> None:
        """Bad input names its field."""
        assert refus("kar.coup", {**CIMETERRE, **args})["champ"] == champ

    def test_rejouer(self) -> None:
        """Rolled attack, defence and damage dice replay."""
        verifier_rejouer(
            "kar.coup",
            {
                **CIMETERRE,
                "attaque": "jet",
                "defense": "jet",
                "des_arme": "",
                "des_bonus": "",
                "score_defense": "20",
            },
            range(1, 30),
        )


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


# -- Kept only for the heroic-combat tests below, which move to tests/rules/test_web_combat_heroique.py:
# -- delete this block with them.
refus = echec
blocs_de = blocs


def textes(valeur: Any) -> Iterator[str]:
    """Every text a reader sees in display blocks (not button arguments)."""
    yield from facade.textes({"affichage": valeur} if isinstance(valeur, list) else valeur).split(" | ")


def sans_hasard(valeur: Any) -> Any:
    """A result without what says how the dice came (read or rolled), its display and the fight's state."""
    if isinstance(valeur, dict):
        return facade.sans_hasard(
            {k: sans_hasard(v) for k, v in valeur.items() if k not in ("d6_lu", "etat")}
        )
    return facade.sans_hasard(valeur)


# == combat-heroique =======================================================================================

FORMULAIRE = {
    "nom": "Yang",
    "camp": "",
    "INT": "12",
    "DEX": "12",
    "caracteristique": "",
    "fv": "3",
    "longueur": "moyenne",
    "competence": "50",
    "jet": "30",
    "choix": "init",
    "d6": "3",
    "longueur_des_armes": True,
    "influence_du_nombre": True,
    "cible": "",
    "metres": "1",
    "PM": "",
    "resultat": "",
}


class Table:
    """A page holding one combat widget: it sends back the last ``etat`` with every call."""

    def __init__(self, graine: int = 1) -> None:
        self.moteur = Moteur(graine)
        self.etat: Any = None
        self.dernier: dict[str, Any] = {}

    def appeler(self, op: str, **args: Any) -> dict[str, Any]:
        envoi = {**FORMULAIRE, **args}
        if self.etat is not None or "etat" in self.dernier:
            envoi["etat"] = self.etat
        reponse = self.moteur.appeler(op, envoi)
        assert reponse["ok"], reponse
        json.dumps(reponse)
        self.dernier = reponse["resultat"]
        verifier_affichage(self.dernier)
        if "etat" in self.dernier:
            self.etat = self.dernier["etat"]
        return self.dernier

    def refus(self, op: str, **args: Any) -> dict[str, Any]:
        envoi = {**FORMULAIRE, **args, "etat": self.etat}
        reponse = self.moteur.appeler(op, envoi)
        assert not reponse["ok"], reponse
        return reponse["erreur"]

    def agir(self, combattant: str, action: str, **args: Any) -> dict[str, Any]:
        return self.appeler("kar.combat_agir", combattant=combattant, action=action, **args)

    def aller_a(self, passe: int) -> None:
        while self.dernier["passe"] > passe:
            self.appeler("kar.combat_passe")

    def inits(self) -> dict[str, int]:
        return {c["nom"]: c["init"] for c in self.dernier["combattants"]}

    def combattant(self, nom: str) -> dict[str, Any]:
        return next(c for c in self.dernier["combattants"] if c["nom"] == nom)


def yang_et_guo(graine: int = 1) -> Table:
    """The text's duel entered through the form (l.117-118)."""
    table = Table(graine)
    table.appeler("kar.combat_ajouter")
    table.appeler("kar.combat_ajouter", nom="Guo", INT="11", DEX="11", d6="2")
    return table


INITS_DU_TEXTE = [
    (15, {"Yang": 12, "Guo": 13}),
    (13, {"Yang": 12, "Guo": 10}),
    (13, {"Yang": 12, "Guo": 10}),
    (12, {"Yang": 6, "Guo": 10}),
    (12, {"Yang": 6, "Guo": 8}),
    (8, {"Yang": 6, "Guo": 2}),
    (6, {"Yang": 0, "Guo": 2}),
    (6, {"Yang": 0, "Guo": 0}),
]
"""l.119-123: the pass and both Inits after each action of the duel."""


class TestCombatYangEtGuo:
    def test_ajout_par_le_formulaire(self) -> None:
        """l.118: Init 12 + 3 = 15 and 11 + 2 = 13; the count starts at 15 with Yang."""
        table = yang_et_guo()
        r = table.dernier
        assert (r["numero_round"], r["passe"], r["peuvent_agir"], r["commence"]) == (1, 15, ["Yang"], False)
        assert table.inits() == {"Yang": 15, "Guo": 13}
        assert r["premier_round"] == {
            "competence": 50,
            "jet": 30,
            "des_lus": True,
            "resultat": "reussite",
            "choix": "init",
            "d6": 2,
            "d6_lu": True,
        }
        assert [c["camp"] for c in r["combattants"]] == ["Yang", "Guo"]
        assert table.dernier["combattants"][0]["init_de_depart"] == 15

    def test_rejeu_action_par_action(self) -> None:
        """l.119-123: each action of the text, by its button's arguments, gives the text's Inits."""
        table = Table()
        assert table.appeler("kar.combat_exemple")["passe"] == 15
        for etape, (passe, inits) in zip(ch.ETAPES_YANG_ET_GUO, INITS_DU_TEXTE, strict=True):
            table.aller_a(etape.passe)
            r = table.agir(etape.nom, etape.action, resultat=etape.resultat or "")
            assert (r["passe"], table.inits()) == (passe, inits), etape
            assert r["derniere_action"]["init_apres"] == inits[etape.nom]
        assert table.combattant("Yang")["en_garde"] is False
        assert not any(a["possible"] for c in table.dernier["combattants"] for a in c["actions"])

    def test_exemple_et_ajout_donnent_le_meme_combat(self) -> None:
        """The example button and the form entry of Yang and Guo give the same starting state."""
        exemple = Table()
        exemple.appeler("kar.combat_exemple")
        assert exemple.etat["combat"] == yang_et_guo().etat["combat"]

    def test_boutons(self) -> None:
        """Each combatant has one button per action with its cost; refused ones say why."""
        table = Table()
        r = table.appeler("kar.combat_exemple")
        yang = boutons(r, "Yang — Init 15")
        assert list(yang) == [
            "Attaque normale (6)",
            "Attaque rapide (3)",
            "Se mettre en garde (3)",
            "Mouvement (2 par mètre)",
            "Attente (1)",
            "Concentration (2 × PM)",
            "Lancer le sortilège (PM)",
            "Retirer Yang",
        ]
        assert yang["Se mettre en garde (3)"]["args"] == {
            "combattant": "Yang",
            "action": "se_mettre_en_garde",
        }
        assert yang["Attaque normale (6)"]["actif"] and "titre" not in yang["Attaque normale (6)"]
        guo = boutons(r, "Guo — Init 13")["Attaque rapide (3)"]
        assert not guo["actif"]
        assert guo["titre"] == "Ce n’est pas encore à Guo d’agir\u00a0: son Init est 13, la passe est 15."
        decompte = boutons(r, "Le décompte")
        assert list(decompte) == [
            "Passe suivante (14)",
            "Aller à la passe 13 (Guo)",
            "Round suivant",
            "Recommencer le combat",
        ]
        assert decompte["Aller à la passe 13 (Guo)"]["args"] == {"jusqu_a": 13}

    def test_reactions_offertes_a_la_cible(self) -> None:
        """A reaction block appears for the attacked combatant only, while the attack awaits an answer."""
        table = Table()
        table.appeler("kar.combat_exemple")
        table.agir("Yang", "se_mettre_en_garde")
        table.appeler("kar.combat_passe", jusqu_a=13)
        r = table.agir("Guo", "attaque_rapide", resultat="reussite")
        assert r["attaque_en_cours"] == {
            "attaquant": "Guo",
            "cible": "Yang",
            "action": "attaque_rapide",
            "resultat": "reussite",
        }
        reactions = boutons(r, "Yang est attaqué par Guo")
        assert {k: v["actif"] for k, v in reactions.items()} == {
            "Parade rapide (2)": True,
            "Esquive rapide (2)": True,
            "Parade depuis la garde (0)": True,
            "Esquive depuis la garde (0)": True,
            "Contre-attaque depuis la garde (3)": True,
        }
        assert not any(b.get("legende", "").startswith("Guo est attaqué") for b in blocs_de(r, "boutons"))
        r = table.agir("Yang", "contre_attaque")
        assert (table.combattant("Yang")["init"], table.combattant("Yang")["en_garde"]) == (9, False)
        assert r["attaque_en_cours"] is None

    def test_riposte(self) -> None:
        """B3/B10: a critical parry from guard against a normal hit: a riposte at the next pass."""
        table = Table()
        table.appeler("kar.combat_exemple")
        table.agir("Yang", "se_mettre_en_garde")
        table.aller_a(13)
        table.agir("Guo", "attaque_rapide", resultat="reussite")
        r = table.agir("Yang", "parade_en_garde", resultat="reussite_critique")
        assert table.combattant("Yang")["riposte_a"] == 12
        assert not boutons(r, "Yang — Init 12")["Riposte (3)"]["actif"]
        r = table.appeler("kar.combat_passe")
        assert boutons(r, "Yang — Init 12")["Riposte (3)"]["actif"]
        r = table.agir("Yang", "riposte")
        assert (table.combattant("Yang")["init"], r["attaque_en_cours"]["cible"]) == (9, "Guo")

    def test_passes_et_rounds(self) -> None:
        """Going to a pass, the end of the round, the next round (Init back, +1d6 kept)."""
        table = Table()
        table.appeler("kar.combat_exemple")
        assert table.appeler("kar.combat_passe", jusqu_a=8)["passe"] == 8
        r = table.appeler("kar.combat_passe", jusqu_a=0)
        assert (r["passe"], r["peuvent_agir"]) == (0, [])
        assert blocs_de(r, "texte")[0]["texte"] == "Round 1, passe 0\u00a0: fin du round."
        passe = boutons(r, "Le décompte")["Passe suivante"]
        assert not passe["actif"] and "round suivant" in passe["titre"]
        assert "round suivant" in table.refus("kar.combat_passe")["message"]
        r = table.appeler("kar.combat_round")
        assert (r["numero_round"], r["passe"], table.inits()) == (2, 15, {"Yang": 15, "Guo": 13})
        r = table.appeler("kar.combat_passe")
        assert blocs_de(r, "texte")[0]["texte"] == "Round 2, passe 14\u00a0: personne n’agit à cette passe."

    def test_recommencer_retirer_effacer_afficher(self) -> None:
        """The same fighters again; removing one before the start; a new combat; showing it again."""
        table = Table()
        table.appeler("kar.combat_exemple")
        table.agir("Yang", "attente")
        assert table.dernier["commence"]
        assert "Retirer Yang" not in boutons(table.dernier, "Yang")
        assert "commencé" in table.refus("kar.combat_retirer", combattant="Guo")["message"]
        assert table.refus("kar.combat_ajouter", nom="Wu")["champ"] == "nom"
        r = table.appeler("kar.combat_recommencer")
        assert (r["commence"], table.inits()) == (False, {"Yang": 15, "Guo": 13})
        assert table.appeler("kar.combat_afficher")["combattants"] == r["combattants"]
        r = table.appeler("kar.combat_retirer", combattant="Guo")
        assert [c["nom"] for c in r["combattants"]] == ["Yang"]
        assert table.refus("kar.combat_retirer", combattant="Wu")["champ"] == "combattant"
        r = table.appeler("kar.combat_retirer", combattant="Yang")
        assert r["etat"] is None and "Aucun combattant" in blocs_de(r, "texte")[0]["texte"]
        table.appeler("kar.combat_exemple")
        assert table.appeler("kar.combat_effacer")["etat"] is None
        assert table.appeler("kar.combat_afficher")["etat"] is None
        assert "Aucun combat" in table.refus("kar.combat_passe")["message"]


class TestCombatAjout:
    @pytest.mark.parametrize(
        ("args", "bonus", "garde", "d6"),
        [
            pytest.param({"jet": "01", "d6": "4"}, 4, True, 4, id="l.82 critique: +1d6 et garde"),
            pytest.param({"choix": "garde", "d6": "5"}, 0, True, None, id="l.83 reussite: garde"),
            pytest.param({"jet": "60"}, 0, False, None, id="l.84 echec: rien"),
            pytest.param({"jet": "97", "d6": "6"}, -6, False, 6, id="l.85 maladresse: -1d6"),
            pytest.param({"competence": "100", "jet": "00", "d6": "1"}, -1, False, 1, id="00: -1d6 a 100"),
        ],
    )
    def test_premier_round(self, args: dict[str, str], bonus: int, garde: bool, d6: int | None) -> None:
        """B8: the first-round roll of Combat héroïque and its effect on Init and guard."""
        table = Table()
        r = table.appeler("kar.combat_ajouter", **args)
        yang = table.combattant("Yang")
        assert (yang["init"], yang["en_garde"], r["premier_round"]["d6"]) == (12 + bonus, garde, d6)
        if bonus < 0:
            assert any("jet sous le KAR" in t for t in textes(r["affichage"]))

    def test_des_lances(self) -> None:
        """Empty d100 and d6: both rolled, and ``rejouer`` replays them (with the state)."""
        for graine in range(1, 40):
            table = Table(graine)
            r = table.appeler("kar.combat_ajouter", jet="", d6="")
            assert r["premier_round"]["des_lus"] is False
            second = Moteur(graine + 500).appeler("kar.combat_ajouter", r["rejouer"])["resultat"]
            assert sans_hasard(second) == sans_hasard(r)
            assert second["etat"] == r["etat"]

    def test_creature(self) -> None:
        """l.79: a creature's Init is its one significant characteristic."""
        table = Table()
        table.appeler("kar.combat_ajouter", nom="Loup", caracteristique="DEX", INT="", DEX="14", jet="60")
        assert table.inits() == {"Loup": 14}
        table.appeler("kar.combat_ajouter", nom="Esprit", caracteristique="INT", INT="9", DEX="", jet="60")
        assert table.inits() == {"Loup": 14, "Esprit": 9}

    def test_longueur_et_nombre(self) -> None:
        """l.129, l.139: a spear alone against two swords: +3 and −3; the options can be unchecked."""
        table = Table()
        table.appeler("kar.combat_ajouter", nom="Lancier", camp="A", longueur="longue", jet="60")
        table.appeler("kar.combat_ajouter", nom="E1", camp="B", jet="60")
        r = table.appeler("kar.combat_ajouter", nom="E2", camp="B", jet="60")
        assert table.inits() == {"Lancier": 12, "E1": 9, "E2": 9}
        assert r["combattants"][0]["longueur"] == "longue"
        assert blocs_de(r, "tableau")[0]["lignes"][0][2] == "12 (12 + 3 − 3)"
        table.appeler("kar.combat_recommencer", longueur_des_armes=False, influence_du_nombre=False)
        assert table.inits() == {"Lancier": 12, "E1": 12, "E2": 12}

    def test_arme_de_tir(self) -> None:
        """No melee weapon: no length modifier, and not counted for the others."""
        table = Table()
        table.appeler("kar.combat_ajouter", nom="Archer", longueur="", jet="60")
        table.appeler("kar.combat_ajouter", nom="Dague", longueur="courte", jet="60")
        assert table.inits() == {"Archer": 12, "Dague": 12}

    @pytest.mark.parametrize(
        ("args", "champ"),
        [
            ({"nom": ""}, "nom"),
            ({"nom": 3}, "nom"),
            ({"INT": "x"}, "INT"),
            ({"DEX": "-1"}, "DEX"),
            ({"caracteristique": "POU"}, "caracteristique"),
            ({"fv": "0"}, "fv"),
            ({"longueur": "geante"}, "longueur"),
            ({"competence": "-1"}, "competence"),
            ({"jet": "101"}, "jet"),
            ({"d6": "7"}, "d6"),
            ({"choix": "autre"}, "choix"),
            ({"longueur_des_armes": "oui"}, "longueur_des_armes"),
            ({"nom": "Y" * 61}, "nom"),
        ],
    )
    def test_erreurs(self, args: dict[str, Any], champ: str) -> None:
        """Bad fields are refused next to the field."""
        assert Table().refus("kar.combat_ajouter", **args)["champ"] == champ

    def test_nom_en_double_et_maximum(self) -> None:
        """Two combatants cannot share a name; at most 12 in a combat."""
        table = Table()
        table.appeler("kar.combat_ajouter")
        assert table.refus("kar.combat_ajouter")["champ"] == "nom"
        for i in range(11):
            table.appeler("kar.combat_ajouter", nom=f"G{i}", jet="60")
        erreur = table.refus("kar.combat_ajouter", nom="Treizième")
        assert (erreur["champ"], erreur["message"]) == ("nom", "Au plus 12 combattants dans un combat.")


class TestCombatActions:
    def test_cible(self) -> None:
        """With several opponents, an attack needs the field « cible »; a single one is chosen alone."""
        table = Table()
        table.appeler("kar.combat_ajouter", nom="A", camp="1", jet="60", INT="15", DEX="15")
        table.appeler("kar.combat_ajouter", nom="B", camp="2", jet="60")
        table.appeler("kar.combat_ajouter", nom="C", camp="2", jet="60")
        erreur = table.refus("kar.combat_agir", combattant="A", action="attaque_rapide")
        assert erreur["champ"] == "cible" and "B, C" in erreur["message"]
        assert (
            table.refus("kar.combat_agir", combattant="A", action="attaque_rapide", cible="Wu")["champ"]
            == "cible"
        )
        r = table.agir("A", "attaque_rapide", cible=" C ")
        assert r["attaque_en_cours"]["cible"] == "C"

    def test_seul_dans_son_camp(self) -> None:
        """Nobody in another camp: the attack has no target."""
        table = Table()
        table.appeler("kar.combat_ajouter", nom="A", camp="1", jet="60")
        table.appeler("kar.combat_ajouter", nom="B", camp="1", jet="60", INT="1", DEX="1")
        assert table.agir("A", "attaque_rapide")["attaque_en_cours"] is None

    def test_mouvement(self) -> None:
        """l.114: 2 points per metre, the metres from the form."""
        table = Table()
        table.appeler("kar.combat_exemple")
        assert table.agir("Yang", "mouvement", metres="4")["derniere_action"]["cout"] == 8
        assert table.refus("kar.combat_agir", combattant="Guo", action="mouvement", metres="0")["champ"] in (
            "metres",
            "action",
        )

    def test_zhang(self) -> None:
        """l.147-151: 8 PM; concentration 13 → 0, next round 3 more (10), casting 8: 2."""
        table = Table()
        table.appeler("kar.combat_ajouter", nom="Zhang", INT="13", DEX="13", jet="60")
        assert table.refus("kar.combat_agir", combattant="Zhang", action="concentration")["champ"] == "PM"
        table.agir("Zhang", "concentration", PM="8")
        assert table.combattant("Zhang")["concentration_restante"] == 3 and table.inits() == {"Zhang": 0}
        r = table.appeler("kar.combat_round")
        assert "Concentration (reste 3)" in boutons(r, "Zhang — Init 13, concentration")
        table.agir("Zhang", "concentration")
        assert table.inits() == {"Zhang": 10}
        r = table.appeler("kar.combat_passe", jusqu_a=10)
        assert boutons(r, "Zhang — Init 10, sortilège de 8 PM prêt")["Lancer le sortilège (8)"]["actif"]
        table.agir("Zhang", "lancer_sortilege")
        assert table.inits() == {"Zhang": 2}

    @pytest.mark.parametrize(
        ("args", "champ"),
        [
            ({"combattant": "Wu", "action": "attente"}, "combattant"),
            ({"combattant": "Yang", "action": "danse"}, "action"),
            ({"combattant": "Guo", "action": "attente"}, "action"),
            ({"combattant": "Yang", "action": "attente", "resultat": "touche"}, "resultat"),
            ({"combattant": "Yang", "action": "concentration", "PM": "0"}, "PM"),
        ],
    )
    def test_erreurs(self, args: dict[str, str], champ: str) -> None:
        """Unknown combatant or action, refused action, bad result or PM."""
        table = Table()
        table.appeler("kar.combat_exemple")
        erreur = table.refus("kar.combat_agir", **args)
        assert erreur["champ"] == champ
        assert "'" not in erreur["message"]

    def test_jusqu_a_invalide(self) -> None:
        """Going to a pass above the count is refused."""
        table = Table()
        table.appeler("kar.combat_exemple")
        assert table.refus("kar.combat_passe", jusqu_a="20")["champ"] == "jusqu_a"

    def test_journal(self) -> None:
        """The log in French typography, in the result and its display."""
        table = Table()
        table.appeler("kar.combat_exemple")
        r = table.agir("Yang", "se_mettre_en_garde")
        assert r["journal"][-1] == "Passe 15\u00a0: Yang se met en garde — Init 15 → 12."
        assert blocs_de(r, "texte")[0]["texte"] == r["journal"][-1]


class TestCombatEtat:
    def etat(self) -> dict[str, Any]:
        table = Table()
        table.appeler("kar.combat_exemple")
        return json.loads(json.dumps(table.etat))

    @pytest.mark.parametrize(
        "modifier",
        [
            lambda e: "texte",
            lambda e: {**e, "participants": "Yang"},
            lambda e: {**e, "participants": [e["participants"][0]] * 13},
            lambda e: {**e, "participants": [{**e["participants"][0], "fv": 0}, e["participants"][1]]},
            lambda e: {**e, "participants": list(reversed(e["participants"]))},
            lambda e: {**e, "combat": {**e["combat"], "passe": -1}},
            lambda e: {**e, "combat": {**e["combat"], "combattants": e["combat"]["combattants"][:1]}},
        ],
    )
    def test_etat_altere(self, modifier: Any) -> None:
        """Whatever comes back from the page is checked: a French message, never a traceback."""
        erreur = refus("kar.combat_afficher", {"etat": modifier(self.etat())})
        assert erreur["champ"] == "etat" and "Nouveau combat" in erreur["message"]

    def test_etat_sans_combat_ni_participants(self) -> None:
        """An empty list of participants is no combat; participants without a combat start one."""
        assert appeler("kar.combat_afficher", {"etat": {"participants": [], "combat": None}})["etat"] is None
        etat = self.etat()
        r = appeler("kar.combat_afficher", {"etat": {"participants": etat["participants"], "combat": None}})
        assert r["passe"] == 15


def test_rejeu_du_statique() -> None:
    """The fallback replays the text's duel with the engine: the page's table, row for row."""
    assert web_ch.rejeu_yang_et_guo() == [
        ["15", "Yang", "Se mettre en garde", "3", "12"],
        ["13", "Guo", "Attaque rapide", "3", "10"],
        ["13", "Yang", "Parade depuis la garde", "0", "12"],
        ["12", "Yang", "Attaque normale", "6", "6"],
        ["12", "Guo", "Parade rapide", "2", "8"],
        ["8", "Guo", "Attaque rapide (2e attaque, +3)", "6", "2"],
        ["6", "Yang", "Attaque rapide (2e attaque, +3)", "6", "0"],
        ["6", "Guo", "Parade rapide", "2", "0"],
    ]
    blocs = statique("combat-heroique")
    assert blocs[1]["lignes"] == web_ch.rejeu_yang_et_guo()
    assert "Yang 15 (12 + 3)\u202f; Guo 13 (11 + 2)" in blocs[0]["texte"]


# == every widget ==========================================================================================


@pytest.mark.parametrize("nom", KAR_WIDGETS)
def test_declarations(nom: str) -> None:
    """Each widget: a French title, labelled fields, actions naming real operations, clean typography."""
    declaration = WIDGETS[nom]
    assert declaration.titre and declaration.actions
    visibles = [declaration.titre]
    for champ in declaration.champs:
        visibles += [champ.libelle, champ.aide, champ.groupe, *(libelle for _, libelle in champ.choix)]
    visibles += [action.libelle for action in declaration.actions]
    for texte in map(typographie, visibles):  # as the built page shows them (site_plugins/widgets/bloc.py)
        assert not typographie_francaise(texte), (nom, texte)
    for action in declaration.actions:
        assert Moteur(1).appeler(action.op, {})["ok"] in (True, False)


@pytest.mark.parametrize("nom", KAR_WIDGETS)
def test_statiques_en_typographie_francaise(nom: str) -> None:
    """Every fallback, for its page's example, is non-empty and typographically clean."""
    repli = statique(nom, exemples()[nom])
    assert repli
    for texte in facade.textes(repli).split(" | "):
        assert not typographie_francaise(texte), (nom, texte)


@pytest.mark.parametrize(
    ("nom", "attendu"),
    [
        ("test-kar", "Jet sous le KAR (60)\u00a0: 72 — raté\u00a0: le KAR passe de 60 à 55."),
        ("coup-critique-kar", "6 × 2 + 2 (armure 2 ignorée) = 14."),
        ("situations-kar", "Seuil final\u00a0: 15\u202f%."),
        ("blessure-grave-kar", "Jet sous PV × 5 = 30\u00a0: 54 — raté"),
        ("contre-attaque-kar", "réussites de même qualité, 20 points d’écart (au moins 20)"),
        ("scories-kar", "KAR | 25 + 15 = 40"),
    ],
)
def test_le_repli_statique_est_la_reponse_a_l_exemple_de_la_page(nom: str, attendu: str) -> None:
    """The fallback is the first action's own answer to the page's example, which replays the text's."""
    exemple = exemples()[nom]
    repli = statique(nom, exemple)
    assert repli == appeler(OUTILS[nom].actions[0].op, exemple)["affichage"]
    assert attendu in facade.textes(repli)


@pytest.mark.parametrize(
    ("texte", "attendu"),
    [
        ("Passe 13 : Yang", "Passe 13\u00a0: Yang"),
        ("25% perdus ; ok !", "25\u202f% perdus\u202f; ok\u202f!"),
        ("Init -6, 21-30", "Init −6, 21-30"),
        ("d'Init « x »", "d’Init «\u00a0x\u00a0»"),
    ],
)
def test_typographie(texte: str, attendu: str) -> None:
    """The engines' texts get French typography (and typography twice changes nothing)."""
    assert typographie(texte) == attendu == typographie(attendu)
