"""What the engine's browser tests share: how the engine started, the files it asked for, a route that
answers with given bytes."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, Route, expect

from tests.browser.widgets import PRET


def source_du_moteur(page: Page) -> str:
    """How the engine started: ``instantane`` (memory snapshot) or ``chargement`` (plain load)."""
    expect(page.locator("html")).to_have_attribute("data-moteur", "pret", timeout=PRET)
    return page.locator("html").get_attribute("data-moteur-source") or ""


ROUE = "rules_py-0.1.0-py3-none-any.whl"


def fichiers_demandes(page: Page) -> list[str]:
    """The names of the engine's files the page (and its workers) requested."""
    noms: list[str] = []
    page.on("request", lambda requete: noms.append(requete.url.rsplit("/", 1)[-1]))
    return noms


def servir(corps: bytes) -> Callable[[Route], None]:
    """A route handler answering with ``corps``."""
    return lambda route: route.fulfill(status=200, body=corps)
