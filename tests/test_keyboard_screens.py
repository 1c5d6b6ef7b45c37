"""Every screen works by keys alone (the free table and the network screens have their own
tests: test_ui_free_table_keys.py, test_keyboard_network_screens.py), with a
focus ring drawn where the keyboard focus is, at every window size and UI scale the smoke
run checks (no mouse event is posted here)."""

from __future__ import annotations

import dataclasses

import pygame
import pytest
from uihelp import Driver

from cardtable.smoke import SCALES, SIZES
from cardtable.ui.app import App
from cardtable.ui.menu import MenuScene
from cardtable.ui.theme import THEME


def tab_to(d: Driver, label: str) -> None:
    """Tab until the top screen's control ``label`` has the focus."""
    widgets = d.app.scenes.top.widgets
    for _ in range(len(widgets.focusables()) + 1):
        if getattr(widgets.focused, "label", None) == label:
            return
        d.key(pygame.K_TAB)
    raise AssertionError(f"Tab never reached {label!r} on {type(d.app.scenes.top).__name__}")


def ring_drawn(app) -> bool:
    """True when the focus ring shows just outside the focused control."""
    rect = app.scenes.top.widgets.focused.rect
    return tuple(app.screen.get_at((rect.x - 1, rect.centery)))[:3] == THEME.focus


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("scale", SCALES)
def test_tab_draws_the_focus_ring_on_every_screen_at_every_size_and_scale(size, scale):
    from cardtable.ui.saves_scene import SavesScene
    from cardtable.ui.settings_scene import SettingsScene
    from cardtable.ui.stats_scene import StatsScene
    app = App(size=size)
    app.settings = dataclasses.replace(app.settings, ui_scale=scale)
    try:
        app.push(MenuScene(app))
        d = Driver(app)
        d.key(pygame.K_TAB)
        assert ring_drawn(app), "menu"
        for screen in (SettingsScene, StatsScene, SavesScene):
            app.push(screen(app))
            d.key(pygame.K_TAB)
            assert ring_drawn(app), screen.__name__
            d.key(pygame.K_ESCAPE)
            assert isinstance(app.scenes.top, MenuScene), screen.__name__
    finally:
        app.shutdown()


def test_the_screens_open_and_close_by_keys_alone(app):
    from cardtable.ui.help import HelpOverlay
    from cardtable.ui.saves_scene import SavesScene
    from cardtable.ui.settings_scene import SettingsScene
    from cardtable.ui.setup_scene import SetupScene
    from cardtable.ui.standings import MatchOverScene
    from cardtable.ui.stats_scene import StatsScene
    d = Driver(app)
    d.step()
    for label, screen in (("Settings", SettingsScene), ("Statistics", StatsScene), ("Resume", SavesScene)):
        tab_to(d, label)
        d.key(pygame.K_RETURN)
        assert isinstance(app.scenes.top, screen)
        d.key(pygame.K_ESCAPE)
        assert isinstance(app.scenes.top, MenuScene)
    d.key(pygame.K_F1)
    assert isinstance(app.scenes.top, HelpOverlay)
    d.key(pygame.K_DOWN)
    d.key(pygame.K_ESCAPE)
    menu = app.scenes.top
    assert isinstance(menu, MenuScene)
    while menu.current.spec is None or menu.current.spec.id != "five_card_draw":
        d.key(pygame.K_DOWN)
    d.key(pygame.K_RETURN)
    setup = app.scenes.top
    assert isinstance(setup, SetupScene)
    tab_to(d, "Seats")
    d.key(pygame.K_LEFT)  # one seat fewer
    count = setup.count
    level = next(w for w in setup.widgets.focusables() if getattr(w, "label", "").startswith("computer"))
    tab_to(d, level.label)
    d.key(pygame.K_RETURN)  # the seat's player changes; the focus stays on it
    assert setup.widgets.focused.label != level.label and setup.count == count
    assert isinstance(app.scenes.top, SetupScene)
    d.key(pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, MenuScene)
    d.key(pygame.K_RETURN)
    d.key(pygame.K_RETURN)  # Start: the table
    table = app.scenes.top
    d.key(pygame.K_ESCAPE)  # the standings: Keep playing has the focus, Tab reaches Leave table
    d.key(pygame.K_RETURN)
    assert app.scenes.top is table
    d.key(pygame.K_ESCAPE)
    tab_to(d, "Leave table")
    d.key(pygame.K_RETURN)
    assert isinstance(app.scenes.top, MenuScene) and table not in app.scenes.scenes
    d.key(pygame.K_RETURN)
    d.key(pygame.K_RETURN)
    app.scenes.top.show_final()
    d.step()
    assert isinstance(app.scenes.top, MatchOverScene)
    d.key(pygame.K_TAB)
    assert ring_drawn(app)
    d.key(pygame.K_ESCAPE)  # the menu
    assert isinstance(app.scenes.top, MenuScene)
