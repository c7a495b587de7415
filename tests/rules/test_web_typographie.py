"""The site's French typography: one function, applied once, centrally, to what a reader sees.

``rules_py.web.typographie`` sets a text the French way; ``Moteur.appeler``
applies it to every result's ``affichage`` and every error message, never to
the result's data; the build applies it to the forms and fallbacks
(``tests/rules/test_web_formulaires.py``).
"""

from __future__ import annotations

import copy
import dataclasses
import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_py.errors import InputError
from rules_py.outils.champs import valeur_ecrite
from rules_py.web import OPERATIONS, Moteur
from rules_py.web.outil import OUTILS
from rules_py.web.typographie import CLES_TECHNIQUES, mise_en_forme, typographie

NBSP, FINE = "\u00a0", "\u202f"


@pytest.mark.parametrize(
    ("texte", "attendu"),
    [
        ("l'arme", "l’arme"),
        ("« x »", f"«{NBSP}x{NBSP}»"),
        ("«x»", f"«{NBSP}x{NBSP}»"),
        (f"«{FINE}x{FINE}»", f"«{NBSP}x{NBSP}»"),
        ("Seuil : 15", f"Seuil{NBSP}: 15"),
        ("Seuil: 15", f"Seuil{NBSP}: 15"),
        (f"Seuil{FINE}: 15", f"Seuil{NBSP}: 15"),
        ("Fin :", f"Fin{NBSP}:"),
        ("12:30 et 1:2", "12:30 et 1:2"),
        ("a ; b ! c ? 5 %", f"a{FINE}; b{FINE}! c{FINE}? 5{FINE}%"),
        ("25%", f"25{FINE}%"),
        (f"25{NBSP}%", f"25{FINE}%"),
        ("ATT (%)", "ATT (%)"),
        ("Init (-2), -1d8, = -3", "Init (−2), −1d8, = −3"),
        ("tranche 21-30, 1d8-1, x-1, 0.-5, Ex-2", "tranche 21-30, 1d8-1, x-1, 0.-5, Ex-2"),
        ("- 3 et -x", "- 3 et -x"),
    ],
)
def test_convention(texte: str, attendu: str) -> None:
    """’, no-break spaces inside « » and before « : » (not in 12:30), thin ones before ; ! ? %, true minus."""
    assert typographie(texte) == attendu


@given(st.text(alphabet="'  \u00a0\u202f«»:;!?%-(.a1\n", max_size=40))
def test_idempotente(texte: str) -> None:
    """Applying the typography twice changes nothing."""
    une_fois = typographie(texte)
    assert typographie(une_fois) == une_fois


@given(st.text(max_size=60))
def test_idempotente_sur_tout_texte(texte: str) -> None:
    """Twice is once, whatever the text (a reader's input quoted in a message, for instance)."""
    assert typographie(typographie(texte)) == typographie(texte)


def test_mise_en_forme_des_blocs() -> None:
    """Every text a reader sees is set; technical keys and numbers stay; the blocks given are not changed."""
    blocs = [
        {"type": "texte", "texte": "Jet : 05 ; l'arme", "classe": "resultat"},
        {"type": "valeurs", "lignes": [["Chance d'au moins 1", "50 %"]]},
        {"type": "tableau", "entetes": ["Seuil (%)"], "lignes": [["-3"]], "legende": "« x »", "surligne": 0},
        {
            "type": "barres",
            "legende": "L'issue",
            "barres": [{"etiquette": "-1", "part": 0.5, "texte": "5 %"}],
        },
        {"type": "des", "des": [{"valeur": 3, "faces": 6, "classe": "succes"}]},
        {"type": "liste", "elements": ["Un : deux"]},
        {
            "type": "boutons",
            "legende": "Réagir : maintenant",
            "boutons": [
                {
                    "libelle": "Retirer D'Ar",
                    "op": "x.y",
                    "args": {"nom": "D'Ar : -1"},
                    "actif": False,
                    "titre": "Non !",
                }
            ],
        },
    ]
    avant = copy.deepcopy(blocs)
    forme = mise_en_forme(blocs)
    assert blocs == avant
    assert forme[0] == {"type": "texte", "texte": f"Jet{NBSP}: 05{FINE}; l’arme", "classe": "resultat"}
    assert forme[1]["lignes"] == [["Chance d’au moins 1", f"50{FINE}%"]]
    assert (forme[2]["entetes"], forme[2]["lignes"], forme[2]["legende"]) == (
        ["Seuil (%)"],
        [["−3"]],
        f"«{NBSP}x{NBSP}»",
    )
    assert forme[3]["legende"] == "L’issue" and forme[3]["barres"][0] == {
        "etiquette": "−1",
        "part": 0.5,
        "texte": f"5{FINE}%",
    }
    assert forme[4] == blocs[4]
    assert forme[5]["elements"] == [f"Un{NBSP}: deux"]
    bouton = forme[6]["boutons"][0]
    assert forme[6]["legende"] == f"Réagir{NBSP}: maintenant"
    assert (bouton["libelle"], bouton["titre"], bouton["op"], bouton["args"]) == (
        "Retirer D’Ar",
        f"Non{FINE}!",
        "x.y",
        {"nom": "D'Ar : -1"},
    )
    assert mise_en_forme(forme) == forme
    assert {"type", "classe", "op", "args", "faces"} <= CLES_TECHNIQUES


