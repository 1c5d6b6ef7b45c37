"""Wording at the tables: counts agree with their nouns, thousands have a separator, a
range of one amount is one number, and the betting bar fits a 1,024 px window."""

from __future__ import annotations

import pygame
from test_bet_bar import bar, labels, options

from cardtable.games.ipso.betting import IpsoBetOptions
from cardtable.games.ipso.ui.bet_bar import IpsoBetBar, span
from cardtable.ui.table_parts import plural


def rendered(app, draw) -> list[str]:
    """Every text the app's fonts render while ``draw()`` runs."""
    drawn: list[str] = []
    render = app.fonts.render
    app.fonts.render = lambda text, *a, **k: drawn.append(text) or render(text, *a, **k)
    try:
        draw()
    finally:
        app.fonts.render = render
    return drawn


def test_counts_agree_and_thousands_are_separated():
    assert plural(1, "chip") == "1 chip" and plural(2, "chip") == "2 chips"
    assert plural(12000, "chip") == "12,000 chips" and plural(1, "pile") == "1 pile"


def test_the_betting_bar_writes_big_stakes_with_separators(app):
    b, _ = bar(app, options(call_amount=1500, min_raise_to=3000, max_raise_to=12000, all_in_to=12000))
    assert labels(b) == ["Fold", "Call 1,500", "Raise to 3,000", "All-in 12,000"]


def test_the_bar_keeps_all_in_on_a_narrow_window(app):
    sent: list = []
    from cardtable.ui.bet_bar import BetBar
    narrow = BetBar(app, pygame.Rect(10, 500, 640, 130), options(), sent.append)
    assert all(w.rect.right <= 650 for w in narrow.widgets.widgets)
    assert narrow.slider is not None and narrow.slider.right <= 650


def test_ipso_says_one_amount_once(app):
    assert span(10, 10) == "10" and span(5, 10) == "5–10"
    opts = IpsoBetOptions(seat=0, can_fold=True, can_stake=False, can_cover=True, cover_amount=10,
                          can_raise=True, min_amount=10, max_amount=10)
    ipso = IpsoBetBar(app, pygame.Rect(10, 500, 1000, 130), opts, lambda action: None)
    drawn = rendered(app, lambda: ipso.draw(app.screen))
    assert any("raise to 10" in text and "10-10" not in text and "10–10" not in text for text in drawn), drawn


def test_sabacc_standings_count_credits(app):
    from uihelp import start_two_people_and_a_computer

    from cardtable.games.sabacc.ui.table import SabaccTableScene
    from cardtable.ui.pass_screen import PassScreen
    from cardtable.ui.standings import StandingsOverlay

    d, scene = start_two_people_and_a_computer(app, "sabacc", SabaccTableScene, chips=5000)
    while isinstance(app.scenes.top, PassScreen):
        d.key(pygame.K_RETURN)
    drawn = rendered(app, lambda: d.key(pygame.K_ESCAPE))
    assert isinstance(app.scenes.top, StandingsOverlay)
    assert "5,000 credits" in drawn and "5,000 chips" not in drawn


def test_sabacc_court_cards_carry_their_value(app):
    from test_ui_table_keys import open_table

    scene = open_table(app, "sabacc")
    deck = scene.deck
    mistress = next(c.index for c in deck if c.rank == "Mi")
    drawn = rendered(app, lambda: scene.value_badge(app.screen, mistress, pygame.Rect(100, 100, 30, 42)))
    assert drawn == [str(deck[mistress].value)] and deck[mistress].value == 13
