"""An example hand of each of the 43 Shenja Ivali kinds, built from the kinds' patterns.

Used by the help overlay's hand table. Each example is checked with the evaluator,
so a wrong example cannot be shown.
"""

from __future__ import annotations

import itertools
from functools import lru_cache

from cardtable.engine.cards import Card, Deck
from cardtable.games.shenja_ivali.hands import KINDS, evaluate

# A value sequence for each pattern: equal letters are equal values.
_SHAPES = {"5": "aaaaa", "4": "aaaab", "FH": "aaabb", "3": "aaabc", "2P": "aabbc", "1P": "aabcd", "S": "abcde"}


def _values(shape: str) -> list[int]:
    letters = sorted(set(shape))
    return [letters.index(ch) for ch in shape]


@lru_cache(maxsize=4)
def example_hands(deck: Deck) -> dict[int, tuple[Card, ...]]:
    """Kind rank -> five regular cards of ``deck`` that make exactly that kind."""
    numerals = sorted({int(c.rank) for c in deck if "wild" not in c.tags}, reverse=True)
    planets = list(dict.fromkeys(c.get("planet") for c in deck if "wild" not in c.tags))
    elements = list(dict.fromkeys(c.suit for c in deck if "wild" not in c.tags))
    found: dict[int, tuple[Card, ...]] = {}
    for kind in KINDS:
        # in order (a set's order changes with the hash seed): the same example every run
        for first, second in dict.fromkeys((kind.patterns, kind.patterns[::-1])):
            nums = [numerals[v] for v in _values(_SHAPES[first])]
            hand = _try(deck, nums, _SHAPES[second], planets, elements, kind.flush, kind.rank)
            if hand:
                found[kind.rank] = hand
                break
    return found


def _try(deck: Deck, nums: list[int], shape: str, planets: list[str], elements: list[str], flush: bool,
         rank: int) -> tuple[Card, ...] | None:
    base = _values(shape)
    for perm in itertools.permutations(range(5)):
        pls = [planets[base[i]] for i in perm]
        cells = list(zip(nums, pls))
        if flush:
            if len(set(cells)) < 5:
                continue
            choices = [[elements[0]] * 5]
        else:
            used: dict[tuple[int, str], int] = {}
            els = []
            for cell in cells:
                els.append(elements[used.get(cell, 0)])
                used[cell] = used.get(cell, 0) + 1
            if max(used.values()) > len(elements):
                continue
            if len(set(els)) == 1:
                els[-1] = elements[1] if els[-1] == elements[0] else elements[0]
            choices = [els]
        for els in choices:
            try:
                hand = tuple(deck.find(f"{p} {n} of {e}") for (n, p), e in zip(cells, els))
            except KeyError:
                continue
            if len(set(hand)) == 5 and evaluate(hand).rank == rank:
                return hand
    return None
