"""One real build of the site, shared by every site test."""

from __future__ import annotations

import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Build the site once with ``mkdocs build --strict`` and return its folder."""
    destination = tmp_path_factory.mktemp("site")
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(destination)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode:
        pytest.fail(f"mkdocs build --strict a échoué :\n{result.stderr[-4000:]}")
    return destination


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


def page_text(site: Path, page: str) -> str:
    """The visible text of a page's article, with white space folded (nbsp included)."""
    extractor = _TextExtractor()
    extractor.feed(page_html(site, page))
    return " ".join("".join(extractor.parts).split())
