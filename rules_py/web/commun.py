"""What the facades of every system share: reading a form, replaying a result, small pieces of French.

Reading: an empty field, a checkbox, an integer named as the reader sees it,
a d100 or dice rolled or read on the table, a dice expression. Answering: the
arguments that replay a result without chance (``rejouer``), exact odds as
``a/b`` texts. Writing: percentages, signed modifiers, a d100 face, the note
that says the dice were read, and a bar chart of totals in at most 40 bars.
The site's typography is not applied here but once, centrally
(:mod:`rules_py.web.typographie`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from rules_py.d100 import lire_jet
from rules_py.dice import Distribution, Expression, Roll, parse, roll, total_of
from rules_py.errors import DiceLimitError, InputError, RulesError
from rules_py.validation import entier
from rules_py.web import affichage as af

__all__ = [
    "MAX_BARRES",
    "barres_distribution",
    "case",
    "champ_entier",
    "de_100",
    "detail_du_jet",
    "en_fractions",
    "jet_d100",
    "jet_d_expression",
    "jet_lu",
    "lancer_ou_lire",
    "lire_des_lus",
    "lire_expression",
    "note_de_lecture",
    "pour_cent",
    "rejouer",
    "signe",
    "terme",
    "vide",
]

# == Reading the form ===========================================================


def vide(valeur: object) -> bool:
    """Whether a form field was left empty: absent, or text with nothing but spaces.

    >>> vide(None), vide(" "), vide("0"), vide(0)
    (True, True, False, False)
    """
    return valeur is None or (isinstance(valeur, str) and not valeur.strip())


_VRAI = frozenset({"true", "on", "oui", "1"})
_FAUX = frozenset({"false", "off", "non", "0", ""})


def case(
    args: Mapping[str, Any], champ: str, defaut: bool = False, *, libelle: str = "", stricte: bool = False
) -> bool:
    """A checkbox: the page sends true or false; absent, it is ``defaut``.

    The spellings of a shared link or a hand-written call are read too (« true »,
    « on », « oui », « 1 »; « false », « off », « non », « 0 », or empty for
    unchecked), unless ``stricte``: then only true or false, an empty field
    being ``defaut``. An error names the box by ``libelle`` (by default its field).

    >>> case({"prevenu": "oui"}, "prevenu"), case({}, "prevenu", True), case({"prevenu": ""}, "prevenu", True)
    (True, True, False)
    >>> case({"obscurite": ""}, "obscurite", True, stricte=True)
    True
    >>> case({"obscurite": "oui"}, "obscurite", stricte=True)
    Traceback (most recent call last):
    ...
    rules_py.errors.InputError: « obscurite » doit valoir vrai ou faux.
    """
    valeur = args.get(champ)
    if isinstance(valeur, bool):
        return valeur
    if stricte:
        if vide(valeur):
            return defaut
        raise InputError(f"« {libelle or champ} » doit valoir vrai ou faux.", champ=champ)
    if valeur is None:
        return defaut
    if isinstance(valeur, str) and valeur.strip().lower() in _VRAI:
        return True
    if isinstance(valeur, str) and valeur.strip().lower() in _FAUX:
        return False
    raise InputError(f"« {libelle or champ} » se coche ou se décoche.", champ=champ)


def champ_entier(args: Mapping[str, Any], champ: str, libelle: str = "", **bornes: int) -> int:
    """Field ``champ`` as an integer; messages name it ``libelle`` (by default ``champ``).

    >>> champ_entier({"kar": "60"}, "kar", "KAR", minimum=0)
    60
    >>> champ_entier({"kar": "-1"}, "kar", "KAR", minimum=0)
    Traceback (most recent call last):
    ...
    rules_py.errors.InputError: « KAR » doit être au moins 0 (reçu : -1).
    """
    try:
        return entier(args.get(champ), libelle or champ, **bornes)
    except InputError as erreur:
        erreur.champ = champ
        raise


def jet_lu(args: Mapping[str, Any], champ: str = "jet", libelle: str = "") -> int | None:
    """The d100 typed in field ``champ`` (« 00 » is 100), or ``None`` when the field is empty.

    >>> jet_lu({"jet": "00"}), jet_lu({"jet": " "})
    (100, None)
    """
    valeur = args.get(champ)
    if vide(valeur):
        return None
    try:
        return lire_jet(valeur, libelle or champ)
    except InputError as erreur:
        erreur.champ = champ
        raise


def jet_d100(args: Mapping[str, Any], champ: str, rng: random.Random, libelle: str = "") -> tuple[int, bool]:
    """The d100 of field ``champ``: read on the table, or rolled when the field is empty.

    Returns the result and whether it was read (True) or rolled (False).

    >>> jet_d100({"jet": "07"}, "jet", random.Random(1)), jet_d100({}, "jet", random.Random(1))
    ((7, True), (18, False))
    """
    lu = jet_lu(args, champ, libelle)
    if lu is None:
        return rng.randint(1, 100), False
    return lu, True


def lire_expression(args: Mapping[str, Any], champ: str = "expression") -> Expression:
    """The dice expression of field ``champ``, parsed (errors name the field)."""
    valeur = args.get(champ)
    if not isinstance(valeur, str):
        raise InputError("Écrivez une expression de dés, par exemple 1d6+2.", champ=champ)
    try:
        return parse(valeur)
    except RulesError as erreur:
        erreur.champ = champ
        raise


def lire_des_lus(args: Mapping[str, Any], champ: str = "des") -> list[int] | None:
    """Dice read on the table, typed as numbers separated by spaces or commas; None when empty.

    >>> lire_des_lus({"des": "3, 5;6"}), lire_des_lus({"des": ""}), lire_des_lus({"des": [4, 1]})
    ([3, 5, 6], None, [4, 1])
    """
    valeur = args.get(champ)
    if vide(valeur) or valeur == []:
        return None
    if isinstance(valeur, list):
        morceaux = [str(v) for v in valeur]
    elif isinstance(valeur, str | int):
        morceaux = str(valeur).replace(",", " ").replace(";", " ").split()
    else:
        raise InputError("Les dés lus s'écrivent comme des nombres séparés par des espaces.", champ=champ)
    if len(morceaux) > 2000:
        raise InputError("Trop de dés lus (au plus 2 000).", champ=champ)
    des: list[int] = []
    for morceau in morceaux:
        if not (morceau.isascii() and morceau.isdigit()) or len(morceau) > 4:
            raise InputError(
                f"« {morceau[:10]} » n'est pas un dé : écrivez les valeurs lues, par exemple 3 5.",
                champ=champ,
            )
        des.append(int(morceau))
    return des


def jet_d_expression(
    expression: Expression, args: Mapping[str, Any], champ: str, rng: random.Random
) -> tuple[Roll, bool]:
    """``expression`` rolled, or totalled from the dice read in field ``champ``; and whether they were."""
    lus = lire_des_lus(args, champ)
    if lus is None:
        return roll(expression, rng), False
    try:
        return total_of(expression, lus), True
    except DiceLimitError as erreur:
        raise InputError(erreur.message, champ=champ) from None


def lancer_ou_lire(
    expression: Expression, lus: list[int] | None, rng: random.Random, champ: str = "des"
) -> tuple[Roll, bool]:
    """``expression`` rolled, or totalled from the dice ``lus`` on the table; and whether they were read.

    A wrong count of dice is an error on the field ``champ`` that holds them.
    """
    if lus is None:
        return roll(expression, rng), False
    try:
        return total_of(expression, lus), True
    except DiceLimitError as erreur:
        raise InputError(erreur.message, champ=champ) from None


# == Answering ==================================================================


def rejouer(
    args: Mapping[str, Any], champs: Sequence[str] | None = None, **des: int | str | Sequence[int] | None
) -> dict[str, Any]:
    """The arguments that replay a result without chance: the fields as sent, every die filled in.

    ``champs``: the fields kept (all of ``args`` by default); a die ``None`` leaves its field as sent.

    >>> rejouer({"score": "50", "jet": "", "bruit": 1}, ["score", "jet"], jet=42)
    {'score': '50', 'jet': '42'}
    >>> rejouer({"des": ""}, des=(6, 4, 1), jet=None)
    {'des': '6 4 1'}
    """
    reponse: dict[str, Any] = {nom: args.get(nom, "") for nom in (args if champs is None else champs)}
    for nom, valeur in des.items():
        if valeur is None:
            continue
        reponse[nom] = " ".join(map(str, valeur)) if isinstance(valeur, list | tuple) else str(valeur)
    return reponse


def en_fractions(probabilites: Mapping[Any, Fraction] | Distribution[Any]) -> dict[str, str]:
    """Exact odds as ``a/b`` texts keyed by text (an enumeration by its value); a law in increasing order.

    >>> from rules_py.d100 import Resultat
    >>> en_fractions({Resultat.REUSSITE: Fraction(1, 2)}), en_fractions(Distribution({2: 1, 1: 3}))
    ({'reussite': '1/2'}, {'1': '3/4', '2': '1/4'})
    """
    if isinstance(probabilites, Distribution):
        probabilites = probabilites.sorted().probabilities()
    return {str(getattr(cle, "value", cle)): af.fraction(p) for cle, p in probabilites.items()}


# == Writing ====================================================================


def pour_cent(valeur: int) -> str:
    """A whole percentage, with a thin space and a true minus.

    >>> pour_cent(67), pour_cent(-15)
    ('67\\u202f%', '\\u221215\\u202f%')
    """
    return f"{af.nombre(valeur)}{af.ESPACE_FINE}%"


def signe(valeur: int) -> str:
    """A modifier with its sign: ``+10``, ``−20``, ``0``.

    >>> signe(10), signe(-20), signe(0)
    ('+10', '\\u221220', '0')
    """
    return f"+{valeur}" if valeur > 0 else af.nombre(valeur)


def terme(valeur: int) -> str:
    """A term added to a sum: ``+ 2``, ``− 1``, ``+ 0``.

    >>> terme(2), terme(-1), terme(0)
    ('+ 2', '\\u2212 1', '+ 0')
    """
    return f"− {af.nombre(-valeur)}" if valeur < 0 else f"+ {af.nombre(valeur)}"


def de_100(jet: int) -> str:
    """A d100 result written with two digits, 100 kept as such.

    >>> de_100(3), de_100(100)
    ('03', '100')
    """
    return f"{jet:02d}"


def note_de_lecture(quoi: str = "le jet lu") -> af.Bloc:
    """The note that says the result comes from ``quoi``, read on the table."""
    return af.texte(f"Résultat calculé avec {quoi} sur la table.", "note")


def detail_du_jet(jet: Roll) -> str:
    """The dice and numbers of a rolled expression, term by term: ``[3, 5] − [2] + 1``.

    >>> detail_du_jet(total_of(parse("2d6-1d4+1"), [3, 5, 2]))
    '[3, 5] − [2] + 1'
    """
    morceaux = []
    for index, terme_du_jet in enumerate(jet.terms):
        signe_du_terme = "−" if terme_du_jet.term.sign < 0 else ("+" if index else "")
        contenu = (
            f"[{', '.join(map(str, terme_du_jet.values))}]"
            if terme_du_jet.values
            else str(abs(terme_du_jet.value))
        )
        morceaux.append(f"{signe_du_terme} {contenu}" if index else f"{signe_du_terme}{contenu}")
    return " ".join(morceaux)


MAX_BARRES = 40
"""The most bars in one chart; beyond, outcomes are grouped in ranges."""


def barres_distribution(
    dist: Distribution[int],
    surligne: int | None = None,
    *,
    legende: str = "Probabilité de chaque total",
    legende_tranches: str = "Probabilité par tranche de totaux",
    etiquette: Callable[[int], str] = str,
) -> af.Bloc:
    """The bar chart of a law of integers, in at most 40 bars (ranges of outcomes when wider).

    >>> [b["etiquette"] for b in barres_distribution(Distribution.die(100))["barres"]][:2]
    ['1 à 3', '4 à 6']
    """
    dist = dist.sorted()
    issues = list(dist)
    if len(issues) <= MAX_BARRES:
        return af.barres(dist.probabilities(), legende=legende, etiquette=etiquette, surligne=surligne)
    largeur = -(-len(issues) // MAX_BARRES)
    groupes: dict[tuple[int, int], Fraction] = {}
    marque = None
    for debut in range(0, len(issues), largeur):
        tranche = issues[debut : debut + largeur]
        cle = (tranche[0], tranche[-1])
        groupes[cle] = sum((dist.probability(v) for v in tranche), Fraction(0))
        if surligne is not None and tranche[0] <= surligne <= tranche[-1]:
            marque = cle
    return af.barres(
        groupes,
        legende=legende_tranches,
        etiquette=lambda cle: f"{af.nombre(cle[0])} à {af.nombre(cle[1])}",
        surligne=marque,
    )
