"""Page « Équipement »: the armour and weapon tables, and what a hit with a weapon deals."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from rules_py.basic_maison.attributs_derives import modificateur_pour_somme
from rules_py.basic_maison.combat import (
    Degats,
    degats_lus,
    distribution_des_degats,
    expression_des_degats,
    lancer_degats,
)
from rules_py.basic_maison.lecture import _cle, _texte
from rules_py.dice import Distribution, Expression, parse
from rules_py.errors import InputError, RulesError
from rules_py.validation import entier

# == Équipement =================================================================


@dataclass(frozen=True, slots=True)
class Armure:
    """A type of armour and its protection (PA)."""

    type: str
    pa: int


ARMURES: tuple[Armure, ...] = (
    Armure("Fourrures, Peaux, Cuir souple (blouson)", 1),
    Armure("Cuir rigide, Manteau de cuir long (armure)", 2),
    Armure("Plastron rigide + avant-bras", 3),
    Armure("Plastron de métal", 4),
    Armure("Cuirasse + cuir léger", 5),
    Armure("Cotte de mailles", 6),
)


@dataclass(frozen=True, slots=True)
class Arme:
    """A weapon of the tables: its damage expression and the table's notes."""

    nom: str
    expression: Expression
    a_distance: bool = False
    deux_mains: bool = False
    sans_parade: bool = False
    remarque: str | None = None

    @property
    def degats(self) -> str:
        """The damage as the table prints it."""
        return str(self.expression)


def _arme(nom: str, degats: str, **notes: object) -> Arme:
    return Arme(nom, parse(degats), **notes)  # type: ignore[arg-type]


ARMES_DE_MELEE: tuple[Arme, ...] = (
    _arme("Dague/Poignard", "1d3+2"),
    _arme("Épée/Rapière", "1d6+2"),
    _arme("Épée à 2 mains", "2d6", deux_mains=True, sans_parade=True),
    _arme("Gourdin", "1d6"),
    _arme("Hache", "1d6+1"),
    _arme("Hache de Bataille", "2d6", deux_mains=True),
    _arme("Hallebarde", "2d6+2", sans_parade=True),
    _arme("Javelot/Lance courte", "1d6+1"),
    _arme("Masse/Fléau d'armes", "1d6+2"),
    _arme("Marteau à 2 mains", "2d6", deux_mains=True),
    _arme("Pique", "2d6", deux_mains=True),
    _arme("Poings/Pieds", "1d3"),
)

ARMES_A_DISTANCE: tuple[Arme, ...] = (
    _arme("Arbalète", "2d6", a_distance=True, remarque="1 tir par round + recharge 1 round"),
    _arme("Arc", "1d6+2", a_distance=True),
    _arme("Dague", "1d3+2", a_distance=True),
    _arme("Fronde", "1d6", a_distance=True),
    _arme("Javelot", "1d6+1", a_distance=True),
)

_ARMES_PAR_NOM: Mapping[str, Arme] = MappingProxyType(
    {_cle(a.nom): a for a in (*ARMES_DE_MELEE, *ARMES_A_DISTANCE)}
    | {_cle("Javelot/Lance coute"): ARMES_DE_MELEE[7]}
)
"""Weapons by lookup key; the text's « Lance coute » (line 292, a slip for « courte », A11) is accepted."""


def trouver_arme(nom: str) -> Arme:
    """The weapon called ``nom`` in the tables (accents and case ignored).

    >>> trouver_arme("epee a 2 mains").degats
    '2d6'
    """
    texte = _texte(nom, "arme")
    try:
        return _ARMES_PAR_NOM[_cle(texte)]
    except KeyError:
        raise InputError(f"Arme inconnue : « {texte[:40]} ».", champ="arme") from None


@dataclass(frozen=True, slots=True)
class Coup:
    """What a hit deals (A6): the weapon (None for dice given as such) and its dice, the attacker's damage
    modifier (read from FOR + TAI when given: « hors table » beyond 45), the defender's armour."""

    arme: str | None
    expression: str
    modificateur: str
    for_tai: int | None
    hors_table: bool
    pa: int

    def lancer(self, critique: bool, rng: random.Random) -> Degats:
        """The damage rolled with ``rng`` (the weapon's dice twice on a critical)."""
        return lancer_degats(self.expression, rng, self.modificateur, self.pa, critique)

    def lire(self, critique: bool, des: Sequence[int]) -> Degats:
        """The damage from dice read in one row, the weapon's then the modifier's (:func:`degats_lus`)."""
        return degats_lus(self.expression, des, self.modificateur, self.pa, critique)

    def distribution(self, critique: bool) -> Distribution[int]:
        """The exact distribution of the damage dealt (:func:`distribution_des_degats`)."""
        return distribution_des_degats(self.expression, self.modificateur, self.pa, critique)


def coup(
    arme: str, pa: int = 0, modificateur: str = "0", *, degats: str | None = None, for_tai: int | None = None
) -> Coup:
    """The hit of ``arme`` (or of the dice ``degats``), with ``modificateur`` or the one of ``for_tai``.

    >>> coup("Dague/Poignard", 2, for_tai=46)
    Coup(arme='Dague/Poignard', expression='1d3+2', modificateur='+1d8', for_tai=46, hors_table=True, pa=2)
    >>> coup("Dague/Poignard", modificateur="+1d4", degats="1d8+1").expression
    '1d8+1'
    """
    nom, expression = arme, trouver_arme(arme).degats
    if degats is not None:
        nom, expression = None, str(degats)
        try:
            expression_des_degats(expression, critique=True)
        except RulesError as erreur:
            erreur.champ = "degats"
            raise
    lu = modificateur_pour_somme(for_tai) if for_tai is not None else None
    armure = entier(pa, "PA", minimum=0)
    return Coup(
        nom, expression, lu.modificateur if lu else modificateur, for_tai, bool(lu and lu.hors_table), armure
    )
