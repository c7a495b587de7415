"""El Toto, II. Combat, « Blessures et malus » (C7, page ``combat.md``): the wound table and its malus."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rules_py.el_toto.lecture import _score
from rules_py.validation import entier


class Gravite(StrEnum):
    """How serious a wound is, by the PV lost in one hit."""

    AUCUNE = "aucune"
    LEGERE = "legere"
    SERIEUSE = "serieuse"
    GRAVE = "grave"
    CRITIQUE = "critique"


@dataclass(frozen=True, slots=True)
class NiveauDeBlessure:
    """One row of the wound table; ``malus_des`` None means "the PV lost, in dice"."""

    gravite: Gravite
    libelle: str
    plage: str
    malus_des: int | None
    minutes_par_point_de_vie: int | None


NIVEAUX_DE_BLESSURE: tuple[NiveauDeBlessure, ...] = (
    NiveauDeBlessure(Gravite.LEGERE, "Légère", "1 ou 2 PV", 0, None),
    NiveauDeBlessure(Gravite.SERIEUSE, "Sérieuse", "3 à 4 PV", 1, 60),
    NiveauDeBlessure(Gravite.GRAVE, "Grave", "de 5 PV à Vie/2", 3, 10),
    NiveauDeBlessure(Gravite.CRITIQUE, "Critique", "plus de Vie/2", None, 1),
)
"""The wound table of the text, in order; critique takes precedence."""


@dataclass(frozen=True, slots=True)
class Blessure:
    """A wound: its level, its malus in dice, and the PV it bleeds (one every so many minutes)."""

    points_de_vie_perdus: int
    vie: int
    gravite: Gravite
    malus_des: int
    minutes_par_point_de_vie: int | None


def blessure(points_de_vie_perdus: object, vie: object) -> Blessure:
    """The wound left by the PV lost in one hit; ``vie`` is the character's full PV.

    Critique means more than Vie/2, compared exactly: 2 x PV lost > Vie (Vie 15:
    critique from 8). It wins over the other rows when they overlap.

    >>> blessure(6, 15).gravite, blessure(8, 15).gravite, blessure(8, 15).malus_des
    (<Gravite.GRAVE: 'grave'>, <Gravite.CRITIQUE: 'critique'>, 8)
    """
    perdus = _score(points_de_vie_perdus, "points_de_vie_perdus")
    total = entier(vie, "vie", minimum=1)
    if perdus == 0:
        return Blessure(0, total, Gravite.AUCUNE, 0, None)
    if 2 * perdus > total:
        niveau = NIVEAUX_DE_BLESSURE[3]
    elif perdus >= 5:
        niveau = NIVEAUX_DE_BLESSURE[2]
    elif perdus >= 3:
        niveau = NIVEAUX_DE_BLESSURE[1]
    else:
        niveau = NIVEAUX_DE_BLESSURE[0]
    malus = perdus if niveau.malus_des is None else niveau.malus_des
    return Blessure(perdus, total, niveau.gravite, malus, niveau.minutes_par_point_de_vie)


def plages_de_blessure(vie: object) -> tuple[tuple[NiveauDeBlessure, int, int | None], ...]:
    """For a Vie, each wound level that can occur with its first and last PV lost (None: no end).

    Read off :func:`blessure` itself (the levels only worsen as the loss grows),
    so the table and the widget agree with it.

    >>> [(n.gravite.value, premier, dernier) for n, premier, dernier in plages_de_blessure(15)]
    [('legere', 1, 2), ('serieuse', 3, 4), ('grave', 5, 7), ('critique', 8, None)]
    >>> [(n.gravite.value, premier, dernier) for n, premier, dernier in plages_de_blessure(5)]
    [('legere', 1, 2), ('critique', 3, None)]
    """
    total = entier(vie, "vie", minimum=1)
    ordre = [niveau.gravite for niveau in NIVEAUX_DE_BLESSURE]

    def premiere_perte(rang: int) -> int:
        # Bisection over plain ints: a range() this long overflows ssize_t on wasm32 (Pyodide).
        bas, haut = 1, total + 1
        while bas < haut:
            milieu = (bas + haut) // 2
            if ordre.index(blessure(milieu, total).gravite) < rang:
                bas = milieu + 1
            else:
                haut = milieu
        return bas

    premiers = [premiere_perte(rang) for rang in range(len(ordre))]
    plages = []
    for rang, niveau in enumerate(NIVEAUX_DE_BLESSURE):
        dernier = premiers[rang + 1] - 1 if rang + 1 < len(ordre) else None
        if dernier is None or dernier >= premiers[rang]:
            plages.append((niveau, premiers[rang], dernier))
    return tuple(plages)
