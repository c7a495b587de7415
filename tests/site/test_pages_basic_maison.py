"""Content of the Basic maison pages: every rule of the source text and every ruling A1..A11."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.site.pages import admonitions as admonitions_de_page
from tests.site.pages import page_html, page_text

pytestmark = pytest.mark.site

SECTION = "basic-maison/"
NOTE = "Note d'interprétation"


def admonitions(site: Path, page: str, kind: str) -> list[str]:
    """The folded text of every admonition of ``kind`` on a page of the section."""
    return admonitions_de_page(site, SECTION + page, kind)


def assert_note(site: Path, page: str, *phrases: str) -> None:
    """One « Note d'interprétation » of the page holds every phrase."""
    notes = admonitions(site, page, "interpretation")
    assert notes, f"aucune note d'interprétation sur {page}"
    for note in notes:
        if note.startswith(NOTE) and all(phrase in note for phrase in phrases):
            return
    pytest.fail(f"{page} : aucune note ne contient {phrases!r}\n" + "\n".join(notes))


def assert_example(site: Path, page: str, *phrases: str) -> None:
    """One « Exemple » admonition of the page holds every phrase."""
    examples = admonitions(site, page, "example")
    for example in examples:
        if example.startswith("Exemple") and all(phrase in example for phrase in phrases):
            return
    pytest.fail(f"{page} : aucun exemple ne contient {phrases!r}\n" + "\n".join(examples))


def assert_in(text: str, *phrases: str) -> None:
    """Every phrase is in the text."""
    missing = [phrase for phrase in phrases if phrase not in text]
    assert not missing, f"absent : {missing!r}"


def ids(site: Path, page: str) -> set[str]:
    """The ids of the elements of a page of the section."""
    return set(re.findall(r'\bid="([^"]+)"', page_html(site, SECTION + page)))


# --- index.md ---------------------------------------------------------------------------------


def test_index_presents_the_system(site: Path) -> None:
    """The présentation names the Basic System of Chaosium, its realism and the 1d100."""
    text = page_text(site, SECTION)
    assert_in(
        text,
        "Le système utilisé est celui du Basic System de Chaosium",
        "système assez réaliste, surtout dans la gestion des dégâts et des soins",
        "système de pourcentage",
        "1d100",
    )


@pytest.mark.parametrize(
    "target",
    [
        "caracteristiques/",
        "attributs-derives/",
        "competences/",
        "cultures-et-professions/",
        "tests/",
        "blessures-et-guerison/",
        "combat/",
        "initiative/",
        "equipement/",
    ],
)
def test_index_maps_every_page(site: Path, target: str) -> None:
    """The section's home links to each of its pages."""
    assert f'href="{target}"' in page_html(site, SECTION)


# --- caracteristiques.md ----------------------------------------------------------------------

CHARACTERISTICS = [
    (
        "for",
        "Force (FOR)",
        "Si un personnage est réduit à 0 en FOR, il ne peut plus se déplacer ni soulever des objets.",
    ),
    ("con", "Constitution (CON)", "Si la CON tombe à 0, le personnage meurt."),
    ("tai", "Taille (TAI)", "La TAI mesure la masse du personnage."),
    ("dex", "Dextérité (DEX)", "Un personnage réduit à 0 en DEX est paralysé."),
    ("int", "Intelligence (INT)", "Un personnage réduit à 0 en INT devient un vrai légume."),
    ("pou", "Pouvoir (POU)", "Un personnage réduit à 0 en POU perd toute volonté propre."),
    (
        "cha",
        "Charisme (CHA)",
        "les gens l’ignorent ou le rejettent : il ne peut plus avoir de relations sociales.",
    ),
]


@pytest.mark.parametrize(("anchor", "name", "rule"), CHARACTERISTICS)
def test_characteristic_is_described(site: Path, anchor: str, name: str, rule: str) -> None:
    """Each of the seven characteristics has its heading, anchor and rule."""
    text = page_text(site, SECTION + "caracteristiques/")
    assert_in(text, name, rule)
    assert anchor in ids(site, "caracteristiques/")


