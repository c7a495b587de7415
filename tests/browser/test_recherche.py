"""French search in the real browser: accents and case ignored on both sides (index and query)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.widgets import aller
from tests.site.pages import DOSSIERS_DES_SYSTEMES

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


SYSTEMES = tuple(DOSSIERS_DES_SYSTEMES.values())


def resultats(page: Page) -> list[tuple[str, list[str]]]:
    """Every result shown: its page and the tags (systems) it carries."""
    items = page.locator(".md-search-result__item")
    sortie = []
    for rang in range(items.count()):
        item = items.nth(rang)
        lien = item.locator("a").first.get_attribute("href") or ""
        chemin = lien.split("://", 1)[-1].split("/", 1)[-1].split("?")[0].split("#")[0]
        sortie.append((chemin, [t.strip() for t in item.locator(".md-tag").all_inner_texts()]))
    return sortie


@pytest.mark.parametrize("requete", ["combat", "création", "compétences"])
def test_chaque_resultat_nomme_son_systeme(site_page: Page, requete: str) -> None:
    """Each result of a system's page shows its system, once; the others (glossary, tools) none."""
    aller(site_page, "./")
    premier_resultat(site_page, requete)
    trouves = resultats(site_page)
    assert len(trouves) >= 3, trouves
    for chemin, etiquettes in trouves:
        attendu = next((s for s, d in DOSSIERS.items() if chemin.startswith(d)), None)
        assert etiquettes == ([attendu] if attendu else []), (chemin, etiquettes)


DOSSIERS = {systeme: f"{dossier}/" for dossier, systeme in DOSSIERS_DES_SYSTEMES.items()}


def choisir_mon_systeme(page: Page, systeme: str) -> None:
    """Pick « mon système » in the search dialog's choice (« » for all systems)."""
    page.locator("input.md-search__input").click()
    page.locator(".md-search__output select.regles-mon-systeme__choix").select_option(value=systeme)


def test_mon_systeme_passe_en_premier_et_se_retient(site_page: Page) -> None:
    """With « mon système » = Basic maison, « coup critique » gives the Basic page first (Actions d100
    otherwise); the choice is kept on the device, versioned, and shown on the home page."""
    aller(site_page, "./")
    site_page.evaluate("localStorage.removeItem('regles.mon-systeme')")
    assert premier_resultat(site_page, "coup critique")[0] == "actions-d100/marges-et-critiques/"
    choisir_mon_systeme(site_page, "Basic maison")
    chemin, titres = premier_resultat(site_page, "coup critique")
    assert (chemin, "Réussite critique" in titres) == ("basic-maison/tests/", True)
    assert site_page.evaluate("JSON.parse(localStorage.getItem('regles.mon-systeme'))") == {
        "version": 1,
        "systeme": "Basic maison",
    }
    site_page.keyboard.press("Escape")
    expect(site_page.locator("[data-mon-systeme] select")).to_have_value("Basic maison")
    aller(site_page, "glossaire/")
    assert premier_resultat(site_page, "maladresse")[0] == "basic-maison/tests/"
    site_page.keyboard.press("Escape")
    aller(site_page, "./")
    site_page.locator("[data-mon-systeme] select").select_option(value="El Toto")
    assert premier_resultat(site_page, "maladresse")[0] == "el-toto/regles-de-base/"
    choisir_mon_systeme(site_page, "")
    site_page.keyboard.press("Escape")


def test_un_choix_illisible_ne_choisit_rien(page: Page) -> None:
    """A stored choice of another version, or not a system of the site, is ignored."""
    aller(page, "./")
    illisibles = ['{"version": 2, "systeme": "El Toto"}', '{"version": 1, "systeme": "D&D"}', "{pas du json"]
    for valeur in illisibles:
        page.evaluate("v => localStorage.setItem('regles.mon-systeme', v)", valeur)
        page.reload()
        expect(page.locator("[data-mon-systeme] select")).to_have_value("")
    assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.parametrize("requete", ["esquive", "agonie", "surprise", "riposte", "impact", "armures"])
def test_un_titre_passe_avant_le_texte(site_page: Page, requete: str) -> None:
    """A page or section titled with the word ranks above pages that only say it in their text."""
    aller(site_page, "./")
    _, titres = premier_resultat(site_page, requete)
    assert any(requete in titre.lower() for titre in titres[:2]), titres


def test_les_titres_nomment_le_systeme(site_page: Page) -> None:
    """The tab and Material's header say « Combat — Basic maison »; a page outside the systems, its title."""
    for chemin, titre in [
        ("basic-maison/combat/", "Combat — Basic maison"),
        ("el-toto/combat/", "Combat — El Toto"),
        ("basic-kar/combat/", "Combat — BaSIC — KAR"),
        ("glossaire/", "Glossaire"),
    ]:
        aller(site_page, chemin)
        expect(site_page).to_have_title(f"{titre} — Règles de jeu de rôle")
        expect(site_page.locator('[data-md-component="header-topic"]')).to_have_text(titre)
        h1 = site_page.locator(".md-content article h1").evaluate("h => h.firstChild.textContent")
        assert h1 == titre.split(" — ")[0]


def test_une_section_pliee_visee_par_l_adresse_s_ouvre(page: Page) -> None:
    """An address whose #anchor sits in a closed <details> opens it and brings the anchor on screen."""
    page.goto("basic-maison/combat/")
    page.evaluate(
        """() => {
            const titre = document.getElementById("reussite-speciale")
            const pli = document.createElement("details")
            pli.id = "pli-essai"
            const resume = document.createElement("summary")
            resume.textContent = "1 de plus sur cette page"
            pli.append(resume)
            titre.before(pli)
            pli.append(titre)
        }"""
    )
    assert page.evaluate("document.getElementById('pli-essai').open") is False
    page.evaluate("location.hash = '#reussite-speciale'")
    expect(page.locator("#pli-essai")).to_have_attribute("open", "")
    expect(page.locator("#reussite-speciale")).to_be_in_viewport()
    assert page.errors == []  # type: ignore[attr-defined]
