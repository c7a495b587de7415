"""Content of the El Toto and Actions d100 pages, the home page, Outils, the glossary, the abbreviations.

Each test fails if a rule of the sources (003 El Toto, 004 Actions d100), a ruling of
RULINGS.md (C1..C8, D1..D4) or a piece of the shared pages disappears from the built site.
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


def note_with(site: Path, page: str, *phrases: str) -> str:
    """The one "Note d'interprétation" of the page holding every phrase; fails if there is none."""
    notes = admonitions(site, page, "interpretation")
    found = [note for note in notes if all(phrase in note for phrase in phrases)]
    assert found, f"aucune note d'interprétation de {page} ne contient {phrases!r}"
    assert found[0].startswith("Note d'interprétation")
    return found[0]


def abbreviations() -> dict[str, str]:
    """The site-wide abbreviations, as written in docs/includes/abreviations.md."""
    pairs = re.findall(r"^\*\[([^\]]+)\]:\s*(.+)$", ABBREVIATIONS_FILE.read_text(encoding="utf-8"), re.M)
    return dict(pairs)


# --- El Toto: Règles de base ------------------------------------------------------------------


@pytest.mark.parametrize(
    "row",
    ["1, 2, 3 échec (aucune réussite)", "4, 5 1 réussite", "6 2 réussites"],
)
def test_regles_de_base_table_des_reussites(site: Path, row: str) -> None:
    """Each row of the successes-per-d6 table is on the page."""
    assert "Résultat du 1d6 Effet" in page_text(site, REGLES_DE_BASE)
    assert row in page_text(site, REGLES_DE_BASE)


def test_regles_de_base_maladresse_pool_pv_energie(site: Path) -> None:
    """Fumble, pool size, PV and Énergie are stated as in the source."""
    text = page_text(site, REGLES_DE_BASE)
    for sentence in [
        "La base de simulation est le 1d6.",
        "Si tous les dés d’un jet donnent 1, c’est une maladresse (échec critique).",
        "Nombre de dés lancés = Capacité + Talent, ou Aptitude + Compétence.",
        "Points de vie (PV) = Résistance × 2 + Hargne + 5.",
        "Nombre de points : Hargne + Trempe + Survie.",
        "Utilisation : 1 point dépensé = +1 dé au jet.",
        "Maximum de points pouvant être dépensés pour un jet : Hargne ou Survie.",
    ]:
        assert sentence in text


def test_regles_de_base_notes_c1_c2_c3(site: Path) -> None:
    """Rulings C1 (dice, fumble, empty pool), C2 (Énergie cap) and C3 (PV) are shown as notes."""
    note_with(
        site,
        REGLES_DE_BASE,
        "additionne les réussites de tous les dés",
        "tous les dés montrent 1",
        "Une réserve de 0 dé ne lance rien et échoue.",
    )
    note_with(
        site,
        REGLES_DE_BASE,
        "chaque point d’Énergie dépensé ajoute un dé",
        "celui que le MJ désigne pour l’action",
    )
    note_with(site, REGLES_DE_BASE, "PV = (Résistance × 2) + Hargne + 5")
    assert len(admonitions(site, REGLES_DE_BASE, "interpretation")) == 4


def test_regles_de_base_note_nombre_de_des(site: Path) -> None:
    """The pool size (a gap the rulings leave open) is read as a sum of two values, in a note."""
    note_with(
        site,
        REGLES_DE_BASE,
        "Le site y lit une somme de deux valeurs",
        "Capacité + Talent, ou bien Aptitude + Compétence",
    )


# --- El Toto: Combat --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "row",
    [
        "Potentiel de combat (PdC) Arts Martiaux + compétence",
        "Lancer Force + Lancer",
        "Bagarre Hargne + Agresser",
    ],
)
def test_combat_potentiels(site: Path, row: str) -> None:
    """The three dice pools of combat (PdC, Lancer, Bagarre) are in the table."""
    assert row in page_text(site, COMBAT)


def test_combat_duel_etapes(site: Path) -> None:
    """The duel's steps a) to e) and their rules are all on the page."""
    text = page_text(site, COMBAT)
    for sentence in [
        "a) Détermination du PdC",
        "b) Initiative",
        "En les cachant, les adversaires mettent dans la main droite les dés du PdC réservés à "
        "l’initiative, et dans la main gauche ceux réservés au combat.",
        "Celui qui, en les révélant, a le plus de dés dans sa main droite obtient l’initiative.",
        "c) Attaque, défense et annonces",
        "Toujours en les cachant, les adversaires répartissent les dés restants entre l’attaque "
        "(main droite) et la défense (main gauche).",
        "les coups spéciaux ;",
        "l’esquive : jet d’Agilité + Esquiver − dés d’initiative ;",
        "ou une tentative pour rompre le combat.",
        "d) Résolution",
        "Impact = réussites de l’attaque − réussites de la défense.",
        "Dommages = impact + bonus de l’arme − 2 + Force.",
        "Résister aux dommages = jet de Résistance + Protection.",
        "le défenseur prend l’avantage : +1 dé à l’attaque de la riposte.",
        "e) Riposte",
    ]:
        assert sentence in text


