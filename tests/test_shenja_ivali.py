"""Shenja Ivali, the state machine: every phase on fixed deck orders, the source's
sample game, the auction's rules, pots, busted seats and the end of a match."""

from __future__ import annotations

import json
import random

import pytest

from cardtable.engine.betting import AllIn, Bet, Call, Check, Fold, Limit, Raise
from cardtable.engine.game import CHANCE, IllegalAction
from cardtable.games.shenja_ivali.checks import all_problems, round_trip_problems
from cardtable.games.shenja_ivali.hands import IvaliRules
from cardtable.games.shenja_ivali.state import (
    Bid,
    Discard,
    DropOut,
    PassBid,
    Phase,
    ShenjaIvaliSettings,
    ShenjaIvaliState,
    Shuffle,
    playing_cards,
)
from cardtable.variants import discover, load_deck_by_id

DECK = load_deck_by_id("ivali")


def card(name: str) -> int:
    return DECK.find(name.replace("Gulani", "Gula")).index


def stacked(seats: int, dealer: int, hands: dict[int, list[str]], flop: list[str] = (),
            then: list[str] = ()) -> Shuffle:
    """A shuffle that deals ``hands`` (one card at a time from the dealer's left), then
    the ``flop``, then the cards in ``then`` (the draws), then the rest in deck order."""
    order: list[int] = []
    players = [(dealer + k) % seats for k in range(1, seats + 1) if (dealer + k) % seats in hands]
    for r in range(4):
        for seat in players:
            order.append(card(hands[seat][r]))
    order += [card(n) for n in [*flop, *then]]
    assert len(set(order)) == len(order), "a card is stacked twice"
    order += [i for i in playing_cards(DECK) if i not in order]
    return Shuffle(order=tuple(order))


def new(names="ABC", dealer=0, stacks=None, **settings) -> ShenjaIvaliState:
    return ShenjaIvaliState.new(ShenjaIvaliSettings.from_settings(settings), DECK, list(names),
                                random.Random(7), dealer=dealer, stacks=stacks)


def passive(state: ShenjaIvaliState):
    """Check (or call), stand pat, or pass in the auction: for the seat to act."""
    seat = state.to_act
    if state.phase == Phase.BET:
        return Check(seat=seat) if state.betting_options(seat).can_check else Call(seat=seat)
    if state.phase == Phase.DRAW:
        return Discard(seat=seat, cards=())
    return PassBid(seat=seat)


def play_passively(state: ShenjaIvaliState, until: Phase) -> None:
    while state.phase != until:
        assert state.to_act not in (None, CHANCE), state.phase
        state.apply(passive(state))
        assert all_problems(state) == []


def to_phase(state: ShenjaIvaliState, phase: Phase, betting_round: int | None = None) -> None:
    while not (state.phase == phase and (betting_round is None or state.betting_round == betting_round)):
        state.apply(passive(state))


# --- the phases -------------------------------------------------------------------------

HANDS3 = {
    1: ["Earth 1 of Earth", "Irath 2 of Earth", "Omec 3 of Water", "Libera 4 of Fire"],
    2: ["Earth 1 of Water", "Irath 2 of Water", "Omec 3 of Earth", "Libera 4 of Earth"],
    0: ["Earth 3 of Earth", "Earth 4 of Fire", "Omec 3 of Air", "Libera 5 of Water"],
}
FLOP3 = ["Gula 5 of Air", "Gula 5 of Fire", "Gula 1 of Air"]


def test_the_phases_come_in_order_on_a_fixed_deck():
    state = new("ABC", dealer=0)
    assert (state.phase, state.to_act, state.round_no) == (Phase.SHUFFLE, CHANCE, 0)
    state.apply(stacked(3, 0, HANDS3, FLOP3))
    assert state.round_no == 1
    assert [state.hand_of(s) for s in range(3)] == [[card(n) for n in HANDS3[s]] for s in range(3)]
    seen = [(state.phase.value, state.betting_round)]
    while state.phase != Phase.REVEAL:
        state.apply(passive(state))
        step = (state.phase.value, state.betting_round)
        if step != seen[-1]:
            seen.append(step)
    assert seen == [("bet", 0), ("bet", 1), ("draw", None), ("bet", 2), ("auction", None),
                    ("bet", 3), ("reveal", None)]
    assert state.flop == [card(n) for n in FLOP3]
    # nobody bid: the flop goes out from the dealer's left (B, C, A) in deal order
    assert state.flop_takers == [1, 2, 0]
    assert state.to_act == CHANCE


