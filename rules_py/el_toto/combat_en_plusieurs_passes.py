"""El Toto, II. Combat, « Le duel » pass after pass (C4 and C7, page ``combat.md``).

A fight keeps the PV each side lost at each pass; a side's health is its PV left and
its worst wound.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from rules_py.el_toto.blessures import Blessure, Gravite, blessure
from rules_py.el_toto.duel import (
    Combattant,
    Echange,
    lancer_echange,
)
from rules_py.el_toto.lecture import _score
from rules_py.errors import InputError
from rules_py.validation import choix, entier

MAX_PASSES = 1000
"""The most passes a fight keeps (its state travels in a share link)."""


@dataclass(frozen=True, slots=True)
class Sante:
    """A side's state after the passes: its Vie, the PV lost, and the worst wound of one hit (C7)."""

    vie: int
    perdus: int
    blessure: Blessure

    @property
    def restants(self) -> int:
        """The PV left: Vie - PV lost (the text says nothing below 0: shown as is)."""
        return self.vie - self.perdus


@dataclass(frozen=True, slots=True)
class CombatElToto:
    """A duel over several passes: the PV each side lost at each pass, ``(A, B)`` in order.

    >>> combat = CombatElToto(((0, 2), (1, 5)))
    >>> sante = combat.sante("b", 15)
    >>> sante.perdus, sante.restants, sante.blessure.gravite.value
    (7, 8, 'grave')
    """

    passes: tuple[tuple[int, int], ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.passes, tuple | list) or len(self.passes) > MAX_PASSES:
            raise InputError(f"Un combat garde au plus {MAX_PASSES} passes.", champ="passes")
        passes = []
        for passe in self.passes:
            if not isinstance(passe, tuple | list) or len(passe) != 2:
                raise InputError("Chaque passe donne les PV perdus par A et par B.", champ="passes")
            passes.append((_score(passe[0], "passes"), _score(passe[1], "passes")))
        object.__setattr__(self, "passes", tuple(passes))

    def sante(self, camp: str, vie: object) -> Sante:
        """Side ``camp`` ("a" or "b") after every pass, for a full ``vie``."""
        rang = ("a", "b").index(choix(camp, "camp", ("a", "b")))
        total = entier(vie, "vie", minimum=1)
        coups = [blessure(passe[rang], total) for passe in self.passes]
        ordre = list(Gravite)
        pire = max(coups, key=lambda b: (ordre.index(b.gravite), b.malus_des), default=blessure(0, total))
        return Sante(total, sum(b.points_de_vie_perdus for b in coups), pire)


def jouer_passe(
    combat: CombatElToto, a: Combattant, b: Combattant, *, rng: random.Random, des_lus: object = None
) -> tuple[CombatElToto, Echange]:
    """Play the next pass of ``combat`` (:func:`lancer_echange`) and keep the PV each side lost.

    >>> from rules_py.dice import new_rng
    >>> from rules_py.el_toto import Repartition
    >>> a, b = Combattant(Repartition(1, 3, 2), 1, 2, 3), Combattant(Repartition(2, 2, 2), 0, 1, 2)
    >>> lus = {"des_attaque_b": [6, 4], "des_defense_a": [4, 1], "des_resistance_a": [1, 1, 1]}
    >>> lus |= {"des_attaque_a": [6, 6, 5], "des_defense_b": [2, 2], "des_resistance_b": [4, 4]}
    >>> combat, echange = jouer_passe(CombatElToto(), a, b, rng=new_rng(1), des_lus=lus)
    >>> combat.passes
    ((1, 4),)
    """
    if not isinstance(combat, CombatElToto):
        raise InputError("« combat » doit être un combat en cours.", champ="combat")
    if len(combat.passes) >= MAX_PASSES:
        raise InputError(f"Un combat garde au plus {MAX_PASSES} passes.", champ="passes")
    echange = lancer_echange(a, b, rng=rng, des_lus=des_lus)
    perdus = (echange.attaque_de_b.points_de_vie_perdus, echange.attaque_de_a.points_de_vie_perdus)
    return CombatElToto((*combat.passes, perdus)), echange
