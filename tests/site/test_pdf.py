"""The PDFs of the built site: pages in order, table of contents, bookmarks, tables, widgets, links.

Each PDF is read with pypdf and checked against the built HTML pages it comes
from. One page of each is rendered to PNG in ``tests/artefacts/pdf/`` so a
person can look at it.
"""

from __future__ import annotations

import functools
import re
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

import pytest
from mkdocs.config import load_config
from mkdocs.structure.files import get_files
from mkdocs.structure.nav import Section, get_navigation
from mkdocs.structure.pages import Page
from pypdf import PdfReader
from pypdf.generic import Destination

from rules_py import __version__
from site_plugins.pdf.article import article
from tests.conftest import ROOT
from tests.couverture import sans_mesure
from tests.site.pages import page_html

pytestmark = pytest.mark.site

DOSSIER = "telechargement"
ARTEFACTS = ROOT / "tests" / "artefacts" / "pdf"
SYSTEMES = ("Basic maison", "BaSIC — KAR", "El Toto", "Actions d100")
DOCUMENTS = {
    "regles-completes.pdf": ("Accueil", *SYSTEMES, "Outils", "Glossaire"),
    "basic-maison.pdf": ("Basic maison",),
    "basic-kar.pdf": ("BaSIC — KAR",),
    "el-toto.pdf": ("El Toto",),
    "actions-d100.pdf": ("Actions d100",),
}
APERCUS = {
    "regles-completes.pdf": "Table des matières",
    "basic-maison.pdf": "Attributs dérivés",
    "basic-kar.pdf": "Scories karmiques",
    "el-toto.pdf": "Combat",
    "actions-d100.pdf": "Difficulté",
}
ENTREE_DU_SOMMAIRE = re.compile(r"^(?P<titre>.+?)\s*\.{3,}[\s.]*(?P<page>\d+)$")


def plier(texte: str) -> str:
    """Text as a reader sees it: hyphenated line ends joined, white space (nbsp included) folded."""
    texte = re.sub(r"\u2010\n", "", texte)
    texte = re.sub(r"-\n", "-", texte)
    return " ".join(texte.split())


# --- What each PDF should hold, from the navigation and the built pages ---


@dataclass(frozen=True)
class PageAttendue:
    url: str
    profondeur: int
    """Depth of the page's h1 in the bookmarks: 1 under its system's index page in the complete PDF."""
    titres: tuple[tuple[int, str], ...]
    """(rank, text) of the page's h1, h2 and h3, in order."""

    @property
    def titre(self) -> str:
        return self.titres[0][1]


