"""Every game that plugs into saving (its table module has ``restore``) resumes exactly.

For each game of the registry with rules whose table module has
``restore(app, spec, data)``: open it through its setup screen with the default
seats, play some actions, save through the real envelope, resume, and check that
the resumed table equals the original, starts behind a pass screen, and goes on
identically. ``round_outcome()``, where a round settles, must have the shape the
statistics read.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from uihelp import StandIn, play

from cardtable import games
from cardtable.saves import SaveFile, decode
from cardtable.ui.game_table import GameTableScene
from cardtable.ui.menu import game_table_module
from cardtable.ui.pass_screen import PassScreen
from cardtable.ui.saves_scene import resume_save
from cardtable.ui.setup_scene import SetupScene


def pluggable_games() -> list[str]:
    """Every game with rules that plugs into saving (all of them, checked below)."""
    return [game.id for game in games.registry().with_rules() if hasattr(game.table_module(), "restore")]


@pytest.mark.parametrize("game", pluggable_games())
def test_a_game_resumes_exactly_through_the_save_protocol(app, game):
    spec = next(e.spec for e in app.variant_entries if e.spec and e.spec.game == game)
    module = game_table_module(game)
    module.open_game(app, spec)
    setup = app.scenes.top
    assert isinstance(setup, SetupScene)
    setup.start()
    table = next(s for s in reversed(app.scenes.scenes) if isinstance(s, GameTableScene))
    outcomes: list = []
    play(table, StandIn(1), 40, outcomes)
    data = table.match_keeper().encode("named")
    assert decode(data)["summary"]["round"] >= 1  # the saves list says which round (or hand)
    resumed = resume_save(app, SaveFile(Path("in-memory.json"), "named", 0.0, envelope=decode(data)))
    assert isinstance(resumed, GameTableScene) and resumed is not table
    assert resumed.state.to_json() == table.state.to_json()
    if resumed.humans:
        assert isinstance(app.scenes.top, PassScreen) and resumed.viewer is None
    play(table, StandIn(2), 25, outcomes)
    play(resumed, StandIn(2), 25, [])
    assert resumed.state.to_json() == table.state.to_json()
    for outcome in outcomes:
        assert {"round", "winners", "net", "hands"} <= set(outcome)
        assert len(outcome["net"]) == table.state.seats
        assert all(0 <= w < table.state.seats for w in outcome["winners"])
        assert all(isinstance(name, str) for name in outcome["hands"].values())


def test_every_game_with_rules_plugs_into_saving():
    assert pluggable_games() == [game.id for game in games.registry().with_rules()]
