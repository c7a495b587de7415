"""The command line's parser in French, its options made from the tools' declarations.

argparse speaks English; :class:`Analyseur` makes it French (headings, usage, errors, which it
raises as :class:`~rules_py.errors.InputError` naming the argument, so that ``--json`` can answer
them as JSON). :func:`options_d_outil` makes one option per field of a tool's form, named and
helped from its declaration (:mod:`rules_py.outils.champs`); :func:`valeur_de_la_ligne` reads a
value as the help prints it (curly apostrophe, minus sign ``−``, a choice without its accents).
"""

from __future__ import annotations

import argparse
import dataclasses
import re
import unicodedata
from collections.abc import Sequence
from typing import Any

from rules_py.errors import InputError
from rules_py.outils.champs import ChampDeclare, valeur_ecrite
from rules_py.web.outil import Outil
from rules_py.web.typographie import typographie

__all__ = ["Analyseur", "ErreurDeLigne", "aide_du_champ", "options_d_outil", "valeur_de_la_ligne"]

TRADUCTIONS = (
    ("the following arguments are required: ", "arguments manquants : "),
    ("unrecognized arguments: ", "arguments inconnus : "),
    ("invalid choice: ", "choix invalide : "),
    ("(choose from ", "(choisir parmi "),
    ("expected one argument", "une valeur est attendue"),
    ("expected at most one argument", "une valeur au plus est attendue"),
    ("ignored explicit argument ", "valeur inattendue : "),
    ("ambiguous option: ", "option ambiguë : "),
    (" could match ", " peut désigner "),
    ("not allowed with argument ", "incompatible avec "),
    ("one of the arguments ", "un de ces arguments est requis : "),
    (" is required", ""),
    ("invalid ", "valeur invalide "),
    (" value: ", " : "),
    ("argument ", "argument "),
)
"""argparse's English error messages, word for word in French (the longest first)."""

TITRES = {"options": "options", "positional arguments": "arguments"}

_NEGATIF = re.compile(r"^[-\u2212]\d")
_ARGUMENT = re.compile(r"^argument ([^\s:]+)(?: \([^)]*\))? ?: ")


class ErreurDeLigne(InputError):
    """A command line argparse refuses: its French message, the argument it names, the usage to show."""

    def __init__(self, message: str, *, champ: str | None = None, usage: str = "") -> None:
        super().__init__(message, champ=champ)
        self.usage = usage


class _Formateur(argparse.RawDescriptionHelpFormatter):
    """Help in French: « Usage : », headings followed by a spaced colon."""

    def add_usage(self, usage, actions, groups, prefix=None):  # type: ignore[no-untyped-def]
        return super().add_usage(usage, actions, groups, prefix="Usage\u00a0: " if prefix is None else prefix)

    def start_section(self, heading: str | None) -> None:
        titre = TITRES.get(heading or "", heading)
        super().start_section(f"{titre}\u00a0" if titre else titre)

    def _expand_help(self, action: argparse.Action) -> str:
        """Each option's help in the site's typography (« l’expression », « d’une », « 65 % »)."""
        return typographie(super()._expand_help(action))


class Analyseur(argparse.ArgumentParser):
    """argparse in French: usage, help and errors (raised as :class:`ErreurDeLigne`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formateur)
        kwargs.setdefault("add_help", False)
        super().__init__(*args, **kwargs)
        self._positionals.title = "arguments"
        self._optionals.title = "options"
        self.add_argument("-h", "--help", action="help", help="afficher cette aide et quitter")

    def _parse_optional(self, arg_string: str) -> Any:
        """A negative value (``-1d6``, ``-2``) is a value, never an option: it needs no ``=``. An option's
        name is read in any case (``--CON`` as the characteristic is written, or ``--con``)."""
        if _NEGATIF.match(arg_string):
            return None
        if arg_string.startswith("--"):
            nom, egal, valeur = arg_string.partition("=")
            arg_string = nom.lower() + egal + valeur
        return super()._parse_optional(arg_string)

    def error(self, message: str) -> Any:
        trouve = _ARGUMENT.match(message)
        option = trouve.group(1).split("/")[0] if trouve else ""
        action = self._option_string_actions.get(option)
        # The field the option fills (``--con`` fills ``CON``), else the option's own name.
        champ = (action.dest if action else option.lstrip("-").replace("-", "_")) or None
        for anglais, francais in TRADUCTIONS:
            message = message.replace(anglais, francais)
        raise ErreurDeLigne(typographie(f"{message}."), champ=champ, usage=self.format_usage())


NUMERO_DE_CHOIX = re.compile(r"^\d+\.\s+")
"""The number a choice's label may start with (« 2. Corps à corps »): a reader may leave it out."""


def _pli(texte: str) -> str:
    """A text folded to compare it as a reader may type it: no accents, no case, straight apostrophes.

    >>> _pli("Masse/Fléau d’armes") == _pli("masse/fleau d'armes")
    True
    """
    texte = texte.replace("\u2019", "'").replace("\u2212", "-").replace("\u00a0", " ").replace("\u202f", " ")
    decompose = unicodedata.normalize("NFKD", texte.strip().casefold())
    return "".join(c for c in decompose if not unicodedata.combining(c))


