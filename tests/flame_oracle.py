"""A brute-force Flame Sword oracle for the tests (small pools only).

It reads each kind's definition straight off the source's wording and tries every set of
kind-making cards and every set of free cards, so it shares nothing with the evaluator's
group searches (only the order of the kinds, :func:`kind_order`).

The tie order is the rules README's: "higher cards" compares a group kind's groups as
poker does (the largest group first, then the next; equal sizes the higher rank first),
a run's, flush's or rainbow's cards highest first, then the other cards highest first;
then the trump layers (how many, then their ranks highest first).
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from cardtable.games.flame_sword.hands import kind_order
from cardtable.games.flame_sword.kinds import ROYAL_TOP
from cardtable.variants import load_deck_by_id

DECK = load_deck_by_id("infinite")
TOP5 = set(range(ROYAL_TOP - 4, ROYAL_TOP + 1))
RANK = [c.rank_order for c in DECK]
SUIT = [c.suit for c in DECK]
COLOUR = [c.colour for c in DECK]
TRUMP = ["trump" in c.tags for c in DECK]


class _Shape:
    """What a kind's definition asks about a set of cards, computed once per set."""

    def __init__(self, cards) -> None:
        self.cards = cards
        self.ranks = [RANK[c] for c in cards]
        self.suits = [SUIT[c] for c in cards]
        self.colours = [COLOUR[c] for c in cards]
        self.n_suits = len(set(self.suits))
        self.n_colours = len(set(self.colours))
        self.n_ranks = len(set(self.ranks))
        self.sorted_ranks = sorted(self.ranks)
        self.run = self.n_ranks == len(cards) and len(cards) > 0 and \
            self.sorted_ranks[-1] - self.sorted_ranks[0] == len(cards) - 1
        self.rank_profile = sorted(Counter(self.ranks).values())
        self.cell_profile = sorted(Counter(zip(self.ranks, self.colours)).values())


def _matches(kind, shape: _Shape, called) -> bool:
    """Whether exactly these cards make ``kind``, by the source's definition."""
    family, sizes = kind.family, kind.sizes
    n = sizes[0] if sizes else 0
    royal = shape.sorted_ranks == list(range(ROYAL_TOP - n + 1, ROYAL_TOP + 1))
    if family == "called":
        return set(shape.cards) == set(called)
    if family == "royal_flush":
        return shape.n_suits == 1 and royal
    if family == "royal_mini":
        return shape.n_colours == 1 and royal
    if family == "straight_flush":
        return shape.n_suits == 1 and shape.run
    if family == "straight_mini":
        return shape.n_colours == 1 and shape.run
    if family == "straight":
        return shape.run
    if family == "flush":
        return shape.n_suits == 1
    if family == "mini":
        return shape.n_colours == 1
    if family in ("double_flush", "double_royal_flush", "double_mini", "double_royal_mini"):
        by = shape.suits if "flush" in family else shape.colours
        if sorted(Counter(by).values()) != [5, 5]:
            return False
        if "royal" in family:
            return all({r for r, b in zip(shape.ranks, by) if b == group} == TOP5 for group in set(by))
        return True
    if family == "rainbow":
        return shape.n_colours == n
    if family == "rank_groups":
        return shape.rank_profile == sorted(sizes)
    if family == "mini_groups":
        return (shape.cell_profile == sorted(sizes) and shape.n_ranks == len(sizes)
                and shape.n_colours == len(sizes))
    raise AssertionError(family)


def _higher_cards(kind, kind_cards):
    """The kind's own cards' ranks in the order the tie compares them."""
    ranks = [RANK[c] for c in kind_cards]
    if kind.family in ("rank_groups", "mini_groups"):
        groups = sorted(Counter(ranks).items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
        return tuple(r for r, n in groups for _ in range(n))
    return tuple(sorted(ranks, reverse=True))


def _key(strength, kind, kind_cards, others):
    trumps = sorted((RANK[c] for c in (*kind_cards, *others) if TRUMP[c]), reverse=True)
    return (strength, _higher_cards(kind, kind_cards),
            tuple(sorted((RANK[c] for c in others), reverse=True)), len(trumps), tuple(trumps))


def oracle(cards, called=(), order="source"):
    """(kind rank, key) of the best ten by trying every kind-card set and free-card set."""
    kinds = kind_order(order)
    shapes: dict[int, list[_Shape]] = {}
    for place, kind in enumerate(kinds):
        strength = len(kinds) - place
        best = None
        if kind.size not in shapes:
            shapes[kind.size] = [_Shape(made) for made in combinations(cards, kind.size)]
        for shape in shapes[kind.size]:
            made = shape.cards
            if kind.family != "high" and not _matches(kind, shape, called):
                continue
            rest = [c for c in cards if c not in made]
            for others in combinations(rest, 10 - kind.size):
                key = _key(strength, kind, made, others)
                if best is None or key > best:
                    best = key
        if best is not None:
            return kind.rank, best
    raise AssertionError("High Card always matches")