def test_every_betting_round_starts_at_the_dealers_left():
    state = new("ABCD", dealer=2)
    state.apply(state.chance_action())
    for number in range(4):
        to_phase(state, Phase.BET, number)
        assert state.to_act == 3


def test_antes_come_from_everyone_and_a_short_stack_antes_all_in():
    state = new("ABC", stacks=[10, 2, 10], ante=3)
    state.apply(state.chance_action())
    assert state.stacks == [7, 0, 7]
    assert state.chips.pot_total == 8
    assert "B all-in" in state.log_for(None)[0]


def test_the_flop_has_one_card_per_player_still_in():
    state = new("ABCD", dealer=0)
    state.apply(state.chance_action())
    assert state.to_act == 1
    state.apply(Bet(seat=1, to=2))
    state.apply(Fold(seat=2))
    state.apply(Call(seat=3))
    state.apply(Call(seat=0))
    assert state.phase == Phase.BET and state.betting_round == 1
    assert len(state.flop) == 3
    assert state.hand_of(2) == [] and len(state.discards) == 4  # the folded hand, face down


def test_discards_are_limited_and_replaced_in_place():
    state = new("ABC", dealer=0)
    state.apply(stacked(3, 0, HANDS3, FLOP3, then=["Gula 2 of Water", "Gula 3 of Water"]))
    to_phase(state, Phase.DRAW)
    hand = state.hand_of(1)
    assert state.to_act == 1
    assert state.why_illegal(Discard(seat=2, cards=())) == "it is B's turn, not C's"
    assert state.why_illegal(Discard(seat=1, cards=tuple(hand[:3]))) == "you may discard at most 2 cards"
    assert state.why_illegal(Discard(seat=1, cards=(hand[0], hand[0]))) == "a card is named twice"
    assert state.why_illegal(Discard(seat=1, cards=(card("Gula 4 of Earth"),))) == \
        "Gula 4 of Earth is not in B's hand"
    assert state.why_illegal(Check(seat=1)).startswith("now is the draw")
    assert len(state.legal_actions(1)) == 1 + 4 + 6
    event = state.apply(Discard(seat=1, cards=(hand[1], hand[3])))
    assert state.hand_of(1) == [hand[0], card("Gula 2 of Water"), hand[2], card("Gula 3 of Water")]
    assert event.public == "B discards 2 cards and draws 2"
    assert "Gula 2 of Water" in event.text_for(1) and "Gula 2 of Water" not in event.public
    assert state.drawn[1] == 2 and set(state.discards) == {hand[1], hand[3]}
    state.apply(Discard(seat=2, cards=()))
    assert state.log[-1].public == "C stands pat" or state.log[-2].public == "C stands pat"


def test_max_discard_is_a_setting():
    state = new("AB", dealer=0, max_discard=1)
    state.apply(state.chance_action())
    to_phase(state, Phase.DRAW)
    hand = state.hand_of(1)
    assert state.why_illegal(Discard(seat=1, cards=tuple(hand[:2]))) == "you may discard at most 1 card"
    assert len(state.legal_actions(1)) == 5


# --- the auction ------------------------------------------------------------------------

def auction_state(names="ABCD", dealer=3, hands=None, flop=None, stacks=None) -> ShenjaIvaliState:
    state = new(names, dealer=dealer, stacks=stacks)
    if hands is None:
        state.apply(state.chance_action())
    else:
        state.apply(stacked(len(names), dealer, hands, flop))
    to_phase(state, Phase.AUCTION)
    return state


