"""The strong level's budget is a count of rollouts, never the clock: the same seat copy
and generator give the same decision however fast the machine runs, busy or idle."""

from __future__ import annotations

import random
import threading

import pytest
from harness import positions_to_act

from cardtable import games
from cardtable.bots.base import choose_for
from cardtable.bots.strong import ROLLOUTS_ENV, StrongBot, rollouts_for

COUNTS = {2: 24, 4: 16}
"""Small counts for the tests (the games' own are 24 to 240 a decision)."""


def _decisions(game, state, seat, seed):
    """What a fresh strong bot of ``game`` plays on ``state``, and its plan's figures."""
    bot = game.bot(random.Random(seed), "strong")
    assert isinstance(bot, StrongBot)
    bot.counts = dict(COUNTS)
    plan = bot.plan(state.seat_copy(seat, random.Random(5)), seat)
    figures = [(e.action, e.count, round(e.total, 6)) for e in plan.estimates]
    return choose_for(bot, state, seat), plan.action, figures


class _JumpingClock:
    """A stand-in for the time module whose every reading is ten seconds after the last:
    any decision that looked at it would run out of time at once."""

    def __init__(self) -> None:
        self.now = 0.0

    def perf_counter(self) -> float:
        self.now += 10.0
        return self.now


def _spin(done: threading.Event) -> None:
    """Keep a core (and the interpreter) busy until ``done``."""
    total = 0
    while not done.is_set():
        total += 1


@pytest.mark.parametrize("game_id", ["five_card_draw", "sabacc", "shenja_ivali"])
def test_same_decision_busy_or_idle(game_id, monkeypatch):
    """Once idle, once with another thread spinning (and once with a clock that says every
    budget is long spent): the same action and the same figures."""
    monkeypatch.delenv(ROLLOUTS_ENV, raising=False)
    game = games.get(game_id)
    states = positions_to_act(game, random.Random(f"busy:{game_id}"), 2, ["Ada", "Bo"], (2, 30))
    weighed = 0
    for state in states:
        seat = state.to_act
        idle = _decisions(game, state, seat, 9)
        done = threading.Event()

        busy = threading.Thread(target=_spin, args=(done,), daemon=True)
        busy.start()
        try:
            loaded = _decisions(game, state, seat, 9)
        finally:
            done.set()
            busy.join()
        import cardtable.bots.strong as strong
        monkeypatch.setattr(strong, "time", _JumpingClock())
        late = _decisions(game, state, seat, 9)
        monkeypatch.undo()
        monkeypatch.delenv(ROLLOUTS_ENV, raising=False)
        assert idle == loaded == late
        weighed += sum(count for _, count, _ in idle[2])
    assert weighed > 0  # rollouts were made: the count was what decided

def test_every_game_counts_its_rollouts(monkeypatch):
    """With nothing set, every game's strong level is on a count (no clock), one for every
    table size the game seats."""
    monkeypatch.delenv(ROLLOUTS_ENV, raising=False)
    monkeypatch.delenv("CARDTABLE_STRONG_BUDGET_MS", raising=False)
    for game in games.registry().with_rules():
        bot = game.bot(random.Random(1), "strong")
        assert bot.budget_ms is None and bot.rollouts is None, game.id
        low, high = game.seats
        counts = [rollouts_for(bot.counts, seats) for seats in range(low, high + 1)]
        assert all(c >= 1 for c in counts), (game.id, counts)
        assert counts == sorted(counts, reverse=True), (game.id, counts)  # more seats, dearer rollouts
