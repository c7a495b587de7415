"""The El Toto widgets' typography, the pages' notes, and the fallbacks (answers to the pages' examples).

Exact values come from an independent reading of ``003_3058520c3dea6ba0.txt``
(every face enumerated) or from hand-worked throws; every roll is replayed from
its ``rejouer`` arguments.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from rules_py.web.el_toto import EntreesSurvie
from rules_py.web.outil import OUTILS
from rules_py.web.typographie import typographie
from tests.rules.facade import appeler, statique, textes
from tests.rules.test_web_formulaires import exemples
from tests.rules.web_el_toto_commun import DISTANCE, DUEL, ESPACE_FINE, RAPIDE, ROOT, SURVIE, phrases

# -- typography and the pages' notes -----------------------------------------------------------

EXEMPLES = [
    ("toto.reserve", {"des": "3", "faces": "1 1 1"}),
    ("toto.energie", {"hargne": "1", "trempe": "1", "survie": "1", "resistance": "1"}),
    ("toto.duel", DUEL),
    ("toto.duel_repartition", DUEL),
    ("toto.combat_rapide", RAPIDE),
    ("toto.distance", DISTANCE),
    ("toto.blessure", {"perdus": "5", "vie": "12", "reserve": "4"}),
    ("toto.survie", {**SURVIE, "hostilite": "-8"}),
]


@pytest.mark.parametrize(("op", "args"), EXEMPLES)
def test_typographie(op: str, args: dict[str, Any]) -> None:
    """Every text a reader sees has ’ apostrophes and no plain space before : ; ! ? % » or after «."""
    assert not re.search(r"'| [:;!?%»]|« ", textes(appeler(op, args, graine=3)))


@pytest.mark.parametrize("genre", [g for g in OUTILS if g.endswith("-el-toto")])
def test_typographie_statique_et_formulaire(genre: str) -> None:
    """The fallbacks, labels and help texts are set the same way."""
    declaration = OUTILS[genre]
    morceaux = [textes(statique(genre, exemples()[genre])), typographie(declaration.titre)]
    champs = declaration.champs_du_formulaire
    textes_du_formulaire = [t for c in champs for t in (c.meta.libelle, c.meta.aide, c.meta.groupe)]
    textes_du_formulaire += [x for c in champs for _, x in c.options]
    textes_du_formulaire += [a.libelle for a in declaration.boutons]
    morceaux += [typographie(t) for t in textes_du_formulaire]  # as the built page shows them (bloc.py)
    for texte in morceaux:
        assert not re.search(r"'| [:;!?%»]|« ", texte), texte


def notes(page: str) -> list[str]:
    """The text of each "Note d'interprétation" of a page's Markdown."""
    source = (ROOT / "docs" / page).read_text(encoding="utf-8")
    blocs = re.findall(r'^!!! interpretation "Note d’interprétation"\n((?:    .*\n|\n)+)', source, re.M)
    return [" ".join(b.split()) for b in blocs]


@pytest.mark.parametrize(
    ("page", "phrases"),
    [
        (
            "el-toto/regles-de-base.md",
            ["ne donne pas d’autre effet à la maladresse", "compte comme un jet sans réussite"],
        ),
        ("el-toto/combat.md", ["l’esquive se lance avec 0 dé"]),
        (
            "el-toto/combat.md",
            [
                "Le bonus de l’arme peut être négatif",
                "le jet de Résistance + Protection ne se fait pas",
                "Une maladresse à l’attaque ou à la défense compte seulement comme 0 réussite",
            ],
        ),
        (
            "el-toto/combat.md",
            [
                "Une passe se joue ainsi",
                "aucune ne donne le dé de riposte",
                "ne compte qu’à partir des jets suivants",
            ],
        ),
        ("el-toto/combat.md", ["bonus de l’arme du vainqueur", "la perte ne descend jamais sous 0"]),
        (
            "el-toto/combat.md",
            [
                "se compare exactement, sans arrondi",
                "critique à partir de 8 PV perdus",
                "jamais descendre une réserve sous 0 dé",
            ],
        ),
        (
            "el-toto/survie.md",
            [
                "arrondie à l’inférieur",
                "le plus petit du total et du nombre de réussites",
                "le Milieu, qui n’est pas une réussite, ne se partage pas",
            ],
        ),
    ],
)
def test_notes_d_interpretation(page: str, phrases: list[str]) -> None:
    """The engine's readings applied by the widgets are stated in a note on the page of their rule."""
    lues = [n.replace("\u00a0", " ").replace(ESPACE_FINE, " ") for n in notes(page)]
    trouvees = [n for n in lues if all(p in n for p in phrases)]
    assert trouvees, (page, phrases)