def test_a_topped_bidder_may_top_back_or_drop_out_and_a_dropped_bidder_is_done():
    state = auction_state()
    f = state.flop
    start = state.stacks
    state.apply(Bid(seat=0, card=f[0], amount=3))
    assert state.why_illegal(Bid(seat=1, card=f[0], amount=3)) == \
        f"a bid on {state.card_name(f[0])} must be more than 3"
    assert state.why_illegal(Bid(seat=1, card=f[1], amount=0)) == "a bid is at least 1 chip"
    assert state.why_illegal(DropOut(seat=1)).startswith("only a bidder whose bid was topped")
    state.apply(Bid(seat=1, card=f[0], amount=4))
    assert state.auction_view()["status"] == ["topped", "bid", "waiting", "waiting"]
    state.apply(PassBid(seat=2))
    state.apply(PassBid(seat=3))
    assert state.to_act == 0  # A was topped: its turn comes round again
    assert state.why_illegal(PassBid(seat=0)).startswith("A already bid")
    assert state.why_illegal(Bid(seat=0, card=f[1], amount=5)).startswith("A was topped on")
    state.apply(DropOut(seat=0))
    assert state.stacks[0] == start[0]  # the bid came back
    assert state.auction_view()["status"][0] == "dropped"
    # the auction is over: B's bid stands; A cannot bid again
    assert state.phase == Phase.BET and state.betting_round == 3
    assert state.why_illegal(Bid(seat=0, card=f[2], amount=1)).startswith("now is betting")
    assert state.flop_takers[0] == 1
    assert state.auction_pot == 4 and state.stacks[1] == start[1] - 4


def test_a_dropped_bidder_never_gets_another_turn():
    state = auction_state()
    f = state.flop
    state.apply(Bid(seat=0, card=f[1], amount=1))
    state.apply(Bid(seat=1, card=f[1], amount=2))
    state.apply(Bid(seat=2, card=f[1], amount=3))
    state.apply(Bid(seat=3, card=f[2], amount=1))
    state.apply(DropOut(seat=0))
    state.apply(Bid(seat=1, card=f[1], amount=4))
    assert state.to_act == 2 and state.auction_view()["status"][0] == "dropped"
    state.apply(Bid(seat=2, card=f[1], amount=6))
    assert state.to_act == 1  # A is skipped for good
    state.apply(DropOut(seat=1))
    assert state.phase == Phase.BET
    assert [state.flop_takers[i] for i in range(4)] == [0, 2, 3, 1]


def test_cards_left_go_from_the_dealers_left_in_flop_order():
    state = auction_state(dealer=1)  # order: C, D, A, B
    f = state.flop
    state.apply(PassBid(seat=2))
    state.apply(Bid(seat=3, card=f[0], amount=2))
    state.apply(PassBid(seat=0))
    state.apply(Bid(seat=1, card=f[2], amount=1))
    # D took card 0, B card 2; the rest (1, 3) go to C then A
    assert state.flop_takers == [3, 2, 1, 0]
    assert state.auction_pot == 3
    for i, seat in enumerate(state.flop_takers):
        assert f[i] in state.hand_of(seat) and len(state.hand_of(seat)) == 5


def test_a_player_with_no_chips_passes_without_being_asked():
    state = new("ABC", dealer=2, stacks=[5, 50, 50])
    state.apply(state.chance_action())
    state.apply(AllIn(seat=0))
    state.apply(Call(seat=1))
    state.apply(Call(seat=2))
    to_phase(state, Phase.AUCTION)
    assert state.to_act == 1
    assert state.auction_view()["status"][0] == "passed"
    assert any("has no chips to bid with" in line for line in state.log_for(None))


def test_a_topped_bidder_who_cannot_top_drops_out_by_itself():
    state = auction_state(names="ABC", dealer=2, stacks=[10, 50, 50])
    f = state.flop
    state.apply(Bid(seat=0, card=f[0], amount=9))
    state.apply(Bid(seat=1, card=f[0], amount=10))
    state.apply(PassBid(seat=2))
    assert state.phase == Phase.BET and state.auction_view()["status"] == ["dropped", "bid", "passed"]
    assert state.stacks[0] == 9 and state.flop_takers[0] == 1
    assert any("cannot top" in line for line in state.log_for(None))


def test_a_bid_cannot_exceed_the_stack_plus_the_bid_already_on_the_card():
    state = auction_state(names="ABC", dealer=2, stacks=[10, 50, 50])
    f = state.flop
    assert state.why_illegal(Bid(seat=0, card=f[0], amount=10)) == \
        "A has only 9 chips: the most it can bid is 9"
    state.apply(Bid(seat=0, card=f[0], amount=4))
    state.apply(Bid(seat=1, card=f[0], amount=5))
    state.apply(PassBid(seat=2))
    assert state.can(Bid(seat=0, card=f[0], amount=9))
    assert not state.can(Bid(seat=0, card=f[0], amount=10))


