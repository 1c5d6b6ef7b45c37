"""The mirror a remote window draws (cardtable.net.mirror), for every game of the registry.

* At every step of random matches (hypothesis chooses the table, the seed and every
  action), for every seat: ``masked_json(state, seat)`` is the same for the state and
  for states differing from it only in the cards hidden from that seat (dealt again
  among the hidden places, and the seat's own ``seat_copy``), so the payload depends
  on nothing hidden; every hidden slot of the masked state holds MASKED; and the
  mirror rebuilt with the game's ``from_json`` shows the seat exactly its view and
  offers exactly its legal actions.
* Packing: long runs of MASKED are packed and unpack to the same data; a forged run
  is refused. The biggest mirror of every game is measured against MAX_MESSAGE.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable import games
from cardtable.engine.game import CHANCE, redeal
from cardtable.net import protocol
from cardtable.net.mirror import (
    MASKED,
    MirrorError,
    hidden_places,
    masked_json,
    masked_state,
    mirror_state,
    pack,
    unpack,
)
from cardtable.variants import load_deck_by_id

GAMES = games.registry().with_rules()
IDS = [g.id for g in GAMES]
STEPS = 45


def new_table(game, seats: int, seed: int):
    low, high = game.seats
    seats = max(low, min(seats, high))
    rules = game.read_settings({})
    return game.new_state(rules, load_deck_by_id(game.decks[0]), [f"P{s + 1}" for s in range(seats)],
                          random.Random(seed))


def hidden_only_differs(state, seat: int, rng: random.Random):
    """A state differing from ``state`` only in the cards hidden from ``seat`` (history,
    log with its private lines and generator kept)."""
    other = state._copy()
    other.history, other.log, other.rng = list(state.history), list(state.log), random.Random(7)
    other.rng.setstate(state.rng.getstate())
    redeal(hidden_places(other, seat), rng)  # the seat's copy below also deals from a stock kept outside
    return other


def check_seat(game, state, seat: int, rng: random.Random) -> int:
    data = masked_json(state, seat)
    text = json.dumps(data, sort_keys=True)
    for other in (hidden_only_differs(state, seat, rng), state.seat_copy(seat, rng)):
        assert json.dumps(masked_json(other, seat), sort_keys=True) == text, "the mirror depends on a hidden card"
    masked = masked_state(state, seat)
    assert all(container[i] == MASKED for container, i in hidden_places(masked, seat))
    mirror = mirror_state(game, json.loads(text))
    assert mirror.view(seat) == state.view(seat)
    assert mirror.log_for(seat) == state.log_for(seat)
    assert [a.to_json() for a in mirror.legal_actions(seat)] == [a.to_json() for a in state.legal_actions(seat)]
    wire = masked_json(state, seat, log=False)
    assert wire["rng"] is None and wire["history"] == [] and wire["log"] == []
    return len(protocol.encode({"type": "state", "mirror": wire}))


@pytest.mark.parametrize("game", GAMES, ids=IDS)
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_the_mirror_depends_on_nothing_hidden_and_draws_the_seats_view(game, data):
    seats = data.draw(st.integers(2, 8), label="seats")
    state = new_table(game, seats, data.draw(st.integers(0, 2**32), label="seed"))
    rng = random.Random(data.draw(st.integers(0, 2**16), label="redeal"))
    for _ in range(STEPS):
        if state.to_act is None:
            break
        for seat in range(state.seats):
            check_seat(game, state, seat, rng)
        if state.to_act == CHANCE:
            state.apply(state.chance_action())
        else:
            actions = state.legal_actions(state.to_act)
            state.apply(actions[data.draw(st.integers(0, len(actions) - 1), label="action")])


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_the_biggest_mirror_of_a_whole_match_fits_a_message(game, capsys):
    """Every seat's mirror (as the host sends it) at every step of a match of the most
    seats, measured; the largest is printed."""
    state = new_table(game, game.seats[1], 5)
    bots = {s: game.bot(random.Random(s), "random") for s in range(state.seats)}
    biggest = 0
    for _ in range(2000):
        if state.to_act is None:
            break
        for seat in range(state.seats):
            size = len(protocol.encode({"type": "state", "mirror": masked_json(state, seat, log=False)}))
            biggest = max(biggest, size)
        state.apply(state.chance_action() if state.to_act == CHANCE else bots[state.to_act].choose(state, state.to_act))
    with capsys.disabled():
        print(f"\n{game.id}: biggest mirror message {biggest:,} bytes ({state.seats} seats, "
              f"{len(state.history)} actions)")
    assert biggest < protocol.MAX_MESSAGE // 4


def test_runs_of_masked_cards_are_packed_and_unpacked():
    data = {"a": [1, MASKED, MASKED, 2] + [MASKED] * 5000, "b": [[MASKED] * 4, None, True], "c": {"#x": 1}}
    packed = pack(data)
    assert len(json.dumps(packed)) < 200
    assert packed["a"] == {"#packed": [1, MASKED, MASKED, 2, {"#masked": 5000}]}
    assert unpack(json.loads(json.dumps(packed))) == data
    for forged in ({"#packed": [{"#masked": 10**9}]}, {"#packed": [{"#masked": True}]}, {"#packed": 3},
                   {"#packed": [{"#masked": -1}]}):
        with pytest.raises(MirrorError):
            unpack(forged)


def test_a_mirror_that_is_not_the_games_is_refused():
    game = games.get("sabacc")
    state = new_table(game, 3, 1)
    state.apply(state.chance_action())
    data = masked_json(state, 0)
    with pytest.raises(MirrorError):
        mirror_state(games.get("ipso"), data)
    with pytest.raises(MirrorError):
        mirror_state(game, {"state": {"deck": "standard52"}})
    with pytest.raises(MirrorError):
        mirror_state(game, {"seats": 3})
