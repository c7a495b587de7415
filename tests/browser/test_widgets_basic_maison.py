"""The Basic maison widgets in Chromium: exact values from ``data-result``, dice read and rolled, errors.

One page for the whole module (``site_page``): it moves between the rules pages by instant navigation,
so the rules engine starts once.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser.widgets import cliquer, erreur, ouvrir, resultat, soumettre, widget

pytestmark = pytest.mark.browser

CARS = {"for": "12", "con": "13", "tai": "11", "dex": "14", "int": "15", "pou": "10", "cha": "9"}


def plat(texte: str) -> str:
    """The text with French no-break and thin spaces as plain spaces, apostrophes straight."""
    return texte.replace("\u00a0", " ").replace("\u202f", " ").replace("’", "'")


def affiche(racine: Locator) -> str:
    """The visible result of a widget, flattened."""
    return plat(racine.locator(".regles-widget__resultat").inner_text())


def ligne_surlignee(racine: Locator) -> str:
    return plat(racine.locator(".regles-widget__resultat tr.regles-surligne").first.inner_text())


def mauvais_champ(
    racine: Locator, valeurs: dict[str, str], champ: str, message: str, action: str | None = None
) -> None:
    """A bad field gets its French message next to it."""
    assert soumettre(racine, valeurs, action) == {}
    assert message in plat(erreur(racine, champ))
    expect(racine.locator(f'.regles-champ[data-champ="{champ}"] [aria-invalid="true"]')).to_have_count(1)


class TestModificateurDegats:
    @pytest.mark.parametrize(
        ("for_", "tai", "somme", "modificateur", "hors_table", "ligne"),
        [
            ("2", "3", 5, "-1d8", False, "5 ou moins −1d8"),
            ("12", "13", 25, "0", False, "21–25 0"),
            ("25", "21", 46, "+1d8", True, "46 ou plus hors table (+1d8 appliqué)"),
        ],
    )
    def test_les_lignes_de_la_table(
        self,
        site_page: Page,
        for_: str,
        tai: str,
        somme: int,
        modificateur: str,
        hors_table: bool,
        ligne: str,
    ) -> None:
        """A1: FOR + TAI = 5 gives −1d8 (first row), 46 is hors table; the reader's row is highlighted."""
        racine = ouvrir(site_page, "basic-maison/attributs-derives/", "modificateur-degats")
        reponse = soumettre(racine, {"for": for_, "tai": tai})
        assert reponse == {
            "for": int(for_),
            "tai": int(tai),
            "somme": somme,
            "modificateur": modificateur,
            "hors_table": hors_table,
            "rejouer": {"for": for_, "tai": tai},
        }
        assert plat(ligne_surlignee(racine)).replace("\t", " ") == ligne
        assert ("demandez au MJ" in affiche(racine)) is hors_table

    def test_le_repli_et_une_entree_invalide(self, site_page: Page) -> None:
        """The table stays on the page; a negative FOR is refused next to its field, then it works again."""
        racine = ouvrir(site_page, "basic-maison/attributs-derives/", "modificateur-degats")
        expect(racine.locator(".regles-widget__statique tr.regles-surligne")).to_contain_text("21–25")
        mauvais_champ(racine, {"for": "-1", "tai": "10"}, "for", "« FOR » doit être au moins 0")
        assert soumettre(racine, {"for": "20", "tai": "13"})["modificateur"] == "+1d4"
        expect(racine.locator('[data-champ="for"] .regles-champ__erreur')).to_be_hidden()


class TestAttributs:
    def test_les_attributs_derives(self, site_page: Page) -> None:
        """PV (rounded up), PM, modifier, healing rate and every base, Magie in both variants."""
        racine = ouvrir(site_page, "basic-maison/attributs-derives/", "attributs-basic")
        reponse = soumettre(racine, {**CARS, "con": "14"})
        assert (reponse["points_de_vie"], reponse["points_de_magie"], reponse["vitesse_de_guerison"]) == (
            13,
            10,
            3,
        )
        assert reponse["bases"]["Magie (Prêtres)"] == 19 and reponse["bases"]["Natation"] == 26
        mauvais_champ(racine, {"cha": "beaucoup"}, "cha", "« CHA » doit être un nombre entier")


