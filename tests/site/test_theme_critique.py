"""The critical style: each page carries, inline in ``<head>``, the rules of ``ecran.css`` that its own
elements match, in the cascade's order, and no stylesheet holds its first paint back."""

from __future__ import annotations

import re
from pathlib import Path

import cssselect2
import pytest
import tinycss2
import tinyhtml5

from site_plugins.theme.socle import SEPARATEURS_DE_SELECTEURS, Socle, compact
from tests.site.pages import page_html

pytestmark = pytest.mark.site

PAGES = ["", "glossaire/", "outils/", "basic-maison/combat/", "basic-kar/combat-heroique/", "el-toto/combat/"]
STYLE_CRITIQUE = re.compile(r'<style data-regles-ecran="([^"]*)">(.*?)</style>', re.S)
SANS_SCRIPT = re.compile(r"<noscript>(.*?)</noscript>", re.S)
ETATS = re.compile(r":|\[data-md-color-scheme")


def style_critique(html: str) -> str:
    """The page's critical style (there is exactly one, in ``<head>``)."""
    [(ecran, style)] = STYLE_CRITIQUE.findall(html)
    assert ecran.endswith("assets/regles/ecran.css")
    assert html.index("<style data-regles-ecran") < html.index("</head>")
    return style


def regles_simples(ecran: str) -> list[tuple[str, str]]:
    """The rules of ``ecran.css`` for a screen without states nor pseudo-elements: (group, compact
    prelude), in their order; a rule in ``@media screen…`` keeps its group's prelude."""
    regles = []

    def lire(contenu: list, groupe: str) -> None:
        for regle in contenu:
            if regle.type == "qualified-rule":
                prelude = compact(regle.prelude, SEPARATEURS_DE_SELECTEURS)
                if not ETATS.search(prelude):
                    regles.append((groupe, prelude))
            elif regle.type == "at-rule" and regle.lower_at_keyword == "media" and regle.content is not None:
                media = compact(regle.prelude)
                if media != "print":
                    lire(tinycss2.parse_blocks_contents(regle.content, True, True), f"@media {media}")

    lire(tinycss2.parse_stylesheet(ecran, True, True), "")
    return regles


@pytest.mark.parametrize("url", [*PAGES, "personnages/"])
def test_aucune_feuille_de_style_ne_retient_le_premier_affichage(site: Path, url: str) -> None:
    """No stylesheet blocks the first paint: the page's critical style is inline and names ``ecran.css``,
    which a page without JavaScript links in ``<noscript>``; the print stylesheet waits for printing."""
    html = page_html(site, url)
    style_critique(html)
    liens = re.findall(r'<link rel="stylesheet"[^>]*>', SANS_SCRIPT.sub("", html))
    [impression] = liens
    assert re.fullmatch(r'<link rel="stylesheet" href="[^"]*impression\.css" media="print">', impression)
    [sans_script] = SANS_SCRIPT.findall(html)
    assert re.fullmatch(r'<link rel="stylesheet" href="[^"]*assets/regles/ecran\.css">', sans_script)
    assert not (site / "assets/regles/socle.css").exists()


@pytest.mark.parametrize("url", PAGES)
def test_le_style_critique_a_chaque_regle_qui_peint_un_element_de_la_page(site: Path, url: str) -> None:
    """Every rule of ``ecran.css`` (Material's included) whose plain selector matches an element of the
    page is in its critical style, in the same group, in the same order as in ``ecran.css``."""
    html = page_html(site, url)
    style = style_critique(html)
    ecran = (site / "assets/regles/ecran.css").read_text(encoding="utf-8")
    racine = cssselect2.ElementWrapper.from_html_root(tinyhtml5.parse(html))
    elements = list(racine.iter_subtree())
    position, vues = 0, 0
    for groupe, prelude in regles_simples(ecran):
        try:
            selecteurs = cssselect2.compile_selector_list(prelude)
        except cssselect2.SelectorError:
            continue
        if not any(s.test(e) for s in selecteurs for e in elements):
            continue
        vues += 1
        regle = re.compile(rf"(?:^|[{{}};]){re.escape(prelude)}\{{")
        trouvee = regle.search(style, position)
        assert trouvee, (groupe, prelude)
        trouve = trouvee.start()
        if groupe:
            assert style.rfind(f"{groupe}{{", 0, trouve + 1) >= 0, (groupe, prelude)
        position = trouve + 1
    assert vues > 150


@pytest.mark.parametrize("url", PAGES)
def test_le_style_critique_laisse_ce_que_la_page_ne_montre_pas(site: Path, url: str) -> None:
    """The critical style leaves to ``ecran.css`` what this page does not show at its first paint: the
    search results (built by Material's script), the print rules, the rules for a pointer over or a
    focus, the custom properties no kept rule reads (admonition icons of types the page has not); it is
    compact, and under a third of ``ecran.css``."""
    style = style_critique(page_html(site, url))
    ecran = (site / "assets/regles/ecran.css").read_text(encoding="utf-8")
    assert ".md-header{" in style and ".regles-widget{" in style
    assert "--md-primary-fg-color:" in style
    assert ".md-search-result__article" in ecran and ".md-search-result__article" not in style
    assert "@media print" in ecran and "@media print" not in style
    assert ".md-nav__link:hover" in ecran and ".md-nav__link:hover" not in style
    assert "--md-admonition-icon--bug:" in ecran and "--md-admonition-icon--bug:" not in style
    assert "/*" not in style and "\n" not in style
    assert len(style) < len(ecran) / 3


def test_une_regle_d_etat_est_gardee_quand_son_element_est_dans_la_page() -> None:
    """A rule for a state (``:checked``, a pseudo-element, the dark scheme) is kept when the element it
    styles is in the page; a selector the matcher does not know keeps its rule; a rule for a pointer
    over or a focus only waits for ``ecran.css``, as do the custom properties no kept rule reads."""
    socle = Socle()
    socle.ajouter_feuille(
        ":root{--lue:red;--par-lue:1px;--seule:0;--ailleurs:blue}"
        ".bascule:checked~.menu{display:block;border:var(--par-lue) solid}"
        "[data-md-color-scheme=slate] a::after{color:var(--lue)}"
        ".absente:checked~.menu{display:none;color:var(--ailleurs)}"
        "dialog:modal{margin:0}"
        "a:hover{color:red}a:not(:hover){color:blue}"
    )
    socle.ajouter_feuille(":root{--par-lue:var(--lue)}")
    page = '<body data-md-color-scheme="default"><input class="bascule"><nav class="menu"><a>'
    assert socle.critique(page) == (
        ":root{--lue:red;--par-lue:1px}"
        ".bascule:checked~.menu{display:block;border:var(--par-lue) solid}"
        "[data-md-color-scheme=slate] a::after{color:var(--lue)}"
        "dialog:modal{margin:0}"
        "a:not(:hover){color:blue}"
        ":root{--par-lue:var(--lue)}"
    )


def test_le_style_critique_garde_les_proprietes_lues_par_la_page() -> None:
    """A custom property that the page's own ``style`` attributes read stays in the critical style."""
    socle = Socle()
    socle.ajouter_feuille(":root{--largeur:3em;--autre:0}")
    assert socle.critique('<p style="width: var(--largeur)">') == ":root{--largeur:3em}"
