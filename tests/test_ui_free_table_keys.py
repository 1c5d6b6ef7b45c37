"""The free table by keyboard alone: a focus moved by Tab and Ctrl+arrows over the piles, the
hand and the tool bar, drawn as a ring at every UI scale and zoom, spoken (a face-down card as
face down), followed by the view; the keys act on it; Enter picks up and puts down. Only key
events are posted here, but where a test says it checks that a click lets the focus go."""

from __future__ import annotations

import dataclasses

import pygame
import pytest
from uihelp import Driver, variant_spec

from cardtable.games.free_table.ui.table import FreeTableScene
from cardtable.ui.app import App
from cardtable.ui.smoke_keys import StuckError, _check_pile_ring, free_table_by_keys
from cardtable.ui.theme import THEME


def open_table(app, deck_id: str | None = None) -> tuple[Driver, FreeTableScene]:
    """The free table on top, a frame drawn; speech on (its log is read)."""
    app.speech.mode = True
    scene = app.push(FreeTableScene(app, variant_spec(app, "free_table"), deck_id=deck_id, seed=3))
    d = Driver(app)
    d.step()
    return d, scene


def settle(d: Driver, scene: FreeTableScene) -> None:
    """Frames until the big steps and the flights are done."""
    for _ in range(600):
        if not scene.busy and scene.animation is None:
            break
        d.step()
    d.step()


def felt_sizes(scene: FreeTableScene) -> list[int]:
    table = scene.table
    return sorted(len(p.cards) for pid, p in table.piles.items() if pid not in table.hands)


@pytest.mark.parametrize("scale", (1.0, 1.5, 2.0))
def test_tab_rings_the_deck_at_every_scale_and_zoom(scale):
    app = App(size=(1366, 768))
    app.settings = dataclasses.replace(app.settings, ui_scale=scale)
    try:
        d, scene = open_table(app)
        d.key(pygame.K_TAB)
        assert scene.focus == ("pile", next(iter(scene.table.piles)))
        _check_pile_ring(app, scene, "Tab")
        for _ in range(14):  # down to a few pixels a card
            d.key(pygame.K_MINUS)
        _check_pile_ring(app, scene, "zooming out")
        for _ in range(20):  # a card bigger than the felt in view: the view zooms out to show it
            d.key(pygame.K_EQUALS)
        _check_pile_ring(app, scene, "zooming in")
    finally:
        app.shutdown()


def test_deal_move_spread_and_gather_by_keys_alone(app):
    assert free_table_by_keys(app.variant_entries).startswith("free table: a deal, a move")


def test_a_face_down_card_is_spoken_face_down_and_a_flipped_one_by_name(app):
    d, scene = open_table(app)
    d.key(pygame.K_TAB)
    said = app.speech.log[-1]
    assert said.startswith("face down card, on a pile of 52")
    names = [c.name for c in scene.table.deck.cards]
    assert not any(name in said for name in names)
    d.key(pygame.K_d)  # a row, face down
    settle(d, scene)
    d.key(pygame.K_TAB)
    pid = scene.focused_pile()
    assert len(scene.table.piles[pid].cards) == 1 and app.speech.log[-1].startswith("face down card;")
    d.key(pygame.K_f)
    pile = scene.table.piles[scene.focused_pile()]
    assert pile.top_face_up
    d.key(pygame.K_TAB, pygame.KMOD_SHIFT)
    d.key(pygame.K_TAB)
    assert app.speech.log[-1].startswith(scene.table.deck.cards[pile.top].name)


def test_tab_goes_round_the_piles_then_the_tool_bar_and_back(app):
    d, scene = open_table(app)
    d.key(pygame.K_d)
    settle(d, scene)
    seen = []
    for _ in range(6):
        d.key(pygame.K_TAB)
        seen.append(scene.focused_pile())
    assert len(set(seen)) == 6 and seen[0] == scene.stops()[0][1]
    d.key(pygame.K_TAB)  # past the last pile: the tool bar's first control
    assert scene.focus is None and scene.widgets.focused is scene.widgets.focusables()[0]
    d.key(pygame.K_TAB, pygame.KMOD_SHIFT)  # and back to the last pile
    assert scene.focused_pile() == seen[-1] and scene.widgets.focused is None


def test_ctrl_arrows_go_to_the_pile_that_way(app):
    d, scene = open_table(app)
    d.key(pygame.K_d)
    settle(d, scene)
    d.key(pygame.K_TAB)
    start = scene.table.piles[scene.focused_pile()]
    d.key(pygame.K_RIGHT, pygame.KMOD_CTRL)
    moved = scene.table.piles[scene.focused_pile()]
    assert moved.x > start.x and camera_unmoved_by_ctrl_arrows(scene)


def camera_unmoved_by_ctrl_arrows(scene: FreeTableScene) -> bool:
    """Ctrl+arrow moves the focus, not the view (a plain arrow pans): the focused pile is in view."""
    return scene.pile_in_view(scene.focused_pile())


