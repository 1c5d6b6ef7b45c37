"""Five-Card Draw, written in YAML alone (``variants/five_card_draw.yaml``): a golden hand
from a fixed deck, betting, the draw and its reshuffle, the showdown with split and side
pots, JSON, views and refused actions."""

from __future__ import annotations

import json
import random

import pytest

from cardtable import games
from cardtable.engine.betting import AllIn, Bet, Call, Check, Fold, Raise
from cardtable.engine.flow import Discard, Reshuffle, Shuffle
from cardtable.engine.game import CHANCE, IllegalAction
from cardtable.variants import load_deck_by_id
from cardtable.yaml_games import checks
from cardtable.yaml_games.rules import Phase
from cardtable.yaml_games.state import DeclaredState

DECK = load_deck_by_id("standard52")
GAME = games.get("five_card_draw")


def idx(code: str) -> int:
    return DECK.find(code).index


def order_for(hands: list[list[str]], stock: list[str] = ()) -> tuple[int, ...]:
    """A shuffle dealing ``hands`` (in deal order: from the dealer's left) then ``stock``
    on top of the rest."""
    top = [idx(hand[i]) for i in range(5) for hand in hands] + [idx(c) for c in stock]
    return tuple(top + [c for c in range(52) if c not in top])


def new(names=("Ada", "Bo"), settings=None, stacks=None, dealer=0) -> DeclaredState:
    return GAME.state.new(settings or GAME.rules({}), DECK, list(names), random.Random(7), dealer,
                          stacks=stacks)


def ok(state: DeclaredState) -> None:
    assert checks.all_problems(state) == []
    assert checks.round_trip_problems(state) == []


def test_the_game_is_in_the_registry():
    game = games.get("five_card_draw")
    assert games.find("5cd") is game and game.seats == (2, 6) and game.decks == ("standard52",)
    assert game.read_settings({"max_draw": 2}).max_draw == 2
    assert game.settings_problems({"max_draw": 7})


def test_a_golden_hand_from_a_fixed_deck():
    state = new()
    # dealer Ada (0): Bo (1) is dealt first.
    bo = ["KH", "KD", "7C", "4S", "2D"]
    ada = ["AS", "AH", "QC", "9D", "3C"]
    state.apply(Shuffle(order=order_for([bo, ada], stock=["KS", "8H", "8D", "AD", "5C"])))
    ok(state)
    assert state.phase == Phase.BET and state.to_act == 1 and state.pots()[0].amount == 2
    assert sorted(state.hand_of(1)) == sorted(map(idx, bo))
    state.apply(Bet(seat=1, to=4))
    state.apply(Call(seat=0))
    ok(state)
    assert state.phase == Phase.DRAW and state.to_act == 1
    state.apply(Discard(seat=1, cards=(idx("7C"), idx("4S"), idx("2D"))))  # draws KS 8H 8D
    state.apply(Discard(seat=0, cards=(idx("QC"), idx("9D"), idx("3C"))))  # draws AD 5C + next
    ok(state)
    assert state.phase == Phase.BET and state.betting_round == 1
    assert {DECK[c].code for c in state.hand_of(1)} == {"KH", "KD", "KS", "8H", "8D"}
    state.apply(Check(seat=1))
    state.apply(Bet(seat=0, to=10))
    state.apply(Call(seat=1))
    ok(state)
    assert state.phase == Phase.REVEAL
    r = state.results
    assert r.hands[1].label == "Full House, Kings over Eights"
    assert r.winners == (1,) and state.stacks == [85, 115]
    assert "Bo wins the main pot of 30 with Full House, Kings over Eights" in state.log_for(None)


