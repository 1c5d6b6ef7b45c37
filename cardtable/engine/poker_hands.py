"""Standard poker hand ranking for five cards: high card up to straight flush (and the best
five of more cards: :func:`best_high`).

No wild cards. Aces are high, except in the wheel A-2-3-4-5, the lowest straight
(and straight flush), whose top card is the five. Suits never break ties.

A hand's value is a :class:`HandValue`; its ``key`` compares like the hands (higher
is better, equal keys tie): ``(category, ranks...)`` with category 0 (high card) to
8 (straight flush) and the ranks (2 to 14) that break ties, most important first.
``rank`` is the hand's place among the 7,462 different five-card poker hands, 1
(a royal flush) the best and 7,462 (7-5-4-3-2 unsuited) the worst.

>>> evaluate_codes(["AS", "KS", "QS", "JS", "TS"]).label
'Royal Flush'
>>> evaluate_codes(["AS", "2D", "3C", "4H", "5S"]) < evaluate_codes(["2D", "3C", "4H", "5S", "6S"])
True
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.engine.showdown import KeyOrdered

__all__ = ["KINDS", "HandValue", "evaluate", "evaluate_pairs", "evaluate_codes", "score", "key_of",
           "parse_code", "rank_value", "RANK_NAMES", "all_keys", "kind_counts", "best_high", "pairs_of",
           "label_of"]

KINDS = ("High Card", "One Pair", "Two Pair", "Three of a Kind", "Straight", "Flush",
         "Full House", "Four of a Kind", "Straight Flush")
"""The kinds of hand, worst first: a key's category indexes this."""

RANK_NAMES = {2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven", 8: "Eight",
              9: "Nine", 10: "Ten", 11: "Jack", 12: "Queen", 13: "King", 14: "Ace"}
"""Each rank's word (2 to 14, the ace 14)."""

_PLURAL = {6: "Sixes"}
_RANK_CODES = {"2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10, "T": 10,
               "J": 11, "Q": 12, "K": 13, "A": 14}
_SUIT_CODES = {"C": "Clubs", "D": "Diamonds", "H": "Hearts", "S": "Spades"}


def _plural(rank: int) -> str:
    return _PLURAL.get(rank, RANK_NAMES[rank] + "s")


@dataclass(frozen=True, order=False)
class HandValue(KeyOrdered):
    """A five-card hand's value: ``key`` (compare these), ``kind``, ``label`` and ``rank``
    (1 best of 7,462). Values compare by ``key``."""

    key: tuple[int, ...]
    kind: str
    label: str
    rank: int

    def to_json(self) -> dict[str, Any]:
        """Plain data."""
        return {"key": list(self.key), "kind": self.kind, "label": self.label, "rank": self.rank}

    @classmethod
    def from_json(cls, data: Any) -> HandValue:
        """Read back :meth:`to_json`."""
        return cls(tuple(data["key"]), data["kind"], data["label"], data["rank"])


def rank_value(rank: str) -> int:
    """The poker value of a rank code: "2".."10" (or "T"), "J" 11, "Q" 12, "K" 13, "A" 14."""
    try:
        return _RANK_CODES[rank.upper()]
    except KeyError:
        raise ValueError(f"{rank!r} is not a card rank (2-10, T, J, Q, K, A)") from None


def parse_code(code: str) -> tuple[int, str]:
    """``(rank, suit)`` of a code like "AS", "TS", "10h", "qd"; ValueError otherwise."""
    text = code.strip().upper()
    if len(text) < 2 or text[-1] not in _SUIT_CODES:
        raise ValueError(f"cannot read {code!r} as a card: expected a rank (2-10, T, J, Q, K, A) "
                         "and a suit (C, D, H, S), like AS or 10H")
    return rank_value(text[:-1]), _SUIT_CODES[text[-1]]


