"""The standard evaluators on small ints, for computer players that value many hands.

:mod:`cardtable.engine.hand_evaluators` values a hand of :class:`~cardtable.engine.cards.Card`
objects as a :class:`~cardtable.engine.poker_hands.HandValue`, trying every five cards: exact
and readable, but a bot sampling thousands of showdowns a decision (Omaha: sixty two-plus-three
hands a seat, high and low) cannot wait for it. Here the same evaluators work on card *codes*
(``rank * 4 + suit``, rank 2-14, suit 0-3: :func:`deck_codes`) and give a hand's *strength*, one
int that orders exactly as the named evaluator's keys do: greater is better, equal exactly when
the keys are equal, and 0 for no hand (a low that does not qualify). For a value ``v`` of the
evaluator ``name``, the strength is ``size(name) + 1 - v.rank`` (:func:`strength_of`).

How, by evaluator (every table built once a process, from the slow evaluators' own keys, so
that the two cannot disagree):

* ``high``, the best five of any number of cards: the unsuited part by the product of one prime
  a rank (a multiset of ranks has its own product), looked up in a table of the best hand each
  multiset makes; a flush only when five cards share a suit (one addition a card tells), from a
  table of the best flush of each set of ranks.
* ``omaha_high``: two hole cards and three of the board, the board's ten threes found once for
  every hand on that board (:meth:`Fast.prepare`).
* ``low8``: the five lowest different ranks up to eight, from a table over the 256 sets of them;
  ``omaha_low8``: the same over each pair of hole cards and the board's low ranks.
* ``low_a5`` and ``low_27``: every five cards, each looked up (exact; no bot here needs them fast).

>>> codes = {c: r * 4 + s for r, rs in zip(range(2, 15), "23456789TJQKA") for s, c in
...          enumerate(rs + x for x in "CDHS")}
>>> royal = [codes[c] for c in "AS KS QS JS TS".split()]
>>> FAST["high"].value(royal[:2], royal[2:]) == size("high")
True
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Sequence
from typing import Any

from cardtable.engine.low_hands import _27_NAMES, _A5_NAMES, _27_ranks_table, _a5_high_key, _a5_ranks_table, _label
from cardtable.engine.named_evaluators import lookup
from cardtable.engine.poker_hands import KINDS, HandValue, _rank_table, all_keys, key_of, label_of, rank_value

__all__ = ["Fast", "FAST", "deck_codes", "size", "strength_of", "hand_value", "value_of", "high", "low8", "PRIMES"]

PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
"""One prime a rank, 2 to Ace."""

_CODES = range(15 * 4)
_PRIME = [PRIMES[c // 4 - 2] if c >= 8 else 1 for c in _CODES]
_SUIT_BIT = [1 << (8 * (c & 3)) for c in _CODES]
_RANK_BIT = [1 << (c // 4 - 2) if c >= 8 else 0 for c in _CODES]
_LOW_BIT = [(1 << (0 if c // 4 == 14 else c // 4 - 1)) if c // 4 == 14 or 2 <= c // 4 <= 8 else 0 for c in _CODES]
"""A card's bit among the eight low ranks (the ace bit 0, the deuce 1, ... the eight 7), 0 above."""
_FIVE_SUITED_ADD = 0x7B7B7B7B
_FIVE_SUITED = 0x80808080
"""Four counters of a byte a suit: a counter of five or more sets its top bit once 0x7B is added."""


def size(name: str) -> int:
    """How many different hands the evaluator ``name`` tells apart (its best's strength)."""
    if name in ("high", "omaha_high"):
        return len(_rank_table())
    if name == "low_27":
        return len(_27_ranks_table())
    return len(_a5_ranks_table())


def strength_of(name: str, value: Any) -> int:
    """The strength of a :class:`~cardtable.engine.poker_hands.HandValue` of the evaluator
    ``name`` (0 for None: no hand)."""
    return 0 if value is None else size(name) + 1 - value.rank


# -- tables ----------------------------------------------------------------------------------
def _product(ranks: Sequence[int]) -> int:
    product = 1
    for r in ranks:
        product *= PRIMES[r - 2]
    return product


