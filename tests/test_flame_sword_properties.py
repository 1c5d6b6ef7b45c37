"""Flame Sword under random play: the invariants hold in every state of games of 2 to 8
seats with random stacks, blinds, Called Shots, random legal actions and bots.

After every action: chips are never made or lost; each of the 12,000 cards is in
exactly one place (a hand, the grid, the folded cards or the stock); no view holds
another seat's hole card or a face-down grid card, and no log line names one; the
match is over or somebody can act. Every few actions the state goes through JSON and
play continues from the copy.

The long soak (``CARDTABLE_SOAK=1`` or ``-m slow``) plays many more hands.
"""

from __future__ import annotations

import random

import harness
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.bots.random_bot import RandomBot
from cardtable.engine.game import CHANCE
from cardtable.games.flame_sword import checks as flame_checks
from cardtable.games.flame_sword.bot import FlameBot
from cardtable.games.flame_sword.rules import CallShot, FlameSwordSettings, Phase
from cardtable.games.flame_sword.state import FlameSwordState
from cardtable.variants import load_deck_by_id

DECK = load_deck_by_id("infinite")


class ChaosPlayer:
    """Random legal actions, and now and then a Called Shot of ten random cards."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.random = RandomBot(rng)

    def choose(self, state, seat):
        if state.phase == Phase.CALL and self.rng.random() < 0.3:
            return CallShot(seat=seat, cards=tuple(self.rng.sample(range(len(DECK)), 10)))
        return self.random.choose(state, seat)


def table(seed: int, seats: int | None = None) -> FlameSwordState:
    """A random table for ``seed``: seats, stacks, blind and dealer vary."""
    rng = random.Random(f"flame:{seed}")
    seats = seats or rng.randint(2, 8)
    blind = rng.choice((2, 4, 10, 25))
    stacks = [rng.choice((rng.randint(1, 3 * blind), rng.randint(5 * blind, 40 * blind))) for _ in range(seats)]
    settings_ = FlameSwordSettings(starting_chips=100, blind=blind, order=rng.choice(("source", "measured")))
    return FlameSwordState.new(settings_, DECK, [f"P{s + 1}" for s in range(seats)], random.Random(seed),
                               dealer=rng.randrange(seats), stacks=stacks)


def play_checked(state: FlameSwordState, players, *, max_hands: int, json_every: int = 37) -> FlameSwordState:
    """Play to the end or ``max_hands`` with every check after every action (views of
    every seat at the moments that matter, and now and then)."""
    return harness.play_checked(
        state, players, checks=flame_checks, max_actions=10**9, json_every=json_every,
        views=lambda state, done: state.phase in (Phase.REVEAL, Phase.GAME_OVER) or done % 11 == 0,
        stop=lambda state: state.phase == Phase.REVEAL and state.hand_no >= max_hands)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6))
def test_random_play_keeps_every_invariant(seed):
    state = table(seed)
    players = [ChaosPlayer(random.Random(f"p:{seed}:{s}")) for s in range(state.seats)]
    state = play_checked(state, players, max_hands=3)
    assert state.hand_no >= 1


@pytest.mark.parametrize("seats", [2, 8])
def test_bots_play_whole_hands_with_every_invariant(seats):
    state = table(seats * 101, seats)
    players = [FlameBot(random.Random(f"b:{s}"), ("normal", "tough")[s % 2]) for s in range(seats)]
    state = play_checked(state, players, max_hands=2)
    assert state.results is not None


def test_same_seeds_same_match_even_with_the_global_rng_stirred():
    def run():
        state = table(7, 4)
        players = [FlameBot(random.Random(f"d:{s}")) for s in range(4)]
        play_checked(state, players, max_hands=2)
        random.random()
        return state.to_json()
    assert run() == run()


@pytest.mark.slow
def test_soak_many_more_hands(request):
    harness.skip_unless_soak(request)
    for seed in range(60):
        state = table(10_000 + seed)
        players = [ChaosPlayer(random.Random(f"s:{seed}:{s}")) if s % 2 else
                   FlameBot(random.Random(f"s:{seed}:{s}")) for s in range(state.seats)]
        play_checked(state, players, max_hands=8)


def test_the_checks_catch_a_leaked_card_and_lost_chips():
    state = table(3, 3)
    while state.phase != Phase.BET:
        state.apply(state.chance_action() if state.to_act == CHANCE else CallShot(seat=state.to_act))
    assert flame_checks.all_problems(state) == []
    honest_view = state.view

    def leaky_view(seat):
        view = honest_view(seat)
        view["grid"] = list(state.grid)  # every face-down grid card shown
        return view
    state.view = leaky_view
    assert any("face-down grid cards" in p for p in flame_checks.view_problems(state))
    state.view = honest_view
    state.chips.stacks[0] -= 1
    assert any(p.startswith("chips:") for p in flame_checks.chip_problems(state))
    state.chips.stacks[0] += 1
    state.log[-1] = type(state.log[-1])(0, f"psst: {state.card_name(state.hands[1][0])}")
    assert any("hidden card" in p for p in flame_checks.log_problems(state))
