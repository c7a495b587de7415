"""What the build adds to the El Toto and Actions d100 pages (and the shared pages this part owns).

Not the sentences copied from the sources (the Markdown is their one copy), but what
the build makes of them: each ruling of RULINGS.md (C1..C8, D1..D4) shown as a « Note
d'interprétation », the abbreviations' tooltips, the links and anchors resolved, and
each widget on the page of its rule with its static fallback: the operation's own
answer to the example the page declares.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.site.pages import admonitions, page_html, page_raw_text, page_text

pytestmark = pytest.mark.site

ROOT = Path(__file__).resolve().parents[2]
ABBREVIATIONS_FILE = ROOT / "docs" / "includes" / "abreviations.md"

REGLES_DE_BASE = "el-toto/regles-de-base/"
COMBAT = "el-toto/combat/"
SURVIE = "el-toto/survie/"
DIFFICULTE = "actions-d100/difficulte/"
MARGES = "actions-d100/marges-et-critiques/"
GLOSSAIRE = "glossaire/"


def abbreviations() -> dict[str, str]:
    """The site-wide abbreviations, as written in docs/includes/abreviations.md."""
    pairs = re.findall(r"^\*\[([^\]]+)\]:\s*(.+)$", ABBREVIATIONS_FILE.read_text(encoding="utf-8"), re.M)
    return dict(pairs)


# --- Each ruling, shown on its page as a « Note d'interprétation » ------------------------------

NOTES = [
    (
        "C1",
        REGLES_DE_BASE,
        ["additionne les réussites de tous les dés", "Une réserve de 0 dé ne lance rien et échoue."],
    ),
    (
        "C1",
        REGLES_DE_BASE,
        ["Le site y lit une somme de deux valeurs", "Capacité + Talent, ou bien Aptitude + Compétence"],
    ),
    (
        "C2",
        REGLES_DE_BASE,
        ["chaque point d’Énergie dépensé ajoute un dé", "celui que le MJ désigne pour l’action"],
    ),
    ("C3", REGLES_DE_BASE, ["PV = (Résistance × 2) + Hargne + 5"]),
    ("C4", COMBAT, ["en cas d’égalité les deux adversaires frappent en même temps"]),
    ("C4", COMBAT, ["Agilité + Esquiver moins les dés qu’il a mis dans l’initiative"]),
    (
        "C4",
        COMBAT,
        [
            "impact > 0 : dommages = impact + bonus de l’arme − 2 + Force",
            "impact égal à 0 : il ne se passe rien.",
        ],
    ),
    ("C4", COMBAT, ["elle se résout comme l’étape d), rôles inversés"]),
    ("C5", COMBAT, ["bonus de l’arme du vainqueur", "En cas d’égalité, il ne se passe rien."]),
    ("C6", COMBAT, ["l’impact est le nombre de réussites du jet de PdC"]),
    ("C7", COMBAT, ["selon les PV perdus en un seul coup", "la blessure critique l’emporte"]),
    ("C7", COMBAT, ["Le texte ne définit pas « Vie »", "non les points de vie qui lui restent"]),
    ("C8", SURVIE, ["MH ≥ 0 : aucune conséquence", "arrondie à l’inférieur"]),
    ("D1", DIFFICULTE, ["chance de réussite = compétence + modificateur en % de la table"]),
    (
        "D4",
        DIFFICULTE,
        ["la caractéristique + le modificateur en unités de la table", "le site applique 1d20"],
    ),
    ("D3", MARGES, ["Mr = chance de réussite − résultat du dé", "Me = résultat du dé − chance de réussite"]),
    (
        "D2",
        MARGES,
        ["95 à 100 : toujours un échec critique", "71, 51 et 41 sont des échecs, 31 une réussite critique"],
    ),
    ("D4", MARGES, ["lancé au 1d20 sur le site", "il n’y a donc ni réussite critique ni échec critique"]),
]


@pytest.mark.parametrize(("regle", "page", "phrases"), NOTES, ids=[f"{r}-{p}" for r, p, _ in NOTES])
def test_chaque_decision_est_une_note_d_interpretation(
    site: Path, regle: str, page: str, phrases: list[str]
) -> None:
    """Each ruling is shown on the page of its rule, in a « Note d’interprétation » admonition."""
    notes = [n for n in admonitions(site, page, "interpretation") if all(p in n for p in phrases)]
    assert notes and notes[0].startswith("Note d’interprétation"), (regle, phrases)


@pytest.mark.parametrize(
    ("page", "nombre"), [(REGLES_DE_BASE, 4), (COMBAT, 9), (SURVIE, 1), (DIFFICULTE, 2), (MARGES, 3)]
)
def test_le_nombre_de_notes_par_page(site: Path, page: str, nombre: int) -> None:
    """No note is lost or duplicated by the build."""
    assert len(admonitions(site, page, "interpretation")) == nombre


# --- The widgets: on the page of their rule, with the answer to the page's example -----------------

WIDGETS = [
    (REGLES_DE_BASE, "reserve-el-toto", "3 réussites."),
    (REGLES_DE_BASE, "energie-el-toto", "9 points d’Énergie ; 14 points de vie."),
    (COMBAT, "lancer-el-toto", "Force 2 + Lancer 3 = 5 dés"),
    (COMBAT, "bagarre-el-toto", "Hargne 3 + Agresser 2 = 5 dés"),
    (COMBAT, "duel-el-toto", "Impact 2 : dommages 2 + 1 − 2 + 2 = 3, moins aucune réussite de Résistance"),
    (COMBAT, "combat-rapide-el-toto", "A remporte la passe (4 réussites contre 2)"),
    (COMBAT, "distance-el-toto", "Impact 4 : dommages 4 + 1 − 2 + 0 = 3"),
    (COMBAT, "blessure-el-toto", "Blessure critique : malus de 8 dés"),
    (SURVIE, "survie-el-toto", "1 réussite à répartir entre les autres personnages"),
    (DIFFICULTE, "test-caracteristique-actions", "Jet 9 sur 1d20 contre un seuil de 15 : réussite (Mr 6)."),
    (MARGES, "test-actions", "Jet 71 contre 40 % : échec (Me 31)."),
]


def statique(site: Path, page: str, nom: str) -> str:
    """The folded text of a widget's static fallback, as the built page holds it."""
    html = page_html(site, page)
    debut = html.index(f'data-widget="{nom}"')
    debut = html.index('class="regles-widget__statique"', debut)
    fin = (
        html.index('class="regles-widget__formulaire"', debut)
        if "regles-widget__formulaire" in html[debut:]
        else len(html)
    )
    return " ".join(re.sub(r"<[^>]+>", "", html[debut:fin]).split())


