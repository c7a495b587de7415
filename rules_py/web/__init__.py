"""The facade the browser calls: JSON in, JSON out, one operation per widget action.

The worker creates one :class:`Moteur` with fresh entropy and calls
:meth:`Moteur.appeler_json`; the command line calls :meth:`Moteur.appeler`.
Errors come back as French messages in the result, never as exceptions.
Every text a reader sees (the result's ``affichage``, every error message)
gets the site's typography here, once (:mod:`rules_py.web.typographie`).

Importing this package registers no tool: each system's tools are in the modules its record
names (:mod:`rules_py.systemes`), imported by :func:`charger` (one system), :func:`preparer`
(what some operations need: the worker, for the page's tools), :func:`importer` (every module)
or when an operation not yet registered is called.
"""

from __future__ import annotations

import importlib
import json
import random
import traceback
from collections.abc import Iterable, Mapping
from typing import Any

from rules_py.errors import RulesError
from rules_py.outils.registre import OPERATIONS, operation
from rules_py.outils.systeme import Systeme
from rules_py.systemes import SYSTEMES
from rules_py.web.typographie import mise_en_forme, typographie

__all__ = ["OPERATIONS", "Moteur", "charger", "importer", "modules", "preparer"]

PERSONNAGES = "rules_py.web.personnages"
"""The characters' tools: a character may fill any tool, so its operations need every system's."""


def modules() -> tuple[str, ...]:
    """Every module that declares tools: each system's, in the site's order, then the characters'."""
    return (*(m for systeme in SYSTEMES.values() for m in systeme.modules), PERSONNAGES)


def charger(systeme: Systeme) -> None:
    """Import the modules of ``systeme``'s tools (those already there cost nothing)."""
    importer(systeme.modules)


def importer(noms: Iterable[str] | None = None) -> None:
    """Import the tool modules ``noms`` (full names, as :func:`modules` gives them; every one by default)."""
    for nom in modules() if noms is None else noms:
        importlib.import_module(nom)


def preparer(operations: Iterable[str]) -> None:
    """Import what ``operations`` need (the browser's worker: the tools of the page, before « prêt »).

    An operation's prefix is its system's key (``basic.test``); the engine's own (``moteur``)
    needs nothing, and any other (a character's: any tool) needs every module.
    """
    for op in operations:
        prefixe = str(op).partition(".")[0]
        if prefixe in SYSTEMES:
            charger(SYSTEMES[prefixe])
        elif prefixe != "moteur":
            importer()


@operation("moteur.ping")
def ping(args: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """The lightest call: measures the worker round trip (benchmarks) and checks the engine answers."""
    return {"pong": True, "affichage": []}


ERREUR_INTERNE = (
    "Erreur interne du moteur de règles : ce calcul n'a pas pu être fait. "
    "Le reste de la page fonctionne ; vérifiez les valeurs et réessayez."
)


class Moteur:
    """The rules engine as the page sees it: one random generator, a table of operations."""

    def __init__(self, graine: int | bytes | None = None) -> None:
        self.rng = random.Random(graine)

    @classmethod
    def depuis_entropie(cls, hexadecimal: str) -> Moteur:
        """An engine seeded from the browser's cryptographic source (hexadecimal text).

        >>> Moteur.depuis_entropie("ff").rng.random() == Moteur(255).rng.random()
        True
        """
        return cls(int(hexadecimal, 16))

    def appeler(self, op: str, args: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Run operation ``op``: ``{"ok": True, "resultat": …}`` or ``{"ok": False, "erreur": …}``.

        The result's ``affichage`` and the error's message are set in French typography.

        >>> Moteur(1).appeler("des.lancer", {"expression": "1d6+2"})["resultat"]["total"]
        4
        >>> Moteur().appeler("inconnue", {})["erreur"]["message"]
        'Opération inconnue\xa0: «\xa0inconnue\xa0».'
        """
        if isinstance(op, str) and op not in OPERATIONS:
            preparer([op])  # its tools were not imported yet (the browser imports them on demand)
        function = OPERATIONS.get(op) if isinstance(op, str) else None
        if function is None:
            return _erreur(f"Opération inconnue : « {str(op)[:40]} ».")
        if args is None:
            args = {}
        if not isinstance(args, Mapping):
            return _erreur("Les arguments doivent être un objet (nom → valeur).")
        try:
            resultat = function(args, self.rng)
            resultat["affichage"] = mise_en_forme(resultat["affichage"])
        except RulesError as erreur:
            return _erreur(erreur.message, erreur.champ)
        except (RecursionError, MemoryError, ArithmeticError, LookupError, TypeError, ValueError):
            return _erreur(ERREUR_INTERNE, interne=traceback.format_exc(limit=12)[-4000:])
        return {"ok": True, "resultat": resultat}

    def appeler_json(self, op: str, args_json: str) -> str:
        """:meth:`appeler` with the arguments and the answer as JSON text (what the worker uses)."""
        try:
            args = json.loads(args_json)
        except (TypeError, ValueError, RecursionError):
            return json.dumps(_erreur("Arguments illisibles (JSON invalide)."), ensure_ascii=False)
        return json.dumps(self.appeler(op, args), ensure_ascii=False)


def _erreur(message: str, champ: str | None = None, *, interne: str = "") -> dict[str, Any]:
    """The error answer; an internal one carries its Python traceback (``trace``) for the console."""
    erreur: dict[str, Any] = {"message": typographie(message)}
    if champ:
        erreur["champ"] = champ
    if interne:
        erreur["interne"] = True
        erreur["trace"] = interne
    return {"ok": False, "erreur": erreur}
