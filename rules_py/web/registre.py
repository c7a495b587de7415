"""The facade's registry: operations the browser may call, and widget declarations.

An *operation* is a pure-Python function ``(args, rng) → dict`` taking
JSON-able arguments; a *widget* declares its form (fields with French labels,
actions naming operations) and its static fallback, pre-rendered at build
time from the same display blocks the browser renders.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rules_py.web.affichage import Bloc

__all__ = ["OPERATIONS", "WIDGETS", "Action", "Champ", "Operation", "Widget", "operation", "widget"]

Operation = Callable[[Mapping[str, Any], random.Random], dict[str, Any]]

OPERATIONS: dict[str, Operation] = {}
WIDGETS: dict[str, Widget] = {}


def operation(nom: str) -> Callable[[Operation], Operation]:
    """Register ``function`` as the operation ``nom`` of the facade."""

    def enregistrer(function: Operation) -> Operation:
        if nom in OPERATIONS:
            raise ValueError(f"operation {nom!r} registered twice")
        OPERATIONS[nom] = function
        return function

    return enregistrer


@dataclass(frozen=True, slots=True)
class Champ:
    """One input of a widget's form.

    ``genre`` is entier, texte, zone (several lines), choix or case; consecutive
    fields with the same ``groupe`` are shown together under that heading; an
    ``ephemere`` field (dice read on the table) is emptied after each result, so
    that the next action rolls again.
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


@dataclass(frozen=True, slots=True)
class Action:
    """A submit button of the form; the first action is the one Enter triggers."""

    op: str
    libelle: str


@dataclass(frozen=True, slots=True)
class Widget:
    """A widget kind: its form, its actions and its build-time fallback."""

    nom: str
    titre: str
    champs: tuple[Champ, ...]
    actions: tuple[Action, ...]
    statique: Callable[[Mapping[str, Any]], list[Bloc]]
    options: tuple[str, ...] = field(default=())
    systeme: str = ""
    operations: tuple[str, ...] = field(default=())
    """Every operation of the tool (its buttons' and those of the buttons its answers show)."""


def widget(declaration: Widget) -> Widget:
    """Register a widget kind."""
    if declaration.nom in WIDGETS:
        raise ValueError(f"widget {declaration.nom!r} registered twice")
    WIDGETS[declaration.nom] = declaration
    return declaration
