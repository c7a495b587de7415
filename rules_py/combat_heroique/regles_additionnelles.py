"""Règles additionnelles (B8): the influence of the weapons' length and of numbers on the Init.

Its third rule, Magie, is two actions (concentration, casting): :mod:`rules_py.combat_heroique.actions`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from rules_py.combat_heroique.lecture import nom_de_combattant
from rules_py.validation import choix

# -- Règles additionnelles : longueur des armes, nombre (B8) ---------------------------------------

LONGUEURS: tuple[str, ...] = ("courte", "moyenne", "longue")
"""Weapon length classes, from the shortest."""

BONUS_DE_LONGUEUR = 3
MALUS_DU_NOMBRE = 3

CLASSEMENT_DES_ARMES: dict[str, tuple[str, ...]] = {
    "longue": (
        "Corde",
        "Ruban",
        "Demi-hallebarde",
        "Épieu",
        "Faucille de guerre",
        "Hallebarde",
        "Hallebarde à crochet",
        "Lance à deux pointes",
        "Lance de cavalier",
        "Pique",
        "Trident",
        "Vouge",
    ),
    "moyenne": (
        "Bâton",
        "Canne",
        "Chaîne de combat",
        "Cimeterre",
        "Épée",
        "Épée-chaîne",
        "Fléau",
        "Hache",
        "Masse d'armes",
    ),
    "courte": ("Bagarre", "Couperet", "Dague", "Poignard", "Lutte"),
}
"""Lines 130-136: the text's classification of weapons by length."""


def _longueur(valeur: object) -> str | None:
    return None if valeur is None else choix(valeur, "longueur", LONGUEURS)


def modificateur_de_longueur(longueur: object, longueurs_adverses: Sequence[object]) -> int:
    """+3 with a longer class than every melee opponent, -3 with a shorter one, else 0.

    ``None`` is a combatant out of melee (bow, firearm): neither given nor counted.

    >>> modificateur_de_longueur("longue", ["moyenne"]), modificateur_de_longueur("courte", ["moyenne"])
    (3, -3)
    >>> modificateur_de_longueur("moyenne", ["courte", "longue"])
    0
    """
    rang = _longueur(longueur)
    adverses = [_longueur(v) for v in longueurs_adverses]
    return _modificateur_de_longueur(rang, [v for v in adverses if v is not None])


def _modificateur_de_longueur(longueur: str | None, adverses: Sequence[str]) -> int:
    if longueur is None or not adverses:
        return 0
    rang = LONGUEURS.index(longueur)
    rangs = [LONGUEURS.index(v) for v in adverses]
    if rang > max(rangs):
        return BONUS_DE_LONGUEUR
    if rang < min(rangs):
        return -BONUS_DE_LONGUEUR
    return 0


def modificateurs_du_nombre(camps: Sequence[object]) -> dict[str, int]:
    """-3 for every combatant of the side(s) with the fewest combatants, when the sides differ.

    >>> modificateurs_du_nombre(["PJ", "PJ", "gardes"])
    {'PJ': 0, 'gardes': -3}
    """
    effectifs = Counter(nom_de_combattant(c, "camp") for c in camps)
    return _modificateurs_du_nombre(effectifs)


def _modificateurs_du_nombre(effectifs: Mapping[str, int]) -> dict[str, int]:
    plus_petit, plus_grand = min(effectifs.values(), default=0), max(effectifs.values(), default=0)
    return {
        camp: -MALUS_DU_NOMBRE if nombre == plus_petit < plus_grand else 0
        for camp, nombre in effectifs.items()
    }
