"""Alethkar Poker's state machine: the eight steps of a round from a fixed deal, the
secret bag, legality, JSON, the buy-in and the end of the match."""

from __future__ import annotations

import json
import random

import pytest

from cardtable.bots.base import play_until
from cardtable.engine.game import CHANCE, IllegalAction
from cardtable.games.alethkar_poker.bot import AlethkarBot
from cardtable.games.alethkar_poker.checks import all_problems, round_trip
from cardtable.games.alethkar_poker.state import AlethkarSettings, AlethkarState, BagBet, DiscardTwo, Phase, Shuffle
from cardtable.variants import load_deck_by_id

DECK = load_deck_by_id("standard52")


def idx(code: str) -> int:
    return DECK.find(code).index


def fixed_order(*hands: list[str]) -> tuple[int, ...]:
    """A shuffle that deals ``hands`` (in the order the seats are dealt to), one card at a time."""
    first = [idx(hand[k]) for k in range(7) for hand in hands]
    rest = [c for c in range(52) if c not in first]
    return tuple(first + rest)


ADA = ["2C", "3D", "4H", "6S", "7C", "9D", "JH"]    # best five: J 9 7 6 4 = 4+2+0-1-3 = 2
BO = ["AS", "AH", "AD", "KS", "QS", "5S", "3S"]     # best five: Triple Aces + K + Q = 103


def two_player_round(bets=(5, 9), **settings) -> AlethkarState:
    state = AlethkarState.new(AlethkarSettings(**settings), DECK, ["Ada", "Bo"], random.Random(3), dealer=0)
    state.apply(Shuffle(order=fixed_order(BO, ADA)))  # Bo sits at the dealer's left: dealt first
    state.apply(BagBet(seat=1, amount=bets[1]))
    state.apply(BagBet(seat=0, amount=bets[0]))
    return state


def test_steps_one_to_four_buy_in_deal_secret_bet_and_discard():
    state = AlethkarState.new(AlethkarSettings(), DECK, ["Ada", "Bo"], random.Random(3), dealer=0)
    state.apply(Shuffle(order=fixed_order(BO, ADA)))
    assert state.bags == [1, 1] and state.stacks == [39, 39]          # step 1
    assert sorted(state.hand_of(1)) == sorted(idx(c) for c in BO)     # step 2
    assert state.phase == Phase.BET and state.to_act == 1
    event = state.apply(BagBet(seat=1, amount=9))                     # step 3
    assert event.public == "Bo checks" and "9" not in event.public
    assert event.private[1] == "Bo puts 9 in their bag and checks (bag 10, stack 30)"
    assert state.to_act == 0 and state.checked == [False, True]
    state.apply(BagBet(seat=0, amount=0))
    assert state.phase == Phase.DISCARD and state.to_act == 1         # step 4
    assert "exactly two" in state.why_illegal(DiscardTwo(seat=1, cards=(idx("5S"),)))
    assert "not in Bo's hand" in state.why_illegal(DiscardTwo(seat=1, cards=(idx("5S"), idx("2C"))))
    assert state.why_illegal(BagBet(seat=1, amount=1)) == "now is the discard: discard exactly two cards"


def test_steps_five_to_eight_count_and_pay():
    state = two_player_round(bets=(5, 9))          # bags: Ada 6, Bo 10
    state.apply(DiscardTwo(seat=1, cards=(idx("5S"), idx("3S"))))
    state.apply(DiscardTwo(seat=0, cards=(idx("2C"), idx("3D"))))
    assert state.phase == Phase.REVEAL and state.to_act == CHANCE
    result = state.results
    assert result.hands[1].value == 103 and result.hands[0].value == 2
    assert [n for n, _, _ in result.hands[1].combinations] == ["Triple Aces", "King", "Queen"]
    p = result.payout
    # Step 6: Bo's bag of 10 back to his stack; V = 10. Step 7: Ada pays her 6.
    # Step 8: middle 6, hands 105: Bo 6*103/105 = 5.89 -> 5, Ada 6*2/105 = 0.11 -> 0; 1 left.
    assert (p.top_seats, p.cap, p.paid, p.middle, p.total_value) == ((1,), 10, {0: 6}, 6, 105)
    assert p.shares == {1: 5, 0: 0} and p.carry_out == 1
    assert state.stacks == [34, 45] and state.bags == [0, 0] and state.middle == 1
    assert result.net == (-6, 5)
    assert state.round_outcome() == {"round": 1, "winners": [1], "net": [-6, 5],
                                     "hands": {"1": "Triple Aces, King, Queen (103)",
                                               "0": "Jack, 9, 7, 6, 4 (2)"}}
    lines = state.log_for(None)
    assert "Bo shows AS AH AD KS QS: Triple Aces 92 + King 6 + Queen 5 = 103" in lines
    assert "Ada shows JH 9D 7C 6S 4H: Jack 4 + 9 2 + 7 0 + 6 (-1) + 4 (-3) = 2" in lines
    assert "Bo: 6 × 103 / 105 = 5.89 → 5" in lines
    assert all_problems(state) == []


def test_the_excess_stays_in_the_losers_bag_and_stays_secret():
    state = two_player_round(bets=(20, 2))          # bags: Ada 21, Bo 3
    state.apply(DiscardTwo(seat=1, cards=(idx("5S"), idx("3S"))))
    state.apply(DiscardTwo(seat=0, cards=(idx("2C"), idx("3D"))))
    assert state.results.payout.paid == {0: 3}
    assert state.bags == [18, 0]
    assert state.view(1)["bags"] == [None, 0] and state.view(None)["bags"] == [None, None]
    assert state.view(0)["bags"] == [18, None]
    # Middle 3: Bo 3*103/105 = 2.94 -> 2, one chip carried. Public: stack plus bag.
    assert state.view(1)["holdings"] == [37, 42] and state.middle == 1
    assert not any("18" in line for line in state.log_for(1))
    # The next round: the bag keeps its 18 and the buy-in goes on top.
    state.apply(state.chance_action())
    assert state.bags == [19, 1]


