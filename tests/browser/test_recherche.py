"""French search in the real browser: accents and case ignored on both sides (index and query)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.widgets import aller

pytestmark = pytest.mark.browser

COMBAT = (
    "basic-maison/combat/",
    "basic-kar/combat/",
    "basic-kar/contre-attaques/",
    "basic-kar/combat-heroique/",
    "el-toto/combat/",
)

REQUETES = [
    # query typed by the reader, pages acceptable for the first result, its section (None: the page itself)
    ("degats", ("basic-maison/combat/",), "Dégâts"),
    ("dégats", ("basic-maison/combat/",), "Dégâts"),
    ("DÉGÂTS", ("basic-maison/combat/",), "Dégâts"),
    ("modificateur de degats", ("basic-maison/attributs-derives/",), "Modificateur de dégâts"),
    ("caracteristiques", ("basic-maison/caracteristiques/",), None),
    ("l'attaque", COMBAT, None),
    ("scories", ("basic-kar/scories-karmiques/",), None),
    ("maladresse", ("basic-maison/tests/",), "Maladresse"),
    ("table de resistance", ("basic-kar/competences/",), "Table de résistance"),
    ("vitesse de guerison", ("basic-maison/blessures-et-guerison/",), None),
]


def premier_resultat(page: Page, requete: str) -> tuple[str, list[str]]:
    """Type ``requete`` into Material's search box; return the first result's page and its titles."""
    champ = page.locator("input.md-search__input")
    champ.click()
    champ.fill("")
    page.keyboard.type(requete, delay=10)
    premier = page.locator(".md-search-result__item").first
    expect(premier).to_be_visible(timeout=10_000)
    # Material shows the results of each keystroke's query in turn: wait for the last ones.
    lien, precedent = premier.locator("a").first.get_attribute("href") or "", None
    for _ in range(50):
        if lien == precedent:
            break
        page.wait_for_timeout(200)
        lien, precedent = premier.locator("a").first.get_attribute("href") or "", lien
    chemin = lien.split("://", 1)[-1].split("/", 1)[-1].split("?")[0].split("#")[0]
    return chemin, [t.strip() for t in premier.locator("h1, h2").all_inner_texts() if t.strip()]


@pytest.mark.parametrize(("requete", "pages", "section"), REQUETES)
def test_la_recherche_ignore_accents_et_casse(
    site_page: Page, requete: str, pages: tuple[str, ...], section: str | None
) -> None:
    """Each query lists the right page (and section) first, whatever its accents and case."""
    aller(site_page, "./")
    chemin, titres = premier_resultat(site_page, requete)
    assert chemin in pages, (chemin, titres)
    if section:
        assert section in titres, titres


def test_les_resultats_gardent_les_accents(site_page: Page) -> None:
    """Folding happens inside the search engine only: the results show the text with its accents."""
    aller(site_page, "./")
    premier_resultat(site_page, "degats")
    expect(site_page.locator(".md-search-result__item").first).to_contain_text("Dégâts")


@pytest.mark.parametrize("attente", [0, 3_500], ids=["premiere-requete", "apres-le-demarrage"])
def test_l_index_se_construit_a_la_premiere_requete_ou_apres_le_demarrage(page: Page, attente: int) -> None:
    """The index waits for the first query (built then) or the end of the start-up (built in advance);
    either way the query is answered once, without an error in the console."""
    messages: list[str] = []
    page.on("console", lambda message: messages.append(message.text))
    page.goto("./")
    page.wait_for_timeout(attente)
    chemin, _ = premier_resultat(page, "degats")
    assert chemin == "basic-maison/combat/"
    assert [m for m in messages if "query" in m.lower() or "search" in m.lower()] == []
