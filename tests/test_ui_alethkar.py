"""Two rounds of Alethkar Poker played through posted events: setup, pass screens, the
secret bet with gems and keys, the discard, the counting and the payout."""

from __future__ import annotations

import re

import pygame
from uihelp import (
    Driver,
    a_person_to_act,
    people_turns,
    start_two_people_and_a_computer,
    step_to_a_person,
    through_pass_screens,
)

from cardtable.games.alethkar_poker.state import BagBet, DiscardTwo, Phase
from cardtable.games.alethkar_poker.ui.table import AlethkarTableScene, restore


def start_match(app) -> tuple[Driver, AlethkarTableScene]:
    return start_two_people_and_a_computer(app, "alethkar_poker", AlethkarTableScene, chips=40)


def test_two_rounds_through_events_with_pass_screens(app):
    d, scene = start_match(app)
    state = scene.state
    passes, bets, discards, rounds_seen = [], 0, 0, set()

    def two_rounds_seen(state) -> bool:
        if state.phase != Phase.REVEAL:
            return False
        rounds_seen.add(state.round_no)
        assert scene.show is not None and scene.viewer is None  # two people: a public reveal
        if state.round_no >= 2:
            return True
        d.key(pygame.K_SPACE)  # skip the counting: the sums show
        assert scene.show.at().finished
        d.key(pygame.K_RETURN)  # next round
        return False

    for seat in people_turns(d, scene, two_rounds_seen, 4000, passes):
        before = len(state.history)
        assert all(v is None for s, v in enumerate(state.view(seat)["bags"]) if s != seat)
        if state.phase == Phase.BET:
            gem = next(iter(scene.gem_rects))  # one gem of the biggest kind in the stack
            d.click(scene.gem_rects[gem].center)
            d.key(pygame.K_UP)
            chosen = scene.pending
            assert chosen >= 2
            bag = state.bags[seat]
            d.key(pygame.K_RETURN)
            assert isinstance(state.history[before], BagBet) and state.bags[seat] == bag + chosen
            bets += 1
        elif state.phase == Phase.DISCARD:
            hand = state.hand_of(seat)
            d.click(scene.hand_rects[hand[0]].center)
            assert not scene.widgets.widgets[0].enabled  # one card is not a discard
            d.key(pygame.K_3)
            d.press("Discard 2")
            assert state.history[before] == DiscardTwo(seat=seat, cards=(hand[0], hand[2]))
            discards += 1
    assert rounds_seen == {1, 2}, (state.phase, state.round_no, type(app.scenes.top).__name__)
    assert bets == 4 and discards == 4
    assert set(passes) == {"Player 1", "Player 2"} and len(passes) >= 4
    assert sum(state.holdings(s) for s in range(3)) + state.middle == 120
    lines = state.log_for(None)
    assert any(line.startswith("Step 8: middle = ") for line in lines)


def test_a_refused_move_is_explained_and_changes_nothing(app):
    d, scene = start_match(app)
    state = scene.state
    step_to_a_person(d, scene)
    history = len(state.history)
    assert not scene.act(DiscardTwo(seat=state.to_act, cards=(0, 1)))
    assert len(state.history) == history and "Not allowed" in app.toast_text


def test_restore_rebuilds_the_table_from_saved_data(app):
    from cardtable.engine.game import rng_to_json

    d, scene = start_match(app)
    through_pass_screens(d, 60)
    data = scene.save_data()
    assert data["bot_rngs"] == {"2": rng_to_json(scene.bots[2].rng)}
    again = restore(app, scene.variant, data)
    assert again.state.to_json() == scene.state.to_json()
    assert again.bots[2].rng.getstate() == scene.bots[2].rng.getstate()
    d.step(5)