def key_of(ranks: Sequence[int], flush: bool, *, wheel: bool = True) -> tuple[int, ...]:
    """The comparable key of five ranks (2-14), flush or not; ``wheel``: A-2-3-4-5 is a
    straight (the five high), as in high poker (not in deuce-to-seven)."""
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    ordered = tuple(r for r, _ in groups)
    shape = tuple(c for _, c in groups)
    straight_top = 0
    if len(counts) == 5:
        high, low = max(ranks), min(ranks)
        if high - low == 4:
            straight_top = high
        elif wheel and set(ranks) == {14, 2, 3, 4, 5}:
            straight_top = 5
    if straight_top and flush:
        return (8, straight_top)
    if shape == (4, 1):
        return (7, *ordered)
    if shape == (3, 2):
        return (6, *ordered)
    if flush:
        return (5, *ordered)
    if straight_top:
        return (4, straight_top)
    if shape == (3, 1, 1):
        return (3, *ordered)
    if shape == (2, 2, 1):
        return (2, *ordered)
    if shape == (2, 1, 1, 1):
        return (1, *ordered)
    return (0, *ordered)


def score(cards: Iterable[tuple[int, str]]) -> tuple[int, ...]:
    """The key of five ``(rank, suit)`` pairs (the fast path the bot uses)."""
    pairs = list(cards)
    return key_of([r for r, _ in pairs], len({s for _, s in pairs}) == 1)


@functools.cache
def all_keys() -> tuple[tuple[int, ...], ...]:
    """Every different hand's key, best first (7,462 of them)."""
    keys = set()
    for ranks in itertools.combinations_with_replacement(range(2, 15), 5):
        if max(Counter(ranks).values()) > 4:
            continue
        keys.add(key_of(ranks, False))
        if len(set(ranks)) == 5:
            keys.add(key_of(ranks, True))
    return tuple(sorted(keys, reverse=True))


@functools.cache
def _rank_table() -> dict[tuple[int, ...], int]:
    return {key: i + 1 for i, key in enumerate(all_keys())}


_LABELS = ("{high} High", "Pair of {tops}", "Two Pair, {tops} and {seconds}", "Three {tops}",
           "Straight, {high} high", "Flush, {high} high", "Full House, {tops} over {seconds}",
           "Four {tops}", "Straight Flush, {high} high")
"""Each category's label, worst first: ``high`` names the top rank, ``tops`` and
``seconds`` the ranks of the hand's two groups in the plural."""


@functools.cache
def label_of(key: tuple[int, ...]) -> str:
    """The hand's name in words ("Two Pair, Kings and Fives")."""
    category, top = key[0], key[1]
    if category == 8 and top == 14:
        return "Royal Flush"
    seconds = _plural(key[2]) if category in (2, 6) else ""
    return _LABELS[category].format(high=RANK_NAMES[top], tops=_plural(top), seconds=seconds)


def evaluate_pairs(cards: Sequence[tuple[int, str]]) -> HandValue:
    """The value of five ``(rank 2-14, suit)`` pairs; ValueError unless five different cards."""
    if len(cards) != 5:
        raise ValueError(f"a poker hand is five cards, got {len(cards)}")
    if len(set(cards)) != 5:
        raise ValueError("a card is named twice")
    key = score(cards)
    return HandValue(key, KINDS[key[0]], label_of(key), _rank_table()[key])


def evaluate(cards: Sequence[Any]) -> HandValue:
    """The value of five standard-deck cards (:class:`~cardtable.engine.cards.Card`).

    Each card seen once gets one int of counters (:func:`_pack`); a hand is their sum, made
    and looked up in a few steps: as fast as treys' evaluator (benchmarks/poker_hands.py).
    """
    try:
        v, w, x, y, z = cards
        return _BY_KEY[(_PACKED[id(v)] + _PACKED[id(w)] + _PACKED[id(x)] + _PACKED[id(y)] + _PACKED[id(z)])
                       & _KEY]
    except (KeyError, ValueError, TypeError):
        return _evaluate_first(cards)


# A card's int, summed over a hand of five: four 6-bit suit counters (bits 0-23), thirteen 3-bit
# rank counters (from bit 24) and one 3-bit counter a card of the 52 (from bit 63). A card adds
# 4 to its suit's counter and 3 to every one, so that a counter reaches 32 (its top bit) exactly
# when five cards are of its suit. Five cards overflow no counter; a key keeps those top bits
# (a flush), the ranks' counters, and the cards' counters' top two bits (set by a card named
# twice: no such key).
_RANKS_AT, _CARDS_AT = 24, 63
_FLUSHES = 0x20 * 0x041041
_KEY = _FLUSHES | ((1 << 39) - 1) << _RANKS_AT | int("110" * 52, 2) << _CARDS_AT
_SUIT_INDEX = {suit: i for i, suit in enumerate(_SUIT_CODES.values())}
_PACKED: dict[int, int] = {}
"""id of a card seen -> its int (:func:`_pack`)."""
_KEPT: list[Any] = []
"""The cards of :data:`_PACKED`, held so that no id of theirs is reused while listed."""
_MOST_KEPT = 20_000
_BY_KEY: dict[int, HandValue] = {}
"""The key of five different cards -> their value."""