def test_the_view_follows_the_focus(app):
    d, scene = open_table(app)
    for _ in range(30):  # the deck panned far off the screen
        d.key(pygame.K_LEFT)
    pid = next(iter(scene.table.piles))
    assert not scene.pile_in_view(pid)
    d.key(pygame.K_TAB)
    assert scene.felt_in_view().contains(scene.focus_rect())
    d.key(pygame.K_s)
    assert app.speech.log[-1] == "Shuffled 52 cards"


def test_enter_picks_up_and_puts_down_and_esc_puts_back(app):
    d, scene = open_table(app)
    d.key(pygame.K_d)
    settle(d, scene)
    d.key(pygame.K_TAB)
    d.key(pygame.K_TAB)
    source = scene.focused_pile()
    d.key(pygame.K_RETURN)
    assert scene.carry is not None
    before = felt_sizes(scene)
    d.key(pygame.K_ESCAPE)
    assert scene.carry is None and felt_sizes(scene) == before and app.scenes.top is scene
    d.key(pygame.K_SPACE)  # Space picks up as Enter does
    assert scene.carry is not None and scene.carry.pid == source
    d.key(pygame.K_TAB)
    target = scene.focused_pile()
    d.key(pygame.K_RETURN)
    assert source not in scene.table.piles and len(scene.table.piles[target].cards) == 2
    d.key(pygame.K_RETURN, pygame.KMOD_SHIFT)  # the whole pile of 2
    d.key(pygame.K_RETURN)  # on itself: put down beside it, on free felt
    assert felt_sizes(scene).count(2) == 1 and scene.table.undo_stack


def test_x_selects_and_c_gathers_the_selection(app):
    d, scene = open_table(app)
    d.key(pygame.K_d)
    settle(d, scene)
    chosen = set()
    for _ in range(3):
        d.key(pygame.K_TAB)
        d.key(pygame.K_x)
        chosen.add(scene.focused_pile())
    assert scene.selected == chosen and "3 piles selected" in app.speech.log[-1]
    d.key(pygame.K_x)
    assert len(scene.selected) == 2 and app.speech.log[-1].startswith("face down card: not selected")
    d.key(pygame.K_x)
    piles = scene.table.piles
    together = sum(len(piles[p].cards) for p in chosen)
    expected = sorted([len(piles[p].cards) for p in piles if p not in chosen] + [together])
    d.key(pygame.K_c)  # the focused pile is in the selection: the selection is gathered there
    settle(d, scene)
    assert felt_sizes(scene) == expected and len(expected) == 4


def test_the_hand_by_keys(app):
    d, scene = open_table(app)
    d.key(pygame.K_TAB)
    d.key(pygame.K_h)  # 5 cards to each of 2 hands
    hand = scene.table.hand_of(scene.seat)
    assert hand is not None
    d.key(pygame.K_DOWN, pygame.KMOD_CTRL)  # from the deck down to the hand
    assert scene.focus == ("hand", 0)
    card = scene.table.deck.cards[scene.table.piles[hand].cards[0]].name
    assert app.speech.log[-1] == f"Player 1's hand, card 1 of 5: {card}"
    ring = scene.focus_rect()
    assert tuple(app.screen.get_at((ring.x - scene.ring_reach(), ring.centery)))[:3] == THEME.focus
    d.key(pygame.K_RETURN)
    d.key(pygame.K_UP, pygame.KMOD_CTRL)
    deck = scene.focused_pile()
    d.key(pygame.K_RETURN)  # played onto the deck, face up
    assert len(scene.table.piles[hand].cards) == 4 and scene.table.piles[deck].top_face_up


def test_a_click_lets_the_focus_go(app):
    d, scene = open_table(app)
    d.key(pygame.K_TAB)
    assert scene.focus is not None
    d.click((5, app.screen.get_height() // 2))
    assert scene.focus is None and scene.focus_rect() is None


def test_the_smoke_check_fails_without_a_ring(app):
    d, scene = open_table(app)
    d.key(pygame.K_TAB)
    d.key(pygame.K_HOME)
    scene.draw_focus = lambda surface: None  # (a table that forgot its ring)
    d.step()
    with pytest.raises(StuckError):
        _check_pile_ring(app, scene, "Home")


def test_m_opens_the_focused_piles_menu_and_enter_chooses_by_keys(app):
    d, scene = open_table(app)
    d.key(pygame.K_TAB)
    d.key(pygame.K_m)
    assert scene.menu is not None and app.speech.log[-1].startswith("Menu: Flip, Shuffle")
    labels = [label for label, _key, _action in scene.menu.items]
    for _ in range(labels.index("Count")):
        d.key(pygame.K_DOWN)
    d.key(pygame.K_RETURN)
    assert scene.menu is None and app.speech.log[-1] == "52 cards, 0 face up"
