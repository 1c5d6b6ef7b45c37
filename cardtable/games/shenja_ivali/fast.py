"""Shenja Ivali hands as ints, for the strong level's rollout player.

A card is its packed int (:func:`packed_deck`: one bit in its numeral's, its planet's
and its element's field, as :func:`~cardtable.games.shenja_ivali.hands.evaluate` packs
it), five cards are the sum of theirs, and :func:`key` reads that sum's key as one int
through the evaluator's own tables: ``evaluate``'s key tuple packed into 30-bit fields
(:func:`packed_key`), so two hands' ints compare exactly as their keys do. No card
objects are read, no hand is checked for repeats and no
:class:`~cardtable.games.shenja_ivali.hands.HandValue` is made.

>>> from cardtable.variants import load_deck_by_id
>>> from cardtable.games.shenja_ivali.hands import evaluate
>>> deck = load_deck_by_id("ivali")
>>> cards = [deck[i] for i in (0, 7, 21, 40, 99)]
>>> key(sum(packed_deck(deck)[c.index] for c in cards)) == packed_key(evaluate(cards).key)
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from cardtable.games.shenja_ivali.bot import percentile
from cardtable.games.shenja_ivali.hands import (
    _ELEMENT_SHIFT,
    _FIELD_MASK,
    _NUMERAL_TABLE,
    _PLANET_SHIFT,
    DEFAULT_RULES,
    IvaliRules,
    _packed_card,
)

__all__ = ["key", "keyer", "packed_key", "packed_deck", "percentile_keys", "ranker", "sharer"]

_BITS = 30
"""Each part of a key is below 64 ** 5 = 2 ** 30 (five base-64 digits)."""


def packed_key(parts: Sequence[int]) -> int:
    """The tuple key of :func:`evaluate` as one int that compares the same way."""
    strength, numerals, planets, elements = parts
    return (((strength << _BITS | numerals) << _BITS | planets) << _BITS) | elements


def key(total: int, rules: IvaliRules = DEFAULT_RULES) -> int:
    """The key (:func:`packed_key`) of the five cards whose packed ints sum to ``total``."""
    tables = rules._tables or rules.tables()
    n_pattern, n_key = _NUMERAL_TABLE[total & _FIELD_MASK]
    p_pattern, p_key = tables.planets[(total >> _PLANET_SHIFT) & _FIELD_MASK]
    flush, e_key = tables.elements[total >> _ELEMENT_SHIFT]
    rank: int = tables.results[(n_pattern, p_pattern, flush)][0]
    packed: int = ((((44 - rank) << _BITS | n_key) << _BITS | p_key) << _BITS) | e_key
    return packed


MEMO_LIMIT = 1 << 19
"""The most keys (or percentiles) one memo keeps; it starts again empty past it."""

_KEY_MEMOS: dict[int, tuple[Any, dict[int, int]]] = {}


def keyer(rules: IvaliRules) -> Callable[[int], int]:
    """:func:`key` under ``rules``, remembered by sum (a pure function of it: the same
    answers, whatever was asked before) for the life of the process."""
    tables = rules._tables or rules.tables()
    entry = _KEY_MEMOS.get(id(tables))
    if entry is None or entry[0] is not tables:
        entry = _KEY_MEMOS[id(tables)] = (tables, {})
    memo = entry[1]

    def of(total: int) -> int:
        found = memo.get(total)
        if found is None:
            if len(memo) >= MEMO_LIMIT:
                memo.clear()
            found = memo[total] = key(total, rules)
        return found

    return of


_RANK_MEMOS: dict[int, tuple[Any, dict[int, float]]] = {}


def ranker(keys: list[int]) -> Callable[[int], float]:
    """``percentile(key, keys)`` of the normal bot for these sorted int ``keys``,
    remembered by key (the same floats) for the life of the process."""
    entry = _RANK_MEMOS.get(id(keys))
    if entry is None or entry[0] is not keys:
        entry = _RANK_MEMOS[id(keys)] = (keys, {})
    memo = entry[1]

    def of(found: int) -> float:
        share = memo.get(found)
        if share is None:
            if len(memo) >= MEMO_LIMIT:
                memo.clear()
            share = memo[found] = percentile(found, keys)
        return share

    return of


_SHARE_MEMOS: dict[tuple[int, int], tuple[Any, Any, dict[int, float]]] = {}


def sharer(rules: IvaliRules, keys: list[int]) -> Callable[[int], float]:
    """``ranker(keys)(keyer(rules)(total))`` in one look-up, remembered by sum (the
    same floats) for the life of the process."""
    tables = rules._tables or rules.tables()
    entry = _SHARE_MEMOS.get((id(tables), id(keys)))
    if entry is None or entry[0] is not tables or entry[1] is not keys:
        entry = _SHARE_MEMOS[(id(tables), id(keys))] = (tables, keys, {})
    memo = entry[2]
    key_of, rank = keyer(rules), ranker(keys)

    def of(total: int) -> float:
        share = memo.get(total)
        if share is None:
            if len(memo) >= MEMO_LIMIT:
                memo.clear()
            share = memo[total] = rank(key_of(total))
        return share

    return of


_PACKED: dict[int, tuple[Any, list[int]]] = {}


def packed_deck(deck: Any) -> list[int]:
    """Each card's packed int by deck index (0 for a wild, which no hand here holds);
    worked out once a deck."""
    entry = _PACKED.get(id(deck))
    if entry is None or entry[0] is not deck:
        entry = _PACKED[id(deck)] = (deck, [0 if "wild" in c.tags else _packed_card(c) for c in deck])
    return entry[1]


_PERCENTILES: dict[tuple[int, IvaliRules], tuple[Any, list[int]]] = {}


def percentile_keys(keys: list[tuple[int, ...]], rules: IvaliRules) -> list[int]:
    """The sorted tuple ``keys`` of the normal bot's percentile table as packed ints
    (the same order, so every ``bisect`` finds the same place); kept per table."""
    entry = _PERCENTILES.get((id(keys), rules))
    if entry is None or entry[0] is not keys:
        entry = _PERCENTILES[(id(keys), rules)] = (keys, [packed_key(k) for k in keys])
    return entry[1]