# --- the source's sample game ---------------------------------------------------------
# As tests/test_ivali_hands.py reads it: dealer D, flop Gulani 3 of Fire, Omec 5 of Air,
# Irath 2 of Earth, Gulani 3 of Earth. A bids 1 on the Gulani 3 of Fire, B tops with 2,
# C with 3; D bids 1 on the Irath 2 of Earth. A gives up (the text's "Player B has
# elected not to challenge" read as A, since A's bid is the one returned), B tops C
# with 4, and C does not raise to 5. B's Shooting Stars wins.
SAMPLE_HOLE = {
    0: ["Earth 3 of Fire", "Earth 3 of Earth", "Omec 3 of Water", "Earth 1 of Water"],
    1: ["Libera 1 of Fire", "Libera 2 of Fire", "Earth 4 of Fire", "Irath 5 of Fire"],
    2: ["Earth 3 of Water", "Earth 3 of Air", "Irath 3 of Water", "Libera 3 of Air"],
    3: ["Irath 2 of Fire", "Irath 2 of Water", "Omec 2 of Air", "Irath 4 of Air"],
}
SAMPLE_FLOP = ["Gulani 3 of Fire", "Omec 5 of Air", "Irath 2 of Earth", "Gulani 3 of Earth"]


def test_the_sources_sample_game():
    state = new("ABCD", dealer=3)
    state.apply(stacked(4, 3, SAMPLE_HOLE, SAMPLE_FLOP))
    to_phase(state, Phase.AUCTION)
    g3f, o5a, i2e, g3e = (card(n) for n in SAMPLE_FLOP)
    assert state.flop == [g3f, o5a, i2e, g3e]
    before = state.stacks
    for action in [Bid(seat=0, card=g3f, amount=1), Bid(seat=1, card=g3f, amount=2),
                   Bid(seat=2, card=g3f, amount=3), Bid(seat=3, card=i2e, amount=1),
                   DropOut(seat=0), Bid(seat=1, card=g3f, amount=4)]:
        state.apply(action)
    assert state.to_act == 2
    assert state.why_illegal(Bid(seat=2, card=g3f, amount=4)) == \
        "a bid on Gula 3 of Fire must be more than 4"
    state.apply(DropOut(seat=2))
    assert state.flop_takers == [1, 0, 3, 2]  # A gets the Omec 5 of Air, C the Gulani 3 of Earth
    assert state.auction_pot == 5
    assert state.stacks == [before[0], before[1] - 4, before[2], before[3] - 1]
    play_passively(state, Phase.REVEAL)
    result = state.results
    assert result.showdown
    assert {s: v.kind for s, v in result.hands.items()} == {
        0: "Tree House", 1: "Shooting Stars", 2: "Sensoth Party", 3: "Double Squad"}
    assert result.winners == (1,)
    assert [(p.name, p.amount, p.winners) for p in result.pots] == [
        ("main pot", 4, (1,)), ("auction pot", 5, (1,))]
    assert state.stacks == [99, 104, 99, 98]
    assert result.net == (-1, 4, -1, -2)
    assert any(line == "B wins the main pot of 4 with Shooting Stars" for line in state.log_for(None))


# --- pots -------------------------------------------------------------------------------

def test_when_all_but_one_fold_the_hand_ends_at_once_and_the_last_takes_everything():
    state = new("ABC", dealer=0)
    state.apply(state.chance_action())
    to_phase(state, Phase.AUCTION)
    f = state.flop
    state.apply(Bid(seat=1, card=f[0], amount=5))
    state.apply(Bid(seat=2, card=f[1], amount=3))
    state.apply(PassBid(seat=0))
    assert state.auction_pot == 8
    state.apply(Bet(seat=1, to=10))
    state.apply(Fold(seat=2))
    state.apply(Fold(seat=0))
    assert state.phase == Phase.REVEAL
    result = state.results
    assert not result.showdown and result.hands == {}
    assert result.uncalled == (1, 10)
    assert result.won == {1: 3 + 8}  # the antes and the auction pot; the bet came back
    assert state.stacks == [99, 100 - 1 - 5 + 11, 100 - 1 - 3]
    assert sum(state.stacks) == 300
    assert all(v is None for v in state.view(0)["hands"][1])  # the winner shows nothing


def test_folding_before_the_flop_ends_the_hand_with_no_flop():
    state = new("AB", dealer=0)
    state.apply(state.chance_action())
    state.apply(Fold(seat=1))
    assert state.phase == Phase.REVEAL and state.flop == []
    assert state.stacks == [101, 99]


