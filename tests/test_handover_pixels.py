"""Nothing hidden reaches the screen at a hand-over, to the pixel, for every game.

Two people and a computer play until a pass screen hands the table from one person to
the other. At that moment a *twin* table is built whose state differs from the real
one only in the cards hidden from the next person (``state.seat_copy(seat, rng)``,
with the real history and log); both tables are handed to that person and the same
frames are drawn. Every pixel must be equal: otherwise the next person sees something
of cards they may not know (a card sliding out of a slot of another seat's hand, a
leftover selection, a stale hover ...).
"""

from __future__ import annotations

import itertools
import os
import random

import pygame
import pytest
from uihelp import Driver, StandIn, variant_spec

from cardtable import games
from cardtable.bots.base import choose_for
from cardtable.engine.game import CHANCE
from cardtable.ui.game_table import GameTableScene
from cardtable.ui.menu import open_variant
from cardtable.ui.pass_screen import PassScreen
from cardtable.ui.setup_scene import SeatConfig, SetupScene

GAMES = [g.id for g in games.registry().with_rules()]
FRAMES = 24          # 0.4 s: longer than any slide (0.3 s)
HANDOVERS = 3        # checked per game
SEEDS = itertools.count(1000)


class _SeededRandom(random.Random):
    """random.Random whose unseeded generators are seeded in turn: the tables deal the same
    cards on every run."""

    def __init__(self, x=None) -> None:
        super().__init__(next(SEEDS) if x is None else x)


def _variant_id(app, game: str) -> str:
    specs = [e.spec for e in app.variant_entries if e.spec and e.spec.game == game]
    return next((s.id for s in specs if s.id == game), specs[0].id)


def _frame(app, real: GameTableScene, scene: GameTableScene, size: tuple[int, int]) -> bytes:
    """One frame of ``scene`` (the real table or its twin), standing in the real table's
    place on the app's stack (on top), so both are drawn in the same circumstances."""
    stack = app.scenes.scenes
    place = stack.index(real)
    stack[place] = scene
    try:
        scene.update(1 / 60)
        surface = pygame.Surface(size)
        scene.draw(surface)
    finally:
        stack[place] = real
    return pygame.image.tobytes(surface, "RGB")


def _twin(app, scene: GameTableScene, seat: int, k: int) -> GameTableScene:
    """The same table, with every card ``seat`` cannot see dealt again; handed to ``seat``."""
    state = scene.state
    twin_state = state.seat_copy(seat, random.Random(k))
    twin_state.history, twin_state.log = list(state.history), list(state.log)
    assert twin_state.view(seat) == state.view(seat)
    payload = scene.save_data()
    payload["state"] = twin_state.to_json()
    twin = games.get(scene.variant.game).table_module().restore(app, scene.variant, payload)
    assert isinstance(twin, GameTableScene) and app.scenes.top is twin
    return twin


def _ready(app, d) -> None:
    top = app.scenes.top
    assert isinstance(top, PassScreen)
    d.key(pygame.K_RETURN)


@pytest.mark.parametrize("game", GAMES)
def test_the_next_person_sees_nothing_of_hidden_cards(app, game, monkeypatch):
    monkeypatch.setattr(random, "Random", _SeededRandom)
    d = Driver(app)
    open_variant(app, variant_spec(app, _variant_id(app, game)))
    setup = app.scenes.top
    assert isinstance(setup, SetupScene)
    setup.on_start([SeatConfig("Ann"), SeatConfig("Bob"), SeatConfig("Cy", "normal")], setup.chips)
    scene = next(s for s in reversed(app.scenes.scenes) if isinstance(s, GameTableScene))
    stand_in = StandIn(7)
    size = app.screen.get_size()
    checked = 0
    last_viewer = None
    for _ in range(6000):
        if checked >= HANDOVERS or scene.state.to_act is None:
            break
        top = app.scenes.top
        if isinstance(top, PassScreen):
            seat = scene.names.index(top.name)
            if last_viewer is None or last_viewer == seat:
                d.key(pygame.K_RETURN)  # the first person sits down (or the same one again)
                continue
            twin = _twin(app, scene, seat, checked)
            twin.pass_to(seat)
            _ready(app, d)                   # the twin is handed over ...
            app.scenes.scenes.remove(twin)   # ... and put aside (no exit: no autosave)
            _ready(app, d)                   # then the real table
            assert scene.viewer == seat == twin.viewer
            twin.clock, twin.wait, twin.mouse = scene.clock, scene.wait, scene.mouse
            for frame in range(FRAMES):
                real, other = _frame(app, scene, scene, size), _frame(app, scene, twin, size)
                if real != other and os.environ.get("HANDOVER_DUMP"):
                    for name, data in (("real", real), ("twin", other)):
                        pygame.image.save(pygame.image.frombytes(data, size, "RGB"),
                                          f"{os.environ['HANDOVER_DUMP']}/{game}-{checked}-{frame}-{name}.png")
                assert real == other, (f"{game}: hand-over {checked + 1} to {scene.names[seat]}, frame {frame}: "
                                       f"the screen shows something of cards hidden from them")
            checked += 1
            last_viewer = seat
            continue
        to_act = scene.state.to_act
        if to_act is not None and to_act >= 0 and not scene.is_bot(to_act) and scene.viewer == to_act \
                and not scene.passing:
            last_viewer = to_act
            d.step(3)  # the person looks at the table (the sprites learn where every card is)
            if scene.state.to_act == to_act and not isinstance(app.scenes.top, PassScreen):
                scene.act(stand_in.choose(scene.state, to_act))
            continue
        if to_act is not None and to_act >= 0 and scene.is_bot(to_act):
            scene.perform(choose_for(scene.bots[to_act], scene.state, to_act))
            continue
        if to_act == CHANCE and scene.waits_for_next_round():
            scene.next_round()
            continue
        d.step()
    assert checked >= 1, f"{game}: no hand-over between the two people was reached"
