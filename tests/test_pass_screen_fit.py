"""Issue 30: the pass screen's button had its words touching its edges ("I am Player 2: show
my cards" at UI scale 1.5), and a long name ran the words past the button and the title past
the window. The button now leaves room either side of its words; long titles are set smaller."""

from __future__ import annotations

import pygame
import pytest
from uihelp import Driver

from cardtable.ui.pass_screen import PassScreen
from cardtable.ui.theme import THEME


@pytest.mark.parametrize("fixture", ["small_app", "app"])
@pytest.mark.parametrize("name", ["Player 2", "Wilhelmina Grossmann"])  # (20 letters: the most a name takes)
def test_the_ready_button_has_room_around_its_words_and_nothing_leaves_the_window(request, fixture, name):
    app = request.getfixturevalue(fixture)
    screen = app.push(PassScreen(app, name, lambda: None))
    Driver(app).step()
    (button,) = screen.widgets.widgets
    words = app.fonts.size_of(button.label, button.size, True)[0]  # (a primary button's words are bold)
    assert words + 2 * app.px(16) <= button.rect.width, (words, button.rect)
    w, h = app.screen.get_size()
    assert pygame.Rect(0, 0, w, h).contains(button.rect)
    edges = [app.screen.get_at((x, y))[:3] for x in (0, 1, 2, w - 3, w - 2, w - 1) for y in range(0, h, 4)]
    assert set(edges) == {THEME.backdrop}  # no title or note runs off the window's sides
