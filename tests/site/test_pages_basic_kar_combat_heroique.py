"""The page « Combat héroïque » (docs/basic-kar/combat-heroique.md) keeps every rule of its source.

Source: ``shared/sources/001_b22c8e898b1294fc.txt``, its heroic combat; rulings B8 and B9 of
``shared/design/RULINGS.md``.
"""

from __future__ import annotations

import pytest

from tests.site.basic_kar_commun import (
    HEROIQUE,
    blocs_de,
    exemples_de,
    tableau_de,
    verifier_la_note,
    verifier_tout,
)
from tests.site.pages import page_html, page_text

pytestmark = pytest.mark.site


# --- combat-heroique.md -----------------------------------------------------------------------


def test_heroique_principes(site):
    """Heroic combat is optional, after Alban de Rostolan; Init = average of INT and DEX."""
    verifier_tout(
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
    rows = tableau_de(site, HEROIQUE, "Résultat du jet de Combat héroïque")
    assert rows[1:] == [
        ["Réussite critique", "+1d6 en Init et le combattant est en garde au début du combat"],
        ["Réussite", "+1d6 en Init ou le combattant est en garde au début du combat"],
        ["Échec", "rien"],
        ["Échec critique (maladresse)", "−1d6 en Init"],
    ]


def test_heroique_note_b8_init(site):
    """Ruling B8: Init rounded up, the player chooses, −1d6 in every mode, for the whole combat."""
    verifier_la_note(
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
    verifier_tout(
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
    verifier_la_note(
        site,
        HEROIQUE,
        "à chaque round, chaque combattant repart de son Init de combat",
        "l’Init est supérieure à 0 et que l’Init moins le coût reste supérieure ou égale à 0",
    )


def test_heroique_facteur_de_vitesse(site):
    """The speed factor table (2 to 5), the character sheet and missile weapons."""
    rows = tableau_de(site, HEROIQUE, "Arme")
    assert rows[1:] == [
        ["Arme rapide (dague)", "2"],
        ["Arme normale", "3"],
        ["Arme lente (masse d’armes)", "4"],
        ["Arme très lente (hallebarde)", "5"],
    ]
    verifier_tout(
        page_text(site, HEROIQUE),
        [
            "un facteur de vitesse (FV), généralement compris entre 2 et 5 selon l’arme utilisée",
            "sont reportés sur la feuille de personnage, à côté du nom de l’arme",
            "Armes à feu et armes de tir : le FV dépend de la rapidité de l’arme.",
        ],
    )


def test_heroique_cout_des_actions(site):
    """The actions table: every action with its cost and effect."""
    rows = tableau_de(site, HEROIQUE, "Action")
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
    verifier_la_note(
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
    assert phrase in exemples_de(site, HEROIQUE)


def test_heroique_note_b9_rejeu_yang_guo(site):
    """Ruling B9: the Yang / Guo duel replays pass by pass with its costs."""
    rows = tableau_de(site, HEROIQUE, "Passe")
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
    verifier_la_note(site, HEROIQUE, "sa deuxième attaque du round avec son épée et coûte donc 3 + 3")


def test_heroique_longueur_des_armes(site):
    """Weapon length: +3 with a spear against swords, −3 with a dagger, and the three full lists."""
    verifier_tout(
        page_text(site, HEROIQUE),
        [
            "En mêlée, l’Init de départ des combattants qui ont des armes plus "
            "courtes ou plus longues est modifiée.",
            "Un combattant avec une lance face à des épées aurait +3 à l’Init ; un "
            "autre avec une dague aurait −3.",
        ],
    )
    rows = tableau_de(site, HEROIQUE, "Longueur")
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
    verifier_la_note(
        site,
        HEROIQUE,
        "supérieure à celle de l’adversaire, +3 à l’Init",
        "inférieure, −3 (longue > moyenne > courte ; même classe : rien)",
        "−3 pour chaque combattant du camp le moins nombreux",
    )


def test_heroique_magie(site):
    """Casting: concentration costs twice the PM, casting the PM; the Zhang example."""
    tables = [t for t in blocs_de(site, HEROIQUE).tables if t[0] == ["Action", "Coût en points d’Init"]]
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
    verifier_tout(
        exemples_de(site, HEROIQUE),
        [
            "Si Zhang (Init : 13) veut lancer un sortilège coûtant 8 PM, il devra le faire en 2 rounds",
            "lors du premier round, la préparation baissera son Init à 0 : pas d’autre action",
            "lors du deuxième round, la préparation baissera son Init encore de 3 (16 − 13), à 10",
            "puis le lancement lui baissera son Init à 2",
        ],
    )


def test_heroique_note_b9_magie(site):
    """Ruling B9: concentration 2 × PM spread over rounds, then casting costs PM (Zhang replays)."""
    verifier_la_note(
        site,
        HEROIQUE,
        "la concentration coûte 2 × PM",
        "absorbe toute l’Init restante du round et reporte le reste",
        "2 × 8 = 16",
        "10 − 8 = 2",
    )


def test_heroique_aide_de_jeu_et_lien(site):
    """The Init counter on the character sheet, and the link to counter-attacks."""
    verifier_tout(
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
