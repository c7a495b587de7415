"""What the facades of every system share: dice rolled or read on the table, and small pieces of French.

Percentages, signed modifiers and terms, a d100 face, the note that says the dice were read, the
dice of a rolled expression term by term, a bar chart of totals in at most 40 bars, and the two
blocks of a d100 test's results (the faces of each result, their exact chances). Reading the
inputs is the declarations' (:mod:`rules_py.outils.champs`); the site's typography is applied once,
centrally (:mod:`rules_py.web.typographie`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from rules_py.dice import Distribution, Expression, Roll, roll, total_of
from rules_py.errors import DiceLimitError, InputError
from rules_py.web import affichage as af

__all__ = [
    "MAX_BARRES",
    "barres_distribution",
    "champs_de",
    "de_100",
    "detail_du_jet",
    "lancer_ou_lire",
    "note_de_lecture",
    "pour_cent",
    "resultats_du_d100",
    "signe",
    "terme",
]

# == Dice =======================================================================


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


def champs_de(objet: Any) -> dict[str, Any]:
    """The fields of an engine dataclass, as an answer's keys (``en_json`` encodes each value)."""
    return {nom: getattr(objet, nom) for nom in objet.__dataclass_fields__}


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

    >>> from rules_py.dice import parse
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


def resultats_du_d100(
    entetes: Sequence[str],
    ordre: Sequence[Any],
    ligne: Callable[[Any], Sequence[str]],
    probabilites: Mapping[Any, Fraction],
    etiquette: Callable[[Any], str],
    resultat: object,
    *,
    legende: str | None = None,
    legende_des_chances: str,
) -> list[af.Bloc]:
    """The two blocks of a d100 test (every system's): a row per result of ``ordre`` with the faces
    that give it (``ligne``), the reader's result marked, then the bars of the exact chances.

    >>> tableau, barres = resultats_du_d100(
    ...     ["Résultat", "Jets"], [True, False], lambda r: ["Oui", "01–40"] if r else ["Non", "41–00"],
    ...     {True: Fraction(2, 5), False: Fraction(3, 5)}, {True: "Oui", False: "Non"}.get, False,
    ...     legende_des_chances="Chances",
    ... )
    >>> tableau["surligne"], tableau["lignes"][1], [b["etiquette"] for b in barres["barres"]]
    (1, ['Non', '41–00'], ['Oui', 'Non'])
    """
    surligne = list(ordre).index(resultat) if resultat in ordre else None
    return [
        af.tableau(entetes, [ligne(r) for r in ordre], legende=legende, surligne=surligne),
        af.barres(probabilites, legende=legende_des_chances, etiquette=etiquette, surligne=resultat),
    ]
