"""Dice in the text and the roll log in Chromium: the text stays text, the log keeps context,
the newest 50, exports and a confirmed clearing. On a phone its button covers no text: that sweep over
every page shares the phone's visit of each page in test_telephone.py."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.widgets import application_demarree

pytestmark = pytest.mark.browser

EXEMPLE = "Une dague fait 1d3+2 ; un critique occasionnera donc 1d3+2 + 1d3+2 = 2d3+4."


def ouvrir_le_journal(page: Page) -> None:
    bascule = page.locator(".regles-journal__bascule")
    if bascule.get_attribute("aria-expanded") != "true":
        bascule.click()


def entrees(page: Page) -> list[dict[str, object]]:
    application_demarree(page)
    return page.evaluate("window.regles.journal.entrees()")


def test_un_de_du_texte_laisse_la_phrase_intacte(page: Page) -> None:
    """Clicking « 1d3+2 » in a sentence leaves the paragraph's text unchanged; the result is in a
    bubble beside it and in the log, with each die, the total, the page and the section."""
    page.goto("basic-maison/combat/")
    paragraphe = page.locator("article p", has_text="Une dague fait")
    assert " ".join(paragraphe.inner_text().split()) == EXEMPLE
    avant = paragraphe.evaluate("p => p.textContent")
    paragraphe.locator("button.regles-des").first.click()
    bulle = page.locator(".regles-des__bulle")
    expect(bulle).to_contain_text("1d3+2 → ", timeout=60_000)
    assert paragraphe.evaluate("p => p.textContent") == avant
    assert bulle.evaluate("b => b.closest('article')") is None
    resultat = json.loads(bulle.get_attribute("data-result") or "{}")
    [entree] = entrees(page)
    assert entree["expression"] == "1d3+2" and entree["titre"] == "1d3+2"
    assert entree["des"] == resultat["des"] and len(entree["des"]) == 1 and 1 <= entree["des"][0] <= 3
    assert entree["total"] == resultat["total"] == entree["des"][0] + 2
    assert entree["contexte"] == {
        "page": "Combat — Basic maison",
        "section": "Réussite critique",
        "outil": "",
        "personnage": "",
    }
    ouvrir_le_journal(page)
    ligne = page.locator(".regles-journal__entree").first
    expect(ligne).to_contain_text(f"[{entree['des'][0]}] = {entree['total']}")
    expect(ligne).to_contain_text("Combat — Basic maison › Réussite critique")
    page.locator("article h1").click()
    expect(bulle).to_be_hidden()


def test_un_outil_note_son_jet_avec_son_contexte(page: Page) -> None:
    """The tools' API (and its event) log the expression, each die, the total and the context given."""
    page.goto("basic-kar/combat-heroique/")
    application_demarree(page)
    page.evaluate(
        """() => window.regles.journal.ajouter({expression: "1d100", des: [42], total: 42,
            texte: "Garde touche : 7 points", contexte: {outil: "Combat héroïque", personnage: "Garde"}})"""
    )
    page.evaluate(
        """() => document.dispatchEvent(new CustomEvent("regles:jet", {detail: {expression: "3d6",
            des: [1, 2, 6], total: 9, texte: "Passe de duel", contexte: {outil: "Duel"}}}))"""
    )
    dernier, premier = entrees(page)
    assert (dernier["titre"], dernier["des"], dernier["total"], dernier["contexte"]["outil"]) == (
        "Duel",
        [1, 2, 6],
        9,
        "Duel",
    )
    assert premier["contexte"] == {
        "page": "Combat héroïque — BaSIC — KAR",
        "section": "",
        "outil": "Combat héroïque",
        "personnage": "Garde",
    }
    ouvrir_le_journal(page)
    expect(page.locator(".regles-journal__entree").nth(1)).to_contain_text(
        "Combat héroïque — BaSIC — KAR › Combat héroïque › Garde"
    )