def test_characteristic_descriptions(site: Path) -> None:
    """The descriptions of the source are there."""
    text = page_text(site, SECTION + "caracteristiques/")
    assert_in(
        text,
        "Les sept caractéristiques sont les briques de base de votre personnage.",
        "est-il fort ou malingre, intelligent ou stupide ?",
        "La FOR représente la puissance physique d’un personnage : ce qu’il peut soulever, la vigueur de "
        "ses coups",
        "Elle est un composant du modificateur de dégâts.",
        "La CON reflète la santé et la robustesse.",
        "Elle intervient dans le calcul des points de vie et de la vitesse de guérison.",
        "Elle aide à déterminer sa hauteur et son poids",
        "les créatures plus grandes et lourdes résistent en général mieux aux dégâts",
        "car la masse contribue à la force d’un coup",
        "La DEX représente l’agilité, l’équilibre et les réflexes du personnage.",
        "raisonnera sûrement de façon plus prévisible et stéréotypée",
        "l’âme, la capacité magique, la force intérieure ou spirituelle",
        "Le POU détermine les points de magie.",
        "Le CHA représente la personnalité plutôt que l’apparence physique",
        "peut donc compenser son éventuelle laideur",
    )


def test_characteristics_link_to_derived_attributes(site: Path) -> None:
    """FOR, TAI, CON and POU link to the damage modifier, PV, healing rate and PM."""
    html = page_html(site, SECTION + "caracteristiques/")
    assert_in(
        html,
        'href="../attributs-derives/#modificateur-de-degats"',
        'href="../attributs-derives/#points-de-vie"',
        'href="../attributs-derives/#points-de-magie"',
        'href="../blessures-et-guerison/#vitesse-de-guerison"',
    )


# --- attributs-derives.md ---------------------------------------------------------------------


def test_hit_points_and_magic_points(site: Path) -> None:
    """PV = (CON + TAI) / 2 and PM = POU."""
    text = page_text(site, SECTION + "attributs-derives/")
    assert_in(text, "Points de vie (PV) = (CON + TAI) / 2", "Points de magie (PM) = POU")


@pytest.mark.parametrize(
    "row",
    [
        "5 ou moins −1d8",
        "6–10 −1d6",
        "11–15 −1d4",
        "16–20 −1d2",
        "21–25 0",
        "26–30 +1d2",
        "31–35 +1d4",
        "36–40 +1d6",
        "41–45 +1d8",
    ],
)
def test_damage_modifier_row(site: Path, row: str) -> None:
    """Every row of the damage-modifier table is there."""
    assert row in page_text(site, SECTION + "attributs-derives/")


def test_damage_modifier_anchor(site: Path) -> None:
    """The damage-modifier heading has the id other pages link to."""
    assert {"modificateur-de-degats", "points-de-vie", "points-de-magie"} <= ids(site, "attributs-derives/")
    assert "FOR + TAI Modificateur de dégâts" in page_text(site, SECTION + "attributs-derives/")


def test_ruling_a1_damage_modifier_edges(site: Path) -> None:
    """A1: 5 or less gives −1d8; above 45 is marked « hors table »."""
    assert_note(
        site,
        "attributs-derives/",
        "« < 5 »",
        "la valeur 5 manque",
        "−1d8 pour un total FOR + TAI de 5 ou moins",
    )
    assert_note(site, "attributs-derives/", "à partir de 41, le site applique +1d8", "« hors table »", "MJ")


def test_ruling_a2_hit_points_rounded_up(site: Path) -> None:
    """A2: PV rounded up, PM = POU."""
    assert_note(site, "attributs-derives/", "PV = (CON + TAI) / 2, arrondi au supérieur", "égaux au POU")


# --- competences.md ---------------------------------------------------------------------------

STANDARD_SKILLS = [
    ("athletisme", "Athlétisme", "FOR + DEX"),
    ("bagarre", "Bagarre", "FOR + DEX"),
    ("chant-danse", "Chant/Danse", "DEX + CHA"),
    ("discretion", "Discrétion", "DEX + INT"),
    ("equitation", "Équitation", "DEX + POU"),
    ("esquive", "Esquive", "DEX × 2"),
    ("natation", "Natation", "FOR + CON"),
    ("perception", "Perception", "INT + POU"),
    ("perspicacite", "Perspicacité", "INT + POU"),
    ("premiers-secours", "Premiers secours", "INT + DEX"),
    ("tromperie-baratin-influence", "Tromperie/Baratin/Influence", "INT + CHA"),
]