def valeur_de_la_ligne(champ: ChampDeclare, texte: str) -> str:
    """A value typed on the line as the help prints it, in the words of the declaration.

    A choice is found by its value or its label, without accents or case, with a curly apostrophe
    or a minus sign, when only one matches; a number or a dice expression takes the minus sign
    ``−`` for ``-``. A free text (a name) is left as typed.

    >>> from rules_py.web.outil import OUTILS
    >>> arme = next(c for c in OUTILS["attaque-basic"].champs if c.cle == "arme")
    >>> valeur_de_la_ligne(arme, "Masse/Fléau d’armes"), valeur_de_la_ligne(arme, "epee/rapiere")
    ("Masse/Fléau d'armes", 'Épée/Rapière')
    >>> action = next(c for c in OUTILS["initiative-basic"].champs if c.cle == "action")
    >>> valeur_de_la_ligne(action, "corps a corps"), valeur_de_la_ligne(action, "2. Corps à corps")
    ('melee', 'melee')
    """
    if champ.options:
        if texte in {cle for cle, _ in champ.options}:
            return texte
        voulu = _pli(texte)
        trouves = {
            cle
            for cle, libelle in champ.options
            if voulu in (_pli(cle), _pli(libelle), _pli(NUMERO_DE_CHOIX.sub("", libelle)))
        }
        return trouves.pop() if len(trouves) == 1 else texte
    if champ.genre is str and champ.meta.lecteur is None:
        return texte
    return texte.replace("\u2212", "-")


def _choix_ecrit(cle: str, libelle: str) -> str:
    return f"« » ({libelle})" if cle == "" else cle


def aide_du_champ(champ: ChampDeclare) -> str:
    """The help line of one option: its label (a zone's notation), bounds, choices, default."""
    meta, morceaux = champ.meta, [champ.meta.libelle]
    if meta.zone and meta.aide:  # a zone's notation (one weapon per line…) is its help
        morceaux.append(meta.aide[0].lower() + meta.aide[1:].rstrip("."))
    if meta.minimum is not None and meta.maximum is not None:
        morceaux.append(f"de {meta.minimum} à {meta.maximum}")
    elif meta.minimum is not None:
        morceaux.append(f"au moins {meta.minimum}")
    elif meta.maximum is not None:
        morceaux.append(f"au plus {meta.maximum}")
    if champ.options:
        morceaux.append("parmi " + ", ".join(_choix_ecrit(cle, libelle) for cle, libelle in champ.options))
    if meta.lu:
        morceaux.append("lus sur la table ; sans eux, on lance")
    if champ.requis:
        morceaux.append("obligatoire")
    elif champ.defaut not in (None, "", dataclasses.MISSING) and champ.genre is not bool:
        morceaux.append(f"par défaut : {valeur_ecrite(champ.defaut)}")
    return typographie(" ; ".join(morceaux)).replace("%", "%%")


def _nom_d_option(cle: str) -> str:
    """A field's option, in lower case as every other (``--con`` for the field ``CON``).

    >>> _nom_d_option("kar_initial"), _nom_d_option("CON")
    ('--kar-initial', '--con')
    """
    return "--" + cle.replace("_", "-").lower()


def _contraire(cle: str) -> str:
    """The option that unticks a box: ``--sans-bouclier``, and ``--avec-parade`` for ``sans_parade``.

    >>> _contraire("bouclier"), _contraire("sans_parade")
    ('--sans-bouclier', '--avec-parade')
    """
    if cle.startswith("sans_"):
        return _nom_d_option("avec_" + cle.removeprefix("sans_"))
    return _nom_d_option("sans_" + cle)


def options_d_outil(
    analyseur: argparse.ArgumentParser, champs: Sequence[ChampDeclare], sauf: str = ""
) -> None:
    """An option per field (a box: ``--cle`` and its contrary), ``sauf`` aside."""
    for champ in champs:
        if champ.cle == sauf:
            continue
        if champ.genre is bool:
            analyseur.add_argument(
                _nom_d_option(champ.cle), dest=champ.cle, action="store_true", help=aide_du_champ(champ)
            )
            analyseur.add_argument(
                _contraire(champ.cle),
                dest=champ.cle,
                action="store_false",
                help=typographie(f"décocher « {champ.meta.libelle} »"),
            )
            analyseur.set_defaults(**{champ.cle: None})
        else:
            analyseur.add_argument(
                _nom_d_option(champ.cle), dest=champ.cle, metavar="VALEUR", help=aide_du_champ(champ)
            )


def champs_de_la_ligne(declaration: Outil[Any]) -> tuple[ChampDeclare, ...]:
    """The fields the command line offers: the form's, and the hidden ones the page's buttons send
    (the combatant to act, to remove…), the kept state aside (``--etat FICHIER`` holds it)."""
    return tuple(c for c in declaration.champs if c.cle != "etat")
