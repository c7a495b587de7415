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
from tests.browser.widgets import PRET, TELEPHONE, aller, cliquer_dans, page_prete, widget
from tests.rules.test_personnages import GUO, YANG, toto
from tests.rules.web_el_toto_commun import PASSE_LUE, SECONDE_PASSE

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
    question = jouer(racine, "toto.duel_nouveau", **noms)
    assert question["etat"] == seconde["etat"]
    assert cliquer_dans(racine, "Confirmer", "Oui, nouveau combat")["etat"] == {"passes": []}
    assert jouer(racine, "toto.duel", **noms, **PASSE_LUE)["etat"] == {"passes": [[1, 4]]}


PASSES_YANG_ET_GUO = [
    {
        "des_attaque_b": "6 4",
        "des_defense_a": "4 1",
        "des_resistance_a": "4 1 1 1",
        "des_attaque_a": "5 1 1",
        "des_resistance_b": "6 1",
    },
    {"des_attaque_b": "1 1", "des_defense_a": "6 6", "des_attaque_a": "5 2 1 1", "des_resistance_b": "4 1"},
    {"des_attaque_b": "2 3", "des_defense_a": "4 5", "des_attaque_a": "6 6 5 5", "des_resistance_b": "1 2"},
]
"""Three passes read on the table between Yang (side A) and Guo (side B), filled from their sheets."""


def remplir_le_camp(racine: Locator, libelle: str, nom: str) -> None:
    """Choose ``nom`` in the side's « … depuis… » list, and wait for the fields to be filled."""
    liste = racine.get_by_label(libelle)
    expect(liste).to_be_visible(timeout=PRET)
    liste.select_option(label=nom)
    expect(racine.locator(".regles-remplir__message")).to_contain_text(f"Rempli depuis « {nom} »")


def test_deux_personnages_enregistres_jusqu_a_la_blessure(page: Page) -> None:
    """Side A from Yang's sheet, side B from Guo's: three passes, Guo's wounds light, serious, critical."""
    aller(page, COMBAT)
    document = {"schema": "regles-personnages", "version": 1, "personnages": [toto(YANG), toto(GUO)]}
    page.evaluate("doc => localStorage.setItem('regles-personnages', JSON.stringify(doc))", document)
    page.reload()
    page_prete(page)
    racine = widget(page, "duel-el-toto")
    remplir_le_camp(racine, "Combattant A depuis…", "Yang")
    remplir_le_camp(racine, "Combattant B depuis…", "Guo")
    champs = ("nom_a", "vie_a", "pdc_a", "resistance_a", "nom_b", "vie_b", "pdc_b", "resistance_b")
    valeurs = [racine.locator(f'.regles-widget__formulaire [name="{c}"]').input_value() for c in champs]
    assert valeurs == ["Yang", "14", "6", "4", "Guo", "11", "4", "2"]
    vides = {f"des_{jet}_{c}": "" for jet in ("attaque", "defense", "resistance") for c in "ab"}
    reponses = [envoyer(racine, {**vides, **passe}, "toto.duel") for passe in PASSES_YANG_ET_GUO]
    assert [r["etat"]["passes"] for r in reponses] == [[[2, 2]], [[2, 2], [0, 3]], [[2, 2], [0, 3], [0, 9]]]
    sante = reponses[-1]["sante"]
    assert (sante["a"]["perdus"], sante["a"]["blessure"]["gravite"]) == (2, "legere")
    assert (sante["b"]["perdus"], sante["b"]["blessure"]["gravite"]) == (14, "critique")
    combat = racine.locator(".regles-widget__resultat table").filter(has_text="PV restants")
    expect(combat).to_contain_text("9 (critique)")
    expect(combat).to_contain_text("12 / 14")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    question = envoyer(racine, {}, "toto.duel_nouveau")
    assert question["etat"] == reponses[-1]["etat"]
    expect(racine.locator(".regles-widget__resultat")).to_contain_text("Effacer les passes jouées")
    assert cliquer_dans(racine, "Confirmer", "Oui, nouveau combat")["etat"] == {"passes": []}
