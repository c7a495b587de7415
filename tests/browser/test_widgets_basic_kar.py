"""The BaSIC — KAR widgets in Chromium: the source's examples, rolls and dice read on the table, errors.

One page for the whole module (the engine starts once); it moves between the
section's pages by instant navigation. Exact values are read from
``data-result``; worked examples cite ``001_b22c8e898b1294fc.txt`` by line.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from rules_py import combat_heroique as ch
from rules_py.web.typographie import typographie
from tests.browser.widgets import aller, cliquer_dans, erreur, groupe_de_boutons, remplir, soumettre, widget

pytestmark = pytest.mark.browser

COMPETENCES = "basic-kar/competences/"
COMBAT = "basic-kar/combat/"
HEROIQUE = "basic-kar/combat-heroique/"
CONTRE = "basic-kar/contre-attaques/"
SCORIES = "basic-kar/scories-karmiques/"


def attendre_la_correction(racine: Locator, champ: str) -> None:
    """The field's error is gone after a successful call."""
    expect(racine.locator(f'[data-champ="{champ}"] .regles-champ__erreur')).to_be_hidden()


# == competences.md ==================================================================================


class TestTestKar:
    def test_renard_blanc(self, site_page: Page) -> None:
        """l.16: 98 in a heroic campaign, then 72 under KAR 60: failed, KAR 55."""
        aller(site_page, COMPETENCES)
        racine = widget(site_page, "test-kar")
        expect(racine.locator(".regles-widget__statique")).to_contain_text("01 à 03")
        r = soumettre(racine, {"score": "45", "mode": "heroique", "kar": "60", "jet": "98", "jet_kar": "72"})
        assert (r["resultat"], r["kar"]["kar_apres"], r["kar"]["jet"], r["probabilite_perte_de_kar"]) == (
            "echec",
            55,
            72,
            "1/50",
        )
        expect(racine.locator(".regles-widget__resultat")).to_contain_text("le KAR passe de 60 à 55")

    def test_maladresse_et_seuils(self, site_page: Page) -> None:
        """B2: 00 is a maladresse in a realistic campaign; 55 %: critical 01-03, exact odds."""
        aller(site_page, COMPETENCES)
        racine = widget(site_page, "test-kar")
        r = soumettre(racine, {"score": "55", "mode": "realiste", "jet": "00", "jet_kar": ""})
        assert (r["resultat"], r["seuils"]["critique"], r["kar"]) == ("echec_critique", 3, None)
        assert r["probabilites"] == {
            "reussite_critique": "3/100",
            "reussite": "13/25",
            "echec": "2/5",
            "echec_critique": "1/20",
        }

    def test_jet_lance(self, site_page: Page) -> None:
        """An empty d100 field: rolled, and ``rejouer`` carries the die."""
        aller(site_page, COMPETENCES)
        racine = widget(site_page, "test-kar")
        r = soumettre(racine, {"score": "60", "mode": "heroique", "kar": "60", "jet": "", "jet_kar": ""})
        assert 1 <= r["jet"] <= 100 and r["des_lus"] == {"jet": False, "jet_kar": False}
        assert r["rejouer"]["jet"] == str(r["jet"])

    def test_erreur_puis_reprise(self, site_page: Page) -> None:
        """A bad skill: a French message next to it; the widget then works again."""
        aller(site_page, COMPETENCES)
        racine = widget(site_page, "test-kar")
        assert soumettre(racine, {"score": "abc", "jet": "10"}) == {}
        assert "doit être un nombre entier" in erreur(racine, "score")
        assert soumettre(racine, {"score": "50", "mode": "realiste", "jet": "10"})["resultat"] == "reussite"
        attendre_la_correction(racine, "score")


