"""The Actions d100 widgets in Chromium: the Brugor example, automatic results, rolls replayed, errors.

One page for the whole module (``site_page``), moved by instant navigation, so the
rules engine starts once.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.widgets import erreur, ouvrir, soumettre

pytestmark = pytest.mark.browser

FINE = "\u202f"
MARGES = "actions-d100/marges-et-critiques/"
DIFFICULTE = "actions-d100/difficulte/"


class TestTestActions:
    def test_brugor_rejoue(self, site_page: Page) -> None:
        """Brugor (60 %, À peine difficile) by default: 71, 51, 41 fail, 31 critical; Facile 71 critical."""
        racine = ouvrir(site_page, MARGES, "test-actions")
        expect(racine.locator(".regles-widget__statique")).to_contain_text("Jet 71 contre 40")
        expect(racine.locator('[name="score"]')).to_have_value("60")
        expect(racine.locator('[name="difficulte"]')).to_have_value("a_peine_difficile")
        attendus = {"71": ("echec", "Me", 31), "51": ("echec", "Me", 11), "41": ("echec", "Me", 1)}
        attendus["31"] = ("reussite_critique", "Mr", 9)
        for jet, (resultat, marge, valeur) in attendus.items():
            r = soumettre(racine, {"jet": jet})
            assert (r["seuil"], r["resultat"], r["marge"]) == (
                40,
                resultat,
                {"type": marge, "valeur": valeur},
            )
        assert r["probabilites"] == {
            "reussite_critique": "1/25",
            "reussite": "9/25",
            "echec": "27/50",
            "echec_critique": "3/50",
        }
        assert (r["seuil_critique"], r["jets_critiques"]) == (31, [1, 11, 21, 31])
        r = soumettre(racine, {"difficulte": "facile", "jet": "71"})
        assert (r["seuil"], r["resultat"], r["marge"]) == (
            90,
            "reussite_critique",
            {"type": "Mr", "valeur": 19},
        )
        expect(racine.locator(".regles-widget__resultat")).to_contain_text(
            f"Jet 71 contre 90{FINE}%{FINE}: réussite critique (Mr 19)."
        )

    def test_resultats_automatiques(self, site_page: Page) -> None:
        """01 without a point spent is a plain success; 00 at 150 % is a critical failure; both margins 0."""
        racine = ouvrir(site_page, MARGES, "test-actions")
        r = soumettre(racine, {"score": "30", "difficulte": "miraculeux", "points": False, "jet": "01"})
        assert (r["resultat"], r["marge"], r["points_depenses"]) == (
            "reussite",
            {"type": "Mr", "valeur": 0},
            False,
        )
        r = soumettre(racine, {"score": "150", "difficulte": "moyen", "points": True, "jet": "00"})
        assert (r["jet"], r["resultat"], r["marge"]) == (100, "echec_critique", {"type": "Me", "valeur": 0})
        assert r["probabilites"]["echec"] == "0/1"

    def test_lancer_et_rejouer(self, site_page: Page) -> None:
        """A rolled d100, then its ``rejouer`` typed back: the same result, now marked as read."""
        racine = ouvrir(site_page, MARGES, "test-actions")
        r = soumettre(racine, {"score": "60", "difficulte": "a_peine_difficile", "points": True, "jet": ""})
        assert 1 <= r["jet"] <= 100 and r["des_lus"] is False
        rejeu = soumettre(racine, {"jet": r["rejouer"]["jet"]})
        assert (rejeu["jet"], rejeu["resultat"], rejeu["marge"], rejeu["des_lus"]) == (
            r["jet"],
            r["resultat"],
            r["marge"],
            True,
        )

    def test_jet_invalide_dit_pourquoi(self, site_page: Page) -> None:
        """A roll of 101: the French message is beside the field, and the widget keeps working."""
        racine = ouvrir(site_page, MARGES, "test-actions")
        assert soumettre(racine, {"score": "60", "jet": "101"}) == {}
        assert "Le jet de d100 va de 01 à 100" in erreur(racine, "jet")
        assert soumettre(racine, {"jet": "05"})["jet"] == 5
        expect(racine.locator('[data-champ="jet"] .regles-champ__erreur')).to_be_hidden()


class TestTestCaracteristique:
    def test_lu_lance_et_erreur(self, site_page: Page) -> None:
        """12 at Difficile: target 4 on 1d20, a 3 succeeds (Mr 1); a roll; 21 is off the die."""
        racine = ouvrir(site_page, DIFFICULTE, "test-caracteristique-actions")
        expect(racine.locator(".regles-widget__statique")).to_contain_text("Jet 9 sur 1d20")
        r = soumettre(racine, {"caracteristique": "12", "difficulte": "difficile", "jet": "3"})
        assert (r["seuil"], r["resultat"], r["marge"], r["probabilites"]) == (
            4,
            "reussite",
            {"type": "Mr", "valeur": 1},
            {"reussite": "1/5", "echec": "4/5"},
        )
        r = soumettre(racine, {"difficulte": "immanquable", "jet": ""})
        assert (r["seuil"], r["resultat"], r["des_lus"]) == (20, "reussite", False) and 1 <= r["jet"] <= 20
        assert soumettre(racine, {"jet": "21"}) == {}
        assert "doit être au plus 20" in erreur(racine, "jet")
        assert soumettre(racine, {"jet": "20"})["marge"] == {"type": "Mr", "valeur": 0}
