"""Poker hands on the declared flow worked out by hand: each test stacks the deck, plays
one hand with explicit actions, and checks the pots, the winners and every stack against
the arithmetic in its comments. Hold'em and Omaha post blinds of 1 and 2; Stud antes 1,
brings in for 1 and bets 2, then 4; every seat starts with 100 unless the test says.

The hands: side pots from three all-ins of different sizes; an uncalled bet going back
(a bet bigger than anyone can call, and a raise everyone folds to); Stud's bring-in not
completed (it has no option when everyone calls) and completed (the bring-in must act
again); an odd chip going to the first tied seat left of the dealer; an Omaha Hi/Lo pot
quartered; an Omaha Hi/Lo pot with no low, all to the high hand; and Omaha's two hole
cards, with which four hearts on the board and one in the hand make no flush.
"""

from __future__ import annotations

from poker_tables import BY_CODE, DECK, HOLDEM, OMAHA, OMAHA_HILO, STUD, stacked, table

from cardtable.engine import flow
from cardtable.engine.betting import AllIn, Bet, Call, Check, Fold, Raise
from cardtable.engine.chips import seats_from_left_of
from cardtable.engine.flow.streets import BoardFlowState
from cardtable.engine.hand_evaluators import EVALUATORS


def board_deal(dealer: int, seats: int, holes: dict[int, str], board: str) -> tuple[int, ...]:
    """A shuffle dealing ``holes`` (each seat's hole cards, "AS AH") one at a time from the
    dealer's left, then the ``board`` (five cards), each street after a burn (the burns
    are the first cards of the deck not named here)."""
    order = seats_from_left_of(dealer, seats)
    hands = {seat: cards.split() for seat, cards in holes.items()}
    top = [hands[seat][round_] for round_ in range(len(hands[order[0]])) for seat in order]
    streets = board.split()
    named = set(top) | set(streets)
    burn = [card.code for card in DECK if card.code not in named][:3]
    return stacked(*top, burn[0], *streets[:3], burn[1], streets[3], burn[2], streets[4])


def play(state: BoardFlowState, *actions: object) -> None:
    """Apply ``actions`` in order, each by the seat whose turn it must be."""
    for action in actions:
        assert state.to_act == action.seat, (action, state.to_act)
        state.apply(action)


def cards(state: BoardFlowState, seat: int) -> list[str]:
    return [state.card_name(c) for c in state.hands[seat]]


def log_lines(state: BoardFlowState) -> list[str]:
    return [event.public for event in state.log]


def pots(state: BoardFlowState) -> dict[str, tuple[int, tuple[int, ...], dict[int, int]]]:
    """The settled hand's pots by name: chips, winners, shares."""
    assert state.results is not None
    return {p.name: (p.amount, p.winners, dict(p.shares)) for p in state.results.pots}


def test_three_all_ins_of_different_sizes_make_a_main_pot_and_two_side_pots():
    # no-limit Hold'em; P4 (seat 3) deals: P1 (seat 0) the small blind, P2 the big, P3 first
    state = table(HOLDEM, 4, [10, 25, 50, 100], dealer=3, limit="no_limit", min_bet=2, big_bet=2)
    state.apply(flow.Shuffle(order=board_deal(3, 4, {0: "AS AH", 1: "KS KH", 2: "QS QH", 3: "8C 6D"},
                                              "2C 7D 9H JD 3C")))
    play(state, AllIn(seat=2), Call(seat=3), AllIn(seat=0), AllIn(seat=1))
    # everyone but P4 is all-in: the board runs out, no more betting
    assert state.phase.value == "reveal"
    # put in: 10, 25, 50, 50 (P4 called 50)
    # main pot: 10 from each of four = 40, for everyone: P1's aces
    # side pot 1: 15 more from P2, P3, P4 = 45, for them: P2's kings
    # side pot 2: 25 more from P3 and P4 = 50, for them: P3's queens over P4's jack high
    assert pots(state) == {"main pot": (40, (0,), {0: 40}), "side pot 1": (45, (1,), {1: 45}),
                           "side pot 2": (50, (2,), {2: 50})}
    assert state.results.uncalled == (None, 0)  # P4's 50 was matched by P3
    assert state.chips.stacks == [40, 45, 50, 100 - 50]