PROFESSIONAL_SKILLS = [
    ("acrobatie", "Acrobatie", "FOR + DEX"),
    ("art", "Art", "POU + CHA"),
    ("artisanat", "Artisanat", "DEX + INT"),
    ("commerce", "Commerce", "INT + CHA"),
    ("connaissance", "Connaissance", "INT × 2"),
    ("crochetage", "Crochetage", "DEX × 2"),
    ("deguisement", "Déguisement", "INT + CHA"),
    ("ecriture-lecture", "Écriture/Lecture (langue spécifique)", "INT × 2"),
    ("eloquence", "Éloquence", "POU + CHA"),
    ("guerison", "Guérison", "INT + POU"),
    ("jeux-de-hasard", "Jeux de Hasard", "INT + POU"),
    ("jouer-dun-instrument", "Jouer d’un Instrument", "DEX + CHA"),
    ("langue", "Langue (langue spécifique)", "INT + CHA"),
    ("navigation-canotage", "Navigation/Canotage", "INT + CON"),
    ("passe-passe", "Passe-passe", "DEX + CHA"),
    ("pistage", "Pistage", "INT + CON"),
    ("sens-de-la-rue", "Sens de la Rue", "POU + CHA"),
    ("survie", "Survie", "CON + POU"),
]


@pytest.mark.parametrize(("anchor", "name", "formula"), STANDARD_SKILLS + PROFESSIONAL_SKILLS)
def test_skill_formula_and_anchor(site: Path, anchor: str, name: str, formula: str) -> None:
    """Each skill has its table row, its own anchored heading and its base value."""
    text = page_text(site, SECTION + "competences/")
    assert f"{name} {formula}" in text
    assert f"{name}¶ Valeur de base : {formula}" in text
    assert anchor in ids(site, "competences/")


def test_skill_kinds(site: Path) -> None:
    """Standard and professional skills are defined."""
    text = page_text(site, SECTION + "competences/")
    assert_in(
        text,
        "les compétences dites standards, accessibles à tout un chacun",
        "professionnelles, qui ne peuvent s’apprendre que par un entraînement spécifique",
        "en faisant la somme de deux caractéristiques ou en multipliant une seule caractéristique",
        "25 en Athlétisme est en fait 25 %",
        "À la création, un personnage ne possède que celles liées à sa culture ou à sa profession.",
        "il pourra apprendre de nouvelles compétences professionnelles auprès d’experts",
    )


def test_magic_has_two_formulas(site: Path) -> None:
    """Magie: POU + CHA for priests, INT + POU for mages; one skill per spell."""
    text = page_text(site, SECTION + "competences/")
    assert_in(
        text,
        "Magie (Prêtres) POU + CHA",
        "Magie (Mages) INT + POU",
        "Valeur de base : POU + CHA pour les Prêtres, INT + POU pour les Mages",
        "le jet de Magie sera opposé au POU de la cible",
        "Il faut développer une compétence pour chaque sort.",
    )


def test_expert_level(site: Path) -> None:
    """EXPERT at 80 %, with the two examples of the source."""
    text = page_text(site, SECTION + "competences/")
    assert_in(
        text,
        "Lorsqu’un personnage atteint 80 % dans une compétence (maîtrise + bonus de caractéristique)",
        "gagne une faculté dite EXPERT",
        "Chaque faculté est unique et peut être discutée avec le MJ",
        "je n’ai pas noté les facultés obtenues au niveau EXPERT",
    )
    assert_example(site, "competences/", "80 % dans une arme peut attaquer deux fois avec cette arme")
    assert_example(site, "competences/", "80 % en Équitation perd le malus lors d’une attaque montée")
    assert "expert" in ids(site, "competences/")


