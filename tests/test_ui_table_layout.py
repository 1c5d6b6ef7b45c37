"""Every table, on the person's turn at a four-seat table, draws nothing off the window
and nothing over anything else at 1,024 x 640, 1,366 x 768 and 1,920 x 1,080 (the tables' named
boxes, ``layout_boxes()``, read by the layout check)."""

from __future__ import annotations

import importlib

import pytest
from test_ui_showdowns import NeverFolds
from uihelp import Driver, variant_spec

from cardtable import games
from cardtable.engine.game import CHANCE
from cardtable.ui.layout_check import check_scene
from cardtable.ui.setup_scene import SeatConfig

GAMES = [game.id for game in games.registry().with_rules()]


@pytest.mark.parametrize("size", [(1024, 640), (1366, 768), (1920, 1080)])
def test_every_table_keeps_its_parts_apart(size):
    from cardtable.ui.app import App
    from cardtable.ui.menu import MenuScene

    app = App(size=size)
    app.push(MenuScene(app))
    try:
        for game in GAMES:
            table = importlib.import_module(games.get(game).table).TABLE
            seats = [SeatConfig("Ann")] + [SeatConfig(n, bot="normal") for n in ("Bo", "Cy", "Di")]
            scene = table.start(app, variant_spec(app, game), seats, table.smoke_stack, seed=5)
            state, player = scene.state, NeverFolds()
            for i in range(4000):  # to the person's second turn or later
                if state.to_act is None or (state.to_act == 0 and i > 15):
                    break
                move = state.chance_action() if state.to_act == CHANCE else \
                    scene.bots.get(state.to_act, player).choose(state, state.to_act)
                scene.perform(move)
            Driver(app).step(20)
            names = {name.split(":")[0] for name, _ in scene.layout_boxes()}
            assert {"plate", "log", "title"} <= names, (game, names)
            assert check_scene(scene, size) == [], game
            app.scenes.remove(scene)
    finally:
        app.shutdown()
