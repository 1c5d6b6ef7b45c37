"""Flame Sword's best_line keeps its answers: asked again with the same cards it gives
what the search gives, for every line, Called Shot and order; the store stays bounded."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable import games
from cardtable.games.flame_sword import hands
from cardtable.variants import load_deck_by_id

DECK = load_deck_by_id(games.get("flame_sword").decks[0])


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2 ** 32), st.sampled_from(hands.ORDERS), st.booleans(), st.sampled_from((4, 8)))
def test_a_kept_answer_is_the_searchs(seed, order, call, hole_size):
    cards = random.Random(seed).sample(range(len(DECK)), 100 + hole_size)
    grid, hole = cards[:100], cards[100:]
    called = tuple((hole + grid[:10])[:10]) if call else ()
    first = hands.best_line(DECK, hole, grid, called=called, order=order)
    assert hands.best_line(DECK, list(hole), tuple(grid), called=called, order=order) is first
    assert first == hands._best_line(DECK, hole, grid, called, order)


def test_the_store_stays_bounded(monkeypatch):
    # An empty store of its own: one that earlier tests in this process filled past the
    # patched bound, holding an answer asked again here, was never emptied (a hit adds nothing).
    monkeypatch.setattr(hands, "_KNOWN_LINES", {})
    monkeypatch.setattr(hands, "KNOWN_LINES_MOST", 3)
    rng = random.Random(5)
    for _ in range(7):
        cards = rng.sample(range(len(DECK)), 104)
        hands.best_line(DECK, cards[100:], cards[:100])
        assert len(hands._KNOWN_LINES) <= 3
