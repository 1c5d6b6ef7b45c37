"""The virtualized renderer, checked for correctness (never for speed: see benchmarks/)."""

from __future__ import annotations

import random

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_table_bulk import churned
from uihelp import Driver

from cardtable import variants
from cardtable.engine.spatial import GridIndex
from cardtable.engine.table import CARD_H, CARD_W, Table
from cardtable.games.free_table.ui.table import FreeTableScene
from cardtable.ui.camera import Camera
from cardtable.ui.deck_browser import DeckBrowser
from cardtable.ui.faces import CORNER_BELOW, SWATCH_BELOW, FaceArt
from cardtable.ui.fonts import FontBook
from cardtable.ui.table_view import FaceCache, TableView, snap_width
from cardtable.ui.theme import THEME


@pytest.fixture(scope="module")
def display():
    pygame.init()
    pygame.display.set_mode((800, 600))
    yield
    pygame.quit()


@pytest.fixture(scope="module")
def infinite():
    return variants.load_deck_by_id("infinite")


def spread_table(deck, seed=1, mode="grid"):
    table = Table(deck, random.Random(seed))
    (pid,) = table.piles
    table.flip(pid)
    table.spread(pid, mode)
    return table


def brute_visible(table, region):
    x, y, w, h = region
    return sorted((pid for pid, p in table.piles.items()
                   if p.x < x + w and p.x + CARD_W > x and p.y < y + h and p.y + CARD_H > y),
                  key=lambda pid: table.piles[pid].z)


@settings(max_examples=60, deadline=None)
@given(st.floats(-2000, 150_000), st.floats(-2000, 12_000), st.floats(0.02, 4.0))
def test_culling_draws_exactly_the_cards_that_meet_the_view(x, y, zoom):
    table = CULL_TABLE
    camera = Camera((1920, 1080), zoom=zoom, x=x, y=y)
    view = TableView.__new__(TableView)
    view._order_key = None
    got = [pid for pid, _ in TableView.visible(view, table, camera.view_rect())]
    assert got == brute_visible(table, camera.view_rect())


CULL_TABLE = spread_table(variants.load_deck_by_id("infinite"))
for _pid in list(CULL_TABLE.piles)[::7]:  # some piles moved off the grid, overlapping others
    _p = CULL_TABLE.piles[_pid]
    CULL_TABLE.move(_pid, None, _p.x + 37, _p.y + 51)


@settings(max_examples=200, deadline=None)
@given(st.floats(-300, 30_000), st.floats(-300, 3_000))
def test_a_click_hits_the_topmost_card_under_the_cursor(x, y):
    table = CULL_TABLE
    under = [pid for pid, p in table.piles.items() if p.contains(x, y)]
    expected = max(under, key=lambda pid: table.piles[pid].z) if under else None
    assert table.pile_at(x, y) == expected


def test_the_grid_index_agrees_with_brute_force_after_random_moves():
    rng = random.Random(5)
    index = GridIndex(cell=64)
    rects = churned(index, rng)
    for _ in range(200):
        region = (rng.uniform(-600, 600), rng.uniform(-600, 600), rng.uniform(1, 400), rng.uniform(1, 400))
        x, y, w, h = region
        brute = {i for i, (rx, ry, rw, rh) in rects.items()
                 if rx < x + w and rx + rw > x and ry < y + h and ry + rh > y}
        assert index.query(region) == brute


def test_the_face_cache_never_exceeds_its_byte_bound(display, infinite):
    cache = FaceCache(FaceArt(FontBook()), max_bytes=2_000_000)
    for i in range(0, 12_000, 37):
        for width in (60, 100, 160):
            cache.get(infinite, i, True, width, force=True)
            assert cache.bytes <= cache.max_bytes
    assert 0 < len(cache) < 12_000 // 37 * 3
    assert cache.bytes == sum(s.get_width() * s.get_height() * 4 for s in cache._items.values())


def test_new_faces_wait_for_later_frames_once_the_budget_is_spent(display, infinite):
    cache = FaceCache(FaceArt(FontBook()))
    cache.new_frame(budget_s=0.0)
    assert cache.get(infinite, 1, True, 100) is not None      # the first one is always drawn
    assert cache.get(infinite, 2, True, 100) is None          # then the budget is spent
    cache.new_frame()
    assert cache.get(infinite, 2, True, 100) is not None


@pytest.mark.parametrize("zoom, detail", [(0.05, "swatch"), (0.17, "swatch"), (0.19, "corner"),
                                          (0.5, "corner"), (0.56, "full"), (2.0, "full")])
def test_level_of_detail_switches_at_the_documented_zooms(zoom, detail):
    width = TableView.card_width(Camera((100, 100), zoom=zoom))
    assert FaceArt.detail_for(width) == detail
    assert (SWATCH_BELOW, CORNER_BELOW) == (18, 56)


def test_snapped_widths_stay_within_four_percent():
    for w in range(9, 900):
        assert abs(snap_width(w) - w) <= 0.04 * w + 0.5




