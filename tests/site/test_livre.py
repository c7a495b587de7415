"""Builds that tell the truth: without PDFs and without the site's address, a strict build passes and says so.

One extra build (``REGLES_PDF=false``, no ``REGLES_SITE_URL``), as a reader
would run it before publishing; the rest of the suite builds with an address.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from tests.conftest import ROOT, construire_le_site
from tests.site.pages import page_html

pytestmark = pytest.mark.site

ADRESSES_LOCALES = re.compile(rb"127\.0\.0\.1|localhost", re.I)
TIERS = {
    "assets/pyodide/pyodide.asm.wasm",
    "assets/javascripts/bundle.a5f9d56c.min.js.map",
}
"""Files copied unchanged from the Pyodide runtime and from Material's bundle, whose bytes mention a local
address (the C library's defaults, a comment of the theme's sources): not an address this build wrote."""


@pytest.fixture(scope="module")
def construction(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """The site built strict with ``REGLES_PDF=false`` and no ``REGLES_SITE_URL``, and its build log."""
    dossier = tmp_path_factory.mktemp("site-sans-adresse")
    env = {key: value for key, value in os.environ.items() if key != "REGLES_SITE_URL"}
    journal = construire_le_site(dossier, {**env, "REGLES_PDF": "false", "NO_MKDOCS_2_WARNING": "1"})
    return dossier, journal


def test_la_page_de_telechargement_dit_que_les_pdf_ne_sont_pas_produits(
    construction: tuple[Path, str],
) -> None:
    """Sans PDF, la page de téléchargement le dit et ne lie aucun fichier .pdf."""
    site, _ = construction
    html = page_html(site, "telechargement")
    assert "PDF non produits" in html
    assert "n’a pas produit ses PDF" in html
    assert ".pdf" not in " ".join(re.findall(r'href="([^"]*)"', html))
    assert not (site / "telechargement" / "regles-completes.pdf").exists()


def test_aucune_adresse_locale_sans_regles_site_url(construction: tuple[Path, str]) -> None:
    """Sans REGLES_SITE_URL, aucun fichier écrit par la construction ne nomme 127.0.0.1 ni localhost."""
    site, _ = construction
    trouves = {
        chemin.relative_to(site).as_posix()
        for chemin in site.rglob("*")
        if chemin.is_file() and ADRESSES_LOCALES.search(chemin.read_bytes())
    }
    assert trouves <= TIERS, sorted(trouves - TIERS)


def test_sans_adresse_les_pages_n_ont_ni_lien_canonique_ni_sitemap_adresse(
    construction: tuple[Path, str],
) -> None:
    """Sans adresse : ni lien canonique, ni adresse dans le sitemap, ni sitemap dans robots.txt."""
    site, _ = construction
    assert 'rel="canonical"' not in page_html(site, "basic-maison/combat")
    assert 'property="og:url"' not in page_html(site, "basic-maison/combat")
    assert "<loc>" not in (site / "sitemap.xml").read_text(encoding="utf-8")
    assert (site / "robots.txt").read_text(encoding="utf-8") == "User-agent: *\nAllow: /\n"


def test_la_construction_sans_adresse_le_signale(construction: tuple[Path, str]) -> None:
    """Le journal de construction explique l'absence d'adresse et comment la donner."""
    _, journal = construction
    assert "pas d'adresse de publication (REGLES_SITE_URL)" in journal
    assert "REGLES_SITE_URL=https://exemple.org/regles/" in journal
    assert "MkDocs 2.0" not in journal


def test_le_makefile_fait_taire_mkdocs_2_et_construit_en_mode_strict() -> None:
    """Le Makefile exporte NO_MKDOCS_2_WARNING=1 et chaque construction du projet est stricte."""
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert re.search(r"^export NO_MKDOCS_2_WARNING := 1$", makefile, re.M)
    commandes = [*re.findall(r"mkdocs build[^\n]*", makefile)]
    for script in (ROOT / "benchmarks" / "build.py", ROOT / "benchmarks" / "serve.py"):
        texte = script.read_text(encoding="utf-8")
        commandes += [ligne for ligne in texte.splitlines() if '"mkdocs", "build"' in ligne]
    assert commandes
    assert [commande for commande in commandes if "strict" not in commande] == []
