"""The theme's script waits for the reader; a page with widgets starts its rules engine without it.

Material's bundle (search, instant navigation, palette switch) runs at the reader's first touch,
click, key or wheel, on every page; until then the text, the tools and the search's button work
without it, and what the reader did with the theme's controls meanwhile is given to it.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from tests.browser.conftest import SiteServer
from tests.browser.widgets import (
    PRET,
    TELEPHONE,
    aller,
    application_demarree,
    moteur_retenu,
    page_de_telephone,
    soumettre,
    widget,
)

pytestmark = pytest.mark.browser

THEME_PRET = "() => document.documentElement.classList.contains('js') && window.document$ !== undefined"


def theme_en_route(page: Page) -> bool:
    """Whether Material's bundle has run (it swaps the root's ``no-js`` for ``js``)."""
    return page.evaluate(THEME_PRET)


def requetes_du_theme(page: Page) -> list[str]:
    """The requests for Material's bundle made by ``page`` from now on."""
    scripts: list[str] = []
    page.on("request", lambda requete: scripts.append(requete.url) if "/bundle." in requete.url else None)
    return scripts


def test_le_theme_attend_le_premier_geste_du_lecteur(page: Page) -> None:
    """The engine starts and the tools get ready without Material's bundle, which no one asked for yet;
    the first key press brings it, and then its search answers, with the widgets mounted only once
    and still answering."""
    scripts = requetes_du_theme(page)
    page.goto("outils/")
    racine = widget(page, "jet-de-des")
    page.wait_for_timeout(500)
    assert not theme_en_route(page) and scripts == []
    page.keyboard.press("Shift")
    expect(page.locator("html")).to_have_attribute("data-theme", "pret")
    assert theme_en_route(page) and len(scripts) == 1
    page.locator("input.md-search__input").click()
    page.keyboard.type("maladresse", delay=10)
    expect(page.locator(".md-search-result__item").first).to_contain_text("Maladresse", timeout=PRET)
    assert page.locator(".regles-journal").count() == 1
    assert page.locator('[data-widget="jet-de-des"] .regles-widget__formulaire').count() == 1
    page.keyboard.press("Escape")  # the search closed, the tool's folded options can be opened
    expect(page.locator(".md-search-result__item").first).to_be_hidden()
    assert soumettre(racine, {"expression": "1d6", "des": "4"})["total"] == 4
    assert not page.errors  # type: ignore[attr-defined]


def test_une_recherche_tapee_avant_les_modules_garde_toutes_ses_lettres(
    browser: Browser, server: SiteServer
) -> None:
    """On a slow link a reader taps the search button of a phone and types before the site's modules have
    arrived: the field has the focus from that tap, keeps every letter, and the theme, which that tap
    brings, answers them (the first result names the rule looked up)."""
    with page_de_telephone(browser, server.url) as page:
        retenus: list[Route] = []
        page.route("**/assets/regles/theme-differe.js", lambda route: retenus.append(route))
        page.goto("glossaire/", wait_until="domcontentloaded")
        page.locator("label.md-header__button[for='__search']").tap()
        champ = page.locator("input.md-search__input")
        expect(champ).to_be_focused()
        page.keyboard.type("maladresse", delay=10)
        while not retenus:
            page.wait_for_timeout(50)
        assert not theme_en_route(page)
        for retenu in retenus:
            retenu.continue_()
        expect(page.locator("html")).to_have_attribute("data-theme", "pret", timeout=PRET)
        expect(champ).to_have_value("maladresse")
        expect(page.locator(".md-search-result__item").first).to_contain_text("Maladresse", timeout=PRET)


def test_une_touche_amene_le_theme_pendant_que_le_moteur_demarre(page: Page) -> None:
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


