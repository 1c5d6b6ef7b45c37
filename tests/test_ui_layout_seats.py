"""The shared seat layout (issue 16): every game's table at four seats and at its most
keeps its parts apart and in the window at 1,024 x 640 and UI scale 1.5 (the smallest
window at the largest scale), checked after every frame as the smoke run does; the
slots never overlap; a plate's note is never cut ("(comp…"), it becomes a tag; a small
Sabacc face's corner index is not squeezed until "13" reads "1:"."""

from __future__ import annotations

import dataclasses
import importlib

import pygame
import pytest
from uihelp import rendered_texts

from cardtable import games
from cardtable.ui.layout_check import check_scene
from cardtable.ui.seat_layout import arrange

TABLE_GAMES = [g for g in games.games() if g.id != "free_table"]


@pytest.fixture
def small_app():
    from cardtable.ui.app import App
    from cardtable.ui.menu import MenuScene

    problems: list[str] = []

    class CheckedApp(App):
        def step(self, dt: float | None = None) -> None:
            super().step(dt)
            top = self.scenes.top
            if top is not None and hasattr(top, "seat_plate"):  # the game tables
                problems.extend(check_scene(top, self.screen.get_size()))

    app = CheckedApp(size=(1024, 640))
    app.settings = dataclasses.replace(app.settings, ui_scale=1.5)
    app.push(MenuScene(app))
    app.problems = problems
    yield app
    app.shutdown()


@pytest.mark.parametrize("game", TABLE_GAMES, ids=lambda g: g.id)
def test_four_and_most_seats_fit_the_smallest_window_at_scale_one_and_a_half(small_app, game):
    table = importlib.import_module(game.table).TABLE
    spec = next(e.spec for e in small_app.variant_entries if e.spec and e.spec.game == game.id)
    for count in sorted({4, min(game.seats[1], spec.max_seats)}):
        scene = table.smoke_seats(small_app, spec, count, frames=60)
        names = {name.split(":")[0] for name, _ in scene.layout_boxes()}
        assert "plate" in names and "log" in names, (game.id, count, names)
        assert not small_app.problems, (game.id, count, sorted(set(small_app.problems))[:8])


@pytest.mark.parametrize("size", [(1024, 640), (1366, 768), (1920, 1080)])
@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_slots_stay_on_the_felt_and_apart(size, scale):
    w, h = size

    def px(value: float) -> int:
        return int(round(value * scale))

    log_w = min(px(320), w // 4)
    felt = pygame.Rect(px(10), px(10), w - log_w - px(30), h - px(150))
    band_top = felt.bottom - int(felt.height / 6 * 1.4) - px(50)
    for seats in range(2, 9):
        layout = arrange(felt, seats, 0, band_top, px, min(px(190), felt.width // 4), title_h=px(26),
                         middle_h=px(90))
        others = {s: slot for s, slot in layout.slots.items() if slot.side != "bottom"}
        assert len(others) == seats - 1
        for seat, slot in others.items():
            assert felt.contains(slot.rect), (seats, seat, slot)
            assert slot.rect.bottom <= band_top, (seats, seat, slot)
            assert not slot.rect.colliderect(layout.middle), (seats, seat, slot, layout.middle)
            assert all(not slot.rect.colliderect(o.rect) for s, o in others.items() if s != seat), (seats, seat)


def test_a_note_that_does_not_fit_becomes_a_tag_not_a_cut(tight_app, monkeypatch):
    table = importlib.import_module("cardtable.games.shenja_ivali.ui.table").TABLE
    spec = next(e.spec for e in tight_app.variant_entries if e.spec and e.spec.game == "shenja_ivali")
    scene = table.smoke_seats(tight_app, spec, 8, frames=2)
    assert scene.compact_plates()
    drawn = rendered_texts(tight_app, monkeypatch)
    surface = pygame.Surface(tight_app.screen.get_size())
    for seat in range(1, 8):
        scene.seat_plate(surface, seat, ["chips 99"], dealer=seat == 1, acting=False)
    assert "CPU" in drawn
    assert not [t for t in drawn if "(" in t and "…" in t], drawn


def test_a_small_sabacc_index_is_not_squeezed():
    from cardtable.ui.app import App
    from cardtable.ui.face_painters import sabacc_index

    app = App(size=(1024, 640))
    try:
        kit = app.faces.kit
        for width in (56, 60, 70):
            natural = kit.text("\u221213", max(15 * width / 100, 9), (255, 255, 255), bold=True).get_width()
            index = sabacc_index(kit, "\u221213", "*", (255, 255, 255), (200, 200, 200), width, 22)
            assert index.get_width() >= natural * 0.8, (width, index.get_width(), natural)
    finally:
        app.shutdown()


def test_alethkar_declares_the_hand_banner_it_draws(small_app):
    from cardtable.engine.game import CHANCE

    table = importlib.import_module("cardtable.games.alethkar_poker.ui.table").TABLE
    spec = next(e.spec for e in small_app.variant_entries if e.spec and e.spec.game == "alethkar_poker")
    scene = table.smoke_seats(small_app, spec, 4, frames=1)
    small_app.push(scene)
    state = scene.state
    for _ in range(200):  # to the person's own turn, with five cards or more in hand
        if state.to_act == 0:
            break
        move = state.chance_action() if state.to_act == CHANCE else scene.bots[state.to_act].choose(state, state.to_act)
        scene.perform(move)
    small_app.step(1 / 30)
    assert scene.hand_line and scene.hand_line.startswith("Your hand: worth")
    boxes = dict(scene.layout_boxes())
    assert "your hand" in boxes
    assert check_scene(scene, small_app.screen.get_size()) == []


@pytest.mark.parametrize("size", [(1024, 640), (1366, 768)])
def test_alethkar_plates_beside_their_bag_say_the_chips_whole(size, monkeypatch):
    """A plate with its bag drawn says "chips 40 in all": "chips 40 (stack + bag)" was cut
    there to "chips 40 (stack +..." at every window size."""
    from cardtable.engine.game import CHANCE
    from cardtable.ui.app import App

    app = App(size=size)
    try:
        table = importlib.import_module("cardtable.games.alethkar_poker.ui.table").TABLE
        spec = next(e.spec for e in app.variant_entries if e.spec and e.spec.game == "alethkar_poker")
        scene = table.smoke_seats(app, spec, 4, frames=1)
        app.push(scene)
        state = scene.state
        while state.to_act != 0:
            scene.perform(state.chance_action() if state.to_act == CHANCE
                          else scene.bots[state.to_act].choose(state, state.to_act))
        drawn = rendered_texts(app, monkeypatch)
        app.step(1 / 30)
        bags = {name for name, _ in scene.layout_boxes() if name.startswith("bag:")}
        assert {"bag:1", "bag:2", "bag:3"} <= bags  # the other seats' plates show their bags
        cut = [line for _, lines in scene.tips for line in lines if line.startswith("chips")]
        assert cut == []
        assert {f"chips {state.holdings(seat)} in all" for seat in (1, 2, 3)} <= set(drawn)
    finally:
        app.shutdown()
