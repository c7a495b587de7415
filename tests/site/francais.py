"""The French a reader reads, as Grammalecte checks it: the built pages' visible text and the PDFs' text.

The pages give their visible text (the tools' labels, help and static results included, as written in
the built HTML) and what the reader meets as a tooltip or hears from a screen reader (``title``,
``aria-label``, ``alt``, ``placeholder``), one paragraph per block; code, scripts and styles are left
out. The PDFs give their text through ``pdftotext`` (poppler-utils), without the running headers,
footers and the table of contents' leaders. Every paragraph is checked once, however many pages
repeat it (the navigation, the footer).

Grammalecte runs in the system's Python (Debian's ``python3-grammalecte``), through
``grammalecte_lot.py``.
"""

from __future__ import annotations

import json
import re
import subprocess
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

__all__ = ["Constat", "paragraphes_des_pages", "paragraphes_des_pdf", "verifier"]

PYTHON_DU_SYSTEME = "/usr/bin/python3"
LOT = Path(__file__).with_name("grammalecte_lot.py")

IGNORES = {"script", "style", "code", "pre", "kbd", "samp", "svg", "template", "noscript"}
"""Elements whose text is not French prose (code, dice expressions typed as code, scripts)."""
VIDES = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
BLOCS = {
    "address", "article", "aside", "blockquote", "body", "button", "caption", "dd", "details", "div", "dl",
    "dt", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "head",
    "header", "hr", "label", "legend", "li", "main", "nav", "ol", "option", "output", "p", "section",
    "select", "summary", "table", "tbody", "td", "textarea", "tfoot", "th", "thead", "title", "tr", "ul",
}  # fmt: skip
"""Elements that end a paragraph: each is checked on its own."""
ATTRIBUTS_LUS = ("title", "aria-label", "alt", "placeholder")
"""Attributes a reader sees (a tooltip, a field's hint) or hears (a screen reader)."""

PIED_DE_PAGE_PDF = re.compile(r"^(Page \d+ sur \d+|Règles de jeu de rôle)$")
POINTILLES = re.compile(r"\.{4,}")
A4_HAUT, MARGE_HAUTE, MARGE_BASSE = 842, 62, 57
"""An A4 page in points and the books' margins (``livre.css``), where the running headers are."""


@dataclass(frozen=True)
class Constat:
    """One finding of Grammalecte: its rule, the words it flags, its message and the paragraph."""

    regle: str
    extrait: str
    message: str
    paragraphe: str

    def __str__(self) -> str:
        debut = max(self.paragraphe.find(self.extrait) - 60, 0)
        contexte = self.paragraphe[debut : debut + 160]
        return f"[{self.regle}] « {self.extrait} » : {self.message}\n    … {contexte} …"


class _Lecteur(HTMLParser):
    """The paragraphs of one page's visible text, and the attributes it reads out."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ignore = 0
        self.courant: list[str] = []
        self.paragraphes: list[str] = []

    def _clore(self) -> None:
        texte = re.sub(r"[ \t\r\n]+", " ", "".join(self.courant)).strip()
        if texte:
            self.paragraphes.append(texte)
        self.courant = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in IGNORES:
            self.ignore += tag not in VIDES
            return
        if self.ignore:
            return
        if tag in BLOCS or tag == "br":
            self._clore()
        for nom, valeur in attrs:
            if nom in ATTRIBUTS_LUS and valeur and valeur.strip():
                self.paragraphes.append(re.sub(r"[ \t\r\n]+", " ", valeur).strip())

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag in IGNORES:
            self.ignore -= tag not in VIDES

    def handle_endtag(self, tag: str) -> None:
        if tag in IGNORES:
            self.ignore = max(self.ignore - 1, 0)
        elif not self.ignore and tag in BLOCS:
            self._clore()

    def handle_data(self, data: str) -> None:
        if not self.ignore:
            self.courant.append(data)

    def close(self) -> None:
        super().close()
        self._clore()


def paragraphes_des_pages(site: Path) -> dict[str, str]:
    """Each paragraph of the built pages' visible text, with the first page that shows it."""
    vus: dict[str, str] = {}
    for chemin in sorted(site.rglob("*.html")):
        lecteur = _Lecteur()
        lecteur.feed(chemin.read_text(encoding="utf-8"))
        lecteur.close()
        for paragraphe in lecteur.paragraphes:
            vus.setdefault(paragraphe, str(chemin.relative_to(site)))
    return vus


def _texte_d_un_pdf(chemin: Path) -> str:
    """A PDF's text by ``pdftotext``; a book's running headers (in its top margin) cropped out."""
    cadre = [] if chemin.name.startswith(("ecran-", "fiche-")) else [
        "-y", str(MARGE_HAUTE), "-H", str(A4_HAUT - MARGE_HAUTE - MARGE_BASSE), "-W", "595",
    ]  # fmt: skip
    return subprocess.run(
        ["pdftotext", *cadre, str(chemin), "-"], capture_output=True, text=True, check=True
    ).stdout


def paragraphes_des_pdf(site: Path) -> dict[str, str]:
    """Each paragraph of the PDFs' text (lines joined, pages joined), with the first PDF that has it."""
    vus: dict[str, str] = {}
    for chemin in sorted(site.rglob("*.pdf")):
        lignes = [
            ligne.strip()
            for ligne in _texte_d_un_pdf(chemin).replace("\f", "\n").splitlines()
            if not PIED_DE_PAGE_PDF.match(ligne.strip()) and not POINTILLES.search(ligne)
        ]
        for bloc in "\n".join(lignes).split("\n\n"):
            paragraphe = " ".join(bloc.split("\n")).strip()
            if paragraphe:
                vus.setdefault(paragraphe, chemin.name)
    return vus


def verifier(paragraphes: list[str]) -> list[Constat]:
    """Grammalecte's findings in ``paragraphes``; a clear failure if it is not installed."""
    resultat = subprocess.run(
        [PYTHON_DU_SYSTEME, str(LOT)],
        input=json.dumps(paragraphes),
        capture_output=True,
        text=True,
        check=False,
    )
    if resultat.returncode:
        raise RuntimeError(f"Grammalecte n’a pas pu vérifier le texte :\n{resultat.stderr[-2000:]}")
    return [
        Constat(c["regle"], c["extrait"], c["message"], paragraphes[c["paragraphe"]])
        for c in json.loads(resultat.stdout)
    ]
