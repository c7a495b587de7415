"""Dice from any expression: the ``jet-de-des`` widget, the dice in the text, the CLI."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from rules_py.dice import distribution, parse
from rules_py.errors import DiceLimitError
from rules_py.web import affichage as af
from rules_py.web.commun import (
    barres_distribution,
    detail_du_jet,
    en_fractions,
    jet_d_expression,
    lire_expression,
    note_de_lecture,
    rejouer,
)
from rules_py.web.registre import Action, Champ, Widget, operation, widget

__all__: list[str] = []


@operation("des.lancer")
def lancer(args: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """Roll an expression (or total dice read on the table), with its exact odds."""
    expression = lire_expression(args)
    resultat, lus = jet_d_expression(expression, args, "des", rng)
    reponse: dict[str, Any] = {
        "expression": str(expression),
        "des": list(resultat.dice),
        "total": resultat.total,
        "des_lus": lus,
        "rejouer": rejouer({"expression": str(expression)}, des=resultat.dice),
    }
    blocs = [
        af.texte(f"{expression} → {detail_du_jet(resultat)} = {af.nombre(resultat.total)}", "resultat"),
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
        blocs.append(note_de_lecture("les dés lus"))
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
        "probabilites": en_fractions(dist),
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
