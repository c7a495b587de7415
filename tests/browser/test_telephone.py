"""On a phone (390 px wide): no page scrolls sideways; screenshots kept for a person to look at."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from tests.browser.conftest import SiteServer
from tests.browser.test_accessibilite import pages_du_site
from tests.browser.widgets import page_de_telephone, page_prete

pytestmark = pytest.mark.browser

ARTEFACTS = Path(__file__).resolve().parents[1] / "artefacts" / "telephone"
CAPTURES = {"", "basic-maison/attributs-derives/", "basic-kar/combat-heroique/", "el-toto/combat/"}


@pytest.fixture(scope="module")
def telephone(browser: Browser, server: SiteServer) -> Iterator[Page]:
    with page_de_telephone(browser, server.url, device_scale_factor=2) as page:
        yield page


def test_aucune_page_ne_defile_de_cote_sur_un_telephone(telephone: Page, site: Path) -> None:
    """Every page fits 390 px: wide tables scroll inside their own box, not the page."""
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    trop_larges = {}
    for chemin in pages_du_site(site):
        telephone.goto(chemin)
        page_prete(telephone)
        largeur = telephone.evaluate("document.documentElement.scrollWidth")
        if largeur > 390:
            trop_larges[chemin] = largeur
        if chemin in CAPTURES:
            nom = (chemin.strip("/").replace("/", "-") or "accueil") + ".png"
            telephone.screenshot(path=str(ARTEFACTS / nom), full_page=False)
    assert trop_larges == {}


ECRANS = ("basic-maison/ecran/", "basic-kar/ecran/", "el-toto/ecran/", "actions-d100/ecran/")


@pytest.mark.parametrize("chemin", ECRANS)
def test_un_ecran_du_meneur_ne_defile_pas_de_cote_sur_un_telephone(telephone: Page, chemin: str) -> None:
    """A GM screen at 390 px: its wide tables scroll in their box, the page itself does not."""
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    telephone.goto(chemin)
    page_prete(telephone)
    assert telephone.locator(".regles-ecran table").count() >= 1
    assert telephone.evaluate("document.documentElement.scrollWidth") <= 390
    nom = chemin.strip("/").replace("/", "-") + ".png"
    telephone.screenshot(path=str(ARTEFACTS / nom), full_page=False)