class TestCoupCritique:
    def test_cimeterre(self, site_page: Page) -> None:
        """l.24-25: the scimitar's critical with the dice entered by hand: 5 and 2 → 14, armour ignored."""
        aller(site_page, COMPETENCES)
        racine = widget(site_page, "coup-critique-kar")
        r = soumettre(
            racine,
            {
                "attaque": "jet",
                "score_attaque": "60",
                "jet_attaque": "03",
                "defense": "aucune",
                "arme": "1d8+1",
                "bonus": "1d3",
                "armure": "4",
                "tranchante": True,
                "combat_heroique": False,
                "des_arme": "5",
                "des_bonus": "2",
            },
        )
        assert (r["attaque"]["resultat"], r["issue"], r["degats"], r["armure_ignoree"]) == (
            "reussite_critique",
            "critique",
            14,
            True,
        )
        assert r["distribution"]["14"] == "1/24"
        expect(racine.locator(".regles-widget__resultat .regles-surligne th").first).to_have_text("14")

    def test_defense_et_riposte(self, site_page: Page) -> None:
        """B3: a critical parry against a normal hit blocks it and gives a riposte in heroic combat."""
        aller(site_page, COMPETENCES)
        racine = widget(site_page, "coup-critique-kar")
        r = soumettre(
            racine,
            {"attaque": "reussite", "defense": "reussite_critique", "combat_heroique": True, "des_arme": ""},
        )
        assert (r["issue"], r["riposte"], r["degats"]) == ("bloquee", True, 0)

    def test_des_lances(self, site_page: Page) -> None:
        """Damage dice left empty are rolled and replayable."""
        aller(site_page, COMPETENCES)
        racine = widget(site_page, "coup-critique-kar")
        r = soumettre(racine, {"attaque": "reussite", "defense": "aucune", "des_arme": "", "des_bonus": ""})
        assert r["issue"] == "normale" and len(r["des_arme"]) == len(r["des_bonus"]) == 1
        assert r["rejouer"]["des_arme"] == str(r["des_arme"][0])

    def test_erreur(self, site_page: Page) -> None:
        """A die the weapon cannot show: the message is next to the dice field."""
        aller(site_page, COMPETENCES)
        racine = widget(site_page, "coup-critique-kar")
        assert soumettre(racine, {"attaque": "reussite", "des_arme": "9", "des_bonus": "2"}) == {}
        assert "Un d8 montre une valeur de 1 à 8" in erreur(racine, "des_arme")
        assert soumettre(racine, {"des_arme": "8"})["total_arme"] == 9


class TestResistance:
    @pytest.mark.parametrize(
        ("valeurs", "attendu"),
        [
            ({"genre": "valeurs", "actif": "11", "passif": "12", "jet": "45"}, (45, True, False)),
            ({"genre": "competences", "actif": "55", "passif": "60", "jet": "46"}, (45, False, False)),
            ({"genre": "valeurs", "actif": "20", "passif": "5", "jet": ""}, (100, True, True)),
        ],
    )
    def test_table(self, site_page: Page, valeurs: dict[str, str], attendu: tuple[int, bool, bool]) -> None:
        """B4: 11 against 12 and Persuasion 55 against 60 give 45 %; 100 % needs no roll."""
        aller(site_page, COMPETENCES)
        racine = widget(site_page, "resistance-kar")
        r = soumettre(racine, valeurs)
        assert (r["chance"], r["reussi"], r["sans_jet"]) == attendu

    def test_erreur(self, site_page: Page) -> None:
        """A negative value is refused next to its field."""
        aller(site_page, COMPETENCES)
        racine = widget(site_page, "resistance-kar")
        assert soumettre(racine, {"genre": "valeurs", "actif": "11", "passif": "-2", "jet": ""}) == {}
        assert "au moins 0" in erreur(racine, "passif")
        assert soumettre(racine, {"passif": "12", "jet": "50"})["chance"] == 45


# == combat.md ===========================================================================================