@pytest.mark.parametrize(
    ("page", "genre"),
    [
        ("el-toto/regles-de-base.md", "reserve-el-toto"),
        ("el-toto/regles-de-base.md", "energie-el-toto"),
        ("el-toto/combat.md", "lancer-el-toto"),
        ("el-toto/combat.md", "bagarre-el-toto"),
        ("el-toto/combat.md", "duel-el-toto"),
        ("el-toto/combat.md", "combat-rapide-el-toto"),
        ("el-toto/combat.md", "distance-el-toto"),
        ("el-toto/combat.md", "blessure-el-toto"),
        ("el-toto/survie.md", "survie-el-toto"),
    ],
)
def test_widget_dans_sa_page(page: str, genre: str) -> None:
    """Each widget sits once on the page of its rule."""
    assert (ROOT / "docs" / page).read_text(encoding="utf-8").count(f"/// widget | {genre}\n") == 1


def test_une_erreur_d_un_autre_champ_passe_telle_quelle() -> None:
    """An engine error about a field the form does not have passes through unchanged."""
    from rules_py.errors import InputError
    from rules_py.web.el_toto import _champs_de

    with pytest.raises(InputError) as refus, _champs_de(EntreesSurvie()):
        raise InputError("« ailleurs » : non.", champ="ailleurs")
    assert (refus.value.champ, refus.value.message) == ("ailleurs", "« ailleurs » : non.")


# -- the fallbacks: each tool's answer to its page's example -----------------------------------------

OPERATIONS = {
    "reserve-el-toto": "toto.reserve",
    "lancer-el-toto": "toto.lancer",
    "bagarre-el-toto": "toto.bagarre",
    "energie-el-toto": "toto.energie",
    "duel-el-toto": "toto.duel",
    "combat-rapide-el-toto": "toto.combat_rapide",
    "distance-el-toto": "toto.distance",
    "blessure-el-toto": "toto.blessure",
    "survie-el-toto": "toto.survie",
}


@pytest.mark.parametrize("nom", OPERATIONS)
def test_le_repli_est_la_reponse_a_l_exemple_de_la_page(nom: str) -> None:
    """Printed or without JavaScript, each tool shows its first action's answer to its page's example."""
    exemple = exemples()[nom]
    assert exemple, nom
    assert textes(statique(nom, exemple)) == textes(appeler(OPERATIONS[nom], exemple))


@pytest.mark.parametrize(
    ("nom", "phrase"),
    [
        ("reserve-el-toto", "3 réussites."),
        ("energie-el-toto", "9 points d’Énergie ; 14 points de vie."),
        (
            "duel-el-toto",
            "Impact 3 : dommages 3 + 0 − 2 + 1 = 2, moins 1 réussite de Résistance + Protection : A perd 1",
        ),
        (
            "duel-el-toto",
            "Impact 2 : dommages 2 + 1 − 2 + 2 = 3, moins aucune réussite de Résistance + Protection",
        ),
        ("combat-rapide-el-toto", "A remporte la passe (4 réussites contre 2) : 3 points, moins 1 réussite"),
        (
            "distance-el-toto",
            "Impact 4 : dommages 4 + 1 − 2 + 0 = 3, moins 1 réussite de Résistance + Protection : la cible",
        ),
        ("blessure-el-toto", "Blessure critique : malus de 8 dés ; perte de PV : −1 PV par minute."),
        (
            "survie-el-toto",
            "total = −3 + 5 réussites + 1 (Milieu) = 3 : pas de conséquence ; 1 réussite à répartir",
        ),
    ],
)
def test_l_exemple_de_la_page_donne_ce_que_dit_le_texte(nom: str, phrase: str) -> None:
    """The worked example written on the page and the widget's answer to it agree."""
    assert phrase in phrases({"affichage": statique(nom, exemples()[nom])})
