"""The « Outils » page in Chromium: every registered tool is listed under its system, and each link
lands on that tool, ready to compute. The home page's compact « Outils »: one tap to a tool on a phone,
the reader's system first."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from rules_py.web.outil import OUTILS
from rules_py.web.typographie import typographie
from tests.browser.conftest import SiteServer
from tests.browser.widgets import PRET, aller, page_de_telephone, page_prete

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("nom", sorted(OUTILS))
def test_chaque_lien_de_l_index_mene_a_son_outil_pret(site_page: Page, nom: str) -> None:
    """A click on the tool's line opens its rules page at the widget, which becomes ready."""
    aller(site_page, "outils/")
    ligne = site_page.locator(f'.regles-index-outils li[data-outil="{nom}"]')
    expect(ligne).to_contain_text(typographie(OUTILS[nom].titre))
    ligne.locator("a").click()
    ancre = site_page.url.split("#", 1)[1]
    cible = site_page.locator(f"#{ancre}")
    expect(cible).to_have_attribute("data-widget", nom)
    expect(cible).to_have_attribute("data-state", "ready", timeout=60_000)
    expect(cible).to_be_in_viewport()


def _groupes_dans_l_ordre_affiche(page: Page) -> list[str]:
    """The home page's tool groups, top to bottom as the reader sees them."""
    return page.locator(".regles-raccourcis__systeme").evaluate_all(
        "gs => gs.map(g => [g.getBoundingClientRect().top, g.dataset.systeme]).sort((a, b) => a[0] - b[0])"
        ".map(([, s]) => s)"
    )


def test_au_telephone_un_toucher_sur_l_accueil_ouvre_l_outil(browser: Browser, server: SiteServer) -> None:
    """On a 390 px phone the home page's tools are on the first screens; one tap on « Combat héroïque »
    opens its rules page at the tool, ready."""
    with page_de_telephone(browser, server.url, locale="fr-FR") as page:
        page.goto("")
        page_prete(page)
        lien = page.locator('.regles-raccourcis li[data-outil="combat-heroique"] a')
        expect(lien).to_have_text("Combat héroïque")
        assert page.locator(".regles-raccourcis").bounding_box()["y"] < 844
        lien.tap()
        cible = page.locator('[data-widget="combat-heroique"]')
        expect(cible).to_have_attribute("data-state", "ready", timeout=PRET)
        expect(cible).to_be_in_viewport()


def test_mon_systeme_vient_en_tete_des_outils_de_l_accueil(site_page: Page) -> None:
    """With « El Toto » chosen, its group of tools comes first; choosing « Actions d100 » on the page
    brings that one first; with no system the site's order."""
    aller(site_page, "")
    site_page.evaluate("localStorage.removeItem('regles.mon-systeme')")
    site_page.reload()
    page_prete(site_page)
    ordre = ["Basic maison", "BaSIC — KAR", "El Toto", "Actions d100", "Dés"]
    assert _groupes_dans_l_ordre_affiche(site_page) == ordre
    site_page.evaluate(
        "localStorage.setItem('regles.mon-systeme', JSON.stringify({ version: 1, systeme: 'El Toto' }))"
    )
    site_page.reload()
    page_prete(site_page)
    assert _groupes_dans_l_ordre_affiche(site_page) == ["El Toto", *[s for s in ordre if s != "El Toto"]]
    site_page.locator(".regles-choix-systeme select.regles-mon-systeme__choix").select_option("Actions d100")
    assert _groupes_dans_l_ordre_affiche(site_page) == [
        "Actions d100",
        *[s for s in ordre if s != "Actions d100"],
    ]
    site_page.evaluate("localStorage.removeItem('regles.mon-systeme')")
