"""Reading the built pages: the visible text and the HTML of an article."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path


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
