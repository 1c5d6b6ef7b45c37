"""No computer level of any game can read a card its seat cannot see (issue 18).

For every game and every level (random, normal, tough, strong, and any added later:
the levels come from the game's definition), at two and four seats: a bot chooses
through :func:`~cardtable.bots.base.choose_for` on the real state and, with the same
seed, on a twin that differs only in the cards hidden from the seat (the seat's own
copy, dealt again from another generator). The choices must be the same. The strong
level makes a fixed few rollouts here (tests/conftest.py), so it is deterministic.
"""

from __future__ import annotations

import random

import pytest
from harness import positions_to_act

from cardtable import games
from cardtable.bots.base import choose_for

GAMES = games.registry().with_rules()


def moments(game, seats, count=4, seed=1):
    """States of ``game`` with a seat to act, after random numbers of random moves."""
    rng = random.Random(f"{game.id}:{seats}:{seed}")
    return positions_to_act(game, rng, count, [f"P{s}" for s in range(seats)], (1, 60))


@pytest.mark.parametrize("seats", [2, 4])
@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_no_level_reads_a_hidden_card(game, seats):
    if not game.seats[0] <= seats <= game.seats[1]:
        pytest.skip(f"{game.name} does not seat {seats}")
    states = moments(game, seats)
    assert states
    for state in states:
        seat = state.to_act
        twin = state.seat_copy(seat, random.Random(7))
        twin.history = list(state.history)  # choose_for seeds its copy by the move number
        for level in game.bot_levels:
            mine = choose_for(game.bot(random.Random(11), level), state, seat)
            theirs = choose_for(game.bot(random.Random(11), level), twin, seat)
            assert mine == theirs, (game.id, level)
            assert state.why_illegal(mine) is None
