"""Alethkar Poker's value table and the best way to count a hand.

A hand's value (step 5 of the source) is a sum: the five cards are split into the
table's combinations, each card counted once, and every card left over counts at its
single value (Ace 7 down to 2 at -5). The source says to turn a card face down once
its contribution is added, so one card never counts twice; the rules page settles
that a hand is worth the *largest* total over all the ways of splitting it.

The combinations of the table:

* five cards: Ace-King-Queen-Jack-10 of one suit (250), five consecutive cards of
  one suit (240), five consecutive cards (110), five cards of one suit (100);
* four of a rank (Quadruple Aces 230 ... Quadruple 2s 120);
* three of a rank (Triple Ace 92 ... Triple 2 44);
* two of a rank (Pair Aces 40 ... Pair 2s 16);
* one card (Ace 7 ... 2 -5).

:func:`best_split` tries every set partition of the five cards (52 of them) and
keeps the best, so it is exact. :func:`best_five` picks the five of seven cards
(the two to discard) that are worth the most.

>>> from cardtable.variants import load_deck_by_id
>>> deck = load_deck_by_id("standard52")
>>> hand = [deck.find(code) for code in ("AS", "AH", "AD", "KS", "QS")]
>>> split = best_split(hand)
>>> split.value, [c.name for c in split.combinations]
(103, ['Triple Aces', 'King', 'Queen'])
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache

from cardtable.engine.cards import Card

__all__ = ["RANKS", "RANK_NAMES", "VALUE_TABLE", "Combination", "Split", "Choice",
           "rank_index", "single_value", "pair_value", "triple_value", "quad_value",
           "block_value", "best_split", "best_five", "set_partitions", "value_table_rows",
           "quick_value", "quick_best_five"]

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
"""The rank codes of the standard deck, low to high (the deck's own order)."""

RANK_NAMES = {"2": "2s", "3": "3s", "4": "4s", "5": "5s", "6": "6s", "7": "7s", "8": "8s",
              "9": "9s", "10": "10s", "J": "Jacks", "Q": "Queens", "K": "Kings", "A": "Aces"}
"""How the combinations name a rank in the plural."""

SINGLE_NAMES = {"J": "Jack", "Q": "Queen", "K": "King", "A": "Ace"}

ROYAL, STRAIGHT_FLUSH, STRAIGHT, FLUSH = 250, 240, 110, 100
"""The values of the five-card combinations."""

_QUADS = {"A": 230, "K": 220, "Q": 210, "J": 205, "10": 200, "9": 190, "8": 180, "7": 170,
          "6": 160, "5": 150, "4": 140, "3": 130, "2": 120}


def rank_index(card: Card) -> int:
    """0 for a 2 up to 12 for an Ace. Raises ValueError for a card of another deck."""
    try:
        return RANKS.index(card.rank)
    except ValueError:
        raise ValueError(f"{card.code} is not a card of the standard 52-card deck") from None


def single_value(rank: int) -> int:
    """A lone card: Ace 7, King 6, Queen 5, Jack 4, 10 3, ... 7 0, ... 2 -5."""
    return rank - 5


def pair_value(rank: int) -> int:
    """Two of a rank: Pair 2s 16 up to Pair Aces 40 (2 a rank)."""
    return 16 + 2 * rank


def triple_value(rank: int) -> int:
    """Three of a rank: Triple 2 44 up to Triple Ace 92 (4 a rank)."""
    return 44 + 4 * rank


def quad_value(rank: int) -> int:
    """Four of a rank, as the table lists them (Jacks 205, not 210)."""
    return _QUADS[RANKS[rank]]


VALUE_TABLE: tuple[tuple[str, int], ...] = (
    ("Ace, King, Queen, Jack, 10 of same suit", ROYAL),
    ("Five consecutive cards of same suit", STRAIGHT_FLUSH),
    *((f"Quadruple {RANK_NAMES[RANKS[r]]}", quad_value(r)) for r in range(12, -1, -1)),
    ("Five cards in consecutive order", STRAIGHT),
    ("Five cards in the same suit", FLUSH),
    *((f"Triple {RANK_NAMES[RANKS[r]]}", triple_value(r)) for r in range(12, -1, -1)),
    *((f"Pair {RANK_NAMES[RANKS[r]]}", pair_value(r)) for r in range(12, -1, -1)),
    *((SINGLE_NAMES.get(RANKS[r], RANKS[r]), single_value(r)) for r in range(12, -1, -1)),
)
"""Every row of the source's table, top to bottom: (what, value)."""


def value_table_rows() -> list[tuple[str, int]]:
    """The value table as (combination, value) rows, for the help page."""
    return list(VALUE_TABLE)


@dataclass(frozen=True)
class Combination:
    """One counted part of a hand: its name, its cards (in hand order) and its value."""

    name: str
    cards: tuple[Card, ...]
    value: int

    @property
    def codes(self) -> list[str]:
        """The cards' codes ("AS")."""
        return [c.code for c in self.cards]


@dataclass(frozen=True)
class Split:
    """The best way to count five cards: the combinations, highest first, and the sum."""

    combinations: tuple[Combination, ...]
    value: int

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards in counting order."""
        return tuple(c for combo in self.combinations for c in combo.cards)


@dataclass(frozen=True)
class Choice:
    """The best five of more cards: what to keep (its split) and what to discard."""

    split: Split
    keep: tuple[Card, ...]
    discard: tuple[Card, ...]

    @property
    def value(self) -> int:
        """The value of the kept five."""
        return self.split.value


def _consecutive(ranks: Sequence[int], ace_low: bool) -> bool:
    ordered = sorted(ranks)
    if len(set(ordered)) != 5:
        return False
    if ordered[-1] - ordered[0] == 4:
        return True
    return ace_low and ordered == [0, 1, 2, 3, 12]  # A-2-3-4-5


def block_value(cards: Sequence[Card], *, ace_low_straight: bool = True) -> tuple[str, int] | None:
    """The table's name and value of ``cards`` counted as one combination, or None
    when they make no combination of the table.

    >>> from cardtable.variants import load_deck_by_id
    >>> deck = load_deck_by_id("standard52")
    >>> block_value([deck.find(c) for c in ("9S", "9H")])
    ('Pair 9s', 30)
    >>> block_value([deck.find(c) for c in ("9S", "8H")]) is None
    True
    """
    ranks = [rank_index(c) for c in cards]
    size = len(cards)
    if size == 1:
        rank = RANKS[ranks[0]]
        return SINGLE_NAMES.get(rank, rank), single_value(ranks[0])
    if size in (2, 3, 4):
        if len(set(ranks)) != 1:
            return None
        plural = RANK_NAMES[RANKS[ranks[0]]]
        if size == 2:
            return f"Pair {plural}", pair_value(ranks[0])
        if size == 3:
            return f"Triple {plural}", triple_value(ranks[0])
        return f"Quadruple {plural}", quad_value(ranks[0])
    if size != 5:
        return None
    suited = len({c.suit for c in cards}) == 1
    run = _consecutive(ranks, ace_low_straight)
    if suited and sorted(ranks) == [8, 9, 10, 11, 12]:
        return "Ace, King, Queen, Jack, 10 of same suit", ROYAL
    if suited and run:
        return "Five consecutive cards of same suit", STRAIGHT_FLUSH
    if run:
        return "Five cards in consecutive order", STRAIGHT
    if suited:
        return "Five cards in the same suit", FLUSH
    return None


def set_partitions(items: Sequence[int]) -> Iterator[list[list[int]]]:
    """Every way to split ``items`` into non-empty blocks (Bell(5) = 52 for five).

    >>> sum(1 for _ in set_partitions([0, 1, 2, 3, 4]))
    52
    """
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for partition in set_partitions(rest):
        yield [[first], *partition]
        for i in range(len(partition)):
            yield [*partition[:i], [first, *partition[i]], *partition[i + 1:]]


@lru_cache(maxsize=1)
def _partitions_of_five() -> tuple[tuple[tuple[int, ...], ...], ...]:
    return tuple(tuple(tuple(b) for b in p) for p in set_partitions([0, 1, 2, 3, 4]))


def best_split(cards: Sequence[Card], *, ace_low_straight: bool = True) -> Split:
    """The highest-valued way to count five cards (exhaustive over set partitions).

    Ties between splits of equal value keep the one with fewer, bigger combinations.
    The combinations come highest value first, the way the table counts them.
    Raises ValueError unless there are exactly five different standard cards.
    """
    cards = list(cards)
    if len(cards) != 5:
        raise ValueError(f"an Alethkar Poker hand is five cards, got {len(cards)}")
    if len({c.index for c in cards}) != 5:
        raise ValueError("a card is named twice")
    for card in cards:
        rank_index(card)
    best: tuple[int, int] | None = None
    best_blocks: list[Combination] = []
    for partition in _partitions_of_five():
        blocks = []
        total = 0
        for block in partition:
            found = block_value([cards[i] for i in block], ace_low_straight=ace_low_straight)
            if found is None:
                break
            blocks.append(Combination(found[0], tuple(cards[i] for i in block), found[1]))
            total += found[1]
        else:
            key = (total, -len(blocks))
            if best is None or key > best:
                best, best_blocks = key, blocks
    assert best is not None  # five single cards always make a split
    best_blocks.sort(key=lambda c: (-c.value, -len(c.cards)))
    return Split(tuple(best_blocks), best[0])


def quick_value(cards: Sequence[Card], *, ace_low_straight: bool = True) -> int:
    """The value :func:`best_split` finds, worked out directly (for the bots).

    In one 52-card deck a five-card combination needs five different ranks, so it
    never shares a hand with a pair; and a whole group of one rank is always worth
    more than any smaller groups of it. So the best split is the five-card
    combination when there is one (it beats five single cards), otherwise every
    rank counted as one group. The tests check this against the exhaustive search.
    """
    ranks = [rank_index(c) for c in cards]
    if len(set(ranks)) == 5:
        five = block_value(cards, ace_low_straight=ace_low_straight)
        return five[1] if five is not None else sum(single_value(r) for r in ranks)
    total = 0
    for rank in set(ranks):
        count = ranks.count(rank)
        total += (single_value, pair_value, triple_value, quad_value)[count - 1](rank)
    return total


def quick_best_five(cards: Sequence[Card], *, ace_low_straight: bool = True) -> tuple[int, tuple[int, ...]]:
    """The best value of five of ``cards`` and the positions (in ``cards``) of the
    ones to discard, by :func:`quick_value`; ties keep the first choice."""
    best_value: int | None = None
    best_drop: tuple[int, ...] = ()
    size = len(cards)
    for keep in itertools.combinations(range(size), 5):
        value = quick_value([cards[i] for i in keep], ace_low_straight=ace_low_straight)
        if best_value is None or value > best_value:
            best_value, best_drop = value, tuple(i for i in range(size) if i not in keep)
    assert best_value is not None
    return best_value, best_drop


def best_five(cards: Iterable[Card], *, ace_low_straight: bool = True) -> Choice:
    """The five of ``cards`` (five or more) worth the most, and the rest to discard.

    Ties keep the first choice in the order of :func:`itertools.combinations` over
    the cards as given, so the answer is deterministic.
    """
    cards = list(cards)
    if len(cards) < 5:
        raise ValueError(f"need at least five cards, got {len(cards)}")
    best: Choice | None = None
    for keep in itertools.combinations(range(len(cards)), 5):
        split = best_split([cards[i] for i in keep], ace_low_straight=ace_low_straight)
        if best is None or split.value > best.value:
            best = Choice(split, tuple(cards[i] for i in keep),
                          tuple(c for i, c in enumerate(cards) if i not in keep))
    assert best is not None
    return best
