"""The GM screens and the blank character sheets, one page each per system, in the built site.

A screen shows the very tables of the rules pages (pymdownx.snippets sections), each under a
heading that links to its full rule; a blank sheet shows the fields of the system's single
sheet declaration (``rules_py.personnages.FICHES``).
"""

from __future__ import annotations

import functools
import re
from pathlib import Path
from urllib.parse import urljoin, urlsplit
from xml.etree.ElementTree import Element

import pytest
import tinyhtml5
from mkdocs.config import load_config
from mkdocs.structure.files import get_files
from mkdocs.structure.nav import Section, get_navigation

from rules_py.personnages import champs_de_fiche
from rules_py.web.outil import OUTILS
from rules_py.web.typographie import typographie
from tests.conftest import ROOT
from tests.site.pages import DOSSIERS_DES_SYSTEMES, page_html

pytestmark = pytest.mark.site

SYSTEMES = DOSSIERS_DES_SYSTEMES


def article(site: Path, url: str) -> Element:
    html = page_html(site, url)
    debut, fin = html.index("<article"), html.index("</article>") + len("</article>")
    racine = tinyhtml5.parse(html[debut:fin], namespace_html_elements=False).find("body/article")
    assert racine is not None
    return racine


def texte(element: Element) -> str:
    return " ".join("".join(element.itertext()).split())


def cellules(table: Element) -> tuple[tuple[str, ...], ...]:
    return tuple(
        tuple(texte(case) for case in ligne if case.tag in {"td", "th"}) for ligne in table.iter("tr")
    )


def ecran(site: Path, dossier: str) -> Element:
    bloc = next(e for e in article(site, f"{dossier}/ecran/").iter("div") if e.get("class") == "regles-ecran")
    return bloc


@functools.cache
def pages_de_section(titre: str) -> list[str]:
    config = load_config(str(ROOT / "mkdocs.yml"))
    section = next(item for item in get_navigation(get_files(config), config).items if item.title == titre)
    assert isinstance(section, Section)
    return [page.file.src_uri for page in section.children]


@pytest.mark.parametrize("dossier", SYSTEMES)
def test_l_ecran_est_dans_la_section_de_son_systeme_et_son_titre_dit_ecran(site: Path, dossier: str) -> None:
    """« Écran du meneur — <système> » : son titre, dans la section de navigation du système."""
    systeme = SYSTEMES[dossier]
    h1 = article(site, f"{dossier}/ecran/").find(".//h1")
    assert h1 is not None and texte(h1).removesuffix("¶") == f"Écran du meneur — {systeme}"
    assert f"<title>Écran du meneur — {systeme} — " in page_html(site, f"{dossier}/ecran/")
    assert f"{dossier}/ecran.md" in pages_de_section(systeme)
    assert f"{dossier}/fiche.md" in pages_de_section(systeme)


@pytest.mark.parametrize("dossier", SYSTEMES)
def test_aucune_table_n_est_recopiee_dans_l_ecran(dossier: str) -> None:
    """La page de l'écran n'écrit aucune table : elle les prend aux pages des règles (snippets)."""
    source = (ROOT / "docs" / dossier / "ecran.md").read_text(encoding="utf-8")
    assert not [ligne for ligne in source.splitlines() if ligne.lstrip().startswith("|")]
    assert source.count(f'--8<-- "docs/{dossier}/') >= 6


@pytest.mark.parametrize("dossier", SYSTEMES)
def test_chaque_table_de_l_ecran_est_celle_d_une_page_des_regles(site: Path, dossier: str) -> None:
    """Chaque table de l'écran a exactement les cellules d'une table d'une page de règles du système."""
    regles = {
        cellules(table)
        for source in pages_de_section(SYSTEMES[dossier])
        if source.endswith(".md") and source.rsplit("/", 1)[-1] not in {"ecran.md", "fiche.md"}
        for table in article(site, source.removesuffix(".md").removesuffix("index") + "/").iter("table")
    }
    tables = list(ecran(site, dossier).iter("table"))
    assert tables
    for table in tables:
        assert cellules(table) in regles, f"table absente des règles : {cellules(table)[0]}"


@pytest.mark.parametrize("dossier", SYSTEMES)
def test_chaque_titre_de_l_ecran_mene_a_sa_regle_complete(site: Path, dossier: str) -> None:
    """Chaque titre de l'écran est un lien vers une section existante d'une page de règles du système."""
    url = f"{dossier}/ecran/"
    titres = [h for h in ecran(site, dossier).iter("h2")]
    assert len(titres) >= 3
    for titre in titres:
        liens = [a for a in titre.iter("a") if "headerlink" not in (a.get("class") or "")]
        assert liens, f"titre sans lien : {texte(titre)}"
        for lien in liens:
            cible = urlsplit(urljoin(f"https://x.invalid/{url}", lien.get("href", "")))
            page = cible.path.removeprefix("/")
            assert page.startswith(f"{dossier}/") and page != url, lien.get("href")
            if cible.fragment:
                assert f'id="{cible.fragment}"' in page_html(site, page), lien.get("href")


@pytest.mark.parametrize("dossier", SYSTEMES)
def test_les_outils_rapides_de_l_ecran_sont_ceux_du_systeme(site: Path, dossier: str) -> None:
    """Après les tables, l'écran offre des outils du même système (des blocs « widget » existants)."""
    html = page_html(site, f"{dossier}/ecran/")
    noms = re.findall(r'data-widget="([^"]+)"', html)
    assert len(noms) >= 2
    assert {OUTILS[nom].systeme for nom in noms} == {SYSTEMES[dossier]}
    assert html.index('id="outils"') > html.index('class="regles-ecran"')


@pytest.mark.parametrize("dossier", SYSTEMES)
def test_la_fiche_vierge_donne_chaque_champ_de_la_declaration(site: Path, dossier: str) -> None:
    """La page « Fiche vierge » montre chaque libellé de la fiche déclarée, valeurs en blanc."""
    systeme = SYSTEMES[dossier]
    fiche = next(
        e for e in article(site, f"{dossier}/fiche/").iter("div") if e.get("class") == "regles-fiche"
    )
    assert fiche.get("data-systeme") == systeme
    libelles = {texte(case) for case in fiche.iter("th")}
    for champ in champs_de_fiche(systeme):
        if champ.forme == "zone":
            assert typographie(champ.meta.libelle) in texte(fiche)
        else:
            assert typographie(champ.meta.libelle) in libelles
    # Values blank; the one printed column is the base of Basic maison's standard skills.
    for tableau in fiche.iter("table"):
        entetes = [texte(case) for case in tableau.iter("th") if case.get("scope") == "col"]
        for rang in tableau.iter("tr"):
            cases = [texte(case) for case in rang if case.tag in {"th", "td"}]
            if rang.find("td") is not None:
                assert all(not case or entetes[i] == "Base" for i, case in enumerate(cases) if i), cases
