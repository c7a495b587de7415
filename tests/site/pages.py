"""Reading the built pages: the visible text and the HTML of an article."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

DOSSIERS_DES_SYSTEMES = {
    "basic-maison": "Basic maison",
    "basic-kar": "BaSIC — KAR",
    "el-toto": "El Toto",
    "actions-d100": "Actions d100",
}
"""Each system's folder under ``docs/`` and its name (its navigation section, its sheet's key)."""


class _TextExtractor(HTMLParser):
    """Collect the visible text of a page's article, one string."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.depth = 0
        self.skip = 0
        self.parts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "article":
            self.depth += 1
        elif self.depth and tag in {"script", "style"}:
            self.skip += 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "article":
            self.depth -= 1
        elif self.depth and tag in {"script", "style"}:
            self.skip -= 1

    def handle_data(self, data: str) -> None:
        if self.depth and not self.skip:
            self.parts.append(data)


def page_html(site: Path, page: str) -> str:
    """The HTML of a built page, ``page`` being its URL path like ``basic-maison/tests/``."""
    return (site / page / "index.html").read_text(encoding="utf-8")


def page_raw_text(site: Path, page: str) -> str:
    """The visible text of a page's article exactly as written (spaces kept)."""
    extractor = _TextExtractor()
    extractor.feed(page_html(site, page))
    return "".join(extractor.parts)


def page_text(site: Path, page: str) -> str:
    """The visible text of a page's article, with white space folded (nbsp included)."""
    extractor = _TextExtractor()
    extractor.feed(page_html(site, page))
    return " ".join("".join(extractor.parts).split())


class _AdmonitionText(HTMLParser):
    """Collect the visible text of every ``div.admonition.<kind>``, one string per admonition."""

    def __init__(self, kind: str) -> None:
        super().__init__(convert_charrefs=True)
        self.kind = kind
        self.depth = 0
        self.blocks: list[list[str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag != "div":
            return
        if self.depth:
            self.depth += 1
            return
        classes = (dict(attrs).get("class") or "").split()
        if "admonition" in classes and self.kind in classes:
            self.depth = 1
            self.blocks.append([])

    def handle_endtag(self, tag: str) -> None:
        if tag == "div" and self.depth:
            self.depth -= 1

    def handle_data(self, data: str) -> None:
        if self.depth:
            self.blocks[-1].append(data)


def admonitions(site: Path, page: str, kind: str) -> list[str]:
    """The folded text of each admonition of ``kind`` (``interpretation``, ``example``) on a page."""
    parser = _AdmonitionText(kind)
    parser.feed(page_html(site, page))
    return [" ".join("".join(block).split()) for block in parser.blocks]
