"""The PDF's pieces without a build: an article cut from a page, its links, its fetcher of resources."""

from __future__ import annotations

import datetime
from pathlib import Path
from xml.etree.ElementTree import tostring

import pytest
from mkdocs.exceptions import PluginError
from mkdocs.structure.nav import Navigation

from site_plugins.pdf.article import article
from site_plugins.pdf.config import DocumentConfig
from site_plugins.pdf.livre import Edition, livre
from site_plugins.pdf.plan import Document, PagePdf, planifier
from site_plugins.pdf.rendu import RecuperateurLocal

pytestmark = pytest.mark.site


WIDGET = """<html><body><article class="md-content__inner md-typeset">
<h1 id="combat">Combat<a class="headerlink" href="#combat">¶</a></h1>
<p>Dégâts <span class="regles-des" data-des="1d6+2">1d6+2</span> (<abbr title="Force">FOR</abbr>),
voir <a href="../tests/#jet">les tests</a>, <a href="../../glossaire/">le glossaire</a>
et <a href="https://example.org/">ailleurs</a>.</p>
<div class="regles-widget" data-widget="jet-de-des" data-state="static">
<div class="regles-widget__statique" hidden><table><tr><td>3</td></tr></table></div>
<form class="regles-widget__formulaire" hidden><label>Expression</label><button>Lancer</button></form>
<p class="regles-widget__etat">Chargement…</p><div class="regles-widget__resultat" role="status"></div>
</div></article></body></html>"""


def test_l_article_garde_le_repli_et_le_texte_simple() -> None:
    """The article loses its controls and permalinks, keeps the fallback; dice and abbreviations are text."""
    html = tostring(article(WIDGET, "systeme/combat/"), encoding="unicode", method="html")
    for absent in (
        "¶",
        "<form",
        "Lancer",
        "Chargement",
        "regles-widget__resultat",
        "<abbr",
        "regles-des",
        "hidden",
    ):
        assert absent not in html
    assert "Dégâts 1d6+2 (FOR)," in html
    assert 'id="p-systeme-combat--combat"' in html
    assert 'data-pdf-page="systeme/tests/" data-pdf-ancre="jet"' in html
    assert 'href="https://example.org/"' in html


DOUBLON = """<html><body><article class="md-content__inner">
<h1 id="attributs">Attributs</h1>
<table><thead><tr><th>FOR + TAI</th><th>Mod</th></tr></thead>
<tbody><tr><td>5</td><td>−1d8</td></tr></tbody></table>
<p>Entrez la FOR et la TAI pour lire sa ligne de la table :</p>
<div class="regles-widget" data-widget="modificateur-degats"><p class="regles-widget__titre">Modificateur</p>
<div class="regles-widget__intro"></div><div class="regles-widget__statique"><div class="regles-tableau">
<table class="regles-tableau__table"><thead>
<tr><th scope="col">FOR + TAI</th><th scope="col">Mod</th></tr></thead>
<tbody><tr><td>5</td><td>−1d8</td></tr></tbody></table></div></div></div>
<p>Pour tout calculer :</p>
<div class="regles-widget" data-widget="attributs"><p class="regles-widget__titre">Attributs dérivés</p>
<div class="regles-widget__statique">
<table><caption>Formules</caption><tr><td>PV</td></tr></table></div></div>
</article></body></html>"""


def test_un_outil_qui_repete_une_table_de_la_page_n_est_pas_imprime() -> None:
    """Le widget dont la table copie celle de la page est retiré, avec sa phrase d'annonce ; pas l'autre."""
    html = tostring(article(DOUBLON, "systeme/attributs/"), encoding="unicode", method="html")
    assert html.count("−1d8") == 1
    assert "Modificateur" not in html
    assert "lire sa ligne de la table" not in html
    assert "Pour tout calculer :" in html
    assert "Attributs dérivés" in html


def test_la_legende_d_une_table_devient_un_paragraphe_colle_a_la_table() -> None:
    """La légende d'une table passe juste avant elle, en paragraphe (WeasyPrint la garde avec la table)."""
    html = tostring(article(DOUBLON, "systeme/attributs/"), encoding="unicode", method="html")
    assert '<p class="legende-de-table">Formules</p><table><tbody><tr><td>PV</td>' in html
    assert "<caption" not in html


def test_un_lien_vise_le_pdf_ou_devient_du_texte() -> None:
    """A link to a page of the PDF targets its anchor; a link to another page is plain text."""
    tests = WIDGET.replace('id="combat">Combat', 'id="jet">Jet').replace("regles-widget", "x")
    articles = {
        "systeme/combat/": article(WIDGET, "systeme/combat/"),
        "systeme/tests/": article(tests, "systeme/tests/"),
    }
    pages = (PagePdf("systeme/combat/", "Système", 1), PagePdf("systeme/tests/", "Système", 1))
    edition = Edition("Règles", "Référence", "9.9", datetime.date(2026, 11, 1))
    html = livre(Document("t.pdf", "Système", ("Système",), pages), articles, edition)
    assert (
        '<a href="#p-systeme-tests--jet" class="renvoi renvoi--coupe">les '
        '<span class="renvoi-fin" href="#p-systeme-tests--jet">tests</span></a>'
    ) in html
    assert '<span class="hors-pdf">le glossaire</span>' in html
    assert "Version 9.9 — construit le 1er novembre 2026" in html
    assert '<li data-niveau="1" id="sommaire-1"><a href="#p-systeme-tests--jet">Jet</a></li>' in html


def test_une_section_inconnue_est_citee() -> None:
    """A document naming a section the navigation lacks fails with that name quoted."""
    options = DocumentConfig()
    options.load_dict({"path": "t.pdf", "sections": ["Basic mason"]})
    options.validate()
    with pytest.raises(PluginError, match="« Basic mason »"):
        planifier(options, Navigation([], []))


def test_le_recuperateur_ne_sert_que_le_site(tmp_path: Path) -> None:
    """WeasyPrint gets the site's files; any other address (the network above all) is refused."""
    (tmp_path / "image.svg").write_text("<svg/>", encoding="utf-8")
    recuperateur = RecuperateurLocal(tmp_path)
    assert recuperateur.fetch((tmp_path / "image.svg").as_uri()).read() == b"<svg/>"
    for refusee in (
        "https://example.org/police.woff2",
        "file:///etc/hostname",
        (tmp_path / "absente.png").as_uri(),
    ):
        with pytest.raises(ValueError, match="hors du site"):
            recuperateur.fetch(refusee)
    assert len(recuperateur.refus) == 3 and "https://example.org/police.woff2" in recuperateur.refus[0]


def test_une_ressource_refusee_fait_echouer_la_construction_stricte(tmp_path: Path) -> None:
    """A page asking WeasyPrint for a remote file: the refusal comes back as a warning (strict fails)."""
    from site_plugins.pdf.rendu import rendre_un_pdf

    html = '<html><body><img src="https://example.org/x.png"><p>Texte</p></body></html>'
    pages, avertissements = rendre_un_pdf(str(tmp_path), html, str(tmp_path / "t.pdf"))
    assert pages == 1 and (tmp_path / "t.pdf").is_file()
    assert any("https://example.org/x.png" in a for a in avertissements)