def test_une_page_sans_widget_attend_aussi_le_premier_geste(page: Page) -> None:
    """The glossary has no widget: its text paints and stays without Material's bundle, whose search
    button is in view all the same; a click anywhere brings the theme."""
    scripts = requetes_du_theme(page)
    page.goto("glossaire/")
    page.wait_for_timeout(500)
    assert not theme_en_route(page) and scripts == []
    assert page.locator("script[data-regles-theme]").count() == 1
    expect(page.locator(".md-search")).to_be_visible()
    page.locator("article h1").click()
    expect(page.locator("html")).to_have_attribute("data-theme", "pret")
    assert theme_en_route(page) and len(scripts) == 1
    assert not page.errors  # type: ignore[attr-defined]


def test_la_navigation_instantanee_apres_un_theme_tardif(page: Page) -> None:
    """After the theme arrived late (at the first key press), instant navigation mounts each page's
    widgets, once."""
    page.goto("outils/")
    widget(page, "jet-de-des")
    page.keyboard.press("Shift")
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


def test_le_theme_vient_au_premier_geste_quand_le_moteur_echoue(page: Page) -> None:
    """Without its wasm the engine fails: the tools show their static fallback, and the theme still
    comes at the first gesture, and works."""
    page.route("**/pyodide.asm.wasm*", lambda route: route.fulfill(status=404, body=b""))
    page.goto("outils/")
    expect(page.locator("html")).to_have_attribute("data-moteur", "echec", timeout=PRET)
    expect(page.locator('[data-widget="jet-de-des"] .regles-widget__statique')).to_be_visible()
    page.keyboard.press("Shift")
    expect(page.locator("html")).to_have_attribute("data-theme", "pret")
    assert theme_en_route(page)


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
    application_demarree(page)
    page.keyboard.press("Shift")
    expect(page.locator("html")).to_have_attribute("data-theme", "pret", timeout=PRET)
    assert page.locator("body").get_attribute("data-md-color-switching") is None
    page.locator("label[for='__palette_1']").click()
    expect(page.locator("body")).to_have_attribute("data-md-color-scheme", "slate")
    expect(page.locator("meta[name='color-scheme']")).to_have_attribute("content", "dark")
    page.locator("label[for='__palette_0']").click()
    expect(page.locator("body")).to_have_attribute("data-md-color-scheme", "default")
    assert not page.errors  # type: ignore[attr-defined]


def test_la_palette_touchee_avant_le_theme_est_appliquee(page: Page) -> None:
    """The reader's first gesture is the palette's switch: once the theme has come, the page is dark,
    and the switch offers the light scheme back."""
    aller(page, "glossaire/")  # its modules running (the theme's loader), the theme not yet
    page.locator("label[for='__palette_1']").click()
    expect(page.locator("html")).to_have_attribute("data-theme", "pret")
    expect(page.locator("body")).to_have_attribute("data-md-color-scheme", "slate")
    expect(page.locator("label[for='__palette_0']")).to_be_visible()
    assert not page.errors  # type: ignore[attr-defined]


def test_au_telephone_la_loupe_ouvre_la_recherche_avant_le_theme(
    browser: Browser, server: SiteServer
) -> None:
    """At 390 px, the first tap is on the search's button: the field is ready to type into at once,
    and what is typed is searched once the theme has come."""
    with page_de_telephone(browser, server.url) as telephone:
        telephone.goto("basic-maison/combat/")
        telephone.wait_for_timeout(300)
        assert not theme_en_route(telephone)
        telephone.locator('label[for="__search"]').first.tap()
        champ = telephone.locator("input.md-search__input")
        expect(champ).to_be_focused()
        telephone.keyboard.type("fumble", delay=10)
        expect(telephone.locator(".md-search-result__item").first).to_contain_text("Maladresse", timeout=PRET)


def test_au_telephone_le_premier_appui_sur_un_de_d_une_table_le_lance(
    browser: Browser, server: SiteServer
) -> None:
    """At 390 px, the first press is on a die of the weapons' table and the finger stays down while the
    theme arrives: its set-up, which puts each table in its scrolling frame, waits for the press's click,
    and the die rolls."""
    with page_de_telephone(browser, server.url) as telephone:
        telephone.goto("basic-maison/equipement/")
        bouton = telephone.locator("table button.regles-des").first
        bouton.scroll_into_view_if_needed()
        cadre = bouton.bounding_box()
        assert cadre is not None
        telephone.mouse.move(cadre["x"] + cadre["width"] / 2, cadre["y"] + cadre["height"] / 2)
        telephone.mouse.down()
        telephone.wait_for_timeout(500)
        assert telephone.evaluate("document.documentElement.dataset.theme") is None
        telephone.mouse.up()
        expect(telephone.locator(".regles-des__resultat")).to_contain_text("→", timeout=PRET)
        expect(telephone.locator("html")).to_have_attribute("data-theme", "pret")
        assert bouton.evaluate("bouton => bouton.closest('.md-typeset__table') !== null")