def test_combat_rapide_et_a_distance(site: Path) -> None:
    """Quick combat and ranged combat are stated as in the source."""
    text = page_text(site, COMBAT)
    for sentence in [
        "Chaque protagoniste jette les dés de son PdC + le bonus de bouclier.",
        "Celui qui fait le plus de réussites remporte la passe.",
        "Points de vie perdus = nombre de réussites du vainqueur − nombre de réussites du perdant "
        "+ bonus de l’arme.",
        "Résister aux dommages : jet de Résistance + Protection.",
        "Adversaire non prévenu : jet de PdC sans opposition.",
        "Adversaire prévenu : jet de PdC contre Agilité + Esquiver.",
    ]:
        assert sentence in text


@pytest.mark.parametrize(
    "row",
    [
        "Blessure Points de vie perdus Malus Perte de points de vie",
        "Légère 1 ou 2 aucun aucune",
        "Sérieuse 3 à 4 1 dé −1 PV par heure",
        "Grave de 5 à Vie/2 3 dés −1 PV par 10 min",
        "Critique plus de Vie/2 autant de dés que de points de vie perdus −1 PV par minute",
    ],
)
def test_combat_niveaux_de_blessure(site: Path, row: str) -> None:
    """Each wound level, with its malus and its PV loss over time, is a row of the table."""
    assert row in page_text(site, COMBAT)


def test_combat_note_c4(site: Path) -> None:
    """Ruling C4 (duel): tie on initiative, dodge, impact 0, resistance successes, riposte die."""
    note_with(site, COMBAT, "en cas d’égalité les deux adversaires frappent en même temps")
    note_with(
        site,
        COMBAT,
        "Agilité + Esquiver moins les dés qu’il a mis dans l’initiative",
        "tiennent lieu de réussites de la défense",
    )
    note_with(
        site,
        COMBAT,
        "impact > 0 : dommages = impact + bonus de l’arme − 2 + Force",
        "chaque réussite retire 1 point de dommages, sans descendre sous 0",
        "impact < 0 : le défenseur gagne +1 dé",
        "impact égal à 0 : il ne se passe rien.",
    )


def test_combat_note_riposte(site: Path) -> None:
    """The riposte (a gap the rulings leave open) is settled in a note."""
    note_with(
        site,
        COMBAT,
        "elle se résout comme l’étape d), rôles inversés",
        "avec +1 dé si l’impact de l’attaque précédente était inférieur à 0",
    )


def test_combat_notes_c5_c6(site: Path) -> None:
    """Rulings C5 (quick combat) and C6 (ranged combat) are shown as notes."""
    note_with(site, COMBAT, "bonus de l’arme du vainqueur", "En cas d’égalité, il ne se passe rien.")
    note_with(
        site,
        COMBAT,
        "l’impact est le nombre de réussites du jet de PdC",
        "impact = réussites du PdC − réussites d’Agilité + Esquiver",
    )


def test_combat_notes_c7_et_vie(site: Path) -> None:
    """Ruling C7 (wound levels, critique wins on overlap) and the meaning of Vie are shown as notes."""
    note_with(site, COMBAT, "selon les PV perdus en un seul coup", "la blessure critique l’emporte")
    note_with(site, COMBAT, "Le texte ne définit pas « Vie »", "non les points de vie qui lui restent")
    assert len(admonitions(site, COMBAT, "interpretation")) == 8


