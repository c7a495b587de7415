"""The facade's registry: the operations the browser may call, and the form of each tool's widget.

An *operation* is a function ``(args, rng) → dict`` taking JSON-able arguments. A tool
(:mod:`rules_py.web.outil`) registers one per action, and the view of its form that the pages
render (:class:`Widget`, :class:`ChampDeFormulaire`), both derived from its declaration; nothing
here is written by hand for a tool.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rules_py.web.affichage import Bloc

__all__ = ["OPERATIONS", "WIDGETS", "ChampDeFormulaire", "Operation", "Widget", "operation"]

Operation = Callable[[Mapping[str, Any], random.Random], dict[str, Any]]

OPERATIONS: dict[str, Operation] = {}
WIDGETS: dict[str, Widget] = {}


def operation(nom: str) -> Callable[[Operation], Operation]:
    """Register ``function`` as the operation ``nom`` of the facade (one that belongs to no tool)."""

    def enregistrer(function: Operation) -> Operation:
        if nom in OPERATIONS:
            raise ValueError(f"operation {nom!r} registered twice")
        OPERATIONS[nom] = function
        return function

    return enregistrer


@dataclass(frozen=True, slots=True)
class ChampDeFormulaire:
    """One input of a widget's form, as the page renders it (derived from a declared field).

    ``genre`` is entier, texte, zone (several lines), choix or case; consecutive fields with the
    same ``groupe`` are shown together under that heading; an ``ephemere`` field (dice read on the
    table) is emptied after each result, so that the next action rolls again.
    """

    nom: str
    libelle: str
    genre: str = "entier"
    defaut: str | int | bool | None = None
    minimum: int | None = None
    maximum: int | None = None
    choix: tuple[tuple[str, str], ...] = ()
    aide: str = ""
    facultatif: bool = False
    groupe: str = ""
    ephemere: bool = False
    competence: bool = False


@dataclass(frozen=True, slots=True)
class Widget:
    """A tool's widget as the pages render it: its form, its buttons, its fallback for an example."""

    nom: str
    titre: str
    champs: tuple[ChampDeFormulaire, ...]
    actions: tuple[Any, ...]
    statique: Callable[[Mapping[str, Any]], list[Bloc]]
    options: tuple[str, ...] = field(default=())
    systeme: str = ""
    operations: tuple[str, ...] = field(default=())
    """Every operation of the tool (its buttons' and those of the buttons its answers show)."""
