"""The tools of the site: one declaration each, from which the facade, the form and the CLI are made.

A tool is declared by one decorator, :func:`outil`, above the function of its first action::

    @outil(BASIC_MAISON, "modificateur-degats", "Modificateur de dégâts", "Donne …",
           "basic.modificateur", "Calculer")
    def modificateur(entrees: EntreesModificateur, rng: random.Random) -> dict[str, Any]: ...

It names the tool's system (a :class:`~rules_py.outils.systeme.Systeme`), its page name
(``/// widget | NOM``), a title and a one-line summary, and its actions: each action is an
operation of the facade, a function ``(entrees, rng) → dict`` that receives the inputs already
checked (the dataclass of the function's first parameter, :mod:`rules_py.outils.champs`) and
returns its answer (any JSON-able values, dataclasses, enumerations, fractions) with its
``affichage`` blocks. When it draws dice, it says which under ``"tires"`` (attribute → value):
the share link's state (``rejouer``) is the inputs with those dice filled in, written back by the
declaration, so it replays the same result. An operation with no button in the form has no share link,
but in a tool that keeps a state: there every action's link shows the fight it leaves (the page keeps
that link on the device, to show the fight again).

What is not seen in the function is said on the declaration, never guessed:

``garde_un_etat=True``  the tool keeps a state (a fight in progress) in its hidden field ``etat``;
``montre_l_etat=OP``  the operation that shows that state again from ``etat`` alone (the fight's own
    display): its share link, and what the page keeps, is then the state only;
``camps=((cle, titre), …)``  the sides « Remplir depuis » fills one at a time (each field says its ``camp``);
a field's ``fiche=`` key  must be a key of the system's character sheet (checked here, at registration).

The static fallback (print, PDF, no JavaScript) is the first action's own answer (or
that of the action named by ``exemple_par``) to the example the page declares in the
widget block: the example gives every die, so that answer is the same at every build.
A tool whose fallback is a whole table declares a ``statique`` hook instead.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import inspect
import random
import typing
from collections.abc import Callable, Iterator, Mapping
from typing import Any, Generic, TypeVar

from rules_py.errors import InputError
from rules_py.outils.champs import ChampDeclare, champs, ecrire, en_json, lire
from rules_py.outils.systeme import SYSTEMES, Systeme, enregistrer_systeme

__all__ = [
    "OPERATIONS",
    "OUTILS",
    "Action",
    "Operation",
    "Outil",
    "operation",
    "outil",
    "outils_du_systeme",
    "retirer_systeme",
    "systeme_enregistre",
]

E = TypeVar("E")
F = TypeVar("F", bound=Callable[..., dict[str, Any]])

Bloc = dict[str, Any]
Operation = Callable[[Mapping[str, Any], random.Random], dict[str, Any]]

OPERATIONS: dict[str, Operation] = {}
"""Every operation the facade answers, by name (``basic.test``)."""
OUTILS: dict[str, Outil[Any]] = {}
"""Every registered tool, by page name, in the order of registration."""


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
    """A tool: its system, page name, title, one line, declared inputs and actions."""

    regles: Systeme
    nom: str
    titre: str
    resume: str
    entrees: type[E]
    actions: tuple[Action[E], ...]
    statique: Callable[[E], list[Bloc]] | None = None
    exemple_par: str = ""
    """The operation whose answer to the page's example is the fallback, when not the first action's."""
    garde_un_etat: bool = False
    """The tool keeps a state (its hidden field ``etat``): the page keeps it on the device and undoes it."""
    montre_l_etat: str = ""
    """The operation that shows the kept state again from ``etat`` alone, when the tool has one (else
    each action's own link shows the state it leaves)."""
    camps: tuple[tuple[str, str], ...] = ()
    """The sides a character fills one at a time (side, heading); none for a one-sided tool."""

    @property
    def systeme(self) -> str:
        """The name of its system, as a reader sees it."""
        return self.regles.nom

    @property
    def champs(self) -> tuple[ChampDeclare, ...]:
        return champs(self.entrees)

    @property
    def champs_du_formulaire(self) -> tuple[ChampDeclare, ...]:
        """The fields the form shows (the hidden state aside)."""
        return tuple(c for c in self.champs if not c.meta.cache)

    @property
    def boutons(self) -> tuple[Action[E], ...]:
        """The actions the form shows as buttons."""
        return tuple(a for a in self.actions if a.bouton)

    @property
    def options(self) -> tuple[str, ...]:
        """The keys a page's example may give (every field's, the hidden state's too)."""
        return tuple(c.cle for c in self.champs)

    @property
    def operations(self) -> tuple[str, ...]:
        """Every operation of the tool (its buttons' and those of the buttons its answers show)."""
        return tuple(a.op for a in self.actions)

    @property
    def operation_de_l_etat(self) -> str | None:
        """The operation that shows the kept state again from ``etat`` alone, as declared (None if none)."""
        return self.montre_l_etat or None

    def description(self) -> dict[str, Any]:
        """What the page is told of the tool (JSON): its name, system, operations, state and sides."""
        return {
            "nom": self.nom,
            "systeme": self.systeme,
            "operations": list(self.operations),
            "garde_un_etat": self.garde_un_etat,
            "camps": [list(c) for c in self.camps],
        }

    def appeler(self, action: Action[E], args: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
        """Check ``args`` against the declaration, run ``action``, write its answer as JSON."""
        entrees = lire(action.entrees or self.entrees, args)
        reponse = dict(action.fonction(entrees, rng))
        tires = reponse.pop("tires", {})
        if action.bouton or self.garde_un_etat:  # a fight's every action shows its state again
            reponse.setdefault("rejouer", ecrire(entrees, **tires))
        return en_json(reponse)

    def exemple(self, options: Mapping[str, Any]) -> list[Bloc]:
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


def operation(nom: str) -> Callable[[Operation], Operation]:
    """Register ``function`` as the operation ``nom`` of the facade (one that belongs to no tool)."""

    def enregistrer(function: Operation) -> Operation:
        if nom in OPERATIONS:
            raise ValueError(f"opération « {nom} » déclarée deux fois")
        OPERATIONS[nom] = function
        return function

    return enregistrer


def outil(
    regles: Systeme,
    nom: str,
    titre: str,
    resume: str,
    op: str,
    libelle: str,
    *autres: Action[Any],
    entrees: type | None = None,
    **options: Any,
) -> Callable[[F], F]:
    """The decorator that declares a tool of ``regles`` on the function of its first action.

    The tool's inputs are the type of the function's first parameter (or ``entrees``, for a
    function that serves several declarations, such as a character sheet's); ``options`` are
    :class:`Outil`'s (``statique``, ``exemple_par``, ``garde_un_etat``, ``montre_l_etat``,
    ``camps``). The function is left as it is.
    """

    def enregistrer(fonction: F) -> F:
        declaration = entrees
        if declaration is None:
            premier = next(iter(inspect.signature(fonction).parameters))
            declaration = typing.get_type_hints(fonction)[premier]
        actions = (Action(op, libelle, fonction), *autres)
        _enregistrer(Outil(regles, nom, titre, resume, declaration, actions, **options))
        return fonction

    return enregistrer


def _enregistrer(declaration: Outil[Any]) -> None:
    """Register a tool, once its declaration is checked: its operations in the facade."""
    _verifier(declaration)
    for action in declaration.actions:
        OPERATIONS[action.op] = _operation(declaration, action)
    OUTILS[declaration.nom] = declaration


def _verifier(declaration: Outil[Any]) -> None:
    """The rules of a declaration that no type says; each broken one is named in French."""
    nom, regles = declaration.nom, declaration.regles
    if nom in OUTILS:
        raise ValueError(f"outil « {nom} » déclaré deux fois")
    if SYSTEMES.get(regles.cle) is not regles:
        raise ValueError(f"outil « {nom} » : système « {regles.nom} » non enregistré")
    prefixes = {regles.prefixe} | ({"personnages"} if nom == regles.outil_de_fiche else set())
    for action in declaration.actions:
        if action.op in OPERATIONS:
            raise ValueError(f"opération « {action.op} » déclarée deux fois")
        if action.op.partition(".")[0] not in prefixes:
            raise ValueError(
                f"outil « {nom} » : l'opération « {action.op} » doit commencer par « {regles.prefixe}. »"
            )
    etat = any(c.cle == "etat" and c.meta.cache for c in declaration.champs)
    if etat != declaration.garde_un_etat:
        raise ValueError(
            f"outil « {nom} » : un outil qui garde un état le déclare (garde_un_etat=True) "
            "et le tient dans son champ caché « etat »"
        )
    if declaration.montre_l_etat and (
        not declaration.garde_un_etat or declaration.montre_l_etat not in declaration.operations
    ):
        raise ValueError(
            f"outil « {nom} » : montre_l_etat nomme une de ses opérations, dans un outil qui garde un état"
        )
    declares = {camp for camp, _ in declaration.camps}
    utilises = {c.meta.camp for c in declaration.champs if c.meta.camp}
    if declares != utilises:
        raise ValueError(
            f"outil « {nom} » : camps déclarés {sorted(declares)}, camps de ses champs {sorted(utilises)}"
        )
    if regles.fiche is not None:
        cles = set(_cles_de_la_fiche(regles.fiche))
        for champ in declaration.champs:
            if champ.meta.fiche and champ.meta.fiche not in cles:
                raise ValueError(
                    f"outil « {nom} », champ « {champ.cle} » : la clé « {champ.meta.fiche} » "
                    f"n'est pas sur la fiche de personnage {regles.de_nom}"
                )


def _cles_de_la_fiche(fiche: type) -> dict[str, Any]:
    """Every key a character of sheet ``fiche`` gives a tool: its fields', then its computed values'."""
    vierge = fiche()
    return {**ecrire(vierge), **vierge.derives()}


def _operation(declaration: Outil[E], action: Action[E]) -> Operation:
    def operation(args: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
        return declaration.appeler(action, args, rng)

    operation.__doc__ = action.fonction.__doc__
    return operation


def retirer_systeme(regles: Systeme) -> None:
    """Unregister ``regles`` with every tool and operation of it (a test's system, when it ends)."""
    for nom in [n for n, o in OUTILS.items() if o.regles is regles]:
        for action in OUTILS.pop(nom).actions:
            OPERATIONS.pop(action.op, None)
    SYSTEMES.pop(regles.cle, None)


@contextlib.contextmanager
def systeme_enregistre(regles: Systeme) -> Iterator[Systeme]:
    """``regles`` registered for the time of a ``with`` block, then unregistered with its tools."""
    enregistrer_systeme(regles)
    try:
        yield regles
    finally:
        retirer_systeme(regles)


def outils_du_systeme(regles: Systeme) -> Callable[..., Callable[[F], F]]:
    """:func:`outil` with its system given: ``_outil = outils_du_systeme(BASIC_MAISON)``, then ``@_outil``."""
    return functools.partial(outil, regles)
