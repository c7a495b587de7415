"""Exact distributions: outcome → integer count, probabilities as ``Fraction``.

A :class:`Distribution` is a histogram of equally likely cases. Rules modules
build one by mapping their pure resolution function over every die result, so
the odds shown beside a roll and the roll itself come from the same code.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from fractions import Fraction
from itertools import accumulate, product
from math import prod
from typing import Generic, TypeVar

__all__ = ["Distribution", "boxes", "prefix_sums_of_boxes", "product_of_boxes", "sum_of_dice"]

# Measured weights of the cost model, in C-speed additions of big integers (see :func:`_cost`).
STEP_COST = 5  # one turn of the recurrence's loop over the coefficients
GROUP_COST = 5  # one sort of dice in that turn
PACKED_STEP_COST = 14  # one coefficient packed and its correction unpacked, when some sorts are packed
PACKED_GROUP_COST = 2  # one packed sort, per coefficient
PACKED_BLOCK_COST = 40  # one packed sort, per block
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

    @classmethod
    def _trusted(cls, counts: dict[T, int], total: int) -> Distribution[T]:
        """A distribution built by the engine: every count positive, ``total`` their sum (unchecked)."""
        trusted = object.__new__(cls)
        trusted._counts = counts
        trusted._total = total
        return trusted

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
    ``P = Π (1 + x + … + x**(w-1)) ** n`` over the groups ``(w, n)``, computed
    by :func:`product_of_boxes` (a recurrence, its cost grows with the number of
    sorts of dice) or by :func:`prefix_sums_of_boxes` (its cost grows with the
    number of dice), whichever :func:`_cost` finds cheaper.

    >>> boxes([6, 6], low=2).probability(7)
    Fraction(1, 6)
    """
    groups = sorted(Counter(width for width in widths if width > 1).items())
    size = sum((width - 1) * number for width, number in groups) + 1
    if _cost(groups, size // 2 + 1, prefix_sums=True) < _cost(groups, size // 2 + 1, prefix_sums=False):
        counts = prefix_sums_of_boxes(groups)
    else:
        counts = product_of_boxes(groups)
    # Every coefficient of a product of boxes is positive, and they add up to the number of cases Π w**n.
    total = prod(width**number for width, number in groups)
    return Distribution._trusted(dict(zip(range(low, low + size), counts, strict=True)), total)


def sum_of_dice(sides: Iterable[int]) -> Distribution[int]:
    """The distribution of the sum of fair dice numbered from 1.

    >>> sum_of_dice([6, 6]).max
    12
    """
    widths = list(sides)
    return boxes(widths, low=len(widths))


def _cost(
    groups: Sequence[tuple[int, int]], half: int, *, prefix_sums: bool, block: int | None = None
) -> int:
    """About how long the first ``half`` coefficients take, in C-speed additions of big integers.

    :func:`prefix_sums_of_boxes` makes one addition per die and coefficient, plus
    the packed numerator, whose slots widen with the number of dice;
    :func:`product_of_boxes` makes a few Python operations per narrow sort of dice
    and coefficient, and, for the sorts at least ``block`` wide (by default the
    cheapest block, :func:`_best_block`), a few C-speed operations on packed
    integers per sort and coefficient, plus a few Python ones per sort and
    block, plus the packing of each coefficient. An expression has at most 20
    terms, hence 20 sorts of dice: the recurrence serves nearly all of them, the
    prefix sums the calls with many sorts of a few dice each.
    """
    if prefix_sums:
        dice = sum(number for _, number in groups)
        return dice * half * (100 + (dice + 9) // 8) // 100
    if block is None:
        block = _best_block(groups, half)
    wide = sum(1 for width, _ in groups if width >= block)
    cost = half * (STEP_COST + GROUP_COST * (len(groups) - wide))
    if wide:
        cost += (
            half * (PACKED_STEP_COST + PACKED_GROUP_COST * wide)
            + (half // block + 1) * wide * PACKED_BLOCK_COST
        )
    return cost


def _best_block(groups: Sequence[tuple[int, int]], half: int) -> int:
    """The block of :func:`product_of_boxes` cheapest for :func:`_cost`: a width, or past them all."""
    widths = [width for width, _ in groups if width > 1]
    blocks = [*sorted(set(widths)), max(widths, default=1) + 1]
    return min(blocks, key=lambda block: _cost(groups, half, prefix_sums=False, block=block))


def product_of_boxes(groups: Sequence[tuple[int, int]], block: int | None = None) -> list[int]:
    """The coefficients of the product of ``(1 + x + … + x**(w-1)) ** n`` over the groups ``(w, n)``.

    From the log-derivative ``P'/P = N/(1 - x) - Σ n·w·x**(w-1)/(1 - x**w)`` (``N``
    dice in all), the coefficient of ``x**k`` gives::

        (k+1)·p[k+1] = N·S[k] - Σ n·w·A_w[k+1-w]

    with ``S[k] = p[0] + … + p[k]`` and the strided sums
    ``A_w[i] = p[i] + p[i-w] + p[i-2w] + …``. The sorts narrower than ``block``
    keep, one coefficient at a time, their last ``w`` strided sums in a ring (the
    live big integers then stay in the processor's cache). The others, at least
    ``block`` wide, lag ``block`` coefficients or more behind: their sums are
    handled ``block`` coefficients at a time, packed side by side in one integer
    (:func:`_packed_turns`), a few C-speed operations per sort and block instead
    of a few Python operations per sort and coefficient. ``block`` defaults to
    the cheapest for :func:`_cost`. Only the first half is computed (every box,
    hence ``P``, is symmetric) and mirrored.

    >>> product_of_boxes([(3, 2)])
    [1, 2, 3, 2, 1]
    >>> product_of_boxes([(2, 1), (3, 1)])
    [1, 2, 2, 1]
    >>> product_of_boxes([(2, 1), (3, 1)], block=2)
    [1, 2, 2, 1]
    >>> product_of_boxes([])
    [1]
    """
    size = sum((width - 1) * number for width, number in groups) + 1
    half = size // 2 + 1
    if block is None:
        block = _best_block(groups, half)
    dice = sum(number for _, number in groups)
    # Per narrow sort: n·w and a ring of its last w strided sums, oldest first: A_w[k-w], …, A_w[k-1] at
    # turn k (zeros before the start); appending A_w[k] drops A_w[k-w], and the oldest is then A_w[k+1-w].
    rings = [(number * width, deque([0] * width, width)) for width, number in groups if width < block]
    strided = [(weight, ring, ring.append) for weight, ring in rings]
    p = [1]
    if len(strided) < len(groups):
        _packed_turns(p, half, groups, strided, block)
        return p + p[: size - half][::-1]
    prefix = 0
    # Nothing packed: the loop of :func:`_turns` without corrections (a tenth faster than subtracting zeros;
    # map() over the groups or four turns at once were measured no faster).
    for k in range(half - 1):
        last = p[k]
        prefix += last
        total = dice * prefix
        for weight, ring, append in strided:
            append(last + ring[0])
            total -= weight * ring[0]
        p.append(total // (k + 1))
    return p + p[: size - half][::-1]


def _turns(
    p: list[int],
    prefix: int,
    stop: int,
    dice: int,
    strided: Sequence[tuple[int, deque[int], Callable[[int], None]]],
    corrections: Iterable[int],
) -> int:
    """Extends ``p`` to ``stop`` coefficients by the recurrence, one at a time; returns the new ``S``.

    ``prefix`` is ``S`` before the last known coefficient; ``corrections`` gives, for each
    turn, the packed sorts' ``Σ n·w·A_w[k+1-w]``; ``strided`` holds the narrow sorts' rings.
    """
    # A plain loop over the narrow sorts: faster here than map() over them.
    for k, correction in zip(range(len(p) - 1, stop - 1), corrections, strict=False):
        last = p[k]
        prefix += last
        total = dice * prefix - correction
        for weight, ring, append in strided:
            append(last + ring[0])
            total -= weight * ring[0]
        p.append(total // (k + 1))
    return prefix


def _packed_turns(
    p: list[int],
    half: int,
    groups: Sequence[tuple[int, int]],
    strided: Sequence[tuple[int, deque[int], Callable[[int], None]]],
    block: int,
) -> None:
    """Extends ``p`` (``[1]``) to ``half`` coefficients, the sorts at least ``block`` wide packed.

    The coefficients are found ``block`` at a time. Each wide sort keeps its
    strided sums packed a block at a time in one integer, a slot of ``b`` bits
    each (lowest first): for the block after ``p[k0]``, the sums the recurrence
    needs, ``A_w[k0+1-w …]``, lie in its last blocks, so ``Σ n·w·A_w`` for the
    whole block takes a few C-speed operations per sort. Once the block's
    coefficients are known, packed in turn, they are added to those sums: the
    sort's next block. Every value is a count of cases at most ``N·Π w**n``
    (``N·S`` bounds them all), so no slot ever carries into the next.

    >>> p = [1]
    >>> _packed_turns(p, 4, [(2, 1), (3, 2)], [], 2)
    >>> p
    [1, 3, 5, 5]
    """
    dice = sum(number for _, number in groups)
    slot = ((dice * prod(width**number for width, number in groups)).bit_length() + 7) // 8
    bits = 8 * slot
    # Per wide sort: n·w, then w = q·block + r: A_w[k0+1-w …] is the top r slots of the block q+1 back and
    # the lowest block-r slots of the block q back (the whole block q back when r = 0).
    wide = [(number * width, *divmod(width, block)) for width, number in groups if width >= block]
    sorts = [
        (weight, -quotient, (block - rest) * bits, rest * bits, (1 << ((block - rest) * bits)) - 1)
        for weight, quotient, rest in wide
    ]
    # Its blocks of strided sums, newest last; before the first: A_w[1-block], …, A_w[0], only A_w[0] = 1.
    histories = [deque([0] * quotient + [1 << ((block - 1) * bits)], quotient + 1) for _, quotient, _ in wide]
    from_bytes = int.from_bytes
    size = block * slot
    prefix = 0
    while len(p) < half:
        known = len(p)
        lows = [
            (history[back - 1] >> low_shift) | ((history[back] & mask) << high_shift)
            for (_, back, low_shift, high_shift, mask), history in zip(sorts, histories, strict=True)
        ]
        correction = 0
        for (weight, *_), low in zip(sorts, lows, strict=True):
            correction += weight * low
        raw = correction.to_bytes(size, "little")
        corrections = [from_bytes(raw[i : i + slot], "little") for i in range(0, size, slot)]
        prefix = _turns(p, prefix, min(known + block, half), dice, strided, corrections)
        packed = from_bytes(b"".join([count.to_bytes(slot, "little") for count in p[known:]]), "little")
        for history, low in zip(histories, lows, strict=True):
            history.append(packed + low)


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
    ``2**b``; arithmetic modulo ``2**(b·length)`` drops the higher powers (now
    and then: a cut costs as much as a shift). Adding half a slot to every slot
    makes them all non-negative, and the bytes are cut back into coefficients.

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
                packed -= packed << (width * bits)
                if packed.bit_length() > bits * length * 5 // 4:  # cut now and then, not at every die
                    packed &= mask
    middle = 1 << (bits - 1)
    offset = int.from_bytes(((0).to_bytes(slot - 1, "little") + b"\x80") * length, "little")
    raw = ((packed + offset) & mask).to_bytes(slot * length, "little")
    return [int.from_bytes(raw[i : i + slot], "little") - middle for i in range(0, slot * length, slot)]
