"""The table view's face budget: stand-ins, their fill-in, faces drawn ahead of a pan, and the
face rows; checked for what they draw once settled (never for speed: see benchmarks/)."""

from __future__ import annotations

import random

import pygame
import pytest
from uihelp import Driver

from cardtable.engine.table import CARD_H, CARD_W, Table
from cardtable.games.free_table.ui.table import FreeTableScene
from cardtable.ui.camera import Camera
from cardtable.ui.face_cache import FaceCache
from cardtable.ui.faces import FaceArt
from cardtable.ui.fonts import FontBook
from cardtable.ui.table_view import TableView, snap_width
from cardtable.ui.theme import THEME


def open_faces(app, zoom=0.29, seed=2):
    """The Infinite Deck spread face up at ``zoom``, every face drawn once, then forgotten."""
    spec = next(e.spec for e in app.variant_entries if e.spec and e.spec.id == "free_table")
    scene = app.push(FreeTableScene(app, spec, deck_id="infinite", seed=seed))
    (pid,) = scene.table.piles
    scene.table.flip(pid)
    scene.table.spread(pid, "grid")
    scene.camera.zoom = zoom
    scene.camera.x, scene.camera.y = 300.0, 500.0
    d = Driver(app)
    settle(d, scene)
    scene.view.cache.clear()
    return d, scene


def settle(d, scene, limit=3000):
    """Step until no stand-in waits for its face (and no flight is under way)."""
    d.step(3)  # (a big step holds the last picture for two frames, then flies)
    for _ in range(limit):
        d.step()
        if not scene.view._pending and scene.animation is None and scene._held is None:
            return
    raise AssertionError("stand-ins never filled in")


def finish_build(d, scene, limit=2000) -> None:
    """Step until the view's picture under way (a build or a jump) is swapped in."""
    for _ in range(limit):
        if scene.view._build is None:
            return
        d.step()
    raise AssertionError("the build never finished")


