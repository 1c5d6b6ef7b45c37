"""Saves written before the games moved into packages (commit 15e2c38) still load,
resume and play on.

``tests/data/saves_before_packages/<game>.json`` were written by that code: the real
app, each game opened through its setup screen with the default seats, 30 actions
(the bots' and a seeded stand-in's), saved through ``MatchKeeper.encode("named")``.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from cardtable import games
from cardtable.engine import checks
from cardtable.engine.game import CHANCE
from cardtable.saves import SaveFile, load_save
from cardtable.ui.game_table import GameTableScene
from cardtable.ui.saves_scene import resume_save

SAVES = Path(__file__).parent / "data" / "saves_before_packages"
OLD_GAMES = sorted(p.stem for p in SAVES.glob("*.json"))


def test_there_is_an_old_save_of_every_game_that_was_there():
    assert OLD_GAMES == ["alethkar_poker", "flame_sword", "ipso", "sabacc", "shenja_ivali"]


@pytest.mark.parametrize("game_id", OLD_GAMES)
def test_a_save_from_before_the_packages_resumes_and_plays_on(app, game_id):
    path = SAVES / f"{game_id}.json"
    envelope = load_save(path)
    assert envelope["game"] == game_id
    resumed = resume_save(app, SaveFile(path, "named", 0.0, envelope=envelope))
    assert isinstance(resumed, GameTableScene)
    state = resumed.state
    assert len(state.history) == 30 and state.to_act is not None
    assert state.to_json()["history"] == envelope["payload"]["state"]["history"]
    game = games.get(game_id)
    stand_in = random.Random(3)
    for _ in range(40):
        state = resumed.state
        if state.to_act is None:
            break
        log_start = len(state.log)
        if state.to_act == CHANCE:
            resumed.perform(state.chance_action())
        else:
            bot = resumed.bots.get(state.to_act)
            action = (bot.choose(state, state.to_act) if bot is not None
                      else stand_in.choice(state.legal_actions(state.to_act)))
            resumed.perform(action)
        assert checks.problems_after_action(game, resumed.state, log_start) == []
    assert len(resumed.state.history) > 30
