"""Fights kept on the device, as a table uses them: the same fight open in two tabs, a storage that
refuses writes, and each tool that keeps a fight (heroic tracker, El Toto duel, Basic maison
initiative) found again from the menu."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

from tests.browser.conftest import SiteServer
from tests.browser.test_combat_el_toto import jouer as jouer_duel
from tests.browser.test_combat_heroique import COMMUN, HEROIQUE, TROIS
from tests.browser.test_hors_ligne import visiter_et_garder
from tests.browser.widgets import PRET, TELEPHONE, aller, page_de_telephone, resultat, soumettre, widget
from tests.rules.web_el_toto_commun import PASSE_LUE, SECONDE_PASSE

REFUSER_LES_ECRITURES = """() => {
  Storage.prototype.setItem = () => {
    throw new DOMException("The quota has been exceeded.", "QuotaExceededError")
  }
}"""
PLEIN = "la mémoire du navigateur réservée à ce site est pleine"
WU = {"nom_a": "Yang", "nom_b": "Wu", "vie_b": "13"}
ALDO = {"nom": "Aldo", "dex": "14", "armure": "0", "pa": "", "action": "melee"}


def reponses(racine: Locator) -> int:
    return int(racine.get_attribute("data-reponses") or 0)


def test_l_action_d_un_onglet_s_affiche_dans_l_autre(context: BrowserContext) -> None:
    """Two tabs on the heroic tracker: a fighter added in one shows in the other at once, and the other
    tab's next action keeps it (nothing written over)."""
    premier, second = context.new_page(), context.new_page()
    aller(premier, HEROIQUE)
    aller(second, HEROIQUE)
    ici, la = widget(premier, "combat-heroique"), widget(second, "combat-heroique")
    soumettre(ici, {**COMMUN, **TROIS[0]}, action="kar.combat_ajouter")
    expect(la.locator(".regles-widget__resultat")).to_contain_text("Yang", timeout=PRET)
    expect(la.locator(".regles-sauvegarde__compte")).to_have_text("(rien à annuler)")
    r = soumettre(la, {**COMMUN, **TROIS[1]}, action="kar.combat_ajouter")
    assert [c["nom"] for c in r["combattants"]] == ["Yang", "Guo"]
    expect(ici.locator(".regles-widget__resultat")).to_contain_text("Guo", timeout=PRET)
    expect(ici.locator(".regles-sauvegarde__compte")).to_have_text("(1 action à annuler)")


def test_annuler_sur_un_stockage_qui_refuse_ne_perd_rien(page: Page) -> None:
    """The storage refuses every write: « Annuler » says why in French, under the tool, and changes
    nothing; once the storage accepts again, the same action is undone."""
    aller(page, HEROIQUE)
    racine = widget(page, "combat-heroique")
    premier = soumettre(racine, {**COMMUN, **TROIS[0]}, action="kar.combat_ajouter")["etat"]
    deuxieme = soumettre(racine, {**COMMUN, **TROIS[1]}, action="kar.combat_ajouter")["etat"]
    page.evaluate("() => { window.__setItem = Storage.prototype.setItem }")
    page.evaluate(REFUSER_LES_ECRITURES)
    avant = reponses(racine)
    racine.locator(".regles-sauvegarde__annuler").click()
    message = racine.locator(".regles-sauvegarde__message")
    expect(message).to_have_text(
        "Impossible d’annuler\u00a0: la mémoire du navigateur réservée à ce site est pleine (exportez puis "
        "supprimez des personnages, ou libérez la place prise par d’autres sites). Rien n’a changé."
    )
    assert reponses(racine) == avant and resultat(racine)["etat"] == deuxieme
    expect(racine.locator(".regles-sauvegarde__compte")).to_have_text("(1 action à annuler)")
    page.evaluate("() => { Storage.prototype.setItem = window.__setItem }")
    racine.locator(".regles-sauvegarde__annuler").click()
    expect(racine).to_have_attribute("data-reponses", str(avant + 1), timeout=PRET)
    assert resultat(racine)["etat"] == premier
    expect(message).to_be_hidden()


def test_une_action_sur_un_stockage_qui_refuse_garde_le_combat_d_avant(page: Page) -> None:
    """The storage refuses: the fight goes on on the page and in its link, the reader is told, and a
    reload without the link brings back the last fight the device could keep."""
    aller(page, HEROIQUE)
    racine = widget(page, "combat-heroique")
    garde = soumettre(racine, {**COMMUN, **TROIS[0]}, action="kar.combat_ajouter")["etat"]
    page.evaluate(REFUSER_LES_ECRITURES)
    r = soumettre(racine, {**COMMUN, **TROIS[1]}, action="kar.combat_ajouter")
    assert [c["nom"] for c in r["combattants"]] == ["Yang", "Guo"]
    expect(racine.locator(".regles-sauvegarde__message")).to_contain_text(
        "Le combat n’est plus gardé sur cet appareil\u00a0: " + PLEIN
    )
    page.goto(HEROIQUE)
    racine = widget(page, "combat-heroique")
    expect(racine).to_have_attribute("data-reponses", "1", timeout=PRET)
    assert resultat(racine)["etat"] == garde


