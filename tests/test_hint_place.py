"""The hint's panel takes a place the table's layout leaves it (issue 30): a tester saw it
cover the top seat's plate and cards, and Ipso's flip card. Asked for with H at several
tables and window sizes, it lies over no plate, hand, pile or other part the table drew
(nor a banner or Sabacc's pots);
with no room on the felt it tops the log's column."""

from __future__ import annotations

import dataclasses
import importlib

import pygame
import pytest

from cardtable import games
from cardtable.ui.layout_check import check_scene
from cardtable.ui.pass_screen import PassScreen
from cardtable.ui.table_setup import SeatConfig

CASES = [("ipso", 4), ("texas_holdem", 8), ("sabacc", 4)]


def open_app(size, scale):
    from cardtable.ui.app import App
    from cardtable.ui.menu import MenuScene

    app = App(size=size)
    app.settings = dataclasses.replace(app.settings, ui_scale=scale)
    app.push(MenuScene(app))
    return app


def hint_at(app, variant_id: str, seats: int):
    """A table of ``variant_id`` with a person in seat 0 and computers, stepped to the
    person's turn, H pressed and the hint waited for: the table."""
    spec = next(e.spec for e in app.variant_entries if e.spec and e.spec.id == variant_id)
    table = importlib.import_module(games.get(spec.game).table).TABLE
    configs = [SeatConfig("Ann" if n == 0 else f"Computer {n + 1}", bot=None if n == 0 else "normal")
               for n in range(seats)]
    scene = table.start(app, spec, configs, table.smoke_stack, seed=seats)
    for _ in range(3000):
        top = app.scenes.top
        if isinstance(top, PassScreen):
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r",
                                                 scancode=0))
        elif scene.hint.seat_for_hint() is not None:
            break
        elif scene.state.to_act is not None and scene.state.to_act < 0 and scene.waits_for_next_round():
            scene.next_round()
        app.step(1 / 30)
    assert scene.hint.seat_for_hint() is not None, "no person came to act"
    for _ in range(10):  # the turn may still be settling (a frame's animation): ask again until it shows
        if scene.hint.seat_for_hint() is not None and not scene.hint.visible:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h", scancode=0))
        app.step(1 / 30)
        if scene.hint.visible:
            break
    assert scene.hint.visible
    assert scene.hint.wait(120.0)
    app.step(1 / 30)
    app.step(1 / 30)
    assert scene.hint.hint is not None
    return scene


PARTS = ("plate", "hand", "pile", "board", "caption", "result", "flip", "card", "pot", "button", "bet")


@pytest.mark.parametrize("size", [(1024, 640), (1366, 768)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("variant_id,seats", CASES, ids=[c[0] for c in CASES])
def test_the_hint_lies_over_no_part_of_the_table(variant_id, seats, size, tmp_path):
    app = open_app(size, 1.0)
    try:
        scene = hint_at(app, variant_id, seats)
        rect = scene.hint.panel_rect
        boxes = scene.layout_boxes()
        assert ("hint", rect) in boxes
        over = [(name, box) for name, box in boxes if name not in ("hint", "log") and box.colliderect(rect)
                and not name.lower().startswith(("felt", "bar", "panel"))]
        assert not over, (rect, over)
        assert rect.collidelist(scene.kept_clear()) < 0, (rect, scene.kept_clear())  # banners, Sabacc's pots
        assert not [p for p in check_scene(scene, size) if "hint" in p]
        pygame.image.save(app.screen, tmp_path / f"{variant_id}-{size[0]}.png")  # (to look at)
    finally:
        app.shutdown()
