"""The Sabacc state machine: antes, turns, betting with the fold penalty, the shift, drawing,
both calling conditions, bomb-outs, the special hands, sudden demise and the next hand."""

from __future__ import annotations

import json
import random

import pytest

from cardtable.engine.betting import Bet, Call, Check, Fold, Raise
from cardtable.engine.game import CHANCE, IllegalAction
from cardtable.games.sabacc import rules
from cardtable.games.sabacc.checks import all_problems, round_trip
from cardtable.games.sabacc.hands import parse_hand
from cardtable.games.sabacc.state import Phase, SabaccSettings, SabaccState
from cardtable.variants import load_deck_by_id

DECK = load_deck_by_id("sabacc")


def order(*names: str) -> tuple[int, ...]:
    """A shuffle with ``names`` on top (in that order) and the rest of the deck after."""
    top = [c.index for c in parse_hand(list(names), DECK)]
    return tuple(top + [i for i in range(len(DECK)) if i not in top])


def table(seats: int = 2, *, top: tuple[str, ...] = (), **settings) -> SabaccState:
    """A table dealt from ``top`` (dealer seat 0, so seat 1 is dealt first)."""
    state = SabaccState.new(SabaccSettings.from_settings(settings), DECK,
                            [f"P{s}" for s in range(seats)], random.Random(7))
    state.apply(rules.SabaccShuffle(order=order(*top)) if top else state.chance_action())
    return state


def card(name: str) -> int:
    return DECK.find(name).index


def play(state: SabaccState, *actions) -> None:
    for action in actions:
        state.apply(action)
        assert all_problems(state) == []


def test_antes_fill_both_pots_and_each_player_gets_two_cards():
    state = table(3)
    assert state.hand_pot() == 300 and state.sabacc_pot == 3000
    assert state.stacks == [3900, 3900, 3900]
    assert [len(h) for h in state.hands] == [2, 2, 2]
    assert state.phase == Phase.BET and state.to_act == 1  # the dealer's left starts


def test_the_sabacc_ante_is_paid_only_when_the_sabacc_pot_is_empty():
    state = table(2, top=("10 of Coins", "5 of Coins", "9 of Coins", "5 of Flasks"))
    play(state, Check(seat=1), rules.Stand(seat=1), Check(seat=0), rules.Stand(seat=0))
    assert state.phase == Phase.REVEAL and state.sabacc_pot == 2000
    state.apply(state.chance_action())
    assert state.sabacc_pot == 2000 and state.hand_pot() == 200
    assert state.dealer == 1 and state.to_act == 0  # the deal moved left


def test_nobody_bets_the_hand_is_called_when_play_returns_to_the_first_player():
    state = table(3, top=("10 of Coins", "1 of Coins", "5 of Coins",
                          "9 of Coins", "2 of Coins", "5 of Flasks"))
    play(state, Check(seat=1), rules.Stand(seat=1), Check(seat=2), rules.Stand(seat=2))
    assert state.phase == Phase.BET and state.to_act == 0
    play(state, Check(seat=0), rules.Stand(seat=0))
    assert state.phase == Phase.REVEAL
    assert state.turns_taken == [1, 1, 1]
    results = state.results
    assert results["hand_pot"]["winners"] == [1]  # 19 beats 3 and 10
    assert state.stacks[1] == 3900 + 300


def test_a_bet_moves_the_call_to_the_bettor_and_everyone_gets_a_second_turn():
    state = table(3)
    play(state, Check(seat=1), rules.Stand(seat=1), Bet(seat=2, to=300))
    assert state.phase == Phase.ROLL and state.caller == 2
    play(state, rules.RollDie(colour="blue"), rules.Stand(seat=2))
    play(state, Call(seat=0), rules.Stand(seat=0))
    assert state.to_act == 1 and state.phase == Phase.BET  # the first player must answer the bet
    play(state, Call(seat=1), rules.Stand(seat=1))
    assert state.phase in (Phase.REVEAL, Phase.DEMISE)  # back at the bettor: called
    assert state.turns_taken == [1, 2, 1]


