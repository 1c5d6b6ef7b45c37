"""The hint (H, or the Hint button) at a game table: what the strong level would do,
only for the person whose turn it is, worked out on a seat copy, never in the log."""

from __future__ import annotations

import importlib
import random

import pygame
import pytest
from uihelp import Driver, start_two_people_and_a_computer

from cardtable.engine.game import CHANCE
from cardtable.ui.hint import HintBox, work_out
from cardtable.ui.pass_screen import PassScreen

TABLES = [("five_card_draw", "cardtable.yaml_games.ui.table", "PokerTableScene"),
          ("ipso", "cardtable.games.ipso.ui.table", "IpsoTableScene")]


def open_table(app, variant_id, module, name):
    table_class = getattr(importlib.import_module(module), name)
    return start_two_people_and_a_computer(app, variant_id, table_class)


def to_a_person(d: Driver, scene) -> None:
    """Step (passing pass screens, dealing when the people must say so) to a person's turn."""
    state, app = scene.state, scene.app
    for _ in range(2000):
        if isinstance(app.scenes.top, PassScreen):
            d.key(pygame.K_RETURN)
        elif state.to_act == CHANCE and scene.waits_for_next_round():
            scene.next_round()
        elif state.to_act is not None and state.to_act >= 0 and not scene.is_bot(state.to_act) \
                and app.scenes.top is scene:
            return
        else:
            d.step()
    raise AssertionError("no person came to act")


def press_h(d: Driver) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h", scancode=0))
    d.step()


def log_texts(state) -> list[str]:
    return [t for e in state.log for t in (e.public, *e.private.values())]


@pytest.mark.parametrize("variant_id,module,name", TABLES, ids=[t[0] for t in TABLES])
def test_h_shows_a_legal_hint_to_the_person_to_act_and_not_in_the_log(app, variant_id, module, name):
    d, scene = open_table(app, variant_id, module, name)
    state = scene.state
    to_a_person(d, scene)
    seat, moves = state.to_act, len(state.history)
    log_before = log_texts(state)
    press_h(d)
    assert scene.hint.visible
    # the worker thread's pace is the machine's: wait for it, then let a frame take it
    assert scene.hint.wait(120.0), "the hint was still being worked out after two minutes"
    d.step()
    hint = scene.hint.hint
    assert hint is not None, "the hint never came"
    assert state.to_act == seat and len(state.history) == moves  # nothing was played for the person
    assert state.why_illegal(hint.action) is None
    assert 0.0 <= hint.win_chance <= 1.0 and hint.reasons
    assert log_texts(state) == log_before
    assert not any(line in text for line in hint.lines for text in log_texts(state))
    assert all(hint.name not in line for line in state.log_for(seat)[len(log_before):])
    # the hint goes as soon as the position changes
    state.apply(hint.action)
    d.step()
    assert not scene.hint.visible


def test_the_hint_is_refused_for_a_computers_turn(app):
    d, scene = open_table(app, *TABLES[0])
    state = scene.state
    for _ in range(2000):
        if isinstance(app.scenes.top, PassScreen):
            d.key(pygame.K_RETURN)
            continue
        if state.to_act == CHANCE and scene.waits_for_next_round():
            scene.next_round()
        if state.to_act is not None and state.to_act != CHANCE and scene.is_bot(state.to_act):
            break
        if state.to_act is not None and state.to_act >= 0 and not scene.is_bot(state.to_act):
            state.apply(random.Random(len(state.history)).choice(state.legal_actions(state.to_act)))
        d.step()
    assert scene.is_bot(state.to_act)
    scene.wait = -100.0  # hold the computer's move while we ask
    press_h(d)
    assert not scene.hint.visible and scene.hint.key is None
    assert scene.show_hint() is False
    assert scene.hint.seat_for_hint() is None


def test_a_hint_is_worked_out_on_a_seat_copy():
    from cardtable import games
    from cardtable.variants import load_deck_by_id
    game = games.get("sabacc")
    state = game.new_state(game.read_settings(game.defaults()), load_deck_by_id(game.decks[0]),
                           ["Ada", "Bo"], random.Random(4))
    while state.to_act == CHANCE:
        state.apply(state.chance_action())
    seat = state.to_act
    copy = state.seat_copy(seat, random.Random(1))
    before = copy.to_json()
    hint = work_out(copy, seat)
    assert copy.to_json() == before
    assert state.why_illegal(hint.action) is None
    assert HintBox  # the table's box is what the UI test drives


def test_the_hint_button_is_a_layout_box_clear_of_the_persons_seven_cards(app):
    """At Alethkar the player holds seven cards; the Hint button (the felt's lower right)
    covered the seventh. It is now one of the table's layout boxes and finds a clear corner."""
    from cardtable.ui.layout_check import check_scene
    d, scene = open_table(app, "alethkar_poker", "cardtable.games.alethkar_poker.ui.table", "AlethkarTableScene")
    to_a_person(d, scene)
    d.step()
    boxes = dict(scene.layout_boxes())
    assert "button:Hint" in boxes
    assert scene.hint.button_rect.collidelist(list(scene.hand_rects.values())) < 0
    assert not [p for p in check_scene(scene, app.screen.get_size()) if "Hint" in p]


def test_a_hint_finished_but_not_yet_taken_by_a_frame_is_visible():
    from cardtable.engine.betting import Fold
    from cardtable.ui.hint import Hint, HintBox

    box = HintBox(table=None)
    box.key = (0, 0)
    assert not box.visible
    box._result, box.thinking = Hint(Fold(seat=0), "Fold", 0.5, ("Fold: +0.0 on average",), 4), False
    assert box.visible  # the worker is done, the next frame's update takes it