@pytest.mark.parametrize(
    "rule",
    [
        "l’escalade, le saut ou la course",
        "combattre sans l’aide d’armes",
        "les litanies monotones que les arias complexes",
        "se mouvoir en rythme et avec précision",
        "opposée à la compétence « Perception » de la cible",
        "mules, éléphants, voire des créatures maritimes ou volantes",
        "changer la distance d’engagement dans un combat",
        "la nage du chien",
        "recherche de quelque chose de spécifique, fouille d’un lieu",
        "elle peut aider à savoir si quelqu’un ment",
        "Elle peut être appliquée une fois par blessure et soigne 1d3 points de dégâts après une période "
        "de repos court",
        "mensonge éhonté, duperie d’un garde, bluff lors d’un jeu de cartes",
        "corrompre un officier ou un garde",
        "Dans certains cas, elle peut remplacer l’Esquive",
        "il choisit une spécialisation artistique et devra développer séparément les autres arts",
        "il faut plus de temps pour tisser un tapis que pour tourner un vase",
        "Le personnage choisit une spécialisation artisanale",
        "évaluer la valeur de biens ou de services",
        "Astrologie, astronomie, géographie, histoire, monstres, mythologie, politique, stratégie, tactiques",
        "sans l’aide d’une clé",
        "forcer des portes bloquées ou verrouillées sans causer de dégâts",
        "costume, perruque, grimage",
        "réservée à la noblesse, au clergé ou à la bureaucratie",
        "Lorsqu’il faut convaincre un groupe important, Éloquence remplace Influence.",
        "remettre des os en place ou de suturer des blessures",
        "soigne 1d6 points de dégâts après une période de repos long",
        "repérer les éventuels tricheurs",
        "un musicien qui sait jouer de la clarinette peut aussi jouer de la flûte",
        "1–25 % Quelques mots simples",
        "26–50 % Des phrases simples",
        "51–75 % Des conversations ordinaires",
        "76 % et plus Capable de s’exprimer avec éloquence",
        "le choix d’un bon lieu de mouillage",
        "détrousser des passants",
        "La fréquence des jets dépend de la ruse dont témoigne la proie.",
        "dénicher un receleur pour lui vendre des marchandises volées",
        "Dans ces conditions, un jet est effectué chaque jour.",
    ],
)
def test_skill_description(site: Path, rule: str) -> None:
    """A rule of a skill description is there."""
    assert rule in page_text(site, SECTION + "competences/")


def test_skill_typos_fixed(site: Path) -> None:
    """The source's spelling slips are fixed."""
    text = page_text(site, SECTION + "competences/")
    assert "Athléstisme" not in text
    assert "Perceptio " not in text


def test_ruling_a11_on_skills(site: Path) -> None:
    """A11: Pouvoirs page 33 missing; Premiers Soins, Influence/Tromperie, Navigation named."""
    assert_note(site, "competences/", "« chapitre Pouvoirs page 33 »", "ne fait pas partie des sources")
    assert_note(site, "competences/", "« Premiers Soins »", "Premiers secours")
    assert_note(site, "competences/", "« Influence »", "« Tromperie »", "Tromperie/Baratin/Influence")
    assert_note(site, "competences/", "« Navigation »", "Navigation/Canotage")


def test_gap_rulings_on_skills(site: Path) -> None:
    """Gaps: the mounted-attack malus and the Magie vs POU opposition are left to the MJ."""
    assert_note(site, "competences/", "malus lors d’une attaque montée sans en donner la valeur")
    assert_note(site, "competences/", "comment le jet de Magie est opposé au POU", "le MJ décide")


def test_skill_links(site: Path) -> None:
    """Skills link to the healing rules and the opposition roll."""
    html = page_html(site, SECTION + "competences/")
    assert_in(
        html,
        'href="../blessures-et-guerison/#soins"',
        'href="../combat/#jet-dopposition"',
        'href="../caracteristiques/#pou"',
        'href="../combat/#competences-darmes"',
    )


# --- cultures-et-professions.md ---------------------------------------------------------------

CULTURES = {
    "barbare": (
        "Barbare",
        "Compétences standards : Athlétisme, Perception, Premiers secours, Équitation.",
        "Compétences professionnelles (jusqu’à trois au choix) : Artisanat (au choix), Connaissance (au "
        "choix), "
        "Jouer d’un Instrument, Guérison, Navigation/Canotage, Pistage, Survie.",
    ),
    "civilise": (
        "Civilisé",
        "Compétences standards : Tromperie/Baratin/Influence (le texte cite « Influence » et « Tromperie »), "
        "Perspicacité.",
        "Compétences professionnelles (jusqu’à trois au choix) : Art (au choix), Artisanat, Commerce, "
        "Connaissance, Jouer d’un Instrument, Langue (au choix), Sens de la Rue.",
    ),
    "nomade": (
        "Nomade",
        "Compétences standards : Discrétion, Perception, Premiers secours, et deux parmi les suivantes : "
        "Athlétisme, Équitation ou Natation, selon le moyen de locomotion principal.",
        "Compétences professionnelles (jusqu’à trois au choix) : Artisanat (au choix), Connaissance (au "
        "choix), "
        "Jouer d’un Instrument, Langue (au choix), Pistage, Survie.",
    ),
    "primitif": (
        "Primitif",
        "Compétences standards : Discrétion, Esquive, Perception ; et Athlétisme ou Natation.",
        "Compétences professionnelles (jusqu’à trois au choix) : Artisanat (au choix), Connaissance (au "
        "choix), "
        "Jouer d’un Instrument, Guérison, Orientation, Pistage, Survie.",
    ),
}


