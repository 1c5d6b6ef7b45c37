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

from cardtable import games
from cardtable.bots.base import choose_for
from cardtable.bots.random_bot import RandomBot
from cardtable.engine.game import CHANCE
from cardtable.variants import load_deck_by_id

GAMES = games.registry().with_rules()


def moments(game, seats, count=4, seed=1):
    """States of ``game`` with a seat to act, after random numbers of random moves."""
    rng = random.Random(f"{game.id}:{seats}:{seed}")
    found = []
    for _ in range(count * 10):
        names = [f"P{s}" for s in range(seats)]
        state = game.new_state(game.read_settings(game.defaults()), load_deck_by_id(game.decks[0]),
                               names, random.Random(rng.getrandbits(32)))
        players = [RandomBot(random.Random(rng.getrandbits(32))) for _ in range(seats)]
        for _ in range(rng.randint(1, 60)):
            if state.to_act is None:
                break
            seat = state.to_act
            state.apply(state.chance_action() if seat == CHANCE else players[seat].choose(state, seat))
        while state.to_act == CHANCE:
            state.apply(state.chance_action())
        if state.to_act is not None:
            found.append(state)
        if len(found) == count:
            break
    return found


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
