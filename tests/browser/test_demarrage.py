"""A page with widgets starts its rules engine first; the theme's script waits for it.

Material's bundle (search, instant navigation, palette switch) runs once the engine
is ready or has failed, or at the reader's first key or pointer press; on a page
without widgets it runs at once, as Material ships it.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.widgets import PRET, aller, moteur_retenu, soumettre, widget

pytestmark = pytest.mark.browser

THEME_PRET = "() => document.documentElement.classList.contains('js') && window.document$ !== undefined"


def theme_en_route(page: Page) -> bool:
    """Whether Material's bundle has run (it swaps the root's ``no-js`` for ``js``)."""
    return page.evaluate(THEME_PRET)


def test_le_theme_vient_quand_le_moteur_est_pret(page: Page) -> None:
    """While the engine starts, Material's bundle waits; once it is ready, the theme works."""
    scripts: list[str] = []
    page.on("request", lambda requete: scripts.append(requete.url) if "/bundle." in requete.url else None)
    with moteur_retenu(page):
        page.goto("outils/", wait_until="load")
        expect(page.locator("html")).to_have_attribute("data-moteur", "chargement")
        page.wait_for_timeout(500)
        assert not theme_en_route(page)
        assert scripts == []
    expect(page.locator("html")).to_have_attribute("data-moteur", "pret", timeout=PRET)
    expect(page.locator("html")).to_have_attribute("data-theme", "pret")
    assert theme_en_route(page) and len(scripts) == 1
    # Material set itself up: its search answers, and the widgets were mounted only once.
    page.locator("input.md-search__input").click()
    page.keyboard.type("maladresse", delay=10)
    expect(page.locator(".md-search-result__item").first).to_contain_text("Maladresse", timeout=PRET)
    assert page.locator(".regles-journal").count() == 1
    assert page.locator('[data-widget="jet-de-des"] .regles-widget__formulaire').count() == 1
    assert not page.errors  # type: ignore[attr-defined]


def test_une_touche_amene_le_theme_aussitot(page: Page) -> None:
    """A reader who presses a key before the engine is ready gets the theme straight away."""
    with moteur_retenu(page):
        page.goto("outils/", wait_until="load")
        page.wait_for_timeout(200)
        assert not theme_en_route(page)
        page.keyboard.press("Tab")
        expect(page.locator("html")).to_have_attribute("data-theme", "pret")
        assert theme_en_route(page)
        expect(page.locator("html")).to_have_attribute("data-moteur", "chargement")
    racine = widget(page, "jet-de-des")
    assert soumettre(racine, {"expression": "1d6", "des": "3"})["total"] == 3
    assert not page.errors  # type: ignore[attr-defined]


def test_une_page_sans_widget_execute_le_theme_aussitot(page: Page) -> None:
    """The glossary has no widget: Material's bundle is in the page as Material ships it."""
    with moteur_retenu(page):
        page.goto("glossaire/", wait_until="domcontentloaded")
        assert theme_en_route(page)
        assert page.locator("script[data-regles-theme]").count() == 0


def test_la_navigation_instantanee_apres_un_theme_tardif(page: Page) -> None:
    """After the theme arrived late, instant navigation mounts each page's widgets, once."""
    page.goto("outils/")
    widget(page, "jet-de-des")
    expect(page.locator("html")).to_have_attribute("data-theme", "pret")
    page.evaluate("window.__meme_document = true")
    aller(page, "basic-maison/attributs-derives/")
    racine = widget(page, "modificateur-degats")
    assert page.evaluate("window.__meme_document") is True
    assert racine.locator(".regles-widget__formulaire").count() == 1
    aller(page, "outils/")
    racine = widget(page, "jet-de-des")
    assert page.evaluate("window.__meme_document") is True
    assert page.locator(".regles-journal").count() == 1
    assert soumettre(racine, {"expression": "2d6", "des": "2 5"})["total"] == 7
    assert not page.errors  # type: ignore[attr-defined]


def test_le_theme_vient_quand_le_moteur_echoue(page: Page) -> None:
    """Without its wasm the engine fails: the theme does not wait any longer, and works."""
    page.route("**/pyodide.asm.wasm*", lambda route: route.fulfill(status=404, body=b""))
    page.goto("outils/")
    expect(page.locator("html")).to_have_attribute("data-moteur", "echec", timeout=PRET)
    expect(page.locator("html")).to_have_attribute("data-theme", "pret")
    assert theme_en_route(page)
    expect(page.locator('[data-widget="jet-de-des"] .regles-widget__statique')).to_be_visible()


def test_le_theme_differe_n_envoie_pas_un_second_domcontentloaded(page: Page) -> None:
    """The page's own DOMContentLoaded listeners run once; the theme still sets itself up (search)."""
    page.add_init_script(
        "window.__dcl = 0; document.addEventListener('DOMContentLoaded', () => { window.__dcl += 1 })"
    )
    aller(page, "outils/")
    assert page.evaluate("window.__dcl") == 1
    page.locator("input.md-search__input").click()
    page.keyboard.type("degats", delay=10)
    expect(page.locator(".md-search-result__item").first).to_be_visible(timeout=60_000)


def test_la_palette_du_theme_differe_change_les_couleurs(page: Page) -> None:
    """Material's palette still switches colours after a deferred set-up that skipped its idle writes."""
    page.goto("outils/")
    expect(page.locator("html")).to_have_attribute("data-theme", "pret", timeout=PRET)
    assert page.locator("body").get_attribute("data-md-color-switching") is None
    page.locator("label[for='__palette_1']").click()
    expect(page.locator("body")).to_have_attribute("data-md-color-scheme", "slate")
    expect(page.locator("meta[name='color-scheme']")).to_have_attribute("content", "dark")
    page.locator("label[for='__palette_0']").click()
    expect(page.locator("body")).to_have_attribute("data-md-color-scheme", "default")
    assert not page.errors  # type: ignore[attr-defined]
