"""Issue 16: the hand banner ("Your best now: ...") and the Sabacc shift die's caption stay
on the felt at the tightest window (1,024 x 640, UI scale 1.5)."""

from __future__ import annotations

import importlib
import types

import pygame
import pytest
from uihelp import Driver, variant_spec

from cardtable.ui.setup_scene import SeatConfig

LONG_LINE = ("Your best now: Rainbow x10 (Infinity high, then Dragon, Phoenix, Serpent, Tiger), "
             "row 9 through the long diagonal")




def three_seats(app, game: str, seed: int = 3):
    table = importlib.import_module(f"cardtable.games.{game}.ui.table").TABLE
    configs = [SeatConfig(name, bot=None if n == 0 else "normal") for n, name in enumerate(["Ann", "Bo", "Cy"])]
    scene = table.start(app, variant_spec(app, game), configs, table.smoke_stack, seed=seed)
    Driver(app).step()
    return scene


def boxes_named(scene, name: str) -> list[pygame.Rect]:
    return [rect for known, rect in scene.layout_boxes() if known == name]


def inside(outer: pygame.Rect, rect: pygame.Rect) -> bool:
    return outer.contains(rect)


@pytest.mark.parametrize("where", ["right edge", "middle", "left edge"])
def test_a_long_hand_line_stays_on_the_felt_and_the_window(small_app, where):
    scene = three_seats(small_app, "flame_sword")
    felt = scene.felt
    x = {"right edge": felt.right - 40, "middle": felt.centerx, "left edge": felt.x + 40}[where]
    scene.begin_boxes()
    drawn = scene.draw_hand_line(small_app.screen, LONG_LINE, (x, felt.centery))
    pill = drawn.inflate(small_app.px(12), small_app.px(4))
    assert felt.contains(pill), (tuple(pill), tuple(felt))
    assert pygame.Rect(0, 0, 1024, 640).contains(pill)
    assert not pill.colliderect(scene.log_panel.rect)
    assert boxes_named(scene, "your hand") == [drawn]


def test_flame_swords_best_hand_banner_stays_on_the_felt_in_a_real_frame(small_app, monkeypatch):
    scene = three_seats(small_app, "flame_sword")
    hand = types.SimpleNamespace(label="Rainbow x10 (Infinity high, then Dragon, Phoenix, Serpent, Tiger)",
                                 kind="rainbow", key=(0,))
    monkeypatch.setattr(type(scene), "best_now", lambda self: (hand, "row 9 through the long diagonal"))
    d = Driver(small_app)
    for _ in range(200):
        d.step()
        if boxes_named(scene, "your hand"):
            break
    found = boxes_named(scene, "your hand")
    assert found, "the viewer's best hand was never shown"
    for rect in found:
        assert scene.felt.contains(rect), (tuple(rect), tuple(scene.felt))
        assert not rect.colliderect(scene.log_panel.rect)


@pytest.mark.parametrize("seats", [3, 4, 8])
@pytest.mark.parametrize("colour", ["blue", "red", None])
def test_the_shift_dies_caption_stays_on_the_felt(small_app, seats, colour):
    table = importlib.import_module("cardtable.games.sabacc.ui.table").TABLE
    names = ["Ann"] + [f"Computer Player {n}" for n in range(2, seats + 1)]
    configs = [SeatConfig(name, bot=None if n == 0 else "normal") for n, name in enumerate(names)]
    scene = table.start(small_app, variant_spec(small_app, "sabacc"), configs, table.smoke_stack, seed=3)
    d = Driver(small_app)
    d.step()
    scene.die.colour = colour
    scene.die.rolling_since = None
    d.step()
    caption = boxes_named(scene, "die caption")
    assert caption, [name for name, _ in scene.layout_boxes()]
    for rect in caption + boxes_named(scene, "die"):
        assert scene.felt.contains(rect), (tuple(rect), tuple(scene.felt))


@pytest.mark.parametrize("size", [(1024, 640), (1366, 768), (1920, 1080)])
def test_ipsos_hand_line_is_whole_over_the_viewers_plate(small_app, size):
    """Ipso's "Your hand: High Card & Tags (35)" stood on the viewer's plate, cut to
    "Your hand: High Card..." (its value lost); it is now a banner over the plate, left of
    the hand, whole, and the layout check finds nothing over anything."""
    from cardtable.engine.game import CHANCE
    from cardtable.ui.layout_check import check_scene

    small_app._resized(size)
    scene = three_seats(small_app, "ipso")
    state = scene.state
    for _ in range(300):  # to the person's turn with four cards in hand
        if state.to_act == 0 and len(state.hands[0]) == 4:
            break
        move = state.chance_action() if state.to_act == CHANCE else scene.bots[state.to_act].choose(state, state.to_act)
        scene.perform(move)
    assert state.to_act == 0
    Driver(small_app).step(3)
    label = state.hand_value(0).label
    # with its "Your hand: " where the felt has room for it (at UI scale 1.5, 1,920 px wide)
    assert scene.hand_line in (label, f"Your hand: {label}")
    assert scene.hand_line.startswith("Your hand: ") or size[0] < 1920
    (line,) = boxes_named(scene, "your hand")
    (plate,) = boxes_named(scene, "plate:0")
    (hand,) = boxes_named(scene, "hand:own")
    fonts, px = small_app.fonts, small_app.px
    assert line.width >= fonts.size_of(scene.hand_line, min(px(14), px(11)), True)[0]  # not cut
    assert line.bottom <= plate.y and line.right <= hand.x and scene.felt.contains(line)
    assert check_scene(scene, small_app.screen.get_size()) == []


def test_a_title_line_too_long_for_its_corner_is_set_smaller_then_broken_at_its_parts(app):
    """The table's title ("Sabacc · hand 1 · betting · Player 1's turn") was cut to its room
    at 16 px; it takes smaller type first (down to 13 px), and then breaks into lines at
    its parts: nothing is cut (issue 30)."""
    from cardtable.ui.text import take_cuts
    scene = three_seats(app, "sabacc")
    fonts, px = app.fonts, app.px
    title = "Sabacc  ·  hand 1  ·  betting  ·  Player 1's turn"
    full, smallest = fonts.size_of(title, px(16))[0], fonts.size_of(title, px(13))[0]
    line_h = fonts.size_of(title, px(13))[1]
    for room, lines in (((full + smallest) // 2, 1), (smallest - px(40), 2)):
        take_cuts()
        scene.begin_boxes()
        scene.begin_hover()
        scene.draw_title(app.screen, title, room=room)
        (drawn,) = boxes_named(scene, "title")
        assert drawn.width <= room
        if lines == 1:  # whole, in smaller type than the 16 px it would not fit in
            assert drawn.height <= fonts.size_of(title, px(16))[1]
        else:  # on two lines
            assert 2 * line_h <= drawn.height <= 2 * fonts.size_of(title, px(16))[1]
        assert take_cuts() == [] and scene.tips == []
