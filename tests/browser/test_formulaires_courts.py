"""Short forms on a phone (390 × 844 px), issue 35: the fields a reader rarely changes fold under
« Plus d’options » (a native ``<details>``); « Ajouter » sits within a screen of « Nom du combattant »,
and an error on a folded field opens its fold."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser.test_premiere_visite import page_de, pret, toucher

pytestmark = pytest.mark.browser

HAUTEUR = 844


def boite(element: Locator) -> dict[str, float]:
    b = element.bounding_box()
    assert b is not None, element
    return b


def test_ajouter_est_a_un_ecran_du_nom(telephone: Page, site: Path) -> None:
    """From the top of « Nom du combattant » to the bottom of « Ajouter le combattant »: one screen."""
    telephone.goto(page_de(site, "combat-heroique"))
    racine = pret(telephone, "combat-heroique")
    nom = boite(racine.locator('.regles-widget__formulaire [name="nom"]'))
    ajouter = boite(racine.locator('.regles-widget__formulaire button[data-op="kar.combat_ajouter"]'))
    assert 0 < ajouter["y"] + ajouter["height"] - nom["y"] < HAUTEUR
    plis = racine.locator("details.regles-widget__pli")
    assert [pli.get_attribute("open") for pli in plis.all()] == [None] * 4
    expect(plis.first.locator("summary")).to_have_text("Plus d’options")


def test_le_duel_se_joue_a_un_ecran_du_nom(telephone: Page, site: Path) -> None:
    """The duel: from « Nom de A » to « Passe suivante », one screen."""
    telephone.goto(page_de(site, "duel-el-toto"))
    racine = pret(telephone, "duel-el-toto")
    nom = boite(racine.locator('.regles-widget__formulaire [name="nom_a"]'))
    passe = boite(racine.locator('.regles-widget__formulaire button[data-op="toto.duel"]'))
    assert 0 < passe["y"] + passe["height"] - nom["y"] < HAUTEUR


def test_une_erreur_sur_un_champ_plie_ouvre_son_pli(telephone: Page, site: Path) -> None:
    """A FV of 0 (folded under « Plus d’options ») refused: the fold opens and shows the field's message."""
    telephone.goto(page_de(site, "combat-heroique"))
    racine = pret(telephone, "combat-heroique")
    pli = racine.locator("details.regles-widget__pli").first
    fv = racine.locator('.regles-widget__formulaire [name="fv"]')
    expect(fv).to_be_hidden()
    fv.evaluate("champ => { champ.value = '0' }")  # as a share link or « Remplir depuis » could leave it
    toucher(telephone, racine, racine.locator('button[data-op="kar.combat_ajouter"]'))
    expect(pli).to_have_attribute("open", "")
    expect(fv).to_be_visible()
    expect(fv).to_have_attribute("aria-invalid", "true")
    expect(racine.locator('.regles-champ[data-champ="fv"] .regles-champ__erreur')).to_have_text(
        "« FV » doit être au moins 1 (reçu : 0)."
    )


def test_le_pli_s_ouvre_au_clavier(telephone: Page, site: Path) -> None:
    """« Plus d’options » is a native summary: reached by Tab, opened by Entrée, its fields then in reach."""
    telephone.goto(page_de(site, "combat-heroique"))
    racine = pret(telephone, "combat-heroique")
    racine.locator('.regles-widget__formulaire [name="nom"]').focus()
    telephone.keyboard.press("Tab")
    resume = racine.locator("details.regles-widget__pli > summary").first
    expect(resume).to_be_focused()
    telephone.keyboard.press("Enter")
    expect(racine.locator("details.regles-widget__pli").first).to_have_attribute("open", "")
    telephone.keyboard.press("Tab")
    expect(racine.locator('.regles-widget__formulaire [name="camp"]')).to_be_focused()