class TestTest:
    def test_67_maladresse(self, site_page: Page) -> None:
        """SRC lines 184-185: at 67 %, critical 01–07, maladresse from 87; a read 87 is a maladresse."""
        racine = ouvrir(site_page, "basic-maison/tests/", "test-basic")
        reponse = soumettre(racine, {"score": "67", "circonstance": "0", "affaibli": False, "jet": "87"})
        assert (reponse["resultat"], reponse["seuil_critique"], reponse["seuil_maladresse"]) == (
            "echec_critique",
            7,
            87,
        )
        assert reponse["probabilites"] == {
            "reussite_critique": "7/100",
            "reussite": "3/5",
            "echec": "19/100",
            "echec_critique": "7/50",
        }
        assert reponse["des_lus"] is True and reponse["rejouer"]["jet"] == "87"
        assert ligne_surlignee(racine).split("\t") == ["Maladresse", "87–00"]

    def test_a_80_plus_de_maladresse(self, site_page: Page) -> None:
        """SRC line 185: at 80 % no maladresse; 00 stays a plain failure."""
        racine = ouvrir(site_page, "basic-maison/tests/", "test-basic")
        reponse = soumettre(racine, {"score": "80", "circonstance": "0", "jet": "00"})
        assert (reponse["jet"], reponse["resultat"], reponse["seuil_maladresse"]) == (100, "echec", None)
        assert "plus de maladresse" in affiche(racine)

    def test_circonstance_affaibli_et_jet_lance(self, site_page: Page) -> None:
        """The modifier and −30 % move S; an empty field rolls a d100 resolved by the same thresholds."""
        racine = ouvrir(site_page, "basic-maison/tests/", "test-basic")
        reponse = soumettre(racine, {"score": "70", "circonstance": "-20", "affaibli": True, "jet": ""})
        assert reponse["score_effectif"] == 20 and reponse["des_lus"] is False
        jet = reponse["jet"]
        plage = next(r for r, suites in reponse["plages"].items() if any(a <= jet <= b for a, b in suites))
        assert reponse["resultat"] == plage and reponse["rejouer"]["jet"] == str(jet)

    def test_un_jet_au_dela_de_100_est_refuse(self, site_page: Page) -> None:
        """A roll above 100 is refused next to the field."""
        racine = ouvrir(site_page, "basic-maison/tests/", "test-basic")
        mauvais_champ(
            racine,
            {"score": "50", "circonstance": "0", "affaibli": False, "jet": "101"},
            "jet",
            "va de 01 à 100",
        )
        assert soumettre(racine, {"jet": "50"})["resultat"] == "reussite"

    def test_le_jet_de_caracteristique(self, site_page: Page) -> None:
        """SRC line 212: CHA 13 × 5 = 65; × 1 = 13 (the text's example)."""
        racine = ouvrir(site_page, "basic-maison/tests/", "jet-de-caracteristique-basic")
        reponse = soumettre(racine, {"caracteristique": "13", "multiplicateur": "5", "jet": "66"})
        assert (reponse["score_effectif"], reponse["resultat"], reponse["seuil_maladresse"]) == (
            65,
            "echec",
            85,
        )
        reponse = soumettre(racine, {"multiplicateur": "1", "jet": "02"})
        assert (reponse["score_effectif"], reponse["resultat"]) == (13, "reussite_critique")
        mauvais_champ(racine, {"caracteristique": "-2"}, "caracteristique", "au moins 0")


