"""The GM screens printed from the browser (Chromium, A4): one or two sheets, tables in, tools out."""

from __future__ import annotations

import io
import unicodedata

import pytest
from playwright.sync_api import Page
from pypdf import PdfReader

from tests.browser.widgets import page_prete
from tests.site.pages import DOSSIERS_DES_SYSTEMES

pytestmark = pytest.mark.browser

TABLES = ("Table de circonstances", "Table de résistance", "Blessures et malus", "Table des difficultés")
ECRANS = {f"{dossier}/ecran/": table for dossier, table in zip(DOSSIERS_DES_SYSTEMES, TABLES, strict=True)}
"""Each system's screen, and one of its tables."""


@pytest.mark.parametrize("chemin", ECRANS)
def test_un_ecran_s_imprime_sur_une_ou_deux_feuilles_a4(page: Page, chemin: str) -> None:
    """Imprimer l'écran depuis le navigateur : une ou deux pages A4, ses tables, pas ses outils rapides."""
    page.goto(chemin)
    page_prete(page)
    lecteur = PdfReader(io.BytesIO(page.pdf(format="A4", print_background=True)))
    texte = " ".join(" ".join(feuille.extract_text().split()) for feuille in lecteur.pages)
    texte = unicodedata.normalize("NFKC", texte)  # the ligatures (ﬃ) as letters
    assert 1 <= len(lecteur.pages) <= 2
    assert ECRANS[chemin] in texte
    assert "Outils rapides" not in texte
