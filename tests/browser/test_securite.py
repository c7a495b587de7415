"""Hostile input and the Content-Security-Policy: text stays text, bad stored data is set aside."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.browser.widgets import PRET, aller, erreur, soumettre, widget

pytestmark = pytest.mark.browser

CHARGES = [
    '<img src=x onerror="window.__pirate=1">',
    '"><script>window.__pirate=1</script>',
    "<svg/onload=window.__pirate=1>",
    "javascript:window.__pirate=1",
]

SURVEILLANCE = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", e => {
  window.__violations.push(e.violatedDirective + " " + e.blockedURI)
});
window.alert = window.confirm = window.prompt = () => { window.__pirate = 1 };
"""


@pytest.fixture
def page_surveillee(context: BrowserContext) -> Page:
    """A page that records CSP violations and any script a payload would run."""
    context.add_init_script(SURVEILLANCE)
    page = context.new_page()
    page.errors = []  # type: ignore[attr-defined]
    page.on("pageerror", lambda error: page.errors.append(str(error)))  # type: ignore[attr-defined]
    return page


def rien_n_a_tourne(page: Page) -> None:
    assert page.evaluate("window.__pirate") is None
    assert page.evaluate("window.__violations") == []
    assert page.locator("img[src='x'], svg[onload]").count() == 0


@pytest.mark.parametrize("chemin", ["./", "basic-maison/attributs-derives/", "outils/", "telechargement/"])
def test_chaque_page_porte_la_politique_et_n_en_enfreint_rien(page_surveillee: Page, chemin: str) -> None:
    """The CSP comes first in <head>, right after <meta charset>, and nothing on the page violates it."""
    page_surveillee.goto(chemin)
    politique = page_surveillee.locator('meta[http-equiv="Content-Security-Policy"]')
    assert "default-src 'self'" in (politique.get_attribute("content") or "")
    assert page_surveillee.evaluate("document.head.firstElementChild.outerHTML") == '<meta charset="utf-8">'
    second = "document.head.firstElementChild.nextElementSibling.httpEquiv"
    assert page_surveillee.evaluate(second) == "Content-Security-Policy"
    if page_surveillee.locator("[data-widget]").count():
        expect(page_surveillee.locator("html")).to_have_attribute("data-moteur", "pret", timeout=PRET)
    rien_n_a_tourne(page_surveillee)


def test_une_charge_dans_une_expression_de_des_reste_du_texte(page_surveillee: Page) -> None:
    """Payloads typed as a dice expression come back as a French error, as text."""
    page_surveillee.goto("outils/")
    racine = widget(page_surveillee, "jet-de-des")
    for charge in CHARGES:
        assert soumettre(racine, {"expression": charge, "des": ""}) == {}
        assert "expression de dés invalide" in erreur(racine, "expression")
    rien_n_a_tourne(page_surveillee)


@pytest.mark.parametrize("charge", CHARGES)
def test_une_charge_dans_l_adresse_est_ignoree(page_surveillee: Page, charge: str) -> None:
    """A shared link carrying a payload (hash) is replayed as text or refused, never run."""
    partage = json.dumps({"op": "des.lancer", "args": {"expression": charge, "des": ""}})
    page_surveillee.goto("outils/")
    encode = page_surveillee.evaluate(
        "t => btoa(String.fromCharCode(...new TextEncoder().encode(t)))"
        ".replace(/\\+/g, '-').replace(/\\//g, '_')",
        partage,
    )
    page_surveillee.goto(f"outils/#partage=w1-jet-de-des.{encode}")
    page_surveillee.reload()
    racine = widget(page_surveillee, "jet-de-des")
    expect(racine.locator(".regles-widget__resultat")).to_contain_text(
        "expression de dés invalide", timeout=PRET
    )
    page_surveillee.goto(f"outils/#partage={charge}")
    page_surveillee.reload()
    widget(page_surveillee, "jet-de-des")
    rien_n_a_tourne(page_surveillee)


def test_un_journal_des_jets_abime_est_remis_a_zero_avec_un_message(page_surveillee: Page) -> None:
    """Unreadable stored data is dropped with a French message; the page keeps working."""
    aller(page_surveillee, "outils/")
    page_surveillee.evaluate("localStorage.setItem('regles.journal', '{pas du json')")
    page_surveillee.reload()
    page_surveillee.locator(".regles-journal__bascule").click()
    expect(page_surveillee.locator(".regles-journal__message")).to_contain_text("illisible")
    assert soumettre(widget(page_surveillee, "jet-de-des"), {"expression": "1d6", "des": "6"})["total"] == 6
    rien_n_a_tourne(page_surveillee)


def test_les_entrees_hostiles_du_journal_restent_du_texte_ou_sont_ecartees(page_surveillee: Page) -> None:
    """Stored entries are shown as text; malformed ones and foreign links are dropped."""
    entrees = [
        {
            "quand": "2026-11-29T10:00:00Z",
            "titre": CHARGES[0],
            "texte": CHARGES[1],
            "lien": "javascript:alert(1)",
        },
        {
            "quand": "2026-11-29T10:01:00Z",
            "titre": "1d6",
            "texte": "ok",
            "lien": "https://ailleurs.example/x",
        },
        {"quand": 12, "titre": None},
        "pas un objet",
    ]
    aller(page_surveillee, "outils/")
    page_surveillee.evaluate("e => localStorage.setItem('regles.journal', JSON.stringify(e))", entrees)
    page_surveillee.reload()
    page_surveillee.locator(".regles-journal__bascule").click()
    journal = page_surveillee.locator(".regles-journal__liste")
    expect(journal.locator("li")).to_have_count(2)
    expect(journal).to_contain_text(CHARGES[0])
    assert journal.locator("a").count() == 0
    expect(page_surveillee.locator(".regles-journal__message")).to_contain_text("ignorées")
    rien_n_a_tourne(page_surveillee)
