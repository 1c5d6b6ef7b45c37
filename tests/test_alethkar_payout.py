"""Steps 6 to 8 of Alethkar Poker, worked by hand: the cap, the middle, the shares."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from cardtable.engine.chips import proportional_split
from cardtable.games.alethkar_poker.payout import payout_lines, payout_order, settle

NAMES = {0: "Ada", 1: "Bo", 2: "Cy", 3: "Di"}


def test_one_winner_the_cap_the_excess_and_a_share_each():
    # Ada's hand is best (113): her bag of 12 is V. Bo pays 12 and keeps 8 in his bag;
    # Cy pays all of her 3. Middle: 2 carried + 15 = 17; hands 113 + 40 - 3 = 150.
    done = settle({0: 113, 1: 40, 2: -3}, bags={0: 12, 1: 20, 2: 3}, carried_in=2, order=[0, 1, 2])
    p = done.payout
    assert (p.top_seats, p.cap, p.returned, p.paid) == ((0,), 12, {0: 12}, {1: 12, 2: 3})
    assert (p.middle, p.total_value, p.order) == (17, 150, (0, 1, 2))
    # 17*113/150 = 12.81 -> 12; 17*40/150 = 4.53 -> 4; Cy's hand is negative -> 0.
    assert p.shares == {0: 12, 1: 4, 2: 0} and p.carry_out == 1
    assert done.bags == {0: 0, 1: 8, 2: 0}
    assert done.to_stack == {0: 24, 1: 4, 2: 0}


def test_a_tie_for_the_top_keeps_both_bags_and_the_cap_is_the_larger():
    done = settle({0: 60, 1: 60, 2: 30, 3: 10}, bags={0: 5, 1: 9, 2: 7, 3: 20},
                  carried_in=0, order=[1, 2, 3, 0])
    p = done.payout
    assert p.top_seats == (1, 0)                    # from the dealer's left
    assert p.cap == 9 and p.returned == {1: 9, 0: 5}
    assert p.paid == {2: 7, 3: 9}
    assert p.middle == 16 and p.total_value == 160
    # 16*60/160 = 6 each for the tied pair, 16*30/160 = 3, 16*10/160 = 1: exactly 16.
    assert p.shares == {1: 6, 0: 6, 2: 3, 3: 1} and p.carry_out == 0
    assert p.order == (1, 0, 2, 3)
    assert done.bags == {0: 0, 1: 0, 2: 0, 3: 11}


def test_a_total_of_zero_or_less_pays_nothing_and_the_middle_carries_over():
    done = settle({0: -2, 1: -9, 2: -14}, bags={0: 4, 1: 6, 2: 1}, carried_in=3, order=[0, 1, 2])
    p = done.payout
    assert p.top_seats == (0,) and p.cap == 4 and p.paid == {1: 4, 2: 1}
    assert p.total_value == -25 and p.middle == 8
    assert p.shares == {0: 0, 1: 0, 2: 0} and p.carry_out == 8
    assert done.to_stack == {0: 4, 1: 0, 2: 0} and done.bags == {0: 0, 1: 2, 2: 0}
    assert "nothing is paid out" in " ".join(payout_lines(p, NAMES.get))


def test_rounding_down_leaves_chips_for_the_next_round():
    done = settle({0: 40, 1: 30, 2: 30}, bags={0: 3, 1: 3, 2: 3}, carried_in=1, order=[0, 1, 2])
    p = done.payout
    # middle 7: 7*40/100 = 2.8 -> 2; 7*30/100 = 2.1 -> 2 twice: 6 paid, 1 carried.
    assert p.middle == 7 and p.shares == {0: 2, 1: 2, 2: 2} and p.carry_out == 1


def test_negative_hands_can_make_the_shares_outgrow_the_middle_highest_is_paid_first():
    # Total 100 + 50 - 40 = 110; middle 10: 10*100/110 = 9, 10*50/110 = 4, but only 1 is left.
    done = settle({0: 100, 1: 50, 2: -40}, bags={0: 10, 1: 5, 2: 5}, carried_in=0, order=[2, 0, 1])
    p = done.payout
    assert p.middle == 10 and p.order == (0, 1, 2)
    assert p.shares == {0: 9, 1: 1, 2: 0} and p.carry_out == 0
    lines = payout_lines(p, NAMES.get)
    assert any("Bo: 10 × 50 / 110 = 4.55 → 4, only 1 left" == line for line in lines)


def test_an_empty_bag_for_the_winner_means_nobody_pays():
    done = settle({0: 90, 1: 20}, bags={0: 0, 1: 15}, carried_in=4, order=[0, 1])
    assert done.payout.cap == 0 and done.payout.paid == {1: 0}
    assert done.payout.shares == {0: 3, 1: 0} and done.payout.carry_out == 1  # 4*90/110 = 3.27
    assert done.bags == {0: 0, 1: 15}


def test_the_arithmetic_lines_show_every_step():
    done = settle({0: 113, 1: 40, 2: -3}, bags={0: 12, 1: 20, 2: 3}, carried_in=2, order=[0, 1, 2])
    lines = payout_lines(done.payout, NAMES.get)
    assert lines == [
        "Step 6: highest hand 113 (Ada); bag counted: Ada 12; V (the most anyone pays) = 12, back to the stack",
        "Step 7: the others pay their bags into the middle, at most 12 each: Bo 12, Cy 3",
        "Step 8: middle = 2 carried + 15 paid = 17; hands = 113 + 40 + (-3) = 150",
        "Ada: 17 × 113 / 150 = 12.81 → 12",
        "Bo: 17 × 40 / 150 = 4.53 → 4",
        "Cy: 17 × -3 / 150 ≤ 0 → 0",
        "Left in the middle for the next round: 1",
    ]
    assert payout_lines(done.payout.to_json(), NAMES.get) == lines


def test_payout_order_breaks_ties_from_the_dealers_left():
    assert payout_order({0: 9, 1: 9, 2: 9}, [1, 2, 0]) == [1, 2, 0]


@given(st.lists(st.tuples(st.integers(-25, 250), st.integers(0, 60)), min_size=2, max_size=7),
       st.integers(0, 30), st.randoms(use_true_random=False))
def test_no_chip_is_made_or_lost(players, carried_in, rng: random.Random):
    values = {s: v for s, (v, _) in enumerate(players)}
    bags = {s: b for s, (_, b) in enumerate(players)}
    order = list(values)
    rng.shuffle(order)
    done = settle(values, bags=bags, carried_in=carried_in, order=order)
    p = done.payout
    assert sum(bags.values()) + carried_in == sum(done.bags.values()) + sum(done.to_stack.values()) + p.carry_out
    assert all(0 <= paid <= p.cap for paid in p.paid.values())
    assert all(share >= 0 for share in p.shares.values()) and sum(p.shares.values()) <= p.middle
    assert all(done.bags[s] == 0 for s in p.top_seats)
    if p.total_value > 0:
        for s, share in p.shares.items():
            assert share <= max(0, p.middle * values[s] // p.total_value)


def test_proportional_split_with_no_weight_pays_nothing():
    assert proportional_split(9, {0: 0, 1: 0}, [0, 1]) == {0: 0, 1: 0}
    assert proportional_split(9, {0: 3, 1: 6}, [1, 0]) == {1: 6, 0: 3}
