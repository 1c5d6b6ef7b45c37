"""Pots, side pots, uncalled bets and payouts (cardtable.engine.chips)."""

from __future__ import annotations

import doctest
import json

import pytest

from cardtable.engine import chips as chips_module
from cardtable.engine.chips import HandChips, Pot, award, seats_from_left_of, side_pots, split_pot, uncalled_bet


def test_doctests_pass():
    assert doctest.testmod(chips_module).failed == 0


# -- side pots ---------------------------------------------------------------------------
def test_three_all_ins_at_different_levels_worked_example():
    # Seats 0, 1 and 2 go all-in for 50, 100 and 200; seat 3 (500 behind) calls 200.
    pots = side_pots([50, 100, 200, 200])
    assert pots == [
        Pot(200, (0, 1, 2, 3)),  # main pot: 50 from each of the four
        Pot(150, (1, 2, 3)),     # first side pot: the next 50 from seats 1, 2, 3
        Pot(200, (2, 3)),        # second side pot: the next 100 from seats 2 and 3
    ]
    assert sum(p.amount for p in pots) == 550
    # Seat 0 has the best hand, seat 1 the second best, seat 3 beats seat 2.
    won = award(pots, {0: 40, 1: 30, 2: 10, 3: 20}, dealer_seat=3, seats=4)
    assert won == {0: 200, 1: 150, 3: 200}


def test_folded_chips_stay_in_the_pots_they_reached_but_win_nothing():
    # Seat 4 put in 120 before folding: 50 of it in the main pot, 50 in the first side
    # pot, 20 in the second. It is eligible for none of them.
    pots = side_pots([50, 100, 200, 200, 120], folded=[4])
    assert pots == [Pot(250, (0, 1, 2, 3)), Pot(200, (1, 2, 3)), Pot(220, (2, 3))]
    assert all(4 not in p.eligible for p in pots)
    # Even the best "hand" of a folded seat is never asked about.
    assert award(pots, lambda seat: {4: 99}.get(seat, seat), dealer_seat=0, seats=5) == {3: 670}


def test_folded_chips_above_every_live_level_go_to_the_top_pot():
    assert side_pots([40, 40, 60], folded=[2]) == [Pot(140, (0, 1))]


def test_dead_chips_go_to_the_main_pot():
    assert side_pots([10, 20, 20], dead=7) == [Pot(37, (0, 1, 2)), Pot(20, (1, 2))]


def test_nobody_in_is_an_error():
    with pytest.raises(ValueError, match="at least one seat"):
        side_pots([10, 10], folded=[0, 1])
    with pytest.raises(ValueError, match="negative"):
        side_pots([10, -1])


# -- uncalled bets -------------------------------------------------------------------------
def test_uncalled_bet_is_the_top_above_the_second_highest():
    assert uncalled_bet([30, 130, 70]) == (1, 60)
    assert uncalled_bet([70, 70, 0]) == (None, 0)
    assert uncalled_bet([0, 0]) == (None, 0)


def test_hand_chips_return_the_uncalled_part_before_forming_pots():
    # Seat 0 bets 100, seat 1 calls all-in for 40, seat 2 folds after 10.
    chips = HandChips([200, 40, 50])
    chips.put_in(2, 10)
    chips.fold(2)
    chips.put_in(0, 100)
    chips.put_in(1, 40)
    assert chips.pots() == [Pot(90, (0, 1))]
    result = chips.settle({0: 1, 1: 2}, dealer_seat=2)
    assert result.uncalled == (0, 60)
    assert dict(result.won) == {1: 90}
    assert chips.stacks == [160, 90, 40]
    assert chips.pot_total == 0


def test_end_round_returns_the_uncalled_bet_and_clears_round_bets():
    chips = HandChips([100, 100, 100])
    for seat in range(3):
        chips.post(seat, 5, live=False)
    chips.put_in(0, 20)
    chips.put_in(1, 20)
    chips.put_in(2, 60)
    chips.fold(0)
    chips.fold(1)
    assert chips.end_round() == (2, 40)
    assert chips.round_bets == [0, 0, 0]
    assert chips.contributed == [25, 25, 25]
    assert chips.stacks == [75, 75, 75]