def test_the_counting_goes_combination_by_combination_and_turns_cards_face_down():
    from cardtable.games.alethkar_poker.ui.count import STEP_SECONDS, CountingShow
    from cardtable.games.alethkar_poker.view import Combination, CountedHand

    hands = (CountedHand(seat=0, combinations=(Combination(name="Pair 2s", cards=(0, 13), value=16),), value=16),
             CountedHand(seat=1, combinations=(Combination(name="Triple Aces", cards=(12, 25, 38), value=92),
                                               Combination(name="King", cards=(11,), value=6)), value=98))
    show = CountingShow(hands, [1, 0])
    assert show.at().current == (1, 0) and show.highlighted() == {12, 25, 38} and show.face_down(1) == set()
    show.advance(STEP_SECONDS * 1.5)
    assert show.at().current == (1, 1) and show.face_down(1) == {12, 25, 38}
    assert show.at().totals == {1: 92, 0: 0}
    show.advance(STEP_SECONDS)
    assert show.at().current == (0, 0) and show.at().totals[1] == 98
    show.skip()
    moment = show.at()
    assert moment.finished and moment.totals == {1: 98, 0: 16}
    assert show.face_down(1) == set()  # all counted: face up again for everybody to check


def test_the_viewer_is_told_what_their_hand_is_worth_and_only_theirs(app):
    from cardtable.games.alethkar_poker.values import best_five

    d, scene, state = a_person_to_act(app, start_match, lambda state: state.phase == Phase.BET)
    d.step()
    seat = scene.viewer
    assert seat == state.to_act and len(state.hands[seat]) >= 5

    def worth() -> int:
        cards = [state.deck[c] for c in state.hands[seat]]
        return best_five(cards, ace_low_straight=state.settings.ace_low_straight).value

    def says_worth(line: str | None) -> bool:  # "Your hand: worth 110 (Five cards in consecutive order)"
        return line is not None and re.fullmatch(rf"Your hand: worth {worth()}( \(.+\))?", line) is not None

    assert says_worth(scene.hand_line)
    before = scene.hand_line
    # swap cards nobody holds into the hand until the value moves (any place of the hand: a
    # card outside the best five may be one no other card improves on, as the deal falls)
    swaps = ((place, card) for place in range(len(state.hands[seat])) for card in list(state.deck_order))
    for place, card in swaps:
        if card in state.hands[seat]:
            continue  # (a card tried at an earlier place may still lie there: never hold it twice)
        state.hands[seat][place] = card
        d.step()
        if scene.hand_line != before:
            break
    assert scene.hand_line != before and says_worth(scene.hand_line)
    scene.viewer = None
    scene.draw_game(app.screen)
    assert scene.hand_line is None  # nobody at the screen (a pass screen): nothing told


def test_the_bag_shows_the_chips_going_in_as_the_amount_moves(app, monkeypatch):
    """Issue 30: the bag did not change on screen while the person raised "Into the bag";
    it shows the chips going in at once, and the stack's gems no longer count them."""
    import cardtable.games.alethkar_poker.ui.table as table_module

    d, scene, state = a_person_to_act(app, start_match, lambda state: state.phase == Phase.BET)
    seat = state.to_act
    bag, stack = state.bags[seat], state.stacks[seat]
    drawn: list[int | None] = []
    real = table_module.draw_bag
    monkeypatch.setattr(table_module, "draw_bag", lambda *a, **kw: (drawn.append(kw.get("amount")), real(*a, **kw))[1])
    gems: list[int] = []
    real_gems = table_module.draw_gems
    monkeypatch.setattr(table_module, "draw_gems", lambda surface, fonts, amount, *a, **kw: (
        gems.append(amount), real_gems(surface, fonts, amount, *a, **kw))[1])
    for _ in range(3):
        d.key(pygame.K_UP)
    assert scene.pending == 3 and state.bags[seat] == bag  # nothing is bet yet
    drawn.clear(), gems.clear()
    d.step()
    assert [a for a in drawn if a is not None] == [bag + 3] and gems == [stack - 3]  # others' bags: closed
    assert scene.own_bag_words(scene.view, seat)[2] == f"bag {bag + 3} (+3)  ·  stack {stack - 3}"
    d.key(pygame.K_RETURN)
    assert state.bags[seat] == bag + 3
