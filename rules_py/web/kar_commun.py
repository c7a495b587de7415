"""What the BaSIC — KAR widgets share: d100 rolled or read, fields, labels, French typography.

The engines' own texts (log lines, reasons for a refusal, steps, effects)
are written with plain spaces and ASCII signs; :func:`typographie` gives them
the site's typography before a reader sees them.
"""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from fractions import Fraction
from typing import Any

from rules_py.d100 import Resultat, lire_jet
from rules_py.errors import InputError, RulesError
from rules_py.validation import choix, entier
from rules_py.web import affichage as af
from rules_py.web.registre import Widget
from rules_py.web.registre import widget as enregistrer

__all__ = [
    "LIBELLES_RESULTATS",
    "MODES",
    "case",
    "champ_nomme",
    "de_100",
    "en_francais",
    "fractions",
    "jet_d100",
    "mise_en_forme",
    "mode",
    "plage",
    "rejouer",
    "typographie",
    "vide",
    "widget",
]

ESPACE_INSECABLE = "\u00a0"
ESPACE_FINE = "\u202f"

MODES: tuple[tuple[str, str], ...] = (("realiste", "Réaliste"), ("heroique", "Héroïque ou fantastique"))
"""The two campaign modes (B1), with the labels a reader sees."""

LIBELLES_RESULTATS: dict[str, str] = {
    Resultat.REUSSITE_CRITIQUE.value: "réussite critique",
    Resultat.REUSSITE.value: "réussite",
    Resultat.ECHEC.value: "échec",
    Resultat.ECHEC_CRITIQUE.value: "maladresse",
}
"""The four results in the words of the KAR rules (the critical failure is the *maladresse*)."""

_REGLES_TYPO: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"'"), "’"),
    (re.compile(r"«[ \u00a0\u202f]*"), f"«{ESPACE_INSECABLE}"),
    (re.compile(r"[ \u00a0\u202f]*»"), f"{ESPACE_INSECABLE}»"),
    (re.compile(r"[ \u00a0\u202f]*:(?=\s|$)"), f"{ESPACE_INSECABLE}:"),
    (re.compile(r"[ \u00a0\u202f]*([;!?%])"), rf"{ESPACE_FINE}\1"),
    (re.compile(r"(?<![\w.])-(?=\d)"), "−"),
)


def typographie(texte: str) -> str:
    """An engine's text with French typography: no-break spaces, ’, and the true minus sign.

    >>> typographie("Passe 13 : Yang n'a plus d'Init (-2) ; 25% perdus !")
    'Passe 13\\xa0: Yang n’a plus d’Init (−2)\\u202f; 25\\u202f% perdus\\u202f!'
    >>> typographie("tranche 21-30, 12:30, « 00 »")
    'tranche 21-30, 12:30, «\xa000\xa0»'
    """
    for motif, remplacement in _REGLES_TYPO:
        texte = motif.sub(remplacement, texte)
    return texte


_CLES_TECHNIQUES = frozenset({"type", "classe", "op", "args", "faces"})


def mise_en_forme(blocs: list[af.Bloc]) -> list[af.Bloc]:
    """Display blocks with :func:`typographie` applied to every text a reader sees (not to button args).

    >>> mise_en_forme([af.texte("Seuil : 15 %", "resultat")])
    [{'type': 'texte', 'texte': 'Seuil\xa0: 15\u202f%', 'classe': 'resultat'}]
    """
    return [_forme(bloc) for bloc in blocs]


def _forme(valeur: Any) -> Any:
    if isinstance(valeur, str):
        return typographie(valeur)
    if isinstance(valeur, list):
        return [_forme(v) for v in valeur]
    if isinstance(valeur, dict):
        return {k: (v if k in _CLES_TECHNIQUES else _forme(v)) for k, v in valeur.items()}
    return valeur


def vide(valeur: object) -> bool:
    """Whether a form field was left empty (an empty optional field arrives as "")."""
    return valeur is None or (isinstance(valeur, str) and not valeur.strip())


def champ_nomme(valeur: object, nom: str, champ: str, **bornes: int) -> int:
    """An integer read under the reader's name ``nom`` (in the message) for the form field ``champ``.

    >>> champ_nomme("60", "KAR", "kar", minimum=0)
    60
    """
    try:
        return entier(valeur, nom, **bornes)
    except InputError as erreur:
        erreur.champ = champ
        raise


