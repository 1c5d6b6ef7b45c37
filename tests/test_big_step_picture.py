"""The picture a big step first shows is painted during its held frames, and the frame that
shows it only swaps it in; leaving a big table lets the collector free it (issue 17). Never
how fast: see benchmarks/render.py."""

from __future__ import annotations

import gc
import weakref

import pygame
import pytest
from test_ui_free_table import centre_of, only_pile, open_table
from uihelp import Driver

from cardtable.engine.table import Table
from cardtable.games.free_table.ui.table import FreeTableScene
from cardtable.ui import table_view
from cardtable.ui.camera import Camera
from cardtable.ui.faces import FaceArt
from cardtable.ui.fonts import FontBook
from cardtable.ui.table_view import MAX_DAMAGE, TableView

SIZE = (960, 600)


def _count_painted(monkeypatch) -> list[int]:
    """Count every pile handed to the view's painting functions (hidden ones too: a whole
    repaint looks at every pile in view even when the flight hides them all)."""
    looked = [0]
    piles, swatches = table_view.paint_piles, table_view.paint_swatches

    def counted_piles(layer, table, zoom, origin, hidden, order, *rest):
        looked[0] += len(order)
        return piles(layer, table, zoom, origin, hidden, order, *rest)

    def counted_swatches(layer, table, zoom, origin, hidden, order, *rest):
        looked[0] += len(order)
        return swatches(layer, table, zoom, origin, hidden, order, *rest)
    monkeypatch.setattr(table_view, "paint_piles", counted_piles)
    monkeypatch.setattr(table_view, "paint_swatches", counted_swatches)
    return looked


