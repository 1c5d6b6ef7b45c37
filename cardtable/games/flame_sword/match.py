"""The searches behind the Flame Sword evaluator: for one pool of 10..18 cards, every way
the pool holds one kind's shape, as lists of the cards that make it.

The pool is sorted once by (rank, trump) highest first, and grouped by rank, suit, colour
and (rank, colour) cell, each group keeping that order. Every search then walks those
groups instead of subsets of ten cards:

- runs, flushes, royals and rainbows take the best cards of a group directly (a rainbow is
  a partition matroid, so taking the best card of each new colour in order is optimal);
- the shapes made of several groups (Fuller House, Triple 3 of a Kind Mini-Flush, Double
  Flush ...) are small matching problems: groups of distinct ranks (and, for the
  Mini-Flush ones, distinct colours) assigned to the shape's sizes by backtracking over
  the few eligible ranks or cells. Equal sizes take their groups in one order only, so
  each way is found once.

Each search returns candidates, not the winner: the caller scores every candidate with
the free cards added and keeps the best (:mod:`cardtable.games.flame_sword.hands`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations

from cardtable.engine.cards import Deck
from cardtable.games.flame_sword.kinds import ROYAL_TOP, FlameKind

__all__ = ["DeckFacts", "Pool", "candidates", "possible", "gate"]


class DeckFacts:
    """Per-card numbers of one deck, looked up by deck index (built once per deck).

    Attributes:
        rank: rank_order (0 .. 39, Infinity 39).
        suit: a small int per suit name.
        colour: a small int per colour name.
        trump: 1 for a trump-suit card, else 0.
        weight: ``rank * 2 + trump``: the order cards are preferred in.
    """

    def __init__(self, deck: Deck) -> None:
        suits: dict[str, int] = {}
        colours: dict[str, int] = {}
        self.rank = [c.rank_order for c in deck.cards]
        self.suit = [suits.setdefault(c.suit, len(suits)) for c in deck.cards]
        self.colour = [colours.setdefault(c.colour, len(colours)) for c in deck.cards]
        self.trump = [1 if "trump" in c.tags else 0 for c in deck.cards]
        self.weight = [r * 2 + t for r, t in zip(self.rank, self.trump)]
        # one int a card whose ascending order is (rank, trump) descending, then deck index
        self.sort_key = [(100 - w) * 1_000_000 + i for i, w in enumerate(self.weight)]


class Pool:
    """One set of cards, sorted and grouped for the searches.

    Attributes:
        order: the cards, best (rank, trump) first, ties by deck index.
        by_rank, by_suit, by_colour, by_cell: groups in that same order; a cell is
            ``(rank, colour)``.
    """

    __slots__ = ("facts", "order", "by_rank", "by_suit", "by_colour", "by_cell",
                 "rank_counts", "cell_counts", "suit_sizes", "colour_sizes")

    def __init__(self, facts: DeckFacts, cards: Sequence[int]) -> None:
        self.facts = facts
        rank, suit, colour = facts.rank, facts.suit, facts.colour
        self.order = sorted(cards, key=facts.sort_key.__getitem__)
        by_rank: dict[int, list[int]] = {}
        by_suit: dict[int, list[int]] = {}
        by_colour: dict[int, list[int]] = {}
        by_cell: dict[tuple[int, int], list[int]] = {}
        for c in self.order:
            r, k = rank[c], colour[c]
            by_rank.setdefault(r, []).append(c)
            by_suit.setdefault(suit[c], []).append(c)
            by_colour.setdefault(k, []).append(c)
            by_cell.setdefault((r, k), []).append(c)
        self.by_rank, self.by_suit, self.by_colour, self.by_cell = by_rank, by_suit, by_colour, by_cell
        self.rank_counts = sorted(map(len, by_rank.values()), reverse=True)
        self.cell_counts = sorted(map(len, by_cell.values()), reverse=True)
        self.suit_sizes = sorted(map(len, by_suit.values()), reverse=True) + [0]
        self.colour_sizes = sorted(map(len, by_colour.values()), reverse=True) + [0]


def _covers(counts: list[int], sizes: tuple[int, ...]) -> bool:
    """Whether groups of these sizes (descending) fit into distinct groups of these counts
    (descending)."""
    if len(counts) < len(sizes):
        return False
    for c, s in zip(counts, sizes):
        if c < s:
            return False
    return True


def _gate(kind: FlameKind) -> Callable[[Pool], bool]:
    """A quick necessary test for ``kind`` (False: the pool surely lacks it)."""
    family, sizes = kind.family, kind.sizes
    n = sizes[0] if sizes else 0
    if family in ("royal_flush", "straight_flush", "flush"):
        return lambda pool: pool.suit_sizes[0] >= n
    if family in ("royal_mini", "straight_mini", "mini"):
        return lambda pool: pool.colour_sizes[0] >= n
    if family in ("double_flush", "double_royal_flush"):
        return lambda pool: pool.suit_sizes[1] >= 5
    if family in ("double_mini", "double_royal_mini"):
        return lambda pool: pool.colour_sizes[1] >= 5
    if family == "rainbow":
        return lambda pool: len(pool.by_colour) >= n
    if family == "straight":
        return lambda pool: len(pool.by_rank) >= n
    wanted = tuple(sorted(sizes, reverse=True))
    if family == "rank_groups":
        return lambda pool: pool.rank_counts[0] >= wanted[0] and _covers(pool.rank_counts, wanted)
    if family == "mini_groups":
        return lambda pool: pool.cell_counts[0] >= wanted[0] and _covers(pool.cell_counts, wanted)
    return lambda pool: True


_GATES: dict[int, Callable[[Pool], bool]] = {}


def gate(kind: FlameKind) -> Callable[[Pool], bool]:
    """The (cached) quick necessary test of ``kind``: ``gate(kind)(pool)``."""
    test = _GATES.get(kind.rank)
    if test is None:
        test = _GATES[kind.rank] = _gate(kind)
    return test


def possible(pool: Pool, kind: FlameKind) -> bool:
    """A quick necessary test: False means the pool surely lacks the kind."""
    return gate(kind)(pool)


def _firsts(cards: list[int], rank: list[int]) -> list[int]:
    """The best card of each rank among ``cards`` (which are sorted best first)."""
    seen: set[int] = set()
    out = []
    for c in cards:
        r = rank[c]
        if r not in seen:
            seen.add(r)
            out.append(c)
    return out


def _best_run(firsts: list[int], n: int, rank: list[int]) -> list[int] | None:
    """The highest n cards of consecutive ranks among one-card-a-rank ``firsts``."""
    for i in range(len(firsts) - n + 1):
        if rank[firsts[i]] - rank[firsts[i + n - 1]] == n - 1:
            return firsts[i:i + n]
    return None


def _royal(firsts: list[int], n: int, rank: list[int]) -> list[int] | None:
    """The top n ranks (Infinity down) among one-card-a-rank ``firsts``, if all there."""
    if len(firsts) >= n and rank[firsts[0]] == ROYAL_TOP and rank[firsts[n - 1]] == ROYAL_TOP - n + 1:
        return firsts[:n]
    return None


def _groups(pool: Pool, sizes: tuple[int, ...], mini: bool, first_only: bool) -> list[list[int]]:
    """Every way to fill ``sizes`` with rank groups (or rank-and-colour cells when ``mini``)
    of distinct ranks (and colours); lone cards (size 1) take the best remaining ranks."""
    multi = sorted((s for s in sizes if s > 1), reverse=True)
    lones = len(sizes) - len(multi)
    if mini:
        eligible = [(key, cards) for key, cards in pool.by_cell.items() if len(cards) >= multi[-1]]
    else:
        eligible = [((r, -1), cards) for r, cards in pool.by_rank.items() if len(cards) >= multi[-1]]
    eligible.sort(key=lambda item: -item[0][0])
    found: list[list[int]] = []
    rank = pool.facts.rank

    def lone_cards(used_ranks: set[int]) -> list[int] | None:
        picked: list[int] = []
        taken = set(used_ranks)
        for c in pool.order:
            if len(picked) == lones:
                break
            if rank[c] not in taken:
                taken.add(rank[c])
                picked.append(c)
        return picked if len(picked) == lones else None

    def search(level: int, start: int, ranks: set[int], colours: set[int], chosen: list[int]) -> bool:
        if level == len(multi):
            lone = lone_cards(ranks) if lones else []
            if lone is None:
                return False
            found.append(chosen + lone)
            return first_only
        size = multi[level]
        begin = start if level and multi[level - 1] == size else 0
        for i in range(begin, len(eligible)):
            (r, k), cards = eligible[i]
            if len(cards) < size or r in ranks or (mini and k in colours):
                continue
            ranks.add(r)
            colours.add(k)
            stop = search(level + 1, i + 1, ranks, colours, chosen + cards[:size])
            ranks.discard(r)
            colours.discard(k)
            if stop:
                return True
        return False

    search(0, 0, set(), set(), [])
    return found


def candidates(pool: Pool, kind: FlameKind, called: Sequence[int] = (),
               first_only: bool = False, checked: bool = False) -> list[list[int]]:
    """Every candidate set of kind-making cards for ``kind`` in ``pool`` (empty: none).

    For shapes with a clear best inside one suit, colour or run only that best is
    returned; ``first_only`` stops the group searches at the first way found (for a
    yes/no answer); ``checked`` says the caller already ran :func:`gate`.
    """
    family, sizes = kind.family, kind.sizes
    rank = pool.facts.rank
    if family == "called":
        present = set(pool.order)
        return [list(called)] if len(called) == 10 and all(c in present for c in called) else []
    if family == "high":
        return [[]]
    if not checked and not gate(kind)(pool):
        return []
    n = sizes[0]
    out: list[list[int]] = []
    if family in ("royal_flush", "straight_flush", "flush"):
        for cards in pool.by_suit.values():
            if len(cards) < n:
                continue
            pick = (_royal(cards, n, rank) if family == "royal_flush" else
                    _best_run(cards, n, rank) if family == "straight_flush" else cards[:n])
            if pick:
                out.append(pick)
        return out
    if family in ("royal_mini", "straight_mini", "mini"):
        for cards in pool.by_colour.values():
            if len(cards) < n:
                continue
            pick = (_royal(_firsts(cards, rank), n, rank) if family == "royal_mini" else
                    _best_run(_firsts(cards, rank), n, rank) if family == "straight_mini" else cards[:n])
            if pick:
                out.append(pick)
        return out
    if family in ("double_flush", "double_royal_flush", "double_mini", "double_royal_mini"):
        groups = pool.by_suit if family in ("double_flush", "double_royal_flush") else pool.by_colour
        royal = family in ("double_royal_flush", "double_royal_mini")
        fives = []
        for cards in groups.values():
            if len(cards) >= 5:
                pick = _royal(_firsts(cards, rank), 5, rank) if royal else cards[:5]
                if pick:
                    fives.append(pick)
        return [a + b for a, b in combinations(fives, 2)]
    if family == "straight":
        run = _best_run(_firsts(pool.order, rank), n, rank)
        return [run] if run else []
    if family == "rainbow":
        colour = pool.facts.colour
        seen: set[int] = set()
        pick = []
        for c in pool.order:
            if colour[c] not in seen:
                seen.add(colour[c])
                pick.append(c)
                if len(pick) == n:
                    return [pick]
        return []
    if family in ("rank_groups", "mini_groups"):
        return _groups(pool, sizes, family == "mini_groups", first_only)
    raise ValueError(f"unknown kind family {family!r}")
