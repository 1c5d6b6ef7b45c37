"""Ipso's state machine: the draw for the deal, the source's five-player betting example,
one-action rounds, the piles, the showdown with a cut, the winner naming the dealer."""

from __future__ import annotations

import random

import pytest

from cardtable.engine.betting import Fold
from cardtable.engine.chips import seats_from_left_of
from cardtable.engine.game import CHANCE, IllegalAction
from cardtable.games.ipso.betting import Cover, CoverRaise, Stake
from cardtable.games.ipso.bot import IpsoBot
from cardtable.games.ipso.rules import ChooseDealer, DrawForDealer, Exchange, IpsoSettings, Phase, Shuffle, Skip
from cardtable.games.ipso.state import IpsoState
from cardtable.variants import load_deck_by_id

DECK = load_deck_by_id("standard52")
NAMES = ["A", "B", "C", "D", "E"]


def ids(*codes: str) -> list[int]:
    return [DECK.find(c).index for c in codes]


def stacked_order(dealer: int, seats: int, hands: dict[int, list[str]], *, buried: str = "2C",
                  flip: str = "9C", stock: list[str] = ()) -> tuple[int, ...]:
    """A shuffle that buries ``buried``, deals ``hands`` and turns ``flip``; ``stock`` is the
    stock's top after the flip; every other card follows in deck order."""
    order = ids(buried)
    for round_ in range(4):
        for seat in seats_from_left_of(dealer, seats):
            order += ids(hands[seat][round_])
    order += ids(flip, *stock)
    order += [c for c in range(52) if c not in order]
    return tuple(order)


def game(seats: int = 5, *, dealer: int = 4, hands: dict[int, list[str]] | None = None,
         stacks=None, **settings) -> IpsoState:
    values = {"ante": 10, "min_bet": 10, "max_bet": 50, "starting_chips": 200, **settings}
    state = IpsoState.new(IpsoSettings.from_settings(values), DECK, NAMES[:seats], random.Random(1),
                          dealer=dealer, stacks=stacks)
    if hands is None:
        hands = {s: [f"{r}{suit}" for r, suit in zip(("3", "5", "7", "K"), "CDHS"[s:] + "CDHS"[:s])]
                 for s in range(4)}
        hands[4] = ["6C", "8D", "10H", "JS"]
    state.apply(Shuffle(order=stacked_order(dealer, seats, hands, stock=["QH", "4S"])))
    return state


def everyone_skips(state: IpsoState) -> None:
    assert state.phase == Phase.EXCHANGE
    while state.phase == Phase.EXCHANGE:
        state.apply(Skip(seat=state.to_act))


def test_the_source_five_player_betting_example():
    state = game()                       # E deals, so A is first; everyone antes 10
    assert state.chips.pot_total == 50 and state.betting_round == 2
    assert state.to_act == 0
    state.apply(Fold(seat=0))            # A folds
    state.apply(Stake(seat=1, amount=20))                # B bets 20
    state.apply(Cover(seat=2))                           # C covers for 20
    state.apply(CoverRaise(seat=3, amount=30))           # D covers and raises, putting in 30
    state.apply(Cover(seat=4))                           # E covers for 30
    assert state.chips.pot_total == 50 + 20 + 20 + 30 + 30
    assert state.stacks == [190, 170, 170, 160, 160]     # nobody equalises
    assert state.phase == Phase.EXCHANGE and state.exchange_phase == 1
    everyone_skips(state)
    assert state.betting_round == 3 and state.to_act == 1
    assert "at least 30" in state.why_illegal(Stake(seat=1, amount=29))
    assert state.betting_options(1).min_amount == 30
    assert state.can(Stake(seat=1, amount=30))


def test_one_action_each_no_check_no_cover_before_a_stake():
    state = game()
    assert "stake" in state.why_illegal(Cover(seat=0))
    assert "stake" in state.why_illegal(CoverRaise(seat=0, amount=20))
    assert "at least 10" in state.why_illegal(Stake(seat=0, amount=5))
    assert "maximum" in state.why_illegal(Stake(seat=0, amount=51))
    state.apply(Stake(seat=0, amount=10))
    assert "staked already" in state.why_illegal(Stake(seat=1, amount=10))
    assert "at least 11" in state.why_illegal(CoverRaise(seat=1, amount=10))
    assert "maximum" in state.why_illegal(CoverRaise(seat=1, amount=60))
    state.apply(CoverRaise(seat=1, amount=50))
    opts = state.betting_options(2)
    assert opts.can_cover and opts.cover_amount == 50 and not opts.can_raise  # 50 is the maximum
    for seat in (2, 3, 4):
        state.apply(Cover(seat=seat))
    # seat 0 staked 10 and is not asked again: the round is over after one pass
    assert state.phase == Phase.EXCHANGE
    assert state.chips.contributed == [20, 60, 60, 60, 60]


