"""The table view after a jump: the picture there painted off screen a band a frame while the
old one shows, then swapped in; what it shows once settled (never how fast: see benchmarks/)."""

from __future__ import annotations

import pygame
import pytest
from test_view_budget import (
    assert_settles_to_reference,
    layer,
    move_half_over,
    open_faces,
    picture_under_way,
    settle,
    slowed_table,
)

from cardtable.ui import table_view
from cardtable.ui.camera import Camera
from cardtable.ui.faces import FaceArt
from cardtable.ui.fonts import FontBook
from cardtable.ui.table_view import TableView


def one_band_a_frame(monkeypatch) -> None:
    """One band of a jump's picture a frame."""
    monkeypatch.setattr(table_view, "JUMP_SLICE_S", 0.0)


def test_a_jump_paints_a_band_a_frame_showing_the_old_picture_then_settles_to_the_fresh_one(app, monkeypatch):
    d, scene = slowed_table(app, monkeypatch, one_band_a_frame)
    view, camera = scene.view, scene.camera
    shown = view.drawn_last_frame
    old = layer(scene)
    painted, jumps = view.cards_painted, view.layer_jumps
    camera.x += 9000  # far beyond the view: nothing of the old picture is of use
    d.step()
    assert view.layer_jumps == jumps + 1 and view._build is not None
    # The frame painted one band of the new picture, off screen: a fraction of the view's cards.
    assert 0 < view.cards_painted - painted < shown // 4
    assert pygame.image.tobytes(view._surface(), "RGB") == old  # the old picture still shows
    frames = 1
    while view._build is not None:
        d.step()
        frames += 1
    assert frames == table_view.JUMP_BANDS
    assert_settles_to_reference(d, scene, monkeypatch)


@pytest.mark.parametrize("moves", [((-40, 17), (3, 3)), ((0, 0),), ((-900, 0),)])
def test_pans_and_jumps_while_the_picture_is_painted_settle_to_the_fresh_one(app, monkeypatch, moves):
    d, scene = picture_under_way(app, monkeypatch, one_band_a_frame, jump=(0, 6000), frames=3)
    for dx, dy in moves:
        scene.camera.pan_pixels(dx, dy)
        d.step()
    assert_settles_to_reference(d, scene, monkeypatch)


def test_a_step_while_the_picture_is_painted_is_repaired_after_the_swap(app, monkeypatch):
    d, scene = picture_under_way(app, monkeypatch, one_band_a_frame, jump=(4500, 0), frames=2)
    scene.table.flip(move_half_over(scene, 3, 2))  # a card moved half over another, and that one turned over
    assert_settles_to_reference(d, scene, monkeypatch)


def test_a_pan_of_most_of_the_view_is_a_jump_a_small_one_scrolls(app):
    d, scene = open_faces(app, 0.29)
    settle(d, scene)
    view, camera = scene.view, scene.camera
    jumps, scrolls = view.layer_jumps, view.layer_scrolls
    camera.pan_pixels(-40, -12)
    d.step()
    assert (view.layer_jumps, view.layer_scrolls) == (jumps, scrolls + 1)
    w, h = view._surface().get_size()
    camera.pan_pixels(-w * 0.6, 0)
    d.step()
    assert view.layer_jumps == jumps + 1


def test_a_small_table_jumps_in_one_frame(small_table):
    view = TableView(FaceArt(FontBook()))
    surface = pygame.Surface((640, 400))
    camera = Camera((640, 400), zoom=0.5)
    for _ in range(2):
        view.draw(surface, small_table, camera)
    camera.x += 5000
    view.draw(surface, small_table, camera)
    assert view.layer_jumps == 1 and view._build is None and view.layer_jumping == 0


def test_nothing_lifted_is_needed_for_a_jump(app):
    """While cards are lifted (a drag) a jump repaints at once, as before."""
    d, scene = open_faces(app, 0.29)
    settle(d, scene)
    view, camera, table = scene.view, scene.camera, scene.table
    pid, pile = view.visible(table, camera.view_rect())[10]
    surface = pygame.Surface(app.screen.get_size())
    camera.x += 9000
    jumps = view.layer_jumps
    view.draw(surface, table, camera, hidden={pid: len(pile.cards)})
    assert view.layer_jumps == jumps and view._build is None


def test_cards_lifted_while_the_picture_is_painted_drop_it_and_the_view_paints_at_once(app, monkeypatch):
    d, scene = picture_under_way(app, monkeypatch, one_band_a_frame, jump=(9000, 0), frames=2)
    view, camera, table = scene.view, scene.camera, scene.table
    camera.x -= 9000 - 30  # back near the old picture, then a card is lifted
    pid, pile = view.visible(table, camera.view_rect())[40]
    surface = pygame.Surface(app.screen.get_size())
    view.draw(surface, table, camera, hidden={pid: len(pile.cards)})
    assert view._build is None
    assert_settles_to_reference(d, scene, monkeypatch)
