"""The contract harness: every game of the registry under random play.

The games are the registry's (:func:`cardtable.games.registry`), never a list kept
here; a game that fails to load fails :func:`test_no_game_fails_to_load`. For each
game with rules, hypothesis chooses the table (a seat count within ``game.seats``,
settings from ``game.setting_choices``, uneven stacks through ``game.stack_setting``,
the dealer and the seed) and then every action, as an index into
``state.legal_actions(seat)``; chance plays ``state.chance_action()``. A failure thus
shrinks to a short table and a short sequence of actions.

After every action :func:`cardtable.engine.checks.problems_after_action` (the game's
own checks: chips and cards conserved, no hidden card in another seat's view or log;
and the contract: listed actions legal, views JSON-safe) must find nothing. Now and
then the state goes through :func:`cardtable.engine.checks.game_round_trip_problems`
and play continues from a JSON copy, and every seat's view and log must be what they
are in its :meth:`seat_copy`, where every card hidden from it is dealt again.
"""

from __future__ import annotations

import json
import random

import pytest
from harness import hidden_card_leaks
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from cardtable import games
from cardtable.engine import checks
from cardtable.engine.game import CHANCE
from cardtable.variants import load_deck_by_id

GAMES = games.registry().with_rules()
IDS = [game.id for game in GAMES]
MAX_ACTIONS = 60
JSON_EVERY = 9
LEAKS_EVERY = 13


def test_no_game_fails_to_load():
    assert {k: b.reason for k, b in games.registry().broken.items()} == {}


def test_the_registry_has_games_with_rules():
    assert len(GAMES) >= 5 and "free_table" in games.registry().games


def json_copy(state):
    """The state through JSON text and back, the deck given again."""
    text = json.dumps(state.to_json(), sort_keys=True)
    spec = {"deck": state.deck} if hasattr(state, "deck") else {}
    copy = type(state).from_json(json.loads(text), **spec)
    assert json.dumps(copy.to_json(), sort_keys=True) == text, "the state changed in a JSON round trip"
    return copy


@st.composite
def tables(draw, game):
    """A table of ``game``: seats, settings, uneven stacks, dealer and seed."""
    low, high = game.seats
    seats = draw(st.integers(max(low, 2), high), label="seats")
    values = game.defaults()
    for key, choices in sorted(game.setting_choices.items()):
        if draw(st.booleans(), label=f"vary {key}"):
            values[key] = draw(st.sampled_from(choices), label=key)
    start = values.get(game.stack_setting)
    stacks = None
    if isinstance(start, int) and draw(st.booleans(), label="uneven stacks"):
        stacks = draw(st.lists(st.integers(1, 3 * start), min_size=seats, max_size=seats), label="stacks")
    dealer = draw(st.integers(0, seats - 1), label="dealer")
    seed = draw(st.integers(0, 2**32), label="seed")
    return seats, values, stacks, dealer, seed


def deal(game, seats, values, stacks, dealer, seed):
    """The new state, or None when the game refuses the table (its loader says why)."""
    try:
        rules = game.read_settings(values)
        return game.new_state(rules, load_deck_by_id(game.decks[0]), [f"P{s + 1}" for s in range(seats)],
                              random.Random(seed), dealer=dealer, stacks=stacks)
    except ValueError:
        return None


def play_drawn(game, state, choose, *, max_actions: int = MAX_ACTIONS, leaks_rng=None):
    """Play ``choose(state, seat, actions)``'s picks with every check; returns the last state."""
    for done in range(1, max_actions + 1):
        seat = state.to_act
        if seat is None:
            break
        log_start = len(state.log)
        if seat == CHANCE:
            state.apply(state.chance_action())
        else:
            actions = state.legal_actions(seat)
            assert actions, f"seat {seat} is to act with no legal action"
            action = choose(state, seat, actions)
            assert state.why_illegal(action) is None, (action, state.why_illegal(action))
            state.apply(action)
        problems = checks.problems_after_action(game, state, log_start)
        assert problems == [], problems
        if done % JSON_EVERY == 0:
            assert checks.game_round_trip_problems(game, state) == []
            state = json_copy(state)  # play on from the copy
        if leaks_rng is not None and done % LEAKS_EVERY == 0:
            assert hidden_card_leaks(state, leaks_rng) == []
    return state


@pytest.mark.parametrize("game", GAMES, ids=IDS)
@settings(max_examples=8, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(data=st.data())
def test_random_tables_and_drawn_legal_play_keep_every_invariant(game, data):
    table = data.draw(tables(game), label="table")
    state = deal(game, *table)
    assume(state is not None)

    def choose(state, seat, actions):
        return actions[data.draw(st.integers(0, len(actions) - 1), label=f"action of seat {seat}")]

    state = play_drawn(game, state, choose, leaks_rng=random.Random(table[-1]))
    assert state.history, "nothing was played"


@pytest.mark.parametrize("game", GAMES, ids=IDS)
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), seats=st.integers(2, 8))
def test_bots_of_every_level_keep_every_invariant(game, seed, seats):
    low, high = game.seats
    seats = max(low, min(seats, high))
    state = deal(game, seats, game.defaults(), None, 0, seed)
    assert state is not None, "the game refuses its own defaults"
    levels = game.bot_levels
    bots = [game.bot(random.Random(f"{seed}:{s}"), levels[s % len(levels)]) for s in range(seats)]
    play_drawn(game, state, lambda st_, seat, _actions: bots[seat].choose(st_, seat), max_actions=40)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_every_game_declares_its_checks_and_bots(game):
    assert game.checks is not None and hasattr(game.checks, "all_problems")
    assert hasattr(game.checks, "round_trip")
    assert set(game.bot_levels) >= {"random"}
    assert set(game.setting_choices) <= {s.key for s in game.settings}
    assert game.stack_setting in {s.key for s in game.settings}
    state = deal(game, game.seats[0] if game.seats[0] >= 2 else 2, game.defaults(), None, 0, 1)
    assert state is not None


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_the_same_seed_plays_the_same_game(game):
    def history() -> list:
        state = deal(game, 3, game.defaults(), None, 0, 99)
        rng = random.Random(5)
        state = play_drawn(game, state, lambda _s, _seat, actions: rng.choice(actions), max_actions=120)
        random.seed()  # stirring the global generator must change nothing
        return [action.to_json() for action in state.history]

    assert history() == history()
