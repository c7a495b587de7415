"""Exact distributions: outcome → integer count, probabilities as ``Fraction``.

A :class:`Distribution` is a histogram of equally likely cases. Rules modules
build one by mapping their pure resolution function over every die result, so
the odds shown beside a roll and the roll itself come from the same code.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from fractions import Fraction
from itertools import accumulate, chain, product, repeat
from operator import sub
from typing import Generic, TypeVar

__all__ = ["Distribution", "boxes", "product_of_boxes", "sum_of_dice"]

# At most this many groups of dice go into one recurrence: its terms about double with each group.
MOST_GROUPS_TOGETHER = 6
# One step of the recurrence (a Python loop turn) costs about this many C-speed additions of big integers.
RECURRENCE_WEIGHT = 10

# Prefix sums chained at most this deep (each level is one C call deeper) before a list is made.
CHAINED_PASSES = 16

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
    same width are grouped, and the counts are the coefficients of
    ``P = Π (1 + x + … + x**(w-1)) ** n``. Two ways, whichever :func:`_cost`
    finds cheaper:

    - every die at once, by :func:`prefix_sums_of_boxes` (one C-speed pass of
      prefix sums per die): best with many sorts of dice;
    - the groups with the most totals multiplied at once by the recurrence of
      :func:`product_of_boxes`, then each other die added by :func:`_times_box`
      (two C-speed passes): best with few sorts, whose recurrence is short.

    Both stop at the middle of ``P``, which is symmetric, and mirror it.

    >>> boxes([6, 6], low=2).probability(7)
    Fraction(1, 6)
    """
    groups = Counter(width for width in widths if width > 1)
    order = sorted(groups.items(), key=lambda item: (-(item[0] - 1) * item[1], item[0]))
    size = sum((width - 1) * number for width, number in order) + 1
    half = size // 2 + 1
    plans = range(min(len(order), MOST_GROUPS_TOGETHER) + 1)
    together = min(plans, key=lambda m: _cost(order, m, half))
    if _cost(order, None, half) <= _cost(order, together, half):
        counts = prefix_sums_of_boxes(order)
    else:
        first = product_of_boxes(order[:together])
        counts = first[:half] + [0] * (half - len(first))
        for width, number in order[together:]:
            for _ in range(number):
                counts = _times_box(counts, width)
        counts += counts[: size - half][::-1]
    return Distribution(dict(zip(range(low, low + size), counts, strict=True)))


def _cost(order: Sequence[tuple[int, int]], together: int | None, half: int) -> int:
    """About how long :func:`boxes` takes, in C-speed additions of big integers (measured weights).

    ``together`` is the number of groups given to the recurrence, the other dice
    being added one at a time; ``None`` stands for :func:`prefix_sums_of_boxes`.
    """
    dice = sum(number for _, number in order)
    if together is None:
        return dice * half * (100 + (dice + 9) // 8) // 100
    first = sum((width - 1) * number for width, number in order[:together]) + 1
    cost = RECURRENCE_WEIGHT * (first // 2 + 1) * len(_recurrence(order[:together]))
    return cost + 2 * half * sum(number for _, number in order[together:])


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


def prefix_sums_of_boxes(groups: Sequence[tuple[int, int]]) -> list[int]:
    """The same coefficients as :func:`product_of_boxes`, from ``P = Π (1 - x**w) ** n / (1 - x) ** N``.

    The numerator has small coefficients (at most ``2**N`` in size), so it is
    multiplied out packed in one integer, each coefficient in a slot of ``b``
    bits: multiplying by ``1 - x**w`` is a shift and a subtraction of the whole
    integer (:func:`_numerator`). Dividing by ``(1 - x) ** N`` is then ``N``
    prefix sums, each one C-speed pass of :func:`itertools.accumulate` over a
    list. Only the first half is computed (every box, hence ``P``, is symmetric)
    and mirrored.

    >>> prefix_sums_of_boxes([(3, 2)])
    [1, 2, 3, 2, 1]
    >>> prefix_sums_of_boxes([(2, 1), (3, 1)])
    [1, 2, 2, 1]
    >>> prefix_sums_of_boxes([])
    [1]
    """
    size = sum((width - 1) * number for width, number in groups) + 1
    half = size // 2 + 1
    counts = _numerator(groups, half)
    passes = sum(number for _, number in groups)
    while passes:  # chained iterators, a list every few passes: each value is freed as soon as it is used
        chained: Iterable[int] = counts
        for _ in range(min(passes, CHAINED_PASSES)):
            chained = accumulate(chained)
        counts = list(chained)
        passes -= min(passes, CHAINED_PASSES)
    return counts + counts[: size - half][::-1]


def _numerator(groups: Sequence[tuple[int, int]], length: int) -> list[int]:
    """The first ``length`` coefficients of ``Π (1 - x**w) ** n`` over the groups ``(w, n)``.

    With ``N`` dice in all, every coefficient lies within ``±2**N`` (the sum of
    their sizes is at most that of ``(1 + 1) ** N``), so each gets a slot of
    ``b > N + 1`` bits, a whole number of bytes, in one integer read in base
    ``2**b``; arithmetic modulo ``2**(b·length)`` drops the higher powers. Adding
    half a slot to every slot makes them all non-negative, and the bytes are
    cut back into coefficients.

    >>> _numerator([(2, 3)], 8)  # (1 - x**2)**3
    [1, 0, -3, 0, 3, 0, -1, 0]
    >>> _numerator([(2, 1), (3, 1)], 4)  # (1 - x**2)(1 - x**3), cut after x**3
    [1, 0, -1, -1]
    """
    dice = sum(number for _, number in groups)
    slot = (dice + 2 + 7) // 8  # bytes per coefficient
    bits = 8 * slot
    mask = (1 << (bits * length)) - 1
    packed = 1
    for width, number in groups:
        if width < length:
            for _ in range(number):
                packed = (packed - (packed << (width * bits))) & mask
    middle = 1 << (bits - 1)
    offset = int.from_bytes(((0).to_bytes(slot - 1, "little") + b"\x80") * length, "little")
    raw = ((packed + offset) & mask).to_bytes(slot * length, "little")
    return [int.from_bytes(raw[i : i + slot], "little") - middle for i in range(0, slot * length, slot)]


def _times_box(counts: list[int], width: int) -> list[int]:
    """The first ``len(counts)`` coefficients of ``counts`` times ``1 + x + … + x**(width-1)``.

    That is ``counts·(1 - x**width)``, then prefix sums (a division by ``1 - x``).

    >>> _times_box([1, 2, 3, 2, 1], 2)
    [1, 3, 5, 5, 3]
    """
    return list(accumulate(map(sub, counts, chain(repeat(0, width), counts))))
