"""Letting go of a big table over several frames (issue 17): ``dismantle`` empties a table a
slice at a time and the app runs such slices after each frame, within its share."""

from __future__ import annotations

import random
import weakref

import pygame
from test_ui_free_table import centre_of, only_pile, open_table, until_shown

from cardtable import variants
from cardtable.engine.table import Table, dismantle
from cardtable.ui import app as app_module


def test_dismantle_empties_a_table_a_step_or_a_chunk_at_a_time():
    deck = variants.load_deck_by_id("infinite")
    table = Table(deck, random.Random(1))
    (pid,) = table.piles
    table.flip(pid)
    table.spread(pid, "grid")
    table.gather(list(table.piles))
    table.undo()
    assert len(table.piles) == 12_000 and table.undo_stack and table.redo_stack
    sizes = []
    for _ in dismantle(table, chunk=1000):
        sizes.append((len(table.undo_stack) + len(table.redo_stack), len(table.piles)))
    assert not table.piles and not table.undo_stack and not table.redo_stack and not table.index._rects
    # never more than one step of history or a chunk of piles gone in one slice
    for (h0, p0), (h1, p1) in zip(sizes, sizes[1:]):
        assert h0 - h1 <= 1 and p0 - p1 <= 1000


def test_leaving_a_big_table_releases_it_after_the_frames_within_their_share(app, monkeypatch):
    d, scene = open_table(app, "infinite")
    d.move(centre_of(scene, only_pile(scene)))
    d.key(pygame.K_g)
    until_shown(d, scene)
    table = scene.table
    piles = table.piles
    gone = weakref.ref(scene)
    del scene
    slices: list[int] = []
    real = app_module.App._release_slices

    def counted(self):
        before = len(piles)
        real(self)
        slices.append(before - len(piles))
    monkeypatch.setattr(app_module.App, "_release_slices", counted)
    d.key(pygame.K_ESCAPE)
    assert gone() is None and len(piles) > 0  # the scene is gone at once, its table bit by bit
    for _ in range(200):
        if not piles and not app._releasing:
            break
        d.step()
    assert not piles and not table.undo_stack and not app._releasing
    assert len(slices) > 2


def test_a_menu_item_that_leaves_the_table_ends_its_handling_cleanly(app):
    d, scene = open_table(app, "infinite")
    left: list[bool] = []

    def leave() -> None:
        left.append(True)
        scene.back_to_menu()
    scene._popup([("Leave", "", leave)], (100, 100))
    item = scene.menu.item_rect(0).center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=item, button=1, mod=0))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=item, button=1, mod=0))
    d.step()
    assert left == [True] and app.scenes.top is not scene and scene.menu is None
