"""The table view's picture at a new zoom, painted off screen a slice a frame while the old
one shows scaled: what it shows once done (never how fast: see benchmarks/)."""

from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest
from test_view_budget import assert_settles_to_reference, finish_build, open_faces, picture_under_way, slowed_table

from cardtable.ui import layer_build
from cardtable.ui.camera import Camera
from cardtable.ui.faces import FaceArt
from cardtable.ui.fonts import FontBook
from cardtable.ui.table_view import TableView
from cardtable.ui.theme import THEME


def slow_builds(monkeypatch) -> None:
    """One small chunk a frame, so a build takes many frames."""
    monkeypatch.setattr(layer_build, "BUILD_CHUNK", 50)
    monkeypatch.setattr(layer_build, "BUILD_SLICE_S", 0.0)


def test_a_zoom_step_shows_the_old_picture_scaled_until_the_new_one_is_done(app, monkeypatch):
    d, scene = slowed_table(app, monkeypatch, slow_builds)
    view = scene.view
    rebuilds, building, scaled = view.layer_rebuilds, view.layer_building, view.layer_scaled
    old = pygame.image.tobytes(view._surface(), "RGB")
    scene.camera.zoom_at(1.15, 400, 300)
    d.step()  # the step's own frame: the old picture scaled to the screen
    assert view._build is None and view.layer_building == building + 1
    assert view.layer_rebuilds == rebuilds and view.layer_scaled == scaled
    d.step()  # the first frame at rest: the old picture scaled into the one held meanwhile
    assert view._build is None and view.layer_building == building + 2
    assert view.layer_rebuilds == rebuilds and view.layer_scaled == scaled
    d.step()  # the next: the new picture begun, the held one shown
    assert view._build is not None and view.layer_building == building + 3
    assert view.layer_rebuilds == rebuilds + 1 and view.layer_scaled == scaled
    assert pygame.image.tobytes(view._surface(), "RGB") == old  # (shown scaled, not touched)
    finish_build(d, scene)
    assert view.layer_rebuilds == rebuilds + 1
    assert_settles_to_reference(d, scene)


def test_swatches_at_a_new_zoom_match_the_card_by_card_picture(app, monkeypatch):
    d, scene = open_faces(app, 0.29)
    slow_builds(monkeypatch)
    scene.fit_all()
    d.step(3)  # (the zoom's own frame scales the old picture, the first at rest holds it scaled,
    # the next begins the new one)
    assert scene.view._build is not None
    assert_settles_to_reference(d, scene, limit=2000)  # (the build still slow)


def test_steps_and_pans_during_a_build_are_caught_up_once_it_is_done(app, monkeypatch):
    d, scene = picture_under_way(app, monkeypatch, slow_builds, zoom_at=(1 / 1.15, 500, 400))
    table = scene.table
    shown = scene.view.visible(table, scene.camera.view_rect())
    table.move(shown[10][0], None, shown[200][1].x + 30, shown[200][1].y + 40)
    table.flip(shown[300][0])
    for _ in range(5):
        scene.camera.pan_pixels(-9, 4)
        d.step()
    assert scene.view._build is not None
    assert_settles_to_reference(d, scene, limit=2000)  # (the build still slow)


def test_a_zoom_moving_on_drops_the_build_and_asking_for_the_layer_finishes_one(app, monkeypatch):
    d, scene = picture_under_way(app, monkeypatch, slow_builds, zoom_at=(1.15, 400, 300))
    view = scene.view
    scaled = view.layer_scaled
    scene.camera.zoom_at(1.15, 400, 300)
    d.step()  # another notch: the build dropped, the old picture scaled into the held one
    assert view._build is None and view.layer_scaled == scaled
    scene.camera.zoom_at(1.15, 400, 300)
    d.step()  # the wheel turns on: the old picture scaled again
    assert view._build is None and view.layer_scaled == scaled + 1
    d.step(2)  # it rests: the old picture held scaled, then a build at this zoom
    assert view._build is not None
    picture = view.layer
    assert view._build is None and view._layer_key[1] == scene.camera.zoom
    assert picture is view._surface()


