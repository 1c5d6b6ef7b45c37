"""Every game together, under random play: random seeds, seat counts and settings,
random legal actions, and after every action the game's invariants.

The games come from :mod:`cardtable.games_registry`: a game whose engine is not
there yet is skipped with the reason, and picked up once it lands. A game with a
``new_state`` factory is dealt here with hypothesis choosing the seed, the seats
(2 to the variant's maximum) and settings from its ``setting_choices``; the actions
are drawn from ``legal_actions``. A game with only its command-line tools is played
through ``simulate`` with random seeds and seats. Either way the game's checks
module (``cardtable.engine.<name>_checks``) checks chips and cards conserved and no
hidden card in another seat's view or in the log, the engine contract checks that
listed actions are legal and somebody can act, and the state goes through JSON
now and then, play continuing from the copy.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, reject, settings
from hypothesis import strategies as st

from cardtable import cli, games_registry, variants
from cardtable.engine.game import CHANCE

GAMES = sorted(games_registry.GAMES)
MAX_ACTIONS = 100
JSON_EVERY = 11


def bundled_spec(game: str) -> variants.VariantSpec | None:
    """The bundled variant that plays ``game``, if there is one yet."""
    for entry in variants.discover([(variants.variant_dirs()[0][0], False)]):
        if entry.spec is not None and entry.spec.game == game:
            return entry.spec
    return None


def json_copy(state):
    """The state through JSON text and back; the copy must write the same JSON."""
    text = json.dumps(state.to_json(), sort_keys=True)
    spec = {"deck": state.deck} if hasattr(state, "deck") else {}
    copy = type(state).from_json(json.loads(text), **spec)
    assert json.dumps(copy.to_json(), sort_keys=True) == text, "the state changed in a JSON round trip"
    return copy


def play_randomly(state, game: str, rng: random.Random, max_actions: int = MAX_ACTIONS):
    """Random legal actions with every check after each; returns the last state."""
    checks = games_registry.checks_module(game)
    for done in range(1, max_actions + 1):
        seat = state.to_act
        if seat is None:
            break
        before = len(state.log)
        if seat == CHANCE:
            action = state.chance_action()
        else:
            actions = state.legal_actions(seat)
            assert actions, f"seat {seat} is to act with no legal action"
            action = rng.choice(actions)
            assert state.why_illegal(action) is None, (action, state.why_illegal(action))
        state.apply(action)
        problems = games_registry.problems_after_action(checks, state, before)
        assert problems == [], problems
        if done % JSON_EVERY == 0:
            assert games_registry.round_trip_problems(checks, state) == []
            state = json_copy(state)  # play on from the copy
    return state


def seat_count(spec: variants.VariantSpec | None, pick: int) -> int:
    """A seat count from 2 (or the variant's least) to the variant's most, by ``pick``."""
    most = min(spec.max_seats if spec else 8, 8)
    least = max(2, spec.min_seats if spec else 2)
    return least + pick % (most - least + 1)


def engine_or_skip(game: str):
    """The game's factory and tools; skip with the reason when it has neither yet."""
    factory = games_registry.new_state_factory(game)
    tools = cli.game_tools(game)
    if factory is None and tools is None:
        pytest.skip(f"{game}: no engine yet (no new_state in games_registry.GAMES and no "
                    f"cli.game_tools module); it is picked up once it lands")
    return factory, tools


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.filter_too_much])
@given(seed=st.integers(0, 2**32), seats_pick=st.integers(0, 6), data=st.data())
def test_random_tables_and_random_legal_play_keep_every_invariant(game, seed, seats_pick, data):
    factory, _ = engine_or_skip(game)
    if factory is None:
        pytest.skip(f"{game}: its state class is not there yet (see the simulate test)")
    spec = bundled_spec(game)
    choices = games_registry.GAMES[game].setting_choices
    chosen = {key: data.draw(st.sampled_from(values), label=key) for key, values in choices.items()
              if data.draw(st.booleans(), label=f"vary {key}")}
    try:
        state = factory({**(spec.settings if spec else {}), **chosen}, seat_count(spec, seats_pick), seed)
    except ValueError:
        reject()  # settings or stacks this game refuses (its loader says why)
    state = play_randomly(state, game, random.Random(seed))
    assert state.history, "nothing was played"


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), seats_pick=st.integers(0, 6))
def test_simulated_bot_games_keep_every_invariant(game, seed, seats_pick):
    _, tools = engine_or_skip(game)
    if tools is None:
        pytest.skip(f"{game}: no cli.game_tools module yet")
    seats = seat_count(bundled_spec(game), seats_pick)
    summary = tools.simulate(games=1, seats=seats, seed=seed, bots="random", max_rounds=1,
                             json_every=JSON_EVERY, log=None)
    assert summary["invariants"]["failed"] == 0, summary["invariants"]["problems"]
    assert summary["actions"] > 0 and summary["invariants"]["checked"] > 0


@pytest.mark.parametrize("game", GAMES)
def test_every_game_with_an_engine_has_its_checks_module(game):
    engine_or_skip(game)
    checks = games_registry.checks_module(game)
    assert checks is not None, (
        f"{game}: no checks module; name it cardtable.engine.<name>_checks with <name> one of "
        f"{games_registry.game_aliases(game)}, with all_problems(state, *, log_start=0)")


@pytest.mark.parametrize("game", GAMES)
def test_the_same_seed_plays_the_same_game(game):
    factory, _ = engine_or_skip(game)
    if factory is None:
        pytest.skip(f"{game}: no new_state factory in games_registry.GAMES yet")
    spec = bundled_spec(game)

    def history() -> list:
        state = play_randomly(factory(dict(spec.settings) if spec else {}, 3, 99), game,
                              random.Random(5), max_actions=120)
        return [action.to_json() for action in state.history]

    assert history() == history()
