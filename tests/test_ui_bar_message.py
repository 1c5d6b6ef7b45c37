"""The action bar's message wraps inside the bar and stops short of its buttons: a long
showdown line ("… Enter: next hand.") used to run past the bar's right edge."""

from __future__ import annotations

import pytest
from uihelp import start_two_people_and_a_computer

from cardtable.games.sabacc.ui.table import SabaccTableScene
from cardtable.ui.layout_check import check_scene

LONG = ("Dee wins the hand pot (400): Pure Sabacc beats +19. Sabacc! Dee takes the sabacc pot (4,000). "
        "Enter: next hand.")


@pytest.mark.parametrize("size", [(1024, 640), (1366, 768)])
def test_a_long_bar_message_stays_inside_the_bar_and_clear_of_the_buttons(app, size, monkeypatch):
    app._resized(size)
    d, scene = start_two_people_and_a_computer(app, "sabacc", SabaccTableScene)
    monkeypatch.setattr(scene, "bet_bar", None)
    monkeypatch.setattr(type(scene), "bar_text", lambda self, view: LONG * 2)
    app.step()
    while app.scenes.top is not scene:
        app.scenes.pop()
    app.step()
    boxes = dict(scene.layout_boxes())
    message = boxes["the bar's message"]
    assert scene.bar_rect.contains(message)
    assert not any(w.visible and w.rect.colliderect(message) for w in scene.widgets.widgets)
    assert check_scene(scene, size) == []
