"""The BaSIC — KAR et combat héroïque pages (docs/basic-kar/) keep every rule of their source.

Source: ``shared/sources/001_b22c8e898b1294fc.txt``; rulings B1..B11 of
``shared/design/RULINGS.md``. Each test fails if a rule, a table row, an
example's number or a "Note d'interprétation" disappears from the built site.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as etree
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tests.site.pages import page_html, page_raw_text, page_text

pytestmark = pytest.mark.site


INDEX = "basic-kar/"
COMPETENCES = "basic-kar/competences/"
COMBAT = "basic-kar/combat/"
HEROIQUE = "basic-kar/combat-heroique/"
CONTRE = "basic-kar/contre-attaques/"
SCORIES = "basic-kar/scories-karmiques/"
PAGES = [INDEX, COMPETENCES, COMBAT, HEROIQUE, CONTRE, SCORIES]


def _fold(text: str) -> str:
    return " ".join(text.split())


class _BlockCollector(HTMLParser):
    """Collect, inside the article, the text of admonitions (by kind) and the rows of tables."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.in_article = 0
        self.admonitions: list[tuple[str, str]] = []
        self._adm_stack: list[tuple[str, int, list[str]]] = []
        self._div_depth = 0
        self.tables: list[list[list[str]]] = []
        self._table: list[list[str]] | None = None
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "article":
            self.in_article += 1
        if not self.in_article:
            return
        classes = (dict(attrs).get("class") or "").split()
        if tag == "div":
            self._div_depth += 1
            if "admonition" in classes:
                kind = next((c for c in classes if c != "admonition"), "")
                self._adm_stack.append((kind, self._div_depth, []))
        elif tag == "table":
            self._table = []
        elif tag == "tr" and self._table is not None:
            self._table.append([])
        elif tag in {"td", "th"} and self._table is not None:
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag == "article":
            self.in_article -= 1
        if not self.in_article:
            return
        if tag == "div":
            if self._adm_stack and self._adm_stack[-1][1] == self._div_depth:
                kind, _, parts = self._adm_stack.pop()
                self.admonitions.append((kind, _fold("".join(parts))))
            self._div_depth -= 1
        elif tag in {"td", "th"} and self._cell is not None and self._table is not None:
            self._table[-1].append(_fold("".join(self._cell)))
            self._cell = None
        elif tag == "table" and self._table is not None:
            self.tables.append(self._table)
            self._table = None

    def handle_data(self, data: str) -> None:
        if not self.in_article:
            return
        for _, _, parts in self._adm_stack:
            parts.append(data)
        if self._cell is not None:
            self._cell.append(data)


def _blocks(site: Path, page: str) -> _BlockCollector:
    collector = _BlockCollector()
    collector.feed(page_html(site, page))
    return collector


def _notes(site: Path, page: str) -> list[str]:
    """The folded texts of the page's "Note d'interprétation" admonitions."""
    return [text for kind, text in _blocks(site, page).admonitions if kind == "interpretation"]


def _examples(site: Path, page: str) -> str:
    """The folded texts of the page's example admonitions, joined."""
    return " ".join(text for kind, text in _blocks(site, page).admonitions if kind == "example")


def _table(site: Path, page: str, first_header: str) -> list[list[str]]:
    """The rows (cell texts) of the page's table whose first header cell is ``first_header``."""
    for table in _blocks(site, page).tables:
        if table and table[0] and table[0][0] == first_header:
            return table
    raise AssertionError(f"aucune table commençant par « {first_header} » sur {page}")


def _assert_note(site: Path, page: str, *phrases: str) -> None:
    notes = _notes(site, page)
    assert any(all(phrase in note for phrase in phrases) for note in notes), (
        f"aucune Note d’interprétation de {page} ne contient {phrases!r} ; notes : {notes!r}"
    )