def test_split_pot_and_odd_chip_left_of_the_dealer():
    state = new(("Ada", "Bo", "Cy"), dealer=0)
    # From the dealer's left: Bo, Cy, Ada. Bo and Cy hold the same straight.
    bo = ["9H", "8H", "7D", "6C", "5S"]
    cy = ["9S", "8C", "7H", "6D", "5D"]
    ada = ["KH", "QD", "2C", "3S", "JD"]
    state.apply(Shuffle(order=order_for([bo, cy, ada])))
    state.apply(Bet(seat=1, to=2))
    state.apply(Call(seat=2))
    state.apply(Raise(seat=0, to=5))  # Ada raises, then folds after the draw
    state.apply(Call(seat=1))
    state.apply(Call(seat=2))
    for seat in (1, 2):
        state.apply(Discard(seat=seat, cards=()))
    state.apply(Discard(seat=0, cards=(idx("2C"), idx("3S"))))
    state.apply(Check(seat=1))
    state.apply(Bet(seat=2, to=3))
    state.apply(Fold(seat=0))
    state.apply(Call(seat=1))
    ok(state)
    pot = state.results.pots[0]
    assert pot.amount == 3 + 15 + 6 and pot.winners == (1, 2) and pot.shares == {1: 12, 2: 12}
    assert "is split" in state.log_for(None)[-1]


def test_side_pot_goes_to_the_best_eligible_hand():
    state = new(("Ada", "Bo", "Cy"), stacks=[100, 10, 100], dealer=0)
    bo = ["AS", "AD", "AH", "2C", "3D"]     # best hand, but all-in for 10
    cy = ["KS", "KD", "9H", "4C", "5D"]
    ada = ["QS", "QD", "8H", "7C", "6D"]
    state.apply(Shuffle(order=order_for([bo, cy, ada])))
    state.apply(AllIn(seat=1))
    state.apply(Raise(seat=2, to=30))
    state.apply(Call(seat=0))
    for seat in (1, 2, 0):
        state.apply(Discard(seat=seat, cards=()))
    state.apply(Check(seat=2))
    state.apply(Check(seat=0))
    ok(state)
    main, side = state.results.pots
    assert main.amount == 30 and main.winners == (1,)
    assert side.amount == 42 and side.winners == (2,) and side.eligible == (0, 2)


def test_everyone_folds_and_the_bet_comes_back():
    state = new()
    state.apply(state.chance_action())
    state.apply(Bet(seat=1, to=20))
    state.apply(Fold(seat=0))
    assert state.phase == Phase.REVEAL and not state.results.showdown
    assert state.stacks == [99, 101]
    assert state.hand_of(0) == [] and len(state.discards) == 5
    ok(state)
    state.apply(state.chance_action())
    assert state.dealer == 1 and state.round_no == 2  # the deal passed left


def test_illegal_actions_are_refused_with_reasons():
    state = new()
    with pytest.raises(IllegalAction, match="shuffle first"):
        state.apply(Check(seat=0))
    assert "every card" in state.why_illegal(Shuffle(order=(1, 2, 3)))
    state.apply(state.chance_action())
    assert "Bo's turn" in state.why_illegal(Check(seat=0))
    assert "betting before the draw" in state.why_illegal(Discard(seat=1, cards=()))
    assert state.why_illegal(Bet(seat=1, to=1)) is not None
    state.apply(Check(seat=1))
    state.apply(Check(seat=0))
    hand = state.hand_of(1)
    other = state.hand_of(0)[0]
    assert "not in Bo's hand" in state.why_illegal(Discard(seat=1, cards=(other,)))
    assert "named twice" in state.why_illegal(Discard(seat=1, cards=(hand[0], hand[0])))
    assert "at most" in state.why_illegal(Discard(seat=1, cards=tuple(hand)))
    history = list(state.history)
    with pytest.raises(IllegalAction):
        state.apply(Discard(seat=1, cards=tuple(hand)))
    assert state.history == history


def test_four_cards_only_when_keeping_an_ace():
    state = new()
    bo = ["AS", "KD", "7C", "4S", "2D"]
    ada = ["QS", "JH", "9C", "6D", "3C"]
    state.apply(Shuffle(order=order_for([bo, ada])))
    state.apply(Check(seat=1))
    state.apply(Check(seat=0))
    four = tuple(idx(c) for c in ("KD", "7C", "4S", "2D"))
    assert state.why_illegal(Discard(seat=1, cards=four)) is None
    with_ace = tuple(idx(c) for c in ("AS", "7C", "4S", "2D"))
    assert "keep an ace" in state.why_illegal(Discard(seat=1, cards=with_ace))
    state.apply(Discard(seat=1, cards=four))
    assert "keeping an ace" in state.log_for(None)[-1]
    assert "keep an ace" in state.why_illegal(Discard(seat=0, cards=tuple(map(idx, ada[:4]))))
    no_bonus = new(settings=GAME.rules({"ace_bonus": False}))
    no_bonus.apply(Shuffle(order=order_for([bo, ada])))
    no_bonus.apply(Check(seat=1))
    no_bonus.apply(Check(seat=0))
    assert "at most 3" in no_bonus.why_illegal(Discard(seat=1, cards=four))