SIDE_POT_HOLE = {
    0: ["Libera 1 of Fire", "Libera 2 of Fire", "Gula 3 of Fire", "Earth 4 of Fire"],
    1: ["Earth 3 of Water", "Earth 3 of Air", "Irath 3 of Water", "Libera 3 of Air"],
    2: ["Irath 2 of Fire", "Irath 2 of Water", "Omec 2 of Air", "Irath 4 of Air"],
}
SIDE_POT_FLOP = ["Irath 5 of Fire", "Gula 3 of Earth", "Irath 2 of Earth"]


def test_side_pots_at_the_reveal():
    state = new("ABC", dealer=2, stacks=[20, 50, 100])
    state.apply(stacked(3, 2, SIDE_POT_HOLE, SIDE_POT_FLOP))
    state.apply(AllIn(seat=0))  # 19 more
    state.apply(Call(seat=1))
    state.apply(Call(seat=2))
    assert state.betting_round == 1 and state.to_act == 1
    state.apply(Bet(seat=1, to=10))
    state.apply(Call(seat=2))
    play_passively(state, Phase.REVEAL)
    result = state.results
    assert {s: v.kind for s, v in result.hands.items()} == {
        0: "Shooting Stars", 1: "Sensoth Party", 2: "Double Squad"}
    assert [(p.name, p.amount, p.eligible, p.winners) for p in result.pots] == [
        ("main pot", 60, (0, 1, 2), (0,)), ("side pot 1", 20, (1, 2), (1,))]
    assert state.stacks == [60, 50 - 30 + 20, 100 - 30]


def test_a_tie_splits_the_pot_and_the_odd_chip_goes_left_of_the_dealer():
    hole = {0: ["Earth 1 of Earth", "Irath 2 of Earth", "Omec 3 of Water", "Libera 4 of Fire"],
            1: ["Earth 1 of Water", "Irath 2 of Water", "Omec 3 of Earth", "Libera 4 of Earth"],
            2: ["Earth 3 of Earth", "Earth 4 of Fire", "Omec 3 of Air", "Libera 5 of Water"]}
    flop = ["Gula 5 of Air", "Gula 5 of Fire", "Gula 1 of Air"]
    state = new("ABC", dealer=2, rank_planets=False, rank_elements=False)
    state.apply(stacked(3, 2, hole, flop))
    play_passively(state, Phase.REVEAL)
    result = state.results
    assert result.hands[0].kind == result.hands[1].kind == "Migration"
    assert result.hands[0].key == result.hands[1].key
    assert result.pots[0].winners == (0, 1) and dict(result.pots[0].shares) == {0: 2, 1: 1}
    assert state.stacks == [101, 100, 99]


def test_an_uncalled_all_in_comes_back():
    state = new("AB", dealer=1, stacks=[100, 30])
    state.apply(state.chance_action())
    state.apply(AllIn(seat=0))
    state.apply(Call(seat=1))  # all-in for 29
    assert state.chips.contributed == [30, 30]
    assert state.stacks[0] == 70
    assert any(line == "70 uncalled returned to A" for line in state.log_for(None))


def test_fixed_limit_uses_the_big_bet_after_the_draw():
    state = new("AB", dealer=1, limit="fixed", min_bet=2)
    state.apply(state.chance_action())
    assert state.betting_options(0).min_raise_to == 2
    to_phase(state, Phase.BET, 2)
    assert state.betting_options(0).min_raise_to == state.betting_options(0).max_raise_to == 4
    assert state.settings.limit == Limit.FIXED


# --- rounds and the match -----------------------------------------------------------------

