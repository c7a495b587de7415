"""The index of the tools on the « Outils » page: built from the registry, one line per tool under its
system, each linked to the widget on its rules page."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rules_py.web.outil import OUTILS, SYSTEMES
from site_plugins.widgets.index_des_outils import emplacements
from tests.site.pages import page_html

pytestmark = pytest.mark.site


def _sections(site: Path) -> dict[str, str]:
    """The index's HTML, section by section: system heading → its list."""
    html = page_html(site, "outils/")
    index = html[html.index('class="regles-index-outils"') : html.index('id="notation-des-des"')]
    morceaux = re.split(r'<h3 id="outils-[a-z0-9-]+">(.*?)<a class="headerlink"', index)[1:]
    titres = [re.sub(r"<[^>]+>", "", titre) for titre in morceaux[::2]]
    return dict(zip(titres, morceaux[1::2], strict=True))


def test_chaque_outil_du_registre_est_dans_l_index_sous_son_systeme(site: Path) -> None:
    """Every registered tool has one line, in the section of its system, the systems in the site's order."""
    sections = _sections(site)
    assert list(sections) == [s for s in SYSTEMES if any(o.systeme == s for o in OUTILS.values())]
    for nom, outil in OUTILS.items():
        assert [s for s, html in sections.items() if f'data-outil="{nom}"' in html] == [outil.systeme]


def test_chaque_lien_vise_le_widget_de_sa_page(site: Path) -> None:
    """Each link's page holds the widget of that tool under the link's anchor."""
    html = page_html(site, "outils/")
    for nom in OUTILS:
        lien = re.search(rf'data-outil="{nom}"><a href="([^"#]*)#([^"]+)"', html)
        assert lien, nom
        page = (site / "outils" / lien.group(1) / "index.html").resolve()
        racine = re.search(rf'<div [^>]*data-widget="{nom}" id="([^"]+)"', page.read_text(encoding="utf-8"))
        assert racine and racine.group(1) == lien.group(2), nom


def test_la_place_d_un_outil_est_sa_page_de_regles_d_abord() -> None:
    """A rules page wins over the tools page, which wins over the home page; the anchor counts blocks."""
    pages = [
        ("index.md", "/// widget | a\n///"),
        ("outils/index.md", "/// widget | a\n///\n/// widget | b\n///"),
        ("regles.md", "/// widget | c\n///\n/// widget | a\n///"),
    ]
    assert emplacements(pages) == {
        "c": ("regles.md", "w1-c"),
        "a": ("regles.md", "w2-a"),
        "b": ("outils/index.md", "w2-b"),
    }


def _raccourcis(site: Path) -> str:
    html = page_html(site, "")
    debut = html.index('class="regles-raccourcis"')
    return html[debut : html.index("</nav>", debut)]


def test_l_accueil_mene_a_chaque_outil_du_registre_en_un_lien(site: Path) -> None:
    """The home page's « Outils » has one link per registered tool, in its system's group, to the widget
    on its page."""
    raccourcis = _raccourcis(site)
    groupes = re.findall(r'data-systeme="([^"]+)"', raccourcis)
    assert groupes == [s for s in SYSTEMES if any(o.systeme == s for o in OUTILS.values())]
    par_groupe = dict(zip(groupes, re.split(r'data-systeme="[^"]+"', raccourcis)[1:], strict=True))
    for nom, outil in OUTILS.items():
        assert [s for s, html in par_groupe.items() if f'data-outil="{nom}"' in html] == [outil.systeme]
        lien = re.search(rf'data-outil="{nom}"><a href="([^"#]*)#([^"]+)"', raccourcis)
        assert lien, nom
        page = (site / lien.group(1) / "index.html").resolve() if lien.group(1) else site / "index.html"
        racine = re.search(rf'<div [^>]*data-widget="{nom}" id="([^"]+)"', page.read_text(encoding="utf-8"))
        assert racine and racine.group(1) == lien.group(2), nom


def test_les_liens_de_l_accueil_disent_le_titre_court_de_l_outil(site: Path) -> None:
    """Each short link reads its tool's title up to its colon, without its group's system name."""
    raccourcis = _raccourcis(site)
    assert re.findall(r'data-outil="combat-heroique"><a [^>]*>([^<]+)</a>', raccourcis) == ["Combat héroïque"]
    assert re.findall(r'data-outil="personnage-el-toto"><a [^>]*>([^<]+)</a>', raccourcis) == [
        "Créer ou modifier un personnage"
    ]


def test_un_outil_de_l_accueil_y_est_lie_sur_place(site: Path) -> None:
    """The dice roller, a tool of the home page itself, is linked to its widget there, not to another page."""
    assert re.findall(r'data-outil="jet-de-des"><a href="([^"]+)"', _raccourcis(site)) == ["#w1-jet-de-des"]
