"""The app shell through events: menu, settings, help, full screen, window size, smoke."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pygame
import pytest
from uihelp import Driver

from cardtable import paths
from cardtable.settings import load_settings
from cardtable.ui.app import App
from cardtable.ui.help import HelpOverlay
from cardtable.ui.menu import MenuScene
from cardtable.ui.settings_scene import SettingsScene


@pytest.fixture
def app():
    app = App(size=(1280, 800))
    app.push(MenuScene(app))
    Driver(app).step()
    yield app
    app.shutdown()


def test_menu_lists_bundled_variants_and_shows_a_broken_user_file(tmp_path):
    user = paths.user_variants_dir()
    user.mkdir(parents=True)
    (user / "bad.yaml").write_text("schema_version: 1\nvariant: {id: x, name: X, game: chess, decks: [ivali]}\n",
                                   encoding="utf-8")
    app = App(size=(1280, 800))
    menu = app.push(MenuScene(app))
    d = Driver(app)
    d.step()
    titles = [e.title for e in menu.entries]
    assert "Free table" in titles and "bad.yaml" in titles
    bad = next(e for e in menu.entries if e.title == "bad.yaml")
    assert "bad.yaml:2:" in bad.error and "variant/game" in bad.error
    menu.selected = menu.entries.index(bad)
    menu._refresh()
    assert not d.button("Play").enabled
    d.press("Play")
    assert app.scenes.top is menu
    app.shutdown()


def test_arrow_keys_move_the_highlight_and_f1_opens_the_rules(app):
    d = Driver(app)
    menu = app.scenes.top
    d.key(pygame.K_DOWN)
    assert menu.selected == (1 % len(menu.entries))
    d.key(pygame.K_F1)
    assert isinstance(app.scenes.top, HelpOverlay)
    d.key(pygame.K_ESCAPE)
    assert app.scenes.top is menu


def test_settings_change_and_are_saved_at_once(app):
    d = Driver(app)
    d.press("Settings")
    assert isinstance(app.scenes.top, SettingsScene)
    scene = app.scenes.top
    name_field = next(w for w in scene.widgets.widgets if getattr(w, "placeholder", "") == "Player 1")
    d.click(name_field.rect.center)
    for _ in range(len("Player 1")):
        d.key(pygame.K_BACKSPACE)
    d.type("Ada")
    toggle = next(w for w in scene.widgets.widgets if getattr(w, "label", "") == "Hover magnify (Alt)")
    d.click(toggle.rect.center)
    saved, warnings = load_settings()
    assert saved.player_names[0] == "Ada" and saved.hover_magnify is False and warnings == []
    d.key(pygame.K_ESCAPE)  # leaves the field first? Esc closes the screen
    assert isinstance(app.scenes.top, MenuScene)


def test_ui_scale_relays_out_every_scene(app):
    d = Driver(app)
    d.press("Settings")
    scene = app.scenes.top
    stepper = next(w for w in scene.widgets.widgets if getattr(w, "label", "") == "UI scale")
    plus = stepper._buttons()[1]
    back_before = d.button("◀ Back").rect.height
    d.click(plus.center)
    d.step()
    assert app.settings.ui_scale == 1.25
    assert load_settings()[0].ui_scale == 1.25
    d.move((5, 5))  # (laid out again once the pointer leaves the stepper: see test_layout_check)
    # laid out again at the new scale (shrunk only as far as the window needs)
    assert back_before < d.button("◀ Back").rect.height <= app.px(46)


def test_f11_toggles_full_screen_and_it_is_remembered(app):
    d = Driver(app)
    d.key(pygame.K_F11)
    assert app.settings.fullscreen and load_settings()[0].fullscreen
    d.key(pygame.K_F11)
    assert not app.settings.fullscreen


def test_the_window_size_is_remembered(app, monkeypatch):
    d = Driver(app)
    before = load_settings()[0].window_size
    for w in (900, 950, 1000):  # dragging the window's edge
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=w, h=700, size=(w, 700)))
        d.step()
    assert app.settings.window_size == (1000, 700)
    assert load_settings()[0].window_size == before  # not written on every event...
    clock = time.monotonic() + 1.5
    monkeypatch.setattr(time, "monotonic", lambda: clock)
    d.step()
    assert load_settings()[0].window_size == (1000, 700)  # ...but once the window is still
    again = App()
    assert again.screen.get_size() == (1000, 700)


def test_a_corrupt_settings_file_is_reported_and_replaced(tmp_path):
    path = paths.settings_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"\x00{not json")
    app = App(size=(1280, 800))
    app.push(MenuScene(app))
    Driver(app).step()
    assert app.warnings and "corrupt" in app.warnings[0]
    assert app.toast_text == app.warnings[0]
    app.shutdown()


def test_smoke_flag_exits_zero():
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    out = subprocess.run([sys.executable, "-m", "cardtable", "--smoke"], capture_output=True, text=True,
                         env=env, timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "smoke: ok" in out.stdout


def test_wrapping_cuts_a_long_path_so_an_error_fits_its_panel():
    import doctest

    from cardtable.ui import text as text_module
    from cardtable.ui.text import wrap, wrap_font

    assert doctest.testmod(text_module).failed == 0
    path = "/home/someone/.local/share/cardtable/variants/my_broken_variant.yaml:8:10: seats"
    lines = wrap(path, 20, len)
    assert "".join(lines).replace(" ", "") == path.replace(" ", "")  # nothing lost
    assert all(len(line) <= 20 for line in lines)
    pygame.font.init()
    font = pygame.font.Font(None, 16)
    assert wrap_font(path, 120, font) is wrap_font(path, 120, font)  # remembered, not redone


@pytest.mark.parametrize("size", [(960, 600), (1280, 800)])
def test_every_variants_keys_fit_the_help_panel(size):
    from cardtable.ui.app import App
    from cardtable.ui.help import HelpOverlay
    from cardtable.ui.menu import MenuScene

    app = App(size=size)
    app.push(MenuScene(app))
    try:
        specs = [e.spec for e in app.variant_entries if e.spec]
        assert len(specs) >= 6
        for spec in specs:
            overlay = app.push(HelpOverlay(app, spec))
            app.step()
            assert overlay.keys_box is not None
            assert overlay.keys_bottom <= overlay.keys_box.bottom, spec.id
            app.scenes.pop()
    finally:
        app.shutdown()


def test_setup_offers_every_computer_level_and_starts_at_the_variants_bot_level(app):
    """The variant's bot_level is the computer seats' level when setup opens, and each
    level the game declares (random included) is one click away."""
    import dataclasses

    from cardtable.ui.setup_scene import SetupScene
    spec = next(e.spec for e in app.variant_entries if e.spec and e.spec.game == "ipso")
    spec = dataclasses.replace(spec, settings={**spec.settings, "bot_level": "random"})
    setup = SetupScene(app, spec, lambda seats, chips: None)
    assert [s.bot for s in setup.seats()][1:] == ["random"] * (setup.count - 1)
    from cardtable import games
    levels = games.get("ipso").bot_levels
    assert {"random", "normal"} <= set(levels)
    seen = set()
    for _ in range(len(levels) + 1):
        seen.add(setup.seats()[1].bot)
        setup._kind(1)
    assert seen == {None, *levels}