def test_a_bet_bigger_than_anyone_can_call_comes_back_uncalled():
    # no-limit Hold'em; P1 deals: P2 the small blind, P3 (40 chips) the big, P1 first
    state = table(HOLDEM, 3, [100, 100, 40], dealer=0, limit="no_limit", min_bet=2, big_bet=2)
    state.apply(flow.Shuffle(order=board_deal(0, 3, {0: "7C 2D", 1: "QC JC", 2: "AS AD"}, "KH 8S 4D 9C 3H")))
    play(state, Call(seat=0), Call(seat=1), Check(seat=2))  # 2 each: a pot of 6
    # on the flop P2 bets everything, 98; P3 can only call 38 more (all-in); P1 folds
    play(state, AllIn(seat=1), Call(seat=2), Fold(seat=0))
    # P2's bet above P3's 38 is called by nobody: 98 - 38 = 60 go back to P2 when the round ends
    assert "60 uncalled returned to P2" in log_lines(state)
    # the pot: 6 + 38 + 38 = 82, P3's aces win it
    assert pots(state) == {"main pot": (82, (2,), {2: 82})}
    assert state.chips.stacks == [98, 100 - 2 - 38, 82]


def test_a_raise_everyone_folds_to_takes_the_blinds_and_gets_its_raise_back():
    # no-limit Hold'em; P1 deals: P2 the small blind 1, P3 the big 2; P1 raises to 6, both fold
    state = table(HOLDEM, 3, dealer=0, limit="no_limit", min_bet=2, big_bet=2)
    state.apply(flow.Shuffle(order=stacked()))
    play(state, Raise(seat=0, to=6), Fold(seat=1), Fold(seat=2))
    result = state.results
    # nobody matched P1's 6 past the big blind's 2: 4 go back; the pot of 1 + 2 + 2 = 5 is P1's
    assert result.uncalled == (0, 4) and not result.showdown
    assert "4 uncalled returned to P1" in log_lines(state)
    assert pots(state) == {"main pot": (5, (0,), {0: 5})}
    assert state.chips.stacks == [100 - 6 + 4 + 5, 99, 98]


# Stud: P1 (seat 0) deals; the cards go one at a time to P2, P3, P1: two down, one up.
# P2 AS AH / KD, P3 2S 3S / 2C (the lowest up card: P3 brings it in), P1 7H 8H / 9C;
# fourth street up: P2 KC, P3 4D, P1 5D.
STUD_START = ("AS", "2S", "7H", "AH", "3S", "8H", "KD", "2C", "9C", "KC", "4D", "5D")


def test_stud_a_bring_in_nobody_completes_stands_and_the_bring_in_has_no_option():
    state = table(STUD, 3, dealer=0)
    state.apply(flow.Shuffle(order=stacked(*STUD_START)))
    assert state.bring_in_seat == 2 and state.chips.round_bets == [0, 0, 1]
    options = state.betting_options(0)  # left of the bring-in: call 1 or complete to 2
    assert options.call_amount == 1 and options.min_raise_to == options.max_raise_to == 2
    play(state, Call(seat=0), Call(seat=1))
    # both called the bring-in: the round is over, the bring-in does not act again
    assert state.betting_round == 1 and state.chips.pot_total == 3 + 3  # antes 3, bring-in and calls 3
    assert state.to_act == 1  # P2's kings showing open fourth street
    play(state, Bet(seat=1, to=2), Fold(seat=2), Fold(seat=0))
    # P2's bet of 2 comes back uncalled; P2 takes the 6: 100 - 1 - 1 + 6
    assert state.results.uncalled == (1, 2)
    assert state.chips.stacks == [98, 104, 98]


