"""The sheets of the built site: the GM screens and the blank character sheets, one PDF each.

Each is read with pypdf and pdftotext: its pages, its titles and tables, and on a blank sheet the
fields of its system's declaration and what players expect on it.
"""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
from mkdocs.config import load_config
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import get_files
from mkdocs.structure.nav import Navigation, get_navigation

from site_plugins.pdf.article import article
from site_plugins.pdf.config import DocumentConfig
from site_plugins.pdf.livre import Edition, livre
from site_plugins.pdf.plan import Document, PagePdf, planifier
from tests.conftest import ROOT
from tests.site.test_pdf import (
    DOCUMENTS,
    DOSSIER,
    SYSTEMES,
    Pdf,
    feuilles,
    lignes_de_table,
    lire,
    pdfs,
    plier,
    signets,
)
from tests.site.test_pdf_article import WIDGET

pytestmark = pytest.mark.site

__all__ = ["pdfs"]

# --- Sheets: the GM screens and the blank character sheets, one PDF each ---

ECRANS = {
    "ecran-basic-maison.pdf": ("Basic maison", "basic-maison/attributs-derives/", "modificateur-de-degats"),
    "ecran-basic-kar.pdf": ("BaSIC — KAR", "basic-kar/competences/", "table-de-resistance"),
    "ecran-el-toto.pdf": ("El Toto", "el-toto/combat/", "blessures"),
    "ecran-actions-d100.pdf": ("Actions d100", "actions-d100/difficulte/", "table-des-difficultes"),
}
"""Each screen: its system, and one of its tables (page, heading) whose rows it must print whole."""
TITRES_DES_ECRANS = {
    "ecran-basic-maison.pdf": (
        "Test de compétence",
        "Table de circonstances",
        "Modificateur de dégâts",
        "Réussite critique et spéciale",
        "Initiative",
        "Armures",
        "Soins",
    ),
    "ecran-basic-kar.pdf": (
        "Maladresse",
        "Table de résistance",
        "Jet de Combat héroïque",
        "Facteur de vitesse",
        "Coût des actions",
        "Scories karmiques",
    ),
    "ecran-el-toto.pdf": ("Réussites", "Combat rapide", "Blessures et malus", "Survie"),
    "ecran-actions-d100.pdf": ("Table des difficultés", "La marge", "Les critiques"),
}
FICHES_PDF = {
    "fiche-basic-maison.pdf": "Basic maison",
    "fiche-basic-kar.pdf": "BaSIC — KAR",
    "fiche-el-toto.pdf": "El Toto",
    "fiche-actions-d100.pdf": "Actions d100",
}
A4 = (595, 842)
"""A4 in PDF points, rounded."""


def lire_pdf(site: Path, nom: str) -> Pdf:
    return lire(site / DOSSIER / nom)


def test_chaque_ecran_et_chaque_fiche_a_son_pdf_declare() -> None:
    """mkdocs.yml déclare un PDF « feuille » par écran et par fiche, chacun de sa page du système."""
    assert feuilles() == {
        f"{genre}-{dossier}.pdf": f"{dossier}/{genre}.md"
        for genre in ("ecran", "fiche")
        for dossier in ("basic-maison", "basic-kar", "el-toto", "actions-d100")
    }
    assert set(feuilles()) == set(ECRANS) | set(FICHES_PDF)


@pytest.mark.parametrize("nom", ECRANS)
def test_un_ecran_tient_sur_une_ou_deux_pages_a4_sans_couverture(site: Path, nom: str) -> None:
    """Un écran du meneur : une ou deux pages A4, qui commencent par son titre (ni couverture ni sommaire)."""
    pdf = lire_pdf(site, nom)
    assert 1 <= len(pdf.textes) <= 2
    for page in pdf.lecteur.pages:
        assert (round(float(page.mediabox.width)), round(float(page.mediabox.height))) == A4
    assert pdf.plie.startswith(f"Écran du meneur — {ECRANS[nom][0]}")
    assert "Table des matières" not in pdf.plie


@pytest.mark.parametrize("nom", ECRANS)
def test_un_ecran_imprime_les_titres_de_ses_tables_et_pas_ses_outils(site: Path, nom: str) -> None:
    """L'écran imprime les titres de ses tables ; ses outils rapides restent à l'écran."""
    pdf = lire_pdf(site, nom)
    for titre in TITRES_DES_ECRANS[nom]:
        assert titre in pdf.plie, f"{nom} : titre absent « {titre} »"
    assert "Outils rapides" not in pdf.plie
    assert next(titre for _, titre, _ in signets(pdf)) == f"Écran du meneur — {ECRANS[nom][0]}"


@pytest.mark.parametrize("nom", ECRANS)
def test_un_ecran_imprime_entiere_la_table_de_la_page_de_sa_regle(site: Path, nom: str) -> None:
    """Chaque ligne d'une table de la règle (sa page du site) est dans le PDF de l'écran."""
    _, url, ancre = ECRANS[nom]
    pdf = lire_pdf(site, nom)
    lignes = lignes_de_table(site, url, ancre)
    assert lignes
    for ligne in lignes:
        assert ligne in pdf.plie, f"{nom} : ligne absente « {ligne} »"


