"""The site as an app and as shared links: manifest, icons, per-page descriptions, Open Graph, robots.txt."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest
from PIL import Image

from tests.site.pages import page_html

pytestmark = pytest.mark.site

COULEUR_DU_THEME = "#4051b5"
"""Material's ``indigo`` primary colour, the header's."""


def pages(site: Path) -> list[str]:
    """The URL path of every built page (``basic-maison/combat/``, ``""`` for the home page)."""
    chemins = (chemin.parent.relative_to(site).as_posix() for chemin in site.rglob("index.html"))
    return sorted("" if chemin == "." else chemin + "/" for chemin in chemins)


def meta(html: str, attribut: str, nom: str) -> list[str]:
    return re.findall(rf'<meta {attribut}="{re.escape(nom)}" content="([^"]*)"', html)


def test_chaque_page_a_sa_propre_description(site: Path) -> None:
    """Every page (thirty-seven), as many different descriptions, each a sentence of its text, nbsp kept."""
    descriptions = {url: meta(page_html(site, url), "name", "description") for url in pages(site)}
    assert len(descriptions) == 37
    assert all(len(valeurs) == 1 for valeurs in descriptions.values()), descriptions
    assert len({valeurs[0] for valeurs in descriptions.values()}) == len(descriptions)
    assert descriptions["basic-maison/combat/"] == [
        "Cette page décrit le combat\u00a0: les compétences d’armes, le jet d’opposition, "
        "les actions d’un round, les réussites critiques et spéciales, et les dégâts."
    ]


@pytest.mark.parametrize(
    ("url", "titre", "debut"),
    [
        ("basic-maison/combat/", "Combat — Basic maison", "Basic maison — Cette page décrit le combat"),
        ("el-toto/combat/", "Combat — El Toto", "El Toto — Cette page présente le combat d’El Toto"),
        ("basic-kar/combat/", "Combat — BaSIC — KAR", "BaSIC — KAR — Cette page donne les précisions"),
        ("actions-d100/difficulte/", "Difficulté — Actions d100", "Actions d100 — Cette page présente"),
        ("glossaire/", "Glossaire", "Ce glossaire rassemble"),
    ],
)
def test_le_titre_et_la_description_open_graph_nomment_le_systeme(
    site: Path, site_url: str, url: str, titre: str, debut: str
) -> None:
    """og:title et og:description nomment le système de la page ; og:url est son adresse."""
    html = page_html(site, url)
    assert meta(html, "property", "og:title") == [titre]
    [description] = meta(html, "property", "og:description")
    assert description.startswith(debut)
    assert meta(html, "property", "og:url") == [urljoin(site_url, url)]
    assert meta(html, "property", "og:locale") == ["fr_FR"]


def test_robots_txt_pointe_vers_le_sitemap(site: Path, site_url: str) -> None:
    """Avec une adresse, robots.txt donne celle du sitemap."""
    robots = (site / "robots.txt").read_text(encoding="utf-8")
    assert robots == f"User-agent: *\nAllow: /\n\nSitemap: {site_url}sitemap.xml\n"
    assert f"<loc>{site_url}basic-maison/combat/</loc>" in (site / "sitemap.xml").read_text(encoding="utf-8")


def test_le_manifeste_est_valide_et_ses_icones_existent(site: Path) -> None:
    """Nom français, nom court, couleurs du thème, start_url dans scope, icônes PNG aux bonnes tailles."""
    manifeste = json.loads((site / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifeste["name"] == "Règles de jeu de rôle"
    assert manifeste["short_name"] == "Règles JdR"
    assert manifeste["lang"] == "fr"
    assert manifeste["theme_color"] == COULEUR_DU_THEME
    assert manifeste["display"] == "standalone"
    base = "https://exemple.org/sous/chemin/manifest.webmanifest"
    assert urljoin(base, manifeste["start_url"]).startswith(urljoin(base, manifeste["scope"]))
    tailles = set()
    for icone in manifeste["icons"]:
        image = Image.open(io.BytesIO((site / icone["src"]).read_bytes()))
        assert image.format == "PNG"
        assert f"{image.width}x{image.height}" == icone["sizes"]
        tailles.add((icone["sizes"], icone["purpose"]))
    assert tailles == {(t, p) for t in ("192x192", "512x512") for p in ("any", "maskable")}
    assert Image.open(site / "assets/icones/apple-touch-icon.png").size == (180, 180)


@pytest.mark.parametrize("url", ["", "basic-maison/", "basic-maison/combat/", "telechargement/"])
def test_chaque_page_lie_le_manifeste(site: Path, url: str) -> None:
    """Chaque page lie le manifeste par un chemin relatif et donne la couleur du thème."""
    html = page_html(site, url)
    [lien] = re.findall(r'<link rel="manifest" href="([^"]*)">', html)
    assert (
        urljoin("https://exemple.org/regles/" + url, lien)
        == "https://exemple.org/regles/manifest.webmanifest"
    )
    assert meta(html, "name", "theme-color") == [COULEUR_DU_THEME]


def test_la_page_d_erreur_lie_le_manifeste_par_son_chemin_absolu(site: Path, site_url: str) -> None:
    """La page 404, servie à toute profondeur, lie le manifeste par son chemin depuis la racine du site."""
    html = (site / "404.html").read_text(encoding="utf-8")
    chemin = urlsplit(site_url).path
    assert f'<link rel="manifest" href="{chemin}manifest.webmanifest">' in html
