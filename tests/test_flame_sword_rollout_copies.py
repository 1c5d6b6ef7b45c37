"""Flame Sword's rollout copies (``sampled_deal``, set by the strong level's snapshots):
they perform moves unchecked and turn a flop's or a turn's flips at once, a random set of
the face-down cells. Played out, they stay whole games (every invariant holds, moves
that are checked elsewhere do the same as on a checked copy), the set flipped is uniform
over the face-down cells, and a real match still flips one cell a move."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable import games
from cardtable.bots.worlds import Snapshot
from cardtable.engine.game import CHANCE
from cardtable.games.flame_sword.bot import rollout_choice
from cardtable.games.flame_sword.checks import all_problems
from cardtable.games.flame_sword.rules import FLIP_TARGETS, GRID_CELLS, Phase
from cardtable.variants import load_deck_by_id

GAME = games.get("flame_sword")
DECK = load_deck_by_id(GAME.decks[0])


def _preflop(seats, seed):
    """A match at the first bet before the flop, normal bots having called or passed."""
    state = GAME.new_state(GAME.read_settings(GAME.defaults()), DECK, [f"P{s}" for s in range(seats)],
                           random.Random(seed))
    while state.phase != Phase.BET:
        seat = state.to_act
        state.apply(state.chance_action() if seat == CHANCE else state.legal_actions(seat)[0])
    return state


def _plain(data):
    return {k: v for k, v in data.items() if k not in ("history", "log", "rng", "last_flipped")}


@settings(max_examples=25, deadline=None)
@given(st.integers(2, 5), st.integers(0, 10 ** 6))
def test_rollout_copies_play_whole_rounds(seats, seed):
    state = _preflop(seats, seed % 50)
    world = Snapshot(state).make(random.Random(seed))
    rng = random.Random(seed)
    while world.to_act is not None and world.hand_no == state.hand_no:
        assert world.phase != Phase.FLIP  # a rollout copy never waits on a flip
        seat = world.to_act
        action = world.chance_action() if seat == CHANCE else rollout_choice(world, seat, rng)
        twin = Snapshot(world).make(random.Random(seed))
        twin.sampled_deal = False  # the same copy, its moves checked and flipped one by one
        assert twin.why_illegal(action) is None
        twin.apply(action)
        world.apply(action)
        if twin.phase == Phase.FLIP:  # the rollout copy flipped them all: the rest is alike
            assert world.face_up_count >= twin.flip_target  # more when nobody can bet
            assert {c for c in range(GRID_CELLS) if twin.face_up[c]} <= \
                {c for c in range(GRID_CELLS) if world.face_up[c]}
        elif world.phase != Phase.REVEAL or twin.face_up_count == world.face_up_count:
            assert _plain(world.to_json()) == _plain(twin.to_json())
        assert world.face_up_count in (0, *FLIP_TARGETS, GRID_CELLS)
        world.sampled_deal = False  # the checks judge the game, not the copy's flag
        assert all_problems(world) == [], all_problems(world)
        world.sampled_deal = True


def test_the_flips_drawn_at_once_are_uniform_over_the_face_down_cells():
    state = _preflop(2, 3)
    snapshot = Snapshot(state)
    counts: Counter[int] = Counter()
    plays = 300
    for k in range(plays):
        world = snapshot.make(random.Random(k))
        while world.face_up_count == 0 and world.to_act not in (None, CHANCE):
            options = world.betting_options(world.to_act)
            assert options is not None
            call = next(a for a in world.legal_actions(world.to_act) if type(a).__name__ in ("Check", "Call"))
            world.apply(call)
        assert world.face_up_count == FLIP_TARGETS[0]
        counts.update(c for c in range(GRID_CELLS) if world.face_up[c])
    expected = plays * FLIP_TARGETS[0] / GRID_CELLS
    chi = sum((counts[c] - expected) ** 2 / expected for c in range(GRID_CELLS))
    assert chi < 99 + 6.0 * (2.0 * 99) ** 0.5 + 10.0  # far in the tail for a fair draw


def test_a_real_match_still_flips_one_cell_a_move():
    state = _preflop(3, 4)
    while state.phase != Phase.FLIP:
        seat = state.to_act
        state.apply(next(a for a in state.legal_actions(seat) if type(a).__name__ in ("Check", "Call")))
    assert state.face_up_count == 0 and not state.sampled_deal
    state.apply(state.legal_actions(state.to_act)[0])
    assert state.face_up_count == 1 and state.phase == Phase.FLIP