class TestCreation:
    def test_valide_puis_regles_enfreintes(self, site_page: Page) -> None:
        """A10: what is left in each pool; above 65 % and points outside the culture are listed."""
        racine = ouvrir(site_page, "basic-maison/cultures-et-professions/", "creation-basic")
        reponse = soumettre(racine, {})
        assert reponse["valide"] and (
            reponse["reste_culture"],
            reponse["reste_profession"],
            reponse["reste_libre"],
        ) == (0, 0, 85)
        reponse = soumettre(
            racine, {"culture": "Nomade", "competences": "Athlétisme : 40 ; Commerce : 5/0/0 ; Natation : 5"}
        )
        assert (reponse["reste_culture"], reponse["reste_profession"], reponse["reste_libre"]) == (
            50,
            100,
            150,
        )
        assert reponse["violations"] == [
            "Commerce n'est pas une compétence de la culture Nomade : elle ne peut pas recevoir de points de "
            "culture.",
            "Athlétisme : 66 % dépasse le maximum de 65 % à la création (base incluse).",
        ]
        assert "2 règles enfreintes" in affiche(racine)

    def test_une_ligne_fautive_est_nommee(self, site_page: Page) -> None:
        """A line without « : » is named by its number, next to the field."""
        racine = ouvrir(site_page, "basic-maison/cultures-et-professions/", "creation-basic")
        mauvais_champ(
            racine, {"competences": "Esquive : 5 ; Bagarre 10"}, "competences", "Ligne 2 (« Bagarre 10 »)"
        )


class TestBlessures:
    def test_la_blessure_grave_avec_un_jet_lu(self, site_page: Page) -> None:
        """SRC line 221, A7: 7 of 12 PV is a serious wound; CON 13 × 5 = 65 %; 66 fails: 8 minutes, −30 %."""
        racine = ouvrir(site_page, "basic-maison/blessures-et-guerison/", "blessures-basic")
        coup = {"pv": "12", "pv_max": "12", "con": "13", "degats": "7", "jet_choc": "66", "jet_agonie": ""}
        reponse = soumettre(racine, coup)
        assert (reponse["pv_apres"], reponse["etat"]) == (5, "blessure_grave")
        [choc] = reponse["jets"]
        issue = choc["issue"]
        assert (issue["cible"], choc["probabilite_reussite"], issue["resultat"], issue["conscient"]) == (
            65,
            "13/20",
            "echec",
            False,
        )
        assert "perd connaissance 8 minutes, puis −30 %" in affiche(racine)

    def test_l_agonie_lancee(self, site_page: Page) -> None:
        """SRC line 224: at 2 PV, both CON rolls are rolled by the second button."""
        racine = ouvrir(site_page, "basic-maison/blessures-et-guerison/", "blessures-basic")
        reponse = soumettre(
            racine, {"degats": "10", "jet_choc": "", "jet_agonie": ""}, action="basic.blessure.lancer"
        )
        noms = [j["demande"]["nom"] for j in reponse["jets"]]
        assert reponse["etat"] == "agonie" and noms == ["choc", "agonie"]
        assert all(1 <= j["issue"]["jet"] <= 100 and j["des_lus"] is False for j in reponse["jets"])
        assert reponse["jets"][1]["demande"]["cible"] == 39

    def test_la_mort_et_une_entree_invalide(self, site_page: Page) -> None:
        """0 PV or less is death; current PV of 0 cannot take a hit."""
        racine = ouvrir(site_page, "basic-maison/blessures-et-guerison/", "blessures-basic")
        assert soumettre(racine, {"pv": "12", "degats": "12"})["etat"] == "mort"
        mauvais_champ(racine, {"pv": "0"}, "pv", "« PV actuels » doit être au moins 1")


class TestSoins:
    def test_la_guerison(self, site_page: Page) -> None:
        """Guérison 1d6 read as 4 on 10/12 PV: 12, never above the maximum; rolled, within 1d3."""
        racine = ouvrir(site_page, "basic-maison/blessures-et-guerison/", "soins-basic")
        reponse = soumettre(
            racine, {"competence": "Guérison", "pv": "10", "pv_max": "12", "con": "13", "des": "4"}
        )
        assert (reponse["pv_apres"], reponse["probabilites"], reponse["vitesse_de_guerison"]) == (
            12,
            {"11": "1/6", "12": "5/6"},
            3,
        )
        reponse = soumettre(racine, {"competence": "Premiers secours", "pv": "5", "des": ""})
        assert reponse["pv_apres"] == 5 + reponse["points"] and 1 <= reponse["points"] <= 3
        mauvais_champ(racine, {"des": "4"}, "des", "Un d3 montre une valeur de 1 à 3")


