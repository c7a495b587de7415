"""One helper per job for the tests of the facade (``tests/rules/test_web_*.py``).

``appeler`` (a call that must succeed, its answer JSON-able), ``echec`` (a call that must fail
in French, not internally), ``textes`` (every text a reader sees in the display blocks),
``blocs`` (the blocks of one type), ``statique`` (a tool's fallback as the built page shows it)
and ``rejoue`` (the share link's state gives the same answer, whatever the dice generator).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import Any

from rules_py.web import Moteur
from rules_py.web.outil import OUTILS
from rules_py.web.typographie import mise_en_forme

__all__ = ["appeler", "blocs", "echec", "rejoue", "sans_hasard", "statique", "textes"]

CLES_NON_LUES = frozenset({"type", "classe", "op", "args", "faces"})


def appeler(op: str, args: Mapping[str, Any], graine: int = 1) -> dict[str, Any]:
    """The answer of ``op``, which must succeed and be JSON."""
    reponse = Moteur(graine).appeler(op, dict(args))
    assert reponse["ok"], reponse
    json.dumps(reponse)
    return reponse["resultat"]


def echec(op: str, args: Mapping[str, Any]) -> dict[str, Any]:
    """The error of ``op``, which must fail with a French message of the rules (not an internal one)."""
    reponse = Moteur(1).appeler(op, dict(args))
    assert not reponse["ok"], reponse
    assert not reponse["erreur"].get("interne"), reponse
    return reponse["erreur"]


def _parcourir(valeur: Any) -> Iterator[str]:
    if isinstance(valeur, str):
        yield valeur
    elif isinstance(valeur, list):
        for element in valeur:
            yield from _parcourir(element)
    elif isinstance(valeur, dict):
        for cle, element in valeur.items():
            if cle not in CLES_NON_LUES:
                yield from _parcourir(element)


def textes(resultat_ou_blocs: Mapping[str, Any] | list[dict[str, Any]]) -> str:
    """Every text of the display blocks (an answer's ``affichage``, or blocks), joined by `` | ``."""
    blocs_ = resultat_ou_blocs["affichage"] if isinstance(resultat_ou_blocs, Mapping) else resultat_ou_blocs
    return " | ".join(_parcourir(blocs_))


def blocs(resultat: Mapping[str, Any], genre: str) -> list[dict[str, Any]]:
    """The display blocks of one type (``texte``, ``tableau``, ``barres`` …), in order."""
    return [b for b in resultat["affichage"] if b["type"] == genre]


def statique(nom: str, options: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
    """A tool's static fallback for the page's example ``options``, as the built page shows it."""
    return mise_en_forme(OUTILS[nom].exemple(dict(options or {})))


def sans_hasard(valeur: Any) -> Any:
    """An answer without what says how it was obtained (display, dice read or rolled, share link)."""
    if isinstance(valeur, dict):
        return {k: sans_hasard(v) for k, v in valeur.items() if k not in {"affichage", "des_lus", "rejouer"}}
    if isinstance(valeur, list):
        return [sans_hasard(v) for v in valeur]
    return valeur


def rejoue(op: str, resultat: Mapping[str, Any]) -> None:
    """The share link's state (``rejouer``) gives the same answer with any dice generator."""
    for graine in (2, 3):
        assert sans_hasard(appeler(op, resultat["rejouer"], graine)) == sans_hasard(resultat)