def test_stud_a_completed_bring_in_opens_the_betting_and_the_bring_in_must_act_again():
    state = table(STUD, 3, dealer=0)
    # then fifth, sixth (up) and seventh street (down) to P2 and P1 (P3 folds on fourth)
    state.apply(flow.Shuffle(order=stacked(*STUD_START, "QC", "6D", "JC", "10D", "3H", "4C")))
    play(state, Raise(seat=0, to=2))  # P1 completes to the small bet: no raise yet
    assert state.betting.raises == 0 and state.betting_options(1).min_raise_to == 4
    play(state, Call(seat=1), Call(seat=2))  # the bring-in calls 1 more
    assert state.chips.pot_total == 3 + 2 + 2 + 2  # antes 3 and three bets of 2: 9
    # fourth street: P2 (kings showing) bets 2, P3 folds, P1 raises to 4, P2 calls: 9 + 8 = 17
    play(state, Bet(seat=1, to=2), Fold(seat=2), Raise(seat=0, to=4), Call(seat=1))
    assert state.chips.pot_total == 17
    # fifth, sixth and seventh street checked, P2's kings first each time
    play(state, Check(seat=1), Check(seat=0), Check(seat=1), Check(seat=0), Check(seat=1), Check(seat=0))
    # P1: 6D 7H 8H 9C 10D, a straight; P2: aces and kings
    result = state.results
    assert result.hands[0].label == "Straight, Ten high" and result.hands[1].label.startswith("Two Pair")
    assert pots(state) == {"main pot": (17, (0,), {0: 17})}
    # P1 and P2 put in 1 + 2 + 4 = 7 each, P3 1 + 2 = 3
    assert state.chips.stacks == [100 - 7 + 17, 100 - 7, 100 - 3]


def test_a_split_pot_s_odd_chip_goes_to_the_first_tied_seat_left_of_the_dealer():
    # no-limit Hold'em; P1 (seat 0) deals: P2 the small blind, P3 the big; the board is a
    # straight, ace high, that both P1 and P3 play
    state = table(HOLDEM, 3, dealer=0, limit="no_limit", min_bet=2, big_bet=2)
    state.apply(flow.Shuffle(order=board_deal(0, 3, {0: "2C 3D", 1: "6D 7H", 2: "4H 5C"}, "AS KD QH JC 10S")))
    play(state, Call(seat=0), Fold(seat=1), Check(seat=2))  # 2 + 1 + 2: a pot of 5
    for _ in range(3):  # flop, turn and river checked, P3 first
        play(state, Check(seat=2), Check(seat=0))
    # 5 between P1 and P3: 2 each, and the odd chip to the first of them left of the dealer:
    # from P1's left the seats go P2, P3, P1, so P3 gets 3 and P1 (the dealer) 2
    assert pots(state) == {"main pot": (5, (2, 0), {2: 3, 0: 2})}
    assert state.chips.stacks == [100 - 2 + 2, 99, 100 - 2 + 3]


