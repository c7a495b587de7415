"""On a phone (390 px wide): no page scrolls sideways, the roll log's button covers no text;
screenshots kept for a person to look at.

Both checks read the same visit: one phone page goes over every page once, as a reader does (instant
navigation, :func:`aller`), so the rules engine starts once for the whole sweep."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from tests.browser.conftest import SiteServer
from tests.browser.test_accessibilite import pages_du_site
from tests.browser.widgets import aller_sur_une_autre_page, page_de_telephone, page_prete

pytestmark = pytest.mark.browser

ARTEFACTS = Path(__file__).resolve().parents[1] / "artefacts" / "telephone"
CAPTURES = {"", "basic-maison/attributs-derives/", "basic-kar/combat-heroique/", "el-toto/combat/"}


@pytest.fixture(scope="module")
def telephone(browser: Browser, server: SiteServer) -> Iterator[Page]:
    with page_de_telephone(browser, server.url, device_scale_factor=2) as page:
        yield page


CHEVAUCHEMENTS = """() => {
  const cadre = document.querySelector(".regles-journal__bascule").getBoundingClientRect()
  const entete = document.querySelector(".md-header").getBoundingClientRect()
  // text scrolled under Material's header is hidden by the header itself, button or not
  const touche = r => r.width > 0 && r.height > 0 && r.left < cadre.right && r.right > cadre.left
                      && Math.max(r.top, entete.bottom) < cadre.bottom && r.bottom > cadre.top
  const sous = []
  const marcheur = document.createTreeWalker(document.querySelector(".md-main"), NodeFilter.SHOW_TEXT)
  for (let n = marcheur.nextNode(); n; n = marcheur.nextNode()) {
    if (!n.textContent.trim()) continue
    const plage = document.createRange()
    plage.selectNodeContents(n)
    if ([...plage.getClientRects()].some(touche)) sous.push(n.textContent.trim().slice(0, 40))
  }
  return sous
}"""


@pytest.fixture(scope="module")
def releve(telephone: Page, site: Path) -> dict[str, dict[str, object]]:
    """Every page visited once at 390 × 844: the pages wider than the screen (their width), and the text
    under the roll log's button at the top and half-way down; screenshots of CAPTURES kept."""
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    trop_larges: dict[str, object] = {}
    couverts: dict[str, object] = {}
    for chemin in pages_du_site(site):
        aller_sur_une_autre_page(telephone, chemin)
        page_prete(telephone)
        telephone.evaluate("window.scrollTo(0, 0)")
        largeur = telephone.evaluate("document.documentElement.scrollWidth")
        if largeur > 390:
            trop_larges[chemin] = largeur
        if chemin in CAPTURES:
            nom = (chemin.strip("/").replace("/", "-") or "accueil") + ".png"
            telephone.screenshot(path=str(ARTEFACTS / nom), full_page=False)
        for position in ("0", "document.documentElement.scrollHeight / 2"):
            telephone.evaluate(f"window.scrollTo(0, {position})")
            sous = telephone.evaluate(CHEVAUCHEMENTS)
            if sous:
                couverts[f"{chemin} @ {position}"] = sous
    return {"trop_larges": trop_larges, "couverts": couverts}


def test_aucune_page_ne_defile_de_cote_sur_un_telephone(releve: dict[str, dict[str, object]]) -> None:
    """Every page fits 390 px: wide tables scroll inside their own box, not the page."""
    assert releve["trop_larges"] == {}


def test_le_bouton_du_journal_ne_couvre_aucun_texte(releve: dict[str, dict[str, object]]) -> None:
    """At 390 × 844, on every page, at the top and half-way down, the log's button overlaps no text
    (it sits in the header, beside the search)."""
    assert releve["couverts"] == {}


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
