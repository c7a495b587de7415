"""Which pages go in which PDF, in navigation order, with their running header and heading level."""

from __future__ import annotations

from dataclasses import dataclass

from mkdocs.exceptions import PluginError
from mkdocs.structure.nav import Navigation, Section
from mkdocs.structure.pages import Page

from .config import DocumentConfig

__all__ = ["Document", "PagePdf", "planifier"]


@dataclass(frozen=True)
class PagePdf:
    url: str
    rubrique: str
    """Name in the running header: the system's (its navigation section) or the page's own title."""
    niveau: int
    """Bookmark level of the page's ``h1``; its ``h2`` are one deeper, and so on."""


@dataclass(frozen=True)
class Document:
    chemin: str
    titre: str
    rubriques: tuple[str, ...]
    """The systems (navigation sections) the PDF holds, named on its cover."""
    pages: tuple[PagePdf, ...]
    feuille: bool = False
    """A sheet: its pages only, without cover nor table of contents (:mod:`.livre`)."""


def planifier(options: DocumentConfig, nav: Navigation, feuilles: frozenset[str] = frozenset()) -> Document:
    """The pages of one PDF, from the titles of its top-level navigation entries, then its pages.

    ``feuilles``: source paths of the pages printed as sheets, left out of the sections.
    """
    entrees = {item.title: item for item in nav.items}
    if not options.sections and not options.pages:
        raise PluginError(f"regles-pdf : le document « {options.path} » n'a aucune entrée (sections, pages).")
    plusieurs = len(options.sections) > 1
    pages: list[PagePdf] = []
    for nom in options.sections:
        entree = entrees.get(nom)
        if isinstance(entree, Page):
            pages.append(PagePdf(entree.url, nom, 1))
        elif isinstance(entree, Section):
            pages.extend(
                page for page, source in _pages_de_section(entree, nom, plusieurs) if source not in feuilles
            )
        else:
            connus = ", ".join(f"« {titre} »" for titre in entrees)
            raise PluginError(
                f"regles-pdf : « {nom} » (document « {options.path} ») n'est pas une entrée "
                f"de premier niveau de la navigation ; entrées connues : {connus}."
            )
    par_source = {page.file.src_uri: page for page in nav.pages}
    for source in options.pages:
        page = par_source.get(source)
        if page is None:
            raise PluginError(
                f"regles-pdf : la page « {source} » (document « {options.path} ») "
                "n'est pas dans la navigation."
            )
        pages.append(PagePdf(page.url, page.title or source, 1))
    rubriques = tuple(nom for nom in options.sections if isinstance(entrees[nom], Section))
    titre = options.title or (options.sections[0] if options.sections else pages[0].rubrique)
    return Document(options.path, titre, rubriques, tuple(pages), options.feuille)


def _pages_de_section(section: Section, nom: str, plusieurs: bool) -> list[tuple[PagePdf, str]]:
    """Each page of ``section`` with its source path."""
    pages = _feuilles(section)
    sous_index = plusieurs and any(page.is_index for page in pages)
    return [
        (PagePdf(page.url, nom, 2 if sous_index and not page.is_index else 1), page.file.src_uri)
        for page in pages
    ]


def _feuilles(section: Section) -> list[Page]:
    pages: list[Page] = []
    for enfant in section.children:
        if isinstance(enfant, Page):
            pages.append(enfant)
        elif isinstance(enfant, Section):
            pages.extend(_feuilles(enfant))
    return pages
