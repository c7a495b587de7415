"""Driving widgets in the real browser: navigate, fill a form, read ``data-result``."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from playwright.sync_api import Browser, Locator, Page, Route, expect

PRET = 60_000  # ms: Pyodide's cold start is a few seconds here; the margin is for a loaded CI machine


TELEPHONE: dict[str, Any] = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
"""A phone at the table: 390 × 844 px, touch."""


@contextmanager
def page_de_telephone(browser: Browser, url: str, **options: Any) -> Iterator[Page]:
    """A page in a fresh phone context (no service worker), closed afterwards."""
    contexte = browser.new_context(base_url=url, service_workers="block", **TELEPHONE, **options)
    try:
        yield contexte.new_page()
    finally:
        contexte.close()


def aller(page: Page, chemin: str) -> None:
    """Open ``chemin`` (like ``basic-maison/tests/``) as a reader would: by clicking a link,
    which Material's instant navigation follows without reloading (the engine's worker
    stays alive); a full load when the site is not open yet, which returns once the page's modules have
    run (they start after its first paint: what the test does next meets the page as it is set up)."""
    if not page.url.startswith("http"):
        page.goto(chemin)
        application_demarree(page)
        return
    cible = page.evaluate("chemin => new URL(chemin, location.origin + '/').href", chemin)
    if page.url.split("#")[0] == cible.split("#")[0]:
        return
    page_prete(page)  # instant navigation is the theme's, which comes at the first gesture
    # The address changes before the theme swaps the page's content in: the old content is marked, and
    # what follows waits until it is gone (else a test could read the old page's tools).
    page.evaluate(
        """cible => {
            document.querySelector("article.md-content__inner")?.setAttribute("data-page-quittee", "")
            const lien = document.createElement("a")
            lien.href = cible
            lien.textContent = "aller"
            document.body.append(lien)
            lien.click()
            lien.remove()
        }""",
        cible,
    )
    page.wait_for_url(lambda url: url.split("#")[0] == cible.split("#")[0])
    page.locator("article[data-page-quittee]").wait_for(state="detached", timeout=PRET)
    page.wait_for_load_state()


def aller_sur_une_autre_page(page: Page, chemin: str) -> None:
    """:func:`aller` to another page of the site, then wait until its tools are mounted: for the sweeps over
    every page, which read the page at once."""
    aller(page, chemin)
    if page.locator("html[data-moteur=pret]").count():
        expect(page.locator('[data-widget][data-state="static"]')).to_have_count(0, timeout=PRET)


@contextmanager
def moteur_retenu(page: Page) -> Iterator[None]:
    """Hold Pyodide's wasm (plain or gzipped) back: the engine stays in ``chargement`` till the end."""
    retenues: list[Route] = []
    page.route("**/pyodide.asm.wasm*", lambda route: retenues.append(route))
    try:
        yield
    finally:
        for retenue in retenues:
            retenue.continue_()
        page.unroute("**/pyodide.asm.wasm*")


def application_demarree(page: Page) -> Page:
    """Wait until the site's modules have all run (``<html data-modules="demarres">``): they start once
    the page has painted (the theme plugin's ``demarreur.js``), after ``DOMContentLoaded`` at times."""
    expect(page.locator("html")).to_have_attribute("data-modules", "demarres", timeout=PRET)
    return page


def page_prete(page: Page) -> None:
    """Wait until the page is set up: on a page with widgets, the engine ready; then the theme's
    script, which comes at the reader's first gesture (``theme-differe.js``): a key press brings it.
    After a full load (an instant navigation that fell back to one), the page first ends loading: before,
    its tools are not all parsed and the theme's script may not yet listen for the gesture."""
    page.wait_for_load_state("load")
    application_demarree(page)
    if page.locator("[data-widget]").count():
        expect(page.locator("html")).to_have_attribute("data-moteur", "pret", timeout=PRET)
    if page.locator("html:not([data-theme])").count():
        page.keyboard.press("Shift")
    expect(page.locator("html")).to_have_attribute("data-theme", "pret", timeout=PRET)


def widget(page: Page, nom: str, rang: int = 0) -> Locator:
    """The ``rang``-th widget of kind ``nom`` on the page, once its engine is ready."""
    racine = page.locator(f'[data-widget="{nom}"]').nth(rang)
    expect(racine).to_have_attribute("data-state", "ready", timeout=PRET)
    return racine


def ouvrir(page: Page, chemin: str, nom: str, rang: int = 0) -> Locator:
    """Go to ``chemin`` as a reader would (:func:`aller`) and return its widget ``nom``."""
    aller(page, chemin)
    return widget(page, nom, rang)