def case(args: Mapping[str, Any], champ: str, defaut: bool = False) -> bool:
    """A checkbox: the page sends true or false; absent or empty is ``defaut``.

    >>> case({"obscurite": True}, "obscurite"), case({}, "lutte")
    (True, False)
    """
    valeur = args.get(champ)
    if vide(valeur):
        return defaut
    if not isinstance(valeur, bool):
        raise InputError(f"« {champ} » doit valoir vrai ou faux.", champ=champ)
    return valeur


def jet_d100(args: Mapping[str, Any], champ: str, rng: random.Random) -> tuple[int, bool]:
    """The d100 of field ``champ``: read on the table ("00" is 100), or rolled when the field is empty.

    Returns the result and whether it was read (True) or rolled (False).

    >>> jet_d100({"jet": "00"}, "jet", random.Random(1))
    (100, True)
    """
    valeur = args.get(champ)
    if vide(valeur):
        return rng.randint(1, 100), False
    return lire_jet(valeur, champ), True


def de_100(jet: int) -> str:
    """A d100 result as the table reads it: two digits, 100 kept as such.

    >>> de_100(3), de_100(100)
    ('03', '100')
    """
    return f"{jet:02d}"


def plage(debut: int, fin: int) -> str:
    """A range of d100 results ("01 à 03"), or a dash when it is empty.

    >>> plage(1, 3), plage(4, 3), plage(7, 7)
    ('01 à 03', '—', '07')
    """
    if fin < debut:
        return "—"
    if fin == debut:
        return de_100(debut)
    return f"{de_100(debut)} à {de_100(fin)}"


def mode(args: Mapping[str, Any]) -> str:
    """The campaign mode of field ``mode`` (réaliste by default)."""
    valeur = args.get("mode")
    return "realiste" if vide(valeur) else choix(valeur, "mode", [cle for cle, _ in MODES])


def rejouer(
    args: Mapping[str, Any], champs: Iterable[str], **des: int | str | list[int] | None
) -> dict[str, Any]:
    """The arguments that replay a result without chance: the fields as sent, every die filled in.

    >>> rejouer({"score": "50", "jet": "", "bruit": 1}, ["score", "jet"], jet=42)
    {'score': '50', 'jet': '42'}
    """
    reponse: dict[str, Any] = {nom: args.get(nom, "") for nom in champs}
    for nom, valeur in des.items():
        if valeur is None:
            continue
        reponse[nom] = " ".join(map(str, valeur)) if isinstance(valeur, list) else str(valeur)
    return reponse


def fractions(probabilites: Mapping[Any, Fraction]) -> dict[str, str]:
    """Probabilities as exact ``a/b`` texts, keyed by text.

    >>> fractions({Resultat.REUSSITE: Fraction(1, 2)})
    {'reussite': '1/2'}
    """
    return {str(getattr(cle, "value", cle)): af.fraction(p) for cle, p in probabilites.items()}


def widget(declaration: Widget) -> Widget:
    """Register a widget, every label it shows (title, fields, choices, buttons) in French typography."""
    champs = tuple(
        replace(
            c,
            libelle=typographie(c.libelle),
            aide=typographie(c.aide),
            choix=tuple((k, typographie(v)) for k, v in c.choix),
        )
        for c in declaration.champs
    )
    actions = tuple(replace(a, libelle=typographie(a.libelle)) for a in declaration.actions)
    return enregistrer(
        replace(
            declaration,
            titre=typographie(declaration.titre),
            description=typographie(declaration.description),
            champs=champs,
            actions=actions,
        )
    )


def en_francais(
    fonction: Callable[[Mapping[str, Any], random.Random], dict[str, Any]],
) -> Callable[[Mapping[str, Any], random.Random], dict[str, Any]]:
    """An operation whose error messages (the engine's too) get the site's typography."""

    @functools.wraps(fonction)
    def appel(args: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
        try:
            return fonction(args, rng)
        except RulesError as erreur:
            erreur.message = typographie(erreur.message)
            erreur.args = (erreur.message,)
            raise

    return appel