class _Titres(HTMLParser):
    """The h1..h3 of a page's article, without their permalink sign."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.article = False
        self.rang = 0
        self.permalien = False
        self.titres: list[tuple[int, list[str]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "article":
            self.article = True
        elif self.article and tag in {"h1", "h2", "h3"}:
            self.rang = int(tag[1])
            self.titres.append((self.rang, []))
        elif self.rang and tag == "a" and "headerlink" in (dict(attrs).get("class") or ""):
            self.permalien = True

    def handle_endtag(self, tag: str) -> None:
        if tag == "article":
            self.article = False
        elif tag in {"h1", "h2", "h3"}:
            self.rang = 0
        elif tag == "a":
            self.permalien = False

    def handle_data(self, data: str) -> None:
        if self.rang and not self.permalien:
            self.titres[-1][1].append(data)


def titres_de_page(site: Path, url: str) -> tuple[tuple[int, str], ...]:
    analyseur = _Titres()
    analyseur.feed(page_html(site, url))
    return tuple((rang, " ".join("".join(morceaux).split())) for rang, morceaux in analyseur.titres)


@functools.cache
def navigation() -> dict[str, Page | Section]:
    config = load_config(str(ROOT / "mkdocs.yml"))
    return {item.title: item for item in get_navigation(get_files(config), config).items}


def _pages(entree: Page | Section) -> Iterator[Page]:
    if isinstance(entree, Page):
        yield entree
    else:
        for enfant in entree.children:
            yield from _pages(enfant)  # type: ignore[arg-type]


@functools.cache
def feuilles() -> dict[str, str]:
    """File name of each sheet PDF (a GM screen, a blank character sheet) → the source path of its page."""
    config = load_config(str(ROOT / "mkdocs.yml"))
    documents = config.plugins["regles-pdf"].config.documents
    return {d.path.removeprefix(f"{DOSSIER}/"): d.pages[0] for d in documents if d.feuille}


def pages_attendues(site: Path, nom: str) -> list[PageAttendue]:
    entrees = DOCUMENTS[nom]
    attendues = []
    for titre in entrees:
        entree = navigation()[titre]
        for page in _pages(entree):
            if page.file.src_uri in feuilles().values():
                continue  # a sheet is a PDF of its own, left out of the books
            sous_page = len(entrees) > 1 and isinstance(entree, Section) and not page.is_index
            attendues.append(PageAttendue(page.url, int(sous_page), titres_de_page(site, page.url)))
    return attendues


# --- What each PDF holds ---


@dataclass
class Pdf:
    lecteur: PdfReader
    textes: list[str]

    @functools.cached_property
    def plie(self) -> str:
        return plier("\n".join(self.textes))

    @functools.cached_property
    def corps(self) -> str:
        """The text of the pages without their running head and foot (the last two lines of each page),
        folded: a paragraph that runs over a page break reads as one."""
        return plier("\n".join("\n".join(texte.splitlines()[:-2]) for texte in self.textes))

    @functools.cached_property
    def destinations(self) -> dict[str, int]:
        """Page index of each named destination."""
        return {
            nom: self.lecteur.get_destination_page_number(destination)
            for nom, destination in self.lecteur.named_destinations.items()
        }

    def liens(self, index: int) -> list[dict]:
        annotations = self.lecteur.pages[index].get("/Annots") or []
        objets = [annotation.get_object() for annotation in annotations]
        return [objet for objet in objets if objet.get("/Subtype") == "/Link"]

    def debut_de(self, titre: str, apres: int = 0) -> int:
        """Index of the first page after ``apres`` that starts with ``titre`` (a page's h1)."""
        for index in range(apres + 1, len(self.textes)):
            if plier(self.textes[index]).startswith(plier(titre)):
                return index
        raise AssertionError(f"aucune page ne commence par « {titre} » après la page {apres + 1}")

    @functools.cached_property
    def sommaire(self) -> range:
        """Indexes of the table of contents' pages (after the cover, before the first rules page)."""
        fin = 1
        while fin < len(self.textes) and ENTREE_DU_SOMMAIRE.search(self.textes[fin].splitlines()[1]):
            fin += 1
        return range(1, fin)


@functools.cache
def lire(chemin: Path) -> Pdf:
    """A PDF and the text of its pages, read once per process (pypdf, untraced: see sans_mesure)."""
    with sans_mesure():
        lecteur = PdfReader(chemin)
        return Pdf(lecteur, [page.extract_text() for page in lecteur.pages])


@pytest.fixture(scope="module")
def pdfs(site: Path) -> dict[str, Pdf]:
    return {nom: lire(site / DOSSIER / nom) for nom in DOCUMENTS}


def signets(pdf: Pdf, noeuds: list | None = None, profondeur: int = 0) -> list[tuple[int, str, int]]:
    """(depth, title, page index) of every bookmark, in order."""
    resultat = []
    for noeud in pdf.lecteur.outline if noeuds is None else noeuds:
        if isinstance(noeud, list):
            resultat.extend(signets(pdf, noeud, profondeur + 1))
        else:
            assert isinstance(noeud, Destination)
            resultat.append((profondeur, plier(noeud.title), pdf.lecteur.get_destination_page_number(noeud)))
    return resultat


# --- Tests ---


@pytest.mark.parametrize("nom", DOCUMENTS)
def test_la_couverture_nomme_les_systemes_la_version_et_la_date(pdfs: dict[str, Pdf], nom: str) -> None:
    """The cover gives the site's name, the PDF's system(s), the rules' version and the build date."""
    couverture = plier(pdfs[nom].textes[0])
    assert "RÈGLES DE JEU DE RÔLE" in couverture
    assert f"Version {__version__}" in couverture
    assert re.search(r"construit le (1er|\d{1,2}) \w+ \d{4}", couverture)
    for systeme in SYSTEMES if nom == "regles-completes.pdf" else DOCUMENTS[nom]:
        assert systeme in couverture


@pytest.mark.parametrize("nom", DOCUMENTS)
def test_les_pages_suivent_l_ordre_de_la_navigation(site: Path, pdfs: dict[str, Pdf], nom: str) -> None:
    """Every page of the PDF's sections starts a PDF page, in the navigation's order."""
    pdf = pdfs[nom]
    index = pdf.sommaire.stop - 1
    for page in pages_attendues(site, nom):
        index = pdf.debut_de(page.titre, apres=index)


@pytest.mark.parametrize("nom", DOCUMENTS)
def test_les_numeros_de_la_table_des_matieres_menent_aux_titres(pdfs: dict[str, Pdf], nom: str) -> None:
    """Each entry's printed page number is the page holding that title, and its link goes there."""
    pdf = pdfs[nom]
    entrees: list[tuple[str, int]] = []
    liens: list[int] = []
    for index in pdf.sommaire:
        en_cours = ""
        for ligne in pdf.textes[index].splitlines():
            if ligne == "Table des matières":  # the heading, and the running header
                continue
            en_cours = f"{en_cours} {ligne}".strip()
            if trouve := ENTREE_DU_SOMMAIRE.match(en_cours):
                entrees.append((trouve["titre"], int(trouve["page"])))
                en_cours = ""
        for lien in pdf.liens(index):  # the title, the leader and the number: one link each
            if not liens or liens[-1] != lien["/Dest"]:
                liens.append(lien["/Dest"])
    assert entrees
    for titre, numero in entrees:
        assert plier(titre) in plier(pdf.textes[numero - 1]), f"« {titre} » n'est pas en page {numero}"
    assert [pdf.destinations[lien] + 1 for lien in liens] == [numero for _, numero in entrees]


@pytest.mark.parametrize("nom", DOCUMENTS)
def test_les_signets_suivent_les_titres(site: Path, pdfs: dict[str, Pdf], nom: str) -> None:
    """One bookmark per h1..h3 of each page, nested by level, the h1 on the page's first PDF page."""
    pdf = pdfs[nom]
    attendus = [(0, "Table des matières", False)]
    for page in pages_attendues(site, nom):
        attendus += [(page.profondeur + rang - 1, titre, rang == 1) for rang, titre in page.titres]
    trouves = signets(pdf)
    assert [(profondeur, titre) for profondeur, titre, _ in trouves] == [a[:2] for a in attendus]
    index = pdf.sommaire.stop - 1
    for (_, titre, page), (_, _, est_h1) in zip(trouves, attendus, strict=True):
        if est_h1:
            index = pdf.debut_de(titre, apres=index)
            assert page == index, f"le signet « {titre} » mène à la page {page + 1}, pas {index + 1}"


def lignes_de_table(site: Path, url: str, ancre: str) -> list[str]:
    """The body rows (cells joined by a space) of the first table after heading ``#ancre`` of a page."""
    html = page_html(site, url)
    debut = html.index(f'id="{ancre}"')
    table = html[html.index("<tbody>", debut) : html.index("</tbody>", debut)]
    lignes = re.findall(r"<tr>(.*?)</tr>", table, re.DOTALL)
    cellules = [re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", ligne, re.DOTALL) for ligne in lignes]
    return [plier(" ".join(re.sub(r"<[^>]+>", "", cellule) for cellule in ligne)) for ligne in cellules]


@pytest.mark.parametrize(
    ("nom", "url", "ancre", "nombre"),
    [
        ("basic-maison.pdf", "basic-maison/attributs-derives/", "modificateur-de-degats", 9),
        ("actions-d100.pdf", "actions-d100/difficulte/", "table-des-difficultes", 16),
        ("basic-kar.pdf", "basic-kar/scories-karmiques/", "table-des-scories", 10),
    ],
)
def test_les_tables_connues_sont_entieres(
    site: Path, pdfs: dict[str, Pdf], nom: str, url: str, ancre: str, nombre: int
) -> None:
    """Every row of the damage modifier, difficulty and scories tables: in the system's PDF and the whole."""
    lignes = lignes_de_table(site, url, ancre)
    assert len(lignes) == nombre
    for document in (nom, "regles-completes.pdf"):
        for ligne in lignes:
            assert ligne in pdfs[document].plie, f"{document} : ligne absente « {ligne} »"


class _Widgets(HTMLParser):
    """Each text of the widgets' controls (to be left out), their static fallbacks (to be printed),
    and the rules' own text around them (where a label's words may legitimately appear)."""

    CONTROLES = frozenset(
        ("regles-widget__formulaire", "regles-widget__etat", "regles-widget__resultat", "regles-journal")
    )
    VIDES = frozenset(("area", "br", "col", "hr", "img", "input", "meta", "source", "wbr"))
    TEXTES_DE_CONTROLE = frozenset(("label", "button", "option", "p", "legend"))
    BLOCS = frozenset(
        ("p", "div", "li", "tr", "td", "th", "dd", "dt", "caption", "figcaption", "table", "ul", "ol", "dl")
    )

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.pile: list[str] = []
        self.controles: list[str] = []
        self.statiques: list[str] = []
        self.regles: list[str] = []
        self.profondeur_widget = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = set((dict(attrs).get("class") or "").split())
        if tag not in self.VIDES and (self.profondeur_widget or "regles-widget" in classes):
            self.profondeur_widget += 1
        if self.CONTROLES & classes or tag in {"label", "button"}:
            if not (self.pile and self.pile[-1] == "controle") or tag in self.TEXTES_DE_CONTROLE:
                self.controles.append("")
            self.pile.append("controle")
        elif "regles-widget__statique" in classes:
            self.pile.append("statique")
            self.statiques.append("")
        elif self.pile and tag not in self.VIDES:
            self.pile.append(self.pile[-1])
            if self.pile[-1] == "controle" and tag in self.TEXTES_DE_CONTROLE:
                self.controles.append("")
            if self.pile[-1] == "statique" and tag in self.BLOCS:
                self.statiques[-1] += " "

    def handle_endtag(self, tag: str) -> None:
        if self.pile and tag not in self.VIDES:
            self.pile.pop()
        if self.profondeur_widget and tag not in self.VIDES:
            self.profondeur_widget -= 1

    def handle_data(self, data: str) -> None:
        if not self.profondeur_widget:
            self.regles.append(data)
        if self.pile and self.pile[-1] == "controle":
            self.controles[-1] += data
        elif self.pile:
            self.statiques[-1] += data


@pytest.mark.parametrize("nom", DOCUMENTS)
def test_les_outils_impriment_leur_repli_sans_commande(site: Path, pdfs: dict[str, Pdf], nom: str) -> None:
    """No label, help text, button, loading message or form field; each widget's static content is there.

    A long control text must appear nowhere (unless the rules or a fallback print the same words, like
    a table header « Circonstance »); a short one (« Lancer ») not as a line of the widget's pages.
    """
    pdf = pdfs[nom]
    assert "/AcroForm" not in pdf.lecteur.trailer["/Root"]
    assert "Chargement" not in pdf.plie
    analyses = []
    for page in pages_attendues(site, nom):
        widgets = _Widgets()
        widgets.feed(page_html(site, page.url).split("<article", 1)[1].split("</article>", 1)[0])
        analyses.append(widgets)
    # A label may repeat words that the PDF prints legitimately, in the rules or in a fallback
    # table (« Circonstance »): only the other control texts must be absent.
    # The rules' text as printed: its fragments joined as they stand (a die « (1d6) » in a sentence is a
    # fragment of its own) and spaced apart.
    fragments = [t for w in analyses for t in (*w.regles, *w.statiques)]
    imprime = plier(" ".join(fragments)) + " " + plier("".join(fragments))
    for widgets in analyses:
        statiques = [statique for statique in map(plier, widgets.statiques) if statique]
        for statique in statiques:
            assert statique[:60] in pdf.corps
        ou = [texte for texte in pdf.textes if any(statique[:60] in plier(texte) for statique in statiques)]
        lignes = {plier(ligne) for texte in ou for ligne in texte.splitlines()}
        for controle in filter(None, map(plier, widgets.controles)):
            if controle in imprime:
                continue
            assert controle not in (pdf.plie if len(controle) >= 12 else lignes), controle


@pytest.mark.parametrize("nom", DOCUMENTS)
def test_les_liens_menent_a_des_destinations_du_pdf(pdfs: dict[str, Pdf], nom: str) -> None:
    """Every link is an internal destination of the PDF (or an absolute web address), never a site path."""
    pdf = pdfs[nom]
    internes = 0
    for index in range(len(pdf.textes)):
        for lien in pdf.liens(index):
            if "/Dest" in lien:
                assert lien["/Dest"] in pdf.destinations
                internes += index not in pdf.sommaire
            else:
                assert re.match(r"https?://|mailto:", lien["/A"]["/URI"]), lien
    assert internes > 0


def test_un_renvoi_mene_a_la_section(pdfs: dict[str, Pdf]) -> None:
    """« Combat » on Attributs dérivés (to combat/#degats) leads to the page of the « Dégâts » section."""
    pdf = pdfs["basic-maison.pdf"]
    page = pdf.debut_de("Attributs dérivés", apres=pdf.sommaire.stop - 1)
    cibles = {pdf.destinations[lien["/Dest"]] for lien in pdf.liens(page) if "/Dest" in lien}
    assert any(re.search(r"^Dégâts$", pdf.textes[cible], re.MULTILINE) for cible in cibles)


@pytest.mark.parametrize("nom", DOCUMENTS)
def test_l_en_tete_courant_et_les_numeros_de_page(pdfs: dict[str, Pdf], nom: str) -> None:
    """Each rules page names its system (or its own title) in the header and shows « Page n sur N »."""
    pdf = pdfs[nom]
    total = len(pdf.textes)
    for index in range(pdf.sommaire.stop, total):
        pied = plier(pdf.textes[index].splitlines()[-1])
        assert pied.endswith(f"Page {index + 1} sur {total}")
    if nom != "regles-completes.pdf":
        for index in range(pdf.sommaire.stop, total):
            assert DOCUMENTS[nom][0] in pdf.textes[index].splitlines()[-2]


# --- The PDF as a book: cover, cross-references with page numbers, each table once, no stranded title ---


@functools.cache
def pages_pdftotext(chemin: Path) -> tuple[str, ...]:
    """The text of each page as pdftotext (poppler) reads it."""
    sortie = subprocess.run(
        ["pdftotext", str(chemin), "-"], capture_output=True, text=True, check=True
    ).stdout
    return tuple(sortie.split("\f")[:-1])


def lignes_du_corps(page: str) -> list[str]:
    """A page's non-empty lines, white space folded, without its foot (the site's name, « Page n sur N »)."""
    lignes = [" ".join(ligne.split()) for ligne in page.splitlines() if ligne.strip()]
    return lignes[:-2]


@pytest.mark.parametrize("nom", DOCUMENTS)
def test_la_couverture_donne_le_titre_les_systemes_la_date_et_l_adresse(
    site: Path, site_url: str, nom: str
) -> None:
    """Page 1 : le titre, ses systèmes (les quatre pour la référence complète), la date, l'adresse."""
    couverture = " ".join(pages_pdftotext(site / DOSSIER / nom)[0].split())
    titre = "Référence complète" if nom == "regles-completes.pdf" else DOCUMENTS[nom][0]
    assert titre in couverture
    for systeme in SYSTEMES if nom == "regles-completes.pdf" else DOCUMENTS[nom]:
        assert systeme in couverture
    assert site_url in couverture
    assert re.search(r"construit le (1er|\d{1,2}) \w+ \d{4}", couverture)


@pytest.mark.parametrize("nom", DOCUMENTS)
def test_chaque_renvoi_donne_la_page_de_sa_cible(site: Path, pdfs: dict[str, Pdf], nom: str) -> None:
    """Chaque renvoi interne du texte est suivi de « p. N », N étant la page où il mène (lu par pdftotext)."""
    pdf = pdfs[nom]
    textes = pages_pdftotext(site / DOSSIER / nom)
    renvois = 0
    for index in range(pdf.sommaire.stop, len(textes)):
        cibles = {pdf.destinations[lien["/Dest"]] + 1 for lien in pdf.liens(index) if "/Dest" in lien}
        numeros = {int(n) for n in re.findall(r",\s*p\.\s*(\d+)", textes[index])}
        assert numeros == cibles, (
            f"page {index + 1} : renvois vers {sorted(cibles)}, imprimés {sorted(numeros)}"
        )
        renvois += len(numeros)
    assert renvois > (50 if nom == "regles-completes.pdf" else 0)


def test_un_renvoi_imprime_voir_combat_p_n(site: Path, pdfs: dict[str, Pdf]) -> None:
    """Sur Attributs dérivés, « … la page Combat » est suivi du numéro de la page « Dégâts »."""
    pdf = pdfs["basic-maison.pdf"]
    page = pdf.debut_de("Attributs dérivés", apres=pdf.sommaire.stop - 1)
    cible = next(
        index for index in range(page, len(pdf.textes)) if re.search(r"^Dégâts$", pdf.textes[index], re.M)
    )
    texte = " ".join(pages_pdftotext(site / DOSSIER / "basic-maison.pdf")[page].split())
    # The reference keeps a fixed width (livre.css): a short number may leave a thin gap before the stop.
    assert re.search(rf"expliqué sur la page Combat, p\. {cible + 1} ?\.", texte)


@pytest.mark.parametrize("nom", ["basic-maison.pdf", "regles-completes.pdf"])
def test_la_table_du_modificateur_de_degats_une_fois_par_livre(
    site: Path, pdfs: dict[str, Pdf], nom: str
) -> None:
    """La table du modificateur de dégâts (page et widget) n'est imprimée qu'une fois par livre."""
    lignes = lignes_de_table(site, "basic-maison/attributs-derives/", "modificateur-de-degats")
    assert len(lignes) == 9
    for ligne in lignes:
        assert pdfs[nom].plie.count(ligne) == 1, ligne
    assert "pour lire sa ligne de la table :" not in pdfs[nom].plie


@functools.cache
def titres_imprimes(site: Path) -> frozenset[str]:
    """Every title a page may print: headings, widget titles, admonition titles, table captions (read
    once per process)."""
    titres = set()
    for chemin in site.rglob("index.html"):
        url = chemin.parent.relative_to(site).as_posix()
        racine = article(chemin.read_text(encoding="utf-8"), "" if url == "." else url + "/")
        for element in racine.iter():
            noms = set(element.get("class", "").split())
            if element.tag in {"h1", "h2", "h3", "h4", "h5", "h6", "summary"} or noms & {
                "regles-widget__titre",
                "admonition-title",
                "legende-de-table",
            }:
                titres.add(" ".join("".join(element.itertext()).split()))
    return frozenset(titres)


@pytest.mark.parametrize("nom", DOCUMENTS)
def test_aucune_page_ne_finit_par_un_titre(site: Path, pdfs: dict[str, Pdf], nom: str) -> None:
    """Aucune page ne se termine par un titre : chaque titre reste avec ses premières lignes."""
    titres = titres_imprimes(site)
    textes = pages_pdftotext(site / DOSSIER / nom)
    for index in range(pdfs[nom].sommaire.start, len(textes)):
        corps = lignes_du_corps(textes[index])
        assert corps[-1] not in titres and " ".join(corps[-2:]) not in titres, (
            f"la page {index + 1} finit par le titre « {corps[-1]} »"
        )


@pytest.mark.parametrize("nom", DOCUMENTS)
def test_la_table_des_matieres_tient_dans_ses_pages(pdfs: dict[str, Pdf], nom: str) -> None:
    """La dernière page de la table des matières n'est pas un reste de quelques lignes."""
    entrees = [
        sum(bool(ENTREE_DU_SOMMAIRE.search(ligne)) for ligne in pdfs[nom].textes[index].splitlines())
        for index in pdfs[nom].sommaire
    ]
    assert entrees and all(entrees)
    if len(entrees) > 1:
        assert entrees[-1] * 3 >= entrees[-2], entrees


@pytest.mark.parametrize("nom", DOCUMENTS)
def test_une_page_rendue_en_png(pdfs: dict[str, Pdf], site: Path, nom: str) -> None:
    """pdftoppm renders a page of each PDF into tests/artefacts/pdf/ for a person to look at."""
    pdf = pdfs[nom]
    titre = APERCUS[nom]
    index = 1 if titre == "Table des matières" else pdf.debut_de(titre, apres=pdf.sommaire.stop - 1)
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    cible = ARTEFACTS / f"{Path(nom).stem}-page-{index + 1}"
    commande = ["pdftoppm", "-png", "-r", "80", "-f", str(index + 1), "-l", str(index + 1), "-singlefile"]
    subprocess.run([*commande, str(site / DOSSIER / nom), str(cible)], check=True)
    assert cible.with_suffix(".png").stat().st_size > 10_000


# --- The plugin's steps on small inputs (no build) ---


@pytest.mark.parametrize(
    ("page", "href"), [("", "telechargement/"), ("basic-maison/combat/", "../../telechargement/")]
)
def test_l_en_tete_mene_aux_pdf(site: Path, page: str, href: str) -> None:
    """Every page's header has a download button leading to the PDFs."""
    html = page_html(site, page)
    assert f'<a href="{href}" class="md-header__button md-icon regles-telechargement"' in html
    assert 'aria-label="Télécharger les règles en PDF"' in html
