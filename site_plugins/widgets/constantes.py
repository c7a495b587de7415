"""The page's module of shared constants, ``assets/regles/constantes.js``, written from Python.

Every number, name or list the JavaScript needs and Python declares (:mod:`rules_py.constantes`, the
characters' schema and version, each tool's operations) is written here into one ES module; the
JavaScript imports it and types none of them again. The build ships :func:`module_js`'s text; the copy
committed beside the other assets (for ESLint, ``tsc`` and ``node --test``) is checked equal to it
by the suite (tests/site/test_constantes_js.py).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from rules_py import constantes as k
from rules_py import personnages
from rules_py.web.outil import OUTILS

__all__ = ["CHEMIN", "module_js", "motif_js"]

CHEMIN = Path(__file__).with_name("assets") / "constantes.js"


def motif_js(motif: str) -> str:
    r"""A pattern of Python's ``re`` as the same pattern for a JavaScript ``RegExp`` with the ``u`` flag.

    Python's ``\w`` and ``\d`` are Unicode-wide; JavaScript's are ASCII-only, so they become the
    Unicode classes (``\w`` is only ever used inside a class in the typography's patterns).

    >>> motif_js(r"(?<![\w.])-(?=\d)")
    '(?<![\\p{L}\\p{N}_.])-(?=\\p{Nd})'
    """
    if re.search(r"(?<!\\)\\w(?![^\[]*\])", motif):
        raise ValueError(f"\\w hors d'une classe : {motif}")
    return motif.replace(r"\w", r"\p{L}\p{N}_").replace(r"\d", r"\p{Nd}")


def _remplacement_js(remplacement: str) -> str:
    return re.sub(r"\\(\d)", r"$\1", remplacement)


def _valeur(valeur: object) -> str:
    return json.dumps(valeur, ensure_ascii=True)


def module_js() -> str:
    """The text of ``constantes.js``."""
    typographie = [[motif_js(m), _remplacement_js(r)] for m, r in k.TYPOGRAPHIE]
    operations = {nom: list(outil.operations) for nom, outil in sorted(OUTILS.items())}
    lignes = [
        "// Generated from Python by site_plugins/widgets/constantes.py (rules_py.constantes, the",
        "// characters' schema, each tool's operations): do not edit;",
        "// `python -m site_plugins.widgets.constantes` writes it again.",
        "",
        "/** The deepest nesting of lists and objects in any JSON from outside (link, storage, file). */",
        f"export const PROFONDEUR_MAX = {k.PROFONDEUR_MAX}",
        "/** The most characters of a share link's state, checked before anything is decoded. */",
        f"export const LIEN_MAX = {k.LIEN_MAX}",
        "/** The longest characters' document, stored or imported (characters; bytes for a file). */",
        f"export const TAILLE_MAX_DOCUMENT = {k.TAILLE_MAX_DOCUMENT}",
        "/** The most characters of one tool's saved state on the device. */",
        f"export const SAUVEGARDE_TAILLE_MAX = {k.SAUVEGARDE_TAILLE_MAX}",
        "/** The version of a tool's saved state on the device. */",
        f"export const SAUVEGARDE_VERSION = {k.SAUVEGARDE_VERSION}",
        "/** The roll log's storage key and version. */",
        f"export const JOURNAL_CLE = {_valeur(k.JOURNAL_CLE)}",
        f"export const JOURNAL_VERSION = {k.JOURNAL_VERSION}",
        "/** The characters' stored document: its schema (also its storage key) and version. */",
        f"export const PERSONNAGES_SCHEMA = {_valeur(personnages.SCHEMA)}",
        f"export const PERSONNAGES_VERSION = {personnages.VERSION}",
        "/** The invisible marks that reorder text. */",
        f"export const BIDI = {_valeur(k.BIDI)}",
        "/** What the reader typed, as the engine echoes it: between U+2068 and U+2069 (a RegExp source). */",
        f"export const ISOLE = {_valeur(k.ISOLE)}",
        "/**",
        " * The site's French typography: [RegExp source (flags gu), replacement], applied in this order.",
        " * @type {ReadonlyArray<readonly [string, string]>}",
        " */",
        f"export const TYPOGRAPHIE = {_valeur(typographie)}",
        "/**",
        " * Each tool's operations, by the tool's name (its block's data-widget).",
        " * @type {Readonly<Record<string, readonly string[]>>}",
        " */",
        f"export const OPERATIONS = {_valeur(operations)}",
        "",
    ]
    return "\n".join(lignes)


if __name__ == "__main__":
    CHEMIN.write_text(module_js(), encoding="utf-8")
