"""A hand of Sabacc played through posted events: setup, pass screens, betting, the shift die,
drawing (keep and swap), the showdown and the next hand, with two people and a computer at
one screen; a saved table restored; the help's card page."""

from __future__ import annotations

import pygame
from uihelp import Driver, people_turns, start_two_people_and_a_computer, step_to_a_person, through_pass_screens

from cardtable.games.sabacc.state import Keep, Phase, RollDie, Swap
from cardtable.games.sabacc.ui.table import SabaccTableScene, restore


def start_game(app) -> tuple[Driver, SabaccTableScene]:
    return start_two_people_and_a_computer(app, "sabacc", SabaccTableScene, chips=5000)


def test_a_hand_through_events_with_pass_screens_the_die_and_drawing(app):
    d, scene = start_game(app)
    state = scene.state
    passes, moves, draws, bets, rolls = [], 0, 0, 0, []

    def revealed(state) -> bool:
        if state.phase == Phase.ROLL:
            assert scene.die.rolling_since is not None  # the die tumbles while chance rolls
            rolls.append(state.hand_no)
        return state.phase == Phase.REVEAL

    for seat in people_turns(d, scene, revealed, 4000, passes, ready=lambda state: not scene.die.busy(scene.clock)):
        moves += 1
        if state.phase == Phase.BET:
            if state.view(seat)["options"]["can_bet"] and bets == 0:
                d.key(pygame.K_b)  # open the betting: the shift die rolls
                bets += 1
            else:
                d.key(pygame.K_c)
        elif state.phase == Phase.DRAW:
            d.key(pygame.K_d)
            draws += 1
            assert state.phase == Phase.DECIDE and state.view(seat)["drawn"] is not None
        elif state.phase == Phase.DECIDE:
            if draws % 2:
                d.key(pygame.K_k)
                assert isinstance(state.history[-1], Keep)
            else:  # swap: click the first card of the hand
                first = state.hand_of(seat)[0]
                d.click(scene.hand_rects[first].center)
                assert isinstance(state.history[-1], Swap) and first in state.dropped
    assert state.phase == Phase.REVEAL, (state.phase, state.to_act, state.log_for(None)[-5:])
    assert set(passes) <= {"Player 1", "Player 2"} and len(passes) >= 2
    assert moves >= 6 and draws >= 2 and bets == 1
    assert any(isinstance(a, RollDie) for a in state.history) and rolls
    assert state.results is not None and all(state.shown[s] for s in map(int, state.results["hands"]))
    total = sum(state.stacks) + state.hand_pot() + state.sabacc_pot
    assert total == 15000
    d.key(pygame.K_RETURN)  # next hand
    assert state.hand_no == 2 and state.dealer == 1


def test_a_saved_table_is_restored_exactly(app):
    d, scene = start_game(app)
    through_pass_screens(d, 60)
    data = scene.save_data()
    app.scenes.remove(scene)
    again = restore(app, scene.variant, data)
    assert again.state.to_json() == scene.state.to_json()
    assert {s: b.rng.getstate() for s, b in again.bots.items()} == \
        {s: b.rng.getstate() for s, b in scene.bots.items()}
    assert [c.name for c in again.seat_configs] == ["Player 1", "Player 2", "Player 3"]


def test_a_refused_move_is_explained_and_changes_nothing(app):
    d, scene = start_game(app)
    state = scene.state
    step_to_a_person(d, scene, lambda state: state.phase == Phase.BET)
    history = len(state.history)
    assert not scene.act(Keep(seat=state.to_act))
    assert len(state.history) == history and "Not allowed" in app.toast_text


def test_the_help_has_the_card_values_page(app):
    from cardtable.ui.help import HelpOverlay
    d, scene = start_game(app)
    help_overlay = app.push(HelpOverlay(app, scene.variant))
    assert help_overlay.pages == ["Rules", "Cards and hands"]
    help_overlay.switch_page()
    d.step()
    assert help_overlay._extra_pages()[0].content_height() > 0