@pytest.mark.parametrize("anchor", sorted(CULTURES))
def test_culture_skill_lists(site: Path, anchor: str) -> None:
    """Each of the four cultures has its standard and professional skill lists."""
    name, standard, professional = CULTURES[anchor]
    text = page_text(site, SECTION + "cultures-et-professions/")
    assert_in(text, f"{name}¶ {standard}", professional)
    assert anchor in ids(site, "cultures-et-professions/")


def test_culture_skills_link_to_definitions(site: Path) -> None:
    """Every skill named in the culture lists links to an existing anchor of the skills page."""
    html = page_html(site, SECTION + "cultures-et-professions/")
    targets = set(re.findall(r'href="\.\./competences/#([^"]+)"', html))
    expected = {anchor for anchor, _, _ in STANDARD_SKILLS + PROFESSIONAL_SKILLS} - {
        "bagarre",
        "chant-danse",
        "acrobatie",
        "crochetage",
        "deguisement",
        "ecriture-lecture",
        "eloquence",
        "jeux-de-hasard",
        "passe-passe",
    }
    assert expected <= targets
    assert targets <= ids(site, "competences/")


def test_culture_rules(site: Path) -> None:
    """Four cultures, standard skills provided, up to three professional skills."""
    text = page_text(site, SECTION + "cultures-et-professions/")
    assert_in(
        text,
        "Il existe quatre cultures humaines de base : Barbare, Civilisée, Nomade et Primitive.",
        "Chaque culture fournit les compétences standards appropriées.",
        "le joueur peut choisir jusqu’à trois des compétences professionnelles proposées",
        "la culture aide à améliorer la valeur des différentes compétences du personnage",
    )


def test_profession_rules(site: Path) -> None:
    """The profession: adopted in adolescence, standard skills, up to three professional skills."""
    text = page_text(site, SECTION + "cultures-et-professions/")
    assert_in(
        text,
        "Un personnage commence le jeu en étant formé à une profession.",
        "c’est celle qu’il a adoptée durant son adolescence et qui délimite son panel de compétences",
        "Chaque profession présente un ensemble de compétences standards appropriées.",
    )
    assert_note(site, "cultures-et-professions/", "ne donne aucune liste de professions")


@pytest.mark.parametrize(
    "row",
    [
        "Compétences de culture 100",
        "Compétences de profession 100",
        "Points libres 150",
        "Total 350",
        "aucune compétence ne peut dépasser 65 % (bonus de caractéristiques inclus)",
    ],
)
def test_creation_points(site: Path, row: str) -> None:
    """100 + 100 + 150 = 350 points, 65 % at most."""
    assert row in page_text(site, SECTION + "cultures-et-professions/")


def test_ruling_a10_creation(site: Path) -> None:
    """A10: base + points, 65 % cap base included, EXPERT from 80 %."""
    assert_note(
        site,
        "cultures-et-professions/",
        "sa valeur de base",
        "plus les points dépensés",
        "aucune compétence au-dessus de 65 %, valeur de base comprise",
        "à partir de 80 %",
    )


def test_ruling_a11_on_cultures(site: Path) -> None:
    """A11: the culture lists' names are mapped, Orientation is kept undefined."""
    assert_note(
        site,
        "cultures-et-professions/",
        "« Premiers Soins » (Barbare, Nomade) est la compétence Premiers secours",
        "« Influence » et « Tromperie » (Civilisé) sont une seule compétence, Tromperie/Baratin/Influence",
        "« Navigation » (Barbare) est la compétence Navigation/Canotage",
        "« Orientation » (Primitif) n’est définie nulle part dans les sources",
    )


# --- tests.md ---------------------------------------------------------------------------------


def test_d100_test(site: Path) -> None:
    """1d100 against the skill; critical at a tenth; fumble 20 above; 01-03 and 98-00."""
    text = page_text(site, SECTION + "tests/")
    assert_in(
        text,
        "on lance 1d100 et on compare le résultat à la valeur de la compétence",
        "un résultat égal ou inférieur indique une réussite",
        "un résultat supérieur signale un échec",
        "égal ou inférieur à un dixième de la valeur de la compétence (arrondi au supérieur), c’est une "
        "réussite critique",
        "l’effet supplémentaire positif obtenu",
        "Si le résultat dépasse de 20 la valeur de la compétence, c’est une maladresse.",
        "l’effet supplémentaire négatif obtenu",
        "des succès et des échecs spectaculaires",
        "un résultat de 01 à 03 est toujours une réussite",
        "un résultat de 98 à 00 est toujours un échec, quelle que soit la valeur de la compétence",
    )


