"""Hostile share links in Chromium: each is refused in French in its own widget, the engine stays
healthy and every other widget of the page keeps computing."""

from __future__ import annotations

import base64
import json

import pytest
from playwright.sync_api import Page, expect

from tests.browser.widgets import resultat, soumettre, widget

pytestmark = pytest.mark.browser

PAGE = "basic-maison/attributs-derives/"


def _lien(cible: str, contenu: str) -> str:
    etat = base64.urlsafe_b64encode(contenu.encode()).decode().rstrip("=")
    return f"{PAGE}#partage={cible}.{etat}"


def _json(op: str, args: object) -> str:
    return json.dumps({"op": op, "args": args})


PROFOND = '{"op": "basic.modificateur", "args": {"for": ' + "[" * 20_000 + "]" * 20_000 + "}}"


@pytest.mark.parametrize(
    ("contenu", "message"),
    [
        (PROFOND, "Le lien de partage est trop"),
        (_json("basic.modificateur", {"for": "1" * 1_000_000}), "Le lien de partage est trop long"),
        (_json("kar.combat_exemple", {}), "ne correspond pas à cet outil"),
        (_json("basic.modificateur", {"for": 1e300, "tai": 12}), "d’au plus neuf chiffres"),
    ],
    ids=["20000-niveaux", "1-Mo", "operation-etrangere", "1e300"],
)
def test_un_lien_hostile_est_refuse_dans_son_outil_seulement(page: Page, contenu: str, message: str) -> None:
    """The refusal is French and in its widget; 15 s later the page's other widget still computes."""
    page.goto(_lien("w1-modificateur-degats", contenu))
    cible = widget(page, "modificateur-degats")
    expect(cible.locator(".regles-widget__resultat")).to_contain_text(message, timeout=60_000)
    expect(cible.locator(".regles-widget__resultat")).not_to_contain_text("en attente")
    # Past any request's own watchdog (10 s): the engine is still the healthy one.
    page.wait_for_timeout(15_000)
    autre = widget(page, "attributs-basic")
    expect(autre).to_have_attribute("data-state", "ready", timeout=60_000)
    assert soumettre(cible, {"for": "14", "tai": "16"})["modificateur"] == "+1d2"
    assert soumettre(autre, {})["points_de_vie"] > 0
    assert page.errors == []  # type: ignore[attr-defined]


def test_un_lien_vers_un_outil_absent_le_dit(page: Page) -> None:
    """A link naming a widget this page does not have says so on the first widget."""
    page.goto(_lien("w9-inconnu", _json("basic.modificateur", {"for": "12", "tai": "12"})))
    premier = widget(page, "modificateur-degats")
    expect(premier.locator(".regles-widget__resultat")).to_contain_text("vise un outil absent de cette page")


def test_un_lien_sain_redonne_son_resultat(page: Page) -> None:
    """The guard lets an honest link through: the same result, marked as shared."""
    page.goto(_lien("w1-modificateur-degats", _json("basic.modificateur", {"for": "14", "tai": "16"})))
    cible = widget(page, "modificateur-degats")
    expect(cible).to_have_attribute("data-partage", "true", timeout=60_000)
    assert resultat(cible)["somme"] == 30
