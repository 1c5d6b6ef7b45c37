"""Issue 30: what a newcomer's keys make on the free table lands where they can see it. G
and C put the cards below the view and behind the hand bar; N on the empty felt spread a
pile nobody could see; the pile menu's "Players: 3" read as a status; "12000" had no
thousands separator. Driven with posted events at 1,280 x 800 and at the tightest window
(1,024 x 640, UI scale 1.5)."""

from __future__ import annotations

import pygame
import pytest
from test_ui_free_table import centre_of, only_pile, open_table, until_shown
from uihelp import rendered_texts

from cardtable.engine.table import CARD_H, CARD_W


def seen_felt(scene) -> pygame.Rect:
    """The felt a person sees: below the tool bar, above the hand bar (while anyone holds a
    hand), inside the window."""
    w, h = scene.app.screen.get_size()
    bar = scene.hand_bar()
    top = scene.toolbar_height()
    return pygame.Rect(0, top, w, (bar.rect.top if bar is not None else h) - top)


def on_screen(scene, pid) -> pygame.Rect:
    pile = scene.table.piles[pid]
    x0, y0 = scene.camera.to_screen(pile.x, pile.y)
    x1, y1 = scene.camera.to_screen(pile.x + CARD_W, pile.y + CARD_H)
    return pygame.Rect(int(x0), int(y0), int(x1 - x0), int(y1 - y0))


def felt_piles(scene) -> list[int]:
    return [p for p in scene.table.piles if p not in scene.table.hands]


def hands_dealt(app):
    """The standard deck's table with five cards dealt to each of two hands (H): the hand
    bar shows along the bottom."""
    d, scene = open_table(app)
    pid = only_pile(scene)
    d.move(centre_of(scene, pid))
    d.key(pygame.K_h)
    assert scene.hand_bar() is not None
    return d, scene, pid


@pytest.mark.parametrize("fixture", ["app", "small_app"])
@pytest.mark.parametrize("key", [pygame.K_g, pygame.K_n])
def test_g_and_n_spread_the_pile_where_it_shows_clear_of_the_hand_bar(request, fixture, key):
    app = request.getfixturevalue(fixture)
    d, scene, pid = hands_dealt(app)
    d.move(centre_of(scene, pid))
    d.key(key)
    until_shown(d, scene)
    piles = felt_piles(scene)
    assert len(piles) == 42
    felt = seen_felt(scene)
    hidden = [p for p in piles if not felt.contains(on_screen(scene, p))]
    assert not hidden, f"{len(hidden)} of 42 cards out of view or behind the hand bar"
    # and still big enough to read (a card's count badge and grip show from 40 px)
    assert on_screen(scene, piles[0]).w >= app.px(40)


def test_c_gathers_under_the_pointer_not_behind_the_hand_bar(app):
    d, scene, pid = hands_dealt(app)
    d.move(centre_of(scene, pid))
    d.key(pygame.K_g)
    first = scene.current  # the spread's first card: the pile last touched
    bar = scene.hand_bar()
    while on_screen(scene, first).top < bar.rect.bottom:  # the view panned until it is behind the bar
        d.key(pygame.K_UP)
    spot = (scene.app.screen.get_width() // 2, scene.toolbar_height() + 40)
    assert scene.pile_under(spot) is None  # the pointer on the empty felt
    d.move(spot)
    d.key(pygame.K_c)
    (gathered,) = felt_piles(scene)
    rect = on_screen(scene, gathered)
    assert seen_felt(scene).contains(rect) and rect.collidepoint(spot)
    assert app.toast_text == "Gathered 42 cards"


def test_c_on_a_pile_half_behind_the_hand_bar_gathers_it_in_view(app):
    d, scene, pid = hands_dealt(app)
    bar = scene.hand_bar()
    while on_screen(scene, pid).bottom < bar.rect.top + on_screen(scene, pid).h // 3:
        d.key(pygame.K_UP)  # the felt moves down under the bar: the pile's foot goes behind it
    d.move((on_screen(scene, pid).centerx, bar.rect.top - 10))
    assert scene.pile_under(scene.mouse) == pid
    d.key(pygame.K_d)  # a row of five off it, so that C has piles to gather
    d.move((on_screen(scene, pid).centerx, bar.rect.top - 10))
    d.key(pygame.K_c)
    (gathered,) = felt_piles(scene)
    assert seen_felt(scene).contains(on_screen(scene, gathered))


def test_n_with_no_pile_in_view_spreads_nothing_and_says_why(app):
    d, scene = open_table(app)
    pid = only_pile(scene)
    while on_screen(scene, pid).right > 0:
        d.key(pygame.K_RIGHT)  # the view pans right: the pile goes off the left edge
    d.move((640, 400))
    d.key(pygame.K_n)
    assert list(scene.table.piles) == [pid] and len(scene.table.piles[pid].cards) == 52
    assert app.toast_text == "No pile in view to spread: Home brings every card into view"


def test_n_with_a_pile_in_view_but_not_under_the_pointer_spreads_the_one_in_view(app):
    d, scene = open_table(app)
    pid = only_pile(scene)
    d.move((on_screen(scene, pid).right + 150, 400))  # the empty felt beside the only pile
    assert scene.pile_under(scene.mouse) is None
    d.key(pygame.K_n)
    assert len(scene.table.piles) == 52
    assert all(seen_felt(scene).contains(on_screen(scene, p)) for p in scene.table.piles)


def test_a_key_does_not_act_on_the_pile_last_touched_once_it_is_out_of_view(app):
    d, scene = open_table(app)
    pid = only_pile(scene)
    d.move(centre_of(scene, pid))
    d.key(pygame.K_d)  # five cards dealt: six piles, the deck the one last touched
    assert scene.current == pid and len(scene.table.piles) == 6
    while any(seen_felt(scene).colliderect(on_screen(scene, p)) for p in scene.table.piles):
        d.key(pygame.K_DOWN)  # the felt moves up: every pile goes behind the tool bar and off the top
    d.move((640, 400))
    d.key(pygame.K_s)
    assert app.toast_text.startswith("No pile in view to shuffle")


def test_the_pile_menu_offers_setting_the_players_as_an_action(app):
    d, scene = open_table(app)
    pid = only_pile(scene)
    d.click(centre_of(scene, pid), button=3)
    labels = [item[0] for item in scene.menu.items]
    assert not any(label.startswith("Players:") for label in labels)  # a status, not an action
    assert "Set players… (2)" in labels
    d.click(scene.menu.item_rect(labels.index("Set players… (2)")).center)
    counts = [item[0] for item in scene.menu.items]
    assert counts[:3] == ["1 player", "• 2 players", "3 players"] and counts[-1] == "8 players"
    d.click(scene.menu.item_rect(counts.index("1 player")).center)
    assert scene.players == 1 and app.toast_text == "1 player: H deals to 1 player"


def test_the_count_of_a_pile_of_12000_cards_is_written_12_000(app, monkeypatch):
    d, scene = open_table(app, "infinite")
    drawn = rendered_texts(app, monkeypatch)
    d.move(centre_of(scene, only_pile(scene)))  # the status line says "pile of 12,000" too
    d.step()
    assert "12,000" in drawn and not any("12000" in text for text in drawn)