def test_all_but_the_dealer_fold_in_round_two_the_dealer_takes_the_antes():
    state = game()
    for seat in (0, 1, 2, 3):
        state.apply(Fold(seat=seat))
    assert state.phase == Phase.CHOOSE_DEALER and state.to_act == 4
    assert state.stacks == [190, 190, 190, 190, 240]
    assert state.results.showdown is False and state.results.winner == 4
    assert state.results.hands == {}
    for seat in (None, 0, 1, 2, 3):
        assert all(c is None for hand in state.view(seat)["hands"] for c in hand)
    assert state.round_outcome() == {"round": 1, "winners": [4], "net": [-10, -10, -10, -10, 40],
                                     "hands": {}, "hand_rank": {}}


def test_a_last_player_standing_wins_without_showing():
    state = game(3, dealer=2)
    state.apply(Stake(seat=0, amount=10))
    state.apply(Fold(seat=1))
    state.apply(Fold(seat=2))
    assert state.phase == Phase.CHOOSE_DEALER and state.results.winner == 0
    assert not any(state.shown)
    assert "not shown" in state.log[-1].public


def test_the_piles_after_the_deal():
    state = game()
    assert len(state.buried) == 1 and state.buried == ids("2C")
    assert state.flip == ids("9C") and state.stock[:2] == ids("QH", "4S")
    assert len(state.stock) == 52 - 1 - 20 - 1
    assert state.down_discard == [] and state.up_discard == []
    view = state.view(0)
    assert view["flip"] == ids("9C") and view["stock_count"] == 30
    assert "stock" not in view and view["hands"][1] == [None] * 4


def to_first_exchange(state: IpsoState) -> None:
    state.apply(Stake(seat=0, amount=10))
    for seat in (1, 2, 3, 4):
        state.apply(Cover(seat=seat))
    assert state.phase == Phase.EXCHANGE


def test_the_exchange_pile_rules():
    state = game()
    to_first_exchange(state)
    hand = state.hand_of(0)
    assert "empty" in state.why_illegal(Exchange(seat=0, card=hand[0], pile="down_discard"))
    assert "not in" in state.why_illegal(Exchange(seat=0, card=state.hand_of(1)[0], pile="stock"))
    assert "no pile" in state.why_illegal(Exchange(seat=0, card=hand[0], pile="table"))
    # from the face-up flip pile: the card given up goes face up; the flip is refilled
    event = state.apply(Exchange(seat=0, card=hand[0], pile="flip"))
    assert ids("9C")[0] in state.hand_of(0)
    assert state.up_discard == [hand[0]] and state.flip == ids("QH")
    assert "QH" in event.public
    # from the face-down stock: the card given up goes face down; only the taker sees the card
    given = state.hand_of(1)[2]
    before = len(state.log)
    state.apply(Exchange(seat=1, card=given, pile="stock"))
    assert ids("4S")[0] in state.hand_of(1)
    assert state.down_discard == [given] and state.flip == ids("QH")
    line = state.log[before]
    assert "4S" not in line.public and DECK[given].code not in line.public
    assert "4S" in line.text_for(1) and DECK[given].code in line.text_for(1)
    # from the face-down discard pile: its top, given card face down again
    state.apply(Exchange(seat=2, card=state.hand_of(2)[0], pile="down_discard"))
    assert given in state.hand_of(2)
    # from the face-up discard pile: the top, given card face up
    top = state.up_discard[-1]
    mine = state.hand_of(3)[3]
    state.apply(Exchange(seat=3, card=mine, pile="up_discard"))
    assert top in state.hand_of(3) and state.up_discard == [mine]
    state.apply(Skip(seat=4))
    assert state.phase == Phase.BET and state.betting_round == 3
    assert state.exchanged == ["flip", "stock", "down_discard", "up_discard", "skip"]
    assert all(len(state.hand_of(s)) == 4 for s in range(5))


def play_to_showdown(state: IpsoState) -> None:
    while state.phase in (Phase.BET, Phase.EXCHANGE):
        seat = state.to_act
        if state.phase == Phase.EXCHANGE:
            state.apply(Skip(seat=seat))
        elif state.betting_options(seat).can_stake:
            state.apply(Stake(seat=seat, amount=state.betting_options(seat).min_amount))
        else:
            state.apply(Cover(seat=seat))


