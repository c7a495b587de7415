"""Accessibility: axe-core on every page, in both themes, with the widgets mounted.

One page moves from page to page as a reader does (instant navigation, :func:`aller`): the rules engine
starts once; on each page, with its widgets answered, axe runs in the palette it is in, then, for the rules
that colours decide, in the other one, switched by the header's button (the next page starts in that one)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import SiteServer
from tests.browser.widgets import PRET, aller_sur_une_autre_page, page_prete

pytestmark = pytest.mark.browser

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"


def pages_du_site(site: Path) -> list[str]:
    """Every page of the built site, as paths from its root."""
    plan = (site / "sitemap.xml").read_text(encoding="utf-8")
    return sorted({re.sub(r"^https?://[^/]+/", "", url) for url in re.findall(r"<loc>([^<]+)</loc>", plan)})


@pytest.fixture(scope="module")
def page_axe(browser: Browser, server: SiteServer) -> Iterator[Page]:
    """A page that may inject axe-core (the CSP is bypassed for it alone)."""
    contexte = browser.new_context(base_url=server.url, bypass_csp=True, service_workers="block")
    yield contexte.new_page()
    contexte.close()


PALETTES = {"default": "__palette_0", "slate": "__palette_1"}
"""Material's two schemes (light, dark) and the input of the header's switch that selects each."""


def palette(page: Page) -> str:
    """The scheme the page is drawn in."""
    return page.locator("body").get_attribute("data-md-color-scheme") or "default"


def basculer(page: Page, schema: str) -> None:
    """Switch the page to ``schema`` by the header's palette button, clicked without moving the pointer
    there: hovered, the button shows its tooltip after a delay, which axe would meet fading in."""
    page.locator(f"label[for='{PALETTES[schema]}']").dispatch_event("click")
    expect(page.locator("body")).to_have_attribute("data-md-color-scheme", schema)


REGLES_DES_COULEURS = ["color-contrast", "link-in-text-block"]
"""The axe-core rules a palette can change the outcome of (the page is the same but for its colours)."""


def violations(page: Page, regles: list[str] | None = None) -> list[str]:
    """The serious and critical axe-core violations of the page, one line each: of every rule, or of
    ``regles`` only."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    # The settled page: colours still in transition (the theme's palette, which comes at the first
    # gesture) would be measured half-way.
    page.evaluate(
        "() => Promise.all(document.getAnimations()"
        ".filter(a => a.effect?.getComputedTiming().endTime !== Infinity)"
        ".map(a => a.finished.catch(() => {})))"
    )
    resultats = page.evaluate(
        "regles => axe.run(document, {resultTypes: ['violations'],"
        " ...(regles ? {runOnly: {type: 'rule', values: regles}} : {})}).then(r => r.violations"
        ".filter(v => ['serious', 'critical'].includes(v.impact))"
        ".map(v => v.id + ' : ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(' | ')))",
        regles,
    )
    return list(resultats)


def montrer_les_resultats(page: Page) -> None:
    """Submit every widget of the page with its default values, so that results are checked too."""
    for racine in page.locator("[data-widget]").all():
        avant = int(racine.get_attribute("data-reponses") or 0)
        racine.locator(".regles-widget__formulaire button[data-op]").first.click()
        expect(racine).to_have_attribute("data-reponses", str(avant + 1), timeout=PRET)


def test_aucune_page_n_a_de_violation_grave(page_axe: Page, site: Path) -> None:
    """axe-core finds no serious or critical violation on any page, in the light and the dark scheme,
    widgets mounted and answered."""
    constats = {}
    vues = {schema: 0 for schema in PALETTES}
    pages = pages_du_site(site)
    for chemin in pages:
        aller_sur_une_autre_page(page_axe, chemin)
        page_prete(page_axe)
        montrer_les_resultats(page_axe)
        premiere = palette(page_axe)
        for schema in (premiere, *(autre for autre in PALETTES if autre != premiere)):
            if schema != premiere:
                basculer(page_axe, schema)
            vues[schema] += 1
            # Every rule in the scheme the page opened in; in the other, those its colours decide.
            trouve = violations(page_axe, None if schema == premiere else REGLES_DES_COULEURS)
            if trouve:
                constats[f"{chemin} ({schema})"] = trouve
    assert constats == {}
    assert vues["default"] == vues["slate"] == len(pages) > 30