@pytest.mark.parametrize(
    ("chemin", "outil", "jouer", "rejouer"),
    [
        (
            "el-toto/combat/",
            "duel-el-toto",
            lambda racine: jouer_duel(racine, "toto.duel", **WU, **PASSE_LUE),
            lambda racine: jouer_duel(racine, "toto.duel", **WU, **SECONDE_PASSE),
        ),
        (
            "basic-maison/initiative/",
            "initiative-basic",
            lambda racine: soumettre(racine, ALDO),
            lambda racine: soumettre(racine, {**ALDO, "nom": "Bera", "dex": "10"}),
        ),
    ],
    ids=["duel-el-toto", "initiative-basic-maison"],
)
def test_le_combat_se_retrouve_depuis_le_menu_et_s_annule(
    page: Page,
    chemin: str,
    outil: str,
    jouer: Callable[[Locator], dict[str, Any]],
    rejouer: Callable[[Locator], dict[str, Any]],
) -> None:
    """The fight, left for another page and found again from the menu (no link in the address): the
    same state; the next action can be undone, back to it."""
    aller(page, chemin)
    etat = jouer(widget(page, outil))["etat"]
    aller(page, "")
    page.goto(chemin)
    racine = widget(page, outil)
    expect(racine).to_have_attribute("data-reponses", "1", timeout=PRET)
    assert resultat(racine)["etat"] == etat
    expect(racine.locator(".regles-sauvegarde__compte")).to_have_text("(rien à annuler)")
    assert rejouer(racine)["etat"] != etat
    expect(racine.locator(".regles-sauvegarde__compte")).to_have_text("(1 action à annuler)")
    avant = reponses(racine)
    racine.locator(".regles-sauvegarde__annuler").click()
    expect(racine).to_have_attribute("data-reponses", str(avant + 1), timeout=PRET)
    assert resultat(racine)["etat"] == etat


DEBORDE = "() => document.documentElement.scrollWidth > document.documentElement.clientWidth"


def test_sur_un_telephone_le_combat_revient_et_s_annule(browser: Browser, server: SiteServer) -> None:
    """At 390 px, touch: the fight found again from the menu, « Annuler la dernière action » tapped
    back to it, the saving bar and its message within the screen (no sideways scrolling)."""
    with page_de_telephone(browser, server.url, locale="fr-FR") as page:
        aller(page, HEROIQUE)
        racine = widget(page, "combat-heroique")
        premier = soumettre(racine, {**COMMUN, **TROIS[0]}, action="kar.combat_ajouter")["etat"]
        aller(page, "")
        page.goto(HEROIQUE)
        racine = widget(page, "combat-heroique")
        expect(racine).to_have_attribute("data-reponses", "1", timeout=PRET)
        assert resultat(racine)["etat"] == premier
        r = soumettre(racine, {**COMMUN, **TROIS[1]}, action="kar.combat_ajouter")
        assert [c["nom"] for c in r["combattants"]] == ["Yang", "Guo"]
        annuler = racine.locator(".regles-sauvegarde__annuler")
        expect(racine.locator(".regles-sauvegarde__compte")).to_have_text("(1 action à annuler)")
        boite = annuler.bounding_box()
        assert boite is not None and boite["x"] >= 0 and boite["x"] + boite["width"] <= 390
        avant = reponses(racine)
        annuler.tap()
        expect(racine).to_have_attribute("data-reponses", str(avant + 1), timeout=PRET)
        assert resultat(racine)["etat"] == premier
        expect(racine.locator(".regles-sauvegarde__compte")).to_have_text("(rien à annuler)")
        assert not page.evaluate(DEBORDE)


def test_hors_ligne_le_combat_garde_revient_au_rechargement(site: Path, browser: Browser) -> None:
    """The site kept offline after a first visit, the server gone: reloading the heroic tracker's page
    shows the fight kept on the device, and its next action is kept and undoable, with no network."""
    serveur = SiteServer(site).__enter__()
    contexte = browser.new_context(locale="fr-FR", service_workers="allow", **TELEPHONE)
    try:
        page = contexte.new_page()
        visiter_et_garder(page, serveur.url + HEROIQUE)
        racine = widget(page, "combat-heroique")
        garde = soumettre(racine, {**COMMUN, **TROIS[0]}, action="kar.combat_ajouter")["etat"]
        serveur.__exit__()
        page.goto(serveur.url + HEROIQUE)
        racine = widget(page, "combat-heroique")
        expect(racine).to_have_attribute("data-reponses", "1", timeout=PRET)
        assert resultat(racine)["etat"] == garde
        r = soumettre(racine, {**COMMUN, **TROIS[1]}, action="kar.combat_ajouter")
        assert [c["nom"] for c in r["combattants"]] == ["Yang", "Guo"]
        expect(racine.locator(".regles-sauvegarde__compte")).to_have_text("(1 action à annuler)")
        avant = reponses(racine)
        racine.locator(".regles-sauvegarde__annuler").click()
        expect(racine).to_have_attribute("data-reponses", str(avant + 1), timeout=PRET)
        assert resultat(racine)["etat"] == garde
    finally:
        contexte.close()
