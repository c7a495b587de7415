"""Hostile share links in Chromium: each is refused in French in its own widget, the engine stays
healthy and every other widget of the page keeps computing."""

from __future__ import annotations

import base64
import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from rules_py.web.outil import OUTILS
from site_plugins.widgets.constantes import module_js
from tests.browser.widgets import PRET, cliquer, moteur_retenu, resultat, soumettre, widget

pytestmark = pytest.mark.browser

PAGE = "basic-maison/attributs-derives/"


def _lien(cible: str, contenu: str) -> str:
    etat = base64.urlsafe_b64encode(contenu.encode()).decode().rstrip("=")
    return f"{PAGE}#partage={cible}.{etat}"


def _json(op: str, args: object) -> str:
    return json.dumps({"op": op, "args": args})


PROFOND = '{"op": "basic.modificateur", "args": {"for": ' + "[" * 20_000 + "]" * 20_000 + "}}"


HOSTILES = {
    "20 000 niveaux": (PROFOND, "Le lien de partage est trop"),
    "1 Mo": (_json("basic.modificateur", {"for": "1" * 1_000_000}), "Le lien de partage est trop long"),
    "opération étrangère": (_json("kar.combat_exemple", {}), "ne correspond pas à cet outil"),
    "1e300": (_json("basic.modificateur", {"for": 1e300, "tai": 12}), "doit avoir au plus neuf chiffres"),
}
"""Each hostile link's content, and what its widget says of it."""


def test_un_lien_hostile_est_refuse_dans_son_outil_seulement(context: BrowserContext) -> None:
    """Each refusal is French and in its widget; 11 s later the page's other widget still computes.

    The four links are opened side by side, one tab each, and wait past the engine's watchdog together."""
    onglets = {}
    for cas, (contenu, _) in HOSTILES.items():
        onglet = context.new_page()
        erreurs: list[str] = []
        onglet.on("pageerror", lambda erreur, erreurs=erreurs: erreurs.append(str(erreur)))
        onglet.goto(_lien("w1-modificateur-degats", contenu))
        onglets[cas] = (onglet, erreurs)
    for cas, (onglet, _) in onglets.items():
        issue = widget(onglet, "modificateur-degats").locator(".regles-widget__resultat")
        expect(issue, cas).to_contain_text(HOSTILES[cas][1], timeout=60_000)
        expect(issue, cas).not_to_contain_text("en attente")
    # Past any request's own watchdog (10 s): each tab's engine is still the healthy one.
    next(iter(onglets.values()))[0].wait_for_timeout(11_000)
    for cas, (onglet, erreurs) in onglets.items():
        autre = widget(onglet, "attributs-basic")
        expect(autre, cas).to_have_attribute("data-state", "ready", timeout=60_000)
        cible = widget(onglet, "modificateur-degats")
        assert soumettre(cible, {"for": "14", "tai": "16"})["modificateur"] == "+1d2", cas
        assert soumettre(autre, {})["points_de_vie"] > 0, cas
        assert erreurs == [], cas


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


HEROIQUE = "basic-kar/combat-heroique/"
DIRECTION = "[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]"
# Every text node of the widget that holds a reordering mark outside a <bdi> (none may).
MARQUES_HORS_BDI = """(racine, direction) => {
    const marque = new RegExp(direction)
    const parcours = document.createTreeWalker(racine, NodeFilter.SHOW_TEXT)
    const hors = []
    while (parcours.nextNode()) {
        const noeud = parcours.currentNode
        if (marque.test(noeud.data) && !noeud.parentElement.closest("bdi")) hors.push(noeud.data)
    }
    return hors
}"""


