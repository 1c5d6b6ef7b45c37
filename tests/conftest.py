"""Shared test set-up: headless SDL, and user folders kept out of the real home."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# The strong computer level makes a fixed few rollouts a decision in tests: fast, and the
# same decision for the same seat copy (tests/test_strong_bot.py checks the clock's budget).
os.environ.setdefault("CARDTABLE_STRONG_ROLLOUTS", "6")

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _cardtable_home(tmp_path_factory, monkeypatch):
    """Every test gets its own CARDTABLE_HOME (settings, saves, user variants)."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("CARDTABLE_HOME", str(home))
    from cardtable.ui.text import take_cuts
    take_cuts()  # a text another test's screen cut is not this test's (the layout check reads them)
    return home


@pytest.fixture(autouse=True)
def _scale_one_way(monkeypatch):
    """The window's big scales go in two halves in every test: the app chooses the way by
    timing them (``parallel_scale.SplitChoice``), and the two ways' pictures may differ by a
    row. The choice itself is tested in tests/test_parallel_scale.py."""
    from cardtable.ui import parallel_scale
    monkeypatch.setattr(parallel_scale, "CHOICE", parallel_scale.SplitChoice(fixed=True))


@pytest.fixture
def user_folder(_cardtable_home):
    """The user's variants folder, empty; the registry found anew when the test is done."""
    from cardtable import games
    folder = _cardtable_home / "data" / "variants"
    folder.mkdir(parents=True)
    games.registry.cache_clear()
    yield folder
    games.registry.cache_clear()


@pytest.fixture
def app():
    """The real app in a 1280x800 window with the menu open (headless)."""
    from cardtable.ui.app import App
    from cardtable.ui.menu import MenuScene

    app = App(size=(1280, 800))
    app.push(MenuScene(app))
    yield app
    app.shutdown()


@pytest.fixture
def small_app():
    """The app at 1,024 x 640 with UI scale 1.5 asked for and the menu open: the smallest common
    window at the larger scale (the table takes what room allows, about 1.07)."""
    import dataclasses

    from cardtable.ui.app import App
    from cardtable.ui.menu import MenuScene

    app = App(size=(1024, 640))
    app.settings = dataclasses.replace(app.settings, ui_scale=1.5)
    app.push(MenuScene(app))
    yield app
    app.shutdown()


@pytest.fixture
def tight_app():
    """The app in the smallest window it allows (800 x 560), UI scale 1.5 asked for (it gives
    way to 1.0 there), the menu open: where eight seats take compact plates."""
    import dataclasses

    from cardtable.ui.app import MIN_SIZE, App
    from cardtable.ui.menu import MenuScene

    app = App(size=MIN_SIZE)
    app.settings = dataclasses.replace(app.settings, ui_scale=1.5)
    app.push(MenuScene(app))
    yield app
    app.shutdown()


@pytest.fixture
def spread_table():
    """The 12,000-card Infinite Deck face up and spread as a grid, in a 960x600 display."""
    import random

    import pygame

    from cardtable import variants
    from cardtable.engine.table import Table

    pygame.init()
    pygame.display.set_mode((960, 600))
    table = Table(variants.load_deck_by_id("infinite"), random.Random(3))
    (pid,) = table.piles
    table.flip(pid)
    table.spread(pid, "grid")
    yield table
    pygame.quit()



def in_display(size: tuple[int, int], make):
    """For a fixture to ``yield from``: start pygame with a (headless) display of ``size``,
    yield what ``make()`` returns, and quit pygame once the test is done with it."""
    import pygame

    pygame.init()
    pygame.display.set_mode(size)
    yield make()
    pygame.quit()


@pytest.fixture
def small_table():
    """A table of the standard 52-card deck (seed 1) in a 640x400 display."""
    import random

    from cardtable import variants
    from cardtable.engine.table import Table

    yield from in_display((640, 400), lambda: Table(variants.load_deck_by_id("standard52"), random.Random(1)))


@pytest.fixture(scope="module")
def display_infinite():
    """The 12,000-card Infinite Deck loaded once a module, in an 800x600 display."""
    from cardtable import variants

    yield from in_display((800, 600), lambda: variants.load_deck_by_id("infinite"))