@pytest.mark.parametrize("zoom", [0.3, 0.1])  # faces, then swatches
def test_the_frame_that_first_shows_a_big_step_paints_almost_nothing(app, monkeypatch, zoom):
    d, scene = open_table(app, "infinite")
    scene.table.flip(only_pile(scene))
    # (zoomed around the pile, which stays in view: one under the tool bar is nobody's to spread)
    scene.camera.zoom_at(zoom / scene.camera.zoom, *centre_of(scene, only_pile(scene)))
    d.step()
    d.move(centre_of(scene, only_pile(scene)))
    looked = _count_painted(monkeypatch)
    view = scene.view
    keys = [(pygame.K_g, 0), (pygame.K_c, 0), (pygame.K_z, pygame.KMOD_CTRL), (pygame.K_y, pygame.KMOD_CTRL)]
    for key, mod in keys:
        d.key(key, mod)
        frames = 0
        while scene.work.busy:
            d.step()
            frames += 1
            assert frames < 400
        assert scene.holding
        swapped, rebuilds = view.prepared_swapped, view.layer_rebuilds
        in_view = len(view.visible(scene.table, scene.camera.view_rect()))
        looked[0] = 0
        d.step()  # the held frames that paint the step's picture, unpresented: the cards...
        assert scene.holding and scene.staging
        d.step()  # ... and the flights over them
        assert scene.holding and scene.staging
        d.step()  # the frame that first shows the step
        assert not scene.holding
        assert view.prepared_swapped == swapped + 1 and view.layer_rebuilds == rebuilds
        # (Stand-ins swapped for faces within the frame's face budget, no more.)
        assert looked[0] <= max(60, in_view // 8), (key, looked[0], in_view)
        for _ in range(400):  # the flight lands and the faces fill in
            if scene.animation is None and view.settled:
                break
            d.step()
        picture = pygame.image.tobytes(view.layer, "RGB")
        view._layer_key = None  # a whole picture painted afresh, at the same camera
        for _ in range(400):
            d.step()
            if view.settled:
                break
        assert pygame.image.tobytes(view.layer, "RGB") == picture
    assert len(scene.table.piles) == 1  # spread, gathered, spread again, gathered again




def _settled(view: TableView, table: Table, camera: Camera, hidden: dict[int, int]) -> bytes:
    surface = pygame.Surface(SIZE)
    for _ in range(3000):
        view.draw(surface, table, camera, hidden=hidden)
        if view.settled:
            return pygame.image.tobytes(view.layer, "RGB")
    raise AssertionError("the picture never settled")


@pytest.mark.parametrize("zoom", [0.1, 0.29, 0.45])
@pytest.mark.parametrize("hide", [False, True])
def test_a_prepared_picture_is_the_picture_a_fresh_view_paints(spread_table, zoom, hide):
    table = spread_table
    view = TableView(FaceArt(FontBook()))
    camera = Camera(SIZE, zoom=zoom)
    camera.x, camera.y = 300.0, 500.0
    _settled(view, table, camera, {})
    vx, vy, vw, vh = camera.view_rect()
    table.gather([pid for pid, _ in view.visible(table, (vx - vw, vy - vh, 3 * vw, 3 * vh))[::2]][:2 * MAX_DAMAGE])
    shown = view.visible(table, camera.view_rect())
    hidden = {p: len(q.cards) for p, q in shown[1::3]} if hide else {}
    slices = sum(1 for _ in view.prepare(table, camera, hidden))
    assert slices > 1 and view.layer_prepared == 1  # a slice at a time
    rebuilds = view.layer_rebuilds
    view.draw(pygame.Surface(SIZE), table, camera, hidden=hidden)
    assert view.prepared_swapped == 1 and view.layer_rebuilds == rebuilds
    fresh = TableView(view.art, view.cache)
    assert _settled(view, table, camera, hidden) == _settled(fresh, table, camera, hidden)


def test_the_piles_sorted_a_slice_at_a_time_are_the_piles_sorted_at_once(spread_table):
    table = spread_table
    pids = list(table.piles)
    table.move(pids[7], None, 10.0, 20.0)  # (raised: the z order is not the dict's order)
    table.move(pids[9_000], None, 30.0, 20.0)
    view, fresh = TableView(FaceArt(FontBook())), TableView(FaceArt(FontBook()))
    assert sum(1 for _ in view._ordered_steps(table)) > 3
    assert view._order_key == (id(table), table.revision) and view.ordered(table) == fresh.ordered(table)
    assert list(view._ordered_steps(table)) == []  # (already sorted for this revision)


def test_a_prepared_picture_the_frame_does_not_show_is_dropped(spread_table):
    table = spread_table
    view = TableView(FaceArt(FontBook()))
    camera = Camera(SIZE, zoom=0.29)
    _settled(view, table, camera, {})
    table.gather([pid for pid, _ in view.visible(table, camera.view_rect())[:MAX_DAMAGE + 40]])
    for _ in view.prepare(table, camera):
        pass
    camera.pan_pixels(-40, 0)  # the view moved meanwhile
    view.draw(pygame.Surface(SIZE), table, camera)
    assert view.prepared_swapped == 0 and view._prepared is None
    fresh = TableView(view.art, view.cache)
    assert _settled(view, table, camera, {}) == _settled(fresh, table, camera, {})


def test_nothing_is_prepared_when_the_frame_would_repair_a_few_places(spread_table):
    table = spread_table
    view = TableView(FaceArt(FontBook()))
    camera = Camera(SIZE, zoom=0.29)
    _settled(view, table, camera, {})
    pid, pile = view.visible(table, camera.view_rect())[5]
    table.move(pid, None, pile.x + 30, pile.y + 20)
    assert list(view.prepare(table, camera)) == [] and view._prepared is None


def infinite_table_unfrozen(app, monkeypatch):
    """The 12,000-card table opened and drawn once, from a collector nobody froze yet:
    ``(scene, driver)``."""
    monkeypatch.setattr(table_view, "_frozen", False)
    monkeypatch.setattr(table_view, "_frozen_by", None)
    spec = next(e.spec for e in app.variant_entries if e.spec and e.spec.id == "free_table")
    scene = app.push(FreeTableScene(app, spec, deck_id="infinite", seed=3))
    d = Driver(app)
    d.step()
    return scene, d


def test_leaving_a_big_table_frees_it_at_once_with_no_full_collection(app, monkeypatch):
    scene, d = infinite_table_unfrozen(app, monkeypatch)
    assert table_view._frozen and gc.get_freeze_count() > 0  # the first frame of a big deck froze
    frozen = gc.get_freeze_count()
    d.move(centre_of(scene, only_pile(scene)))
    d.key(pygame.K_g)  # a big step and its history
    while scene.work.busy or scene.holding:
        d.step()
    # The step's 12,000 piles (named tuples: the collector never stops tracking them) frozen too.
    assert gc.get_freeze_count() > frozen + 12_000
    gone = weakref.ref(scene)  # (frozen: only its references counting down to none can free it)
    del scene
    collections: list[int] = []

    def seen(phase: str, info: dict) -> None:
        if phase == "start":
            collections.append(info["generation"])
    gc.callbacks.append(seen)
    try:
        d.key(pygame.K_ESCAPE)  # back to the menu
        assert not isinstance(app.scenes.top, FreeTableScene)
        d.step(2)
    finally:
        gc.callbacks.remove(seen)
    # Freed as the app let go of it (no cycle left through the scene), with no full
    # collection (12 to 39 ms of a frame), and the freeze ended: the next big table freezes
    # what has come alive since.
    assert gone() is None and 2 not in collections
    assert not table_view._frozen


def test_a_view_that_did_not_freeze_leaves_the_freeze_alone(monkeypatch):
    unfrozen, frozen = [], []
    monkeypatch.setattr(table_view.gc, "unfreeze", lambda: unfrozen.append(True))
    monkeypatch.setattr(table_view.gc, "freeze", lambda: frozen.append(True))
    monkeypatch.setattr(table_view, "_frozen", True)
    froze, other = TableView.__new__(TableView), TableView.__new__(TableView)
    monkeypatch.setattr(table_view, "_frozen_by", weakref.ref(froze))
    other.refreeze()
    other.thaw()
    assert unfrozen == [] and frozen == [] and table_view._frozen
    froze.refreeze()
    assert frozen == [True]
    assert froze.thaw() and not froze.thaw()  # (ended once)
    froze.refreeze()
    # Nothing unfrozen: what was frozen stays out of the collector's sight (see thaw).
    assert unfrozen == [] and frozen == [True] and not table_view._frozen


def test_what_a_big_steps_slices_make_is_frozen_as_they_come(app, monkeypatch):
    scene, d = infinite_table_unfrozen(app, monkeypatch)
    d.move(centre_of(scene, only_pile(scene)))
    d.key(pygame.K_g)  # a spread of 12,000: a table step of many slices
    counts = []
    while scene.table.pending is not None:
        counts.append(gc.get_freeze_count())
        d.step()
    # Frozen while the step is under way, not only after it: the collections its new piles
    # (named tuples, always tracked) set off would walk them again and again.
    assert len(counts) > 2 and counts[-1] > counts[0] + 1_000
