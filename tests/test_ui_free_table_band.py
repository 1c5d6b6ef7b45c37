"""The rubber band's release: around the Infinite Deck's 12,000 piles its query and outline
are done over frames (the last picture held, input meanwhile handled after, in order, the
selection, its outline and its toast shown together); a small band selects in its own frame."""

from __future__ import annotations

import pygame
from test_ui_free_table import centre_of, open_table, until_shown
from test_ui_free_table_selection import spread

from cardtable.ui.theme import THEME


def _band_events(scene, a, b):
    """Post a rubber band's press and motion from ``a`` to ``b`` (each a frame's), not its release."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=a, rel=(0, 0), buttons=(0, 0, 0)))
    scene.app.step(1 / 60)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1, mod=0))
    scene.app.step(1 / 60)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=b, rel=(b[0] - a[0], b[1] - a[1]),
                                         buttons=(1, 0, 0)))
    scene.app.step(1 / 60)
    assert scene.band is not None


def _around_all(scene):
    x, y, w, h = scene.table.bounds()
    a = scene.camera.to_screen(x - 4 / scene.camera.zoom, y - 4 / scene.camera.zoom)
    b = scene.camera.to_screen(x + w, y + h)
    return (int(a[0]), max(int(a[1]), scene.toolbar_height() + 2)), (int(b[0]) + 1, int(b[1]) + 1)


def test_a_band_around_12000_piles_is_sliced_and_input_meanwhile_is_handled_after_in_order(app):
    d, scene = open_table(app, "infinite")
    spread(d, scene)
    a, b = _around_all(scene)
    x0, y0 = scene.camera.to_world(*a)
    x1, y1 = scene.camera.to_world(*b)
    expected = scene.table.index.query((x0, y0, x1 - x0, y1 - y0))
    assert len(expected) == 12_000
    _band_events(scene, a, b)
    flips = scene.table.revision
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1, mod=0))
    d.step()
    assert scene.work.busy and scene.holding  # the release: a big step's work, the last picture held
    assert scene.selected == set() and app.toast_text != "12,000 piles selected"
    # Input meanwhile: F turns the selection over (the new one, once made), then a Ctrl+click
    # takes one pile out of it: both after the band, in that order.
    pid = next(iter(expected))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_f, mod=0, unicode="f", scancode=0))
    pygame.key.set_mods(pygame.KMOD_CTRL)
    try:
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre_of(scene, pid), button=1,
                                             mod=pygame.KMOD_CTRL))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=centre_of(scene, pid), button=1,
                                             mod=pygame.KMOD_CTRL))
        d.step()
        assert scene.table.revision == flips  # nothing handled yet
        frames = until_shown(d, scene)
        assert frames >= 1
        assert scene.selected == expected and app.toast_text == "12,000 piles selected"
        d.step()  # the waiting input: F (a big step of its own), then the Ctrl+click after it
        until_shown(d, scene)
        d.step()
    finally:
        pygame.key.set_mods(0)
    assert scene.table.undo_stack[-1].label == "flip" and len(scene.table.undo_stack[-1].after) == 12_000
    assert scene.selected == expected - {pid}
    # The outline shows as a fresh one draws it (one around the piles: too small to tell apart).
    d.step()
    outline = scene.view.outlines.group_outline(scene.view, scene.table, scene.camera, scene.selected)
    assert outline is not None
    for at in ((outline.x + 40, outline.y), (outline.x, outline.y + 40), (outline.right - 1, outline.y + 40)):
        assert app.screen.get_at(at)[:3] == THEME.focus


def test_the_outline_a_sliced_release_prepared_is_the_one_shown_not_drawn_again(app):
    d, scene = open_table(app, "infinite")
    spread(d, scene)
    a, b = _around_all(scene)
    _band_events(scene, a, b)
    outlines = scene.view.outlines
    drawn = outlines.redrawn
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1, mod=0))
    d.step()
    until_shown(d, scene)
    d.step()
    assert len(scene.selected) == 12_000
    assert outlines.redrawn == drawn + 1  # drawn once, in the held frames
    fresh = outlines.group_outline(scene.view, scene.table, scene.camera, scene.selected)
    assert outlines._group == fresh


def test_a_small_band_selects_in_its_own_frame(app):
    d, scene = open_table(app)
    spread(d, scene)
    a, b = _around_all(scene)
    _band_events(scene, a, b)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1, mod=0))
    d.step()
    assert not scene.work.busy and not scene.holding
    assert len(scene.selected) == 52 and app.toast_text == "52 piles selected"
