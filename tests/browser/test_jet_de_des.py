"""The ``jet-de-des`` widget in Chromium: rolls, dice read on the table, errors, instant navigation."""

from __future__ import annotations

from fractions import Fraction

import pytest
from playwright.sync_api import Page, expect

from tests.browser.widgets import aller, erreur, ouvrir, resultat, soumettre, widget

pytestmark = pytest.mark.browser


def test_le_repli_est_la_avant_python(page: Page) -> None:
    """The static distribution is in the HTML and the form is hidden until the widget mounts."""
    page.route("**/*.wasm*", lambda route: route.abort())
    page.goto("outils/")
    racine = page.locator('[data-widget="jet-de-des"]')
    expect(racine.locator(".regles-widget__statique")).to_contain_text("Distribution exacte de 1d6+2")
    expect(racine).to_have_attribute("data-state", "error", timeout=60_000)
    expect(racine.locator(".regles-widget__etat")).to_contain_text(
        "Le moteur de règles n’a pas pu se charger"
    )
    expect(racine.locator(".regles-widget__statique")).to_be_visible()
    expect(racine.get_by_role("button", name="Réessayer")).to_be_visible()


class TestJetDeDes:
    def test_un_jet(self, site_page: Page) -> None:
        """A roll gives every die, the total and the exact odds of that total."""
        racine = ouvrir(site_page, "outils/", "jet-de-des")
        reponse = soumettre(racine, {"expression": "2d6+1", "des": ""})
        assert reponse["expression"] == "2d6+1"
        assert len(reponse["des"]) == 2 and all(1 <= d <= 6 for d in reponse["des"])
        assert reponse["total"] == sum(reponse["des"]) + 1
        assert (reponse["minimum"], reponse["maximum"], reponse["moyenne"]) == (3, 13, "8/1")
        attendu = Fraction(6 - abs(reponse["total"] - 8), 36)
        assert reponse["probabilite_total"] == f"{attendu.numerator}/{attendu.denominator}"
        assert reponse["des_lus"] is False

    def test_les_des_lus_sur_la_table(self, site_page: Page) -> None:
        """Dice typed by hand are used instead of a roll."""
        racine = ouvrir(site_page, "outils/", "jet-de-des")
        reponse = soumettre(racine, {"expression": "1d3+2", "des": "3"})
        assert (reponse["des"], reponse["total"], reponse["probabilite_total"], reponse["des_lus"]) == (
            [3],
            5,
            "1/3",
            True,
        )
        expect(racine.locator(".regles-widget__resultat")).to_contain_text("1d3+2 → [3] + 2 = 5")

    @pytest.mark.parametrize(
        ("valeurs", "champ", "message"),
        [
            ({"expression": "2d6+", "des": ""}, "expression", "un nombre ou un dé attendu à la position 5"),
            ({"expression": "101d6", "des": ""}, "expression", "la limite est 100 dés par terme"),
            ({"expression": "1d6", "des": "7"}, "des", "Un d6 montre une valeur de 1 à 6 (reçu\u00a0: 7)"),
            (
                {"expression": "<img src=x onerror=alert(1)>", "des": ""},
                "expression",
                "«\u00a0<\u00a0» trouvé",
            ),
        ],
    )
    def test_une_entree_invalide_dit_pourquoi_et_le_reste_marche(
        self, site_page: Page, valeurs: dict[str, str], champ: str, message: str
    ) -> None:
        """A bad field gets a French message next to it; the widget then works again."""
        racine = ouvrir(site_page, "outils/", "jet-de-des")
        assert soumettre(racine, valeurs) == {}
        assert message in erreur(racine, champ)
        assert racine.locator(".regles-widget__resultat img").count() == 0
        assert soumettre(racine, {"expression": "1d4", "des": "2"})["total"] == 2
        expect(racine.locator(f'[data-champ="{champ}"] .regles-champ__erreur')).to_be_hidden()

    def test_une_grande_expression_se_lance_sans_distribution(self, site_page: Page) -> None:
        """Beyond the distribution limit the roll works and says why the odds are missing."""
        racine = ouvrir(site_page, "outils/", "jet-de-des")
        reponse = soumettre(racine, {"expression": "100d1000", "des": ""})
        assert len(reponse["des"]) == 100 and "probabilite_total" not in reponse
        expect(racine.locator(".regles-widget__resultat")).to_contain_text("limitée à 10000 totaux")

    def test_la_navigation_instantanee_garde_le_moteur(self, site_page: Page) -> None:
        """After moving to another page and back, the widget is ready again without a reload."""
        aller(site_page, "outils/")
        widget(site_page, "jet-de-des")
        site_page.evaluate("window.__meme_document = true")
        aller(site_page, "glossaire/")
        aller(site_page, "outils/")
        assert site_page.evaluate("window.__meme_document") is True
        racine = widget(site_page, "jet-de-des")
        assert soumettre(racine, {"expression": "1d6", "des": "4"})["total"] == 4
        assert resultat(racine)["des"] == [4]


class TestPartage:
    def test_le_lien_partage_redonne_le_jet(self, page: Page) -> None:
        """The address after a roll reopens the widget with the same dice, marked as shared."""
        page.goto("outils/")
        racine = widget(page, "jet-de-des")
        premier = soumettre(racine, {"expression": "3d6+1", "des": ""})
        lien = page.url
        assert "#partage=" in lien
        page.goto("glossaire/")
        page.goto(lien)
        page.reload()
        racine = widget(page, "jet-de-des")
        expect(racine).to_have_attribute("data-partage", "true", timeout=60_000)
        partage = resultat(racine)
        assert (partage["des"], partage["total"]) == (premier["des"], premier["total"])
        assert partage["des_lus"] is True
        expect(racine.locator(".regles-widget__resultat")).to_contain_text("Résultat partagé")
        expect(racine.locator('input[name="expression"]')).to_have_value("3d6+1")

    @pytest.mark.parametrize(
        "hash_", ["#partage=w1-jet-de-des.%%%", "#partage=w1-jet-de-des.bm9u", "#partage=xyz"]
    )
    def test_un_lien_abime_est_ignore_avec_un_message(self, page: Page, hash_: str) -> None:
        """A broken shared link says so in French and the widget keeps working."""
        page.goto(f"outils/{hash_}")
        racine = widget(page, "jet-de-des")
        expect(racine.locator(".regles-widget__resultat")).to_contain_text("Le lien de partage est illisible")
        assert soumettre(racine, {"expression": "1d4", "des": "3"})["total"] == 3
        assert page.errors == []  # type: ignore[attr-defined]


def test_le_journal_garde_les_jets_et_leurs_liens(page: Page) -> None:
    """Dice buttons and widget rolls go into the log (widget rolls with their link); it survives a reload."""
    page.goto("basic-maison/equipement/")
    page.locator("button.regles-des").first.click()
    expect(page.locator(".regles-des__resultat").first).to_contain_text("→", timeout=60_000)
    page.goto("outils/")
    soumettre(widget(page, "jet-de-des"), {"expression": "2d6", "des": ""})
    page.reload()
    page.locator(".regles-journal__bascule").click()
    entrees = page.locator(".regles-journal__entree")
    expect(entrees).to_have_count(2)
    expect(entrees.first).to_contain_text("Lancer de dés")
    assert "#partage=w1-jet-de-des." in (entrees.first.locator("a").get_attribute("href") or "")
    expect(entrees.nth(1)).to_contain_text("1d3+2")
    page.get_by_role("button", name="Effacer le journal").click()
    page.get_by_role("button", name="Oui, effacer").click()
    expect(entrees).to_have_count(0)
