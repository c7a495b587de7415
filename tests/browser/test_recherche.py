"""French search in the real browser: accents and case ignored on both sides."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

QUERIES = [
    ("degats", "Modificateur de dégâts"),
    ("dégats", "Modificateur de dégâts"),
    ("DÉGÂTS", "Modificateur de dégâts"),
    ("modificateur de degats", "Modificateur de dégâts"),
    ("caracteristiques", "Caractéristiques"),
    ("l'attaque", None),
    ("scories", "Scories karmiques"),
    ("maladresse", "Maladresse"),
]


def first_results(page: Page, query: str) -> list[str]:
    """Type ``query`` into Material's search box and return the result titles, best first."""
    page.goto("./")
    page.locator("input.md-search__input").click()
    page.keyboard.type(query, delay=10)
    results = page.locator(".md-search-result__item")
    expect(results.first).to_be_visible(timeout=10_000)
    return results.locator("h1, h2").all_inner_texts()


@pytest.mark.parametrize(("query", "expected"), QUERIES)
def test_search_ignores_accents_and_case(page: Page, query: str, expected: str | None) -> None:
    """Each query lists the right page or section first."""
    titles = first_results(page, query)
    print(query, titles[:5])
    if expected:
        assert titles[0] == expected