def test_la_barre_d_espace_tenue_sur_un_de_d_une_table_le_lance(page: Page) -> None:
    """Space held on a die of a table, as the first key: the theme's set-up waits for its release, the
    die keeps the focus and rolls."""
    page.goto("basic-maison/equipement/")
    bouton = page.locator("table button.regles-des").first
    bouton.focus()
    page.keyboard.down(" ")
    page.wait_for_timeout(500)
    page.keyboard.up(" ")
    expect(page.locator(".regles-des__resultat")).to_contain_text("→", timeout=PRET)
    expect(page.locator("html")).to_have_attribute("data-theme", "pret")
    expect(bouton).to_be_focused()


BLOCS = """() => [...document.querySelectorAll(
    ".md-header, .md-header *, .md-tabs, .md-sidebar, .md-nav__link, .md-content, article > *, article h2, td"
)].slice(0, 400).map(bloc => {
    const cadre = bloc.getBoundingClientRect()
    const style = getComputedStyle(bloc)
    return [bloc.tagName, bloc.className, cadre.x, cadre.y, cadre.width, cadre.height, style.display,
            style.color, style.backgroundColor, style.fontSize, style.fontWeight, style.visibility]
})"""
"""Where and how the page's blocks are drawn: the header, tabs, sidebars, the article's blocks and cells."""

ECRAN_CSS = "**/assets/regles/ecran.css"


def blocs_dessines(page: Page, chemin: str, *, avec_l_ecran: bool) -> list[list[object]]:
    """The blocks of ``chemin`` drawn with its critical style alone (``ecran.css`` refused), or once
    ``ecran.css`` has come; the engine held back both times (its widgets stay as the page gives them)."""
    if not avec_l_ecran:
        page.route(ECRAN_CSS, lambda route: route.abort())
    with moteur_retenu(page):
        page.goto(chemin)
        arrivee = """() => [...document.styleSheets].some(feuille => {
            try {
                return feuille.href?.endsWith("/ecran.css") && feuille.cssRules.length > 0
            } catch {
                return false  // a sheet that failed to load has no rules to read
            }
        })"""
        application_demarree(page)
        if avec_l_ecran:
            page.wait_for_function(arrivee)
        else:
            assert not page.evaluate(arrivee)
        blocs = page.evaluate(BLOCS)
    page.unroute(ECRAN_CSS)
    return blocs


@pytest.mark.parametrize("chemin", ["", "glossaire/", "el-toto/combat/"])
@pytest.mark.parametrize("telephone", [True, False], ids=["telephone", "ordinateur"])
def test_rien_ne_bouge_quand_la_feuille_entiere_arrive(
    browser: Browser, server: SiteServer, chemin: str, telephone: bool
) -> None:
    """The page painted with its critical style alone has its header, tabs, sidebars, article's blocks
    and table cells where and as they are once the whole sheet (``ecran.css``) has come: nothing moves,
    on a phone (390 px) as on a computer (1,280 px)."""
    options: dict[str, Any] = {} if telephone else {"viewport": {"width": 1280, "height": 900}}
    contexte = browser.new_context(base_url=server.url, service_workers="block", **(options or TELEPHONE))
    try:
        page = contexte.new_page()
        sans_l_ecran = blocs_dessines(page, chemin, avec_l_ecran=False)
        avec_l_ecran = blocs_dessines(page, chemin, avec_l_ecran=True)
    finally:
        contexte.close()
    assert len(sans_l_ecran) > 40
    assert sans_l_ecran == avec_l_ecran