class TestSituations:
    @pytest.mark.parametrize(
        ("valeurs", "seuil"),
        [
            pytest.param(
                {"score": "70", "adversaire_au_sol": True, "obscurite": True}, 15, id="l.64-65 garde"
            ),
            pytest.param(
                {"score": "50", "adversaire_au_sol": False, "obscurite": True, "attaque_par_surprise": True},
                10,
                id="l.67 Bagarre",
            ),
        ],
    )
    def test_exemples(self, site_page: Page, valeurs: dict[str, Any], seuil: int) -> None:
        """B7: ground, darkness, surprise in order: 70 + 20 − 75 = 15; Bagarre 50 → 5 → 10."""
        aller(site_page, COMBAT)
        racine = widget(site_page, "situations-kar")
        defauts = {
            c: False for c in ("lutte", "au_sol", "adversaire_au_sol", "obscurite", "attaque_par_surprise")
        }
        r = soumettre(racine, {**defauts, "surpris": False, **valeurs})
        assert r["seuil"] == seuil

    def test_erreur(self, site_page: Page) -> None:
        """Surprising and being surprised at once: the message is next to the checkbox."""
        aller(site_page, COMBAT)
        racine = widget(site_page, "situations-kar")
        assert soumettre(racine, {"score": "50", "attaque_par_surprise": True, "surpris": True}) == {}
        assert "à la fois surprendre et être surpris" in erreur(racine, "surpris")
        assert soumettre(racine, {"surpris": False, "attaque_par_surprise": False})["possible"] is True


class TestAssommer:
    def test_le_garde(self, site_page: Page) -> None:
        """l.67: 5 against 7: 40 %; roll 40: out 21 − CON hours, 2 PV really lost."""
        aller(site_page, COMBAT)
        racine = widget(site_page, "assommer-kar")
        r = soumettre(racine, {"pv": "12", "degats": "5", "CON": "11", "jet": "40"})
        assert (r["chance"], r["assomme"], r["heures"], r["pv_perdus"], r["pv_apres"]) == (
            40,
            True,
            10,
            2,
            10,
        )

    def test_jet_lance_et_erreur(self, site_page: Page) -> None:
        """A rolled attempt agrees with its chance; a bad CON is refused next to the field."""
        aller(site_page, COMBAT)
        racine = widget(site_page, "assommer-kar")
        r = soumettre(racine, {"pv": "12", "degats": "5", "CON": "11", "jet": ""})
        assert r["assomme"] is (r["jet"] <= 40)
        assert soumettre(racine, {"CON": "x"}) == {}
        assert "nombre entier" in erreur(racine, "CON")


class TestBlessureGrave:
    def test_wu_et_reprise(self, site_page: Page) -> None:
        """l.62-63: 8 of 14 PV: serious, 6 left, 30 %; 54 fails; a retry button for the next round."""
        aller(site_page, COMBAT)
        racine = widget(site_page, "blessure-grave-kar")
        r = soumettre(racine, {"pv_max": "14", "pv_avant": "14", "degats": "8", "jet": "54"})
        assert (r["pv_apres"], r["seuil"], r["effondre"], r["probabilite_de_tenir"]) == (6, 30, True, "3/10")
        # Dice read serve once: the field is emptied after the result; the retry's d100 is read next.
        expect(racine.locator('[name="jet"]')).to_have_value("")
        remplir(racine, {"jet_reprise": "12"})
        r = cliquer_dans(racine, "Le blessé", "Retenter au round suivant")
        assert (r["pv"], r["jet"], r["reussi"], r["tentative"]) == (6, 12, True, 1)

    def test_erreur(self, site_page: Page) -> None:
        """PV before the hit above the initial PV: refused next to the field."""
        aller(site_page, COMBAT)
        racine = widget(site_page, "blessure-grave-kar")
        assert soumettre(racine, {"pv_avant": "15", "jet": ""}, "kar.blessure_grave") == {}
        assert "au plus 14" in erreur(racine, "pv_avant")
        assert soumettre(racine, {"pv_avant": "14", "degats": "3"}, "kar.blessure_grave")["grave"] is False


# == combat-heroique.md ===================================================================================