def remplir(racine: Locator, valeurs: dict[str, Any]) -> None:
    """Type each value into the field named by its key (select: by value; checkbox: bool)."""
    for nom, valeur in valeurs.items():
        champ = racine.locator(f'.regles-widget__formulaire [name="{nom}"]')
        pli = racine.locator(f'details.regles-widget__pli:not([open]):has([name="{nom}"]) > summary')
        if pli.count():
            pli.click()  # a folded field (« Plus d’options »): the reader opens its fold first
        genre = champ.evaluate("e => e.tagName === 'SELECT' ? 'select' : e.type")
        if genre == "select":
            champ.select_option(str(valeur))
        elif genre == "checkbox":
            champ.set_checked(bool(valeur))
        else:
            champ.fill(str(valeur))


def resultat(racine: Locator) -> dict[str, Any]:
    """The JSON of ``data-result`` (the facade's keys)."""
    texte = racine.locator(".regles-widget__resultat").get_attribute("data-result") or ""
    return json.loads(texte) if texte else {}


def _attendre_reponse(racine: Locator, action: Callable[[], None]) -> dict[str, Any]:
    """Run ``action`` and wait for the widget's next answer; ``{}`` when it is an error."""
    avant = int(racine.get_attribute("data-reponses") or 0)
    action()
    expect(racine).to_have_attribute("data-reponses", str(avant + 1), timeout=PRET)
    if racine.locator(".regles-widget__resultat .regles-texte--erreur").count():
        return {}
    return resultat(racine)


def soumettre(
    racine: Locator, valeurs: dict[str, Any] | None = None, action: str | None = None
) -> dict[str, Any]:
    """Fill ``valeurs``, submit (Enter, or the button of ``action``), and return the new result.

    Returns ``{}`` when the engine answered with an error (read it with :func:`erreur`).
    """
    if valeurs:
        remplir(racine, valeurs)
    if action:
        bouton = racine.locator(f'.regles-widget__formulaire button[data-op="{action}"]')
        return _attendre_reponse(racine, bouton.click)
    champ = racine.locator(".regles-widget__formulaire input[type=text]").first
    return _attendre_reponse(racine, lambda: champ.press("Enter"))


def cliquer(racine: Locator, libelle: str) -> dict[str, Any]:
    """Click the result button labelled ``libelle`` and return the new result."""
    bouton = racine.locator(".regles-widget__resultat button", has_text=libelle).first
    return _attendre_reponse(racine, bouton.click)


def erreur(racine: Locator, champ: str | None = None) -> str:
    """The French error shown next to ``champ`` (or in the result area)."""
    if champ:
        return racine.locator(f'.regles-champ[data-champ="{champ}"] .regles-champ__erreur').inner_text()
    return racine.locator(".regles-widget__resultat .regles-texte--erreur").inner_text()


def groupe_de_boutons(racine: Locator, groupe: str) -> Locator:
    """The buttons of the result's group whose legend starts with ``groupe`` (a name in it may be isolated
    between U+2068 and U+2069, as every name the reader typed)."""
    marques = "[\u2068\u2069]*"
    debut = re.compile("^" + marques + marques.join(map(re.escape, groupe)))
    return racine.locator(".regles-widget__resultat").get_by_role("group", name=debut).locator("button")


def cliquer_dans(racine: Locator, groupe: str, libelle: str) -> dict[str, Any]:
    """Click ``libelle`` in the result's button group whose legend starts with ``groupe``; the new result."""
    bouton = groupe_de_boutons(racine, groupe).filter(has_text=libelle).first
    expect(bouton).to_be_enabled()
    return _attendre_reponse(racine, bouton.click)


LIEN_MESURE = """(debit => {
  const Travailleur = window.Worker
  window.Worker = function (url, options) {
    const moteur = String(options?.name ?? "").startsWith("moteur-de-regles")
    return new Travailleur(url, moteur ? { ...options, name: `moteur-de-regles;debit=${debit}` } : options)
  }
  window.Worker.prototype = Travailleur.prototype
})(%d)"""
"""The engine's worker named with a link's measure (bytes per second), whatever the page measured."""


def lien_mesure(page: Page, debit: int) -> Page:
    """``page`` on a link of ``debit`` bytes per second as the engine sees it (its choice of formats)."""
    page.add_init_script(LIEN_MESURE % debit)
    return page


def lien_rapide(page: Page) -> Page:
    """``page`` on a fast link as the engine sees it: a loopback server on a loaded machine can send the
    page slowly enough to be measured below 2.5 MB/s (then the wasm comes in xz, without the snapshot)."""
    return lien_mesure(page, 50_000_000)
