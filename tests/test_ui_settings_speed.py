"""The settings screen's "Computer speed" stepper: the saved speed every table's computers wait by."""

from __future__ import annotations

from uihelp import Driver

from cardtable.settings import load_settings
from cardtable.ui.settings_scene import SettingsScene


def test_the_computer_speed_stepper_steps_through_the_speeds_and_saves_them(app):
    d = Driver(app)
    settings = app.push(SettingsScene(app))
    app.step()
    assert settings.speed_stepper.label == "Computer speed" and settings.speed_stepper.value == 1.0
    minus, plus = settings.speed_stepper._buttons()
    seen = []
    for _ in range(3):
        d.click(plus.center)
        seen.append(app.settings.bot_speed)
    assert seen == [2.0, 4.0, 4.0]
    assert load_settings(app.settings_path)[0].bot_speed == 4.0
    for _ in range(3):
        d.click(minus.center)
    assert app.settings.bot_speed == 0.5
    assert load_settings(app.settings_path)[0].bot_speed == 0.5
