"""The facts Python and the page's JavaScript share, written once.

The limits on what enters from outside (a share link, the device's storage, an imported file, a
fight file at the terminal), the schemas and versions of what the page stores, the invisible marks
that reorder text, and the site's French typography as data. Python reads them here; the site's
build writes them into the page's module ``assets/regles/constantes.js``
(:mod:`site_plugins.widgets.constantes`), which the JavaScript imports: no number or list below is
typed again in JavaScript.

Standard library only, no import from the rest of the package: every layer may read it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

__all__ = [
    "BIDI",
    "ESPACE_FINE",
    "ESPACE_INSECABLE",
    "ISOLE",
    "JOURNAL_CLE",
    "JOURNAL_VERSION",
    "LIEN_MAX",
    "MOINS",
    "PROFONDEUR_MAX",
    "SAUVEGARDE_TAILLE_MAX",
    "SAUVEGARDE_VERSION",
    "TAILLE_MAX_DOCUMENT",
    "TYPOGRAPHIE",
    "profondeur",
    "profondeur_json",
]

# == Limits on what comes from outside =========================================================

PROFONDEUR_MAX = 8
"""The deepest nesting of containers (lists and objects) in any JSON that comes from outside: a
share link ``{op, args: {etat: …}}`` (a heroic fight's state nests 4 deep, so 6 in its link), a
stored or imported characters' document (document → list → character → sheet: 4), a saved fight,
a fight file given to the command line. One limit, checked before anything is parsed."""

LIEN_MAX = 8192
"""The most characters of a share link's state, checked before anything is decoded."""

TAILLE_MAX_DOCUMENT = 1_000_000
"""The longest characters' document (stored or imported) or fight file, in characters (bytes for
a file, checked before it is read)."""

SAUVEGARDE_TAILLE_MAX = 400_000
"""The most characters of one tool's saved state on the device (with its undo steps)."""

# == What the page stores ======================================================================

SAUVEGARDE_VERSION = 1
"""The version of a tool's saved state on the device (``regles-etat:<widget>``)."""

JOURNAL_CLE = "regles.journal"
"""The storage key of the roll log."""
JOURNAL_VERSION = 2
"""The version of the roll log kept on the device."""

# == Text ======================================================================================

BIDI = "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
"""The invisible marks that reorder text (ALM, LRM, RLM, the embeddings and overrides, the isolates)."""

ISOLE = "\u2068[^\u2068\u2069]*\u2069"
"""What the reader typed, as the facade echoes it: between the isolates FSI and PDI (never retouched)."""

ESPACE_INSECABLE = "\u00a0"
ESPACE_FINE = "\u202f"
MOINS = "\u2212"

_ESPACES = "[ \u00a0\u202f]*"

TYPOGRAPHIE: tuple[tuple[str, str], ...] = (
    ("'", "’"),
    (f"«{_ESPACES}", f"«{ESPACE_INSECABLE}"),
    (f"{_ESPACES}»", f"{ESPACE_INSECABLE}»"),
    (rf"(?<=[^\s(]){_ESPACES}([;!?%])", rf"{ESPACE_FINE}\1"),
    (rf"{_ESPACES}:(?=[\s:]|$)", f"{ESPACE_INSECABLE}:"),
    (r"(?<![\w.])-(?=\d)", MOINS),
)
"""The site's French typography as (pattern, replacement) pairs in Python's ``re`` syntax, applied in
this order (:func:`rules_py.web.typographie.typographie`; the page's JavaScript gets the same pairs,
translated by the build). The order matters for idempotence: the colon rule comes after the others,
which may put a space after a colon."""

# == Depth, counted without recursion ==========================================================

_TEXTES_JSON = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_CROCHETS = re.compile(r"[\[\]{}]")


def profondeur_json(texte: str) -> int:
    """The deepest nesting of brackets in a JSON text, outside strings, read before parsing.

    A hostile file is refused before the parser recurses into it.

    >>> profondeur_json('{"a": [1, {"b": "[[["}]}')
    3
    """
    niveau = plus_profond = 0
    for crochet in _CROCHETS.finditer(_TEXTES_JSON.sub("", texte)):
        niveau += 1 if crochet.group() in "[{" else -1
        plus_profond = max(plus_profond, niveau)
    return plus_profond


def profondeur(valeur: object, *, limite: int = PROFONDEUR_MAX) -> int:
    """The nesting of containers in a parsed JSON value, counted without recursion; it stops
    counting past ``limite`` (any result over ``limite`` means « too deep »).

    >>> profondeur({"a": [1, {"b": "[[["}]}), profondeur(3), profondeur([[[]]])
    (3, 0, 3)
    """
    plus_profond = 0
    pile: list[tuple[object, int]] = [(valeur, 0)]
    while pile:
        element, niveau = pile.pop()
        if isinstance(element, Mapping):
            enfants = list(element.values())
        elif isinstance(element, list | tuple):
            enfants = list(element)
        else:
            continue
        plus_profond = max(plus_profond, niveau + 1)
        if plus_profond > limite:
            return plus_profond
        pile += [(enfant, niveau + 1) for enfant in enfants]
    return plus_profond
