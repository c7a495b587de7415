"""A Basic maison character created step by step on a 390 px phone, with the site's example (a
Barbare hunter): bases from the text's formulas, budgets and the 65 % ceiling checked as you type,
the half-made character found again after a reload, saved with the skills the formulas give, and
exported as the very file the terminal writes for the same creation."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from rules_py.__main__ import main
from tests.browser.conftest import SiteServer
from tests.browser.widgets import PRET, aller, page_de_telephone, page_prete, widget
from tests.rules.test_creation_basic import EXEMPLE, FICHE_DE_L_EXEMPLE

pytestmark = pytest.mark.browser

CLE = "regles-personnages"
BROUILLON = "regles-creation-brouillon:creation-basic"
POINTS = {
    # (compétence, culture, profession, libres): the example's lines, the professional ones added
    "Athlétisme": ("30", "0", "9"),
    "Perception": ("20", "0", "20"),
    "Premiers secours": ("10", "0", "0"),
    "Bagarre": ("0", "30", "9"),
    "Esquive": ("0", "30", "7"),
    "Discrétion": ("0", "25", "10"),
    "Pistage": ("20", "15", "0"),
    "Survie": ("20", "0", "10"),
}
POOLS = ("culture", "profession", "libre")


def sans_defilement_horizontal(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def titre(racine: Locator) -> Locator:
    return racine.locator(".regles-creation__etape")


def case(racine: Locator, competence: str, pool: str) -> Locator:
    return racine.locator(f'.regles-creation__ligne[data-ligne="{competence}"] input[data-pool="{pool}"]')


def budget(racine: Locator, pool: str) -> Locator:
    return racine.locator(f'.regles-creation__budget[data-pool="{pool}"]')


def donner(racine: Locator, competence: str, points: tuple[str, str, str]) -> None:
    for pool, valeur in zip(POOLS, points, strict=True):
        boite = case(racine, competence, pool)
        if boite.input_value() != valeur:
            boite.fill(valeur)


def ajouter(racine: Locator, libelle: str, formule: str) -> None:
    """Add a professional skill of the culture from the list the engine offers (with its formula)."""
    racine.locator(".regles-creation__ajout select").select_option(label=f"{libelle} ({formule}) — culture")
    racine.locator(".regles-creation__ajout").get_by_role("button", name="Ajouter").click()
    expect(racine.locator(f'.regles-creation__ligne[data-ligne="{libelle}"]')).to_have_count(1, timeout=PRET)


def stocke(page: Page) -> Any:
    texte = page.evaluate("cle => localStorage.getItem(cle)", CLE)
    return json.loads(texte) if texte else None


def test_une_creation_pas_a_pas_au_telephone(browser: Browser, server: SiteServer, tmp_path: Path) -> None:
    """Identity → culture and profession → characteristics → points → summary, at 390 px, one step at a
    time; over-spending and the ceiling said as you type; a reload finds the draft; the saved
    character has the formulas' skills; its export is the terminal's file, byte for byte."""
    with page_de_telephone(browser, server.url, accept_downloads=True, locale="fr-FR") as page:
        aller(page, "personnages/")  # a fresh phone: nothing stored
        page_prete(page)
        racine = widget(page, "creation-basic")
        racine.scroll_into_view_if_needed()
        expect(titre(racine)).to_have_text("Étape 1 sur 5\u00a0: Identité", timeout=PRET)
        racine.locator('[name="nom"]').fill(EXEMPLE["nom"])
        sans_defilement_horizontal(page)
        racine.get_by_role("button", name="Suivant").click()

        expect(titre(racine)).to_have_text("Étape 2 sur 5\u00a0: Culture et profession")
        expect(racine.locator('[name="nom"]')).to_be_hidden()
        racine.locator('[name="culture"]').select_option(EXEMPLE["culture"])
        racine.locator('[name="profession"]').fill(EXEMPLE["profession"])
        racine.get_by_role("button", name="Suivant").click()

        expect(titre(racine)).to_have_text("Étape 3 sur 5\u00a0: Caractéristiques")
        for cle in ("for", "con", "tai", "dex", "int", "pou", "cha"):
            racine.locator(f'[name="{cle}"]').fill(EXEMPLE[cle])
        expect(racine.locator(".regles-creation__apercu")).to_contain_text(
            "Points de vie (PV)\u00a0: 12 · Points de magie (PM)\u00a0: 10", timeout=PRET
        )
        sans_defilement_horizontal(page)
        racine.get_by_role("button", name="Suivant").click()

        expect(titre(racine)).to_have_text("Étape 4 sur 5\u00a0: Points de compétence")
        athletisme = racine.locator('.regles-creation__ligne[data-ligne="Athlétisme"]')
        expect(athletisme.locator(".regles-creation__base")).to_have_text("base 26 (FOR + DEX)")
        expect(
            racine.locator('.regles-creation__ligne[data-ligne="Esquive"] .regles-creation__base')
        ).to_have_text("base 28 (DEX × 2)")
        expect(athletisme.locator(".regles-creation__offre")).to_have_text("Compétence de la culture")
        expect(budget(racine, "culture")).to_have_text("Culture\u00a0: 100 sur 100")
        for competence in ("Athlétisme", "Perception", "Premiers secours", "Bagarre"):
            donner(racine, competence, POINTS[competence])
        expect(budget(racine, "culture")).to_have_text("Culture\u00a0: 40 sur 100", timeout=PRET)
        expect(athletisme.locator(".regles-creation__valeur")).to_have_text("65\u00a0%")

        # Half-made: the page is reloaded, the creation comes back at its step with its points.
        page.reload()
        page_prete(page)
        racine = widget(page, "creation-basic")
        expect(titre(racine)).to_have_text("Étape 4 sur 5\u00a0: Points de compétence", timeout=PRET)
        expect(racine.locator(".regles-creation__reprise")).to_be_visible()
        expect(case(racine, "Athlétisme", "culture")).to_have_value("30", timeout=PRET)
        expect(budget(racine, "culture")).to_have_text("Culture\u00a0: 40 sur 100", timeout=PRET)

        for competence in ("Esquive", "Discrétion"):
            donner(racine, competence, POINTS[competence])
        ajouter(racine, "Pistage", "INT + CON")
        ajouter(racine, "Survie", "CON + POU")
        for competence in ("Pistage", "Survie"):
            donner(racine, competence, POINTS[competence])
        expect(budget(racine, "culture")).to_have_text("Culture\u00a0: 0 sur 100", timeout=PRET)
        expect(budget(racine, "profession")).to_have_text("Profession\u00a0: 0 sur 100", timeout=PRET)
        expect(budget(racine, "libre")).to_have_text("Libres\u00a0: 85 sur 150", timeout=PRET)
        sans_defilement_horizontal(page)

        # Over-spending: one culture point too many is said at once, and nothing can be saved.
        case(racine, "Premiers secours", "culture").fill("11")
        expect(budget(racine, "culture")).to_have_text("Culture\u00a0: \u22121 sur 100", timeout=PRET)
        expect(budget(racine, "culture")).to_have_class("regles-creation__budget regles-texte--erreur")
        case(racine, "Premiers secours", "culture").fill("10")
        expect(budget(racine, "culture")).to_have_text("Culture\u00a0: 0 sur 100", timeout=PRET)
        # The ceiling: Esquive 28 + 38 = 66 is over 65 % (base included).
        esquive = racine.locator('.regles-creation__ligne[data-ligne="Esquive"]')
        case(racine, "Esquive", "libre").fill("8")
        expect(esquive.locator(".regles-creation__alerte")).to_be_visible(timeout=PRET)
        expect(esquive.locator(".regles-creation__alerte")).to_contain_text("Au-dessus de 65\u00a0%")
        racine.get_by_role("button", name="Suivant").click()
        expect(racine.locator(".regles-creation__enregistrer")).to_be_disabled(timeout=PRET)
        racine.get_by_role("button", name="Précédent").click()
        case(racine, "Esquive", "libre").fill("7")
        expect(esquive.locator(".regles-creation__alerte")).to_be_hidden(timeout=PRET)

        racine.get_by_role("button", name="Suivant").click()
        expect(titre(racine)).to_have_text("Étape 5 sur 5\u00a0: Récapitulatif")
        enregistrer = racine.locator(".regles-creation__enregistrer")
        expect(enregistrer).to_be_enabled(timeout=PRET)
        sans_defilement_horizontal(page)
        enregistrer.click()
        expect(racine.locator(".regles-creation__message")).to_have_text(
            "«\u00a0Ruan\u00a0» créé et enregistré sur cet appareil.", timeout=PRET
        )
        ligne = page.locator(
            '.regles-personnages[data-systeme="Basic maison"] .regles-personnages__personnage',
            has=page.locator(".regles-personnages__nom", has_text="Ruan"),
        )
        expect(ligne).to_have_count(1, timeout=PRET)
        (personnage,) = stocke(page)["personnages"]
        assert personnage["fiche"]["scores"] == FICHE_DE_L_EXEMPLE
        assert page.evaluate("cle => localStorage.getItem(cle)", BROUILLON) is None

        with page.expect_download() as telechargement:
            ligne.get_by_role("button", name="Exporter").click()
        depuis_la_page = tmp_path / "page.json"
        telechargement.value.save_as(depuis_la_page)

    depuis_le_terminal = tmp_path / "terminal.json"
    argv = ["outil", "creation-basic", *(f"--{cle}={valeur}" for cle, valeur in EXEMPLE.items())]
    assert main([*argv, "--exporter", str(depuis_le_terminal)]) == 0
    assert depuis_la_page.read_bytes() == depuis_le_terminal.read_bytes()
