"""Shared scaffolding of the property tests: playing a state with every check after
every action, JSON copies that play on, illegal actions that must change nothing.

The contract harness (``test_all_games_properties.py``) plays every game of the
registry with these; the per-game property files keep only what their game alone
asserts and call the same helpers.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from cardtable.bots.random_bot import RandomBot
from cardtable.engine.game import CHANCE, IllegalAction

BUNDLED_GAMES = ("alethkar_poker", "five_card_draw", "flame_sword", "free_table", "ipso", "omaha", "omaha_hilo",
                 "sabacc", "seven_card_stud", "shenja_ivali", "texas_holdem")
"""The games shipped, in ``cardtable/games/`` or written in a bundled variant file alone: the
one exact list of them in the tests (as OpenSpiel's games_sim_test keeps one). Every other
test takes the games from the registry and counts them as at least these, so a game added
is tested without being named anywhere; naming it here only says it must never go missing."""

BUNDLED_YAML_GAMES = ("five_card_draw", "omaha", "omaha_hilo", "seven_card_stud", "texas_holdem")
"""Those of :data:`BUNDLED_GAMES` written in YAML alone (no package under ``cardtable/games/``)."""


def random_players(seed: Any, seats: int, tag: str = "player") -> list[RandomBot]:
    """One seeded random player a seat."""
    return [RandomBot(random.Random(f"{tag}:{seed}:{s}")) for s in range(seats)]


def seats_to_act(state, most: int):
    """The seat to act at each of up to ``most`` decisions of ``state``, chance's moves
    made on the way; it ends early when the match does. The caller makes each seat's move."""
    for _ in range(most):
        seat = state.to_act
        while seat == CHANCE:
            state.apply(state.chance_action())
            seat = state.to_act
        if seat is None:
            return
        yield seat


def step(state, players) -> None:
    """One action: chance's own, or the player's to act (which must be legal)."""
    to_act = state.to_act
    if to_act == CHANCE:
        state.apply(state.chance_action())
        return
    action = players[to_act].choose(state, to_act)
    assert state.why_illegal(action) is None, (action, state.why_illegal(action))
    state.apply(action)


def play(state, players, steps: int | None = None) -> None:
    """Up to ``steps`` actions (None: to the end) without checks."""
    done = 0
    while state.to_act is not None and (steps is None or done < steps):
        step(state, players)
        done += 1


def rotating_views(state, done: int) -> list[int | None]:
    """The views worth checking cheaply: the spectator's and one seat's in turn."""
    return [None, done % state.seats]


def play_checked(state, players, *, checks, max_actions: int = 3000, json_every: int = 0,
                 views: bool | Callable[[Any, int], Any] = rotating_views,
                 stop: Callable[[Any], bool] | None = None):
    """Play with ``checks.all_problems`` after every action (``views``: True for every
    seat's view, or a function of the state and the count of actions giving which);
    every ``json_every`` actions the state goes through ``checks.round_trip`` and play
    continues from the copy. Stops at the end, after ``max_actions`` or when ``stop``
    says so; returns the last state."""
    for done in range(1, max_actions + 1):
        if state.to_act is None or (stop is not None and stop(state)):
            break
        before = len(state.log)
        step(state, players)
        which = views(state, done) if callable(views) else views
        problems = checks.all_problems(state, log_start=before, views=which)
        assert problems == [], problems
        if json_every and done % json_every == 0:
            state, problems = checks.round_trip(state)  # play on from the copy
            assert problems == [], problems
    return state


def actor_views(state, done: int) -> list[int | None]:
    """The spectator's view, or the seat to act's, and one seat's in turn."""
    return [None if state.to_act == CHANCE else state.to_act, done % state.seats]


def checked_play(checks, *, max_actions: int = 3000, json_every: int = 10,
                 views: Callable[[Any, int], Any] = rotating_views) -> Callable[..., Any]:
    """A game's :func:`play_checked`: its ``checks``, its defaults, and ``views``
    unless the caller asks for ``all_views`` (every seat's view after every action)."""
    def play(state, players, *, max_actions: int = max_actions, json_every: int = json_every,
             all_views: bool = False):
        return play_checked(state, players, checks=checks, max_actions=max_actions,
                            json_every=json_every, views=True if all_views else views)
    return play


def finished_random_games(table: Callable[[int], Any], play: Callable[..., Any], seeds: range, *,
                          tag: str = "player", **play_args: Any) -> list[Any]:
    """Play ``table(seed)`` with seeded random players for each seed (``play``: the
    game's checked play); the states that reached the end."""
    finished = []
    for seed in seeds:
        state = table(seed)
        state = play(state, random_players(seed, state.seats, tag), **play_args)
        if state.to_act is None:
            finished.append(state)
    return finished


def mixed_players(bot_class, seed: int, seats: int, tag: str = "bot") -> list[Any]:
    """The game's bot, a random player and the tough bot in turn round the table (the
    order shifted by ``seed``), each from its own seeded generator."""
    players = []
    for s in range(seats):
        rng = random.Random(f"{tag}:{seed}:{s}")
        players.append([bot_class(rng), RandomBot(rng), bot_class(rng, "tough")][(s + seed) % 3])
    return players


def json_copies_continue(table: Callable[[int], Any], deck, seeds: range, *, then: int | None,
                         tag: str = "player") -> None:
    """For each seed, :func:`assert_json_copy_continues` on ``table(2000 + seed)`` with
    seeded random players, cut after 1 to 60 actions."""
    for seed in seeds:
        original = table(2000 + seed)
        assert_json_copy_continues(
            original, random_players(seed, original.seats, tag), deck, cut=random.Random(seed).randint(1, 60),
            then=then, choosers=lambda seed=seed, original=original: random_players(seed + 10_000,
                                                                                    original.seats, tag))


def assert_json_copy_continues(original, players, deck, *, cut: int, then: int | None,
                               choosers: Callable[[], Sequence[Any]]) -> None:
    """Play ``cut`` actions, copy the state through JSON text, play both on with equal
    players (``choosers()`` makes a fresh set) and check they end the same."""
    play(original, players, cut)
    copy = type(original).from_json(json.loads(json.dumps(original.to_json())), deck=deck)
    for state in (original, copy):
        play(state, choosers(), then)
    assert copy.to_json() == original.to_json()


def snapshot(state) -> str:
    """Everything but the (unchanging) history and log, and their lengths."""
    return json.dumps([state._state_json(), state.rng.getstate(), len(state.history), len(state.log)],
                      sort_keys=True)


def refuse_wild_actions(state, players, wild_action, rng: random.Random, *, checks, steps: int) -> int:
    """Offer ``wild_action(state, rng)`` (legal or not) ``steps`` times: a legal one is
    applied, an illegal one must say why, raise IllegalAction and change nothing, and
    then a player moves. Returns how many were refused."""
    refused = 0
    for _ in range(steps):
        if state.to_act is None:
            break
        action = wild_action(state, rng)
        reason = state.why_illegal(action)
        if reason is None:
            state.apply(action)
            continue
        assert isinstance(reason, str) and reason
        before = snapshot(state)
        with pytest.raises(IllegalAction):
            state.apply(action)
        assert snapshot(state) == before
        refused += 1
        if state.to_act is not None:
            step(state, players)
    assert checks.all_problems(state, log_start=len(state.log)) == []
    return refused


def refused_wild_actions(table: Callable[[int], Any], seeds: range, wild_action, *, checks, steps: int,
                         tag: str = "player") -> int:
    """:func:`refuse_wild_actions` on ``table(3000 + seed)`` with seeded random players
    for each seed; how many were refused in all."""
    refused = 0
    for seed in seeds:
        state = table(3000 + seed)
        refused += refuse_wild_actions(state, random_players(seed, state.seats, tag), wild_action,
                                       random.Random(seed), checks=checks, steps=steps)
    return refused


def soak(request, table: Callable[[int], Any], play: Callable[..., Any], bot_class, *, random_seeds: range,
         bot_seeds: range, max_actions: int, tag: str = "player") -> None:
    """The long soak (skipped unless asked for): seeded random players on
    ``table(seed)`` for each of ``random_seeds`` with every view checked, then the
    game's normal and tough bots in turn on ``table(20_000 + seed)`` for each of
    ``bot_seeds``."""
    skip_unless_soak(request)
    for seed in random_seeds:
        state = table(seed)
        play(state, random_players(seed, state.seats, tag), max_actions=max_actions, json_every=20, all_views=True)
    for seed in bot_seeds:
        state = table(20_000 + seed)
        players = [bot_class(random.Random(f"soak:{seed}:{s}"), ("normal", "tough")[s % 2])
                   for s in range(state.seats)]
        play(state, players, max_actions=max_actions, json_every=11)


def same_history_twice(run: Callable[[], Any]) -> None:
    """``run()`` twice, the global generator stirred in between, must give the same."""
    first = run()
    random.seed()  # stirring the global generator must change nothing
    assert run() == first


def soak_enabled(config) -> bool:
    """The long soaks run with CARDTABLE_SOAK=1 or ``-m slow``."""
    return bool(os.environ.get("CARDTABLE_SOAK")) or "slow" in (config.getoption("-m") or "")


def skip_unless_soak(request) -> None:
    if not soak_enabled(request.config):
        pytest.skip("the soak runs with CARDTABLE_SOAK=1 or -m slow")


def played_points(game, new_table: Callable[[int], Any], seeds: range, actions: int):
    """The states of ``new_table(seed)`` for each seed, played on by the game's random
    bots (seeded ``play:<seed>:<seat>``): yields ``(state, done)`` before each of up to
    ``actions`` actions and once at the end; the caller looks, and does not change it."""
    for seed in seeds:
        state = new_table(seed)
        bots = [game.bot(random.Random(f"play:{seed}:{s}"), "random") for s in range(state.seats)]
        for done in range(actions):
            yield state, done
            if state.to_act is None:
                break
            step(state, bots)


def copy_is_independent(state, seat: int, mine, twin=None):
    """The seat copy ``mine`` (made with ``Random(1)``) depends only on what ``seat``
    sees: a second copy, copied again, and the copy of ``twin`` (``state`` with its
    hidden cards changed) are ``mine``. Returns the second copy."""
    other = state.seat_copy(seat, random.Random(7))
    assert other.view(seat) == state.view(seat)
    assert other.seat_copy(seat, random.Random(1)).to_json()["state"] == mine.to_json()["state"]
    if twin is not None:
        assert twin.seat_copy(seat, random.Random(1)).to_json()["state"] == mine.to_json()["state"]
    return other


def copy_plays_on(game, copy, problems: Callable[[Any], list[str]], steps: int = 6) -> None:
    """``steps`` actions of the game's random bots (seeded ``on:<seat>``) on a seat's
    copy, ``problems(copy)`` empty after each."""
    players = [game.bot(random.Random(f"on:{s}"), "random") for s in range(copy.seats)]
    for _ in range(steps):
        if copy.to_act is None:
            break
        step(copy, players)
        assert problems(copy) == []


def hidden_card_leaks(state, rng: random.Random) -> list[str]:
    """No seat's view or log depends on a card hidden from it: the seat's
    :meth:`~cardtable.engine.game.GameState.seat_copy` deals every hidden card again,
    and the seat's view and log of the copy must be what they were."""
    problems = []
    for seat in range(state.seats):
        copy = state.seat_copy(seat, random.Random(rng.getrandbits(32)))
        if copy.view(seat) != state.view(seat):
            problems.append(f"seat {seat}'s view shows a card hidden from it")
        if copy.log_for(seat) != state.log_for(seat):
            problems.append(f"seat {seat}'s log names a card hidden from it")
    return problems



def positions_to_act(game, rng: random.Random, count: int, names: list[str], moves: tuple[int, int]) -> list[Any]:
    """Up to ``count`` states of ``game`` reached by a random number (within ``moves``)
    of random players' moves from a fresh deal, each with a seat to act (chance played)."""
    from cardtable.bots.random_bot import RandomBot
    from cardtable.engine.game import CHANCE
    from cardtable.variants import load_deck_by_id
    found = []
    for _ in range(count * 10):
        state = game.new_state(game.read_settings(game.defaults()), load_deck_by_id(game.decks[0]),
                               list(names), random.Random(rng.getrandbits(32)))
        players = [RandomBot(random.Random(rng.getrandbits(32))) for _ in names]
        for _ in range(rng.randint(*moves)):
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