def reference(scene) -> bytes:
    """The table drawn card by card with faces made on the spot: no rows, budget or stand-ins."""
    view, table, camera = scene.view, scene.table, scene.camera
    surface = pygame.Surface(view.layer.get_size())
    surface.fill(THEME.felt)
    cache = FaceCache(view.art)
    width = snap_width(CARD_W * camera.zoom)
    edge = max(1, width // 40) if width >= 24 else 0
    ox, oy = view.origin(camera)
    for _, pile in view.visible(table, camera.view_rect()):
        sx, sy = int(round(pile.x * camera.zoom)) - ox, int(round(pile.y * camera.zoom)) - oy
        if len(pile.cards) > 1 and edge:
            for k in range(min(3, (len(pile.cards) + 9) // 10), 0, -1):
                surface.blit(cache.back(table.deck, width, keyed=True), (sx + k * edge, sy + k * edge))
        surface.blit(cache.get(table.deck, pile.top, pile.top_face_up, width, force=True, keyed=True), (sx, sy))
    return pygame.image.tobytes(surface, "RGB")


def layer(scene) -> bytes:
    return pygame.image.tobytes(scene.view.layer, "RGB")


def slowed_table(app, monkeypatch, slow):
    """The table open at zoom 0.29 and settled; then ``slow(monkeypatch)`` makes its next new
    picture paint over many frames."""
    d, scene = open_faces(app, 0.29)
    settle(d, scene)
    slow(monkeypatch)
    return d, scene


def picture_under_way(app, monkeypatch, slow, *, zoom_at=None, jump=(0, 0), frames=1):
    """The :func:`slowed_table`; then the camera zooms (``zoom_at``: factor, x, y) or jumps
    (``jump``: dx, dy in table units) and after ``frames`` frames the new picture is checked to
    be under way (a zoom's after two frames more: its own frame only scales the old picture to
    the screen, the first at rest scales it into the picture held meanwhile, the next begins the
    new one)."""
    d, scene = slowed_table(app, monkeypatch, slow)
    if zoom_at is not None:
        scene.camera.zoom_at(*zoom_at)
        d.step(2)
        assert scene.view._build is None
    scene.camera.x += jump[0]
    scene.camera.y += jump[1]
    d.step(frames)
    assert scene.view._build is not None
    return d, scene


def move_half_over(scene, mover: int, under: int) -> int:
    """A step during a test: the pile ``len(shown) // mover`` of those in view (``shown``, in
    drawing order) moves half over the one at ``len(shown) // under``; returns that one's id."""
    shown = scene.view.visible(scene.table, scene.camera.view_rect())
    (a, _), (b, pb) = shown[len(shown) // mover], shown[len(shown) // under]
    scene.table.move(a, None, pb.x + 37, pb.y + 21)
    return b


def assert_settles_to_reference(d, scene, monkeypatch=None, limit=3000) -> None:
    """Undo ``monkeypatch`` (if given: the real budgets back), step until the picture under way is
    swapped in (within ``limit`` frames) and every face is drawn, then check the view is settled
    and its picture is the card-by-card one."""
    if monkeypatch is not None:
        monkeypatch.undo()
    finish_build(d, scene, limit=limit)
    settle(d, scene)
    assert scene.view.settled
    assert layer(scene) == reference(scene)


def test_stand_ins_show_first_and_the_settled_picture_is_the_card_by_card_one(app, monkeypatch):
    monkeypatch.setattr("cardtable.ui.face_cache.FACE_FLOOR_SHARE", 0.0)
    d, scene = open_faces(app)
    scene.view._layer_key = None
    d.step()
    assert len(scene.view._pending) > 100  # one face a frame: the rest are stand-ins
    assert layer(scene) != reference(scene)
    assert_settles_to_reference(d, scene, monkeypatch)


@pytest.mark.parametrize("zoom", [0.29, 0.7])
def test_panning_into_undrawn_faces_settles_to_the_card_by_card_picture(app, zoom):
    d, scene = open_faces(app, zoom)
    for dx, dy in ((-12, -3),) * 25 + ((40, 0),) * 5 + ((0, 37),) * 4:
        scene.camera.pan_pixels(dx, dy)
        d.step()
    assert_settles_to_reference(d, scene)


def test_a_pan_draws_the_faces_ahead_of_it(app, monkeypatch):
    d, scene = open_faces(app)
    settle(d, scene)
    view, table, camera = scene.view, scene.table, scene.camera
    row = view.cache.face_row(table.deck, snap_width(CARD_W * camera.zoom))
    vx, vy, vw, vh = camera.view_rect()
    beyond = (vx - 100 / camera.zoom, vy, 100 / camera.zoom, vh)  # 100 px left of the view
    cards = [table.piles[pid].top for pid in table.index.query(beyond) if table.piles[pid].x + CARD_W <= vx]
    assert cards and all(row[c] is None for c in cards)
    d.step(3)
    assert all(row[c] is None for c in cards)  # a still view draws nothing beyond its edges
    monkeypatch.setattr("cardtable.ui.face_cache.FACE_FLOOR_SHARE", 1e5)
    monkeypatch.setattr("cardtable.ui.table_view.PREFETCH_S", 10.0)
    scene.camera.pan_pixels(1, 0)  # the view moves left
    d.step()
    assert all(row[c] is not None for c in cards)


def test_stand_ins_of_piles_that_left_the_view_are_forgotten(app, monkeypatch):
    monkeypatch.setattr("cardtable.ui.face_cache.FACE_FLOOR_SHARE", 0.0)
    d, scene = open_faces(app)
    scene.view._layer_key = None
    d.step()
    scene.camera.pan_pixels(-5000, 0)
    d.step()
    assert_settles_to_reference(d, scene, monkeypatch)


def test_a_step_with_stacks_and_lifted_cards_settles_to_the_card_by_card_picture(app):
    d, scene = open_faces(app, 0.7)
    table = scene.table
    shown = scene.view.visible(table, scene.camera.view_rect())
    stack = table.gather([pid for pid, _ in shown[5:40]])
    table.move(shown[50][0], None, table.piles[stack].x + 30, table.piles[stack].y + 20)
    scene.view.cache.clear()
    scene.view._layer_key = None
    assert_settles_to_reference(d, scene)


def test_face_rows_follow_the_lru(display_infinite):
    deck = display_infinite
    cache = FaceCache(FaceArt(FontBook()), max_bytes=300_000)
    row = cache.face_row(deck, 60)
    for card in range(0, 200, 3):
        cache.get(deck, card, True, 60, force=True, keyed=True)
    kept = {key[1] for key in cache._items}
    assert 0 < len(kept) < 67
    assert {c for c, surf in enumerate(row) if surf is not None} == kept
    cache.clear()
    assert all(surf is None for surf in cache.face_row(deck, 60))


def test_the_swatch_row_is_a_complete_face_row(display_infinite):
    deck = display_infinite
    cache = FaceCache(FaceArt(FontBook()))
    row = cache.face_row(deck, 12)
    assert None not in row and row[7] is cache.swatch(deck, 7, 12, keyed=True)


def test_the_view_draws_on_a_bare_surface_without_a_window(display_infinite):
    table = Table(display_infinite, random.Random(1))
    (pid,) = table.piles
    table.flip(pid)
    table.spread(pid, "grid")
    first = min(table.piles.values(), key=lambda p: (p.y, p.x))
    view = TableView(FaceArt(FontBook()))
    camera = Camera((640, 400), zoom=0.5, x=first.x - 10, y=first.y - 10)
    surface = pygame.Surface((640, 400))
    for _ in range(400):
        view.draw(surface, table, camera)
        if not view._pending:
            break
    assert not view._pending and surface.get_at((5 + CARD_W // 4, 5 + CARD_H // 4))[:3] != THEME.felt


def test_new_faces_get_a_share_of_the_measured_empty_frame(app, monkeypatch):
    from cardtable.ui import face_cache
    from cardtable.ui.frame_floor import FrameFloor

    d, scene = open_faces(app)
    scene.frame_floor = FrameFloor(fixed=0.0005)
    given: list[float | None] = []
    new_frame = scene.view.cache.new_frame

    def record(budget_s=None):
        given.append(budget_s)
        new_frame(budget_s)
    monkeypatch.setattr(scene.view.cache, "new_frame", record)
    d.step()
    assert scene.view.floor_s == 0.0005
    assert given and given[0] == face_cache.face_budget(0.0005) == face_cache.FACE_FLOOR_SHARE * 0.0005
    assert face_cache.face_budget(None) == face_cache.FACE_BUDGET_S  # (a view no scene measures for)


def test_the_faces_budget_follows_a_resize_without_measuring_the_floor_anew(app):
    from cardtable.ui.frame_floor import FrameFloor

    floor = FrameFloor()
    measured = floor.seconds((200, 100))
    assert floor.measures == 1
    assert floor.estimate((400, 100)) == measured * 2  # scaled by the areas, no new surfaces
    assert floor.estimate((200, 100)) == measured and floor.measures == 1
