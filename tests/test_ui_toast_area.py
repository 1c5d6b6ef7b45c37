"""Issue 30: the toast at a game table keeps to the felt and the action bar under it: the
Ctrl+S "Saved to ..." toast ran over the log panel at 1,024 x 640. One too long for the felt's
width wraps to more lines there."""

from __future__ import annotations

import pygame
import pytest
from test_ui_banner_fit import three_seats
from uihelp import Driver


def toast_pixels(app) -> pygame.Rect:
    """The bounding box of the pixels the toast changes on the frame drawn under it."""
    app.scenes.draw(app.screen)
    under = app.screen.copy()
    app._draw_toast()
    w, h = app.screen.get_size()
    changed = [(x, y) for x in range(0, w, 2) for y in range(0, h, 2)
               if app.screen.get_at((x, y)) != under.get_at((x, y))]
    assert changed, "no toast drawn"
    xs, ys = [x for x, _ in changed], [y for _, y in changed]
    return pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)


@pytest.mark.parametrize("fixture", ["small_app", "app"])
def test_the_saved_toast_keeps_off_the_log_panel(request, fixture):
    app = request.getfixturevalue(fixture)
    scene = three_seats(app, "sabacc")
    Driver(app).key(pygame.K_s, mod=pygame.KMOD_CTRL)
    assert app.toast_text.startswith("Saved to ")
    drawn = toast_pixels(app)
    assert drawn.right <= scene.log_panel.rect.x and drawn.x >= scene.felt.x, (drawn, scene.log_panel.rect)


def test_a_toast_too_long_for_the_felt_wraps_within_it(small_app):
    scene = three_seats(small_app, "sabacc")
    small_app.toast("The table was saved, and this toast says a good deal more than one line of the felt holds")
    drawn = toast_pixels(small_app)
    line = small_app.fonts.size_of("Saved", small_app.px(18))[1]
    assert drawn.right <= scene.log_panel.rect.x and drawn.x >= scene.felt.x
    assert drawn.bottom <= small_app.screen.get_height() and drawn.height > 2 * line  # two lines or more
