"""An El Toto fight in Chromium: two named fighters, passes played one after another, PV and wounds.

On a laptop and on a phone (390 px wide): the state comes back with every answer, the
wound state is shown after each pass, « Meilleure répartition » keeps the passes played,
and the page never scrolls sideways.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from rules_py.web.el_toto import EntreesDuel
from tests.browser.conftest import SiteServer
from tests.browser.test_widgets_el_toto import envoyer, formulaire
from tests.browser.widgets import TELEPHONE, aller, widget
from tests.rules.test_web_el_toto import PASSE_LUE, SECONDE_PASSE

pytestmark = pytest.mark.browser

COMBAT = "el-toto/combat/"
FINE = "\u202f"


@pytest.fixture(params=[None, 390], ids=["ordinateur", "telephone"])
def page(request: pytest.FixtureRequest, browser: Browser, server: SiteServer) -> Iterator[Page]:
    """A fresh page, as wide as a laptop's, or as a phone's (390 px, touch)."""
    contexte = browser.new_context(
        base_url=server.url, service_workers="block", **(TELEPHONE if request.param else {})
    )
    yield contexte.new_page()
    contexte.close()


def jouer(racine: Locator, action: str, **valeurs: Any) -> dict[str, Any]:
    """Type the form's fields (the hidden fight is the page's), then press the button of ``action``."""
    return envoyer(racine, formulaire(EntreesDuel, **valeurs), action)


def test_deux_combattants_nommes_jusqu_a_la_blessure(page: Page) -> None:
    """Yang and Wu fight two passes: Wu's PV go down to a critical wound; the passes stay on screen."""
    aller(page, COMBAT)
    racine = widget(page, "duel-el-toto")
    noms = {"nom_a": "Yang", "nom_b": "Wu", "vie_b": "13"}
    premiere = jouer(racine, "toto.duel", **noms, **PASSE_LUE)
    assert premiere["etat"] == {"passes": [[1, 4]]}
    sortie = racine.locator(".regles-widget__resultat")
    expect(sortie).to_contain_text(f"Passe 1{FINE}: Wu a l’initiative")
    expect(sortie.locator("table").filter(has_text="PV restants")).to_contain_text("9 / 13")
    seconde = jouer(racine, "toto.duel", **noms, **SECONDE_PASSE)
    assert seconde["etat"] == {"passes": [[1, 4], [0, 7]]}
    assert (seconde["sante"]["b"]["perdus"], seconde["sante"]["b"]["blessure"]["gravite"]) == (11, "critique")
    combat = sortie.locator("table").filter(has_text="PV restants")
    expect(combat).to_contain_text("7 (critique)")
    expect(combat).to_contain_text("2 / 13")
    conseil = jouer(racine, "toto.duel_repartition", **noms)
    assert conseil["etat"] == seconde["etat"]
    expect(sortie.locator("table").filter(has_text="PV restants")).to_contain_text("Passe 2")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    nouveau = jouer(racine, "toto.duel_nouveau", **noms)
    assert nouveau["etat"] == {"passes": []}
    assert jouer(racine, "toto.duel", **noms, **PASSE_LUE)["etat"] == {"passes": [[1, 4]]}
