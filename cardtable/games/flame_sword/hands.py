"""Flame Sword hand evaluation: the best ten of a player's hole cards plus one grid line.

A hand's kind is the highest of the source's 102 kinds (:data:`KINDS`, from
:mod:`cardtable.games.flame_sword.kinds`) that some ten of the cards contain; with none it is
High Card (103). The ten cards used are then chosen to win the tiebreaks, which are the
source's six layers:

1. higher cards: for the kinds made of groups (pairs, of-a-kinds, their Mini-Flushes)
   the groups as poker compares them, the largest group first, equal sizes the higher
   rank first (three 5s and two 2s beat three 4s and two 6s: the triple decides); for
   runs, flushes and rainbows the kind's cards highest first (the run's or flush's top
   card first); then the ranks of the other cards, highest first;
2.-3. the number of trump-suit cards in the ten (having one beats having none);
4.-5. the ranks of those trump cards, highest first;
6. still equal: a split.

:func:`decided_by` says in words which of these layers settles two keys.

:attr:`FlameHand.key` packs the kind's strength and all of these into one tuple, so the
larger key wins and equal keys split. The search never tries subsets of ten: see
:mod:`cardtable.games.flame_sword.match`.

Kinds are ranked by the source's order (``order="source"``, the default) or by how rarely
a random 14-card hand *contains* each kind as measured by this program
(``order="measured"``; :mod:`cardtable.games.flame_sword.frequencies`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from cardtable.engine.cards import Deck
from cardtable.games.flame_sword.kinds import HIGH_CARD, KIND_BY_RANK, KINDS, FlameKind
from cardtable.games.flame_sword.match import DeckFacts, Pool, candidates, gate
from cardtable.games.flame_sword.rules import TIE_LAYERS, decided_by

__all__ = ["KINDS", "FlameHand", "best_hand", "best_line", "line_cells", "line_names",
           "describe", "kind_order", "measure_frequencies", "contained_kinds", "deck_facts",
           "group_order", "decided_by", "TIE_LAYERS"]

GROUP_FAMILIES = ("rank_groups", "mini_groups")
"""The kinds made of groups of one rank: "higher cards" compares them group by group."""

ORDERS = ("source", "measured")


@dataclass(frozen=True)
class FlameHand:
    """The value of one Flame Sword hand.

    Attributes:
        rank: the kind's place on the source's list (1 Called Shot .. 102 Pair, 103 High
            Card), whatever ``order`` ranked it.
        kind: the kind's name as the source spells it.
        cards: the ten deck indices used: the cards that make the kind first, then the others.
        key: larger is better; equal keys split the pot. ``(strength, kind card ranks,
            other card ranks, trump count, trump ranks)``; the kind card ranks are in
            group order (largest group first, then higher rank) for the group kinds,
            highest first otherwise.
        label: a short description naming the groups in the order the tie compares them
            ("Full House (21s over Dragons)": the three 21s first).
    """

    rank: int
    kind: str
    cards: tuple[int, ...]
    key: tuple[Any, ...]
    label: str = ""


_FACTS: dict[int, tuple[Deck, DeckFacts]] = {}


def deck_facts(deck: Deck) -> DeckFacts:
    """The per-card numbers of ``deck``, built on first use and kept."""
    entry = _FACTS.get(id(deck))
    if entry is None or entry[0] is not deck:
        entry = (deck, DeckFacts(deck))
        _FACTS[id(deck)] = entry
    return entry[1]


@lru_cache(maxsize=4)
def kind_order(order: str = "source") -> tuple[FlameKind, ...]:
    """The kinds best first under ``order`` ("source" or "measured").

    "measured" ranks the kinds by how rarely the program saw a random hand contain them
    (never seen = rarest, in the source's order); Called Shot stays first and High Card last.
    """
    if order == "source":
        return KINDS
    if order != "measured":
        raise ValueError(f"order must be one of {ORDERS}, not {order!r}")
    from cardtable.games.flame_sword.frequencies import CONTAINS
    middle = sorted(KINDS[1:-1], key=lambda k: (CONTAINS.get(k.rank, 0), k.rank))
    return (KINDS[0], *middle, HIGH_CARD)


@lru_cache(maxsize=4)
def _strengths(order: str) -> dict[int, int]:
    kinds = kind_order(order)
    return {k.rank: len(kinds) - i for i, k in enumerate(kinds)}


@lru_cache(maxsize=4)
def _gated(order: str) -> tuple[tuple[FlameKind, Callable[[Pool], bool]], ...]:
    return tuple((kind, gate(kind)) for kind in kind_order(order))


def group_order(ranks: Sequence[int]) -> list[int]:
    """The positions of ``ranks`` in the order "higher cards" compares a group kind's
    cards: the largest group first, equal sizes the higher rank first (stable inside a
    group).

    >>> [[4, 4, 4, 6, 6][i] for i in group_order([4, 4, 4, 6, 6])]
    [4, 4, 4, 6, 6]
    >>> [[2, 9, 9, 5, 5][i] for i in group_order([2, 9, 9, 5, 5])]
    [9, 9, 5, 5, 2]
    """
    sizes: dict[int, int] = {}
    for r in ranks:
        sizes[r] = sizes.get(r, 0) + 1
    return sorted(range(len(ranks)), key=lambda i: (-sizes[ranks[i]], -ranks[i]))


def _score(facts: DeckFacts, pool: Pool, kind_cards: list[int], strength: int,
           grouped: bool = False) -> tuple[tuple[Any, ...], list[int]]:
    """The key and the ten cards for these kind-making cards plus the best free cards.

    ``grouped``: the kind is made of groups of one rank, compared largest group first.
    """
    rank, trump = facts.rank, facts.trump
    if grouped:
        kind_cards = [kind_cards[i] for i in group_order([rank[c] for c in kind_cards])]
    used = set(kind_cards)
    free = 10 - len(kind_cards)
    others: list[int] = []
    if free:
        for c in pool.order:
            if c not in used:
                others.append(c)
                if len(others) == free:
                    break
    ten = kind_cards + others
    trumps = sorted((rank[c] for c in ten if trump[c]), reverse=True)
    made = (tuple(rank[c] for c in kind_cards) if grouped
            else tuple(sorted((rank[c] for c in kind_cards), reverse=True)))
    key = (strength, made, tuple(rank[c] for c in others), len(trumps), tuple(trumps))
    return key, ten


def _check_cards(deck: Deck, cards: Sequence[int]) -> list[int]:
    cards = list(cards)
    if not 10 <= len(cards) <= 18:
        raise ValueError(f"a Flame Sword hand is the best ten of 10 to 18 cards, got {len(cards)}")
    if len(set(cards)) != len(cards):
        raise ValueError("a card is given twice")
    if min(cards) < 0 or max(cards) >= len(deck):
        raise ValueError(f"a card index is outside the deck of {len(deck)}")
    return cards


def best_hand(deck: Deck, cards: Sequence[int], called: Sequence[int] = (), order: str = "source") -> FlameHand:
    """The best ten of 10..18 cards (deck indices) as a :class:`FlameHand`.

    ``called`` is the player's Called Shot (ten deck indices, or empty): the hand is a
    Called Shot when all ten are among ``cards``. ValueError for a wrong count, a
    repeated card or an index outside the deck.
    """
    cards = _check_cards(deck, cards)
    if called and len(called) != 10:
        raise ValueError(f"a Called Shot names ten cards, got {len(called)}")
    found = _evaluate(deck_facts(deck), cards, called, order, 0)
    assert found is not None  # High Card always matches
    return _hand(deck, *found)


def _hand(deck: Deck, kind: FlameKind, key: tuple[Any, ...], ten: list[int]) -> FlameHand:
    return FlameHand(kind.rank, kind.name, tuple(ten), key, _label(deck, kind, ten))


def _evaluate(facts: DeckFacts, cards: list[int], called: Sequence[int], order: str,
              floor: int) -> tuple[FlameKind, tuple[Any, ...], list[int]] | None:
    """The best kind of ``cards`` (already checked), its key and its ten cards; None when
    no kind at least as strong as ``floor`` is there (a hand that cannot beat one already
    found: the key starts with the strength, so nothing weaker is searched)."""
    pool = Pool(facts, cards)
    strengths = _strengths(order)
    for kind, test in _gated(order):
        strength = strengths[kind.rank]
        if strength < floor:
            return None
        if not test(pool):
            continue
        found = candidates(pool, kind, called, checked=True)
        if found:
            best_key: tuple[Any, ...] | None = None
            best_ten: list[int] = []
            grouped = kind.family in GROUP_FAMILIES
            for kind_cards in found:
                key, ten = _score(facts, pool, kind_cards, strength, grouped)
                if best_key is None or key > best_key:
                    best_key, best_ten = key, ten
            assert best_key is not None  # found is not empty
            return kind, best_key, best_ten
    raise AssertionError("High Card always matches")  # pragma: no cover


def contained_kinds(deck: Deck, cards: Sequence[int]) -> list[int]:
    """The ranks of every kind (2..102) that some ten of ``cards`` contain, best first."""
    pool = Pool(deck_facts(deck), _check_cards(deck, cards))
    return [k.rank for k, test in _gated("source")[1:-1]
            if test(pool) and candidates(pool, k, first_only=True, checked=True)]


def line_names() -> list[str]:
    """The 20 lines of the grid: "row 1" .. "row 10", then "column 1" .. "column 10"."""
    return [f"row {i}" for i in range(1, 11)] + [f"column {i}" for i in range(1, 11)]


def line_cells(name: str) -> list[int]:
    """The grid positions (0..99, row-major) of a line named "row N" or "column N" (1-based)."""
    what, _, number = name.strip().lower().partition(" ")
    if not number.isdigit() or not 1 <= int(number) <= 10 or what not in ("row", "column"):
        raise ValueError(f"a line is 'row N' or 'column N' with N from 1 to 10, not {name!r}")
    n = int(number) - 1
    return [n * 10 + i for i in range(10)] if what == "row" else [i * 10 + n for i in range(10)]


_LINES = [(name, line_cells(name)) for name in line_names()]


_KNOWN_LINES: dict[tuple[Any, ...], tuple[Deck, tuple[FlameHand, str]]] = {}
KNOWN_LINES_MOST = 4096
"""The most answers of :func:`best_line` kept (the store starts again empty past it)."""


def best_line(deck: Deck, hole: Sequence[int], grid: Sequence[int], called: Sequence[int] = (),
              order: str = "source") -> tuple[FlameHand, str]:
    """The best hand of ``hole`` (4 or 8 cards) plus one row or column of the 10x10 ``grid``
    (100 deck indices, row-major), and the line's name ("row 3", "column 10").

    Equal hands from several lines: the first line in :func:`line_names` order. The
    answers are kept for the same cards asked again (after the river the grid is the same
    in every guess a computer player makes at the hidden cards, and its own hand too).
    """
    asked = (id(deck), tuple(hole), tuple(grid), tuple(called), order)
    known = _KNOWN_LINES.get(asked)
    if known is not None and known[0] is deck:
        return known[1]
    found = _best_line(deck, hole, grid, called, order)
    if len(_KNOWN_LINES) >= KNOWN_LINES_MOST:
        _KNOWN_LINES.clear()
    _KNOWN_LINES[asked] = (deck, found)
    return found


def _best_line(deck: Deck, hole: Sequence[int], grid: Sequence[int], called: Sequence[int],
               order: str) -> tuple[FlameHand, str]:
    if len(grid) != 100:
        raise ValueError(f"the grid has 100 cards, got {len(grid)}")
    hole = list(hole)
    facts = deck_facts(deck)
    # Each line is searched only down to the strength of the best hand so far: a weaker
    # kind cannot beat it (same result as best_hand line by line, found faster); the
    # label is made once, for the winner.
    best: tuple[FlameKind, tuple[Any, ...], list[int]] | None = None
    best_name = ""
    for name, cells in _LINES:
        cards = _check_cards(deck, hole + [grid[i] for i in cells])
        if called and len(called) != 10:
            raise ValueError(f"a Called Shot names ten cards, got {len(called)}")
        found = _evaluate(facts, cards, called, order, best[1][0] if best is not None else 0)
        if found is not None and (best is None or found[1] > best[1]):
            best, best_name = found, name
    assert best is not None
    return _hand(deck, *best), best_name


def _plural(label: str) -> str:
    if label.endswith("y"):
        return label[:-1] + "ies"
    if label.endswith("s"):
        return label + "es"
    return label + "s"


def _label(deck: Deck, kind: FlameKind, ten: list[int]) -> str:
    """"Full House (21s over Dragons)", "Rainbow x10 (Infinity high)", "Pair"."""
    cards = [deck[c] for c in ten]
    if kind.family in ("rank_groups", "mini_groups"):
        tops, i = [], 0
        for size in sorted(kind.sizes, reverse=True):
            if size > 1:
                tops.append(_plural(cards[i].rank))
            i += size
        return f"{kind.name} ({' over '.join(tops)})"
    if kind.family in ("called", "high") or not cards:
        return f"{kind.name} ({cards[0].rank} high)" if kind.family == "high" else kind.name
    top = max(cards[:kind.size], key=lambda c: c.rank_order)
    return f"{kind.name} ({top.rank} high)"


def describe(hand: FlameHand) -> str:
    """A short description of ``hand``, e.g. "Full House (21s over Dragons)"."""
    return hand.label or KIND_BY_RANK[hand.rank].name


def measure_frequencies(deck: Deck, samples: int, rng: random.Random, hole: int = 4) -> dict[str, dict[int, int]]:
    """Deal ``samples`` random hands of ``hole`` + 10 cards and count their kinds.

    Returns ``{"is": {rank: hands whose best kind (source order) is that kind},
    "contains": {rank: hands that contain that kind at all}}``.
    """
    is_counts: dict[int, int] = {}
    contains: dict[int, int] = {}
    size = len(deck)
    for _ in range(samples):
        cards = rng.sample(range(size), hole + 10)
        found = contained_kinds(deck, cards)
        best = found[0] if found else HIGH_CARD.rank
        is_counts[best] = is_counts.get(best, 0) + 1
        for r in found:
            contains[r] = contains.get(r, 0) + 1
    return {"is": is_counts, "contains": contains}
