"""A character of BaSIC — KAR, El Toto and Actions d100 created step by step on a 390 px phone: one step
of the sheet at a time, the values the engine computes shown as you type, the half-made character
found again after a reload, saved and listed with the exact values, without horizontal scrolling."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from tests.browser.conftest import SiteServer
from tests.browser.widgets import PRET, aller, page_de_telephone, page_prete, widget
from tests.rules.test_creation_systemes import BRUGOR, RENARD_BLANC, TOTO

pytestmark = pytest.mark.browser

CLE = "regles-personnages"

CREATIONS = [
    # (outil, système, étapes : (titre, champs tapés à cette étape, aperçu attendu après eux), fiche)
    (
        "creation-kar",
        "BaSIC — KAR",
        [
            ("Identité", ["nom"], ""),
            ("Caractéristiques", ["CON", "INT", "DEX", "POU"], "Initiative (Init)\u00a0: 15"),
            ("KAR", ["kar_initial"], "KAR actuel (%)\u00a0: 60"),
            ("Points", ["pv_initiaux", "pe_initiaux"], "Points de vie (PV)\u00a0: 13"),
            ("Compétences", ["scores"], ""),
            ("Combat", ["armes"], ""),
        ],
        RENARD_BLANC | {"kar": "60", "compteur_init": "15"},
    ),
    (
        "creation-el-toto",
        "El Toto",
        [
            ("Identité", ["nom"], ""),
            (
                "Caractéristiques",
                ["force", "agilite", "resistance", "hargne", "trempe", "survie"],
                "Vie (PV)\u00a0: 13 · Énergie\u00a0: 5",
            ),
            (
                "Combat",
                ["arts_martiaux", "competence_arme", "bonus_arme", "bouclier", "protection"],
                "Potentiel de combat (PdC)\u00a0: 5",
            ),
            ("Compétences", ["scores"], ""),
        ],
        TOTO,
    ),
    (
        "creation-actions",
        "Actions d100",
        [
            ("Identité", ["nom"], ""),
            ("Caractéristiques", ["caracteristiques"], ""),
            ("Compétences", ["scores"], ""),
        ],
        BRUGOR,
    ),
]


def sans_defilement_horizontal(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def stocke(page: Page) -> Any:
    texte = page.evaluate("cle => localStorage.getItem(cle)", CLE)
    return json.loads(texte) if texte else None


def titre(racine: Locator) -> Locator:
    return racine.locator(".regles-creation__etape")


@pytest.mark.parametrize(("outil", "systeme", "etapes", "fiche"), CREATIONS, ids=[c[0] for c in CREATIONS])
def test_une_creation_pas_a_pas_au_telephone(
    browser: Browser,
    server: SiteServer,
    outil: str,
    systeme: str,
    etapes: list[tuple[str, list[str], str]],
    fiche: dict[str, str],
) -> None:
    """Each step shows its fields only; the computed values follow the typing; a reload half-way
    brings the draft back at its step; the summary saves the character with the exact sheet."""
    total = len(etapes) + 1
    valeurs = fiche
    with page_de_telephone(browser, server.url, locale="fr-FR") as page:
        aller(page, "personnages/")  # a fresh phone: nothing stored
        page_prete(page)
        racine = widget(page, outil)
        racine.scroll_into_view_if_needed()
        moitie = len(etapes) // 2
        for numero, (nom_d_etape, cles, apercu) in enumerate(etapes, 1):
            if numero == moitie + 1:
                # Half-made: reloaded, the creation comes back at this step with what was typed.
                page.reload()
                page_prete(page)
                racine = widget(page, outil)
                expect(racine.locator(".regles-creation__reprise")).to_be_visible(timeout=PRET)
                premiere = etapes[0][1][0]
                expect(racine.locator(f'[name="{premiere}"]')).to_have_value(valeurs[premiere])
            expect(titre(racine)).to_have_text(
                f"Étape {numero} sur {total}\u00a0: {nom_d_etape}", timeout=PRET
            )
            for cle in cles:
                racine.locator(f'[name="{cle}"]').fill(valeurs[cle])
            for autre in (c for _, autres, _ in etapes if autres is not cles for c in autres):
                expect(racine.locator(f'[name="{autre}"]')).to_be_hidden()
            if apercu:
                expect(racine.locator(".regles-creation__apercu")).to_contain_text(apercu, timeout=PRET)
            sans_defilement_horizontal(page)
            racine.get_by_role("button", name="Suivant").click()

        expect(titre(racine)).to_have_text(f"Étape {total} sur {total}\u00a0: Récapitulatif")
        enregistrer = racine.locator(".regles-creation__enregistrer")
        expect(enregistrer).to_be_enabled(timeout=PRET)
        expect(racine.locator(".regles-creation__points")).to_have_count(0)
        sans_defilement_horizontal(page)
        enregistrer.click()
        expect(racine.locator(".regles-creation__message")).to_have_text(
            f"«\u00a0{fiche['nom']}\u00a0» créé et enregistré sur cet appareil.", timeout=PRET
        )
        ligne = page.locator(
            f'.regles-personnages[data-systeme="{systeme}"] .regles-personnages__personnage',
            has=page.locator(".regles-personnages__nom", has_text=fiche["nom"]),
        )
        expect(ligne).to_have_count(1, timeout=PRET)
        (personnage,) = stocke(page)["personnages"]
        assert (personnage["systeme"], personnage["fiche"]) == (systeme, fiche)
        assert page.evaluate("cle => localStorage.getItem(cle)", f"regles-creation-brouillon:{outil}") is None
        sans_defilement_horizontal(page)
