"""The fast Flame Sword evaluator against a brute-force oracle on small pools.

Pools of 11 and 12 cards come from a small corner of the deck (a few ranks, a few
colours, three suits each, trumps included) so that flushes, runs, groups and ties are
common; the oracle (tests/flame_oracle.py) tries every subset.
"""

from __future__ import annotations

import os
import random

import pytest
from flame_oracle import DECK, oracle
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.games.flame_sword.examples import card_index
from cardtable.games.flame_sword.hands import best_hand, best_line

RANK_SETS = [tuple(range(31, 40)), (20, 21, 22, 23, 24, 25, 30), (5, 6, 7, 8, 9, 10, 11, 12, 13, 14),
             (2, 9, 17, 25, 33, 39)]


@st.composite
def pools(draw, low=11, high=12):
    """A pool of distinct cards from a small corner of the deck."""
    ranks = draw(st.sampled_from(RANK_SETS))
    colours = draw(st.sampled_from([(0, 1, 2), (3, 4), (5, 6, 7, 8, 9, 10)]))
    universe = [card_index(r, c, s) for r in ranks for c in colours for s in range(3)]
    size = draw(st.integers(low, high))
    return draw(st.lists(st.sampled_from(universe), min_size=size, max_size=size, unique=True))


@settings(max_examples=30, deadline=None)
@given(pools())
def test_the_evaluator_agrees_with_the_brute_force_oracle(cards):
    hand = best_hand(DECK, cards)
    rank, key = oracle(cards)
    assert (hand.rank, hand.key) == (rank, key)
    assert len(hand.cards) == 10 and set(hand.cards) <= set(cards)


GROUP_RANKS = [(2, 4, 5, 6, 9), (20, 21, 30, 39), (0, 7, 14)]
"""Few ranks, so full houses, Fuller Houses and other several-group kinds are common."""


@st.composite
def group_pools(draw):
    """Ten or eleven cards on a handful of ranks: hands of several groups of one rank."""
    ranks = draw(st.sampled_from(GROUP_RANKS))
    universe = [card_index(r, c, s) for r in ranks for c in range(4) for s in (0, 1)]
    size = draw(st.integers(10, 11))
    return draw(st.lists(st.sampled_from(universe), min_size=size, max_size=size, unique=True))


@settings(max_examples=25, deadline=None)
@given(group_pools(), group_pools())
def test_several_group_ties_order_as_the_oracle_says(a, b):
    hand_a, hand_b = best_hand(DECK, a), best_hand(DECK, b)
    (rank_a, key_a), (rank_b, key_b) = oracle(a), oracle(b)
    assert (hand_a.rank, hand_a.key) == (rank_a, key_a)
    assert (hand_b.rank, hand_b.key) == (rank_b, key_b)
    assert (hand_a.key > hand_b.key) == (key_a > key_b)


@settings(max_examples=10, deadline=None)
@given(pools())
def test_the_measured_order_agrees_with_the_oracle_too(cards):
    hand = best_hand(DECK, cards, order="measured")
    assert (hand.rank, hand.key) == oracle(cards, order="measured")


@settings(max_examples=25, deadline=None)
@given(pools(), st.data())
def test_the_ten_cards_reported_score_the_same_key_on_their_own(cards, data):
    hand = best_hand(DECK, cards)
    alone = best_hand(DECK, list(hand.cards))
    assert (alone.rank, alone.key) == (hand.rank, hand.key)
    shuffled = data.draw(st.permutations(cards))
    assert best_hand(DECK, shuffled).key == hand.key


@settings(max_examples=20, deadline=None)
@given(pools(low=10, high=10), st.data())
def test_a_called_shot_counts_only_when_all_ten_are_in_the_hand(cards, data):
    hand = best_hand(DECK, cards, called=cards)
    assert hand.rank == 1 and set(hand.cards) == set(cards)
    other = data.draw(st.sampled_from([c for c in range(0, 12000, 97) if c not in cards]))
    call = cards[:9] + [other]
    assert best_hand(DECK, cards, called=call).rank == oracle(cards, called=call)[0] != 1


@settings(max_examples=10, deadline=None)
@given(st.randoms(use_true_random=False))
def test_best_line_is_the_best_of_the_twenty_lines(rng):
    picked = rng.sample(range(12000), 108)
    hole, grid = picked[:8], picked[8:]
    hand, line = best_line(DECK, hole, grid)
    rows = [[grid[r * 10 + i] for i in range(10)] for r in range(10)]
    cols = [[grid[i * 10 + c] for i in range(10)] for c in range(10)]
    every = [best_hand(DECK, hole + cells) for cells in rows + cols]
    assert hand.key == max(h.key for h in every)
    index = (int(line.split()[1]) - 1) + (10 if line.startswith("column") else 0)
    assert every[index].key == hand.key


def _soak_enabled(config) -> bool:
    return bool(os.environ.get("CARDTABLE_SOAK")) or "slow" in (config.getoption("-m") or "")


@pytest.mark.slow
def test_soak_many_more_pools_against_the_oracle(request):
    if not _soak_enabled(request.config):
        pytest.skip("the soak runs with CARDTABLE_SOAK=1 or -m slow")
    rng = random.Random(8)
    for _ in range(1500):
        ranks = rng.choice(RANK_SETS)
        colours = rng.choice([(0, 1, 2), (3, 4), (5, 6, 7, 8, 9, 10)])
        universe = [card_index(r, c, s) for r in ranks for c in colours for s in range(3)]
        cards = rng.sample(universe, rng.randint(10, 12))
        for order in ("source", "measured"):
            hand = best_hand(DECK, cards, order=order)
            assert (hand.rank, hand.key) == oracle(cards, order=order), cards