# -- splitting -----------------------------------------------------------------------------
def test_seat_order_starts_left_of_the_dealer_and_wraps():
    assert seats_from_left_of(0, 4) == [1, 2, 3, 0]
    assert seats_from_left_of(3, 4) == [0, 1, 2, 3]
    with pytest.raises(ValueError):
        seats_from_left_of(4, 4)


@pytest.mark.parametrize("dealer, first", [(0, 1), (1, 3), (2, 3), (3, 1)])
def test_odd_chip_goes_to_the_first_tied_seat_left_of_the_dealer(dealer, first):
    # Seats 1 and 3 tie for a pot of 101.
    result = split_pot(Pot(101, (0, 1, 2, 3)), {0: 1, 1: 5, 2: 2, 3: 5}, dealer_seat=dealer, seats=4)
    assert result.shares == {first: 51, (4 - first): 50}
    assert result.winners[0] == first


def test_two_odd_chips_go_to_the_first_two_tied_seats_round_the_table():
    # Three-way tie for 200 with the dealer at seat 3: order 4, 0, ..., so seats 4 and 0
    # get the two odd chips and seat 2 does not.
    result = split_pot(Pot(200, (0, 2, 4)), {0: 9, 2: 9, 4: 9}, dealer_seat=3, seats=5)
    assert result.winners == (4, 0, 2)
    assert result.shares == {4: 67, 0: 67, 2: 66}


def test_strength_may_be_a_callback_and_ties_split_each_pot_separately():
    pots = side_pots([30, 60, 60])
    won = award(pots, lambda seat: 1 if seat else 0, dealer_seat=0, seats=3)
    assert won == {1: 75, 2: 75}


def test_settle_with_one_seat_left_needs_no_strengths():
    chips = HandChips([50, 50, 50])
    for seat in range(3):
        chips.post(seat, 2, live=False)
    chips.put_in(1, 10)
    chips.fold(0)
    chips.fold(2)
    result = chips.settle(None, dealer_seat=0)
    assert result.uncalled == (1, 10)
    assert dict(result.won) == {1: 6}
    assert chips.stacks == [48, 54, 48]


def test_settle_needs_strengths_when_two_are_in():
    chips = HandChips([50, 50])
    chips.put_in(0, 5)
    chips.put_in(1, 5)
    with pytest.raises(ValueError, match="strengths"):
        chips.settle(None, dealer_seat=0)


# -- the ledger ----------------------------------------------------------------------------
def test_posting_short_makes_the_seat_all_in():
    chips = HandChips([100, 3, 0], in_hand=[True, True, False])
    assert chips.post(0, 5) == 5
    assert chips.post(1, 5) == 3
    assert chips.is_all_in(1) and not chips.is_all_in(0) and not chips.is_all_in(2)
    assert chips.round_bets == [5, 3, 0]
    assert not chips.can_still_bet
    with pytest.raises(ValueError, match="not in the hand"):
        chips.post(2, 1)


def test_refused_moves_change_nothing():
    chips = HandChips([10, 10])
    before = chips.to_json()
    with pytest.raises(ValueError, match="has 10 chips"):
        chips.put_in(0, 11)
    with pytest.raises(ValueError, match="no seat 2"):
        chips.put_in(2, 1)
    with pytest.raises(ValueError, match="negative"):
        chips.post(0, -1)
    assert chips.to_json() == before


def test_bad_stacks_are_refused():
    with pytest.raises(ValueError, match="whole numbers"):
        HandChips([10, -1])
    with pytest.raises(ValueError, match="whole numbers"):
        HandChips([10, 2.5])  # type: ignore[list-item]


def test_json_round_trip():
    chips = HandChips([100, 80, 60], dead=4)
    chips.post(0, 5, live=False)
    chips.put_in(1, 30)
    chips.fold(2)
    copy = HandChips.from_json(json.loads(json.dumps(chips.to_json())))
    assert copy == chips
    assert copy.pots() == chips.pots()