def test_d100_examples(site: Path) -> None:
    """The 67 % examples of the source."""
    assert_example(site, "tests/", "Un personnage avec 67 % a 7 % de chances de réaliser un critique.")
    assert_example(
        site,
        "tests/",
        "Un personnage avec 67 % réalise une maladresse à partir d’un jet de dés supérieur ou égal à 87.",
        "Un personnage ayant 80 % dans une compétence ne commet donc plus de maladresse, sauf échec "
        "automatique",
    )


@pytest.mark.parametrize(
    "row",
    [
        "−20 % Très difficile A. Tirer de nuit sur cible mobile, ou sauter une crevasse au-delà de ses "
        "limites.",
        "−10 % Difficile B. Tirer sur cible mobile ou de petite taille, crocheter une serrure "
        "particulièrement "
        "bien conçue.",
        "+10 % Facile C. Tirer sur cible immobile et de grande taille, escalader un mur avec de nombreuses "
        "prises.",
        "+20 % Plus que facile D. Suivre un flâneur qui ne se méfie pas, se souvenir que la Bastille a été "
        "prise "
        "un 14 juillet.",
    ],
)
def test_circumstance_row(site: Path, row: str) -> None:
    """Every row of the circumstance table, with its example."""
    assert row in page_text(site, SECTION + "tests/")


def test_characteristic_rolls(site: Path) -> None:
    """Characteristic × 1 to 5, usually × 3, and the CHA example."""
    text = page_text(site, SECTION + "tests/")
    assert_in(
        text,
        "la caractéristique concernée est multipliée par un nombre entre 1 et 5, le multiplicateur",
        "Faites un jet de 1d100 sous cette valeur, comme si c’était une compétence.",
        "de × 5 (facile) à × 1 (très difficile). La plupart du temps, ce sera × 3.",
        "fuir des bandits implique peut-être un jet d’Athlétisme",
        "les conditions climatiques, l’équipement ou la panique",
    )
    assert_example(
        site,
        "tests/",
        "« Faire bonne impression aux jolies filles »",
        "se fera sous son CHA × 5",
        "un jet sous le CHA × 1",
        "le petit ami manifeste sa jalousie",
    )
    assert "jets-de-caracteristique" in ids(site, "tests/")


def test_ruling_a3_order_of_checks(site: Path) -> None:
    """A3: 01-03 then 98-00 then roll ≤ S; critical ≤ S/10 rounded up; fumble ≥ S + 20 ≤ 99."""
    assert_note(
        site,
        "tests/",
        "S = compétence + modificateur de circonstance (−20, −10, +10 ou +20)",
        "un résultat de 01 à 03 est une réussite, quel que soit S",
        "un résultat de 98 à 00 est un échec, quel que soit S",
        "67 % → critique de 01 à 07",
        "si S + 20 ne dépasse pas 99 (67 % → maladresse de 87 à 00)",
        "Dès 80 %, il n’y a donc plus de maladresse",
    )


def test_ruling_a4_characteristic_roll(site: Path) -> None:
    """A4: characteristic × multiplier (1 to 5, 3 by default), resolved like A3."""
    assert_note(
        site, "tests/", "caractéristique × multiplicateur (de 1 à 5, 3 par défaut)", "test de compétence"
    )


# --- blessures-et-guerison.md -----------------------------------------------------------------


def test_wound_states(site: Path) -> None:
    """The four wound states and their rules."""
    text = page_text(site, SECTION + "blessures-et-guerison/")
    assert_in(
        text,
        "Il existe quatre états possibles de blessures : la Blessure légère, la Blessure grave, l’Agonie "
        "et la Mort.",
        "simples bleus, coupures et égratignures",
        "pas assez significatives pour ralentir ou gêner la victime",
        "Si un personnage perd en une seule fois la moitié du nombre actuel de ses points de vie, "
        "il est blessé grièvement.",
        "Faites un jet de 1d100 sous sa CON × 5",
        "en cas de réussite, le personnage peut continuer à agir normalement",
        "perd connaissance pour un laps de temps égal à (21 − CON) minutes",
        "très faible (−30 % à tous ses jets), et le restera jusqu’à ce qu’il ait été soigné",
        "Un personnage qui se trouve à 1, 2 ou 3 points de vie doit faire un jet de CON × 3 par round.",
        "il perd connaissance pour un laps de temps égal à (21 − CON) heures",
        "Un personnage qui tombe à 0 point de vie ou moins meurt instantanément.",
        "la magie reste une possibilité… parfois",
    )
    assert {"blessure-legere", "blessure-grave", "agonie", "mort", "vitesse-de-guerison", "soins"} <= ids(
        site, "blessures-et-guerison/"
    )