def test_combat_liens(site: Path) -> None:
    """The combat page links to the reading of the dice and within itself."""
    html = page_html(site, COMBAT)
    for href in [
        'href="../regles-de-base/#reussites"',
        'href="../regles-de-base/#points-de-vie"',
        'href="#riposte"',
        'href="#dommages"',
        'href="#resister-aux-dommages"',
    ]:
        assert href in html
    for anchor in [
        "potentiel-de-combat",
        "lancer",
        "bagarre",
        "duel",
        "initiative",
        "esquive",
        "impact",
        "dommages",
        "resister-aux-dommages",
        "riposte",
        "combat-rapide",
        "combat-a-distance",
        "blessures",
    ]:
        assert f'id="{anchor}"' in html


# --- El Toto: Survie --------------------------------------------------------------------------


def test_survie_regles(site: Path) -> None:
    """MH, the Survie roll, sharing the successes and weather damage are stated as in the source."""
    text = page_text(site, SURVIE)
    for sentence in [
        "MH = modificateur d’hostilité (< 0) + modificateur de survie dû à l’équipement.",
        "Si MH > 0 : pas de conséquences.",
        "Si MH < 0, on calcule MH + jet de Survie + Milieu.",
        "Si MH + jet de Survie + Milieu est supérieur à 0 : pas de conséquences. Il est possible de "
        "répartir la moitié des réussites comptées à partir de MH = 0 entre les autres personnages.",
        "Si MH + jet de Survie + Milieu est inférieur à 0 : dommages dus aux intempéries. Un jet de "
        "Résistance permet de limiter les dommages.",
    ]:
        assert sentence in text


def test_survie_note_c8(site: Path) -> None:
    """Ruling C8 (survival: zero cases, halving rounded down, damage below 0) is shown as a note."""
    note_with(
        site,
        SURVIE,
        "MH ≥ 0 : aucune conséquence",
        "total = MH + réussites du jet de Survie + Milieu",
        "arrondie à l’inférieur",
        "autant de points de dommages que le total a de points sous 0",
    )
    assert 'href="../combat/#resister-aux-dommages"' in page_html(site, SURVIE)


def test_el_toto_index_plan(site: Path) -> None:
    """The El Toto presentation says what the system is and maps its three pages."""
    text = page_text(site, "el-toto/")
    assert "El Toto est un système de jeu à réserve de dés" in text
    html = page_html(site, "el-toto/")
    for href in ['href="regles-de-base/"', 'href="combat/"', 'href="survie/"']:
        assert href in html


# --- Actions d100: Difficulté -----------------------------------------------------------------

DIFFICULTES = [
    ("Miraculeux", "−100 %", "−15"),
    ("Impensable", "−90 %", "−14"),
    ("Presque impossible", "−80 %", "−12"),
    ("Extrêmement difficile", "−70 %", "−11"),
    ("Très difficile", "−60 %", "−9"),
    ("Difficile", "−50 %", "−8"),
    ("Assez difficile", "−40 %", "−6"),
    ("Plutôt difficile", "−30 %", "−5"),
    ("À peine difficile", "−20 %", "−3"),
    ("Un peu moins que moyen", "−10 %", "−1"),
    ("Moyen", "—", "—"),
    ("À peine facile", "+10 %", "+1"),
    ("Assez facile", "+20 %", "+3"),
    ("Facile", "+30 %", "+5"),
    ("Très facile", "+40 %", "+6"),
    ("Immanquable", "+50 %", "+8"),
]


def difficulty_rows(site: Path) -> list[tuple[str, str, str]]:
    """The rows of the built difficulty table, cells folded."""
    html = page_html(site, DIFFICULTE)
    table = html[html.index('id="table-des-difficultes"') :]
    table = table[: table.index("</table>")]
    rows = re.findall(r"<tr>(.*?)</tr>", table, re.S)
    cells = [
        [" ".join(re.sub(r"<[^>]+>", "", c).split()) for c in re.findall(r"<td[^>]*>(.*?)</td>", r, re.S)]
        for r in rows
    ]
    return [tuple(c) for c in cells if c]


