"""The rules engine in the page: snapshot start-up, its fallbacks, faults and fresh dice."""

from __future__ import annotations

import gzip

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from tests.browser.conftest import SiteServer
from tests.browser.widgets import PRET, soumettre, widget

pytestmark = pytest.mark.browser


def source_du_moteur(page: Page) -> str:
    """How the engine started: ``instantane`` (memory snapshot) or ``chargement`` (plain load)."""
    expect(page.locator("html")).to_have_attribute("data-moteur", "pret", timeout=PRET)
    return page.locator("html").get_attribute("data-moteur-source") or ""


def test_snapshot_is_used(page: Page) -> None:
    """A normal visit restores the build's memory snapshot."""
    page.goto("outils/")
    assert source_du_moteur(page) == "instantane"
    assert soumettre(widget(page, "jet-de-des"), {"expression": "2d6", "des": "1 6"})["total"] == 7


@pytest.mark.parametrize(
    "corps",
    [b"pas du gzip", gzip.compress(b"\x00" * 4096), gzip.compress(b"instantane tronque")[:20]],
    ids=["pas-gzip", "gzip-de-zeros", "gzip-tronque"],
)
def test_corrupt_snapshot_falls_back_to_a_plain_load(page: Page, corps: bytes) -> None:
    """A corrupt snapshot is set aside: Pyodide loads normally and the widgets work."""
    page.route("**/instantane.bin.gz", lambda route: route.fulfill(status=200, body=corps))
    page.goto("outils/")
    assert source_du_moteur(page) == "chargement"
    assert soumettre(widget(page, "jet-de-des"), {"expression": "1d8", "des": "5"})["total"] == 5


def test_missing_snapshot_falls_back_to_a_plain_load(page: Page) -> None:
    """Without the snapshot file, the engine still starts."""
    page.route("**/instantane.bin.gz", lambda route: route.fulfill(status=404, body=b""))
    page.goto("outils/")
    assert source_du_moteur(page) == "chargement"


def test_missing_wasm_keeps_the_fallback_and_retries(page: Page) -> None:
    """Without the wasm the widget says so, keeps its static content, and « Réessayer » recovers."""

    def bloquer(route: Route) -> None:
        route.abort()

    page.route("**/*.wasm*", bloquer)
    page.goto("outils/")
    racine = page.locator('[data-widget="jet-de-des"]')
    expect(racine).to_have_attribute("data-state", "error", timeout=PRET)
    expect(racine.locator(".regles-widget__etat")).to_contain_text("pyodide.asm.wasm")
    expect(racine.locator(".regles-widget__statique")).to_be_visible()
    page.unroute("**/*.wasm*", bloquer)
    racine.get_by_role("button", name="Réessayer").click()
    racine = widget(page, "jet-de-des")
    assert soumettre(racine, {"expression": "1d6", "des": "2"})["total"] == 2


def test_killed_worker_is_replaced_at_the_next_action(page: Page) -> None:
    """If the worker dies, the pending call fails in French and the next action restarts it."""
    page.goto("outils/")
    racine = widget(page, "jet-de-des")
    assert soumettre(racine, {"expression": "1d6", "des": "3"})["total"] == 3
    travailleur = next(w for w in page.workers if "travailleur" in w.url)
    travailleur.evaluate("close()")
    assert soumettre(racine, {"expression": "1d6", "des": "4"}) == {}
    expect(racine.locator(".regles-widget__resultat")).to_contain_text("ne répond plus")
    assert soumettre(racine, {"expression": "1d6", "des": "5"})["total"] == 5
    expect(racine).to_have_attribute("data-state", "ready")


def test_two_fresh_loads_roll_different_dice(browser: Browser, server: SiteServer) -> None:
    """The restored snapshot is reseeded: two fresh visits do not replay the same dice."""
    suites = []
    for _ in range(2):
        contexte = browser.new_context(base_url=server.url, service_workers="block")
        page = contexte.new_page()
        page.goto("outils/")
        suites.append(soumettre(widget(page, "jet-de-des"), {"expression": "20d100", "des": ""})["des"])
        assert source_du_moteur(page) == "instantane"
        contexte.close()
    assert suites[0] != suites[1]