@pytest.mark.parametrize(("page", "nom", "phrase"), WIDGETS, ids=[n for _, n, _ in WIDGETS])
def test_chaque_widget_montre_la_reponse_a_l_exemple_de_sa_page(
    site: Path, page: str, nom: str, phrase: str
) -> None:
    """Each widget sits on its rule's page; without JavaScript it shows its answer to the page's example."""
    assert page_html(site, page).count(f'data-widget="{nom}"') == 1
    assert phrase in statique(site, page, nom).replace("\u202f", " ").replace("\u00a0", " ")


# --- Links and anchors ---------------------------------------------------------------------------


def test_les_liens_et_ancres_du_combat(site: Path) -> None:
    """The combat page links to the reading of the dice and within itself; every anchor exists."""
    html = page_html(site, COMBAT)
    for href in ["../regles-de-base/#reussites", "../regles-de-base/#points-de-vie", "#riposte", "#dommages"]:
        assert f'href="{href}"' in html
    for ancre in ["potentiel-de-combat", "lancer", "bagarre", "duel", "initiative", "esquive", "impact"]:
        assert f'id="{ancre}"' in html
    assert 'href="../combat/#resister-aux-dommages"' in page_html(site, SURVIE)
    assert 'href="../difficulte/#tests-de-caracteristique"' in page_html(site, MARGES)