def test_default_rules_never_run_the_stock_out():
    """Six players, the most they can draw: four aces let four players draw four, the
    other two draw three: 4 x 4 + 2 x 3 = 22, exactly the stock after the deal."""
    names = [f"P{i}" for i in range(6)]
    state = new(names, dealer=5)
    hands = [[f"A{s}", f"2{s}", f"3{s}", f"4{s}", f"5{s}"] for s in "CDHS"]
    hands += [["KC", "KD", "6H", "KS", "QC"], ["QD", "QH", "QS", "JC", "JD"]]
    state.apply(Shuffle(order=order_for(hands)))
    for seat in range(6):
        state.apply(Check(seat=seat))
    for seat in range(6):
        hand = state.hand_of(seat)
        state.apply(Discard(seat=seat, cards=tuple(hand[1:] if seat < 4 else hand[:3])))
        assert state.phase != Phase.RESHUFFLE
    assert state.phase == Phase.BET and state.deck_order == []
    ok(state)


def test_the_stock_runs_out_and_the_discards_are_reshuffled():
    names = [f"P{i}" for i in range(6)]
    state = new(names, dealer=5, settings=GAME.rules({"max_draw": 4}))
    state.apply(state.chance_action())
    for seat in range(6):
        state.apply(Check(seat=seat))
    for seat in range(5):
        state.apply(Discard(seat=seat, cards=tuple(state.hand_of(seat)[:4])))
    assert len(state.deck_order) == 2 and len(state.discards) == 20
    own = tuple(state.hand_of(5)[:4])
    start = len(state.log)
    state.apply(Discard(seat=5, cards=own))
    assert state.phase == Phase.RESHUFFLE and state.to_act == CHANCE
    assert len(state.hand_of(5)) == 3 and state.pending == list(own)
    assert checks.all_problems(state, log_start=start) == []
    assert checks.round_trip_problems(state) == []
    assert "reshuffles the discards" in state.why_illegal(Shuffle(order=tuple(range(52))))
    assert state.why_illegal(Reshuffle(order=tuple(own))) is not None  # the player's own are not in it
    action = state.chance_action()
    assert isinstance(action, Reshuffle) and len(action.order) == 20
    state.apply(action)
    assert len(state.hand_of(5)) == 5 and not set(own) & set(state.hand_of(5))
    assert sorted(state.discards) == sorted(own) and len(state.deck_order) == 18
    assert state.phase == Phase.BET and state.betting_round == 1
    assert checks.all_problems(state, log_start=start) == []


def test_json_round_trip_and_views_hide_other_hands():
    state = new(("Ada", "Bo", "Cy"))
    state.apply(state.chance_action())
    view = state.view(0)
    assert all(c is not None for c in view["hands"][0])
    assert all(c is None for c in view["hands"][1] + view["hands"][2])
    assert all(c is None for h in state.view(None)["hands"] for c in h)
    assert "deck_order" not in view and json.dumps(view)
    copy, problems = checks.round_trip(state)
    assert problems == [] and copy.hand_of(2) == state.hand_of(2)
    assert copy.chance_action if copy.to_act == CHANCE else copy.legal_actions(copy.to_act)


def test_bots_play_matches_to_the_end_with_every_check():
    from cardtable.games import get
    from cardtable.simulation import simulate_game
    summary = simulate_game(get("five_card_draw"), games=2, seats=3, seed=3, bots="mixed")
    assert summary["invariants"]["failed"] == 0, summary["invariants"]["problems"]
    assert summary["finished"] == 2


def test_seat_copy_hides_what_the_seat_cannot_see():
    state = new(("Ada", "Bo", "Cy"))
    state.apply(state.chance_action())
    copy = state.seat_copy(1, random.Random(3))
    assert copy.hand_of(1) == state.hand_of(1)
    assert copy.hand_of(0) != state.hand_of(0) or copy.hand_of(2) != state.hand_of(2)
    assert checks.card_problems(copy) == []
