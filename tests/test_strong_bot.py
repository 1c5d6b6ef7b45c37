"""The strong level (:mod:`cardtable.bots.strong`) in every game: a legal action within
its budget, decided on a seat copy only. Its budget is a count of rollouts
(``tests/test_strong_budget.py``); put on a clock (``budget_ms``, for benchmarks) it keeps
to it, which is tested here with small budgets (``budget_ms=20``) to keep the run short."""

from __future__ import annotations

import random

import pytest
from harness import positions_to_act

from cardtable import games
from cardtable.bots.base import choose_for
from cardtable.bots.strong import BUDGET_ENV, ROLLOUTS_ENV, StrongBot, candidates, default_budget_ms

GAMES = games.registry().with_rules()
IDS = [g.id for g in GAMES]
BUDGET_MS = 20.0
TICKS_OF_ONE_STEP = 5  # clock readings between two checks of the deadline, plus the final one


def mid_game_states(game, count=3, seed=7):
    """States of ``game`` (two seats) after a random number of random moves, each with
    a seat to act."""
    rng = random.Random(f"{game.id}:{seed}")
    return positions_to_act(game, rng, count, ["Ada", "Bo"], (0, 40))


class TickingClock:
    """A stand-in for time.perf_counter that moves on one millisecond at every reading, so
    the budget is tested by counting, not by the wall clock of a shared machine."""

    def __init__(self) -> None:
        self.now = 0.0

    def perf_counter(self) -> float:
        self.now += 0.001
        return self.now


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_strong_bot_is_legal_and_keeps_to_its_budget(game, monkeypatch):
    """The planner stops when its clock says the budget is spent: with a clock that
    ticks once a reading, it may overrun by the readings of one rollout step at most."""
    import cardtable.bots.strong as strong
    bot = game.bot(random.Random(1), "strong")
    assert isinstance(bot, StrongBot)
    bot.budget_ms, bot.rollouts = BUDGET_MS, None  # the clock's contract, not the tests' fixed count
    for state in mid_game_states(game):
        seat = state.to_act
        clock = TickingClock()
        monkeypatch.setattr(strong, "time", clock)
        plan = bot.plan(state.seat_copy(seat, random.Random(3)), seat)
        monkeypatch.undo()
        assert state.why_illegal(plan.action) is None, (plan.action, state.why_illegal(plan.action))
        assert plan.elapsed_ms <= BUDGET_MS + TICKS_OF_ONE_STEP, f"{game.id}: {plan.elapsed_ms:.0f} ticks"
        assert state.why_illegal(choose_for(bot, state, seat)) is None


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_strong_bot_never_touches_the_real_state(game, monkeypatch):
    state = mid_game_states(game, count=1, seed=11)[0]
    seat = state.to_act
    before = state.to_json()
    touched = []
    cls = type(state)
    real_apply, real_chance = cls.apply, cls.chance_action

    def apply(self, action):
        if self is state:
            touched.append(action)
        return real_apply(self, action)

    def chance_action(self):
        if self is state:
            touched.append("chance")
        return real_chance(self)

    monkeypatch.setattr(cls, "apply", apply)
    monkeypatch.setattr(cls, "chance_action", chance_action)
    bot = StrongBot(random.Random(2), budget_ms=BUDGET_MS, rollouts=30)
    action = choose_for(bot, state, seat)
    assert touched == []
    assert state.to_json() == before
    assert state.why_illegal(action) is None


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_candidates_are_legal(game):
    for state in mid_game_states(game, count=2, seed=3):
        seat = state.to_act
        found = candidates(state, seat)
        assert found and len(set(found)) == len(found)
        assert all(state.why_illegal(a) is None for a in found)


def test_plan_reports_every_candidate():
    game = games.get("five_card_draw")
    state = mid_game_states(game, count=1, seed=5)[0]
    seat = state.to_act
    plan = StrongBot(random.Random(3), rollouts=40).plan(state.seat_copy(seat, random.Random(0)), seat)
    assert plan.action in [e.action for e in plan.estimates]
    assert plan.rollouts <= 40


def test_budget_from_the_environment(monkeypatch):
    monkeypatch.setenv(BUDGET_ENV, "35")
    assert default_budget_ms() == 35.0
    assert StrongBot(random.Random(0)).budget_ms == 35.0
    monkeypatch.setenv(BUDGET_ENV, "nonsense")
    assert default_budget_ms() is None  # no clock: the game's count of rollouts
    monkeypatch.delenv(BUDGET_ENV)
    assert default_budget_ms() is None
    assert StrongBot(random.Random(0), budget_ms=10).budget_ms == 10.0
    monkeypatch.setenv(ROLLOUTS_ENV, "5")
    assert StrongBot(random.Random(0)).rollouts == 5


def test_fixed_rollouts_decide_alike():
    game = games.get("flame_sword")
    for state in mid_game_states(game, count=2, seed=9):
        seat = state.to_act
        chosen = {choose_for(StrongBot(random.Random(4), rollouts=15), state, seat) for _ in range(2)}
        assert len(chosen) == 1


def test_strong_is_a_level_of_every_game():
    for game in GAMES:
        assert "strong" in game.bot_levels
        assert {"random", "normal", "tough"} <= set(game.bot_levels)
