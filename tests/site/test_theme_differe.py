"""The deferred theme: on every page, Material's bundle is handed to ``theme-differe.js`` (loaded at the
reader's first touch), or the build fails loudly (a theme upgrade that renamed it must not turn the
deferral off in silence)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from mkdocs.exceptions import PluginError

from site_plugins.theme.plugin import DEMARREUR, theme_differe
from tests.site.pages import page_html

pytestmark = pytest.mark.site


def test_le_script_de_material_est_confie_au_chargeur_differe() -> None:
    """The bundle's tag becomes the deferred loader's, carrying the bundle's address."""
    bundle = "../assets/javascripts/bundle.a5f9.min.js"
    page = theme_differe(f'<script src="{bundle}"></script>', "t.js")
    assert page == f'<script type="module" src="t.js" data-regles-theme="{bundle}"></script>'


def test_sans_le_script_de_material_la_construction_echoue() -> None:
    """No bundle in a page: a French build error naming what is missing."""
    with pytest.raises(PluginError, match=r"script de Material .* introuvable"):
        theme_differe('<script src="../assets/javascripts/paquet.min.js"></script>', "t.js")


@pytest.mark.parametrize("url", ["", "glossaire/", "outils/", "basic-kar/combat-heroique/"])
def test_aucune_page_n_execute_le_script_de_material_a_son_chargement(site: Path, url: str) -> None:
    """With widgets or without, no page runs Material's bundle itself: only the deferred loader names it,
    the search keeps its style for before the theme (in ``ecran.css`` and the page's critical style drawn
    from it), and the print stylesheet waits for printing."""
    html = page_html(site, url)
    assert not re.search(r'<script[^>]*\ssrc="[^"]*bundle\.[0-9a-f]+\.min\.js"', html)
    chargeurs = r'<script type="regles/module" src="([^"]*)" data-regles-theme="[^"]*bundle\.'
    [chargeur] = re.findall(chargeurs, html)
    assert chargeur.endswith("assets/regles/theme-differe.js")
    [critique] = re.findall(r'<style data-regles-ecran="[^"]*ecran\.css">(.*?)</style>', html, re.S)
    ecran = (site / "assets/regles/ecran.css").read_text(encoding="utf-8")
    assert "/* assets/regles/theme-differe.css */" in ecran
    assert ".no-js .md-search{display:block}" in critique
    assert re.search(r'<link rel="stylesheet" href="[^"]*assets/impression\.css" media="print">', html)


@pytest.mark.parametrize("url", ["", "glossaire/", "outils/", "basic-kar/combat-heroique/"])
def test_les_modules_du_site_demarrent_apres_le_premier_affichage(site: Path, url: str) -> None:
    """No module script is fetched before the first paint: each is inert in the page, in its order, and
    the inline starter, last in ``<body>``, makes them modules again."""
    html = page_html(site, url)
    assert not re.search(r'<script[^>]*\stype="module"', html)
    inertes = re.findall(r'<script[^>]*\ssrc="[^"]*/([^"/]+\.js)"[^>]*\stype="regles/module"', html)
    assert inertes[:2] == ["accessibilite.js", "mon-systeme.js"] and inertes[-1] == "hors-ligne.js"
    assert html.rstrip().endswith(f"<script>{DEMARREUR}</script>\n</body>\n</html>")