def test_un_nom_avec_u202e_reste_isole_dans_le_suivi(page: Page) -> None:
    """A combatant named with U+202E: inside a <bdi> in the tracker's list, in the result's sentence and
    in an error that echoes it; no reordering mark anywhere outside an isolate; the same by a share link."""
    page.goto(HEROIQUE)
    racine = widget(page, "combat-heroique")
    nom = "\u202eYang"
    soumettre(racine, action="kar.combat_effacer")
    r = soumettre(racine, {"nom": nom, "camp": "", "jet": "30", "d6": "3"})
    assert [c["nom"] for c in r["combattants"]] == [nom]
    resultat = racine.locator(".regles-widget__resultat")
    expect(resultat.locator("tbody tr th bdi")).to_have_text(nom)
    expect(resultat.locator("p.regles-texte bdi").first).to_have_text(nom)
    assert racine.evaluate(MARQUES_HORS_BDI, DIRECTION) == []

    assert soumettre(racine, {"nom": "\u202eYa\x07ng"}) == {}
    message = racine.locator(".regles-widget__resultat .regles-texte--erreur")
    expect(message).to_contain_text(
        "« Nom du combattant » contient un caractère de contrôle invisible (U+0007)"
    )
    expect(message.locator("bdi")).to_have_text("\u202eYa\ufffdng")
    expect(racine.locator('.regles-champ[data-champ="nom"] .regles-champ__erreur bdi')).to_have_text(
        "\u202eYa\ufffdng"
    )
    assert racine.evaluate(MARQUES_HORS_BDI, DIRECTION) == []

    # The fight goes on: every later sentence (the engine's log, the announcements, the buttons) isolates it.
    soumettre(racine, {"nom": "Guo", "camp": "", "jet": "60", "d6": "4"})
    cliquer(racine, "Attaque normale sur Guo")
    cliquer(racine, "Passe suivante")
    assert "[U+" not in racine.inner_text()
    assert racine.evaluate(MARQUES_HORS_BDI, DIRECTION) == []

    lien = _json("kar.combat_ajouter", {"nom": nom, "jet": "30", "d6": "3"})
    page.goto(_lien("w1-combat-heroique", lien).replace(PAGE, HEROIQUE))
    racine = widget(page, "combat-heroique")
    expect(racine).to_have_attribute("data-partage", "true", timeout=60_000)
    expect(racine.locator(".regles-widget__resultat tbody tr th bdi")).to_have_text(nom)
    assert racine.evaluate(MARQUES_HORS_BDI, DIRECTION) == []


def test_un_second_lien_dans_la_meme_page_passe_par_la_garde(page: Page) -> None:
    """A share link opened on a page already there (only the fragment changes) replays its result, and a
    hostile one is refused in French, through the same guard."""
    page.goto(PAGE)
    cible = widget(page, "modificateur-degats")
    page.evaluate(
        "lien => { location.hash = lien }",
        _lien("w1-modificateur-degats", _json("basic.modificateur", {"for": "14", "tai": "16"})).split("#")[
            1
        ],
    )
    # The theme's instant navigation may render the page again for a new fragment: wait for the answer.
    zone = cible.locator(".regles-widget__resultat")
    expect(zone).to_have_attribute("data-result", re.compile('"somme":30'), timeout=60_000)
    expect(cible).to_have_attribute("data-partage", "true")
    page.evaluate(
        "lien => { location.hash = lien }",
        _lien("w1-modificateur-degats", _json("kar.combat_exemple", {})).split("#")[1],
    )
    expect(cible.locator(".regles-widget__resultat")).to_contain_text("ne correspond pas à cet outil")
    assert page.errors == []  # type: ignore[attr-defined]


def test_un_lien_refuse_n_est_pas_recouvert_par_la_reponse_du_lien_precedent(page: Page) -> None:
    """A refused link shows its refusal even when the engine answers the link before it afterwards (a
    page rendered again by the theme replays the link still in the address): that late answer is dropped."""
    with moteur_retenu(page):
        page.goto(_lien("w1-modificateur-degats", _json("basic.modificateur", {"for": "14", "tai": "16"})))
        cible = page.locator('[data-widget="modificateur-degats"]').first
        expect(cible.locator(".regles-widget__resultat")).to_contain_text("en attente")
        page.evaluate(
            "lien => { location.hash = lien }",
            _lien("w1-modificateur-degats", _json("kar.combat_exemple", {})).split("#")[1],
        )
        expect(cible.locator(".regles-widget__resultat")).to_contain_text("ne correspond pas à cet outil")
    expect(cible).to_have_attribute("data-reponses", "1", timeout=PRET)
    expect(cible.locator(".regles-widget__resultat")).to_contain_text("ne correspond pas à cet outil")
    expect(cible.locator(".regles-widget__resultat")).not_to_have_attribute("data-result", re.compile("."))
    expect(cible).not_to_have_attribute("aria-busy", "true")
    assert page.errors == []  # type: ignore[attr-defined]


def test_chaque_outil_est_sur_une_page_et_dans_le_fuzz_de_la_garde(site: Path) -> None:
    """Every registered tool has a widget on some page of the site, and the Node fuzz of the share links'
    guard (tests/js/garde.test.js) covers each: its operations are in the built constantes.js."""
    outils = set()
    for page in site.rglob("index.html"):
        for balise in re.findall(r'<div[^>]*class="regles-widget"[^>]*>', page.read_text(encoding="utf-8")):
            if nom := re.search(r'data-widget="([^"]*)"', balise):
                outils.add(nom.group(1))
    assert sorted(outils) == sorted(OUTILS)
    assert (site / "assets/regles/constantes.js").read_text(encoding="utf-8") == module_js()