def test_the_dealer_moves_left_and_busted_seats_are_skipped():
    hole = {1: ["Earth 1 of Earth", "Earth 2 of Fire", "Omec 3 of Water", "Libera 4 of Fire"],
            2: ["Irath 5 of Earth", "Irath 5 of Fire", "Irath 5 of Water", "Irath 5 of Air"],
            0: ["Gula 5 of Earth", "Gula 5 of Fire", "Gula 5 of Water", "Gula 5 of Air"]}
    state = new("ABC", dealer=0, stacks=[50, 5, 50])
    state.apply(stacked(3, 0, hole, ["Omec 1 of Fire", "Omec 2 of Fire", "Omec 4 of Air"]))
    state.apply(AllIn(seat=1))
    state.apply(Call(seat=2))
    state.apply(Call(seat=0))
    play_passively(state, Phase.REVEAL)
    assert state.stacks[1] == 0 and state.is_out(1)
    assert state.results.hands[1].rank > state.results.hands[0].rank
    state.apply(state.chance_action())
    assert state.dealer == 2  # seat 1 is out: the deal skips it
    assert state.hand_of(1) == [] and not state.in_hand[1]
    assert state.to_act == 0
    to_phase(state, Phase.AUCTION)
    assert state.auction_view()["status"][1] == "done"
    assert state.view(None)["out"] == [False, True, False]


def test_the_match_ends_when_one_seat_has_every_chip():
    state = new("AB", dealer=0, stacks=[40, 60])
    while state.phase != Phase.GAME_OVER:
        if state.to_act == CHANCE:
            state.apply(state.chance_action())
        elif state.phase == Phase.BET and state.betting_options(state.to_act).can_all_in:
            state.apply(AllIn(seat=state.to_act))
        else:
            state.apply(passive(state))
    assert state.to_act is None and state.is_over
    assert state.legal_actions(0) == [] and state.legal_actions(1) == []
    assert state.why_illegal(Check(seat=0)) == "the match is over"
    winner = state.standings()[0]
    assert winner[1] == 100 and state.standings()[1][1] == 0
    assert state.log_for(None)[-1] == f"{winner[0]} has all the chips: the match is over"
    assert state.results is not None


# --- legality, views, events, JSON -------------------------------------------------------

def test_chance_must_shuffle_first_and_a_shuffle_must_be_complete():
    state = new("AB")
    assert state.why_illegal(Check(seat=1)) == "the dealer must shuffle first"
    assert state.why_illegal(Shuffle(order=(1, 2, 3))) == \
        "a shuffle must order every playing card of the deck exactly once"
    assert state.why_illegal(Shuffle(order=tuple(range(100)), seat=0)) == \
        "the shuffle is chance's action (seat CHANCE)"
    shuffle = state.chance_action()
    state.apply(shuffle)
    assert state.why_illegal(shuffle) == "only the dealer shuffles, between rounds"
    assert state.why_illegal(Check(seat=0)) == "it is B's turn, not A's"
    assert state.why_illegal(Bet(seat=1, to=1)) == "the smallest bet is 2 (or all-in for 99)"
    assert state.why_illegal(Raise(seat=1, to=9)) == "there is no bet to raise: bet instead"
    assert state.why_illegal(PassBid(seat=1)).startswith("now is betting after the deal")
    with pytest.raises(IllegalAction, match="it is B's turn"):
        state.apply(Check(seat=0))
    with pytest.raises(IllegalAction, match="has only 99 chips behind"):
        state.apply(Bet(seat=1, to=200))


def test_views_show_a_seat_its_own_cards_and_nothing_hidden():
    state = new("ABC", dealer=0)
    state.apply(stacked(3, 0, HANDS3, FLOP3))
    for seat in range(3):
        view = state.view(seat)
        assert view["hands"][seat] == state.hand_of(seat)
        assert all(c is None for s in range(3) if s != seat for c in view["hands"][s])
        assert [len(h) for h in view["hands"]] == [4, 4, 4]
        json.dumps(view)
    assert all(c is None for h in state.view(None)["hands"] for c in h)
    assert state.view(1)["options"]["can_check"] is True and state.view(0)["options"] is None
    play_passively(state, Phase.REVEAL)
    spectator = state.view(None)
    assert spectator["hands"] == [state.hand_of(s) for s in range(3)]  # every hand was shown
    assert spectator["results"]["hands"]["1"]["label"] == state.results.hands[1].label
    assert "deck_order" not in spectator and spectator["deck_count"] == 100 - 15


def test_public_lines_never_name_a_hidden_card_and_the_deal_is_private():
    state = new("ABC", dealer=0)
    state.apply(stacked(3, 0, HANDS3, FLOP3))
    deal = state.log[1]
    assert deal.public == "A deals four cards to each of 3 players"
    assert deal.text_for(1).endswith("; B gets Earth 1 of Earth, Irath 2 of Earth, Omec 3 of Water, "
                                     "Libera 4 of Fire")
    assert "Earth 1 of Earth" not in deal.text_for(2)
    assert all_problems(state) == []