def open_spread(app, deck_id="infinite"):
    spec = next(e.spec for e in app.variant_entries if e.spec and e.spec.id == "free_table")
    scene = app.push(FreeTableScene(app, spec, deck_id=deck_id, seed=2))
    (pid,) = scene.table.piles
    scene.table.flip(pid)
    scene.table.spread(pid, "grid")
    d = Driver(app)
    for _ in range(2000):  # until the flight has landed and every face in view is drawn
        d.step()
        if scene.animation is None and not scene.busy and scene.view.settled:
            break
    assert scene.animation is None and not scene.busy and scene.view.settled
    return d, scene


def _until_settled(d, scene, limit: int = 2000) -> None:
    """Step until the view's picture is whole (faces fill in within a time budget a frame:
    on a busy machine that takes more frames)."""
    for _ in range(limit):
        if scene.view.settled:
            return
        d.step()
    assert scene.view.settled


def test_a_still_frame_reuses_the_layer_and_paints_no_card(app):
    d, scene = open_spread(app)
    painted, rebuilds = scene.view.cards_painted, scene.view.layer_rebuilds
    d.step(5)
    assert (scene.view.cards_painted, scene.view.layer_rebuilds) == (painted, rebuilds)


def test_dragging_one_card_does_not_repaint_the_table(app):
    d, scene = open_spread(app)
    shown = scene.view.visible(scene.table, scene.camera.view_rect())
    pid, pile = shown[len(shown) // 2]
    card = pile.top
    start = tuple(int(v) for v in scene.camera.to_screen(pile.x + CARD_W / 2, pile.y + CARD_H / 2))
    d.move(start)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1, mod=0))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(420, 420), rel=(20, 20), buttons=(1, 0, 0)))
    d.step(3)  # the card is lifted: its place is repainted without it (and faces finish)
    painted, rebuilds = scene.view.cards_painted, scene.view.layer_rebuilds
    for i in range(30):
        pos = (420 + i * 15, 420 + i * 5)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(15, 5), buttons=(1, 0, 0)))
        d.step()
    assert (scene.view.cards_painted, scene.view.layer_rebuilds) == (painted, rebuilds)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, mod=0))
    d.step()
    landed = scene.table.piles[scene.table.where(card)[0]]
    assert landed.top == card  # dropped on whatever lay there, on top of it
    assert scene.view.layer_rebuilds == rebuilds  # only the places the drop touched were repainted
    assert scene.view.layer_repairs > 0


def test_a_scrolled_layer_matches_a_fresh_one_pixel_for_pixel(app):
    d, scene = open_spread(app)
    scene.camera.zoom = 0.7
    _until_settled(d, scene)
    for dx, dy in ((37, 0), (0, -23), (-61, 44), (5, 5)):
        before = scene.view.layer_scrolls
        scene.camera.pan_pixels(dx, dy)
        d.step()
        _until_settled(d, scene)  # faces that came into view finish drawing
        assert scene.view.layer_scrolls > before or scene.view.layer_rebuilds
        scrolled = pygame.image.tobytes(scene.view.layer, "RGB")
        scene.view._layer_key = None  # force a full rebuild at the same camera
        d.step()
        _until_settled(d, scene)
        assert pygame.image.tobytes(scene.view.layer, "RGB") == scrolled


def test_panning_scrolls_instead_of_rebuilding(app):
    d, scene = open_spread(app)
    rebuilds = scene.view.layer_rebuilds
    for _ in range(10):
        scene.camera.pan_pixels(-12, 0)
        d.step()
    assert scene.view.layer_scrolls >= 10
    assert scene.view.layer_rebuilds - rebuilds <= 10  # only while new faces were still coming in


def test_deck_browser_searches_and_draws_only_rows_in_view(app):
    d, scene = open_spread(app)
    d.key(pygame.K_b)
    browser = app.scenes.top
    assert isinstance(browser, DeckBrowser)
    assert len(browser.results) == 12_000
    rows_fit = browser.list_rect().height // browser.row_height() + 1
    assert 0 < browser.rows_drawn <= rows_fit
    d.type("drag")
    assert {c.rank for c in browser.results} == {"Dragon"} and len(browser.results) == 300
    d.type(" tru")
    assert len(browser.results) == 20 and all("trump" in c.tags for c in browser.results)
    d.wheel(-3, browser.list_rect().center)
    d.key(pygame.K_RETURN)
    assert app.scenes.top is scene
    card = browser.results[0]
    pid, depth = scene.table.where(card.index)
    px, py = scene.camera.to_screen(scene.table.piles[pid].x, scene.table.piles[pid].y)
    assert 0 <= px < 1280 and 0 <= py < 800


