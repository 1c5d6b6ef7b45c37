"""Stakes that rise (``stakes_double_every``): the forced bets and the bets a game written
in YAML declares double every so many hands, the log says so, and a save taken after the
rise plays on at the risen stakes."""

from __future__ import annotations

import random

from cardtable import games
from cardtable.engine.betting import Call, Check
from cardtable.engine.checks import round_trip
from cardtable.engine.game import CHANCE
from cardtable.variants import load_deck_by_id


def _stud(every: int):
    game = games.get("seven_card_stud")
    settings = game.rules({"stakes_double_every": every, "starting_chips": 500})
    return game.new_state(settings, load_deck_by_id("standard52"), ["Ann", "Bo", "Cy"], random.Random(3), 0)


def _play_to_hand(state, hand: int) -> None:
    """Chance deals; everyone checks or calls, until hand ``hand``'s first bet."""
    while not (state.round_no == hand and state.to_act not in (None, CHANCE)):
        seat = state.to_act
        if seat == CHANCE:
            state.apply(state.chance_action())
        else:
            options = state.betting_options(seat)
            state.apply(Check(seat=seat) if options.can_check else Call(seat=seat))


def _antes(state) -> list[int]:
    """The antes paid this hand, from the ledger (the bring-in aside)."""
    paid = list(state.chips.contributed)
    paid[state.bring_in_seat] -= state.stakes.bring_in
    return paid


def test_the_ante_bring_in_and_bets_double_every_so_many_hands_and_the_log_says_so():
    state = _stud(every=2)
    for hand, factor in ((1, 1), (2, 1), (3, 2), (5, 4)):
        _play_to_hand(state, hand)
        assert state.stakes.values["ante"] == factor and state.stakes.bring_in == factor
        assert _antes(state) == [factor] * 3, hand
        options = state.betting_options(state.to_act)
        assert options.min_raise_to == 2 * factor  # the bring-in completed to the small bet
        assert state.settings.values["ante"] == 1  # the table's own settings stay
    lines = [e.public for e in state.log if e.public.startswith("The stakes double")]
    assert lines == ["The stakes double, as every 2 hands: ante 2, bring in 2, min bet 4, big bet 8",
                     "The stakes double, as every 2 hands: ante 4, bring in 4, min bet 8, big bet 16"]


def test_a_save_after_the_rise_plays_on_at_the_risen_stakes():
    state = _stud(every=1)
    _play_to_hand(state, 3)
    again, problems = round_trip(state)
    assert problems == [] and again.stakes == state.stakes and again.stakes.values["min_bet"] == 8
    assert again.betting_options(again.to_act) == state.betting_options(state.to_act)


def test_stakes_that_never_rise_are_the_tables():
    state = _stud(every=0)
    _play_to_hand(state, 4)
    assert state.stakes is state.settings and _antes(state) == [1, 1, 1]
    assert not any(e.public.startswith("The stakes double") for e in state.log)


def test_a_match_with_rising_stakes_ends():
    from cardtable.simulation import simulate_game
    summary = simulate_game(games.get("seven_card_stud"), games=3, seats=6, seed=2, bots="random")
    assert summary["finished"] == 3 and summary["invariants"]["failed"] == 0
