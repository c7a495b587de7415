"""The BaSIC — KAR pages (docs/basic-kar/) keep every rule of their source; the heroic combat's page
is tested in test_pages_basic_kar_combat_heroique.py.

Source: ``shared/sources/001_b22c8e898b1294fc.txt``; rulings B1..B11 of
``shared/design/RULINGS.md``. Each test fails if a rule, a table row, an
example's number or a "Note d'interprétation" disappears from the built site.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as etree
from html.parser import HTMLParser

import pytest

from tests.site.basic_kar_commun import (
    COMBAT,
    COMPETENCES,
    CONTRE,
    INDEX,
    PAGES,
    SCORIES,
    notes_de,
    plier,
    tableau_de,
    verifier_la_note,
    verifier_tout,
)
from tests.site.pages import page_html, page_raw_text

pytestmark = pytest.mark.site


# --- Every page -------------------------------------------------------------------------------


@pytest.mark.parametrize("page", PAGES)
def test_typographie_francaise(site, page):
    """Percent signs, colons and apostrophes follow the French typography of the conventions."""
    raw = page_raw_text(site, page)
    assert raw.count("%") == raw.count("\u202f%"), "espace fine insécable avant %"
    for sign in ";!?":
        assert raw.count(sign) == raw.count("\u202f" + sign), f"espace fine insécable avant {sign}"
    assert raw.count(" :") == 0, "espace insécable avant :"
    assert raw.count("'") == 0, "apostrophe typographique ’"
    assert not re.search(r"(?<![\w.])-\d", raw), "signe moins − (U+2212), pas le trait d'union"
    assert not re.search(r"(?<![\dA-Za-z])[dD]\d", raw), "expressions de dés NdS (1d100, pas d100)"


# --- index.md ---------------------------------------------------------------------------------


def test_index_note_b1_mode_de_campagne(site):
    """Ruling B1: every test of the section takes a campaign mode."""
    verifier_la_note(
        site,
        INDEX,
        "chaque test de cette section dans l’un des deux modes",
        "réaliste",
        "fantastique/héroïque",
    )


@pytest.mark.parametrize(
    "href",
    [
        "competences/",
        "combat/",
        "combat-heroique/",
        "contre-attaques/",
        "scories-karmiques/",
        "competences/#table-de-resistance",
        "competences/#maladresse",
        "combat/#assommer",
        "combat-heroique/#actions",
        "contre-attaques/#riposte",
        "scories-karmiques/#tirer-ses-scories",
    ],
)
def test_index_plan_de_la_section(site, href):
    """The section map links to every page and its main rules."""
    assert f'href="{href}"' in page_html(site, INDEX)


# --- competences.md ---------------------------------------------------------------------------


def test_competences_note_b2_test(site):
    """Ruling B2: 96-100 always fails, the KAR roll never takes KAR below 0, spells excluded."""
    verifier_la_note(
        site,
        COMPETENCES,
        "sauf de 96 à 100, toujours un échec",
        "même à 96 % ou plus",
        "c’est une maladresse",
        "un jet de 1d100 sous le KAR",
        "fait perdre 5 points de KAR, sans descendre sous 0",
        "Les sortilèges sont exclus de cette règle",
    )


def test_competences_note_b2_seuil_critique(site):
    """Ruling B2: the critical threshold is skill / 20 rounded up, at least 1."""
    verifier_la_note(
        site,
        COMPETENCES,
        "compétence ÷ 20 arrondi au supérieur, et au moins 1",
        "55 % : critique de 01 à 03",
        "10 % : 01 seulement",
    )


def test_competences_note_b3_critique_et_defense(site):
    """Ruling B3: damage bonus added once; a defence turns a critical into a normal hit."""
    verifier_la_note(
        site,
        COMPETENCES,
        "ses dés et son bonus propre, comme le +1 du cimeterre",
        "le bonus aux dommages du personnage s’ajoute une seule fois",
        "une arme tranchante ou empalante ignore l’armure",
        "Contre une attaque normale, une défense réussie bloque l’attaque.",
    )
    rows = tableau_de(site, COMPETENCES, "Attaque")
    assert rows[0] == ["Attaque", "Défense ratée", "Défense réussie", "Défense critique"]
    assert rows[1] == [
        "Normale réussie",
        "touche : dommages normaux, armure déduite",
        "attaque bloquée",
        "attaque bloquée ; riposte possible en combat héroïque",
    ]
    assert rows[2] == [
        "Critique",
        "dommages de l’arme doublés ; armure ignorée si l’arme est tranchante ou empalante",
        "attaque normale réussie : dommages non doublés, armure déduite",
        "attaque bloquée",
    ]


def test_competences_note_b4_table_de_resistance(site):
    """Ruling B4: 50 + 5 × (active − passive), clamped 0..100, skills / 5 rounded to the nearest."""
    verifier_la_note(
        site,
        COMPETENCES,
        "50 + 5 × (actif − passif) %",
        "bornées entre 0 % (l’actif ne peut pas réussir) et 100 %",
        "aucun jet n’est nécessaire",
        "arrondi à l’entier le plus proche, les demis vers le haut",
        "55 contre 60 donne 11 contre 12, soit une différence de −1 et 45 %",
    )


# --- combat.md --------------------------------------------------------------------------------


def test_combat_note_b6_blessure_grave(site):
    """Ruling B6: at least half of the initial PV, roll under current PV × 5 after the hit."""
    verifier_la_note(
        site,
        COMBAT,
        "un seul coup retire au moins la moitié des PV initiaux",
        "dommages × 2 ≥ PV initiaux",
        "c’est-à-dire après le coup",
        "à chaque round suivant, le joueur peut retenter un jet sous PV × 5",
    )


def test_combat_note_b7_ordre_des_modificateurs(site):
    """Ruling B7: ground, then darkness, then surprise; the halving rounds up."""
    notes = [note for note in notes_de(site, COMBAT) if "dans cet ordre" in note]
    assert len(notes) == 1
    note = notes[0]
    assert note.index("au sol :") < note.index("obscurité :") < note.index("surprise :")
    verifier_tout(
        note,
        [
            "divisées par 2, arrondi au supérieur ; +20 % pour son adversaire",
            "−75 %, minimum 5 %, sauf Lutte",
            "chances de l’attaquant × 2",
            "70 + 20 − 75 = 15",
            "Bagarre 50 → 5 dans l’obscurité → 10 par surprise",
        ],
    )


def test_combat_note_b5_assommer(site):
    """Ruling B5: damage active vs remaining PV passive, at least 1 hour, a third rounded up."""
    verifier_la_note(
        site,
        COMBAT,
        "ils sont ensuite la valeur active, opposée aux PV restants (valeur passive)",
        "21 − CON heures, au moins 1 heure",
        "le tiers des dommages, arrondi au supérieur",
    )


# --- contre-attaques.md -----------------------------------------------------------------------


def test_contre_attaque_note_b10(site):
    """Ruling B10: critical > success > failure, 20 points, else simultaneous; Ruan at 75 %."""
    verifier_la_note(
        site,
        CONTRE,
        "réussite critique > réussite > échec",
        "supérieure d’au moins 20 points frappe en premier",
        "sinon, les deux frappent en même temps",
        "Ruan contre-attaque à 75 % (150 ÷ 2)",
    )
    rows = tableau_de(site, CONTRE, "Situation")
    assert rows[1:] == [
        ["L’un obtient une réussite de meilleure qualité que l’autre", "celui-là"],
        [
            "Réussites de même qualité, chance de toucher supérieure d’au moins 20 points",
            "celui qui a la plus forte chance",
        ],
        ["Tous les autres cas", "les deux frappent en même temps"],
    ]


def test_contre_attaque_note_cout(site):
    """Gap settled on the page: counter-attack and riposte cost a quick attack; the guard is used up."""
    verifier_la_note(
        site,
        CONTRE,
        "Le site applique le coût d’une attaque rapide",
        "+3 si ce n’est pas la première attaque du round",
        "consomme sa garde",
    )


# --- scories-karmiques.md ---------------------------------------------------------------------


PE = "Perte de 25 % des PE initiaux, légère indisposition (hoquet, mal de tête ou de ventre)"
PV25 = "Petit accident, perte de 25 % des PV initiaux"
PV50 = "Infarctus ou autre accident de santé grave, perte de 50 % des PV initiaux"


def test_scories_note_b11(site):
    """Ruling B11: ≤ KAR nothing, bands of 10, losses rounded up, capped gain, the other way recorded."""
    verifier_la_note(
        site,
        SCORIES,
        "un résultat inférieur ou égal au KAR ne change rien",
        "par tranches de 10, de 01–10 à 91–100",
        "sont arrondies au supérieur",
        "jamais dépasser le KAR initial",
        "ne se tire pas : elle se note",
        "53 − 25 = 28, tranche 21–30",
    )


# --- What the build adds: the tools with their fallback, the abbreviations, the links ------------

OUTILS_DES_PAGES = [
    (COMPETENCES, "test-kar", "Jet sous le KAR (60) : 72 — raté : le KAR passe de 60 à 55."),
    (COMPETENCES, "coup-critique-kar", "6 × 2 + 2 (armure 2 ignorée) = 14."),
    (COMPETENCES, "resistance-kar", "Table de résistance : chances (en %)"),
    (COMBAT, "blessure-grave-kar", "Jet sous PV × 5 = 30 : 54 — raté"),
    (COMBAT, "situations-kar", "Seuil final : 15 %."),
    (COMBAT, "assommer-kar", "Victime de 12 PV"),
    (CONTRE, "contre-attaque-kar", "Le contre-attaquant frappe en premier : réussites de même qualité"),
    (SCORIES, "scories-kar", "Jet de 1d100 : 53 − KAR 25 = marge 28 : tranche 21–30."),
]


class _Repli(HTMLParser):
    """The visible text of the static fallback of the tool ``nom`` on a page."""

    def __init__(self, nom: str) -> None:
        super().__init__(convert_charrefs=True)
        self.nom, self.outil, self.profondeur, self.parts = nom, False, 0, []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributs = dict(attrs)
        if attributs.get("data-widget") == self.nom:
            self.outil = True
        if self.profondeur and tag == "div":
            self.profondeur += 1
        elif self.outil and "regles-widget__statique" in (attributs.get("class") or "").split():
            self.profondeur = 1

    def handle_endtag(self, tag: str) -> None:
        if self.profondeur and tag == "div":
            self.profondeur -= 1
            self.outil = self.outil and bool(self.profondeur)

    def handle_data(self, data: str) -> None:
        if self.profondeur:
            self.parts.append(data)


@pytest.mark.parametrize(("page", "nom", "phrase"), OUTILS_DES_PAGES)
def test_chaque_outil_montre_la_reponse_a_l_exemple_de_sa_page(site, page, nom, phrase):
    """Each tool is on its rule's page; its fallback is the tool's own answer to the page's example."""
    from rules_py.web.outil import OUTILS
    from rules_py.web.typographie import mise_en_forme
    from site_plugins.widgets.bloc import rendre
    from tests.rules.test_web_formulaires import exemples

    lecteur = _Repli(nom)
    lecteur.feed(page_html(site, page))
    construit = "".join(lecteur.parts)
    attendu = etree.Element("div")
    rendre(attendu, mise_en_forme(OUTILS[nom].exemple(exemples()[nom])))
    assert "".join(construit.split()) == "".join("".join(attendu.itertext()).split())
    assert plier(phrase) in plier(construit)


@pytest.mark.parametrize(
    ("page", "abreviation", "titre"),
    [(COMPETENCES, "KAR", "Karma"), (COMBAT, "PV", "Points de vie"), (COMBAT, "CON", "Constitution")],
)
def test_les_abreviations_sont_expliquees(site, page, abreviation, titre):
    """The build marks the abbreviations of the rules with their meaning."""
    assert f'<abbr title="{titre}">{abreviation}</abbr>' in page_html(site, page)


@pytest.mark.parametrize(
    ("page", "href"),
    [
        (COMPETENCES, "../combat/#assommer"),
        (COMPETENCES, "../contre-attaques/#riposte"),
        (COMBAT, "../competences/#table-de-resistance"),
        (CONTRE, "../combat/#blessure-grave"),
        (CONTRE, "../combat-heroique/#actions"),
    ],
)
def test_les_renvois_entre_pages_sont_resolus(site, page, href):
    """Links written to another page's Markdown point to its built address and anchor."""
    assert f'href="{href}"' in page_html(site, page)
    cible, ancre = href.removeprefix("../").split("#")
    assert f'id="{ancre}"' in page_html(site, f"basic-kar/{cible}")
