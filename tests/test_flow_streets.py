"""Community-card and stud games on the declared flow (:mod:`cardtable.engine.flow.streets`),
on a test state: Hold'em with blinds and a board, Seven-Card Stud with a bring-in by the
lowest up card and later streets opened by the best hand showing, Omaha Hi/Lo with the pot
split between the best high and the best qualifying low. Hands worked out by hand on a
stacked deck, and random play to the end keeping every chip and card."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from enum import StrEnum
from types import SimpleNamespace
from typing import Any

import pytest

from cardtable.engine import flow
from cardtable.engine.betting import BettingRules, Call, Check
from cardtable.engine.flow.streets import Board, BoardFlowState, BoardShowdown, BringIn, DealUp
from cardtable.engine.game import CHANCE
from cardtable.engine.showdown import ShowdownResult
from cardtable.variants import load_deck_by_id

DECK = load_deck_by_id("standard52")
BY_CODE = {card.code: card.index for card in DECK}


class Phase(StrEnum):
    """The phases the streets' steps wait in, and between hands."""

    SHUFFLE = "shuffle"
    BET = "bet"
    REVEAL = "reveal"
    GAME_OVER = "game_over"


@dataclass(frozen=True)
class Stakes:
    """The settings the steps read by name."""

    ante: int = 1
    small_blind: int = 1
    blind: int = 2
    bring_in: int = 1
    starting_chips: int = 100
    betting: BettingRules = field(default_factory=lambda: BettingRules(limit="fixed", min_bet=2, big_bet=4))

    @staticmethod
    def definition() -> Any:
        return SimpleNamespace(round_word="hand")


class Result(ShowdownResult[Any]):
    """A hand's result; its hands written by label."""

    @staticmethod
    def hand_json(hand: Any) -> Any:
        return {"label": hand.label, "key": list(hand.key)}


HOLDEM = flow.HandFlow((
    flow.Blinds(), flow.Deal(hole=2), flow.Bet("before the flop", opener="big_blind_left"),
    Board(3, "flop"), flow.Bet("on the flop"), Board(1, "turn"), flow.Bet("on the turn", big=True),
    Board(1, "river"), flow.Bet("on the river", big=True), BoardShowdown("high"), flow.Settle()))
STUD = flow.HandFlow((
    flow.Antes("ante"), flow.Deal(hole=2), DealUp("third street"), BringIn(),
    flow.Bet("on third street", opener="bring_in"), DealUp("fourth street"),
    flow.Bet("on fourth street", opener="best_showing"), DealUp("fifth street"),
    flow.Bet("on fifth street", big=True, opener="best_showing"), DealUp("sixth street"),
    flow.Bet("on sixth street", big=True, opener="best_showing"), flow.Deal(hole=1),
    flow.Bet("on the river", big=True, opener="best_showing"), BoardShowdown("high"), flow.Settle()))
OMAHA_HILO = flow.HandFlow((
    flow.Blinds(), flow.Deal(hole=4), flow.Bet("before the flop", opener="big_blind_left"),
    Board(3, "flop"), flow.Bet("on the flop"), Board(1, "turn"), flow.Bet("on the turn", big=True),
    Board(1, "river"), flow.Bet("on the river", big=True), BoardShowdown("omaha_high", low="omaha_low8"),
    flow.Settle()))


def table(hand: flow.HandFlow, seats: int, stacks: list[int] | None = None) -> BoardFlowState:
    """A match of the test game on ``hand``'s flow."""
    state_type = type("StreetState", (BoardFlowState,), {"FLOW": hand, "RESULT": Result, "new": None,
                                                         "view": None, "__abstractmethods__": frozenset()})
    names = [f"P{s + 1}" for s in range(seats)]
    stacks = stacks or [100] * seats
    state: BoardFlowState = state_type._seated(Stakes(), DECK, names, random.Random(1), 0, stacks, Phase.SHUFFLE)
    state._start_match(stacks)
    return state


def stacked(*codes: str) -> tuple[int, ...]:
    """A shuffle's order: these cards on top, the rest of the deck after them."""
    top = [BY_CODE[c] for c in codes]
    return tuple(top + [i for i in range(len(DECK)) if i not in top])


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
    state.apply(Call(seat=1))
    state.apply(Check(seat=2))  # nobody completed: the bring-in stands
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