LIBELLES = {
    "se_mettre_en_garde": "Se mettre en garde",
    "attaque_rapide": "Attaque rapide",
    "attaque_normale": "Attaque normale",
    "parade_en_garde": "Parade depuis la garde",
    "parade_rapide": "Parade rapide",
}
INITS_DU_TEXTE = [
    {"Yang": 12, "Guo": 13},
    {"Yang": 12, "Guo": 10},
    {"Yang": 12, "Guo": 10},
    {"Yang": 6, "Guo": 10},
    {"Yang": 6, "Guo": 8},
    {"Yang": 6, "Guo": 2},
    {"Yang": 0, "Guo": 2},
    {"Yang": 0, "Guo": 0},
]


def inits(r: dict[str, Any]) -> dict[str, int]:
    return {c["nom"]: c["init"] for c in r["combattants"]}


class TestCombatHeroique:
    def test_statique(self, site_page: Page) -> None:
        """The fallback is the add action's answer to the page's example: Yang, Init 15 (12 + 3)."""
        aller(site_page, HEROIQUE)
        racine = site_page.locator('[data-widget="combat-heroique"]')
        statique = racine.locator(".regles-widget__statique")
        expect(statique).to_contain_text("jet de Combat héroïque 30 sous 50")
        expect(statique.locator("tbody tr")).to_have_count(1)
        expect(statique.locator("tbody tr").first).to_contain_text("15 (12 + 3)")

    def test_rejeu_de_yang_et_guo(self, site_page: Page) -> None:
        """l.117-124: the duel replayed by clicking, the Inits of the text after each action."""
        aller(site_page, HEROIQUE)
        racine = widget(site_page, "combat-heroique")
        r = soumettre(racine, action="kar.combat_exemple")
        if racine.locator('[aria-label="Confirmer"]').count():  # a fight is kept: the page asks first
            r = cliquer_dans(racine, "Confirmer", "Oui, charger le duel")
        assert (r["passe"], inits(r)) == (15, {"Yang": 15, "Guo": 13})
        for etape, attendues in zip(ch.ETAPES_YANG_ET_GUO, INITS_DU_TEXTE, strict=True):
            while r["passe"] > etape.passe:
                r = cliquer_dans(racine, "Le décompte", "Passe suivante")
                if r["passe"] > etape.passe and racine.locator('[aria-label="Confirmer"]').count():
                    r = cliquer_dans(racine, "Confirmer", "Oui")  # Yang lets Guo's attack go at 8 (l.122)
            remplir(racine, {"resultat": etape.resultat or ""})
            autre = "Guo" if etape.nom == "Yang" else "Yang"
            parade = etape.action.startswith("parade")
            groupe = f"{autre} attaque {etape.nom}" if parade else f"{etape.nom} — "
            r = cliquer_dans(racine, groupe, LIBELLES[etape.action])
            assert (r["passe"], inits(r)) == (etape.passe, attendues), etape
        bouton = groupe_de_boutons(racine, "Guo — ").filter(has_text="Attente")
        expect(bouton).to_be_disabled()
        expect(bouton).to_have_attribute(
            "title",
            typographie("\u2068Guo\u2069 n'a plus d'Init (0) : plus d'action pour \u2068Guo\u2069 ce round."),
        )

    def test_ajout_par_le_formulaire(self, site_page: Page) -> None:
        """l.118: Yang and Guo entered with their dice: Init 15 and 13; then a rolled first round."""
        aller(site_page, HEROIQUE)
        racine = widget(site_page, "combat-heroique")
        soumettre(racine, action="kar.combat_effacer")
        if racine.locator('[aria-label="Confirmer"]').count():  # a fight is kept: the page asks first
            cliquer_dans(racine, "Confirmer", "Oui, effacer le combat")
        commun = {"camp": "", "caracteristique": "", "fv": "3", "longueur": "moyenne", "competence": "50"}
        r = soumettre(racine, {**commun, "nom": "Yang", "INT": "12", "DEX": "12", "jet": "30", "d6": "3"})
        r = soumettre(racine, {"nom": "Guo", "INT": "11", "DEX": "11", "jet": "30", "d6": "2"})
        assert (r["passe"], inits(r), r["premier_round"]["d6"]) == (15, {"Yang": 15, "Guo": 13}, 2)
        r = soumettre(racine, {"nom": "Wu", "camp": "Guo", "INT": "10", "DEX": "10", "jet": "", "d6": ""})
        assert r["premier_round"]["des_lus"] is False and len(r["combattants"]) == 3
        assert r["combattants"][0]["init_de_depart"] == 12  # Yang alone against two: −3

    def test_erreur_puis_reprise(self, site_page: Page) -> None:
        """A bad DEX: the message next to the field; the combat is shown again afterwards."""
        aller(site_page, HEROIQUE)
        racine = widget(site_page, "combat-heroique")
        soumettre(racine, action="kar.combat_exemple")
        if racine.locator('[aria-label="Confirmer"]').count():  # a fight is kept: the page asks first
            cliquer_dans(racine, "Confirmer", "Oui, charger le duel")
        assert soumettre(racine, {"nom": "Wu", "DEX": "abc"}) == {}
        assert "nombre entier" in erreur(racine, "DEX")
        r = soumettre(racine, action="kar.combat_afficher")
        assert inits(r) == {"Yang": 15, "Guo": 13}
        r = soumettre(racine, {"DEX": "10", "jet": "60"})
        assert [c["nom"] for c in r["combattants"]] == ["Yang", "Guo", "Wu"]
        attendre_la_correction(racine, "DEX")


