"""The French a reader reads, as Grammalecte checks it: the built pages' visible text and the PDFs' text.

The pages give their visible text (the tools' labels, help and static results included, as written in
the built HTML) and what the reader meets as a tooltip or hears from a screen reader (``title``,
``aria-label``, ``alt``, ``placeholder``) or in a search engine's results and a shared link's preview
(the description, Open Graph's title and description), one paragraph per block; code, scripts and
styles are left out. The PDFs give their text through ``pdftotext`` (poppler-utils), without the
running headers, footers and the table of contents' leaders, a word cut at a line's end (« réa‐ liste »)
made whole again.
Every paragraph is checked once, however many pages repeat it (the navigation, the footer).

On the PDFs' text, Grammalecte checks spelling and typography (``POUR_LES_PDF`` says why).

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

__all__ = ["POUR_LES_PDF", "Constat", "paragraphes_des_pages", "paragraphes_des_pdf", "verifier"]

PYTHON_DU_SYSTEME = "/usr/bin/python3"
LOT = Path(__file__).with_name("grammalecte_lot.py")

IGNORES = {"script", "style", "code", "pre", "kbd", "samp", "svg", "template", "noscript", "textarea"}
"""Elements whose text is not French prose: code, dice expressions typed as code, scripts, and a field's
value (what the reader types, in the format the tool reads)."""
CODE_EN_LIGNE = {"code", "kbd", "samp"}
TENANT_LIEU = "X"
"""What stands for a code in a sentence (« appelez le moteur par X : »): the sentence stays whole."""
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
META_LUES = {("name", "description"), ("property", "og:title"), ("property", "og:description")}
"""The ``<meta>`` a reader reads in a search engine's results or a shared link's preview."""

PIED_DE_PAGE_PDF = re.compile(r"^(Page \d+ sur \d+|Règles de jeu de rôle)$")
POINTILLES = re.compile(r"\.{4,}")
RENVOI = re.compile(r"(p\. \d+) (?=[.,;)])")
"""A cross-reference's page number followed by the gap of its fixed width (``livre.css``)."""
A4_HAUT, MARGE_HAUTE, MARGE_BASSE = 842, 62, 57
"""An A4 page in points and the books' margins (``livre.css``), where the running headers are."""


@dataclass(frozen=True)
class Constat:
    """One finding of Grammalecte: its rule, the words it flags, its message and the paragraph."""

    regle: str
    extrait: str
    message: str
    paragraphe: str
    debut: int

    @property
    def entourage(self) -> str:
        """The flagged words with up to 30 characters either side: what an accepted finding is matched on."""
        return self.paragraphe[max(self.debut - 30, 0) : self.debut + len(self.extrait) + 30]

    def __str__(self) -> str:
        contexte = self.paragraphe[max(self.debut - 60, 0) : self.debut + 100]
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
        if tag in CODE_EN_LIGNE and not self.ignore:
            self.courant.append(TENANT_LIEU)
        if tag in IGNORES:
            self.ignore += tag not in VIDES
            return
        if self.ignore:
            return
        if tag in BLOCS or tag == "br":
            self._clore()
        lus = [valeur for nom, valeur in attrs if nom in ATTRIBUTS_LUS]
        if tag == "meta" and {*attrs} & META_LUES:
            lus.append(dict(attrs).get("content"))
        for valeur in lus:
            if valeur and valeur.strip():
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


def _mots_a_trait_d_union(pages: dict[str, str]) -> set[str]:
    """The hyphenated words of the pages (« contre-attaque »): where a PDF's line ends on one's hyphen."""
    return {mot.lower() for texte in pages for mot in re.findall(r"\w+-\w+", texte)}


def _recoller(texte: str, composes: set[str]) -> str:
    """``texte`` with its lines joined: a word cut at a line's end made whole again, a hyphenated one
    keeping its hyphen (pdftotext drops a hyphen that ends a line: « Contreattaques »), a line ending on a
    dash or a slash (« 19–24 », « FOR/TAI ») joined without a space."""
    soudes = {compose.replace("-", ""): compose.index("-") for compose in composes}

    def coupure(mot: re.Match[str]) -> str:
        compose = f"{mot.group(1)}-{mot.group(2)}"
        return compose if compose.lower() in composes else mot.group(1) + mot.group(2)

    def trait(mot: re.Match[str]) -> str:
        position = soudes.get(mot.group(0).lower())
        return mot.group(0) if position is None else f"{mot.group(0)[:position]}-{mot.group(0)[position:]}"

    texte = re.sub("(\\w+)\u2010\n(\\w+)", coupure, texte)
    texte = re.sub("(?<=[-\u2013/])\n", "", texte)
    return re.sub(r"\w+", trait, " ".join(texte.split("\n")))


def paragraphes_des_pdf(site: Path, pages: dict[str, str]) -> dict[str, str]:
    """Each paragraph of the PDFs' text (lines and pages joined), with the first PDF that has it.

    ``pages``: the pages' paragraphs, for the hyphenated words a line's end may cut. A cross-reference's
    page number keeps a fixed width (« p. 6 », ``livre.css``): the gap after a short number, which
    pdftotext reads as a space, is left out."""
    composes = _mots_a_trait_d_union(pages)
    vus: dict[str, str] = {}
    for chemin in sorted(site.rglob("*.pdf")):
        lignes = [
            ligne.strip()
            for ligne in _texte_d_un_pdf(chemin).replace("\f", "\n").splitlines()
            if not PIED_DE_PAGE_PDF.match(ligne.strip()) and not POINTILLES.search(ligne)
        ]
        for bloc in "\n".join(lignes).split("\n\n"):
            paragraphe = RENVOI.sub(r"\1", _recoller(bloc, composes)).strip()
            if paragraphe:
                vus.setdefault(paragraphe, chemin.name)
    return vus


GRAMMAIRE = ("gn", "conj", "ppas", "imp", "inte", "vmode", "conf", "loc", "infi", "eleu", "bs", "pleo", "maj")
POUR_LES_PDF = {"nbsp": False, "unit": False, "num": False, **dict.fromkeys(GRAMMAIRE, False)}
"""Grammalecte's options for the PDFs' text: spelling and typography. pdftotext writes each non-breaking
space as an ordinary one (``nbsp``, ``unit``, ``num`` off), and joins a table's cells, a heading and its
text, a glossary's term and its definition into sentences that do not exist (grammar off): the PDFs'
sentences are the pages', whose grammar and non-breaking spaces are checked on the pages."""


def verifier(paragraphes: list[str], options: dict[str, bool] | None = None) -> list[Constat]:
    """Grammalecte's findings in ``paragraphes`` (``options``: rules turned off or on); a clear failure if
    it is not installed."""
    resultat = subprocess.run(
        [PYTHON_DU_SYSTEME, str(LOT)],
        input=json.dumps({"paragraphes": paragraphes, "options": options or {}}),
        capture_output=True,
        text=True,
        check=False,
    )
    if resultat.returncode:
        raise RuntimeError(f"Grammalecte n’a pas pu vérifier le texte :\n{resultat.stderr[-2000:]}")
    return [
        Constat(c["regle"], c["extrait"], c["message"], paragraphes[c["paragraphe"]], c["debut"])
        for c in json.loads(resultat.stdout)
    ]
