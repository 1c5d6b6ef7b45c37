"""An example ten-card hand of every Flame Sword kind, and a near miss of each.

The kind-making cards are built from the kind's shape; the free cards are then drawn
(with a seeded generator) from the colours the kind already uses, on ranks it does not
use, until the evaluator confirms the ten are exactly that kind. So every example is
checked, and the help page and the tests share them.
"""

from __future__ import annotations

import random

from cardtable.engine.cards import Deck
from cardtable.games.flame_sword.hands import best_hand, contained_kinds
from cardtable.games.flame_sword.kinds import KINDS, ROYAL_TOP, FlameKind

__all__ = ["example_hand", "example_hands", "near_miss", "card_index"]

RANKS = 40
SUITS_PER_COLOUR = 15


def card_index(rank: int, colour: int, suit: int) -> int:
    """The Infinite Deck index of a card: ``suit`` is 0..14 inside ``colour`` 0..19.

    The deck lists, colour by colour and suit by suit, the 40 ranks low to high; suit 0 of
    each colour is its trump suit.
    """
    return (colour * SUITS_PER_COLOUR + suit) * RANKS + rank


def _kind_cards(kind: FlameKind, rng: random.Random) -> list[tuple[int, int, int]]:
    """(rank, colour, suit) triples that make ``kind``, using colours 0.. and plain suits."""
    family, sizes = kind.family, kind.sizes
    n = sizes[0] if sizes else 0
    start = rng.randrange(0, 6)
    if family == "royal_flush":
        return [(ROYAL_TOP - i, 0, 1) for i in range(n)]
    if family == "double_royal_flush":
        return [(ROYAL_TOP - i, c, 1) for c in (0, 1) for i in range(5)]
    if family == "royal_mini":
        return [(ROYAL_TOP - i, 0, 1 + i % 3) for i in range(n)]
    if family == "double_royal_mini":
        return [(ROYAL_TOP - i, c, 1 + i % 3) for c in (0, 1) for i in range(5)]
    if family == "straight_flush":
        return [(start + 10 + i, 0, 1) for i in range(n)]
    if family == "straight_mini":
        return [(start + 10 + i, 0, 1 + i % 3) for i in range(n)]
    if family == "straight":
        return [(start + 10 + i, i % 4, 1 + i % 2) for i in range(n)]
    if family == "flush":
        return [(start + 3 * i, 0, 1) for i in range(n)]
    if family == "mini":
        return [(start + 3 * i, 0, 1 + i % 4) for i in range(n)]
    if family == "double_flush":
        return [(start + 3 * i + c, c, 1) for c in (0, 1) for i in range(5)]
    if family == "double_mini":
        return [(start + 3 * i + c, c, 1 + i % 4) for c in (0, 1) for i in range(5)]
    if family == "rainbow":
        return [(start + 3 * i, i, 1) for i in range(n)]
    if family == "mini_groups":
        out = []
        for g, size in enumerate(sizes):
            out += [(4 + 7 * g + start, g, 1 + j) for j in range(size)]
        return out
    if family == "rank_groups":
        out = []
        colour = 0
        for g, size in enumerate(sizes):
            for j in range(size):
                out.append((3 + 6 * g + start, colour % 4, 1 + j // 4 + g % 3))
                colour += 1
        return out
    return []


def _free_cards(kind_cards: list[tuple[int, int, int]], count: int,
                rng: random.Random) -> list[tuple[int, int, int]]:
    """Random free cards on unused ranks in the colours already used (at most four)."""
    colours = sorted({c for _, c, _ in kind_cards})
    colours += [c for c in range(4) if c not in colours][:max(0, 4 - len(colours))]
    used = {r for r, _, _ in kind_cards}
    ranks = [r for r in range(RANKS) if r not in used]
    return [(rng.choice(ranks), rng.choice(colours), rng.randrange(1, SUITS_PER_COLOUR))
            for _ in range(count)]


def example_hand(deck: Deck, kind: FlameKind, seed: int = 0) -> list[int] | None:
    """Ten deck indices whose best kind is ``kind`` (Called Shot: any ten; they are the call).

    A kind that can never be a hand's best kind (8-2 of a Kind always holds the higher
    8 of a Kind) gets a hand that contains it instead. None if nothing was found.
    """
    rng = random.Random(f"{kind.rank}-{seed}")
    if kind.family == "called":
        return [card_index(ROYAL_TOP - i, i, 2) for i in range(10)]
    containing = None
    for _ in range(400):
        made = _kind_cards(kind, rng)
        ten = made + _free_cards(made, 10 - len(made), rng)
        cards = [card_index(r, c, s) for r, c, s in ten]
        if len(set(cards)) != 10 or any(not 0 <= r < RANKS for r, _, _ in ten):
            continue
        if best_hand(deck, cards).rank == kind.rank:
            return cards
        if containing is None and kind.rank in contained_kinds(deck, cards):
            containing = cards
    return containing


_BUILT: dict[int, tuple[Deck, dict[int, tuple[int, ...]]]] = {}


def example_hands(deck: Deck) -> dict[int, tuple[int, ...]]:
    """An example for every kind (rank -> ten deck indices), built once per deck."""
    entry = _BUILT.get(id(deck))
    if entry is None or entry[0] is not deck:
        out = {}
        for kind in KINDS:
            cards = example_hand(deck, kind)
            if cards is not None:
                out[kind.rank] = tuple(cards)
        entry = _BUILT[id(deck)] = (deck, out)
    return entry[1]


def near_miss(deck: Deck, kind: FlameKind, cards: list[int]) -> list[int] | None:
    """The example with one kind-making card changed so that the hand is a lower kind.

    Tries, from the last kind-making card back, moving its rank one step or its suit to
    another colour; None if nothing qualifies.
    """
    called = cards if kind.family == "called" else ()
    hand = best_hand(deck, cards, called)
    made = list(hand.cards[:max(kind.size, 1)])
    for victim in reversed(made):
        card = deck[victim]
        rank = card.rank_order
        colour_suit = victim // RANKS
        options = [victim + 1 if rank < RANKS - 1 else None, victim - 1 if rank > 0 else None,
                   ((colour_suit + SUITS_PER_COLOUR + 1) % (20 * SUITS_PER_COLOUR)) * RANKS + rank,
                   ((colour_suit + 5 * SUITS_PER_COLOUR + 2) % (20 * SUITS_PER_COLOUR)) * RANKS + rank]
        for option in options:
            if option is None or option in cards:
                continue
            changed = [option if c == victim else c for c in cards]
            if best_hand(deck, changed, called).rank > kind.rank:
                return changed
    return None
