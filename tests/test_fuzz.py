"""The headless UI fuzzer: a short run finds nothing and goes everywhere; what it
finds (an exception, a broken invariant, memory growth) is reported, not raised.

The long run is ``python benchmarks/fuzz.py --events 100000 --seed 1``.
"""

from __future__ import annotations

import pytest

from cardtable import variants
from cardtable.ui import fuzz
from cardtable.ui.fuzz import memory_growth, run_fuzz
from cardtable.ui.menu import game_table_module


def playable_games() -> set[str]:
    """The game ids of the bundled variants this version can open."""
    specs = [e.spec for e in variants.discover([(variants.variant_dirs()[0][0], False)]) if e.spec]
    return {s.game for s in specs if s.game == "free_table" or game_table_module(s.game) is not None}


def test_a_short_run_finds_nothing_and_plays_every_game():
    report = run_fuzz(1500, seed=11, size=(960, 600))
    assert report.ok, report.summary()
    assert set(report.tables) == playable_games(), report.summary()
    assert report.actions_applied > 20 and report.checks > 0 and report.round_trips > 0
    visited = set(report.scenes)
    assert {"MenuScene", "SetupScene", "IvaliTableScene", "FreeTableScene"} <= visited
    assert len(visited) >= 7, visited
    assert report.posted == report.events == 1500 and report.frames >= report.events
    start, peak, end = report.memory_figures()
    assert 0 < start <= peak and end <= peak


def test_an_exception_is_recorded_with_where_it_happened_and_the_run_goes_on(monkeypatch):
    from cardtable.ui.menu import MenuScene
    draw, calls = MenuScene.draw, []

    def planted(self, surface):
        calls.append(1)
        if len(calls) == 3:
            raise RuntimeError("planted in the menu")
        draw(self, surface)

    monkeypatch.setattr(MenuScene, "draw", planted)
    report = run_fuzz(400, seed=3, size=(960, 600))
    failures = [f for f in report.failures if f.kind == "exception"]
    assert len(failures) == 1 and "RuntimeError: planted in the menu" in failures[0].message
    assert failures[0].seed == 3 and 0 <= failures[0].index < 400 and "MenuScene" in failures[0].scenes
    assert failures[0].recent_events
    assert report.memory[-1][0] == 399  # the run went on to the last event
    assert len(calls) > 3


def test_a_broken_invariant_is_recorded_with_the_state(monkeypatch):
    from cardtable.engine import checks

    def planted(game, state, log_start=0):
        return ["planted problem"] if len(state.history) >= 3 else []

    monkeypatch.setattr(checks, "problems_after_action", planted)
    report = run_fuzz(300, seed=5, size=(960, 600), max_failures=1)
    assert report.failures and report.failures[0].kind == "invariant", report.summary()
    assert report.failures[0].message.endswith(": planted problem")
    assert report.failures[0].state_json["history"]


@pytest.mark.parametrize("values, grows", [
    ([100] * 20, False),
    ([50, 80, 100] + [120 + (i % 3) for i in range(30)], False),  # warm-up, then flat
    ([100 + 20 * i for i in range(40)], True),                    # steady growth
])
def test_memory_growth_compares_a_late_window_with_an_early_one(values, grows):
    samples = [(i, v * 2**20) for i, v in enumerate(values)]
    assert (memory_growth(samples) is not None) == grows


def test_the_fuzzer_finds_the_app_only_scenes():
    names = {cls.__name__ for cls in fuzz._app_only_scenes()}
    assert "SettingsScene" in names and "MenuScene" not in names and "Scene" not in names
