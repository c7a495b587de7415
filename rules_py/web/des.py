"""Dice from any expression: the ``jet-de-des`` widget, the dice in the text, the CLI."""

from __future__ import annotations

import random
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from rules_py.dice import Distribution, Expression, Roll, distribution, parse, roll, total_of
from rules_py.errors import DiceLimitError, InputError, RulesError
from rules_py.web import affichage as af
from rules_py.web.registre import Action, Champ, Widget, operation, widget

__all__ = ["barres_distribution", "lire_des_lus", "lire_expression"]

MAX_BARRES = 40


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
    """Dice read on the table, typed as numbers separated by spaces or commas; None when empty."""
    valeur = args.get(champ)
    if valeur in (None, "", []):
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


def _jet(expression: Expression, args: Mapping[str, Any], rng: random.Random) -> tuple[Roll, bool]:
    lus = lire_des_lus(args)
    if lus is None:
        return roll(expression, rng), False
    try:
        return total_of(expression, lus), True
    except DiceLimitError as erreur:
        raise InputError(erreur.message, champ="des") from None


def barres_distribution(dist: Distribution[int], total: int | None = None) -> af.Bloc:
    """The bar chart of a distribution of totals, in at most 40 bars (ranges when wider)."""
    dist = dist.sorted()
    issues = list(dist)
    if len(issues) <= MAX_BARRES:
        return af.barres(dist.probabilities(), legende="Probabilité de chaque total", surligne=total)
    largeur = -(-len(issues) // MAX_BARRES)
    groupes: dict[tuple[int, int], Fraction] = {}
    marque = None
    for debut in range(0, len(issues), largeur):
        tranche = issues[debut : debut + largeur]
        cle = (tranche[0], tranche[-1])
        groupes[cle] = sum((dist.probability(v) for v in tranche), Fraction(0))
        if total is not None and tranche[0] <= total <= tranche[-1]:
            marque = cle
    return af.barres(
        groupes,
        legende="Probabilité par tranche de totaux",
        etiquette=lambda cle: f"{af.nombre(cle[0])} à {af.nombre(cle[1])}",
        surligne=marque,
    )


def _detail(resultat: Roll) -> str:
    morceaux = []
    for index, terme in enumerate(resultat.terms):
        signe = "−" if terme.term.sign < 0 else ("+" if index else "")
        contenu = f"[{', '.join(map(str, terme.values))}]" if terme.values else str(abs(terme.value))
        morceaux.append(f"{signe} {contenu}".strip() if index else f"{signe}{contenu}")
    return " ".join(morceaux)


@operation("des.lancer")
def lancer(args: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """Roll an expression (or total dice read on the table), with its exact odds."""
    expression = lire_expression(args)
    resultat, lus = _jet(expression, args, rng)
    reponse: dict[str, Any] = {
        "expression": str(expression),
        "des": list(resultat.dice),
        "total": resultat.total,
        "des_lus": lus,
        "rejouer": {"expression": str(expression), "des": " ".join(map(str, resultat.dice))},
    }
    blocs = [
        af.texte(f"{expression} → {_detail(resultat)} = {af.nombre(resultat.total)}", "resultat"),
    ]
    if resultat.dice:
        premier = next(t for _, t in expression.dice)
        if all(d.sides == premier.sides for _, d in expression.dice):
            blocs.append(af.des(resultat.dice, premier.sides))
    try:
        dist = distribution(expression)
    except DiceLimitError as erreur:
        blocs.append(af.texte(erreur.message, "note"))
    else:
        p_total = dist.probability(resultat.total)
        reponse.update(
            minimum=dist.min,
            maximum=dist.max,
            moyenne=af.fraction(dist.mean),
            probabilite_total=af.fraction(p_total),
        )
        blocs.append(
            af.valeurs(
                [
                    ("Minimum", af.nombre(dist.min)),
                    ("Moyenne", af.nombre(dist.mean)),
                    ("Maximum", af.nombre(dist.max)),
                    (f"Chance de faire exactement {af.nombre(resultat.total)}", af.pourcentage(p_total)),
                    (
                        f"Chance de faire {af.nombre(resultat.total)} ou plus",
                        af.pourcentage(dist.probability_where(lambda t: t >= resultat.total)),
                    ),
                ]
            )
        )
        blocs.append(barres_distribution(dist, resultat.total))
    if lus:
        blocs.append(af.texte("Résultat calculé avec les dés lus sur la table.", "note"))
    reponse["affichage"] = blocs
    return reponse


@operation("des.distribution")
def distribution_exacte(args: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """The exact distribution of an expression: every total with its probability as ``a/b``."""
    expression = lire_expression(args)
    dist = distribution(expression).sorted()
    return {
        "expression": str(expression),
        "min": dist.min,
        "max": dist.max,
        "moyenne": af.fraction(dist.mean),
        "probabilites": {str(t): af.fraction(p) for t, p in dist.probabilities().items()},
        "affichage": [
            af.valeurs(
                [
                    ("Minimum", af.nombre(dist.min)),
                    ("Moyenne", af.nombre(dist.mean)),
                    ("Maximum", af.nombre(dist.max)),
                ]
            ),
            barres_distribution(dist),
        ],
    }


def _statique_jet(options: Mapping[str, Any]) -> list[af.Bloc]:
    expression = parse(str(options.get("expression", "1d6+2")))
    dist = distribution(expression)
    return [
        af.texte(f"Distribution exacte de {expression} :"),
        af.valeurs(
            [
                ("Minimum", af.nombre(dist.min)),
                ("Moyenne", af.nombre(dist.mean)),
                ("Maximum", af.nombre(dist.max)),
            ]
        ),
        barres_distribution(dist),
    ]


widget(
    Widget(
        nom="jet-de-des",
        titre="Lancer de dés",
        description="Lancez n'importe quelle expression, ou entrez les dés lus sur la table.",
        champs=(
            Champ(
                "expression",
                "Expression de dés",
                genre="texte",
                defaut="1d6+2",
                aide="Par exemple 2d6+1, 1d100, 1d8−1d4.",
            ),
            Champ(
                "des",
                "Dés lus sur la table (facultatif)",
                genre="texte",
                facultatif=True,
                ephemere=True,
                aide="Laissez vide pour lancer ; sinon les valeurs dans l'ordre, séparées par des espaces.",
            ),
        ),
        actions=(Action("des.lancer", "Lancer"),),
        statique=_statique_jet,
        options=("expression",),
    )
)
