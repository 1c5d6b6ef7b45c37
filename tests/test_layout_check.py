"""The layout check (nothing off the window, nothing on top of something else, no text
wider than its widget) and the screens it passes at the sizes and scales people use."""

from __future__ import annotations

import dataclasses

import pygame
import pytest
from uihelp import Driver

from cardtable.ui.about_scene import AboutScene
from cardtable.ui.layout_check import check_scene, problems
from cardtable.ui.menu import MenuScene
from cardtable.ui.saves_scene import SavesScene
from cardtable.ui.settings_scene import SettingsScene
from cardtable.ui.stats_scene import StatsScene
from cardtable.ui.widgets import Button, WidgetGroup

SIZES = [(1024, 640), (1366, 768), (1920, 1080)]
SCALES = [1.0, 1.5]


def test_problems_name_the_screen_and_the_boxes():
    window = (800, 600)
    found = problems("Menu", [("Button Play", pygame.Rect(10, 10, 100, 40)),
                              ("Button Quit", pygame.Rect(90, 30, 100, 40)),
                              ("Panel", pygame.Rect(0, 0, 400, 300)),
                              ("Button Help", pygame.Rect(750, 580, 100, 40))], window)
    assert "Menu: Button Play overlaps Button Quit ((10, 10, 100, 40) and (90, 30, 100, 40))" in found
    assert any(p.startswith("Menu: Button Help leaves the 800x600 window") for p in found)
    assert not any("Panel overlaps" in p for p in found)  # a panel holding buttons whole is fine
    assert len(found) == 2  # Help overlaps nothing; the panel holds Play and Quit whole


def test_a_box_wholly_under_another_is_an_overlap_unless_the_outer_one_holds_it():
    window = (800, 600)
    log, button = pygame.Rect(500, 0, 300, 600), pygame.Rect(600, 500, 80, 40)
    found = problems("Table", [("log", log), ("bet:All-in", button)], window)
    assert found == ["Table: log overlaps bet:All-in ((500, 0, 300, 600) and (600, 500, 80, 40))"]
    plate, bag = pygame.Rect(10, 10, 200, 60), pygame.Rect(20, 40, 30, 20)
    assert problems("Table", [("plate:0", plate), ("bag:0", bag)], window) == []  # a seat's plate, its own bag
    assert len(problems("Table", [("plate:0", plate), ("bag:1", bag)], window)) == 1  # another seat's bag
    assert len(problems("Table", [("hand:3", plate), ("hand:4", plate.copy())], window)) == 1  # two seats' hands
    assert problems("Table", [("the bar [holds]", log), ("bet:All-in", button)], window) == []  # a marked container
    assert problems("Table", [("felt", pygame.Rect(0, 0, 500, 500)), ("die", bag)], window) == []


def test_a_label_wider_than_its_button_is_reported(app):
    button = Button((0, 0, 60, 30), app.fonts, "A label far too long for this", lambda: None)

    class Screen:
        def __init__(self):
            self.widgets = WidgetGroup([button])

    found = check_scene(Screen(), (800, 600))
    assert len(found) == 1 and "its text is" in found[0] and '"A label far too long for this"' in found[0]


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("scale", SCALES)
def test_the_screens_fit_every_window_and_scale(app, size, scale):
    app.settings = dataclasses.replace(app.settings, ui_scale=scale)
    app._resized(size)
    found = []
    for screen in (None, SettingsScene, SavesScene, StatsScene, AboutScene):
        if screen is not None:
            app.push(screen(app))
        app.step()
        found += check_scene(app.scenes.top, size)
        if screen is not None:
            app.scenes.pop()
    assert isinstance(app.scenes.top, MenuScene)
    assert found == []


def test_the_settings_screen_fits_where_its_right_column_used_to_leave_the_window(app):
    app.settings = dataclasses.replace(app.settings, ui_scale=1.5)
    app._resized((1024, 640))
    settings = app.push(SettingsScene(app))
    app.step()
    assert all(pygame.Rect(0, 0, 1024, 640).contains(w.rect) for w in settings.widgets.widgets)


def test_clicking_plus_twice_on_the_ui_scale_steps_twice_and_toggles_nothing_else(app):
    d = Driver(app)
    settings = app.push(SettingsScene(app))
    app.step()
    before = app.settings
    _, plus = settings.scale_stepper._buttons()
    point = plus.center
    d.click(point)
    d.step()  # the relayout happens after the frame that changed the scale
    d.click(point)
    d.step()
    after = app.settings
    assert after.ui_scale == before.ui_scale + 0.5
    assert (after.sound, after.hover_magnify, after.show_frame_time) == \
        (before.sound, before.hover_magnify, before.show_frame_time)


def test_the_menu_list_scrolls_to_the_entry_chosen_with_the_keys(app):
    app.settings = dataclasses.replace(app.settings, ui_scale=1.5)
    app._resized((1024, 640))
    d = Driver(app)
    menu = app.scenes.top
    assert isinstance(menu, MenuScene)
    menu.select(0)
    count = len(menu.entries)
    assert len(menu.rows) < count, "the window should be too small for every row"
    for _ in range(count - 1):
        d.key(pygame.K_DOWN)
    assert menu.selected == count - 1
    shown = [i for i, _ in menu.rows]
    assert shown[-1] == count - 1  # the last entry scrolled into view
    d.click(menu.rows[0][1].center)  # a click on a shown row selects that entry
    assert menu.selected == shown[0]
    assert check_scene(menu, (1024, 640)) == []


def test_the_smoke_run_fails_naming_the_screen_and_the_two_boxes(monkeypatch, capsys):
    from cardtable import smoke

    monkeypatch.setattr(smoke, "SIZES", ((1024, 640),))
    monkeypatch.setattr(smoke, "SCALES", (1.5,))
    monkeypatch.setattr(MenuScene, "layout_boxes", lambda self: [("Button Play", pygame.Rect(10, 10, 100, 40)),
                                                                  ("row Ipso", pygame.Rect(50, 20, 100, 40))])
    assert smoke.run_smoke() == 1
    err = capsys.readouterr().err
    assert "1024x640 scale 1.5: MenuScene: Button Play overlaps row Ipso" in err
    assert "layout problems" in err