# == contre-attaques.md, scories-karmiques.md ================================================================


class TestContreAttaque:
    def test_ruan(self, site_page: Page) -> None:
        """l.160: 150 → 75 against 55, rolls 65 and 35: Ruan strikes first."""
        aller(site_page, CONTRE)
        racine = widget(site_page, "contre-attaque-kar")
        r = soumettre(
            racine,
            {"chance_attaquant": "55", "competence_contre": "150", "jet_attaquant": "35", "jet_contre": "65"},
        )
        assert (r["chance_contre"], r["premier"], r["probabilites"]["aucun"]) == (
            75,
            "contre_attaquant",
            "9/80",
        )

    def test_jets_lances_et_erreur(self, site_page: Page) -> None:
        """Rolled dice are replayable; a roll of 101 is refused next to its field."""
        aller(site_page, CONTRE)
        racine = widget(site_page, "contre-attaque-kar")
        r = soumettre(racine, {"jet_attaquant": "", "jet_contre": ""})
        assert r["rejouer"]["jet_contre"] == str(r["jet_contre"])
        assert soumettre(racine, {"jet_contre": "101"}) == {}
        assert "de 01 à 100" in erreur(racine, "jet_contre")


class TestScories:
    def test_renard_blanc(self, site_page: Page) -> None:
        """l.198-199: KAR 25, roll 53: margin 28, 5 PE lost, KAR 40."""
        aller(site_page, SCORIES)
        racine = widget(site_page, "scories-kar")
        r = soumettre(
            racine, {"kar": "25", "kar_initial": "60", "pe_initiaux": "20", "pv_initiaux": "12", "jet": "53"}
        )
        assert (r["marge"], r["perte_pe"], r["kar_apres"], r["probabilites"]["21-30"]) == (28, 5, 40, "1/10")

    def test_annonce_et_plafond(self, site_page: Page) -> None:
        """l.202: initial 50, current 5: 45 points may be announced, not 50."""
        aller(site_page, SCORIES)
        racine = widget(site_page, "scories-kar")
        valeurs = {"kar": "5", "kar_initial": "50", "points": "50"}
        assert soumettre(racine, valeurs, "kar.scories_annoncer") == {}
        assert "On ne peut regagner que 45 points" in erreur(racine, "points")
        r = soumettre(racine, {"points": "45"}, "kar.scories_annoncer")
        assert (r["kar_apres"], r["malus_en_attente"]) == (50, 45)
