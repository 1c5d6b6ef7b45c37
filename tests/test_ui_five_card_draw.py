"""A hand of Five-Card Draw played through posted events: setup, pass screens, betting,
clicking cards to discard, the showdown; a refused move; a save restored."""

from __future__ import annotations

import pygame
from uihelp import Driver

from cardtable.engine.game import CHANCE
from cardtable.games.five_card_draw.rules import Discard, Phase
from cardtable.games.five_card_draw.ui.table import DrawTableScene, restore
from cardtable.ui.menu import MenuScene, open_variant
from cardtable.ui.pass_screen import PassScreen
from cardtable.ui.setup_scene import SetupScene


def start_match(app) -> tuple[Driver, DrawTableScene]:
    d = Driver(app)
    spec = next(e.spec for e in app.variant_entries if e.spec and e.spec.id == "five_card_draw")
    open_variant(app, spec)
    setup = app.scenes.top
    assert isinstance(setup, SetupScene)
    seats = next(w for w in setup.widgets.widgets if getattr(w, "label", "") == "Seats")
    while setup.count > 3:
        seats.nudge(-1)
    for _ in range(6):  # seat 2 starts as a computer: click through the levels to a person
        if setup.seats()[1].bot is None:
            break
        kind = [w for w in setup.widgets.widgets if getattr(w, "label", "") in
                ("person", "computer", "computer (tough)", "computer (random)", "computer (strong)")][1]
        d.click(kind.rect.center)
    assert [s.bot for s in setup.seats()] == [None, None, "normal"]
    d.key(pygame.K_RETURN)
    scene = app.scenes.top if isinstance(app.scenes.top, DrawTableScene) else app.scenes.scenes[-2]
    assert isinstance(scene, DrawTableScene)
    return d, scene


def test_a_hand_through_events_with_pass_screens_and_the_draw(app):
    d, scene = start_match(app)
    state = scene.state
    passes, moves, discards = [], 0, 0
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
            assert all(c is None for s, h in enumerate(view["hands"]) if s != seat for c in h)
            moves += 1
            before = len(state.history)
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
            assert len(state.history) > before, f"a {state.phase} move was not taken"
            continue
        d.step()
    assert state.phase == Phase.REVEAL, (state.phase, state.to_act, state.log_for(None)[-5:])
    assert set(passes) <= {"Player 1", "Player 2"} and len(passes) >= 2
    assert moves >= 2 and discards >= 1 and state.results is not None
    if state.results.showdown:
        assert all(v is not None for s in state.results.hands for v in state.view(None)["hands"][s])
    d.key(pygame.K_RETURN)  # next hand
    assert state.round_no == 2


def test_a_refused_move_is_explained_and_changes_nothing(app):
    d, scene = start_match(app)
    state = scene.state
    for _ in range(500):
        if isinstance(app.scenes.top, PassScreen):
            d.key(pygame.K_RETURN)
        elif state.to_act is not None and state.to_act >= 0 and not scene.is_bot(state.to_act) \
                and state.phase == Phase.BET:
            break
        else:
            d.step()
    history = len(state.history)
    assert not scene.act(Discard(seat=state.to_act, cards=()))
    assert len(state.history) == history and "Not allowed" in app.toast_text


def test_keys_pick_discards_and_a_save_restores(app):
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
            d.key(pygame.K_c)
            continue
        d.step()
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
