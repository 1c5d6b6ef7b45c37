"""Five-Card Draw's and Shenja Ivali's rollout copies (``sampled_deal``, set by the strong
level's snapshots) perform their moves unchecked: played with legal moves they come out
exactly as a checked copy does (state, history and log), and a real match still refuses
an illegal move."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable import games
from cardtable.bots.worlds import Snapshot
from cardtable.engine.game import CHANCE, IllegalAction
from cardtable.variants import load_deck_by_id

GAMES = ("five_card_draw", "shenja_ivali")


def _state(game_id, seats, seed):
    game = games.get(game_id)
    return game.new_state(game.read_settings(game.defaults()), load_deck_by_id(game.decks[0]),
                          [f"P{s}" for s in range(seats)], random.Random(seed))


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=15, deadline=None)
@given(seats=st.integers(2, 4), seed=st.integers(0, 10 ** 6), start=st.integers(0, 40))
def test_a_rollout_copy_plays_as_a_checked_copy(game_id, seats, seed, start):
    state = _state(game_id, seats, seed)
    rng = random.Random(seed)
    for _ in range(start):  # somewhere into the match
        if state.to_act is None:
            return
        seat = state.to_act
        state.apply(state.chance_action() if seat == CHANCE else rng.choice(state.legal_actions(seat)))
    snapshot = Snapshot(state)
    world, twin = snapshot.make(random.Random(seed)), snapshot.make(random.Random(seed))
    assert world.sampled_deal and not state.sampled_deal
    twin.sampled_deal = False
    for _ in range(120):
        if world.to_act is None:
            break
        seat = world.to_act
        action = world.chance_action() if seat == CHANCE else rng.choice(world.legal_actions(seat))
        if seat == CHANCE:
            assert twin.chance_action() == action
        assert world.apply(action) == twin.apply(action)
    assert world.to_json() == twin.to_json()


@pytest.mark.parametrize("game_id", GAMES)
def test_a_real_match_still_refuses_an_illegal_move(game_id):
    state = _state(game_id, 2, 1)
    state.apply(state.chance_action())
    other = 1 - state.to_act
    wrong = type(state.legal_actions(state.to_act)[0])(seat=other)
    with pytest.raises(IllegalAction):
        state.apply(wrong)
