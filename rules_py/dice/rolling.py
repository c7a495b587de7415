"""Rolling an expression with an injected random generator, and its exact odds."""

from __future__ import annotations

import random
from dataclasses import dataclass

from rules_py.dice.distribution import Distribution, boxes
from rules_py.dice.notation import Constant, Dice, Expression, Term, check_limits
from rules_py.errors import DiceLimitError

__all__ = [
    "MAX_DES_DISTRIBUTION",
    "MAX_TOTAUX",
    "Roll",
    "TermRoll",
    "critical",
    "distribution",
    "new_rng",
    "roll",
]

MAX_TOTAUX = 10_000
"""The most distinct totals an exact distribution may have (``100d100`` has 9 901)."""
MAX_DES_DISTRIBUTION = 200
"""The most dice an exact distribution may have (rolling allows more)."""


def new_rng(seed: int | None = None) -> random.Random:
    """A generator seeded with ``seed``, or from the system's entropy when ``None``."""
    return random.Random(seed)


@dataclass(frozen=True, slots=True)
class TermRoll:
    """One term of a roll: its dice values (empty for a constant) and its signed value."""

    term: Term
    values: tuple[int, ...]

    @property
    def value(self) -> int:
        operand = self.term.operand
        base = operand.value if isinstance(operand, Constant) else sum(self.values)
        return self.term.sign * base


@dataclass(frozen=True, slots=True)
class Roll:
    """A rolled expression: every die, term by term, and the total."""

    expression: Expression
    terms: tuple[TermRoll, ...]

    @property
    def dice(self) -> tuple[int, ...]:
        """Every die shown, in the order of the expression."""
        return tuple(value for term in self.terms for value in term.values)

    @property
    def total(self) -> int:
        return sum(term.value for term in self.terms)


def roll(expression: Expression, rng: random.Random) -> Roll:
    """Roll every die of ``expression`` with ``rng``.

    >>> from rules_py.dice.notation import parse
    >>> r = roll(parse("2d6+1"), new_rng(1))
    >>> r.dice, r.total
    ((2, 5), 8)
    """
    rolled = []
    for term in expression.terms:
        operand = term.operand
        if isinstance(operand, Dice):
            values = tuple(rng.randint(1, operand.sides) for _ in range(operand.count))
        else:
            values = ()
        rolled.append(TermRoll(term, values))
    return Roll(expression, tuple(rolled))


def total_of(expression: Expression, dice: tuple[int, ...] | list[int]) -> Roll:
    """The roll of ``expression`` made of dice read on the table, in order."""
    wanted = sum(d.count for _, d in expression.dice)
    if len(dice) != wanted:
        raise DiceLimitError(
            f"« {expression} » demande {wanted} dé{'s' if wanted > 1 else ''}, "
            f"{len(dice)} valeur{'s' if len(dice) > 1 else ''} reçue{'s' if len(dice) > 1 else ''}."
        )
    values = iter(dice)
    rolled = []
    for term in expression.terms:
        operand = term.operand
        if isinstance(operand, Dice):
            taken = tuple(next(values) for _ in range(operand.count))
            for value in taken:
                if not 1 <= value <= operand.sides:
                    raise DiceLimitError(
                        f"Un d{operand.sides} montre une valeur de 1 à {operand.sides} (reçu : {value})."
                    )
        else:
            taken = ()
        rolled.append(TermRoll(term, taken))
    return Roll(expression, tuple(rolled))


def distribution(expression: Expression) -> Distribution[int]:
    """The exact distribution of the total of ``expression``.

    >>> from rules_py.dice.notation import parse
    >>> distribution(parse("1d3+2")).probabilities()[4]
    Fraction(1, 3)
    """
    widths: list[int] = []
    low = expression.constant
    for sign, dice in expression.dice:
        widths.extend([dice.sides] * dice.count)
        low += dice.count if sign > 0 else -dice.count * dice.sides
    if len(widths) > MAX_DES_DISTRIBUTION:
        raise DiceLimitError(
            f"« {expression} » lance {len(widths)} dés : la distribution exacte est limitée "
            f"à {MAX_DES_DISTRIBUTION} dés (le jet reste possible)."
        )
    totals = sum(width - 1 for width in widths) + 1
    if totals > MAX_TOTAUX:
        raise DiceLimitError(
            f"« {expression} » a {totals} totaux possibles : la distribution exacte est limitée "
            f"à {MAX_TOTAUX} totaux (le jet reste possible)."
        )
    return boxes(widths, low)


def critical(expression: Expression) -> Expression:
    """The critical damage of the rules: the whole expression rolled twice.

    >>> from rules_py.dice.notation import parse
    >>> str(critical(parse("1d3+2")))
    '2d3+4'
    """
    doubled = Expression(
        tuple(
            Term(
                term.sign,
                Dice(term.operand.count * 2, term.operand.sides)
                if isinstance(term.operand, Dice)
                else Constant(term.operand.value * 2),
            )
            for term in expression.terms
        )
    )
    check_limits(doubled)
    return doubled