def test_a_raise_makes_the_raiser_the_caller():
    state = table(3)
    play(state, Bet(seat=1, to=200), rules.RollDie(colour="blue"), rules.Stand(seat=1),
         Raise(seat=2, to=500), rules.RollDie(colour="blue"), rules.Stand(seat=2))
    assert state.caller == 2
    play(state, Call(seat=0), rules.Stand(seat=0), Call(seat=1), rules.Stand(seat=1))
    assert state.phase in (Phase.REVEAL, Phase.DEMISE)
    assert state.turns_taken == [1, 2, 1]


def test_the_first_player_may_not_be_called_before_everyone_has_had_a_turn():
    state = table(3)
    play(state, Bet(seat=1, to=100), rules.RollDie(colour="blue"), rules.Stand(seat=1))
    assert state.to_act == 2 and state.phase == Phase.BET  # condition 1: seats 2 and 0 still to play


def test_folding_costs_200_into_the_sabacc_pot_and_the_last_player_wins():
    state = table(3)
    play(state, Bet(seat=1, to=400), rules.RollDie(colour="blue"), rules.Stand(seat=1), Fold(seat=2))
    assert state.stacks[2] == 3900 - 200 and state.sabacc_pot == 3200
    assert state.hands[2] == [] and state.folded[2]
    play(state, Fold(seat=0))
    assert state.phase == Phase.REVEAL
    assert state.results["hand_pot"] == {"amount": 300, "winners": [1], "shares": {"1": 300}}
    assert state.stacks == [3700, 4200, 3700]  # the uncalled 400 came back
    assert state.sabacc_pot == 3400


def test_fold_penalty_is_a_setting_and_never_more_than_the_stack():
    state = table(2, fold_penalty=50)
    play(state, Fold(seat=1))
    assert state.sabacc_pot == 2050


def test_a_forced_red_roll_shifts_a_random_card_of_every_hand_to_the_bottom():
    state = table(3)
    before = [list(h) for h in state.hands]
    deck_before = list(state.deck_order)
    play(state, Bet(seat=1, to=100))
    assert state.to_act == CHANCE and state.phase == Phase.ROLL
    play(state, rules.RollDie(colour="red"))
    assert state.phase == Phase.SHIFT
    shift = state.chance_action()
    assert isinstance(shift, rules.Shift)
    players = state.players_in()
    play(state, shift)
    for seat, lost in zip(players, shift.lost):
        assert lost in before[seat] and lost not in state.hands[seat]
        assert len(state.hands[seat]) == 2
    assert state.deck_order[-3:] == list(shift.lost)  # lost cards went to the bottom
    assert [state.hands[s][-1] for s in players] == deck_before[:3]  # new cards off the top
    assert state.phase == Phase.DRAW and state.to_act == 1


def test_the_die_comes_from_the_seeded_generator():
    colours = []
    for _ in range(2):
        state = table(2)
        play(state, Bet(seat=1, to=100))
        random.seed(99)  # the global generator must not matter
        colours.append([state.rng.getstate()[1][:3], state.chance_action()])
    assert colours[0] == colours[1]
    seen = set()
    for seed in range(30):
        state = SabaccState.new(SabaccSettings(), DECK, ["A", "B"], random.Random(seed))
        state.apply(state.chance_action())
        state.apply(Bet(seat=1, to=100))
        seen.add(state.chance_action().colour)
    assert seen == {"red", "blue"}


def test_no_shift_roll_after_a_check_or_a_call():
    state = table(2)
    play(state, Check(seat=1))
    assert state.phase == Phase.DRAW
    play(state, rules.Stand(seat=1), Bet(seat=0, to=100), rules.RollDie(colour="blue"), rules.Stand(seat=0),
         Call(seat=1))
    assert state.phase == Phase.DRAW