def test_a_state_restored_from_json_continues_identically():
    a = new("ABCD", dealer=1)
    a.apply(a.chance_action())
    to_phase(a, Phase.AUCTION)
    a.apply(Bid(seat=2, card=a.flop[1], amount=2))
    assert round_trip_problems(a) == []
    b = ShenjaIvaliState.from_json(json.loads(json.dumps(a.to_json())), deck=DECK)
    assert b.chips is not None and b.auction_view() == a.auction_view()
    random.seed(12345)  # stirring the global generator changes nothing
    for state in (a, b):
        bot_rng = random.Random(3)
        while state.round_no < 4 and state.to_act is not None:
            if state.to_act == CHANCE:
                state.apply(state.chance_action())
            else:
                state.apply(bot_rng.choice(state.legal_actions(state.to_act)))
    assert a.to_json() == b.to_json()


def test_after_loading_the_ledger_is_the_betting_rounds_chips():
    state = new("ABC")
    state.apply(state.chance_action())
    state.apply(Bet(seat=1, to=4))
    loaded = ShenjaIvaliState.from_json(json.loads(json.dumps(state.to_json())), deck=DECK)
    assert loaded.betting.chips is loaded.chips
    loaded.apply(Call(seat=2))
    assert loaded.chips.contributed == [1, 5, 5]
    with pytest.raises(ValueError, match="needs the deck"):
        ShenjaIvaliState.from_json(state.to_json())


# --- settings and set-up ------------------------------------------------------------------

def test_settings_come_from_the_bundled_variant():
    spec = next(e.spec for e in discover() if e.spec and e.spec.id == "shenja_ivali")
    settings = ShenjaIvaliSettings.from_spec(spec)
    assert (settings.ante, settings.starting_chips, settings.max_discard) == (1, 100, 2)
    assert settings.betting.min_bet == 2 and settings.betting.limit == Limit.NO_LIMIT
    assert settings.hands == IvaliRules()
    assert ShenjaIvaliSettings.from_settings(settings.to_settings()) == settings
    assert (spec.min_seats, spec.max_seats, spec.decks) == (2, 8, ("ivali",))


@pytest.mark.parametrize("settings, message", [
    ({"ante": -1}, "ante must be a whole number of chips >= 1, not -1"),
    ({"limit": "nolimit"}, "limit must be one of no_limit, pot_limit, fixed, not 'nolimit'"),
    ({"max_discard": 3}, "max_discard must be 0, 1 or 2, not 3"),
    ({"planet_order": ["Earth"]}, "planet_order must name each of"),
    ({"bot_level": "godlike"}, "bot_level must be one of normal, tough, random"),
    ({"antes": 2}, "unknown setting 'antes'"),
])
def test_bad_settings_are_refused_with_a_clear_message(settings, message):
    with pytest.raises(ValueError, match="Shenja Ivali settings") as err:
        ShenjaIvaliSettings.from_settings(settings)
    assert message in str(err.value)


@pytest.mark.parametrize("names, stacks, message", [
    (["A"], None, "2 to 8 players"),
    (list("ABCDEFGHI"), None, "2 to 8 players"),
    (["A", "A"], None, "share the name 'A'"),
    (["A", " "], None, "every player needs a name"),
    (["A", "B"], [10, 0], "at least 1 chip"),
])
def test_bad_tables_are_refused(names, stacks, message):
    with pytest.raises(ValueError, match=message):
        ShenjaIvaliState.new(ShenjaIvaliSettings(), DECK, names, random.Random(1), stacks=stacks)


def test_doctests_pass():
    import doctest

    from cardtable.games.shenja_ivali import auction as ivali_auction
    from cardtable.games.shenja_ivali import checks as ivali_checks
    from cardtable.games.shenja_ivali import rules as ivali_setup
    from cardtable.games.shenja_ivali import state as shenja_ivali
    for module in (shenja_ivali, ivali_auction, ivali_setup, ivali_checks):
        assert doctest.testmod(module).failed == 0


def test_a_deck_that_is_not_ivali_is_refused():
    with pytest.raises(ValueError, match="cannot play Shenja Ivali: '2C' is not a regular Ivali card"):
        ShenjaIvaliState.new(ShenjaIvaliSettings(), load_deck_by_id("standard52"), ["A", "B"],
                             random.Random(1))
