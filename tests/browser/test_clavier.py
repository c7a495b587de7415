"""Keyboard only: a whole initiative round without the mouse, results announced, focus visible."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.widgets import PRET, resultat, widget

pytestmark = pytest.mark.browser


def tabuler_jusqua(page: Page, selecteur: str, maximum: int = 60) -> None:
    """Press Tab until the focused element matches ``selecteur`` (as a keyboard user would)."""
    for _ in range(maximum):
        if page.evaluate("s => document.activeElement?.matches(s) ?? false", selecteur):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"« {selecteur} » jamais atteint au clavier")


def taper(page: Page, texte: str) -> None:
    """Replace the focused field's text by typing."""
    page.keyboard.press("Control+A")
    page.keyboard.type(texte)


def attendre_reponse(page: Page, avant: int) -> None:
    expect(page.locator('[data-widget="initiative-basic"]')).to_have_attribute(
        "data-reponses", str(avant + 1), timeout=PRET
    )


def test_un_round_d_initiative_au_clavier_seul(page: Page) -> None:
    """Add three combatants, roll, read the order, next round: Tab, typing, arrows and Enter only."""
    page.goto("basic-maison/initiative/")
    racine = widget(page, "initiative-basic")
    formulaire = '[data-widget="initiative-basic"] '
    combattants = [("Aldric", "14", "ArrowDown"), ("Brune", "11", None), ("Cador", "9", None)]
    for numero, (nom, dex, armure) in enumerate(combattants):
        tabuler_jusqua(page, formulaire + '[name="nom"]')
        taper(page, nom)
        page.keyboard.press("Tab")
        taper(page, dex)
        if armure:
            page.keyboard.press("Tab")
            page.keyboard.press(armure)
        tabuler_jusqua(page, formulaire + '[name="des"]')
        taper(page, "")
        page.keyboard.press("Enter")
        attendre_reponse(page, numero)
        assert len(resultat(racine)["combattants"]) == numero + 1
    tabuler_jusqua(page, formulaire + 'button[data-op="basic.initiative.lancer"]')
    assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") != "none"
    page.keyboard.press("Enter")
    attendre_reponse(page, 3)
    premier = resultat(racine)
    assert len(premier["scores"]) == 3 and premier["groupes"]
    status = racine.locator('.regles-widget__resultat[role="status"]')
    expect(status).to_have_attribute("aria-live", "polite")
    expect(status).to_contain_text("Aldric")
    tabuler_jusqua(page, formulaire + 'button[data-op="basic.initiative.round_suivant"]')
    page.keyboard.press("Enter")
    attendre_reponse(page, 4)
    assert resultat(racine)["round"] == premier["round"] + 1
