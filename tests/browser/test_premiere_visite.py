"""A first visit at the table, on a phone (390 × 844 px, touch), issue 35: the first tap on « Lancer »
rolls (the dice read on the table start empty; the page's example stays as « Exemple du texte »),
nothing moves when the engine gets ready or an answer arrives, nothing floats over a tool, the roll log
closes at a tap elsewhere."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, Route, expect

from rules_py.web.outil import OUTILS
from tests.browser.conftest import SiteServer
from tests.browser.widgets import (
    PRET,
    TELEPHONE,
    aller,
    application_demarree,
    moteur_retenu,
    page_de_telephone,
)

pytestmark = pytest.mark.browser

QUI_LANCENT = sorted(
    nom for nom, outil in OUTILS.items() if any(c.meta.lu for c in outil.champs_du_formulaire)
)
"""The tools with dice read on the table (fields declared ``lu=True``): the tools that roll dice."""

DEUX_IMAGES = "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"

BOITE = "e => { const b = e.getBoundingClientRect(); return [b.x, b.y, b.width, b.height] }"


def page_de(site: Path, nom: str) -> str:
    """The first page of the built site (by path) that holds the tool ``nom``."""
    for fichier in sorted(site.rglob("index.html")):
        if f'data-widget="{nom}"' in fichier.read_text(encoding="utf-8"):
            return fichier.parent.relative_to(site).as_posix() + "/"
    raise AssertionError(f"aucune page ne porte l’outil {nom}")


@pytest.fixture(scope="module")
def telephone_des_outils(browser: Browser, server: SiteServer) -> Iterator[Page]:
    """One fresh phone for every tool's first tap: each tool's page reached by a link from the one
    before (its engine started once), nothing stored by an earlier tool."""
    with page_de_telephone(browser, server.url, locale="fr-FR") as page:
        yield page


def pret(page: Page, nom: str) -> Locator:
    racine = page.locator(f'[data-widget="{nom}"]').first
    expect(racine).to_have_attribute("data-state", "ready", timeout=PRET)
    return racine


def toucher(page: Page, racine: Locator, bouton: Locator) -> None:
    """Tap ``bouton`` of the tool and wait for its answer (drawn, and the page's correction made)."""
    reponses = int(racine.get_attribute("data-reponses") or 0)
    bouton.tap()
    expect(racine).to_have_attribute("data-reponses", str(reponses + 1), timeout=PRET)
    page.evaluate(DEUX_IMAGES)


@pytest.mark.parametrize("nom", QUI_LANCENT)
def test_le_premier_lancer_lance_les_des(telephone_des_outils: Page, site: Path, nom: str) -> None:
    """Every tool that rolls opens with its dice read on the table empty (its example keeps them, under
    « Exemple du texte »), and its first tap rolls: no die « lu sur la table » in the answer."""
    telephone = telephone_des_outils
    if telephone.url.startswith("http"):
        telephone.evaluate("localStorage.clear()")  # no state kept by an earlier tool
    aller(telephone, page_de(site, nom))
    racine = pret(telephone, nom)
    for outil in telephone.locator(f'[data-widget="{nom}"]').all():
        lus = outil.locator(".regles-widget__formulaire [data-ephemere]")
        assert lus.count() >= 1
        assert [champ.input_value() for champ in lus.all()] == [""] * lus.count()
        exemple = outil.locator(".regles-widget__exemple > .regles-widget__exemple-titre")
        expect(exemple).to_have_text("Exemple du texte")
    for champ in racine.locator('.regles-widget__formulaire input[name^="nom"]').all():
        if not champ.input_value():
            champ.fill("Aline")  # a name the page's example leaves to the reader
    bouton = racine.locator(".regles-widget__formulaire button[data-op]").first
    bouton.scroll_into_view_if_needed()
    toucher(telephone, racine, bouton)
    zone = racine.locator(".regles-widget__resultat")
    expect(zone.locator(":scope > .regles-texte--erreur")).to_have_count(0)
    donnees = json.loads(zone.get_attribute("data-result") or "{}")
    lus = donnees.get("des_lus", False)
    assert not any(lus.values()) if isinstance(lus, dict) else lus is False, donnees
    expect(zone).not_to_contain_text("lu sur la table")


def test_une_reserve_de_cinq_des_lance_cinq_des(telephone: Page, site: Path) -> None:
    """El Toto's pool changed from the example's 3 dice to 5 rolls 5 dice at the first tap."""
    telephone.goto(page_de(site, "reserve-el-toto"))
    racine = pret(telephone, "reserve-el-toto")
    racine.locator('.regles-widget__formulaire [name="des"]').fill("5")
    bouton = racine.locator('.regles-widget__formulaire button[data-op="toto.reserve"]')
    bouton.scroll_into_view_if_needed()
    toucher(telephone, racine, bouton)
    expect(racine.locator(".regles-widget__resultat .regles-des-tires .regles-de")).to_have_count(5)
    donnees = json.loads(racine.locator(".regles-widget__resultat").get_attribute("data-result") or "{}")
    assert len(donnees["des"]) == 5


@pytest.mark.parametrize(("nom", "op"), [("test-basic", "basic.test"), ("reserve-el-toto", "toto.reserve")])
def test_rien_ne_bouge_quand_le_moteur_arrive(telephone: Page, site: Path, nom: str, op: str) -> None:
    """The tool's button, in sight while the engine loads, stays where it is when the engine gets ready;
    the page's example stays, labelled « Exemple du texte »; no action bar sticks over the page."""
    with moteur_retenu(telephone):
        telephone.goto(page_de(site, nom))
        racine = telephone.locator(f'[data-widget="{nom}"]').first
        expect(racine).to_have_attribute("data-state", "loading")
        bouton = racine.locator(f'.regles-widget__formulaire button[data-op="{op}"]')
        bouton.evaluate("e => e.scrollIntoView({ block: 'end' })")
        avant = bouton.evaluate(BOITE)
    expect(racine).to_have_attribute("data-state", "ready", timeout=PRET)
    telephone.evaluate(DEUX_IMAGES)
    assert bouton.evaluate(BOITE) == avant
    expect(racine.locator(".regles-widget__statique")).to_be_visible()
    expect(racine.locator(".regles-widget__exemple-titre")).to_have_text("Exemple du texte")
    positions = telephone.locator(".regles-widget__actions").evaluate_all(
        "barres => barres.map(b => getComputedStyle(b).position)"
    )
    assert set(positions) == {"static"}


def combat_de_trois(page: Page, site: Path) -> Locator:
    """The heroic tracker with Yang, Guo and Lin added through its form."""
    page.goto(page_de(site, "combat-heroique"))
    racine = pret(page, "combat-heroique")
    ajouter = racine.locator('.regles-widget__formulaire button[data-op="kar.combat_ajouter"]')
    for nom in ("Yang", "Guo", "Lin"):
        racine.locator('.regles-widget__formulaire [name="nom"]').fill(nom)
        ajouter.scroll_into_view_if_needed()
        toucher(page, racine, ajouter)
    return racine


def sur_l_ecran(page: Page, element: Locator) -> bool:
    """Whole between the header's bottom and the screen's bottom."""
    tete = page.locator(".md-header").evaluate("e => e.getBoundingClientRect().bottom")
    _, haut, _, hauteur = element.evaluate(BOITE)
    return haut >= tete - 0.5 and haut + hauteur <= TELEPHONE["viewport"]["height"] + 0.5


def test_une_attaque_du_combat_heroique_garde_le_bouton_et_montre_l_issue(
    telephone: Page, site: Path
) -> None:
    """After « Attaque rapide » of the fighter who acts, the tapped button has not moved on the screen and
    the outcome's first line is on it (the button is found again though its group's legend changed)."""
    racine = combat_de_trois(telephone, site)
    boutons = racine.locator(".regles-widget__resultat .regles-boutons button:enabled")
    action = boutons.filter(has_text="Attaque rapide").first.get_attribute("data-action")
    bouton = racine.locator(f".regles-widget__resultat button[data-action='{action}']")
    bouton.evaluate("e => e.scrollIntoView({ block: 'center' })")
    avant = bouton.evaluate(BOITE)
    toucher(telephone, racine, bouton)
    assert bouton.evaluate(BOITE) == pytest.approx(avant, abs=1)
    premiere = racine.locator(".regles-widget__resultat > .regles-texte--resultat").first
    expect(premiere).to_contain_text("attaque rapide")
    assert sur_l_ecran(telephone, premiere)


def test_la_question_du_decompte_ne_deplace_pas_les_passes(telephone: Page, site: Path) -> None:
    """« Passer quand même à la passe N ? » comes without moving the pass button just tapped, and starts on
    the screen; after « Oui », the new outcome and the pass buttons are on the screen."""
    racine = combat_de_trois(telephone, site)
    zone = racine.locator(".regles-widget__resultat")
    attaque = zone.locator(".regles-boutons button:enabled", has_text="Attaque rapide").first
    attaque.scroll_into_view_if_needed()
    toucher(telephone, racine, attaque)
    suivante = zone.locator('[aria-label="Le décompte"] button:enabled').first
    suivante.evaluate("e => e.scrollIntoView({ block: 'center' })")
    avant = suivante.evaluate(BOITE)
    toucher(telephone, racine, suivante)
    question = zone.locator(".regles-texte--resultat", has_text=re.compile("Passer quand même à la passe"))
    oui = zone.locator('[aria-label="Confirmer"] button', has_text="Oui, passer")
    expect(oui).to_be_visible()
    assert suivante.evaluate(BOITE) == pytest.approx(avant, abs=1)
    tete = telephone.locator(".md-header").evaluate("e => e.getBoundingClientRect().bottom")
    assert tete <= question.evaluate(BOITE)[1] < TELEPHONE["viewport"]["height"]
    oui.scroll_into_view_if_needed()
    toucher(telephone, racine, oui)
    expect(oui).to_have_count(0)
    assert sur_l_ecran(telephone, zone.locator(":scope > .regles-texte--resultat").first)
    assert sur_l_ecran(telephone, suivante)


BOITES_DU_TEXTE = """() => [...document.querySelectorAll("article *")]
    .filter(e => !e.closest("[data-widget]") && !e.matches(".regles-des"))
    .map(e => { const b = e.getBoundingClientRect()
                return [e.tagName, b.x, b.y + scrollY, b.width, b.height] })"""
"""The box of every element of the page's text (its tools and its dice, a span then a button, aside), in
the page's coordinates."""


def test_les_des_du_texte_deviennent_des_boutons_sans_rien_deplacer(telephone: Page, site: Path) -> None:
    """On the Basic maison screen (dice in sentences and in tables' cells), on a phone: once the page's dice
    become buttons, every element of its text has the place and the size it had when the page painted."""
    retenus: list[Route] = []
    with moteur_retenu(telephone):
        telephone.route("**/assets/regles/des-texte.js", lambda route: retenus.append(route))
        telephone.goto(page_de(site, "test-basic"), wait_until="domcontentloaded")
        while not retenus:
            telephone.wait_for_timeout(50)
        telephone.evaluate(DEUX_IMAGES)
        avant = telephone.evaluate(BOITES_DU_TEXTE)
        assert telephone.locator("article span.regles-des").count() > 10
        for retenu in retenus:
            retenu.continue_()
        application_demarree(telephone)
        expect(telephone.locator("article span.regles-des")).to_have_count(0)
        telephone.evaluate(DEUX_IMAGES)
        assert telephone.evaluate(BOITES_DU_TEXTE) == avant
