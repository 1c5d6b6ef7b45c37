"""A zoom at rest while its picture is painted a band a frame: the old picture is scaled once and
shown as it is until the new one is swapped in; what it shows once settled (never how fast)."""

from __future__ import annotations

import pygame
from test_view_budget import layer, open_faces, reference, settle

from cardtable.ui import layer_build, table_view


def test_the_old_picture_is_scaled_once_while_the_new_zoom_is_painted_in_bands(app, monkeypatch):
    d, scene = open_faces(app, 0.29)
    settle(d, scene)
    view, camera = scene.view, scene.camera
    monkeypatch.setattr(layer_build, "BUILD_SLICE_S", 0.0)  # one band a frame
    scales = []
    real_scale = pygame.transform.scale

    def counting_scale(*args, **kwargs):
        scales.append(args[1])
        return real_scale(*args, **kwargs)
    monkeypatch.setattr(pygame.transform, "scale", counting_scale)
    building = view.layer_building
    camera.zoom_at(1.15, 400, 300)  # one wheel notch: the zoom rests at once
    frames = 0
    while view._build is not None or frames == 0:
        d.step()
        frames += 1
        assert frames < 100
    assert frames >= table_view.JUMP_BANDS  # a band a frame, after the frame that scaled
    assert view.layer_building - building == frames - 1
    assert len(scales) == 1
    monkeypatch.undo()
    settle(d, scene)
    assert layer(scene) == reference(scene)


def test_a_step_while_the_zoom_is_painted_is_shown_once_the_picture_is_swapped_in(app, monkeypatch):
    d, scene = open_faces(app, 0.29)
    settle(d, scene)
    view, camera, table = scene.view, scene.camera, scene.table
    monkeypatch.setattr(layer_build, "BUILD_SLICE_S", 0.0)
    camera.zoom_at(1 / 1.15, 500, 200)
    d.step(3)
    assert view._build is not None
    shown = view.visible(table, camera.view_rect())
    (a, _), (_, pb) = shown[len(shown) // 4], shown[len(shown) // 2]
    table.move(a, None, pb.x + 37, pb.y + 21)
    d.step(2)
    monkeypatch.undo()
    for _ in range(200):
        if view._build is None:
            break
        d.step()
    settle(d, scene)
    assert view.settled
    assert layer(scene) == reference(scene)
