"""Pages « Attributs dérivés » and « Blessures et guérison »: a character's derived attributes gathered."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules_py.basic_maison.attributs_derives import (
    ModificateurDeDegats,
    modificateur_de_degats,
    points_de_magie,
    points_de_vie,
)
from rules_py.basic_maison.blessures_et_guerison import vitesse_de_guerison
from rules_py.basic_maison.caracteristiques import lire_caracteristiques

# == Attributs (récapitulatif) ==================================================


@dataclass(frozen=True, slots=True)
class Attributs:
    """The derived attributes of a character."""

    points_de_vie: int
    points_de_magie: int
    modificateur_de_degats: ModificateurDeDegats
    vitesse_de_guerison: int


def attributs(caracteristiques: Mapping[str, int]) -> Attributs:
    """PV, PM, damage modifier and healing rate from the seven characteristics.

    >>> attributs({"FOR": 12, "CON": 13, "TAI": 12, "DEX": 14, "INT": 15, "POU": 10, "CHA": 9})
    Attributs(points_de_vie=13, points_de_magie=10, modificateur_de_degats=ModificateurDeDegats(somme=24, \
modificateur='0', hors_table=False), vitesse_de_guerison=3)
    """
    valeurs = lire_caracteristiques(caracteristiques)
    return Attributs(
        points_de_vie(valeurs["CON"], valeurs["TAI"]),
        points_de_magie(valeurs["POU"]),
        modificateur_de_degats(valeurs["FOR"], valeurs["TAI"]),
        vitesse_de_guerison(valeurs["CON"]),
    )
