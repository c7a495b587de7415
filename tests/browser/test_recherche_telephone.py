"""On a phone (390 px wide): a search hit for a section lands on that section, under the header."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.widgets import aller

pytestmark = pytest.mark.browser

# query, the section's anchor it should land on (each on a page with tools, which settle late)
SECTIONS = [
    ("table de resistance", "table-de-resistance"),
    ("reussite speciale", "reussite-speciale"),
    ("modificateur de degats", "modificateur-de-degats"),
]

# (False while the new page is not in place yet: instant navigation may change the address first.)
SOUS_L_EN_TETE = """id => {
    const cible = document.getElementById(id)
    if (!cible) return false
    const tete = document.querySelector(".md-header").getBoundingClientRect().bottom
    const haut = cible.getBoundingClientRect().top
    return haut >= tete - 2 && haut < innerHeight / 2
}"""


@pytest.mark.parametrize(("requete", "ancre"), SECTIONS)
def test_un_resultat_de_recherche_ouvre_sa_section_sur_un_telephone(
    telephone: Page, requete: str, ancre: str
) -> None:
    """Searching from the home page and tapping the section's hit shows that section under the header,
    and it stays there while the page's tools get ready."""
    aller(telephone, "")  # its modules running: the tap on the magnifier is the theme loader's
    telephone.locator('label[for="__search"]').first.tap()
    champ = telephone.locator("input.md-search__input")
    expect(champ).to_be_visible()
    telephone.keyboard.type(requete, delay=10)
    lien = telephone.locator(f'.md-search-result__item a[href*="#{ancre}"]').first
    expect(lien).to_be_visible(timeout=15_000)
    lien.tap()
    telephone.wait_for_function(f"location.hash === '#{ancre}'")
    telephone.wait_for_function(SOUS_L_EN_TETE, arg=ancre, timeout=10_000)
    # Once every tool of the page has answered (or shown its fallback), the section is still in view.
    telephone.wait_for_function("!document.querySelector('[data-widget][aria-busy]')", timeout=60_000)
    telephone.wait_for_timeout(500)
    assert telephone.evaluate(SOUS_L_EN_TETE, ancre)


@pytest.mark.parametrize("requete", ["test", "attaque", "marge"])
def test_le_premier_resultat_ouvre_la_section_cherchee(telephone: Page, requete: str) -> None:
    """The first hit of a page whose sections searched for Material folds under « … de plus sur cette
    page » opens the best of those sections, not the top of the page."""
    aller(telephone, "")  # its modules running: the tap on the magnifier is the theme loader's
    telephone.locator('label[for="__search"]').first.tap()
    telephone.keyboard.type(requete, delay=10)
    premier = telephone.locator(".md-search-result__item > a.md-search-result__link").first
    expect(premier).to_have_attribute("data-regles-section", "", timeout=15_000)
    section = premier.locator("xpath=..").locator("details.md-search-result__more a.md-search-result__link")
    assert premier.get_attribute("href") == section.first.get_attribute("href")
    ancre = (premier.get_attribute("href") or "").split("#", 1)[1]
    premier.tap()
    telephone.wait_for_function(f"location.hash === '#{ancre}'")
    telephone.wait_for_function(SOUS_L_EN_TETE, arg=ancre, timeout=10_000)
