"""A zoom at rest while its picture is painted a band a frame: the old picture is scaled once
into a held picture (after the zoom's own frame scaled it to the screen) and shown as it is until
the new one is swapped in; what it shows once settled (never how fast)."""

from __future__ import annotations

import pygame
import pytest
from test_view_budget import assert_settles_to_reference, move_half_over, picture_under_way, slowed_table

from cardtable.ui import layer_build, scaled_picture, table_view


def one_band_a_frame(monkeypatch) -> None:
    """One band of a zoom's picture a frame."""
    monkeypatch.setattr(layer_build, "BUILD_SLICE_S", 0.0)


def test_the_old_picture_is_scaled_once_more_while_the_new_zoom_is_painted_in_bands(app, monkeypatch):
    d, scene = slowed_table(app, monkeypatch, one_band_a_frame)
    view, camera = scene.view, scene.camera
    scales = []
    real_scale = scaled_picture.scale_into

    def counting_scale(*args, **kwargs):
        scales.append(args[1])
        return real_scale(*args, **kwargs)
    monkeypatch.setattr(scaled_picture, "scale_into", counting_scale)
    building = view.layer_building
    camera.zoom_at(1.15, 400, 300)  # one wheel notch: the zoom rests at once
    d.step()  # the notch's own frame: the old picture scaled to the screen, the new one not begun yet
    assert view._build is None and view.layer_building - building == 1
    d.step()  # the first frame at rest: the old picture scaled into the one held meanwhile
    assert view._build is None and view.layer_building - building == 2
    d.step()  # the next begins it (and blits the held picture)
    assert view._build is not None
    frames = 3
    while view._build is not None:
        d.step()
        frames += 1
        assert frames < 100
    assert frames >= table_view.JUMP_BANDS + 2  # a band a frame, after the frames that scaled and began
    assert view.layer_building - building == frames - 1
    assert len(scales) == 2  # (to the screen in the notch's own frame, into the held picture once)
    assert_settles_to_reference(d, scene, monkeypatch)


def test_a_step_while_the_zoom_is_painted_is_shown_once_the_picture_is_swapped_in(app, monkeypatch):
    d, scene = picture_under_way(app, monkeypatch, one_band_a_frame, zoom_at=(1 / 1.15, 500, 200), frames=3)
    move_half_over(scene, 4, 2)
    d.step(2)
    assert_settles_to_reference(d, scene, monkeypatch, limit=200)


def test_a_wheel_turned_in_and_back_out_comes_back_to_the_picture_as_it_was(app, monkeypatch):
    """Ten notches in and ten out, one a frame, end at exactly the zoom the picture was painted
    at (not one drifted in its last digits), so nothing is painted again and the view is settled."""
    d, scene = slowed_table(app, monkeypatch, one_band_a_frame)
    view, camera = scene.view, scene.camera
    zoom, rebuilds, picture = camera.zoom, view.layer_rebuilds, pygame.image.tobytes(view.layer, "RGB")
    for factor in [1.15] * 10 + [1 / 1.15] * 10:
        camera.zoom_at(factor, 400, 300)
        d.step()
    d.step()
    assert camera.zoom == zoom and view.settled
    assert view.layer_rebuilds == rebuilds and pygame.image.tobytes(view.layer, "RGB") == picture


@pytest.mark.parametrize("inner", [(100, 80, 500, 300), (0, 0, 640, 200), (-50, 300, 200, 500),
                                   (600, 10, 300, 100), (700, 500, 10, 10), (0, 0, 640, 480)])
def test_the_felt_around_a_scaled_picture_is_every_pixel_outside_it_and_none_inside(inner):
    """A zoom out shows the old picture smaller with the felt filled around it, a band each side
    rather than the whole window (which wrote it twice): the same pixels."""
    from cardtable.ui.scaled_picture import fill_around
    from cardtable.ui.theme import THEME

    size, marked = (640, 480), (1, 2, 3)
    banded, whole = pygame.Surface(size), pygame.Surface(size)
    for surface in (banded, whole):
        surface.fill(marked)
    fill_around(banded, pygame.Rect(inner), banded.get_rect())
    whole.fill(THEME.felt)
    whole.fill(marked, pygame.Rect(inner).clip(whole.get_rect()))
    assert pygame.image.tobytes(banded, "RGB") == pygame.image.tobytes(whole, "RGB")