def test_omaha_hilo_a_quartered_pot_three_quarters_to_the_best_high_that_ties_the_low():
    # fixed-limit Omaha Hi/Lo; P1 (seat 0) deals: P2 the small blind, P3 the big, P4 first
    state = table(OMAHA_HILO, 5, dealer=0)
    holes = {0: "AH 3C KH KC", 1: "4S 6S 7S 7C", 2: "9C 9D 10C 10D", 3: "AS 3D QS JS", 4: "6H 7H 4D 6C"}
    state.apply(flow.Shuffle(order=board_deal(0, 5, holes, "2C 5D 8H KS KD")))
    play(state, Call(seat=3), Call(seat=4), Call(seat=0), Fold(seat=1), Check(seat=2))
    # the flop: P3 bets 2, P4 calls, P5 folds, P1 calls
    play(state, Bet(seat=2, to=2), Call(seat=3), Fold(seat=4), Call(seat=0))
    for _ in range(2):  # turn and river checked
        play(state, Check(seat=2), Check(seat=3), Check(seat=0))
    # the pot: P2's dead small blind 1, P5's 2, and 4 each from P1, P3, P4: 15
    # high: P1's four kings (K K in the hand, K K and a third card of the board)
    # low: P1 and P4 both A 3 with 2 5 8: 8-5-3-2-A, a tie; P3 has no low
    # 15: the low half 7, the high half 8 (the odd chip to the high)
    # the low 7 between P4 and P1: 3 each, the odd chip to P4, the first left of the dealer
    assert state.results.hands[0].label == "Four Kings"
    assert pots(state) == {"main pot (high)": (8, (0,), {0: 8}),
                           "main pot (low)": (7, (3, 0), {3: 4, 0: 3})}
    # P1 takes 8 + 3 = 11 of 15, nearly three quarters; P4 4
    assert state.chips.stacks == [100 - 4 + 11, 99, 100 - 4, 100 - 4 + 4, 98]


def test_omaha_hilo_with_no_qualifying_low_the_high_hand_takes_the_whole_pot():
    state = table(OMAHA_HILO, 3, dealer=0)
    holes = {0: "AH AD 3C 4C", 1: "JS 10S 5H 6H", 2: "7D 7S 4H 5D"}
    # only two cards of eight or lower on the board (8, 2): nobody can make a low
    state.apply(flow.Shuffle(order=board_deal(0, 3, holes, "KS QD 9H 8C 2S")))
    play(state, Call(seat=0), Call(seat=1), Check(seat=2))  # a pot of 6
    for _ in range(3):
        play(state, Check(seat=1), Check(seat=2), Check(seat=0))
    # P2: J 10 with K Q 9, a straight, king high, the best high
    assert state.results.hands[1].label == "Straight, King high"
    assert not any("(low)" in name for name in pots(state))
    assert pots(state) == {"main pot": (6, (1,), {1: 6})}
    assert all(line.endswith("no low") for line in log_lines(state) if " shows " in line)
    assert state.chips.stacks == [98, 104, 98]


def test_omaha_four_hearts_on_the_board_and_one_in_the_hand_make_no_flush():
    # pot-limit Omaha heads-up; P1 (seat 0) deals and posts the small blind, P2 the big
    state = table(OMAHA, 2, dealer=0, limit="pot_limit", min_bet=2, big_bet=2)
    holes = {0: "AH 7S 7D 4C", 1: "KS KD 8C 5D"}
    state.apply(flow.Shuffle(order=board_deal(0, 2, holes, "KH 9H 6H 2H 3C")))
    assert state.blind_seats == {"small": 0, "big": 1}
    play(state, Call(seat=0), Check(seat=1))  # 2 each: 4
    play(state, Bet(seat=1, to=4), Call(seat=0))  # the flop, a pot-sized bet: 12
    assert state.betting_options(1).max_raise_to == 12  # the turn: a pot bet is 12
    play(state, Check(seat=1), Bet(seat=0, to=12), Call(seat=1))  # 36
    play(state, Check(seat=1), Check(seat=0))
    result = state.results
    # P1 holds one heart: in Hold'em its ace and the board's four hearts would be a flush,
    # in Omaha it must play two of its own cards, so its best is a pair of sevens;
    # P2 plays K K with the board's king: three kings, the winner
    hole = [DECK[BY_CODE[c]] for c in holes[0].split()]
    board = [DECK[BY_CODE[c]] for c in "KH 9H 6H 2H 3C".split()]
    assert EVALUATORS["high"].value(hole, board).label.startswith("Flush")
    assert result.hands[0].label == "Pair of Sevens" and result.hands[1].label == "Three Kings"
    assert pots(state) == {"main pot": (36, (1,), {1: 36})}
    assert state.chips.stacks == [100 - 18, 100 + 18]
