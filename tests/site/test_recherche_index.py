"""The built site names each page's system (title, header, search index), knows the players' words,
and links the glossary's terms to the tools that apply them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from site_plugins.recherche.synonymes import plier, synonymes
from tests.site.pages import DOSSIERS_DES_SYSTEMES, page_html

pytestmark = pytest.mark.site

SYSTEMES = {f"{dossier}/": systeme for dossier, systeme in DOSSIERS_DES_SYSTEMES.items()}


def index(site: Path) -> list[dict[str, object]]:
    return json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]


@pytest.mark.parametrize(
    ("url", "titre"),
    [
        ("basic-maison/combat/", "Combat — Basic maison"),
        ("basic-kar/combat/", "Combat — BaSIC — KAR"),
        ("el-toto/combat/", "Combat — El Toto"),
        ("basic-maison/competences/", "Compétences — Basic maison"),
        ("basic-kar/competences/", "Utilisation des compétences — BaSIC — KAR"),
        ("actions-d100/difficulte/", "Difficulté — Actions d100"),
        ("basic-maison/", "Basic maison"),
        ("basic-kar/", "BaSIC — KAR et combat héroïque"),
        ("glossaire/", "Glossaire"),
        ("outils/", "Outils"),
    ],
)
def test_le_titre_et_l_en_tete_nomment_le_systeme(site: Path, url: str, titre: str) -> None:
    """The tab's title and Material's header name the page's system, once."""
    html = page_html(site, url)
    assert re.findall(r"<title>([^<]*)</title>", html) == [f"{titre} — Règles de jeu de rôle"]
    sujet = re.search(
        r'data-md-component="header-topic">\s*<span class="md-ellipsis">\s*([^<]*?)\s*</span>', html
    )
    assert sujet and sujet.group(1) == titre


def test_l_index_etiquette_chaque_page_de_son_systeme(site: Path) -> None:
    """Each page's own entry carries its system as its one tag; sections and other pages carry none."""
    entrees = index(site)
    pages = [e for e in entrees if "#" not in str(e["location"])]
    # The thirty-seven pages but the command line and the four blank sheets, kept out of the search.
    assert len(pages) == 32
    for entree in entrees:
        lieu = str(entree["location"])
        systeme = next((s for d, s in SYSTEMES.items() if lieu.startswith(d)), None)
        attendu = [systeme] if systeme and "#" not in lieu else None
        assert entree.get("tags") == attendu, lieu


def test_chaque_synonyme_mene_a_des_mots_des_textes(site: Path) -> None:
    """Every rules' word a players' word is replaced by begins a word of the indexed texts."""
    mots = set()
    for entree in index(site):
        mots.update(
            re.findall(r"[a-z0-9]+", plier(re.sub(r"<[^>]+>", " ", f"{entree['title']} {entree['text']}")))
        )
    for joueur, regles in synonymes().items():
        for mot in re.findall(r"[a-z0-9]+", plier(regles)):
            if len(mot) > 2:
                assert any(m.startswith(mot) for m in mots), (joueur, mot)


def test_le_glossaire_mene_aux_outils(site: Path, root: Path) -> None:
    """The glossary's « Outil(s) : » lines link to the tools' places, titled by the registry."""
    html = page_html(site, "glossaire/")
    renvois = re.findall(r"\]\(outil:[\w-]+\)", (root / "docs" / "glossaire.md").read_text(encoding="utf-8"))
    liens = [
        (adresse, re.sub(r"<[^>]+>", "", titre))
        for adresse, titre in re.findall(r'<a href="([^"]+#w\d+-[\w-]+)">(.+?)</a>', html)
    ]
    assert len(renvois) == len(liens) == 59
    assert ("../basic-maison/attributs-derives/#w1-modificateur-degats", "Modificateur de dégâts") in liens
    for adresse, _ in liens:
        chemin, ancre = adresse.removeprefix("../").split("#")
        assert f'id="{ancre}"' in page_html(site, chemin), adresse