@pytest.mark.parametrize(
    "row",
    [
        "6 ou moins 1",
        "7–12 2",
        "13–18 3",
        "Tous les 6 points en plus +1",
        "Premiers secours 1d3 points de dégâts, une fois par blessure une période de repos court",
        "Guérison 1d6 points de dégâts, une fois par blessure une période de repos long",
    ],
)
def test_healing_rows(site: Path, row: str) -> None:
    """Every row of the healing-rate and care tables."""
    assert row in page_text(site, SECTION + "blessures-et-guerison/")


def test_healing_rate_text(site: Path) -> None:
    """Healing per day, week or month, at the MJ's discretion."""
    text = page_text(site, SECTION + "blessures-et-guerison/")
    assert_in(
        text,
        "chaque jour, semaine ou mois, selon la sévérité des blessures, si la personne prend du repos "
        "(à l’appréciation du MJ)",
        "Une blessure légère guérira plus vite qu’une grave",
    )
    html = page_html(site, SECTION + "blessures-et-guerison/")
    assert_in(html, 'href="../competences/#premiers-secours"', 'href="../competences/#guerison"')


def test_ruling_a7_serious_wound(site: Path) -> None:
    """A7: damage × 2 ≥ current PV, at least 1 minute, order death → serious → agony."""
    assert_note(
        site,
        "blessures-et-guerison/",
        "dégâts × 2 ≥ PV avant le coup",
        "21 − CON minutes, et au moins 1 minute",
        "PV à 0 ou moins → mort ; sinon le jet de blessure grave ; puis, si les PV sont à 1, 2 ou 3 → agonie",
        "21 − CON heures, au moins 1 heure",
    )


def test_ruling_a8_healing_rate(site: Path) -> None:
    """A8: +1 per started block of 6 above 18."""
    assert_note(
        site, "blessures-et-guerison/", "19–24 : 4, 25–30 : 5", "CON / 6 arrondi au supérieur, et au moins 1"
    )


# --- combat.md --------------------------------------------------------------------------------


def test_opposition(site: Path) -> None:
    """ATT − PAR + 50 with both examples of the source."""
    text = page_text(site, SECTION + "combat/")
    assert_in(
        text,
        "une valeur d’ATTaque (ATT) et une valeur de PARade (PAR)",
        "Il en va de même pour un bouclier.",
        "on oppose la valeur d’ATT de l’attaquant à la valeur de PAR ou d’Esquive du défenseur",
        "Chances de toucher = compétence active − compétence passive + 50",
        "appliquer les dégâts diminués des points d’armure éventuels",
    )
    assert_example(site, "combat/", "65 % en ATT", "35 % en PARade ou Esquive", "80 %", "(65 − 35) + 50 = 80")
    assert_example(site, "combat/", "35 % en ATT", "65 % en PARade ou Esquive", "20 %", "(35 − 65) + 50 = 20")


def test_round_actions(site: Path) -> None:
    """Two actions, a free parry, a shield parry, no attack when dodging, EXPERT double attack."""
    text = page_text(site, SECTION + "combat/")
    assert_in(
        text,
        "un personnage peut effectuer deux actions : un déplacement et une action d’attaque",
        "Il a également droit à une action de parade gratuite.",
        "Le port d’un bouclier accorde une action de parade supplémentaire.",
        "Un personnage qui esquive ne peut pas attaquer.",
        "d’autres actions gratuites durant un round de combat, comme parler",
        "80 % dans une arme (niveau EXPERT) peut attaquer deux fois avec cette arme",
    )
    assert 'href="../competences/#expert"' in page_html(site, SECTION + "combat/")


def test_critical_and_special_hits(site: Path) -> None:
    """Critical at 1/10 doubles the dice (dagger example); special at 1/25."""
    text = page_text(site, SECTION + "combat/")
    assert_in(
        text,
        "Une réussite critique (1/10 du score de touche) entraîne le doublement des dégâts",
        "Une réussite spéciale (1/25 du score de touche) entraîne un effet spécial",
        "faire trébucher son adversaire, le faire saigner (perte de 1 PV par round)",
        "l’obliger à rester en défense le tour suivant, le repousser",
        "Soyez inventif, en accord avec le MJ.",
    )
    assert_example(
        site, "combat/", "Une dague fait 1d3+2 ; un critique occasionnera donc 1d3+2 + 1d3+2 = 2d3+4."
    )


