"""The tools of the site: one declaration each, from which the facade, the form and the CLI are made.

A tool is its page name (``/// widget | NOM``), its system, a title and a one-line
summary, the dataclass of its inputs (:mod:`rules_py.web.declaration`) and its
actions: each action is an operation of the facade, a function
``(entrees, rng) → dict`` that receives the inputs already checked and returns
its answer (any JSON-able values, dataclasses, enumerations, fractions) with its
``affichage`` blocks. When it draws dice, it says which under ``"tires"``
(attribute → value): the share link's state (``rejouer``) is the inputs with
those dice filled in, written back by the declaration, so it replays the same
result. An operation with no button in the form has no share link.

The static fallback (print, PDF, no JavaScript) is the first action's own answer (or
that of the action named by ``exemple_par``) to the example the page declares in the
widget block: the example gives every die, so that answer is the same at every build.
The example may give a hidden input too (a fight's state). A tool whose fallback is a
whole table declares a ``statique`` hook instead.
"""

from __future__ import annotations

import dataclasses
import inspect
import random
import typing
from collections.abc import Callable, Mapping
from typing import Any, Generic, TypeVar

from rules_py.errors import InputError
from rules_py.web import affichage as af
from rules_py.web.declaration import ChampDeclare, champs, ecrire, en_json, lire, valeur_ecrite
from rules_py.web.registre import OPERATIONS, WIDGETS, ChampDeFormulaire, Widget

__all__ = ["OUTILS", "SYSTEMES", "Action", "Outil", "outil", "outils_du_systeme"]

E = TypeVar("E")
F = TypeVar("F", bound=Callable[..., dict[str, Any]])

SYSTEMES = ("Basic maison", "BaSIC — KAR", "El Toto", "Actions d100", "Dés")
"""The systems, in the order of the site (the dice roller serves them all)."""

OUTILS: dict[str, Outil[Any]] = {}


@dataclasses.dataclass(frozen=True, slots=True)
class Action(Generic[E]):
    """A button of the tool: the operation ``op`` it calls, and the function that answers it."""

    op: str
    libelle: str
    fonction: Callable[[E, random.Random], dict[str, Any]]
    bouton: bool = True
    """False for an operation the form does not show (the CLI, another tool's link)."""
    entrees: type | None = None
    """The part of the tool's declaration this action reads, when not all of it (a fight's buttons
    do not read the « new combatant » fields, so a half-typed one never blocks them)."""


@dataclasses.dataclass(frozen=True, slots=True)
class Outil(Generic[E]):
    """A tool: its page name, system, title, one line, declared inputs and actions."""

    nom: str
    systeme: str
    titre: str
    resume: str
    entrees: type[E]
    actions: tuple[Action[E], ...]
    statique: Callable[[E], list[af.Bloc]] | None = None
    exemple_par: str = ""
    """The operation whose answer to the page's example is the fallback, when not the first action's."""

    @property
    def champs(self) -> tuple[ChampDeclare, ...]:
        return champs(self.entrees)

    def appeler(self, action: Action[E], args: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
        """Check ``args`` against the declaration, run ``action``, write its answer as JSON."""
        entrees = lire(action.entrees or self.entrees, args)
        reponse = dict(action.fonction(entrees, rng))
        tires = reponse.pop("tires", {})
        if action.bouton:
            reponse.setdefault("rejouer", ecrire(entrees, **tires))
        return en_json(reponse)

    def exemple(self, options: Mapping[str, Any]) -> list[af.Bloc]:
        """The static fallback: the ``statique`` hook, or the (first) action's answer to the example."""
        entrees = lire(self.entrees, options)
        if self.statique is not None:
            return self.statique(entrees)
        action = next((a for a in self.actions if a.op == self.exemple_par), self.actions[0])
        blocs = action.fonction(entrees, HasardInterdit())["affichage"]
        return [bloc for bloc in blocs if bloc["type"] != "boutons"]  # buttons only act in the browser


class HasardInterdit(random.Random):
    """A random source that refuses to draw: an example must give every die it needs."""

    def random(self) -> float:
        raise InputError("L'exemple doit donner tous les dés : le repli statique ne tire pas au hasard.")

    def getrandbits(self, k: int) -> int:
        return int(self.random())


def outil(declaration: Outil[E]) -> Outil[E]:
    """Register a tool: its operations in the facade, its widget for the pages."""
    if declaration.nom in OUTILS or declaration.nom in WIDGETS:
        raise ValueError(f"outil {declaration.nom!r} déclaré deux fois")
    if declaration.systeme not in SYSTEMES:
        raise ValueError(f"outil {declaration.nom!r} : système inconnu {declaration.systeme!r}")
    for action in declaration.actions:
        if action.op in OPERATIONS:
            raise ValueError(f"operation {action.op!r} registered twice")
        OPERATIONS[action.op] = _operation(declaration, action)
    OUTILS[declaration.nom] = declaration
    WIDGETS[declaration.nom] = Widget(
        nom=declaration.nom,
        titre=declaration.titre,
        champs=tuple(_champ_de_formulaire(c) for c in declaration.champs if not c.meta.cache),
        actions=tuple(a for a in declaration.actions if a.bouton),  # type: ignore[arg-type]
        statique=declaration.exemple,
        options=tuple(c.cle for c in declaration.champs),
        systeme=declaration.systeme,
        operations=tuple(a.op for a in declaration.actions),
    )
    return declaration


def outils_du_systeme(systeme: str) -> Callable[..., Callable[[F], F]]:
    """The decorator that declares a tool of ``systeme`` on the function of its first action.

    ``@_outil(nom, titre, resume, op, libelle, *autres_actions, statique=None)`` above
    ``def f(entrees: EntreesX, rng)`` registers the tool whose inputs are the type of the
    function's first parameter, and leaves the function as it is.
    """

    def declarer(
        nom: str, titre: str, resume: str, op: str, libelle: str, *autres: Action[Any], **options: Any
    ) -> Callable[[F], F]:
        def enregistrer(fonction: F) -> F:
            premier = next(iter(inspect.signature(fonction).parameters))
            entrees = typing.get_type_hints(fonction)[premier]
            actions = (Action(op, libelle, fonction), *autres)
            outil(Outil(nom, systeme, titre, resume, entrees, actions, **options))
            return fonction

        return enregistrer

    return declarer


def _operation(declaration: Outil[E], action: Action[E]) -> Callable[[Mapping[str, Any], random.Random], Any]:
    def operation(args: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
        return declaration.appeler(action, args, rng)

    operation.__doc__ = action.fonction.__doc__
    return operation


def _champ_de_formulaire(champ: ChampDeclare) -> ChampDeFormulaire:
    sans_defaut = champ.defaut is dataclasses.MISSING or champ.defaut is None
    defaut = None if sans_defaut else valeur_ecrite(champ.defaut)
    return ChampDeFormulaire(
        champ.cle,
        champ.meta.libelle,
        genre=champ.forme,
        defaut=defaut,
        minimum=champ.meta.minimum,
        maximum=champ.meta.maximum,
        choix=champ.options,
        aide=champ.meta.aide,
        facultatif=not champ.requis,
        groupe=champ.meta.groupe,
        ephemere=champ.meta.lu,
        competence=champ.meta.competence,
    )