@pytest.mark.parametrize(
    ("texte", "href"),
    [("Basic maison", "basic-maison/"), ("El Toto", "el-toto/"), ("Actions d100", "actions-d100/")],
)
def test_l_accueil_mene_a_chaque_systeme(site: Path, texte: str, href: str) -> None:
    """The home page's table of systems links to each system."""
    assert texte in page_text(site, "") and f'href="{href}"' in page_html(site, "")


# --- Abbreviations ----------------------------------------------------------------------------

EXPECTED_ABBREVIATIONS = [
    "FOR",
    "CON",
    "TAI",
    "DEX",
    "INT",
    "POU",
    "CHA",
    "PV",
    "PdV",
    "PM",
    "PA",
    "PE",
    "MJ",
    "PJ",
    "KAR",
    "Init",
    "FV",
    "ATT",
    "PAR",
    "PdC",
    "MH",
    "Mr",
    "Me",
]


def test_abreviations_definies() -> None:
    """Every abbreviation of the brief and of the sources is defined site-wide."""
    assert set(EXPECTED_ABBREVIATIONS) <= set(abbreviations())


def test_abreviations_infobulles(site: Path) -> None:
    """Each abbreviation becomes an <abbr title=…> tooltip in the built glossary."""
    html = page_html(site, GLOSSAIRE)
    for abbr, title in abbreviations().items():
        assert f'<abbr title="{title}">{abbr}</abbr>' in html


def test_abreviations_dans_les_pages(site: Path) -> None:
    """The abbreviations of El Toto and Actions d100 show their tooltip on their own pages."""
    assert '<abbr title="Potentiel de combat">PdC</abbr>' in page_html(site, COMBAT)
    assert '<abbr title="Modificateur d’hostilité">MH</abbr>' in page_html(site, SURVIE)
    assert '<abbr title="Marge de réussite">Mr</abbr>' in page_html(site, MARGES)
    assert '<abbr title="Marge d’échec">Me</abbr>' in page_html(site, MARGES)
    assert '<abbr title="Meneur de jeu">MJ</abbr>' in page_html(site, DIFFICULTE)


def test_abreviations_sans_collision(site: Path) -> None:
    """ "Me" and "Mr", which are also ordinary French words, are abbreviations only where they are margins."""
    allowed = {
        "actions-d100/index.html",
        "actions-d100/ecran/index.html",
        "actions-d100/marges-et-critiques/index.html",
        "glossaire/index.html",
        "index.html",
    }
    for path in site.rglob("*.html"):
        html = path.read_text(encoding="utf-8")
        if re.search(r'<abbr title="Marge d[’\']\w+">M[er]</abbr>', html):
            assert path.relative_to(site).as_posix() in allowed, path


# --- Glossary ---------------------------------------------------------------------------------