class TestAttaque:
    def test_le_critique_a_la_dague(self, site_page: Page) -> None:
        """SRC lines 247, 253: 65 against 35 is 80 %; 05 is a critical; 2d3+4 +1d4 − 2 PA from read dice."""
        racine = ouvrir(site_page, "basic-maison/combat/", "attaque-basic")
        reponse = soumettre(
            racine,
            {
                "att": "65",
                "defense": "35",
                "jet": "05",
                "arme": "Dague/Poignard",
                "modificateur": "+1d4",
                "pa": "2",
                "des": "1 3 2",
            },
        )
        assert reponse["attaque"] == {"jet": 5, "chance": 80, "resultat": "reussite_critique"}
        assert (reponse["seuils"]["seuil_special"], reponse["seuils"]["seuil_critique"]) == (4, 8)
        assert (reponse["degats"]["arme"], reponse["degats"]["degats"]) == ("2d3+4", 8)
        assert reponse["distributions"]["critique"]["12"] == "1/36"

    def test_une_attaque_faible_lancee(self, site_page: Page) -> None:
        """SRC line 248: 35 against 65 is 20 %; maladresse from 40; a rolled attack is replayable."""
        racine = ouvrir(site_page, "basic-maison/combat/", "attaque-basic")
        reponse = soumettre(
            racine, {"att": "35", "defense": "65", "jet": "", "modificateur": "0", "pa": "0", "des": ""}
        )
        attaque = reponse["attaque"]
        assert (attaque["chance"], reponse["seuils"]["seuil_maladresse"], reponse["des_lus"]) == (
            20,
            40,
            False,
        )
        assert reponse["rejouer"]["jet"] == str(attaque["jet"])
        assert (reponse["degats"] is not None) is (
            attaque["resultat"] in {"reussite_speciale", "reussite_critique", "reussite"}
        )

    def test_un_mauvais_nombre_de_des_de_degats(self, site_page: Page) -> None:
        """A critical needs twice the weapon's dice: the message says how many."""
        racine = ouvrir(site_page, "basic-maison/combat/", "attaque-basic")
        mauvais_champ(
            racine,
            {
                "att": "65",
                "defense": "35",
                "jet": "05",
                "arme": "Dague/Poignard",
                "modificateur": "0",
                "des": "2",
            },
            "des",
            "Il faut 2 dés de dégâts : 2 pour 2d3+4 (1 lu)",
        )


class TestInitiative:
    def ajouter(self, racine: Locator, nom: str, dex: str, action: str, armure: str = "0") -> dict:
        return soumettre(racine, {"nom": nom, "dex": dex, "armure": armure, "pa": "", "action": action})

    def test_un_combat_entier(self, site_page: Page) -> None:
        """A9: shots first, then melee by score; a tie acts together; remove; next round keeps the others."""
        racine = ouvrir(site_page, "basic-maison/initiative/", "initiative-basic")
        self.ajouter(racine, "Aldo", "14", "melee", armure="2")
        self.ajouter(racine, "Bera", "10", "tir_a_distance")
        reponse = self.ajouter(racine, "Cid", "12", "melee")
        assert reponse["chances"]["Cid"] == {"nom": "Cid", "en_tete": "7/12", "seul_en_tete": "5/12"}
        reponse = soumettre(racine, {"des": "1 1 1"}, action="basic.initiative.lancer")
        assert reponse["groupes"] == [
            {"rang": 1, "action": "tir_a_distance", "score": 11, "combattants": ["Bera"], "simultane": False},
            {"rang": 2, "action": "melee", "score": 13, "combattants": ["Aldo", "Cid"], "simultane": True},
        ]
        assert "Aldo et Cid — en même temps" in affiche(racine)
        reponse = cliquer(racine, "Retirer Bera")
        assert [c["nom"] for c in reponse["combattants"]] == ["Aldo", "Cid"] and reponse["des"] == [1, 1]
        reponse = soumettre(racine, {"des": ""}, action="basic.initiative.round_suivant")
        assert reponse["round"] == 2 and len(reponse["des"]) == 2 and not reponse["des_lus"]
        reponse = soumettre(racine, {}, action="basic.initiative.vider")
        assert reponse["combattants"] == []

    def test_les_noms_restent_du_texte_et_des_des_fautifs(self, site_page: Page) -> None:
        """A name with markup is shown as text; one d6 per combatant is required."""
        racine = ouvrir(site_page, "basic-maison/initiative/", "initiative-basic")
        soumettre(racine, {}, action="basic.initiative.vider")
        nom = "<img src=x onerror=alert(1)>"
        reponse = self.ajouter(racine, nom, "10", "magie")
        assert reponse["combattants"][0]["nom"] == nom
        assert racine.locator(".regles-widget__resultat img").count() == 0
        expect(racine.locator(".regles-widget__resultat")).to_contain_text(nom)
        mauvais_champ(
            racine, {"des": "1 2"}, "des", "Il faut un d6 par combattant", "basic.initiative.lancer"
        )
        assert soumettre(racine, {"des": "6"}, "basic.initiative.lancer")["des"] == [6]


