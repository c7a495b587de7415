"""BaSIC — KAR widgets through the facade: exact results, the source's examples, errors, replays, fallbacks.

Every operation is called as the page calls it, through ``Moteur(seed).appeler``
with the strings a form sends. Worked examples cite
``shared/sources/001_b22c8e898b1294fc.txt`` by line (``l.NN``).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from rules_py import basic_kar as bk
from rules_py.web import Moteur
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

    def test_jet_sous_le_kar_apres_96_en_heroique(self) -> None:
        """001: the attack's 98 in a heroic campaign is a failure, then the roll under the attacker's KAR;
        the parry's 97, the defender's (12 under 40: réussi)."""
        args = {
            **CIMETERRE,
            "attaque": "jet",
            "jet_attaque": "98",
            "kar_attaque": "60",
            "jet_kar_attaque": "72",
        }
        args |= {"defense": "jet", "jet_defense": "97", "kar_defense": "40", "jet_kar_defense": "12"}
        r = appeler("kar.coup", args)
        assert (r["issue"], r["attaque"]["resultat"], r["defense"]["resultat"]) == ("ratee", "echec", "echec")
        assert r["kar_attaque"] == {"kar": 60, "jet": 72, "reussi": False, "kar_apres": 55}
        assert r["kar_defense"] == {"kar": 40, "jet": 12, "reussi": True, "kar_apres": 40}
        assert (r["rejouer"]["jet_kar_attaque"], r["rejouer"]["jet_kar_defense"]) == ("72", "12")
        realiste = appeler("kar.coup", {**args, "mode": "realiste"})
        assert (realiste["kar_attaque"], realiste["attaque"]["resultat"]) == (None, "echec_critique")

    def test_le_jet_sous_le_kar_se_lance_et_se_rejoue(self) -> None:
        """Without the KAR roll read, it is drawn, and the share link replays it."""
        verifier_rejouer("kar.coup", {**CIMETERRE, "attaque": "jet", "jet_attaque": "99"})

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


# == every widget ==========================================================================================


@pytest.mark.parametrize("nom", KAR_WIDGETS)
def test_declarations(nom: str) -> None:
    """Each widget: a French title, labelled fields, actions naming real operations, clean typography."""
    declaration = OUTILS[nom]
    assert declaration.titre and declaration.actions
    visibles = [declaration.titre]
    for champ in declaration.champs_du_formulaire:
        meta = champ.meta
        visibles += [meta.libelle, meta.aide, meta.groupe, *(libelle for _, libelle in champ.options)]
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
    reponse = appeler(OUTILS[nom].actions[0].op, exemple)["affichage"]
    assert repli == [b for b in reponse if b["type"] != "boutons"]  # buttons act in the browser only
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