def test_a_view_without_an_old_picture_paints_at_once(small_table):
    table = small_table
    view = TableView(FaceArt(FontBook()))
    surface = pygame.Surface((640, 400))
    for _ in range(2):
        view.draw(surface, table, Camera((640, 400), zoom=0.5))
    assert view._build is None and view.layer_rebuilds == 1
    view.draw(surface, table, Camera((640, 400), zoom=0.6))  # a new zoom: 52 cards, done in one frame
    assert view._build is None and view.layer_rebuilds == 2 and view.layer_building == 0


@pytest.mark.parametrize("factor", [1 / 1.15, 1 / 1.8, 1.15, 3.0])
def test_the_scaled_picture_has_felt_all_round_it_whatever_was_on_screen(app, factor):
    d, scene = open_faces(app, 0.29)
    view, camera = scene.view, scene.camera
    old_zoom = camera.zoom
    camera.zoom_at(factor, 300, 200)
    over_garbage, over_felt = pygame.Surface(app.screen.get_size()), pygame.Surface(app.screen.get_size())
    over_garbage.fill((255, 0, 255))
    over_felt.fill(THEME.felt)
    view._draw_scaled(over_garbage, old_zoom, camera)
    view._draw_scaled(over_felt, old_zoom, camera)
    assert pygame.image.tobytes(over_garbage, "RGB") == pygame.image.tobytes(over_felt, "RGB")


@pytest.mark.parametrize("chunk_ms", [0.05, 0.15, 0.3, 0.9])
def test_a_builds_slice_begins_no_chunk_the_last_ones_time_says_would_end_past_it(monkeypatch, chunk_ms):
    now = [0.0]
    monkeypatch.setattr(layer_build, "time", SimpleNamespace(perf_counter=lambda: now[0]))

    def paint(surface, chunk, pending):  # each chunk takes chunk_ms
        now[0] += chunk_ms / 1000

    build = layer_build.LayerBuild((1, 1.0, (8, 8)), (0, 0), 0, pygame.Surface((8, 8)), (0, 0, 0),
                                   list(range(1000)), paint, chunk=1)
    for _ in range(5):
        began = now[0]
        build.step(0.0004)
        spent = (now[0] - began) * 1000
        assert spent <= max(0.4, chunk_ms) + 1e-9  # within the slice, or the one chunk that must be done
        assert spent > 0.4 - 2 * chunk_ms  # and not stopped much short of it


def test_a_builds_chunks_hold_no_more_piles_than_the_slice_at_the_last_ones_pace(monkeypatch):
    now = [0.0]
    monkeypatch.setattr(layer_build, "time", SimpleNamespace(perf_counter=lambda: now[0]))
    sizes = []

    def paint(surface, chunk, pending):  # each pile takes 1 us
        sizes.append(len(chunk))
        now[0] += len(chunk) * 1e-6

    build = layer_build.LayerBuild((1, 1.0, (8, 8)), (0, 0), 0, pygame.Surface((8, 8)), (0, 0, 0),
                                   list(range(5000)), paint)
    build.step(0.0002)
    assert sizes == [layer_build.BUILD_CHUNK // 4] * 2  # (no pace known yet: quarter chunks, 0.1 ms each)
    sizes.clear()
    build.step(0.0002)
    assert sizes and max(sizes) <= 200  # the slice's 0.2 ms hold 200 piles at 1 us
    build.finish()
    assert build.done


def test_a_pan_after_a_zoom_step_does_not_hold_the_new_picture_back(app, monkeypatch):
    """The first frame at rest holds the old picture scaled once; a pan every frame from then
    on scales it again but the new picture is begun all the same."""
    d, scene = slowed_table(app, monkeypatch, slow_builds)
    view = scene.view
    scene.camera.zoom_at(1.15, 400, 300)
    d.step()  # the step's own frame
    for _ in range(2):  # the held picture, then the new one begun
        scene.camera.pan_pixels(-9, 4)
        d.step()
    assert view._build is not None
    assert_settles_to_reference(d, scene, limit=2000)  # (the build still slow)
