"""Community-card and stud games on the declared flow (:mod:`cardtable.engine.flow.streets`),
on a test state: Hold'em with blinds and a board, Seven-Card Stud with a bring-in by the
lowest up card and later streets opened by the best hand showing, Omaha Hi/Lo with the pot
split between the best high and the best qualifying low. Hands worked out by hand on a
stacked deck, and random play to the end keeping every chip and card."""

from __future__ import annotations

import random

import pytest
from poker_tables import HOLDEM, OMAHA_HILO, STUD, WRITTEN, stacked, table

from cardtable.engine import flow
from cardtable.engine.betting import Call, Check
from cardtable.engine.flow.streets import BoardFlowState
from cardtable.engine.game import CHANCE


def play_calling(state: BoardFlowState, hands: int = 1) -> None:
    """Everyone checks or calls until ``hands`` hands are over."""
    while state.round_no < hands or state.phase.value not in ("reveal", "game_over"):
        seat = state.to_act
        assert seat is not None and seat != CHANCE
        options = state.betting_options(seat)
        state.apply(Check(seat=seat) if options is not None and options.can_check else Call(seat=seat))


@pytest.mark.parametrize("hand,seats", [(HOLDEM, 2), (HOLDEM, 6), (STUD, 2), (STUD, 7), (OMAHA_HILO, 5)])
def test_random_play_keeps_every_chip_and_card_to_the_end(hand, seats):
    for seed in range(3):
        rng = random.Random(seed)
        state = table(hand, seats, [40] * seats)
        paid = 0
        for _ in range(1500):
            seat = state.to_act
            paid += state.phase.value == "reveal"
            if seat is None:
                break
            action = state.chance_action() if seat == CHANCE else rng.choice(state.legal_actions(seat))
            state.apply(action)
            assert sum(state.chips.stacks) + state.chips.pot_total == 40 * seats
            places = [*state.deck_order, *state.board, *state.burned, *state.discards,
                      *(c for h in state.hands for c in h)]
            assert len(places) == len(set(places)) and (state.street < 0 or len(places) == 52)
        assert state.round_number >= 3 and paid  # hands played through, and paid


def test_holdem_the_big_blind_s_left_opens_and_the_board_makes_the_hand():
    state = table(HOLDEM, 3)
    # dealt one at a time from the dealer's left: P2 AS, P3 KD, P1 2C, then P2 AH, P3 KH, P1 7D;
    # a burn before each street
    state.apply(flow.Shuffle(order=stacked("AS", "KD", "2C", "AH", "KH", "7D",
                                           "3C", "KS", "KC", "4D", "5C", "9S", "6C", "JD")))
    assert state.blind_seats == {"small": 1, "big": 2}
    assert state.to_act == 0  # left of the big blind
    play_calling(state)
    assert [state.card_name(c) for c in state.board] == ["KS", "KC", "4D", "9S", "JD"]
    result = state.results
    assert result.pots[0].winners == (2,) and result.hands[2].label == "Four Kings"
    assert state.chips.stacks == [98, 98, 104]  # a pot of 6: the blinds called, then checked down


def test_stud_the_lowest_up_card_brings_it_in_and_the_best_showing_opens_later():
    state = table(STUD, 3)
    # two down, then third street up, one at a time from the dealer's left (P2, P3, P1)
    state.apply(flow.Shuffle(order=stacked("2S", "3S", "4S", "5S", "6S", "7S", "KD", "2C", "9H",
                                           "KC", "3D", "4H")))
    assert [state.card_name(state.up[s][0]) for s in (1, 2, 0)] == ["KD", "2C", "9H"]
    assert state.bring_in_seat == 2 and state.chips.round_bets[2] == 1
    assert state.to_act == 0  # left of the bring-in
    options = state.betting_options(0)
    assert options.can_raise and options.min_raise_to == options.max_raise_to == 2  # completes to the small bet
    state.apply(Call(seat=0))
    state.apply(Call(seat=1))  # nobody completed: the bring-in stands, and it has no option
    assert state.chips.pot_total == 3 + 3
    # fourth street: P2 KD KC shows a pair, the best: it opens
    assert [state.card_name(state.up[s][1]) for s in (1, 2, 0)] == ["KC", "3D", "4H"]
    assert state.to_act == 1


def test_omaha_hilo_splits_the_pot_between_the_best_high_and_the_only_low():
    state = table(OMAHA_HILO, 2)
    # heads-up: P2 (the dealer's left) gets the 1st, 3rd, 5th and 7th cards
    state.apply(flow.Shuffle(order=stacked(
        "AS", "KH", "2D", "KD", "9C", "QS", "9D", "QH",
        "5C", "3H", "4S", "KC", "5D", "8H", "7C", "JC", "6S")))
    play_calling(state)
    assert [state.card_name(c) for c in state.board] == ["3H", "4S", "KC", "8H", "JC"]
    result = state.results
    # P1: K K Q Q with the board's K: a set of kings, the best high; no low (no two small cards)
    # P2: A 2 with 3 4 8: an 8-4-3-2-A low, the only one
    names = {p.name: p for p in result.pots}
    assert names["main pot (high)"].winners == (0,) and names["main pot (low)"].winners == (1,)
    assert names["main pot (high)"].amount == names["main pot (low)"].amount
    assert state.chips.stacks == [100, 100]


def test_a_stud_hand_written_as_data_reads_as_the_one_declared_in_code():
    from cardtable.engine.flow.reader import read_flow
    written = read_flow([
        {"antes": {"amount": "ante"}}, {"deal": {"hole": 2}}, {"deal_up": {"name": "third street"}},
        {"bring_in": {}}, {"bet": {"name": "on third street", "opener": "bring_in"}},
        {"deal_up": {"name": "fourth street"}}, {"bet": {"name": "on fourth street", "opener": "best_showing"}},
        {"deal_up": {"name": "fifth street"}},
        {"bet": {"name": "on fifth street", "big": True, "opener": "best_showing"}},
        {"deal_up": {"name": "sixth street"}},
        {"bet": {"name": "on sixth street", "big": True, "opener": "best_showing"}}, {"deal": {"hole": 1}},
        {"bet": {"name": "on the river", "big": True, "opener": "best_showing"}},
        {"board_showdown": {"high": "high"}}, {"settle": {}}])
    assert written == STUD


@pytest.mark.parametrize("heads_up,small,big", [("dealer_big", 1, 0), ("dealer_small", 0, 1)])
def test_heads_up_the_blinds_say_whether_the_dealer_posts_the_small_or_the_big(heads_up, small, big):
    hand = flow.HandFlow((flow.Blinds("small_blind", "big_blind", heads_up=heads_up), *HOLDEM.steps[1:]))
    state = table(hand, 2)  # P1 (seat 0) deals
    state.apply(flow.Shuffle(order=stacked()))
    assert state.blind_seats == {"small": small, "big": big}
    assert state.chips.round_bets[small] == 1 and state.chips.round_bets[big] == 2
    assert state.to_act == small  # left of the big blind, heads-up the small blind
    state.apply(Call(seat=small))
    state.apply(Check(seat=big))
    assert state.to_act == 1  # after the flop the dealer's opponent is first, either way
    with pytest.raises(ValueError, match="dealer_big or dealer_small"):
        flow.Blinds(heads_up="button")


@pytest.mark.parametrize("game_id", sorted(WRITTEN))
def test_each_bundled_yaml_game_declares_the_standard_hand(game_id):
    from cardtable import games
    assert games.get(game_id).state.FLOW == WRITTEN[game_id]