def _pack(rank: int, suit: int) -> int:
    """The int of a card (see above): rank 2-14, suit 0-3."""
    return (3 * 0x041041 + (4 << 6 * suit) | 1 << _RANKS_AT + 3 * (rank - 2)
            | 1 << _CARDS_AT + 3 * (4 * (rank - 2) + suit))


def _evaluate_first(cards: Sequence[Any]) -> HandValue:
    """:func:`evaluate` of cards not all seen before (or not five different ones): checked,
    valued, and their ints learnt."""
    cards = list(cards)
    pairs = pairs_of(cards)
    value = evaluate_pairs(pairs)
    if any(suit not in _SUIT_INDEX for _, suit in pairs):
        return value  # (a deck with suits of its own: valued, not learnt)
    if not _BY_KEY:
        _build_tables()
    if len(_KEPT) > _MOST_KEPT:  # (decks loaded over and over: forget them all)
        _PACKED.clear()
        _KEPT.clear()
    for card, (rank, suit) in zip(cards, pairs):
        if id(card) not in _PACKED:
            _PACKED[id(card)] = _pack(rank, _SUIT_INDEX[suit])
            _KEPT.append(card)
    return value


def _build_tables() -> None:
    """Fill :data:`_BY_KEY` from :func:`key_of`, as every other path values."""
    place = _rank_table()
    for ranks in itertools.combinations_with_replacement(range(2, 15), 5):
        if ranks[0] == ranks[4]:
            continue
        key = key_of(ranks, False)
        by_ranks = sum(1 << _RANKS_AT + 3 * (r - 2) for r in ranks)
        _BY_KEY[by_ranks] = HandValue(key, KINDS[key[0]], label_of(key), place[key])
        if len(set(ranks)) == 5:
            key = key_of(ranks, True)
            for suit in range(4):
                _BY_KEY[by_ranks | 0x20 << 6 * suit] = HandValue(key, KINDS[key[0]], label_of(key), place[key])


def pairs_of(cards: Sequence[Any]) -> list[tuple[int, str]]:
    """``(rank 2-14, suit)`` of standard-deck cards; ValueError for any other card."""
    pairs = []
    for card in cards:
        if "wild" in getattr(card, "tags", ()) or not card.suit:
            raise ValueError(f"{card.code} is not a standard playing card")
        pairs.append((rank_value(card.rank), card.suit))
    return pairs


def best_high(pairs: Sequence[tuple[int, str]]) -> HandValue:
    """The best five-card high hand among five or more ``(rank, suit)`` pairs.

    >>> best_high([parse_code(c) for c in "AS KS 2D 7C QS JS TS".split()]).label
    'Royal Flush'
    """
    if len(pairs) < 5:
        raise ValueError(f"a poker hand is five cards, got {len(pairs)}")
    if len(set(pairs)) != len(pairs):
        raise ValueError("a card is named twice")
    key = max(score(five) for five in itertools.combinations(pairs, 5))
    return HandValue(key, KINDS[key[0]], label_of(key), _rank_table()[key])


def evaluate_codes(codes: Sequence[str]) -> HandValue:
    """The value of five cards named by code ("AS", "TD", "10H")."""
    return evaluate_pairs([parse_code(c) for c in codes])


@functools.cache
def kind_counts() -> dict[str, int]:
    """How many of the 2,598,960 five-card deals make each kind (exact, by counting ranks)."""
    counts = dict.fromkeys(KINDS, 0)
    for ranks in itertools.combinations_with_replacement(range(2, 15), 5):
        mult = Counter(ranks)
        if max(mult.values()) > 4:
            continue
        ways = 1
        for count in mult.values():
            ways *= _comb(4, count)
        if len(mult) == 5:  # 4^5 suit choices, 4 of them flushes
            counts[KINDS[key_of(ranks, True)[0]]] += 4
            ways -= 4
        counts[KINDS[key_of(ranks, False)[0]]] += ways
    return counts


def _comb(n: int, k: int) -> int:
    from math import comb
    return comb(n, k)
