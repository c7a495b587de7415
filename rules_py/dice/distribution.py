"""Exact distributions: outcome → integer count, probabilities as ``Fraction``.

A :class:`Distribution` is a histogram of equally likely cases. Rules modules
build one by mapping their pure resolution function over every die result, so
the odds shown beside a roll and the roll itself come from the same code.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Mapping
from fractions import Fraction
from itertools import accumulate, product
from operator import sub
from typing import Generic, TypeVar

__all__ = ["Distribution", "boxes", "power_of_box", "sum_of_dice"]

T = TypeVar("T", bound=Hashable)
U = TypeVar("U", bound=Hashable)


class Distribution(Generic[T]):
    """A finite distribution: each outcome with the number of cases giving it."""

    __slots__ = ("_counts", "_total")

    def __init__(self, counts: Mapping[T, int]) -> None:
        cleaned = {outcome: count for outcome, count in counts.items() if count}
        if not cleaned:
            raise ValueError("a distribution needs at least one outcome")
        if any(count < 0 for count in cleaned.values()):
            raise ValueError("counts are never negative")
        self._counts = cleaned
        self._total = sum(cleaned.values())

    # -- construction -----------------------------------------------------
    @classmethod
    def uniform(cls, outcomes: Iterable[T]) -> Distribution[T]:
        """Each outcome once: a fair die is ``Distribution.uniform(range(1, 7))``."""
        counts: dict[T, int] = {}
        for outcome in outcomes:
            counts[outcome] = counts.get(outcome, 0) + 1
        return cls(counts)

    @classmethod
    def die(cls, sides: int) -> Distribution[int]:
        """A fair die numbered 1..sides."""
        return Distribution.uniform(range(1, sides + 1))

    @classmethod
    def certain(cls, outcome: T) -> Distribution[T]:
        """A single sure outcome."""
        return cls({outcome: 1})

    # -- reading ------------------------------------------------------------
    @property
    def counts(self) -> dict[T, int]:
        """A copy of outcome → count, in the distribution's order."""
        return dict(self._counts)

    @property
    def total(self) -> int:
        """The number of equally likely cases."""
        return self._total

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self._counts)

    def __len__(self) -> int:
        return len(self._counts)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Distribution):
            return NotImplemented
        return self.probabilities() == other.probabilities()

    def __repr__(self) -> str:
        return f"Distribution({self._counts!r})"

    def probability(self, outcome: T) -> Fraction:
        """The exact probability of ``outcome`` (0 when impossible)."""
        return Fraction(self._counts.get(outcome, 0), self._total)

    def probabilities(self) -> dict[T, Fraction]:
        """Every possible outcome with its exact probability."""
        return {outcome: Fraction(count, self._total) for outcome, count in self._counts.items()}

    def probability_where(self, predicate: Callable[[T], bool]) -> Fraction:
        """The probability that ``predicate`` holds for the outcome."""
        return Fraction(sum(c for o, c in self._counts.items() if predicate(o)), self._total)

    @property
    def min(self) -> T:
        """The smallest possible outcome."""
        return min(self._counts)  # type: ignore[type-var]

    @property
    def max(self) -> T:
        """The largest possible outcome."""
        return max(self._counts)  # type: ignore[type-var]

    @property
    def mean(self) -> Fraction:
        """The exact expected value (numeric outcomes only)."""
        return Fraction(sum(o * c for o, c in self._counts.items()), self._total)  # type: ignore[operator]

    def sorted(self) -> Distribution[T]:
        """The same distribution with its outcomes in increasing order."""
        return Distribution({o: self._counts[o] for o in sorted(self._counts)})  # type: ignore[type-var]

    # -- transformation -------------------------------------------------------
    def map(self, function: Callable[[T], U]) -> Distribution[U]:
        """The distribution of ``function(outcome)``."""
        counts: dict[U, int] = {}
        for outcome, count in self._counts.items():
            image = function(outcome)
            counts[image] = counts.get(image, 0) + count
        return Distribution(counts)

    def combine(self, other: Distribution[U], function: Callable[[T, U], Hashable]) -> Distribution:  # type: ignore[type-arg]
        """The distribution of ``function(a, b)`` for independent ``a`` and ``b``."""
        counts: dict[Hashable, int] = {}
        for (a, ca), (b, cb) in product(self._counts.items(), other._counts.items()):
            image = function(a, b)
            counts[image] = counts.get(image, 0) + ca * cb
        return Distribution(counts)

    def __add__(self, other: Distribution[T] | int) -> Distribution[T]:
        """The sum of two independent numeric outcomes (or a shift)."""
        if isinstance(other, int):
            return self.map(lambda o: o + other)  # type: ignore[operator, return-value]
        return self.combine(other, lambda a, b: a + b)  # type: ignore[operator]

    def __neg__(self) -> Distribution[T]:
        return self.map(lambda o: -o)  # type: ignore[operator]


def boxes(widths: Iterable[int], low: int = 0) -> Distribution[int]:
    """The distribution of ``low`` plus one value drawn evenly from ``0..w-1`` per width ``w``.

    Each width is one fair die, its faces shifted to start at 0. Dice of the
    same width are grouped and their counts computed at once by
    :func:`power_of_box`; the other groups are then added one die at a time
    with prefix sums, in C-speed list operations.

    >>> boxes([6, 6], low=2).probability(7)
    Fraction(1, 6)
    """
    groups = Counter(widths)
    if not groups:
        return Distribution({low: 1})
    order = sorted(groups.items(), key=lambda item: (-item[0] * item[1], item[0]))
    (width, number), rest = order[0], order[1:]
    counts = power_of_box(number, width)
    for width, number in rest:
        for _ in range(number):
            counts = _add_box(counts, width)
    return Distribution(dict(zip(range(low, low + len(counts)), counts, strict=True)))


def sum_of_dice(sides: Iterable[int]) -> Distribution[int]:
    """The distribution of the sum of fair dice numbered from 1.

    >>> sum_of_dice([6, 6]).max
    12
    """
    widths = list(sides)
    return boxes(widths, low=len(widths))


def power_of_box(number: int, width: int) -> list[int]:
    """The coefficients of ``(1 + x + … + x**(width-1)) ** number``: ``numberd(width)`` counts.

    With ``P = ((1 - x**w) / (1 - x)) ** n``, ``P'·(1-x)·(1-x**w) = n·P·(1 - w·x**(w-1) + (w-1)·x**w)``
    gives each coefficient from three earlier ones; the second half mirrors the first.

    >>> power_of_box(2, 3)
    [1, 2, 3, 2, 1]
    """
    size = number * (width - 1) + 1
    p = [0] * size
    p[0] = 1
    half = size // 2
    for k in range(half):
        value = (k + number) * p[k]
        j = k - width + 1
        if j >= 0:
            value += (j - number * width) * p[j]
            if j >= 1:
                value += (number * (width - 1) - k + width) * p[j - 1]
        p[k + 1] = value // (k + 1)
    for k in range(half + 1, size):
        p[k] = p[size - 1 - k]
    return p


def _add_box(counts: list[int], width: int) -> list[int]:
    """Convolve ``counts`` with ``width`` equally likely consecutive values."""
    prefix = [0, *accumulate(counts)]
    upper = prefix[1:] + [prefix[-1]] * (width - 1)
    lower = [0] * (width - 1) + prefix[:-1]
    return list(map(sub, upper, lower))