def test_the_browser_never_locates_a_face_down_card(app):
    spec = next(e.spec for e in app.variant_entries if e.spec and e.spec.id == "free_table")
    scene = app.push(FreeTableScene(app, spec, deck_id="standard52", seed=2))
    d = Driver(app)
    d.step()
    camera_before = (scene.camera.x, scene.camera.y, scene.camera.zoom)
    d.key(pygame.K_b)
    d.type("queen hearts")
    browser = app.scenes.top
    assert [c.code for c in browser.results] == ["QH"] and browser.status(browser.results[0]) == "face down"
    d.key(pygame.K_RETURN)
    assert (scene.camera.x, scene.camera.y, scene.camera.zoom) == camera_before
    assert "face down" in app.toast_text


def test_pick_mode_chooses_up_to_the_limit(app):
    deck = variants.load_deck_by_id("infinite")
    picked = []
    spec = next(e.spec for e in app.variant_entries if e.spec and e.spec.id == "free_table")
    scene = app.push(FreeTableScene(app, spec, deck_id="standard52", seed=2))
    browser = app.push(DeckBrowser(app, deck, scene.view.cache, on_pick=picked.extend, pick_limit=2))
    d = Driver(app)
    d.step()
    for _ in range(3):
        d.key(pygame.K_RETURN)
        d.key(pygame.K_DOWN)
    assert len(browser.chosen) == 2
    d.press("Done")
    assert picked == browser.chosen and app.scenes.top is scene


def _fresh_layer(d, scene) -> bytes:
    scene.view._layer_key = None  # force a full rebuild at the same camera
    d.step(30)
    return pygame.image.tobytes(scene.view.layer, "RGB")


@pytest.mark.parametrize("zoom", [0.09, 0.29, 0.7])
def test_repainting_only_what_a_step_touched_matches_a_fresh_layer(app, zoom):
    d, scene = open_spread(app)
    scene.camera.zoom = zoom
    d.step(40)
    table = scene.table
    shown = scene.view.visible(table, scene.camera.view_rect())
    (a, _), (b, pb) = shown[len(shown) // 3], shown[len(shown) // 2]
    rebuilds = scene.view.layer_rebuilds
    table.move(a, None, pb.x + 37, pb.y + 21)   # half over another card
    d.step(30)
    table.flip(b)
    d.step(30)
    table.move(b, None, 0, 0, onto=next(p for p, _ in shown[:5] if p != a))
    d.step(30)
    for _ in range(600):  # faces fill in within a time budget a frame: on a busy machine, more frames
        if scene.view.settled:
            break
        d.step()
    assert scene.view.settled
    assert scene.view.layer_rebuilds == rebuilds
    repaired = pygame.image.tobytes(scene.view.layer, "RGB")
    assert _fresh_layer(d, scene) == repaired


def test_the_zoomed_out_swatch_layer_matches_the_card_by_card_one(app):
    d, scene = open_spread(app)
    scene.fit_all()
    d.step(3)
    view = scene.view
    assert view.card_width(scene.camera) < 18
    fast = pygame.image.tobytes(view.layer, "RGB")
    slow = pygame.Surface(view.layer.get_size())
    slow.fill(THEME.felt)
    view._paint(slow, scene.table, scene.camera, {}, view.origin(scene.camera), scene.camera.view_rect())
    assert pygame.image.tobytes(slow, "RGB") == fast


def test_a_turning_wheel_scales_the_layer_and_rebuilds_once_it_rests(app):
    d, scene = open_spread(app)
    view = scene.view
    rebuilds, scaled = view.layer_rebuilds, view.layer_scaled
    for _ in range(5):
        scene.camera.zoom_at(1.15, 300, 300)
        d.step()
    # A big table's first zoom step shows the old picture scaled (its new one is not begun);
    # the next four, the zoom still moving, are scaled; nothing rebuilt.
    assert view.layer_scaled == scaled + 4 and view.layer_rebuilds == rebuilds
    assert not view.settled
    d.step()  # at rest: the old picture held scaled, the new one not begun yet
    assert view.layer_rebuilds == rebuilds and view.layer_scaled == scaled + 4
    d.step()  # then the new zoom's picture begins, once
    assert view.layer_rebuilds == rebuilds + 1 and view.layer_scaled == scaled + 4


def test_the_first_big_table_shown_freezes_what_is_loaded_once(display, infinite, monkeypatch):
    from cardtable.ui import table_view
    frozen = []
    monkeypatch.setattr(table_view.gc, "freeze", lambda: frozen.append(True))
    monkeypatch.setattr(table_view, "_frozen", False)
    view = TableView(FaceArt(FontBook()))
    surface = pygame.Surface((800, 600))
    small = Table(variants.load_deck_by_id("standard52"), random.Random(1))
    view.draw(surface, small, Camera(surface.get_size()))
    assert frozen == []  # a small deck: the collector is cheap
    big = Table(infinite, random.Random(1))
    for _ in range(2):
        view.draw(surface, big, Camera(surface.get_size()))
        view.draw(surface, small, Camera(surface.get_size()))
    assert frozen == [True]
