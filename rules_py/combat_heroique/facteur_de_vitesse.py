"""Facteur de vitesse des armes: the weapon speed list (FV), on which the cost of actions depends."""

from __future__ import annotations

from dataclasses import dataclass

# -- 3) Facteur de vitesse des armes ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FacteurDeVitesse:
    """One row of the weapon speed list: kind of weapon, its FV, the text's example."""

    categorie: str
    fv: int
    exemple: str | None


FACTEURS_DE_VITESSE: tuple[FacteurDeVitesse, ...] = (
    FacteurDeVitesse("Arme rapide", 2, "dague"),
    FacteurDeVitesse("Arme normale", 3, None),
    FacteurDeVitesse("Arme lente", 4, "masse d'armes"),
    FacteurDeVitesse("Arme très lente", 5, "hallebarde"),
)
"""Lines 98-101: the FV is usually 2 to 5; for firearms and bows it depends on the weapon."""
