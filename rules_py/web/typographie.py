"""The site's French typography, for every text a reader sees.

The facades write their sentences with plain spaces and ASCII signs, and so
do the engines (log lines, reasons, steps, messages). :func:`typographie` sets
one text the site's way; :func:`mise_en_forme` applies it to display blocks.
Both are applied once, centrally: by :meth:`rules_py.web.Moteur.appeler` to
every result's ``affichage`` and every error message, and at build time by the
widget block to the form (title, labels, help, choices, buttons) and to the
static fallback. The other keys of a result are data, never retouched.

The convention:

- the apostrophe ’ for ``'``;
- a no-break space (U+00A0) inside « » and before a colon followed by a space
  or the end (``12:30`` stays as is; in ``::`` both colons get it);
- a narrow no-break space (U+202F) before ; ! ? and % when they follow a
  word, a number or a sign (not the start of the text nor an opening
  parenthesis: ``ATT (%)`` stays);
- the minus sign − for a hyphen before a digit that follows neither a letter,
  a digit nor a dot (``-2`` becomes ``−2``; ``21-30`` and ``1d8-1`` stay).

Applying it twice changes nothing.

>>> typographie("Passe 13 : Yang n'a plus d'Init (-2) ; 25% perdus !")
'Passe 13\\xa0: Yang n’a plus d’Init (−2)\\u202f; 25\\u202f% perdus\\u202f!'
>>> typographie("tranche 21-30, 12:30, « 00 », ATT (%)")
'tranche 21-30, 12:30, «\\xa000\\xa0», ATT (%)'
"""

from __future__ import annotations

import re
from typing import Any

from rules_py.constantes import ESPACE_INSECABLE, TYPOGRAPHIE
from rules_py.constantes import ISOLE as _ISOLE
from rules_py.web.affichage import Bloc

__all__ = ["CLES_TECHNIQUES", "ESPACE_INSECABLE", "mise_en_forme", "typographie"]

# The rules are data (rules_py.constantes), shared with the page's JavaScript; a colon followed by a
# colon gets its space too, since the next one will get its own.
_REGLES: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(m), r) for m, r in TYPOGRAPHIE)

CLES_TECHNIQUES = frozenset({"type", "classe", "op", "args", "faces"})
"""Keys of display blocks whose values are for the page's script, not for a reader."""


ISOLE = re.compile(_ISOLE)
"""What the reader typed, as the facade echoes it: between the isolates FSI and PDI (never retouched)."""


def typographie(texte: str) -> str:
    """One text set the French way (see the module's convention); idempotent.

    What the reader typed, isolated between U+2068 and U+2069, is left exactly as typed.

    >>> typographie("Jet 05 : touche ; 80 % ! L'arme « 1d3+2 », -1d8")
    'Jet 05\\xa0: touche\\u202f; 80\\u202f%\\u202f! L’arme «\\xa01d3+2\\xa0», \\u22121d8'
    >>> typographie(typographie("« x » : ok ?")) == typographie("« x » : ok ?")
    True
    >>> typographie("\u2068D'Ar &lt; -2\u2069 : ok ?")
    "\\u2068D'Ar &lt; -2\\u2069\\xa0: ok\\u202f?"
    """
    isoles = iter(ISOLE.findall(texte))
    texte = ISOLE.sub("\u2068\ue000\u2069", texte)
    for motif, remplacement in _REGLES:
        texte = motif.sub(remplacement, texte)
    return re.sub("\u2068\ue000\u2069", lambda _: next(isoles), texte)


def mise_en_forme(blocs: list[Bloc]) -> list[Bloc]:
    """Display blocks with :func:`typographie` on every text a reader sees, never on technical keys.

    Button arguments, operations, block types and classes stay as they are.

    >>> mise_en_forme([{"type": "texte", "texte": "Seuil : 15 %", "classe": "resultat"}])
    [{'type': 'texte', 'texte': 'Seuil\\xa0: 15\\u202f%', 'classe': 'resultat'}]
    >>> mise_en_forme([{"type": "boutons", "boutons": [{"libelle": "Retirer D'Ar", "args": {"x": "D'Ar"}}]}])
    [{'type': 'boutons', 'boutons': [{'libelle': 'Retirer D’Ar', 'args': {'x': "D'Ar"}}]}]
    """
    return [_forme(bloc) for bloc in blocs]


def _forme(valeur: Any) -> Any:
    if isinstance(valeur, str):
        return typographie(valeur)
    if isinstance(valeur, list):
        return [_forme(v) for v in valeur]
    if isinstance(valeur, dict):
        return {k: (v if k in CLES_TECHNIQUES else _forme(v)) for k, v in valeur.items()}
    return valeur
