"""Exact distributions: outcome → integer count, probabilities as ``Fraction``.

A :class:`Distribution` is a histogram of equally likely cases. Rules modules
build one by mapping their pure resolution function over every die result, so
the odds shown beside a roll and the roll itself come from the same code.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from fractions import Fraction
from itertools import accumulate, product
from operator import sub
from typing import Generic, TypeVar

__all__ = ["Distribution", "boxes", "product_of_boxes", "sum_of_dice"]

# At most this many groups of dice go into one recurrence: its terms about double with each group.
MOST_GROUPS_TOGETHER = 6

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
    same width are grouped; the groups with the most totals may be multiplied
    together at once by :func:`product_of_boxes`, and the other dice are added one
    at a time with prefix sums (C-speed list operations), narrowest first so that
    the counts grow as late as possible. How many groups go together is chosen
    by counting the operations each way (:func:`_operations`).

    >>> boxes([6, 6], low=2).probability(7)
    Fraction(1, 6)
    """
    groups = Counter(width for width in widths if width > 1)
    order = sorted(groups.items(), key=lambda item: (-(item[0] - 1) * item[1], item[0]))
    together = min(range(min(len(order), MOST_GROUPS_TOGETHER) + 1), key=lambda m: _operations(order, m))
    counts = product_of_boxes(order[:together])
    for width, number in sorted(order[together:]):
        for _ in range(number):
            counts = _add_box(counts, width)
    return Distribution(dict(zip(range(low, low + len(counts)), counts, strict=True)))


def _operations(order: Sequence[tuple[int, int]], together: int) -> int:
    """About how many big-integer operations :func:`boxes` does with the first ``together`` groups at once."""
    size = sum((width - 1) * number for width, number in order[:together]) + 1
    operations = (size // 2 + 1) * len(_recurrence(order[:together]))
    for width, number in sorted(order[together:]):
        operations += number * size + (width - 1) * number * (number + 1) // 2
        size += (width - 1) * number
    return operations


def sum_of_dice(sides: Iterable[int]) -> Distribution[int]:
    """The distribution of the sum of fair dice numbered from 1.

    >>> sum_of_dice([6, 6]).max
    12
    """
    widths = list(sides)
    return boxes(widths, low=len(widths))


def product_of_boxes(groups: Sequence[tuple[int, int]]) -> list[int]:
    """The coefficients of the product of ``(1 + x + … + x**(w-1)) ** n`` over the groups ``(w, n)``.

    From the log-derivative of ``P = Π ((1 - x**w) / (1 - x)) ** n`` (see :func:`_recurrence`),
    each coefficient comes from a few earlier ones; the second half mirrors the first
    (every box is symmetric).

    >>> product_of_boxes([(3, 2)])
    [1, 2, 3, 2, 1]
    >>> product_of_boxes([(2, 1), (3, 1)])
    [1, 2, 2, 1]
    >>> product_of_boxes([])
    [1]
    """
    size = sum((width - 1) * number for width, number in groups) + 1
    if size == 1:
        return [1]
    terms = _recurrence(groups)
    margin = max(shift for shift, _, _ in terms)
    p = [0] * (margin + size)  # p[margin + k] counts the total k; the margin holds zeros
    p[margin] = 1
    half = size // 2
    for k in range(half):  # a plain loop: about twice as fast as sum() over a generator here
        base = margin + k
        total = 0
        for s, a, b in terms:
            total += (a + b * k) * p[base - s]
        p[base + 1] = total // (k + 1)
    for k in range(half + 1, size):
        p[margin + k] = p[margin + size - 1 - k]
    return p[margin:]


def _recurrence(groups: Sequence[tuple[int, int]]) -> list[tuple[int, int, int]]:
    """The terms ``(s, a, b)`` of ``(k+1)·p[k+1] = Σ (a + b·k)·p[k-s]`` for the product of the groups.

    ``P'/P = N/(1 - x) - Σ n·w·x**(w-1)/(1 - x**w)`` (``N`` dice in all); multiplied by
    ``D = (1 - x)·Π (1 - x**w)`` it gives ``D·P' = Q·P``, with
    ``Q = N·D/(1 - x) - Σ n·w·x**(w-1)·D/(1 - x**w)``. Each ``Q[j]`` weighs ``p[k-j]``;
    each ``D[j]``, ``j ≥ 1``, weighs ``p[k+1-j]`` by ``-(k+1-j)``.

    >>> _recurrence([(6, 2)])  # 2d6: (k+1)·p[k+1] = (k+2)·p[k] + (k-17)·p[k-5] + (16-k)·p[k-6]
    [(0, 2, 1), (5, -17, 1), (6, 16, -1)]
    """
    if not groups:
        return []
    d = [1, -1]
    for width, _ in groups:
        d = _times_one_minus(d, width)
    dice = sum(number for _, number in groups)
    q = [dice * c for c in _over_one_minus(d, 1)] + [0] * max(width for width, _ in groups)
    for width, number in groups:
        for j, c in enumerate(_over_one_minus(d, width)):
            q[j + width - 1] -= number * width * c
    terms: dict[int, tuple[int, int]] = {}
    for j, c in enumerate(q):
        a, b = terms.get(j, (0, 0))
        terms[j] = (a + c, b)
    for j, c in enumerate(d[1:], start=1):
        a, b = terms.get(j - 1, (0, 0))
        terms[j - 1] = (a + c * (j - 1), b - c)
    return [(s, a, b) for s, (a, b) in sorted(terms.items()) if a or b]


def _times_one_minus(poly: list[int], width: int) -> list[int]:
    """``poly·(1 - x**width)``."""
    return [a - b for a, b in zip(poly + [0] * width, [0] * width + poly, strict=True)]


def _over_one_minus(poly: list[int], width: int) -> list[int]:
    """``poly / (1 - x**width)``, ``poly`` being a multiple of ``1 - x**width``."""
    quotient = poly[: len(poly) - width]
    for k in range(width, len(quotient)):
        quotient[k] += quotient[k - width]
    return quotient


def _add_box(counts: list[int], width: int) -> list[int]:
    """Convolve ``counts`` with ``width`` equally likely consecutive values."""
    prefix = [0, *accumulate(counts)]
    upper = prefix[1:] + [prefix[-1]] * (width - 1)
    lower = [0] * (width - 1) + prefix[:-1]
    return list(map(sub, upper, lower))
