"""The « Outils » page in Chromium: every registered tool is listed under its system, and each link
lands on that tool, ready to compute."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from rules_py.web.outil import OUTILS
from rules_py.web.typographie import typographie
from tests.browser.widgets import aller

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