def test_soixante_jets_gardent_les_cinquante_derniers(page: Page) -> None:
    """60 rolls keep the newest 50 (totals 59 down to 10), with no message; after a reload too."""
    page.goto("glossaire/")
    application_demarree(page)
    page.evaluate(
        """() => { for (let i = 0; i < 60; i++)
            window.regles.journal.ajouter({expression: "1d100", des: [i + 1], total: i, texte: `${i}`}) }"""
    )
    assert [e["total"] for e in entrees(page)] == list(range(59, 9, -1))
    page.reload()
    ouvrir_le_journal(page)
    expect(page.locator(".regles-journal__entree")).to_have_count(50)
    expect(page.locator(".regles-journal__compte")).to_have_text("50")
    expect(page.locator(".regles-journal__message")).to_be_hidden()
    assert [e["total"] for e in entrees(page)] == list(range(59, 9, -1))


def test_soixante_entrees_enregistrees_en_gardent_cinquante_sans_message(page: Page) -> None:
    """A stored log of 60 readable entries (first format) is migrated: the newest 50, no message."""
    page.goto("glossaire/")
    anciennes = [
        {"quand": f"2026-11-29T10:{i:02d}:00Z", "titre": "1d6", "texte": f"→ {i}", "lien": None}
        for i in range(60)
    ]
    page.evaluate("e => localStorage.setItem('regles.journal', JSON.stringify(e))", anciennes)
    page.reload()
    ouvrir_le_journal(page)
    expect(page.locator(".regles-journal__entree")).to_have_count(50)
    expect(page.locator(".regles-journal__message")).to_be_hidden()
    stocke = page.evaluate("JSON.parse(localStorage.getItem('regles.journal'))")
    assert stocke["version"] == 2 and len(stocke["entrees"]) == 50
    assert stocke["entrees"][0] == {
        "quand": "2026-11-29T10:00:00Z",
        "titre": "1d6",
        "expression": "",
        "des": [],
        "total": None,
        "texte": "→ 0",
        "contexte": {"page": "", "section": "", "outil": "", "personnage": ""},
        "lien": None,
    }


def test_l_export_donne_les_memes_entrees(page: Page, tmp_path: Path) -> None:
    """Export as JSON gives exactly the log's entries; as text, one line per roll with its context."""
    page.goto("basic-maison/combat/")
    application_demarree(page)
    page.evaluate(
        """() => { window.regles.journal.ajouter({expression: "2d6", des: [3, 4], total: 7, texte: "7",
                                                  contexte: {section: "Dégâts"}})
                   window.regles.journal.ajouter({expression: "1d4", des: [2], total: 2, texte: "2"}) }"""
    )
    ouvrir_le_journal(page)
    with page.expect_download() as telechargement:
        page.get_by_role("button", name="Exporter (JSON)").click()
    fichier = telechargement.value
    assert fichier.suggested_filename.startswith("journal-des-jets-") and fichier.suggested_filename.endswith(
        ".json"
    )
    fichier.save_as(tmp_path / "journal.json")
    exporte = json.loads((tmp_path / "journal.json").read_text(encoding="utf-8"))
    assert exporte == {"version": 2, "entrees": entrees(page)}
    with page.expect_download() as telechargement:
        page.get_by_role("button", name="Exporter (texte)").click()
    telechargement.value.save_as(tmp_path / "journal.txt")
    lignes = (tmp_path / "journal.txt").read_text(encoding="utf-8").splitlines()
    assert len(lignes) == 2
    assert lignes[0].endswith(" — 1d4 — [2] = 2 — 2 — Combat — Basic maison")
    assert lignes[1].endswith(" — 2d6 — [3, 4] = 7 — 7 — Combat — Basic maison › Dégâts")


def test_effacer_demande_confirmation(page: Page) -> None:
    """« Effacer le journal » asks in the panel; « Annuler » keeps the rolls, « Oui, effacer » clears them."""
    page.goto("glossaire/")
    application_demarree(page)
    page.evaluate("() => window.regles.journal.ajouter({expression: '1d6', des: [5], total: 5, texte: '5'})")
    ouvrir_le_journal(page)
    page.get_by_role("button", name="Effacer le journal").click()
    confirmation = page.locator(".regles-journal__confirmation")
    expect(confirmation).to_contain_text("Effacer tous les jets du journal ?")
    page.get_by_role("button", name="Annuler").click()
    expect(page.locator(".regles-journal__entree")).to_have_count(1)
    page.get_by_role("button", name="Effacer le journal").click()
    page.get_by_role("button", name="Oui, effacer").click()
    expect(page.locator(".regles-journal__entree")).to_have_count(0)
    expect(confirmation).to_be_hidden()
    assert entrees(page) == []
