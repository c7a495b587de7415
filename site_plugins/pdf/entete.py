"""A download button in the site's header, next to the search, leading to the PDFs."""

from __future__ import annotations

from html import escape

from mkdocs.utils import get_relative_url

__all__ = ["ajouter_lien_d_entete"]

RECHERCHE = '<label class="md-header__button md-icon" for="__search">'
ICONE = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" aria-hidden="true">'
    '<path d="M5 20h14v-2H5m14-9h-4V3H9v6H5l7 7z"/></svg>'
)
LIBELLE = "Télécharger les règles en PDF"


def ajouter_lien_d_entete(html: str, url_de_la_page: str, cible: str) -> str:
    """``html`` with a download button before the header's search button (once).

    >>> page = '<header>' + RECHERCHE + '</label></header>'
    >>> "telechargement/" in ajouter_lien_d_entete(page, "basic-maison/combat/", "telechargement/")
    True
    """
    if RECHERCHE not in html or "regles-telechargement" in html:
        return html
    href = escape(get_relative_url(cible, url_de_la_page))
    lien = (
        f'<a href="{href}" class="md-header__button md-icon regles-telechargement" '
        f'title="{LIBELLE}" aria-label="{LIBELLE}">{ICONE}</a>'
    )
    return html.replace(RECHERCHE, lien + RECHERCHE, 1)