def test_difficulte_seize_niveaux(site: Path) -> None:
    """The difficulty table has exactly the 16 rows of the source, in order, with both columns."""
    assert difficulty_rows(site) == DIFFICULTES
    assert (
        "Difficulté de l’action Modificateur en % (compétences) Modificateur en unités (caractéristiques)"
        in page_text(site, DIFFICULTE)
    )


def test_difficulte_regle_generale(site: Path) -> None:
    """The general rule: the MJ asks for a test modified by the difficulty."""
    assert (
        "Lorsqu’un PJ veut effectuer une action, le MJ lui fait faire un test de caractéristique ou de "
        "compétence, modifié selon la difficulté de l’action." in page_text(site, DIFFICULTE)
    )


def test_difficulte_notes_d1_d4(site: Path) -> None:
    """Rulings D1 (skill + % modifier) and D4 (characteristic + units, on 1d20) are shown as notes."""
    note_with(
        site,
        DIFFICULTE,
        "chance de réussite = compétence + modificateur en % de la table",
        "de Miraculeux −100 % à Immanquable +50 %",
    )
    note_with(
        site,
        DIFFICULTE,
        "la caractéristique + le modificateur en unités de la table",
        "le site applique 1d20",
        "inférieur ou égal au seuil",
    )


# --- Actions d100: Marges et critiques --------------------------------------------------------


def test_marges_regles(site: Path) -> None:
    """Margins, criticals on 1 … 91, 95-100 and the 1 are stated as in the source."""
    text = page_text(site, MARGES)
    for sentence in [
        "la Mr (marge de réussite) si le jet est réussi ;",
        "la Me (marge d’échec) si le jet est raté.",
        "Ces marges sont la différence entre ce qu’il fallait au minimum au PJ pour réussir "
        "et ce qu’il a tiré.",
        "En cas de réussite, plus la Mr est grande, plus la réussite est bonne. En cas d’échec, plus la Me "
        "est grande, pire est l’échec.",
        "Un personnage effectue une réussite critique lorsqu’il tire 1, 11, 21, 31, 41, 51, 61, 71, 81 ou 91 "
        "sur son 1d100. Mais si le jet est raté, il ne sera pas critique.",
        "Si un personnage tire de 95 à 100 sur son 1d100, c’est automatiquement un échec critique, même si "
        "sa chance de réussite dépasse 95.",
        "Un résultat de 1 sur un 1d100 est toujours une réussite. Si le personnage a dépensé "
        "au moins un point dans la compétence concernée, un résultat de 1 est une réussite critique.",
    ]:
        assert sentence in text


def test_marges_exemple_brugor(site: Path) -> None:
    """The Brugor example is an "Exemple" admonition with the source's numbers."""
    examples = admonitions(site, MARGES, "example")
    assert examples == [
        "Exemple Brugor tente de crocheter un cadenas. Il possède 60 % à sa compétence de crochetage. "
        "Le MJ estime que la difficulté de l’action est « À peine difficile » (−20 %), vu la qualité de "
        "la serrure. Brugor tire un 71 sur son 1d100. C’est un échec. S’il avait tiré 51 ou 41, il aurait "
        "également raté. "
        "Par contre, avec 31, la réussite aurait été critique. S’il avait tenté de crocheter un cadenas de "
        "piètre qualité (difficulté « Facile » (+30 %)), et qu’il avait tiré 71, la réussite aurait été "
        "critique."
    ]


def test_marges_brugor_rejoue_avec_la_table(site: Path) -> None:
    """The Brugor example replays with the modifiers of the built table and the site's reading order."""
    modifiers = {
        name: int(pct.replace("−", "-").replace("%", "").strip())
        for name, pct, _ in difficulty_rows(site)
        if pct != "—"
    }

    def degre(chance: int, jet: int) -> str:
        if jet >= 95:
            return "échec critique"
        if jet <= chance or jet == 1:
            return "réussite critique" if jet % 10 == 1 else "réussite"
        return "échec"

    peine = 60 + modifiers["À peine difficile"]
    assert peine == 40
    assert [degre(peine, jet) for jet in (71, 51, 41, 31)] == ["échec", "échec", "échec", "réussite critique"]
    assert degre(60 + modifiers["Facile"], 71) == "réussite critique"