def _assert_all(text: str, phrases: list[str]) -> None:
    missing = [phrase for phrase in phrases if phrase not in text]
    assert not missing, f"absent de la page : {missing!r}"


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
    _assert_note(
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
    _assert_note(
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
    _assert_note(
        site,
        COMPETENCES,
        "compétence ÷ 20 arrondi au supérieur, et au moins 1",
        "55 % : critique de 01 à 03",
        "10 % : 01 seulement",
    )


def test_competences_note_b3_critique_et_defense(site):
    """Ruling B3: damage bonus added once; a defence turns a critical into a normal hit."""
    _assert_note(
        site,
        COMPETENCES,
        "ses dés et son bonus propre, comme le +1 du cimeterre",
        "le bonus aux dommages du personnage s’ajoute une seule fois",
        "une arme tranchante ou empalante ignore l’armure",
        "Contre une attaque normale, une défense réussie bloque l’attaque.",
    )
    rows = _table(site, COMPETENCES, "Attaque")
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
    _assert_note(
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
    _assert_note(
        site,
        COMBAT,
        "un seul coup retire au moins la moitié des PV initiaux",
        "dommages × 2 ≥ PV initiaux",
        "c’est-à-dire après le coup",
        "à chaque round suivant, le joueur peut retenter un jet sous PV × 5",
    )


def test_combat_note_b7_ordre_des_modificateurs(site):
    """Ruling B7: ground, then darkness, then surprise; the halving rounds up."""
    notes = [note for note in _notes(site, COMBAT) if "dans cet ordre" in note]
    assert len(notes) == 1
    note = notes[0]
    assert note.index("au sol :") < note.index("obscurité :") < note.index("surprise :")
    _assert_all(
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
    _assert_note(
        site,
        COMBAT,
        "ils sont ensuite la valeur active, opposée aux PV restants (valeur passive)",
        "21 − CON heures, au moins 1 heure",
        "le tiers des dommages, arrondi au supérieur",
    )


# --- combat-heroique.md -----------------------------------------------------------------------


def test_heroique_principes(site):
    """Heroic combat is optional, after Alban de Rostolan; Init = average of INT and DEX."""
    _assert_all(
        page_text(site, HEROIQUE),
        [
            "D’après une idée d’Alban de Rostolan.",
            "un système optionnel d’initiative et de combat pour les campagnes héroïques",
            "Chaque combattant a un nouvel attribut appelé Initiative (Init).",
            "dont le score est égal à la moyenne de l’INT et de la DEX",
            "Pour les animaux, les esprits affamés et, de façon générale, pour toute créature dont le score "
            "en INT ou en DEX n’est pas significatif, l’Init est égale à celle des deux caractéristiques "
            "qui est significative.",
            "Au premier round d’un combat donné, un jet de la compétence Combat héroïque permet de "
            "déterminer comment le combattant réagit",
        ],
    )


def test_heroique_table_du_premier_round(site):
    """The first-round Combat héroïque roll table, row by row."""
    rows = _table(site, HEROIQUE, "Résultat du jet de Combat héroïque")
    assert rows[1:] == [
        ["Réussite critique", "+1d6 en Init et le combattant est en garde au début du combat"],
        ["Réussite", "+1d6 en Init ou le combattant est en garde au début du combat"],
        ["Échec", "rien"],
        ["Échec critique (maladresse)", "−1d6 en Init"],
    ]


def test_heroique_note_b8_init(site):
    """Ruling B8: Init rounded up, the player chooses, −1d6 in every mode, for the whole combat."""
    _assert_note(
        site,
        HEROIQUE,
        "Init = (INT + DEX) ÷ 2, arrondi au supérieur",
        "le joueur choisit entre +1d6 et la garde",
        "−1d6 quel que soit le mode de campagne",
        "il entraîne aussi, comme tout jet de compétence, le jet sous le KAR",
        "pour tout le combat",
    )


def test_heroique_round_et_passes(site):
    """Passes: as many as the highest Init, counted down, act at one's Init, never below 0."""
    _assert_all(
        page_text(site, HEROIQUE),
        [
            "Le round est décomposé en un nombre de passes égal à la plus haute "
            "Init parmi les combattants présents.",
            "Le MJ décompte les passes à rebours (du maximum à 0).",
            "Lorsque le décompte du MJ arrive au score d’Init d’un combattant donné, ce dernier peut agir.",
            "Après chaque action, le score d’Init courant du combattant diminue selon l’action tentée.",
            "Il pourra agir de nouveau à la passe correspondant à son nouveau score d’Init.",
            "Il est possible d’agir tant que le score d’Init est supérieur à 0, sauf si l’action fait "
            "ensuite descendre le score d’Init en dessous de 0.",
        ],
    )


def test_heroique_note_b9_passes(site):
    """Ruling B9: each round starts again at the combat Init; Init > 0 and Init − cost ≥ 0."""
    _assert_note(
        site,
        HEROIQUE,
        "à chaque round, chaque combattant repart de son Init de combat",
        "l’Init est supérieure à 0 et que l’Init moins le coût reste supérieure ou égale à 0",
    )


def test_heroique_facteur_de_vitesse(site):
    """The speed factor table (2 to 5), the character sheet and missile weapons."""
    rows = _table(site, HEROIQUE, "Arme")
    assert rows[1:] == [
        ["Arme rapide (dague)", "2"],
        ["Arme normale", "3"],
        ["Arme lente (masse d’armes)", "4"],
        ["Arme très lente (hallebarde)", "5"],
    ]
    _assert_all(
        page_text(site, HEROIQUE),
        [
            "un facteur de vitesse (FV), généralement compris entre 2 et 5 selon l’arme utilisée",
            "sont reportés sur la feuille de personnage, à côté du nom de l’arme",
            "Armes à feu et armes de tir : le FV dépend de la rapidité de l’arme.",
        ],
    )


def test_heroique_cout_des_actions(site):
    """The actions table: every action with its cost and effect."""
    rows = _table(site, HEROIQUE, "Action")
    assert rows[0] == ["Action", "Coût en points d’Init", "Effet"]
    assert rows[1:] == [
        ["Attaque normale", "2 × FV", "—"],
        ["Attaque rapide", "FV", "attaque avec le score de la compétence divisé par 2"],
        ["2ᵉ attaque avec la même arme", "coût augmenté de 3 points", "—"],
        [
            "Se mettre en garde",
            "FV",
            "permet d’esquiver ou de parer la prochaine attaque avec le pourcentage de chances normal ; "
            "si aucune attaque n’a lieu d’ici la fin du round, le combattant sera "
            "en garde au début du round suivant",
        ],
        [
            "Parade ou esquive rapide",
            "FV ÷ 2, arrondi au-dessus",
            "permet d’esquiver ou de parer avec le pourcentage de chances divisé par 2 ; "
            "cette action peut être décidée au moment où le combattant est attaqué",
        ],
        ["Mouvement", "2 points par mètre", "—"],
        [
            "Attente",
            "1 point",
            "permet d’attendre de voir ce que font les combattants qui doivent encore agir",
        ],
    ]


def test_heroique_note_b9_couts(site):
    """Ruling B9: +3 per extra attack, quick parry at any pass, a guard parry costs nothing."""
    _assert_note(
        site,
        HEROIQUE,
        "chaque attaque après la première avec la même arme dans le round : +3",
        "déclarée au moment de l’attaque, à n’importe quelle passe",
        "Une parade ou une esquive faite depuis la garde ne coûte rien de plus et consomme la garde.",
        "Une garde inutilisée à la fin du round est conservée au round suivant.",
    )


@pytest.mark.parametrize(
    "phrase",
    [
        "Deux personnages, Yang et Guo, se battent en duel.",
        "Yang a 12 en Init, et Guo 11. Tous deux sont armés d’une épée (FV : 3).",
        "Le joueur de Yang tire 3, celui de Guo tire 2.",
        "Yang aura donc une Init de 15 (12 + 3), et Guo une Init de 13 (11 + 2).",
        "À 15, Yang décide de se mettre en garde. Son Init passe à 12.",
        "À 13, Guo fait une attaque rapide qu’il réussit, mais Yang réussit sa "
        "parade. L’Init de Guo passe à 10.",
        "À 12, Yang fait une attaque normale. Son Init passe à 6. Guo fait une parade rapide, "
        "ce qui fait chuter son Init à 8.",
        "À 8, Guo fait une 2ᵉ attaque rapide. Son Init passe à 2. (Yang ne pare ni n’esquive.)",
        "À 6, Yang fait une attaque rapide. Son Init passe à 0. Guo fait une parade rapide, "
        "ce qui fait chuter son Init à 0.",
        "Les deux combattants ont 0 en Init : ils ne peuvent plus rien faire. Fin du round.",
    ],
)
def test_heroique_exemple_yang_guo(site, phrase):
    """The Yang / Guo duel keeps every pass and Init."""
    assert phrase in _examples(site, HEROIQUE)


def test_heroique_note_b9_rejeu_yang_guo(site):
    """Ruling B9: the Yang / Guo duel replays pass by pass with its costs."""
    rows = _table(site, HEROIQUE, "Passe")
    assert rows[1:] == [
        ["15", "Yang", "se met en garde", "3", "12"],
        ["13", "Guo", "attaque rapide", "3", "10"],
        ["13", "Yang", "parade depuis la garde", "0", "12"],
        ["12", "Yang", "attaque normale", "6", "6"],
        ["12", "Guo", "parade rapide", "2", "8"],
        ["8", "Guo", "2ᵉ attaque rapide", "6", "2"],
        ["6", "Yang", "attaque rapide (2ᵉ attaque)", "6", "0"],
        ["6", "Guo", "parade rapide", "2", "0"],
    ]
    _assert_note(site, HEROIQUE, "sa deuxième attaque du round avec son épée et coûte donc 3 + 3")


def test_heroique_longueur_des_armes(site):
    """Weapon length: +3 with a spear against swords, −3 with a dagger, and the three full lists."""
    _assert_all(
        page_text(site, HEROIQUE),
        [
            "En mêlée, l’Init de départ des combattants qui ont des armes plus "
            "courtes ou plus longues est modifiée.",
            "Un combattant avec une lance face à des épées aurait +3 à l’Init ; un "
            "autre avec une dague aurait −3.",
        ],
    )
    rows = _table(site, HEROIQUE, "Longueur")
    assert rows[1:] == [
        [
            "Longues",
            "Corde, ruban, demi-hallebarde, épieu, faucille de guerre, hallebarde, hallebarde à crochet, "
            "lance à deux pointes, lance de cavalier, pique, trident, vouge",
        ],
        [
            "Moyennes",
            "Bâton, canne, chaîne de combat, cimeterre, épée, épée-chaîne, fléau, hache, masse d’armes",
        ],
        ["Courtes", "Bagarre, couperet, dague, poignard, Lutte"],
    ]


def test_heroique_influence_du_nombre(site):
    """The side with fewer fighters: −3 each."""
    assert (
        "Tous les combattants du groupe le plus faible numériquement subissent un modificateur de −3."
        in page_text(site, HEROIQUE)
    )


def test_heroique_note_b8_longueur_et_nombre(site):
    """Ruling B8: longer class +3, shorter −3; fewer fighters −3 to Init."""
    _assert_note(
        site,
        HEROIQUE,
        "supérieure à celle de l’adversaire, +3 à l’Init",
        "inférieure, −3 (longue > moyenne > courte ; même classe : rien)",
        "−3 pour chaque combattant du camp le moins nombreux",
    )


def test_heroique_magie(site):
    """Casting: concentration costs twice the PM, casting the PM; the Zhang example."""
    tables = [t for t in _blocks(site, HEROIQUE).tables if t[0] == ["Action", "Coût en points d’Init"]]
    assert tables == [
        [
            ["Action", "Coût en points d’Init"],
            ["Concentration", "le double du coût en PM du sortilège"],
            ["Lancer du sortilège", "le coût en PM du sortilège"],
        ]
    ]
    text = page_text(site, HEROIQUE)
    assert "Pour lancer un sortilège, deux actions consécutives sont nécessaires" in text
    assert "À noter que le concept de « passes » des règles de combat de Casus Belli disparaît." in text
    _assert_all(
        _examples(site, HEROIQUE),
        [
            "Si Zhang (Init : 13) veut lancer un sortilège coûtant 8 PM, il devra le faire en 2 rounds",
            "lors du premier round, la préparation baissera son Init à 0 : pas d’autre action",
            "lors du deuxième round, la préparation baissera son Init encore de 3 (16 − 13), à 10",
            "puis le lancement lui baissera son Init à 2",
        ],
    )


def test_heroique_note_b9_magie(site):
    """Ruling B9: concentration 2 × PM spread over rounds, then casting costs PM (Zhang replays)."""
    _assert_note(
        site,
        HEROIQUE,
        "la concentration coûte 2 × PM",
        "absorbe toute l’Init restante du round et reporte le reste",
        "2 × 8 = 16",
        "10 − 8 = 2",
    )


def test_heroique_aide_de_jeu_et_lien(site):
    """The Init counter on the character sheet, and the link to counter-attacks."""
    _assert_all(
        page_text(site, HEROIQUE),
        [
            "un compteur d’Init est présent sur la feuille de personnage",
            "Chaque joueur dispose d’un pion (ou d’un dé) qu’il déplace au fur et à mesure",
            "ceux qui ne souhaitent pas s’embarrasser avec le calcul mental",
        ],
    )
    html = page_html(site, HEROIQUE)
    assert 'href="../contre-attaques/"' in html
    assert 'href="../competences/#maladresse"' in html


# --- contre-attaques.md -----------------------------------------------------------------------


def test_contre_attaque_note_b10(site):
    """Ruling B10: critical > success > failure, 20 points, else simultaneous; Ruan at 75 %."""
    _assert_note(
        site,
        CONTRE,
        "réussite critique > réussite > échec",
        "supérieure d’au moins 20 points frappe en premier",
        "sinon, les deux frappent en même temps",
        "Ruan contre-attaque à 75 % (150 ÷ 2)",
    )
    rows = _table(site, CONTRE, "Situation")
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
    _assert_note(
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
    _assert_note(
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
    assert _fold(phrase) in _fold(construit)


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
