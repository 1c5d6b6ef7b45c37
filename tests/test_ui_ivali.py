"""A round of Shenja Ivali played through posted events: setup, pass screens, betting,
discarding, the auction and the reveal, with two people and a computer at one screen."""

from __future__ import annotations

import pygame
from uihelp import Driver, start_two_people_and_a_computer, step_to_a_person

from cardtable.engine.game import CHANCE
from cardtable.games.shenja_ivali.auction import Bid
from cardtable.games.shenja_ivali.rules import Discard, Phase
from cardtable.games.shenja_ivali.ui.table import IvaliTableScene
from cardtable.ui.menu import MenuScene
from cardtable.ui.pass_screen import PassScreen


def start_match(app) -> tuple[Driver, IvaliTableScene]:
    return start_two_people_and_a_computer(app, "shenja_ivali", IvaliTableScene)


def test_a_round_through_events_with_pass_screens_and_the_auction(app):
    d, scene = start_match(app)
    state = scene.state
    passes, human_moves, bids, discards = [], 0, 0, 0
    for _ in range(3000):
        top = app.scenes.top
        if isinstance(top, PassScreen):
            assert scene.viewer is None  # nobody's cards are face up behind the screen
            passes.append(top.name)
            d.key(pygame.K_RETURN)
            continue
        if state.phase == Phase.REVEAL:
            break
        seat = state.to_act
        if seat is not None and seat != CHANCE and not scene.is_bot(seat):
            assert scene.viewer == seat
            view = state.view(seat)
            others = [c for s, h in enumerate(view["hands"]) if s != seat for c in h]
            assert all(c is None for c in others)
            human_moves += 1
            before = len(state.history)
            if state.phase == Phase.BET:
                d.key(pygame.K_c)
            elif state.phase == Phase.DRAW:
                hand_card = state.hand_of(seat)[0]
                rect = scene.hand_rects[hand_card]
                d.drag(rect.center, scene.discard_rect.center)  # drag one card to the discard pile
                assert scene.selected == [hand_card]
                d.key(pygame.K_RETURN)
                discards += isinstance(state.history[-1], Discard)
            elif state.phase == Phase.AUCTION:
                status = state.auction_view()["status"][seat]
                if status == "waiting":
                    first = state.flop[0]
                    d.click(scene.flop_rects[first].center)
                    d.press(f"Bid {scene.bid_amount}")
                    bids += isinstance(state.history[-1], Bid)
                else:
                    d.key(pygame.K_o)  # topped: drop out and take the bid back
            assert len(state.history) > before, f"a {state.phase} move was not taken"
            continue
        d.step()
    assert state.phase == Phase.REVEAL, (state.phase, state.to_act, type(app.scenes.top).__name__,
                                         scene.wait, scene.cards.busy, state.log_for(None)[-5:])
    assert set(passes) <= {"Player 1", "Player 2"} and len(passes) >= 2
    assert human_moves >= 4 and discards >= 1 and bids >= 1
    assert state.results is not None
    d.key(pygame.K_RETURN)  # next round
    assert state.round_no == 2


def test_a_refused_move_is_explained_and_changes_nothing(app):
    d, scene = start_match(app)
    state = scene.state
    step_to_a_person(d, scene, lambda state: state.phase == Phase.BET)
    seat = state.to_act
    history = len(state.history)
    assert not scene.act(Discard(seat=seat, cards=()))
    assert len(state.history) == history and "Not allowed" in app.toast_text


def test_escape_shows_the_standings_and_leave_returns_to_the_menu(app):
    from cardtable.ui.standings import StandingsOverlay

    d, scene = start_match(app)
    for _ in range(50):
        if isinstance(app.scenes.top, PassScreen):
            d.key(pygame.K_RETURN)
        d.step()
    while isinstance(app.scenes.top, PassScreen):
        d.key(pygame.K_RETURN)
    d.key(pygame.K_ESCAPE)
    overlay = app.scenes.top
    assert isinstance(overlay, StandingsOverlay)
    assert sorted(n for n, _ in overlay.standings) == ["Player 1", "Player 2", "Player 3"]
    d.key(pygame.K_ESCAPE)  # keep playing
    assert app.scenes.top is scene
    d.key(pygame.K_ESCAPE)
    d.press("Leave table")
    assert isinstance(app.scenes.top, MenuScene)


def test_a_discarded_card_flies_to_the_discard_pile(app):
    d, scene = start_match(app)
    state = scene.state
    for _ in range(3000):
        if isinstance(app.scenes.top, PassScreen):
            d.key(pygame.K_RETURN)
            continue
        seat = state.to_act
        if seat is not None and seat >= 0 and not scene.is_bot(seat):
            if state.phase == Phase.DRAW:
                break
            if state.phase == Phase.BET:
                d.key(pygame.K_c)
                continue
        d.step()
    assert state.phase == Phase.DRAW
    card = state.hand_of(state.to_act)[0]
    d.key(pygame.K_1)
    d.key(pygame.K_RETURN)
    assert card in state.discards
    d.step()
    assert card in scene.ghosts
    x0, y0, x1, y1, _ = scene.ghosts[card]
    assert (x1, y1) == scene.discard_rect.topleft
    d.step(30)
    assert card not in scene.ghosts