@pytest.mark.parametrize("nom", FICHES_PDF)
def test_une_fiche_vierge_donne_les_champs_de_sa_declaration(site: Path, nom: str) -> None:
    """La fiche vierge : une ou deux pages A4, chaque libellé de la fiche déclarée dans rules_py."""
    from rules_py.personnages import champs_de_fiche
    from rules_py.web.typographie import typographie

    pdf = lire_pdf(site, nom)
    assert 1 <= len(pdf.textes) <= 2
    assert pdf.plie.startswith(f"Fiche de personnage vierge — {FICHES_PDF[nom]}")
    libelles = [champ.meta.libelle for champ in champs_de_fiche(FICHES_PDF[nom])]
    assert "Nom" in libelles
    for libelle in libelles:
        assert plier(typographie(libelle)) in pdf.plie, f"{nom} : champ absent « {libelle} »"


CONTENUS_DES_FICHES = {
    "fiche-basic-maison.pdf": (
        "Compétence Base Valeur",
        "Athlétisme FOR + DEX",
        "Esquive DEX × 2",
        "Perception INT + POU",
        "Tromperie/Baratin/Influence INT + CHA",
        "Arme Dégâts ATT PAR",
    ),
    "fiche-basic-kar.pdf": (
        "Arme FV Attaque Dommages",
        "Compteur d’Init",
        "Init +0 +1 +2 +3 +4 +5 +6 +7 +8 +9 20 10 0",
        "Initiative (Init)",
    ),
    "fiche-el-toto.pdf": ("Bonus de bouclier", "Bonus de l’arme", "Potentiel de combat (PdC)"),
    "fiche-actions-d100.pdf": ("Caractéristique Valeur", "Compétence Valeur Point dépensé"),
}
"""What players expect on each printed blank sheet (issue 33), as the PDF's text reads it."""


@pytest.mark.parametrize("nom", FICHES_PDF)
def test_une_fiche_vierge_imprime_ce_qu_attendent_les_joueurs(site: Path, nom: str) -> None:
    """Basic maison: the standard skills with their base formula (from rules_py); KAR: weapon lines with
    FV, attack and damage, and the Init counter; El Toto: the shield; Actions d100: characteristics."""
    from rules_py.basic_maison import COMPETENCES_STANDARDS

    pdf = lire_pdf(site, nom)
    for attendu in CONTENUS_DES_FICHES[nom]:
        assert attendu in pdf.plie, f"{nom} : absent « {attendu} »"
    if nom == "fiche-basic-maison.pdf":
        for competence in COMPETENCES_STANDARDS:
            assert plier(f"{competence.nom} {competence.formule_texte.replace(' x ', ' × ')}") in pdf.plie


@pytest.mark.parametrize("systeme", SYSTEMES)
def test_les_livres_des_systemes_laissent_les_feuilles_de_cote(pdfs: dict[str, Pdf], systeme: str) -> None:
    """Ni l'écran ni la fiche vierge ne sont repris dans le PDF du système ou la référence complète."""
    nom = next(nom for nom, entrees in DOCUMENTS.items() if entrees == (systeme,))
    for document in (nom, "regles-completes.pdf"):
        assert f"Écran du meneur — {systeme}" not in pdfs[document].plie
        assert f"Fiche de personnage vierge — {systeme}" not in pdfs[document].plie


def test_une_feuille_n_a_ni_couverture_ni_sommaire() -> None:
    """Le HTML d'un document « feuille » : ses pages seules, le corps marqué « feuille »."""
    articles = {"systeme/ecran/": article(WIDGET, "systeme/ecran/")}
    edition = Edition("Règles", "Référence", "9.9", datetime.date(2026, 11, 1))
    document = Document("e.pdf", "Écran", (), (PagePdf("systeme/ecran/", "Écran", 1),), feuille=True)
    html = livre(document, articles, edition)
    assert '<body data-site="Règles" class="feuille">' in html
    assert "couverture" not in html and "Table des matières" not in html
    assert 'id="p-systeme-ecran"' in html


def test_une_page_de_document_absente_de_la_navigation_est_citee() -> None:
    """Un document qui nomme une page hors de la navigation échoue en la citant."""
    options = DocumentConfig()
    options.load_dict({"path": "e.pdf", "pages": ["basic-maison/ecrna.md"], "feuille": True})
    options.validate()
    with pytest.raises(PluginError, match=r"« basic-maison/ecrna\.md »"):
        planifier(options, Navigation([], []))


def test_les_pages_d_une_feuille_sortent_des_sections() -> None:
    """Une section garde ses pages, sauf celles imprimées en feuille ; la feuille prend la sienne."""
    config = load_config(str(ROOT / "mkdocs.yml"))
    nav = get_navigation(get_files(config), config)
    livre_ = DocumentConfig()
    livre_.load_dict({"path": "a.pdf", "sections": ["Actions d100"]})
    livre_.validate()
    feuille = DocumentConfig()
    feuille.load_dict({"path": "e.pdf", "pages": ["actions-d100/ecran.md"], "feuille": True})
    feuille.validate()
    exclues = frozenset({"actions-d100/ecran.md", "actions-d100/fiche.md"})
    assert [p.url for p in planifier(livre_, nav, exclues).pages] == [
        "actions-d100/",
        "actions-d100/difficulte/",
        "actions-d100/marges-et-critiques/",
    ]
    plan = planifier(feuille, nav, exclues)
    assert plan.feuille and plan.titre == "Écran du meneur"
    assert [(p.url, p.rubrique) for p in plan.pages] == [("actions-d100/ecran/", "Écran du meneur")]