class _Plain(dict[int, int]):
    """Rank product -> the strength of the best unsuited five among those ranks; five-rank
    products built at once, larger ones the first time they are asked for."""

    def __missing__(self, product: int) -> int:
        ranks = [r for r in range(2, 15) for _ in range(_multiplicity(product, PRIMES[r - 2]))]
        if len(ranks) < 5:
            raise ValueError(f"a poker hand is five cards, got {len(ranks)}")
        best = max(self[product // PRIMES[r - 2]] for r in set(ranks))
        self[product] = best
        return best


def _multiplicity(product: int, prime: int) -> int:
    count = 0
    while product % prime == 0:
        product //= prime
        count += 1
    return count


@functools.cache
def _plain() -> _Plain:
    place = _rank_table()
    top = len(place) + 1
    table = _Plain()
    for ranks in itertools.combinations_with_replacement(range(2, 15), 5):
        if ranks[0] == ranks[4]:
            continue
        table[_product(ranks)] = top - place[key_of(ranks, False)]
    return table


@functools.cache
def _flush() -> list[int]:
    """Rank bits (2 the lowest bit) -> the strength of the best flush among them (0 under five)."""
    place = _rank_table()
    top = len(place) + 1
    table = [0] * (1 << 13)
    by_count: list[list[int]] = [[] for _ in range(14)]
    for mask in range(1 << 13):
        by_count[mask.bit_count()].append(mask)
    for mask in by_count[5]:
        ranks = [r for r in range(2, 15) if mask >> (r - 2) & 1]
        table[mask] = top - place[key_of(ranks, True)]
    for count in range(6, 14):
        for mask in by_count[count]:
            bits = mask
            best = 0
            while bits:
                low = bits & -bits
                bits ^= low
                value = table[mask ^ low]
                if value > best:
                    best = value
            table[mask] = best
    return table


def _a5_strength(ranks: Sequence[int]) -> int:
    """The ace-to-five low strength of five ranks (ace 1)."""
    table = _a5_ranks_table()
    return len(table) + 1 - table[tuple(-k for k in _a5_high_key(ranks))]


@functools.cache
def _low8() -> list[int]:
    """Low-rank bits -> the strength of the best eight-or-better low among them (0: none)."""
    table = [0] * 256
    for mask in range(256):
        bits = [b for b in range(8) if mask >> b & 1]
        if len(bits) >= 5:
            table[mask] = _a5_strength([b + 1 for b in bits[:5]])
    return table


@functools.cache
def _omaha_low8() -> dict[int, list[int]]:
    """Two hole low-rank bits -> (the board's low-rank bits -> the best low of those two and
    three of the board; 0: none)."""
    low8 = _low8()
    tables: dict[int, list[int]] = {}
    for a, b in itertools.combinations(range(8), 2):
        pair = 1 << a | 1 << b
        row = [0] * 256
        for board in range(256):
            free = board & ~pair
            if free.bit_count() < 3:
                continue
            three = 0
            for _ in range(3):
                low = free & -free
                three |= low
                free ^= low
            row[board] = low8[pair | three]
        tables[pair] = row
    return tables


@functools.cache
def _a5_five() -> dict[int, int]:
    table: dict[int, int] = {}
    for ranks in itertools.combinations_with_replacement(range(2, 15), 5):
        if ranks[0] != ranks[4]:
            table[_product(ranks)] = _a5_strength([1 if r == 14 else r for r in ranks])
    return table


@functools.cache
def _27_five() -> tuple[dict[int, int], dict[int, int]]:
    """(rank product -> deuce-to-seven strength unsuited, of a flush)."""
    place = _27_ranks_table()
    top = len(place) + 1
    plain: dict[int, int] = {}
    flush: dict[int, int] = {}
    for ranks in itertools.combinations_with_replacement(range(2, 15), 5):
        if ranks[0] == ranks[4]:
            continue
        plain[_product(ranks)] = top - place[tuple(-k for k in key_of(ranks, False, wheel=False))]
        if len(set(ranks)) == 5:
            flush[_product(ranks)] = top - place[tuple(-k for k in key_of(ranks, True, wheel=False))]
    return plain, flush


# -- the evaluators -----------------------------------------------------------------------------
def high(cards: Sequence[int]) -> int:
    """The strength of the best five-card high hand among five or more card codes."""
    plain = _plain()
    product = 1
    suits = 0
    for c in cards:
        product *= _PRIME[c]
        suits += _SUIT_BIT[c]
    best = plain[product]
    if (suits + _FIVE_SUITED_ADD) & _FIVE_SUITED:
        best = max(best, _flush_of(cards, suits))
    return best


def _flush_of(cards: Sequence[int], suits: int) -> int:
    suit = next(s for s in range(4) if (suits >> (8 * s)) & 0xFF >= 5)
    mask = 0
    for c in cards:
        if c & 3 == suit:
            mask |= _RANK_BIT[c]
    return _flush()[mask]


def low8(cards: Sequence[int]) -> int:
    """The strength of the best eight-or-better low among card codes (0: none)."""
    mask = 0
    for c in cards:
        mask |= _LOW_BIT[c]
    return _low8()[mask]


def _omaha_high(hole: Sequence[int], ctx: Any) -> int:
    triples, suited, known = ctx
    get = _plain().__getitem__
    best = 0
    prime = _PRIME
    for i, a in enumerate(hole):
        pa = prime[a]
        for b in hole[i + 1:]:
            pair = pa * prime[b]
            value = known.get(pair)
            if value is None:
                value = known[pair] = max(map(get, [pair * t for t in triples]))
            if value > best:
                best = value
    if suited:
        flush = _flush()
        for i, a in enumerate(hole):
            for b in hole[i + 1:]:
                if a & 3 == b & 3 and a & 3 in suited:
                    pair = _RANK_BIT[a] | _RANK_BIT[b]
                    for three in suited[a & 3]:
                        value = flush[pair | three]
                        if value > best:
                            best = value
    return best


_OMAHA_BOARDS: dict[int, tuple[list[int], dict[int, int]]] = {}
"""A board's ranks (their product) -> the rank products of its threes, and the best unsuited
hand found so far of each pair of hole ranks with them (two of the hand, three of the board:
the same for every hand on boards of those ranks, worked out once)."""
_OMAHA_MOST = 3000
"""Boards kept at most (then forgotten all at once): a five-card board has 6,175 rank sets."""
_THREE_SUITED_ADD = 0x7D7D7D7D
"""Added to four one-byte suit counters, sets a top bit where a suit has three cards or more."""


def _omaha_board(board: Sequence[int]) -> Any:
    """The board's threes (rank products, without repeats), by suit the rank bits of each three
    of one suit, and the pairs' best hands known on boards of these ranks."""
    product = 1
    suits = 0
    for c in board:
        product *= _PRIME[c]
        suits += _SUIT_BIT[c]
    entry = _OMAHA_BOARDS.get(product)
    if entry is None:
        if len(_OMAHA_BOARDS) >= _OMAHA_MOST:
            _OMAHA_BOARDS.clear()
        triples = sorted({_PRIME[a] * _PRIME[b] * _PRIME[c] for a, b, c in itertools.combinations(board, 3)})
        if not triples:
            raise ValueError("omaha_high needs three board cards")
        entry = _OMAHA_BOARDS[product] = (triples, {})
    suited: dict[int, list[int]] = {}
    if (suits + _THREE_SUITED_ADD) & _FIVE_SUITED:
        for a, b, c in itertools.combinations(board, 3):
            if a & 3 == b & 3 == c & 3:
                suited.setdefault(a & 3, []).append(_RANK_BIT[a] | _RANK_BIT[b] | _RANK_BIT[c])
    return entry[0], suited, entry[1]


def _omaha_low(hole: Sequence[int], board_mask: int) -> int:
    if board_mask.bit_count() < 3:
        return 0
    tables = _omaha_low8()
    best = 0
    bits = [_LOW_BIT[c] for c in hole]
    for i, a in enumerate(bits):
        if not a:
            continue
        for b in bits[i + 1:]:
            if b and b != a:
                value = tables[a | b][board_mask]
                if value > best:
                    best = value
    return best


def _low_a5(cards: Sequence[int]) -> int:
    table = _a5_five()
    return max(table[_PRIME[a] * _PRIME[b] * _PRIME[c] * _PRIME[d] * _PRIME[e]]
               for a, b, c, d, e in itertools.combinations(cards, 5))


def _low_27(cards: Sequence[int]) -> int:
    plain, flush = _27_five()
    best = 0
    for five in itertools.combinations(cards, 5):
        product = 1
        for c in five:
            product *= _PRIME[c]
        suit = five[0] & 3
        value = flush[product] if all(c & 3 == suit for c in five) else plain[product]
        if value > best:
            best = value
    return best


class Fast:
    """One standard evaluator on card codes: :meth:`value` of a hand with a board, or for many
    hands on one board, :meth:`prepare` the board once and :meth:`value_on` each hand."""

    def __init__(self, name: str, prepare: Callable[[Sequence[int]], Any],
                 value_on: Callable[[Sequence[int], Any], int], low: bool) -> None:
        self.name = name
        self.prepare = prepare
        self.value_on = value_on
        self.low = low

    def value(self, hole: Sequence[int], board: Sequence[int]) -> int:
        """The strength of ``hole`` with ``board`` (card codes)."""
        return self.value_on(hole, self.prepare(board))


def _all_cards(evaluate: Callable[[Sequence[int]], int], low: bool, name: str) -> Fast:
    return Fast(name, list, lambda hole, board: evaluate([*hole, *board]), low)


def _low8_board(board: Sequence[int]) -> int:
    mask = 0
    for c in board:
        mask |= _LOW_BIT[c]
    return mask


def _low8_on(hole: Sequence[int], mask: int) -> int:
    for c in hole:
        mask |= _LOW_BIT[c]
    return _low8()[mask]


def _high_board(board: Sequence[int]) -> tuple[int, int, Sequence[int]]:
    product = 1
    suits = 0
    for c in board:
        product *= _PRIME[c]
        suits += _SUIT_BIT[c]
    return product, suits, board


def _high_on(hole: Sequence[int], ctx: tuple[int, int, Sequence[int]]) -> int:
    product, suits, board = ctx
    for c in hole:
        product *= _PRIME[c]
        suits += _SUIT_BIT[c]
    best = _plain()[product]
    if (suits + _FIVE_SUITED_ADD) & _FIVE_SUITED:
        best = max(best, _flush_of([*hole, *board], suits))
    return best


FAST: dict[str, Fast] = {
    "high": Fast("high", _high_board, _high_on, False),
    "omaha_high": Fast("omaha_high", _omaha_board, _omaha_high, False),
    "low_a5": _all_cards(_low_a5, True, "low_a5"),
    "low_27": _all_cards(_low_27, True, "low_27"),
    "low8": Fast("low8", _low8_board, _low8_on, True),
    "omaha_low8": Fast("omaha_low8", _low8_board, _omaha_low, True),
}
"""Every standard evaluator by name, as :data:`~cardtable.engine.hand_evaluators.EVALUATORS`."""


@functools.cache
def _values(name: str) -> list[HandValue | None]:
    """Strength -> the named evaluator's value (index 0: None, no hand)."""
    if name in ("high", "omaha_high"):
        keys = all_keys()
        made = [HandValue(key, KINDS[key[0]], label_of(key), rank) for rank, key in enumerate(keys, 1)]
    else:
        table = _27_ranks_table() if name == "low_27" else _a5_ranks_table()
        names = _27_NAMES if name == "low_27" else _A5_NAMES
        made = [HandValue(key, "Low", _label(key, names), rank)
                for key, rank in sorted(table.items(), key=lambda kr: kr[1])]
    return [None, *reversed(made)]


def hand_value(name: str, strength: int) -> HandValue | None:
    """The :class:`~cardtable.engine.poker_hands.HandValue` of the evaluator ``name`` whose
    strength is ``strength`` (None for 0): what :mod:`~cardtable.engine.hand_evaluators` gives."""
    return _values(name)[strength]


def value_of(name: str, hole: Sequence[int], board: Sequence[int], deck: Any) -> HandValue | None:
    """The value of the deck indices ``hole`` with ``board`` of ``deck`` under the evaluator
    ``name``, equal to ``EVALUATORS[name].value`` of those cards, found on codes; a game's own
    evaluator (:func:`~cardtable.engine.named_evaluators.lookup`) values the cards themselves."""
    fast = FAST.get(name)
    if fast is None:
        evaluator = lookup(name)
        return evaluator.value([deck[c] for c in hole], [deck[c] for c in board])
    codes = deck_codes(deck)
    return _values(name)[fast.value([codes[c] for c in hole], [codes[c] for c in board])]


_DECKS: dict[int, tuple[Any, list[int]]] = {}


def deck_codes(deck: Any) -> list[int]:
    """The code of every card of ``deck`` (standard cards), by deck index; built once a deck."""
    entry = _DECKS.get(id(deck))
    if entry is None or entry[0] is not deck:
        suits: dict[str, int] = {"Clubs": 0, "Diamonds": 1, "Hearts": 2, "Spades": 3}
        if any(card.suit not in suits for card in deck):
            suits = {}
        codes = [rank_value(card.rank) * 4 + suits.setdefault(card.suit, len(suits)) for card in deck]
        entry = _DECKS[id(deck)] = (deck, codes)
    return entry[1]
