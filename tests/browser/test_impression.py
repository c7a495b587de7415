"""Printing a page from the browser (print media emulated): the reader's results, not the examples."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.widgets import aller, soumettre, widget

pytestmark = pytest.mark.browser


def test_l_impression_montre_les_valeurs_et_le_resultat_du_lecteur(site_page: Page) -> None:
    """Un outil qui vient de servir s'imprime avec ses valeurs et son résultat, sans bouton ni journal."""
    aller(site_page, "basic-maison/attributs-derives/")
    modificateur = widget(site_page, "modificateur-degats")
    resultat = soumettre(modificateur, {"for": 18, "tai": 16})
    assert resultat["modificateur"] == "+1d4"
    site_page.emulate_media(media="print")
    try:
        expect(modificateur.locator(".regles-widget__statique")).to_be_hidden()
        expect(modificateur.locator("input[name=for]")).to_be_visible()
        expect(modificateur.locator("input[name=for]")).to_have_value("18")
        expect(modificateur.locator("input[name=tai]")).to_have_value("16")
        expect(modificateur.locator(".regles-widget__resultat")).to_be_visible()
        expect(modificateur.locator(".regles-widget__resultat")).to_contain_text("+1d4")
        for bouton in modificateur.locator("button").all():
            expect(bouton).to_be_hidden()
        for autour in (".md-header", ".md-sidebar--primary", ".md-footer", ".regles-journal"):
            for element in site_page.locator(autour).all():
                expect(element).to_be_hidden()
    finally:
        site_page.emulate_media(media="screen")


def test_un_outil_non_utilise_s_imprime_par_son_exemple(site_page: Page) -> None:
    """Un outil que le lecteur n'a pas utilisé s'imprime par son contenu statique, sans formulaire."""
    aller(site_page, "basic-maison/attributs-derives/")
    attributs = widget(site_page, "attributs-basic")
    site_page.emulate_media(media="print")
    try:
        expect(attributs.locator(".regles-widget__statique")).to_be_visible()
        expect(attributs.locator(".regles-widget__formulaire")).to_be_hidden()
        expect(attributs.locator(".regles-widget__resultat")).to_be_hidden()
    finally:
        site_page.emulate_media(media="screen")