def test_damage_links(site: Path) -> None:
    """Damage links to the weapons, armour and damage modifier."""
    html = page_html(site, SECTION + "combat/")
    assert_in(
        html,
        'href="../attributs-derives/#modificateur-de-degats"',
        'href="../equipement/#armures"',
        'href="../equipement/#armes"',
        'href="../tests/#test-de-competence"',
    )


def test_ruling_a5_opposition(site: Path) -> None:
    """A5: resolved like a test; the special hit lies inside the critical range."""
    assert_note(
        site,
        "combat/",
        "ATT − (PAR ou Esquive) + 50",
        "01 à 03 touche toujours, 98 à 00 rate toujours",
        "chances / 10, arrondi au supérieur",
    )
    assert_note(
        site,
        "combat/",
        "à l’intérieur de la plage de la réussite critique",
        "chances / 25, arrondi au supérieur, est une réussite spéciale",
        "une réussite critique qui accorde en plus un effet spécial",
    )


def test_ruling_a6_critical_damage(site: Path) -> None:
    """A6: the whole expression twice, modifier once, armour subtracted, never below 0."""
    assert_note(
        site,
        "combat/",
        "(1d3+2 → 2d3+4)",
        "une seule fois (il n’est pas doublé)",
        "retire les PA de l’armure",
        "jamais sous 0",
    )


# --- initiative.md ----------------------------------------------------------------------------


def test_initiative(site: Path) -> None:
    """DEX − PA + 1d6, the order of actions 1-4 first, ties act together."""
    text = page_text(site, SECTION + "initiative/")
    assert_in(
        text,
        "Initiative = DEX − PA de l’armure + 1d6",
        "en opposition à celle de la cible",
        "tir à distance ; combat au corps à corps ; magie ; tout autre type d’action de combat longue, "
        "comme placer un coup mortel (backstab, par exemple) ou viser.",
        "L’ordre des actions prime sur l’initiative : un tireur à distance agira toujours avant un "
        "combattant "
        "en mêlée",
        "l’initiative détermine alors qui agit en premier. En cas d’égalité, elles agissent en même temps.",
    )
    html = page_html(site, SECTION + "initiative/")
    assert re.search(r"<ol>\s*<li>tir à distance", html)
    assert_in(html, 'href="../equipement/#armures"', 'href="../caracteristiques/#dex"')


def test_ruling_a9_initiative(site: Path) -> None:
    """A9: category first, then score, equal scores act simultaneously."""
    assert_note(
        site,
        "initiative/",
        "DEX − PA de l’armure + 1d6",
        "(1 tir à distance, 2 mêlée, 3 magie, 4 action longue)",
        "par score décroissant",
        "simultanément",
    )


# --- equipement.md ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "row",
    [
        "Fourrures, peaux, cuir souple (blouson) 1",
        "Cuir rigide, manteau de cuir long (armure) 2",
        "Plastron rigide + avant-bras 3",
        "Plastron de métal 4",
        "Cuirasse + cuir léger 5",
        "Cotte de mailles 6",
        "Dague/Poignard 1d3+2",
        "Épée/Rapière 1d6+2",
        "Épée à 2 mains 2d6 Pas de parade",
        "Gourdin 1d6",
        "Hache 1d6+1",
        "Hache de bataille 2d6 2 mains",
        "Hallebarde 2d6+2 Pas de parade",
        "Javelot/Lance courte 1d6+1",
        "Masse/Fléau d’armes 1d6+2",
        "Marteau à 2 mains 2d6",
        "Pique 2d6 2 mains",
        "Poings/Pieds 1d3",
        "Arbalète 2d6 1 tir par round + recharge 1 round",
        "Arc 1d6+2",
        "Dague 1d3+2",
        "Fronde 1d6",
        "Javelot 1d6+1",
    ],
)
def test_equipment_row(site: Path, row: str) -> None:
    """Every row of the armour and weapon tables."""
    assert row in page_text(site, SECTION + "equipement/")


def test_equipment_anchors(site: Path) -> None:
    """The tables have the anchors the combat and initiative pages link to."""
    assert {"armures", "armes", "armes-de-melee", "armes-a-distance"} <= ids(site, "equipement/")