def test_showdown_best_hand_takes_the_whole_pot_and_every_hand_is_named():
    hands = {0: ["6S", "8S", "JS", "QS"], 1: ["3H", "4H", "7H", "KH"], 2: ["QC", "QD", "8D", "8C"]}
    state = game(3, dealer=2, hands=hands)
    play_to_showdown(state)
    assert state.phase == Phase.CHOOSE_DEALER
    assert state.results.winner == 0 and state.results.showdown
    assert state.results.hands == {0: (5, "Flush", 37), 1: (5, "Flush", 27), 2: (6, "Pairso", 40)}
    assert state.stacks == [200 - 10 - 50 + 180, 140, 140]
    assert all(state.view(1)["hands"][s] == state.hands[s] for s in range(3))
    assert state.round_outcome()["hands"] == {"0": "Flush", "1": "Flush", "2": "Pairso"}
    assert state.round_outcome()["hand_rank"] == {"0": 5, "1": 5, "2": 6}


def test_a_tie_is_cut_from_the_stock():
    hands = {0: ["AD", "2D", "3D", "4D"], 1: ["AH", "2H", "3H", "4H"], 2: ["KC", "QD", "8D", "5C"]}
    state = game(3, dealer=2, hands=hands)   # the stock's top: QH then 4S
    play_to_showdown(state)
    assert state.cut_cards == [[0, ids("QH")[0]], [1, ids("4S")[0]]]
    assert state.results.winner == 0
    assert "cut" in " ".join(state.log_for(None))


def test_the_draw_for_the_first_dealer_is_on_the_table_and_ties_draw_again():
    state = IpsoState.new(IpsoSettings(), DECK, ["A", "B", "C"], random.Random(5))
    assert state.to_act == CHANCE and state.phase == Phase.DEALER_DRAW
    state.apply(DrawForDealer(cards=tuple(ids("KS", "KH", "2D"))))
    assert state.phase == Phase.DEALER_DRAW and state.drawing == [0, 1]
    assert "draw again" in state.log[-1].public
    assert "Aces" not in state.why_illegal(DrawForDealer(cards=tuple(ids("AS", "2S", "3S"))))
    state.apply(DrawForDealer(cards=tuple(ids("AS", "5C"))))   # Aces are low
    assert state.dealer == 1 and state.phase == Phase.SHUFFLE
    assert state.view(None)["dealer_draws"] == [[[0, ids("KS")[0]], [1, ids("KH")[0]], [2, ids("2D")[0]]],
                                                [[0, ids("AS")[0]], [1, ids("5C")[0]]]]
    state.apply(state.chance_action())
    assert state.phase == Phase.BET and state.to_act == 2   # the dealer's left


def test_the_winner_names_the_next_dealer():
    state = game()
    for seat in (0, 1, 2, 3):
        state.apply(Fold(seat=seat))
    assert "won the hand" in state.why_illegal(Stake(seat=4, amount=10))
    assert "turn" in state.why_illegal(ChooseDealer(seat=0, dealer=0))
    assert [a.dealer for a in state.legal_actions(4)] == [0, 1, 2, 3, 4]
    state.apply(ChooseDealer(seat=4, dealer=2))
    assert state.phase == Phase.SHUFFLE and state.dealer == 2
    state.apply(state.chance_action())
    assert state.round_no == 2 and state.to_act == 3
    assert IpsoBot(random.Random(1)).choose(_won_by(4), 4) == ChooseDealer(seat=4, dealer=4)


def _won_by(seat: int) -> IpsoState:
    state = game()
    for s in range(5):
        if s != seat:
            state.apply(Fold(seat=s))
    return state


def test_a_player_who_cannot_pay_must_fold_and_a_short_stack_sits_out():
    state = game(3, dealer=2, stacks=[25, 200, 200])  # seat 0 has 15 after the ante
    state.apply(Stake(seat=0, amount=15))
    state.apply(CoverRaise(seat=1, amount=40))
    state.apply(Cover(seat=2))
    everyone_skips(state)
    assert state.betting_options(0).can_fold and not state.betting_options(0).can_stake
    assert [type(a) for a in state.legal_actions(0)] == [Fold]
    with pytest.raises(IllegalAction):
        state.apply(Stake(seat=0, amount=40))
    state.apply(Fold(seat=0))
    assert state.stacks[0] == 0


def test_the_game_ends_when_fewer_than_two_can_pay_the_ante():
    state = game(2, dealer=1, stacks=[10, 200])
    state.apply(Fold(seat=0))   # seat 0 had only the ante
    assert state.phase == Phase.GAME_OVER and state.to_act is None
    assert state.standings()[0] == ("B", 210)


def test_bad_tables_are_refused():
    with pytest.raises(ValueError):
        IpsoState.new(IpsoSettings(), DECK, ["A"], random.Random(1))
    with pytest.raises(ValueError):
        IpsoState.new(IpsoSettings(), DECK, list("ABCDEF"), random.Random(1))
    with pytest.raises(ValueError):
        IpsoState.new(IpsoSettings(), load_deck_by_id("ivali"), ["A", "B"], random.Random(1))
    with pytest.raises(ValueError, match="max_bet"):
        IpsoSettings.from_settings({"min_bet": 10, "max_bet": 5})
