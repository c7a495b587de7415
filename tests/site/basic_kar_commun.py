"""What the BaSIC — KAR page tests share: the pages' addresses and readers of their blocks, notes,
examples and tables (tests/site/test_pages_basic_kar*.py)."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

from tests.site.pages import page_html

INDEX = "basic-kar/"
COMPETENCES = "basic-kar/competences/"
COMBAT = "basic-kar/combat/"
HEROIQUE = "basic-kar/combat-heroique/"
CONTRE = "basic-kar/contre-attaques/"
SCORIES = "basic-kar/scories-karmiques/"
PAGES = [INDEX, COMPETENCES, COMBAT, HEROIQUE, CONTRE, SCORIES]


def plier(text: str) -> str:
    return " ".join(text.split())


class CollecteurDeBlocs(HTMLParser):
    """Collect, inside the article, the text of admonitions (by kind) and the rows of tables."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.in_article = 0
        self.admonitions: list[tuple[str, str]] = []
        self._adm_stack: list[tuple[str, int, list[str]]] = []
        self._div_depth = 0
        self.tables: list[list[list[str]]] = []
        self._table: list[list[str]] | None = None
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "article":
            self.in_article += 1
        if not self.in_article:
            return
        classes = (dict(attrs).get("class") or "").split()
        if tag == "div":
            self._div_depth += 1
            if "admonition" in classes:
                kind = next((c for c in classes if c != "admonition"), "")
                self._adm_stack.append((kind, self._div_depth, []))
        elif tag == "table":
            self._table = []
        elif tag == "tr" and self._table is not None:
            self._table.append([])
        elif tag in {"td", "th"} and self._table is not None:
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag == "article":
            self.in_article -= 1
        if not self.in_article:
            return
        if tag == "div":
            if self._adm_stack and self._adm_stack[-1][1] == self._div_depth:
                kind, _, parts = self._adm_stack.pop()
                self.admonitions.append((kind, plier("".join(parts))))
            self._div_depth -= 1
        elif tag in {"td", "th"} and self._cell is not None and self._table is not None:
            self._table[-1].append(plier("".join(self._cell)))
            self._cell = None
        elif tag == "table" and self._table is not None:
            self.tables.append(self._table)
            self._table = None

    def handle_data(self, data: str) -> None:
        if not self.in_article:
            return
        for _, _, parts in self._adm_stack:
            parts.append(data)
        if self._cell is not None:
            self._cell.append(data)


def blocs_de(site: Path, page: str) -> CollecteurDeBlocs:
    collector = CollecteurDeBlocs()
    collector.feed(page_html(site, page))
    return collector


def notes_de(site: Path, page: str) -> list[str]:
    """The folded texts of the page's "Note d'interprétation" admonitions."""
    return [text for kind, text in blocs_de(site, page).admonitions if kind == "interpretation"]


def exemples_de(site: Path, page: str) -> str:
    """The folded texts of the page's example admonitions, joined."""
    return " ".join(text for kind, text in blocs_de(site, page).admonitions if kind == "example")


def tableau_de(site: Path, page: str, first_header: str) -> list[list[str]]:
    """The rows (cell texts) of the page's table whose first header cell is ``first_header``."""
    for table in blocs_de(site, page).tables:
        if table and table[0] and table[0][0] == first_header:
            return table
    raise AssertionError(f"aucune table commençant par « {first_header} » sur {page}")


def verifier_la_note(site: Path, page: str, *phrases: str) -> None:
    notes = notes_de(site, page)
    assert any(all(phrase in note for phrase in phrases) for note in notes), (
        f"aucune Note d’interprétation de {page} ne contient {phrases!r} ; notes : {notes!r}"
    )


def verifier_tout(text: str, phrases: list[str]) -> None:
    missing = [phrase for phrase in phrases if phrase not in text]
    assert not missing, f"absent de la page : {missing!r}"
