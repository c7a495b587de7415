"""Dice from any expression: the ``jet-de-des`` tool, the dice in the text, the CLI."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Annotated, Any

from rules_py.dice import Expression, distribution, parse
from rules_py.errors import DiceLimitError
from rules_py.outils.champs import Champ
from rules_py.outils.registre import Action, outils_du_systeme
from rules_py.systemes import DES
from rules_py.web import affichage as af
from rules_py.web.commun import barres_distribution, detail_du_jet, lancer_ou_lire, note_de_lecture

__all__ = ["JetDeDes"]


EXPRESSION_PAR_DEFAUT = parse("1d6+2")
AIDE_DES = "Laissez vide pour lancer ; sinon les valeurs dans l'ordre, séparées par des espaces."


@dataclass(frozen=True, slots=True)
class JetDeDes:
    """An expression, and the dice read on the table if the reader rolled them by hand."""

    expression: Annotated[
        Expression, Champ("Expression de dés", aide="Par exemple 2d6+1, 1d100, 1d8−1d4.")
    ] = EXPRESSION_PAR_DEFAUT
    des: Annotated[
        list[int] | None, Champ("Dés lus sur la table (facultatif)", lu=True, aide=AIDE_DES, plie=True)
    ] = None


def _valeurs_de(dist: Any) -> af.Bloc:
    lignes = [("Minimum", dist.min), ("Moyenne", dist.mean), ("Maximum", dist.max)]
    return af.valeurs([(libelle, af.nombre(valeur)) for libelle, valeur in lignes])


def distribution_exacte(entrees: JetDeDes, rng: random.Random) -> dict[str, Any]:
    """The exact distribution of an expression: every total with its probability as ``a/b``."""
    dist = distribution(entrees.expression).sorted()
    return {
        "expression": entrees.expression,
        "min": dist.min,
        "max": dist.max,
        "moyenne": dist.mean,
        "probabilites": dist,
        "affichage": [
            af.texte(f"Distribution exacte de {entrees.expression} :"),
            _valeurs_de(dist),
            barres_distribution(dist),
        ],
    }


@outils_du_systeme(DES)(
    "jet-de-des",
    "Lancer de dés",
    "Lance une expression de dés (ou totalise les dés lus), avec la chance de chaque total.",
    "des.lancer",
    "Lancer",
    Action("des.distribution", "Distribution exacte", distribution_exacte, bouton=False),
    exemple_par="des.distribution",
)
def lancer(entrees: JetDeDes, rng: random.Random) -> dict[str, Any]:
    """Roll an expression (or total dice read on the table), with its exact odds."""
    expression = entrees.expression
    resultat, lus = lancer_ou_lire(expression, entrees.des, rng)
    reponse: dict[str, Any] = {
        "expression": expression,
        "des": resultat.dice,
        "total": resultat.total,
        "des_lus": lus,
        "tires": {"des": list(resultat.dice)},
    }
    blocs = [af.texte(f"{expression} → {detail_du_jet(resultat)} = {af.nombre(resultat.total)}", "resultat")]
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
        reponse.update(minimum=dist.min, maximum=dist.max, moyenne=dist.mean, probabilite_total=p_total)
        blocs.append(_valeurs_de(dist))
        blocs.append(
            af.valeurs(
                [
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