# -- applied once, centrally, by the engine ------------------------------------------------------------


@pytest.fixture
def operation_de_test() -> Iterator[str]:
    """A throw-away operation: display with plain typography, data with the same texts."""

    def operation(args: Any, rng: random.Random) -> dict[str, Any]:
        if args.get("refuser"):
            raise InputError("« x » n'est pas permis : -1 ; non !", champ="x")
        return {
            "texte": "l'arme : 5 %",
            "args": {"a": "l'arme"},
            "affichage": [{"type": "texte", "texte": "l'arme : 5 %"}],
        }

    OPERATIONS["test.typographie"] = operation
    try:
        yield "test.typographie"
    finally:
        del OPERATIONS["test.typographie"]


def test_moteur_affichage_seulement(operation_de_test: str) -> None:
    """The engine sets the display blocks; the other keys of the result are data, left as they are."""
    resultat = Moteur(1).appeler(operation_de_test, {})["resultat"]
    assert resultat["affichage"] == [{"type": "texte", "texte": f"l’arme{NBSP}: 5{FINE}%"}]
    assert (resultat["texte"], resultat["args"]) == ("l'arme : 5 %", {"a": "l'arme"})


def test_moteur_messages_d_erreur(operation_de_test: str) -> None:
    """Every error message is set, its field kept; the engine's own messages too."""
    erreur = Moteur(1).appeler(operation_de_test, {"refuser": True})["erreur"]
    assert erreur == {
        "message": f"«{NBSP}x{NBSP}» n’est pas permis{NBSP}: −1{FINE}; non{FINE}!",
        "champ": "x",
    }
    assert (
        Moteur().appeler("nulle.part", {})["erreur"]["message"]
        == f"Opération inconnue{NBSP}: «{NBSP}nulle.part{NBSP}»."
    )
    assert (
        Moteur().appeler("des.lancer", [])["erreur"]["message"]
        == "Les arguments doivent être un objet (nom → valeur)."
    )


def test_moteur_erreur_interne(operation_de_test: str) -> None:
    """The internal error's message is in French typography too, and still flagged."""
    erreur = Moteur(1).appeler(operation_de_test, None)
    assert erreur["ok"] is True
    OPERATIONS["test.typographie"] = lambda args, rng: {"sans": "affichage"}
    erreur = Moteur(1).appeler("test.typographie", {})["erreur"]
    assert erreur["interne"] is True
    assert "ce calcul n’a pas pu être fait" in erreur["message"] and f"fonctionne{FINE};" in erreur["message"]


def _actions_par_defaut() -> Iterator[tuple[str, dict[str, Any]]]:
    for declaration in OUTILS.values():
        champs = declaration.champs_du_formulaire
        sans_defaut = (None, dataclasses.MISSING)
        defauts = {c.cle: valeur_ecrite(c.defaut) for c in champs if c.defaut not in sans_defaut}
        for action in declaration.boutons:
            yield action.op, defauts


@pytest.mark.parametrize(
    ("op", "args"), list(_actions_par_defaut()), ids=lambda v: v if isinstance(v, str) else ""
)
def test_chaque_operation_est_mise_en_forme(op: str, args: dict[str, Any]) -> None:
    """Every widget's action, with the form's defaults: its display is already in French typography."""
    reponse = Moteur(7).appeler(op, args)
    if reponse["ok"]:
        assert mise_en_forme(reponse["resultat"]["affichage"]) == reponse["resultat"]["affichage"]
    else:
        assert typographie(reponse["erreur"]["message"]) == reponse["erreur"]["message"]


def test_donnees_laissees_telles_quelles() -> None:
    """The creation's violations (data) keep the engine's text; their display is set."""
    resultat = Moteur(1).appeler(
        "basic.creation",
        {"culture": "Nomade", "competences": "Commerce : 5/0/0", "for": 12, "con": 13, "tai": 11}
        | {"dex": 14, "int": 15, "pou": 10, "cha": 9},
    )["resultat"]
    (violation,) = [v for v in resultat["violations"] if v.startswith("Commerce")]
    assert "n'est pas une compétence" in violation and " : " in violation
    liste = next(b for b in resultat["affichage"] if b["type"] == "liste")
    assert typographie(violation) in liste["elements"]