def test_drawing_keep_swap_and_drop():
    state = table(2, top=("1 of Coins", "2 of Coins", "3 of Coins", "4 of Coins",
                          "5 of Coins", "6 of Coins", "7 of Coins"))
    play(state, Check(seat=1), rules.Draw(seat=1))
    assert state.phase == Phase.DECIDE and state.drawn == card("5 of Coins")
    assert state.view(1)["drawn"] == card("5 of Coins") and state.view(0)["drawn"] is None
    with pytest.raises(IllegalAction):
        state.apply(rules.Swap(seat=1, card=card("2 of Coins")))  # not in seat 1's hand
    play(state, rules.Swap(seat=1, card=card("1 of Coins")))
    assert sorted(state.hands[1]) == sorted([card("5 of Coins"), card("3 of Coins")])
    assert state.dropped == [card("1 of Coins")]
    play(state, Check(seat=0), rules.Draw(seat=0), rules.Keep(seat=0))
    assert len(state.hands[0]) == 3 and card("6 of Coins") in state.hands[0]
    state2 = table(2)
    play(state2, Check(seat=1), rules.Draw(seat=1))
    drawn = state2.drawn
    play(state2, rules.Drop(seat=1))
    assert len(state2.hands[1]) == 2 and state2.dropped == [drawn]


def test_a_bomb_out_pays_the_hand_pot_amount_into_the_sabacc_pot():
    state = table(2, top=("Ace of Coins", "5 of Coins", "10 of Flasks", "5 of Flasks"))
    play(state, Bet(seat=1, to=300), rules.RollDie(colour="blue"), rules.Stand(seat=1), Call(seat=0),
         rules.Stand(seat=0))
    assert state.phase == Phase.REVEAL
    results = state.results
    assert results["hands"]["1"]["bomb_out"] and results["hands"]["1"]["total"] == 25
    assert results["bombed"] == {"1": 800}  # antes 200 + bets 600
    assert state.sabacc_pot == 2000 + 800
    assert state.stacks == [3900 - 300 + 800, 3900 - 300 - 800]
    assert results["hand_pot"]["winners"] == [0]


@pytest.mark.parametrize("top, total", [
    (("Ace of Coins", "5 of Coins", "9 of Flasks", "5 of Flasks"), 24),
    (("Demise", "5 of Coins", "Balance", "5 of Flasks"), -24),
    (("Balance", "5 of Coins", "11 of Flasks", "5 of Flasks"), 0),
])
def test_24_minus_24_and_0_bomb_out_at_the_call(top, total):
    state = table(2, top=top)
    play(state, Check(seat=1), rules.Stand(seat=1), Check(seat=0), rules.Stand(seat=0))
    assert state.results["hands"]["1"]["total"] == total
    assert state.results["bombed"] == {"1": 200}
    assert state.results["hand_pot"]["winners"] == [0]


def test_everyone_bombing_out_leaves_the_hand_pot_for_the_next_hand():
    state = table(2, top=("Ace of Coins", "Ace of Flasks", "9 of Flasks", "9 of Coins"))
    play(state, Check(seat=1), rules.Stand(seat=1), Check(seat=0), rules.Stand(seat=0))
    assert state.results["hand_pot"] is None and state.results["carried"] == 200
    assert state.hand_pot() == 200 and state.sabacc_pot == 2400
    state.apply(state.chance_action())
    assert state.hand_pot() == 400


def test_pure_sabacc_takes_both_pots():
    state = table(2, top=("Ace of Coins", "5 of Coins", "8 of Flasks", "5 of Flasks"))
    play(state, Check(seat=1), rules.Stand(seat=1), Check(seat=0), rules.Stand(seat=0))
    results = state.results
    assert results["hands"]["1"]["special"] == "pure_sabacc"
    assert results["sabacc_pot"]["winners"] == [1] and results["sabacc_pot"]["amount"] == 2000
    assert state.stacks[1] == 3900 + 200 + 2000 and state.sabacc_pot == 0


def test_the_idiots_array_beats_pure_sabacc_for_both_pots():
    state = table(2, top=("The Idiot", "Ace of Coins", "2 of Coins", "8 of Flasks", "3 of Staves"))
    play(state, Check(seat=1), rules.Draw(seat=1), rules.Keep(seat=1), Check(seat=0), rules.Stand(seat=0))
    results = state.results
    assert results["hands"]["1"]["special"] == "idiots_array"
    assert results["hands"]["0"]["special"] == "pure_sabacc"
    assert results["hand_pot"]["winners"] == [1] and results["sabacc_pot"]["winners"] == [1]


TIE = ("10 of Coins", "The Star", "10 of Flasks", "Demise", "10 of Sabers")


