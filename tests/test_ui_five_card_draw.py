"""A hand of Five-Card Draw played through posted events: setup, pass screens, betting,
clicking cards to discard, the showdown; a refused move; a save restored."""

from __future__ import annotations

import pygame
from uihelp import Driver, a_person_to_act, people_turns, start_two_people_and_a_computer

from cardtable.games.five_card_draw.rules import Discard, Phase
from cardtable.games.five_card_draw.ui.table import DrawTableScene, restore
from cardtable.ui.menu import MenuScene


def start_match(app) -> tuple[Driver, DrawTableScene]:
    return start_two_people_and_a_computer(app, "five_card_draw", DrawTableScene)


def test_a_hand_through_events_with_pass_screens_and_the_draw(app):
    d, scene = start_match(app)
    state = scene.state
    passes, moves, discards = [], 0, 0
    for seat in people_turns(d, scene, lambda state: state.phase == Phase.REVEAL, 3000, passes):
        moves += 1
        if state.phase == Phase.BET:
            d.key(pygame.K_c)
        else:
            first, third = state.hand_of(seat)[0], state.hand_of(seat)[2]
            while scene.cards.busy:  # the hand slides in after the pass screen
                d.step()
            d.click(scene.hand_rects[first].center)
            d.click(scene.hand_rects[third].center)
            assert scene.selected == [first, third]
            d.press("Discard 2")
            last = state.history[-1]
            assert isinstance(last, Discard) and last.cards == (first, third)
            assert first in state.discards and first not in state.hand_of(seat)
            discards += 1
    assert state.phase == Phase.REVEAL, (state.phase, state.to_act, state.log_for(None)[-5:])
    assert set(passes) <= {"Player 1", "Player 2"} and len(passes) >= 2
    assert moves >= 2 and discards >= 1 and state.results is not None
    if state.results.showdown:
        assert all(v is not None for s in state.results.hands for v in state.view(None)["hands"][s])
    d.key(pygame.K_RETURN)  # next hand
    assert state.round_no == 2


def test_a_refused_move_is_explained_and_changes_nothing(app):
    d, scene, state = a_person_to_act(app, start_match, lambda state: state.phase == Phase.BET)
    history = len(state.history)
    assert not scene.act(Discard(seat=state.to_act, cards=()))
    assert len(state.history) == history and "Not allowed" in app.toast_text


def test_keys_pick_discards_and_a_save_restores(app):
    d, scene = start_match(app)
    state = scene.state
    for _ in people_turns(d, scene, lambda state: state.phase == Phase.DRAW, 3000):
        d.key(pygame.K_c)
    assert state.phase == Phase.DRAW
    seat = state.to_act
    hand = state.hand_of(seat)
    for key in (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4):
        d.key(key)
    assert len(scene.selected) == state.draw_limit(seat)  # the fourth is refused unless an ace stays
    d.key(pygame.K_1)  # un-pick
    assert hand[0] not in scene.selected
    data = scene.save_data()
    copy = restore(app, scene.variant, data)
    assert copy.state.to_json() == state.to_json() and copy.state.to_act == seat
    app.scenes.remove(copy)
    d.key(pygame.K_SPACE)
    assert state.drawn[seat] == len(state.history[-1].cards) >= 1
    d.key(pygame.K_ESCAPE)
    d.press("Leave table")
    assert isinstance(app.scenes.top, MenuScene)