GLOSSARY_LINKS = {
    "att": ["../basic-maison/combat/#competences-darmes"],
    "cha": ["../basic-maison/caracteristiques/#cha"],
    "con": ["../basic-maison/caracteristiques/#con", "../basic-kar/combat/#assommer"],
    "dex": ["../basic-maison/caracteristiques/#dex", "../basic-kar/combat-heroique/#principes"],
    "for": ["../basic-maison/caracteristiques/#for", "../el-toto/combat/#lancer"],
    "fv": ["../basic-kar/combat-heroique/#facteur-de-vitesse"],
    "int": ["../basic-maison/caracteristiques/#int", "../basic-kar/combat-heroique/#principes"],
    "init": ["../basic-kar/combat-heroique/#principes", "#initiative"],
    "kar": ["../basic-kar/competences/#maladresse", "../basic-kar/scories-karmiques/#tirer-ses-scories"],
    "me": ["../actions-d100/marges-et-critiques/#marge-dechec"],
    "mh": ["../el-toto/survie/#mh"],
    "mj": ["../actions-d100/difficulte/#systeme-general"],
    "mr": ["../actions-d100/marges-et-critiques/#marge-de-reussite"],
    "pa": ["../basic-maison/equipement/#armures"],
    "par": ["../basic-maison/combat/#competences-darmes"],
    "pdc": ["../el-toto/combat/#potentiel-de-combat"],
    "pdv": ["#pv"],
    "pe": ["../basic-kar/scories-karmiques/#table-des-scories", "../el-toto/regles-de-base/#energie"],
    "pj": ["../actions-d100/difficulte/#systeme-general"],
    "pm": ["../basic-maison/attributs-derives/#points-de-magie", "../basic-kar/combat-heroique/#magie"],
    "pou": ["../basic-maison/caracteristiques/#pou"],
    "pv": [
        "../basic-maison/attributs-derives/#points-de-vie",
        "../basic-kar/combat/#blessure-grave",
        "../el-toto/regles-de-base/#points-de-vie",
    ],
    "tai": ["../basic-maison/caracteristiques/#tai"],
    "reussite-critique": [
        "../basic-maison/tests/#reussite-critique",
        "../basic-kar/competences/#reussite-critique",
        "../actions-d100/marges-et-critiques/#reussite-critique",
    ],
    "maladresse": [
        "../basic-maison/tests/#maladresse",
        "../basic-kar/competences/#maladresse",
        "../el-toto/regles-de-base/#maladresse",
    ],
    "echec-critique": [
        "../actions-d100/marges-et-critiques/#echec-critique",
        "../el-toto/regles-de-base/#maladresse",
    ],
    "table-de-resistance": ["../basic-kar/competences/#table-de-resistance"],
    "modificateur-de-degats": ["../basic-maison/attributs-derives/#modificateur-de-degats"],
    "impact": ["../el-toto/combat/#impact"],
    "marge": [
        "../actions-d100/marges-et-critiques/#marge",
        "../basic-kar/scories-karmiques/#tirer-ses-scories",
    ],
    "initiative": ["../basic-maison/initiative/#score-dinitiative", "../el-toto/combat/#initiative"],
    "riposte": ["../basic-kar/contre-attaques/#riposte", "../el-toto/combat/#riposte"],
    "table-des-difficultes": ["../actions-d100/difficulte/#table-des-difficultes"],
    "table-de-circonstances": ["../basic-maison/tests/#table-de-circonstances"],
}


def glossary_entries(site: Path) -> dict[str, str]:
    """Each glossary entry's id mapped to the HTML of its definition (the following <dd>)."""
    html = page_html(site, GLOSSAIRE)
    return dict(re.findall(r'<dt id="([^"]+)">.*?</dt>\s*<dd>(.*?)</dd>', html, re.S))


def test_glossaire_chaque_abreviation(site: Path) -> None:
    """Every site-wide abbreviation has a glossary entry giving its meaning."""
    entries = glossary_entries(site)
    for abbr, title in abbreviations().items():
        assert abbr.lower() in entries, abbr
        assert title.split()[0] in entries[abbr.lower()], abbr


@pytest.mark.parametrize(("entry", "hrefs"), sorted(GLOSSARY_LINKS.items()))
def test_glossaire_liens(site: Path, entry: str, hrefs: list[str]) -> None:
    """Each glossary entry links to the definition in every system that uses it."""
    definition = glossary_entries(site)[entry]
    for href in hrefs:
        assert f'href="{href}"' in definition, href


def test_typographie_francaise(site: Path) -> None:
    """Narrow no-break spaces before % and ;, no-break spaces inside « » and before :, true minus signs."""
    marges = page_raw_text(site, MARGES)
    assert "60\u202f% à sa compétence" in marges
    assert "«\u00a0À peine difficile\u00a0» (−20\u202f%)" in marges
    assert "Mr = chance de réussite − résultat du dé\u202f;" in marges
    assert "−100\u202f%" in page_raw_text(site, DIFFICULTE)
    combat = page_raw_text(site, COMBAT)
    assert "Impact = réussites de l’attaque − réussites de la défense." in combat
    assert "Adversaire prévenu\u00a0: jet de PdC" in combat
    pages = [REGLES_DE_BASE, COMBAT, SURVIE, DIFFICULTE, MARGES, GLOSSAIRE]
    pages += ["el-toto/", "actions-d100/", "", "outils/"]
    for page in pages:
        text = page_raw_text(site, page)
        assert not re.search(r"\d %| [;:?!%]|« | »", text), page