def tie_table(*demise: str) -> SabaccState:
    """Seat 1 holds +20; seat 0 draws to -20; the demise cards come next."""
    state = table(2, top=TIE + demise)
    play(state, Check(seat=1), rules.Stand(seat=1), Check(seat=0), rules.Draw(seat=0), rules.Keep(seat=0))
    return state


def test_plus_20_and_minus_20_go_to_sudden_demise():
    state = tie_table("2 of Coins", "1 of Coins")
    assert state.phase == Phase.DEMISE and state.to_act == CHANCE
    assert state.demise_seats == [1, 0]
    play(state, rules.DealDemise())
    assert state.phase == Phase.REVEAL
    results = state.results
    assert results["demise"]["1"]["hand"]["total"] == 22 and results["demise"]["0"]["hand"]["total"] == -19
    assert results["hand_pot"]["winners"] == [1]
    assert results["sabacc_pot"] is None  # an ordinary hand never takes the sabacc pot


def test_sudden_demise_where_all_bomb_out_goes_to_the_closest_to_23():
    state = tie_table("4 of Coins", "Balance")  # +24 (one away) and -31 (eight away)
    play(state, rules.DealDemise())
    results = state.results
    assert results["demise"]["1"]["hand"]["bomb_out"] and results["demise"]["0"]["hand"]["bomb_out"]
    assert results["hand_pot"]["winners"] == [1]
    assert results["bombed"] == {}  # no penalty for bombing in the demise
    assert state.sabacc_pot == 2000


def test_a_tie_that_survives_the_demise_splits_the_hand_pot():
    state = tie_table("1 of Coins", "Queen of Air and Darkness")  # +21 against -22
    play(state, rules.DealDemise())
    assert state.results["hand_pot"]["winners"] == [0]
    state = tie_table("1 of Coins", "1 of Flasks")  # +21 and -19
    play(state, rules.DealDemise())
    assert state.results["hand_pot"]["winners"] == [1]
    state = tie_table("3 of Coins", "Endurance")  # +23 and -28: pure sabacc in the demise
    play(state, rules.DealDemise())
    assert state.results["hand_pot"]["winners"] == [1]
    split = table(2, top=("10 of Coins", "10 of Staves", "10 of Flasks", "10 of Sabers",
                          "1 of Coins", "1 of Flasks"))
    play(split, Check(seat=1), rules.Stand(seat=1), Check(seat=0), rules.Stand(seat=0), rules.DealDemise())
    assert split.results["hand_pot"]["winners"] == [1, 0]
    assert split.results["hand_pot"]["shares"] == {"1": 100, "0": 100}


def test_the_hand_limit_caps_each_players_bets_in_a_hand():
    state = table(2, hand_limit=500)
    options = state.betting_options(1)
    assert options.max_raise_to == 500 and not options.can_all_in
    assert "hand limit" in state.why_illegal(Bet(seat=1, to=600))
    play(state, Bet(seat=1, to=500))


def test_pot_limit_bets_at_most_the_hand_pot():
    state = table(2, pot_limit=True)
    assert state.betting_options(1).max_raise_to == 200


def test_other_seats_cards_and_totals_are_hidden_and_the_state_survives_json():
    state = table(3)
    play(state, Check(seat=1), rules.Draw(seat=1))
    for seat in range(3):
        view = state.view(seat)
        json.dumps(view)
        assert view["total"] == state.hand_value(seat).total
        for other, cards in enumerate(view["hands"]):
            assert all(c is None for c in cards) == (other != seat)
    again, problems = round_trip(state)
    assert problems == []
    again.apply(rules.Keep(seat=1))
    state.apply(rules.Keep(seat=1))
    assert again.to_json() == state.to_json()


def test_round_outcome_reports_the_last_hand():
    state = table(2, top=("10 of Coins", "5 of Coins", "9 of Coins", "5 of Flasks"))
    assert state.round_outcome() is None
    play(state, Check(seat=1), rules.Stand(seat=1), Check(seat=0), rules.Stand(seat=0))
    assert state.round_outcome() == {"round": 1, "winners": [1], "net": [-1100, -900],
                                     "hands": {"1": "+19", "0": "+10"}}
