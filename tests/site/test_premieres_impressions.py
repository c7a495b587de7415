"""What a new reader meets first: French in the footer and on the 404 page, a first paint that waits for
no stylesheet (each page's critical style is inline: ``test_theme_critique.py``), ``<meta charset>`` first
in ``<head>``, and tagged PDFs in French."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from pypdf import PdfReader

from site_plugins.pdf.plugin import PdfPlugin
from tests.couverture import sans_mesure
from tests.site.pages import page_html

pytestmark = pytest.mark.site

PAGES = ["", "glossaire/", "outils/", "basic-maison/combat/", "basic-kar/combat-heroique/", "el-toto/combat/"]


@pytest.mark.parametrize("url", [*PAGES, "404.html"])
def test_le_pied_de_page_est_en_francais(site: Path, url: str) -> None:
    """No « Made with Material for MkDocs »: the footer keeps the site's own French line."""
    html = (site / url).read_text(encoding="utf-8") if url.endswith(".html") else page_html(site, url)
    pied = html[html.index('<footer class="md-footer">') :]
    assert "Made with" not in pied and "Material for MkDocs" not in pied
    assert "Règles transcrites des textes sources du projet." in pied


def test_la_page_404_est_en_francais(site: Path) -> None:
    """The 404 page's title and heading say « Page introuvable »."""
    html = (site / "404.html").read_text(encoding="utf-8")
    assert "<title>Page introuvable — Règles de jeu de rôle</title>" in html
    assert "<h1>Page introuvable</h1>" in html
    assert "Not found" not in html


@pytest.mark.parametrize("url", PAGES)
def test_les_titres_des_pages_n_ont_qu_un_tiret(site: Path, url: str) -> None:
    """A page's title separates its parts with « — » only, never « - »."""
    [titre] = re.findall(r"<title>([^<]*)</title>", page_html(site, url))
    assert " - " not in titre, titre


@pytest.mark.parametrize("url", [*PAGES, "personnages/"])
def test_meta_charset_est_la_premiere_balise_de_l_en_tete(site: Path, url: str) -> None:
    """``<meta charset="utf-8">`` opens ``<head>``, before the policy and any script: within 1,024 bytes."""
    octets = (site / url / "index.html").read_bytes()
    tete = octets.index(b"<head>") + len(b"<head>")
    assert octets[tete:].startswith(b'<meta charset="utf-8">')
    assert octets.index(b'<meta charset="utf-8">') < 1024
    assert octets.count(b"<meta charset") == 1


def test_ecran_css_reunit_material_sa_palette_et_les_feuilles_du_site_dans_leur_ordre(site: Path) -> None:
    """``ecran.css`` holds Material's sheet, its palette, then every screen stylesheet of the site, in the
    cascade's order, without the source maps' comments (they would point nowhere from there)."""
    ecran = (site / "assets/regles/ecran.css").read_text(encoding="utf-8")
    sources = re.findall(r"^/\* (\S+) \*/$", ecran, re.M)
    assert re.fullmatch(r"assets/stylesheets/main\.[0-9a-f]+\.min\.css", sources[0])
    assert re.fullmatch(r"assets/stylesheets/palette\.[0-9a-f]+\.min\.css", sources[1])
    assert sources[2:] == [
        "assets/regles.css",
        "assets/regles/theme-differe.css",
        "assets/regles/widgets.css",
        "assets/regles/personnages.css",
        "assets/regles/journal.css",
        "assets/regles/hors-ligne.css",
    ]
    for source in sources[2:]:
        assert (site / source).read_text(encoding="utf-8").strip() in ecran
    assert "sourceMappingURL" not in ecran


def test_chaque_pdf_est_balise_en_francais(site: Path) -> None:
    """Every PDF is tagged PDF/UA: a structure tree, marked content, the language French."""
    pdfs = sorted((site / "telechargement").glob("*.pdf"))
    assert len(pdfs) == 13
    for chemin in pdfs:
        with sans_mesure():
            catalogue = PdfReader(chemin).trailer["/Root"]
            arbre, marque = "/StructTreeRoot" in catalogue, catalogue["/MarkInfo"]["/Marked"].value
        assert arbre, chemin.name
        assert marque is True, chemin.name
        assert catalogue["/Lang"] == "fr", chemin.name


def _elements_de_structure(lecteur: PdfReader) -> list[dict[str, object]]:
    """Every element of a PDF's structure tree (walked by pypdf, untraced: see sans_mesure)."""
    with sans_mesure():
        elements = []
        a_voir = [lecteur.trailer["/Root"]["/StructTreeRoot"]]
        while a_voir:
            noeud = a_voir.pop()
            if hasattr(noeud, "get_object"):
                noeud = noeud.get_object()
            if isinstance(noeud, list):
                a_voir.extend(noeud)
            elif isinstance(noeud, dict):
                if "/S" in noeud:
                    elements.append(noeud)
                if "/K" in noeud:
                    a_voir.append(noeud["/K"])
        return elements


def test_la_structure_d_un_pdf_a_ses_titres_listes_et_tableaux(site: Path) -> None:
    """The whole reference's structure tree has headings, lists, tables with header cells, and an outline."""
    lecteur = PdfReader(site / "telechargement/regles-completes.pdf")
    roles = {str(element["/S"]) for element in _elements_de_structure(lecteur)}
    assert {"/H1", "/H2", "/P", "/L", "/LI", "/Table", "/TR", "/TH", "/TD"} <= roles, sorted(roles)
    assert lecteur.outline


def test_chaque_figure_d_un_pdf_a_son_texte_de_remplacement(site: Path) -> None:
    """A figure of a PDF (an image, a drawing) carries its alternative text, read by a screen reader."""
    for chemin in sorted((site / "telechargement").glob("*.pdf")):
        figures = [e for e in _elements_de_structure(PdfReader(chemin)) if str(e["/S"]) == "/Figure"]
        assert [figure for figure in figures if not figure.get("/Alt")] == [], chemin.name


def test_une_bibliotheque_manquante_arrete_la_construction_en_la_nommant(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Without HarfBuzz-Subset, the PDF plugin stops the build at its start, naming it in French."""
    monkeypatch.setattr(
        "site_plugins.pdf.plugin.bibliotheques_manquantes",
        lambda: ["HarfBuzz-Subset (paquet Debian libharfbuzz-subset0)"],
    )
    extension = PdfPlugin()
    erreurs, _ = extension.load_config({})
    assert not erreurs
    with pytest.raises(PluginError, match=r"il manque sur cette machine : HarfBuzz-Subset \(paquet Debian"):
        extension.on_config(MkDocsConfig())
