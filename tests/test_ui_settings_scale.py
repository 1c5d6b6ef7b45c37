"""Issue 30: the settings screen's UI scale control sat alone in the window's top-right
corner, its "1.00×" touching its buttons; it now stands in the column of the other
controls, its value with room either side, and a new scale still steps twice under a
pointer that stays put (the screen is laid out again once the pointer leaves). A default
player name is selected when its field is clicked, as on the setup screen."""

from __future__ import annotations

import dataclasses

import pygame
import pytest
from uihelp import Driver

from cardtable.ui.menu import MenuScene
from cardtable.ui.scene import fitted_scale
from cardtable.ui.settings_scene import SettingsScene
from cardtable.ui.widgets import TextInput


def open_settings(app) -> tuple[Driver, SettingsScene]:
    d = Driver(app)
    d.press("Settings")
    scene = app.scenes.top
    assert isinstance(scene, SettingsScene)
    return d, scene


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_the_ui_scale_stands_in_the_column_of_the_other_controls(app, size, scale):
    app.settings = dataclasses.replace(app.settings, ui_scale=scale)
    app._resized(size)
    _, scene = open_settings(app)
    ui, speed = scene.scale_stepper, scene.speed_stepper
    # in the column under "Computer speed", as wide, the next row down
    assert (ui.rect.x, ui.rect.w) == (speed.rect.x, speed.rect.w)
    assert 0 < ui.rect.top - speed.rect.bottom < ui.rect.h
    assert pygame.Rect(0, 0, *size).contains(ui.rect)


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_every_ui_scale_value_has_room_either_side_before_the_buttons(app, scale):
    app.settings = dataclasses.replace(app.settings, ui_scale=scale)
    app._resized((1024, 640))
    _, scene = open_settings(app)
    ui = scene.scale_stepper
    minus, plus = ui._buttons()
    room = plus.x - minus.right
    for value in (0.75, 1.0, 1.25, 2.0):
        text = app.fonts.size_of(ui.fmt.format(value), ui.size, True)[0]
        assert text + 2 * round(6 * scene.k) <= room, (value, text, room)


def test_a_new_scale_lays_the_screen_out_again_once_the_pointer_leaves_the_stepper(app):
    d, scene = open_settings(app)
    plus = scene.scale_stepper._buttons()[1]
    back = d.button("◀ Back").rect.copy()
    d.click(plus.center)
    d.step()
    assert app.settings.ui_scale == 1.25
    assert scene.scale_stepper._buttons()[1] == plus  # still under the pointer for the next click
    d.move((plus.centerx, plus.bottom + 200))
    assert d.button("◀ Back").rect != back  # laid out at 1.25
    assert scene.k == pytest.approx(fitted_scale(app, SettingsScene._WIDE))


def test_escape_right_after_a_click_on_plus_lays_the_menu_out_at_the_new_scale(app):
    d, scene = open_settings(app)
    d.click(scene.scale_stepper._buttons()[1].center)
    d.key(pygame.K_ESCAPE)
    menu = app.scenes.top
    assert isinstance(menu, MenuScene)
    assert menu.k == pytest.approx(fitted_scale(app, MenuScene._NEED))


def test_the_arrow_keys_on_the_focused_stepper_lay_out_again_at_once(app):
    d, scene = open_settings(app)
    scene.widgets.focus(scene.scale_stepper)
    d.move((5, 5))
    d.key(pygame.K_RIGHT)
    d.step()
    assert app.settings.ui_scale == 1.25 and scene.k == pytest.approx(fitted_scale(app, SettingsScene._WIDE))


def test_clicking_a_default_player_name_selects_it_so_typing_replaces_it(app):
    d, scene = open_settings(app)
    field = [w for w in scene.widgets.widgets if isinstance(w, TextInput)][1]
    d.click(field.rect.center)
    assert field.all_selected
    d.type("Bo")
    assert field.text == "Bo" and app.settings.player_names[1] == "Bo"
