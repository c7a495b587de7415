"""A page's description, its first sentence, read from the start of the page only (as far as it takes)."""

from __future__ import annotations

from pathlib import Path

import pytest

from site_plugins.application.description import DEBUT, LONGUEUR_MAXIMALE, _premiere_phrase, premiere_phrase

PRELUDE = "<div class='admonition note'>" + "<p>Une note d’encadré.</p>" * (2 * DEBUT // 25) + "</div>"
"""An admonition longer than the first cut, its paragraphs not the page's own."""

SANS_PARAGRAPHE = "<div>" + "texte hors paragraphe " * (DEBUT // 20) + "</div>"
"""More than the first cut, with no ``</p>`` in it."""


def test_la_premiere_phrase_apres_un_long_encadre() -> None:
    html = f"<h1>Combat</h1>{PRELUDE}<p>Les dés : 1d6. Fin.</p>"
    assert premiere_phrase(html) == "Les dés : 1d6."


def test_un_paragraphe_coupe_dans_un_script_est_lu_jusqu_au_bout() -> None:
    """The first cut falls after a ``</p>`` that is inside a script of the paragraph: the paragraph
    goes on after it, and has no sentence's end before."""
    html = f'{SANS_PARAGRAPHE}<p>Début du paragraphe <script>"</p>"</script> et sa suite</p><p>Autre.</p>'
    assert html.find("</p>") >= DEBUT
    assert premiere_phrase(html) == "Début du paragraphe et sa suite"


def test_un_paragraphe_sans_fin_de_phrase_est_coupe_a_la_longueur_maximale() -> None:
    html = f"{SANS_PARAGRAPHE}<p>{'jet de dés ' * LONGUEUR_MAXIMALE}</p>"
    phrase = premiere_phrase(html)
    assert phrase == _premiere_phrase(html, entier=True)
    assert phrase.endswith("…")
    assert len(phrase) <= LONGUEUR_MAXIMALE


@pytest.mark.parametrize("html", ["", "<h1>Glossaire</h1>", f"<h1>Glossaire</h1>{PRELUDE}"])
def test_sans_paragraphe_propre_pas_de_premiere_phrase(html: str) -> None:
    assert premiere_phrase(html) == ""


@pytest.mark.site
def test_chaque_page_a_la_meme_premiere_phrase_que_lue_en_entier(site: Path) -> None:
    """On every built page, the first sentence read from the page's start is the whole page's."""
    for chemin in sorted(site.rglob("index.html")):
        html = chemin.read_text(encoding="utf-8")
        debut = html.find("<article")
        if debut < 0:
            continue
        contenu = html[html.index(">", debut) + 1 : html.index("</article>")]
        assert premiere_phrase(contenu) == _premiere_phrase(contenu, entier=True), chemin
