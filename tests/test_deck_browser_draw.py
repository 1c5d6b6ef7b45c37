"""The deck browser's drawing reuses the last frame's rows: a scrolled picture is the one a
fresh draw makes, and a scroll paints only the rows that came into view."""

from __future__ import annotations

import pygame
import pytest
from uihelp import Driver, variant_spec

from cardtable import variants
from cardtable.games.free_table.ui.table import FreeTableScene
from cardtable.ui.deck_browser import DeckBrowser


def open_browser(app, **kwargs):
    scene = app.push(FreeTableScene(app, variant_spec(app, "free_table"), deck_id="standard52", seed=2))
    deck = variants.load_deck_by_id("infinite")
    browser = app.push(DeckBrowser(app, deck, scene.view.cache, **kwargs))
    d = Driver(app)
    d.step(2)
    return d, browser


def list_pixels(app, browser) -> bytes:
    return pygame.image.tobytes(app.screen.subsurface(browser.list_rect()), "RGB")


def fresh_pixels(d, app, browser) -> bytes:
    """The list as a browser drawing it from nothing draws it."""
    browser._rows = None
    browser._chrome = None
    d.step()
    return list_pixels(app, browser)


@pytest.mark.parametrize("moves", [(-1, -1, -2, 1), (-3, 2, -1), (-50, 49)])
def test_scrolling_reuses_the_rows_and_matches_a_fresh_draw(app, moves):
    d, browser = open_browser(app, on_find=lambda card: None)
    centre = browser.list_rect().center
    for notches in moves:
        d.wheel(notches, centre)
    scrolled = list_pixels(app, browser)
    assert browser.scroll > 0
    assert scrolled == fresh_pixels(d, app, browser)


def test_a_scroll_of_a_notch_paints_only_the_rows_that_came_into_view(app):
    d, browser = open_browser(app, on_find=lambda card: None)
    centre = browser.list_rect().center
    painted = browser.rows_painted
    d.step(3)
    assert browser.rows_painted == painted  # a still list paints nothing
    d.wheel(-1, centre)  # three rows down
    assert 0 < browser.rows_painted - painted <= 5
    assert browser.rows_drawn >= browser.list_rect().height // browser.row_height()


def test_the_cursor_and_choices_repaint_their_rows(app):
    chosen = []
    d, browser = open_browser(app, on_pick=chosen.extend, pick_limit=3)
    centre = browser.list_rect().center
    for key in (pygame.K_DOWN, pygame.K_RETURN, pygame.K_DOWN, pygame.K_DOWN, pygame.K_RETURN):
        d.key(key)
    d.wheel(-1, centre)
    d.key(pygame.K_PAGEDOWN)
    d.key(pygame.K_RETURN)
    assert len(browser.chosen) == 3
    assert list_pixels(app, browser) == fresh_pixels(d, app, browser)


def test_a_new_search_draws_its_own_rows(app):
    d, browser = open_browser(app, on_find=lambda card: None)
    d.wheel(-4, browser.list_rect().center)
    d.type("drag")
    assert browser.scroll == 0 and all(c.rank == "Dragon" for c in browser.results)
    assert list_pixels(app, browser) == fresh_pixels(d, app, browser)
    d.type("zzzz")
    assert not browser.results
    assert list_pixels(app, browser) == fresh_pixels(d, app, browser)


def test_a_status_that_changes_repaints_its_row(app):
    down: set[int] = set()
    d, browser = open_browser(app, on_find=lambda card: None,
                              status=lambda card: "face down" if card.index in down else "")
    before = list_pixels(app, browser)
    down.add(browser.results[1].index)
    d.step()
    after = list_pixels(app, browser)
    assert after != before
    assert after == fresh_pixels(d, app, browser)
