"""Low poker hands: ace-to-five (California), deuce-to-seven (Kansas City) and the
eight-or-better low that splits a Hi/Lo pot.

A low hand's value is a :class:`~cardtable.engine.poker_hands.HandValue` whose ``key``
orders like every hand value here, the greater the better: it is the negated key of the
same five cards read as a high hand under the low's own rules, so the worst high hand is
the best low.

* Ace-to-five: aces are low (1); straights and flushes do not count; pairs do. The best
  hand is 5-4-3-2-A, "the wheel".
* Deuce-to-seven: aces are high; straights and flushes count against the hand, and
  A-2-3-4-5 is no straight (ace high). The best hand is 7-5-4-3-2 of two suits or more.
* Eight-or-better: an ace-to-five low of five different ranks, none above eight; a hand
  without one has no low.

>>> from cardtable.engine.poker_hands import parse_code
>>> low_a5([parse_code(c) for c in "AS 2D 3C 4H 5S".split()]).label
'5-4-3-2-A low'
>>> low_27([parse_code(c) for c in "7S 5D 4C 3H 2S".split()]).label
'7-5-4-3-2 low'
>>> print(best_low8([parse_code(c) for c in "KS QD 9C 9H 2S AS 3D".split()]))
None
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Sequence

from cardtable.engine.poker_hands import KINDS, HandValue, key_of

__all__ = ["low_a5", "low_27", "best_low_a5", "best_low_27", "best_low8", "qualifies8"]

_A5_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}
_27_NAMES = {11: "J", 12: "Q", 13: "K", 14: "A"}


def _a5_high_key(ranks: Sequence[int]) -> tuple[int, ...]:
    """The five ranks (ace 1) as a high hand that knows no straight or flush."""
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = tuple(c for _, c in groups)
    category = {(1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3, (3, 2): 6,
                (4, 1): 7}[shape]
    return (category, *(r for r, _ in groups))


def _a5_ranks(pairs: Sequence[tuple[int, str]]) -> list[int]:
    return [1 if rank == 14 else rank for rank, _ in pairs]


def _label(key: tuple[int, ...], names: dict[int, str]) -> str:
    """A low's name: its cards high to low when it has no pair ("8-6-4-3-2 low"), else
    the kind of high hand it makes ("One Pair")."""
    high = tuple(-k for k in key)
    if high[0] == 0:
        return "-".join(names.get(r, str(r)) for r in high[1:]) + " low"
    return KINDS[high[0]]


@functools.cache
def _a5_ranks_table() -> dict[tuple[int, ...], int]:
    keys = {tuple(-k for k in _a5_high_key(ranks))
            for ranks in itertools.combinations_with_replacement(range(1, 14), 5)
            if max(Counter(ranks).values()) <= 4}
    return {key: i + 1 for i, key in enumerate(sorted(keys, reverse=True))}


@functools.cache
def _27_ranks_table() -> dict[tuple[int, ...], int]:
    keys = set()
    for ranks in itertools.combinations_with_replacement(range(2, 15), 5):
        if max(Counter(ranks).values()) > 4:
            continue
        keys.add(tuple(-k for k in key_of(ranks, False, wheel=False)))
        if len(set(ranks)) == 5:
            keys.add(tuple(-k for k in key_of(ranks, True, wheel=False)))
    return {key: i + 1 for i, key in enumerate(sorted(keys, reverse=True))}


def low_a5(pairs: Sequence[tuple[int, str]]) -> HandValue:
    """The ace-to-five low value of five ``(rank 2-14, suit)`` pairs."""
    key = tuple(-k for k in _a5_high_key(_a5_ranks(pairs)))
    return HandValue(key, "Low", _label(key, _A5_NAMES), _a5_ranks_table()[key])


def low_27(pairs: Sequence[tuple[int, str]]) -> HandValue:
    """The deuce-to-seven low value of five ``(rank 2-14, suit)`` pairs."""
    flush = len({suit for _, suit in pairs}) == 1
    key = tuple(-k for k in key_of([rank for rank, _ in pairs], flush, wheel=False))
    return HandValue(key, "Low", _label(key, _27_NAMES), _27_ranks_table()[key])


def qualifies8(value: HandValue) -> bool:
    """True when an ace-to-five low is eight or better: no pair, no card above eight."""
    return value.key[0] == 0 and -value.key[1] <= 8


def _best(pairs: Sequence[tuple[int, str]], low: object) -> HandValue:
    if len(pairs) < 5:
        raise ValueError(f"a poker hand is five cards, got {len(pairs)}")
    if len(set(pairs)) != len(pairs):
        raise ValueError("a card is named twice")
    evaluate = low_a5 if low == "a5" else low_27
    return max((evaluate(five) for five in itertools.combinations(pairs, 5)), key=lambda v: v.key)


def best_low_a5(pairs: Sequence[tuple[int, str]]) -> HandValue:
    """The best ace-to-five low among five or more cards."""
    return _best(pairs, "a5")


def best_low_27(pairs: Sequence[tuple[int, str]]) -> HandValue:
    """The best deuce-to-seven low among five or more cards."""
    return _best(pairs, "27")


def best_low8(pairs: Sequence[tuple[int, str]]) -> HandValue | None:
    """The best eight-or-better low among five or more cards, or None when they hold none."""
    best = best_low_a5(pairs)
    return best if qualifies8(best) else None