class TestNouveauxOutils:
    def test_actions_du_round(self, site_page: Page) -> None:
        """SRC lines 250 and 55: EXPERT with a shield: 2 attacks, 2 parries; dodging forgoes the attack."""
        racine = ouvrir(site_page, "basic-maison/combat/", "actions-du-round-basic")
        expect(racine.locator(".regles-widget__statique")).to_contain_text("2 attaques, 2 parades")
        reponse = soumettre(racine, {"att": "85", "bouclier": True, "esquive": False})
        assert (reponse["deplacements"], reponse["attaques"], reponse["parades"], reponse["expert"]) == (
            1,
            2,
            2,
            True,
        )
        reponse = soumettre(racine, {"att": "50", "bouclier": False, "esquive": True})
        assert (reponse["attaques"], reponse["parades"]) == (0, 1)
        mauvais_champ(racine, {"att": "-1"}, "att", "au moins 0")

    def test_opposition(self, site_page: Page) -> None:
        """SRC lines 74 and 246: Discrétion 60 vs Perception 45 → 65 %; 40 succeeds; rolled and shared."""
        racine = ouvrir(site_page, "basic-maison/competences/", "opposition-basic")
        reponse = soumettre(racine, {"active": "60", "passive": "45", "circonstance": "0", "jet": "40"})
        assert (reponse["chance"], reponse["resultat"], reponse["seuil_critique"]) == (65, "reussite", 7)
        reponse = soumettre(racine, {"jet": ""})
        assert reponse["des_lus"] is False and reponse["rejouer"]["jet"] == str(reponse["jet"])

    def test_langue(self, site_page: Page) -> None:
        """SRC line 134: 51-75 % is ordinary conversation; the band's row is highlighted."""
        racine = ouvrir(site_page, "basic-maison/competences/", "langue-basic")
        reponse = soumettre(racine, {"langue": "60"})
        assert reponse["niveau"] == {"minimum": 51, "maximum": 75, "niveau": "des conversations ordinaires"}
        assert "des conversations ordinaires" in ligne_surlignee(racine)


class TestPartage:
    def test_le_lien_partage_redonne_le_jet(self, site_page: Page) -> None:
        """The address after a roll reopens the widget with the same dice, marked as shared (reloads)."""
        racine = ouvrir(site_page, "basic-maison/combat/", "attaque-basic")
        lance = soumettre(
            racine,
            {"att": "65", "defense": "35", "jet": "", "arme": "Hache", "modificateur": "+1d4", "des": ""},
        )
        assert "#partage=w2-attaque-basic." in site_page.url
        site_page.reload()
        racine = widget(site_page, "attaque-basic")
        expect(racine).to_have_attribute("data-partage", "true", timeout=60_000)
        partage = resultat(racine)
        for cle in ("attaque", "seuils", "distributions", "degats"):
            assert partage[cle] == lance[cle]
        assert "Résultat partagé par un lien" in affiche(racine)