def test_marges_notes_d2_d3(site: Path) -> None:
    """Rulings D3 (Mr, Me) and D2 (order of checks, replay of Brugor) are shown as notes."""
    note_with(
        site, MARGES, "Mr = chance de réussite − résultat du dé", "Me = résultat du dé − chance de réussite"
    )
    note_with(
        site,
        MARGES,
        "95 à 100 : toujours un échec critique",
        "01 : toujours une réussite, critique seulement si le personnage a dépensé au moins un point",
        "une réussite est critique si le résultat se termine par 1 (1, 11, 21 … 91)",
        "60 − 20 = 40 %",
        "71, 51 et 41 sont des échecs, 31 une réussite critique",
        "60 + 30 = 90 % et 71 est une réussite critique",
    )


def test_marges_note_1d20_sans_critique(site: Path) -> None:
    """Characteristic tests on 1d20 have no criticals (a gap settled on the page)."""
    note_with(
        site, MARGES, "lancé au 1d20 sur le site", "il n’y a donc ni réussite critique ni échec critique"
    )
    assert 'href="../difficulte/#tests-de-caracteristique"' in page_html(site, MARGES)


def test_actions_index_plan(site: Path) -> None:
    """The Actions d100 presentation maps its two pages."""
    html = page_html(site, "actions-d100/")
    for href in [
        'href="difficulte/#table-des-difficultes"',
        'href="marges-et-critiques/#reussite-critique"',
        'href="marges-et-critiques/#exemple-brugor"',
    ]:
        assert href in html


# --- Home page and Outils ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("row", "href"),
    [
        (
            "Basic maison 1d100 (pourcentage) Règles maison sur le Basic System de Chaosium",
            'href="basic-maison/"',
        ),
        ("BaSIC — KAR et combat héroïque 1d100 (pourcentage) Variante de BaSIC", 'href="basic-kar/"'),
        ("El Toto réserve de dés à 6 faces (1d6 par dé) Système à réserve de dés", 'href="el-toto/"'),
        (
            "Actions d100 1d100 (pourcentage) Système général de résolution des actions",
            'href="actions-d100/"',
        ),
    ],
)
def test_accueil_table_des_systemes(site: Path, row: str, href: str) -> None:
    """The home page's table shows each system with its die, its purpose and a link to start."""
    assert "Système Dé utilisé À quoi il sert Par où commencer" in page_text(site, "")
    assert row in page_text(site, "")
    assert href in page_html(site, "")


def test_accueil_usage_du_site(site: Path) -> None:
    """The home page explains search without accents, links, tooltips, and has the dice roller."""
    text = page_text(site, "")
    assert "une référence en français des règles de quatre jeux de rôle" in text
    assert "Les accents sont facultatifs : « degats » trouve « dégâts »." in text
    assert "affichent leur sens dans une infobulle" in text
    html = page_html(site, "")
    assert 'href="glossaire/"' in html
    assert 'href="outils/#notation-des-des"' in html
    assert 'data-widget="jet-de-des"' in html


def test_outils_notation_des_des(site: Path) -> None:
    """The Outils page explains NdS, constants, 1d100 and 00 = 100 with examples, and has the dice roller."""
    text = page_text(site, "outils/")
    for sentence in [
        "on lance N dés à S faces et on additionne leurs résultats",
        "1d3+2 un dé à 3 faces, plus 2 Dague/Poignard",
        "2d3+4 deux dés à 3 faces, plus 4 coup critique à la dague : 1d3+2 lancé deux fois",
        "va de −1d8 à +1d8",
        "1d100 donne un résultat de 1 à 100.",
        "« 01 » vaut 1, et « 00 » vaut 100.",
        "« 98 à 00 » se lit 98, 99 ou 100",
        "on ne fait pas la somme des faces, on compte les réussites",
    ]:
        assert sentence in text
    assert 'data-widget="jet-de-des"' in page_html(site, "outils/")


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