def test_a_tie_for_the_highest_hand_returns_both_bags():
    ada = ["AC", "KC", "QC", "JC", "10C", "2D", "3D"]     # royal 250
    bo = ["AH", "KH", "QH", "JH", "10H", "2S", "3S"]      # royal 250
    cy = ["9S", "9D", "4C", "5H", "7D", "8C", "6S"]       # a straight 5-9: 110
    state = AlethkarState.new(AlethkarSettings(), DECK, ["Ada", "Bo", "Cy"], random.Random(1), dealer=2)
    state.apply(Shuffle(order=fixed_order(ada, bo, cy)))
    for seat, amount in ((0, 3), (1, 7), (2, 12)):
        state.apply(BagBet(seat=seat, amount=amount))
    for seat, drop in ((0, ("2D", "3D")), (1, ("2S", "3S")), (2, ("9S", "4C"))):
        state.apply(DiscardTwo(seat=seat, cards=tuple(idx(c) for c in drop)))
    p = state.results.payout
    assert p.top_seats == (0, 1) and p.returned == {0: 4, 1: 8} and p.cap == 8
    assert p.paid == {2: 8} and state.bags == [0, 0, 5]
    assert p.middle == 8 and p.total_value == 610
    assert p.shares == {0: 3, 1: 3, 2: 1} and p.carry_out == 1   # 8*250/610 = 3.28, 8*110/610 = 1.44


def test_illegal_moves_are_refused_with_a_reason_and_change_nothing():
    state = two_player_round()
    before = json.dumps(state.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction, match="Bo's turn"):
        state.apply(DiscardTwo(seat=0, cards=(idx("2C"), idx("3D"))))
    assert json.dumps(state.to_json(), sort_keys=True) == before
    fresh = AlethkarState.new(AlethkarSettings(), DECK, ["Ada", "Bo"], random.Random(3))
    assert fresh.why_illegal(BagBet(seat=0, amount=1)) == "the dealer must shuffle first"
    fresh.apply(fresh.chance_action())
    assert fresh.why_illegal(BagBet(seat=1, amount=40)) == "you have only 39 chips in your stack"
    assert fresh.why_illegal(BagBet(seat=1, amount=-1)) == "the bet is a whole number of chips, 0 or more"
    assert fresh.why_illegal(Shuffle(order=tuple(range(52)))) == "only the dealer shuffles, between rounds"


def test_new_refuses_bad_tables():
    with pytest.raises(ValueError, match="2 to 7"):
        AlethkarState.new(AlethkarSettings(), DECK, [f"P{i}" for i in range(8)], random.Random(1))
    with pytest.raises(ValueError, match="share the name"):
        AlethkarState.new(AlethkarSettings(), DECK, ["A", "A"], random.Random(1))
    with pytest.raises(ValueError, match="standard 52"):
        AlethkarState.new(AlethkarSettings(), load_deck_by_id("ivali"), ["A", "B"], random.Random(1))
    with pytest.raises(ValueError, match="unknown setting 'ante'"):
        AlethkarSettings.from_settings({"ante": 2})


def test_a_player_who_cannot_buy_in_is_out_and_the_last_one_wins():
    settings = AlethkarSettings(buy_in=2)
    state = AlethkarState.new(settings, DECK, ["Ada", "Bo", "Cy"], random.Random(5), dealer=0,
                              stacks=[2, 30, 30])
    bots = {s: AlethkarBot(random.Random(s), "tough") for s in range(3)}
    play_until(state, bots, stop=lambda s: s.phase == Phase.REVEAL)
    if state.holdings(0) < 2:
        assert state.is_out(0)
        state.apply(state.chance_action())
        assert state.in_round == [False, True, True] and state.hand_of(0) == []
    end = AlethkarState.new(AlethkarSettings(), DECK, ["Ada", "Bo"], random.Random(2), dealer=0, stacks=[1, 40])
    end.apply(Shuffle(order=fixed_order(BO, ADA)))
    end.apply(BagBet(seat=1, amount=0))
    end.apply(BagBet(seat=0, amount=0))
    end.apply(DiscardTwo(seat=1, cards=(idx("5S"), idx("3S"))))
    end.apply(DiscardTwo(seat=0, cards=(idx("2C"), idx("3D"))))
    # Ada's whole bag (1) goes to the middle; she has nothing left and is out.
    assert end.phase == Phase.GAME_OVER and end.to_act is None and end.is_out(0)
    assert end.standings() == [("Bo", 41), ("Ada", 0)] and end.middle == 0
    assert "the match is over" in end.log_for(None)[-1]


def test_json_round_trip_mid_round_plays_on_the_same():
    state = two_player_round()
    copy, problems = round_trip(state)
    assert problems == []
    for s in (state, copy):
        s.apply(DiscardTwo(seat=1, cards=(idx("5S"), idx("3S"))))
    assert copy.to_json() == state.to_json()


def test_the_same_seed_plays_the_same_match():
    def play(seed: int) -> list[str]:
        state = AlethkarState.new(AlethkarSettings(), DECK, ["A", "B", "C"], random.Random(seed))
        bots = {s: AlethkarBot(random.Random(f"{seed}:{s}")) for s in range(3)}
        play_until(state, bots, max_actions=60)
        random.random()  # stirring the global generator changes nothing
        return state.log_for(None)
    assert play(4) == play(4)
    assert play(4) != play(5)
