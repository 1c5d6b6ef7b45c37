"""The fixed-strategy players of the benchmarks (:mod:`cardtable.bots.fixed`): legal in
every game, and each plays its one way."""

from __future__ import annotations

import random

import pytest
from harness import positions_to_act

from cardtable import games
from cardtable.bots import fixed
from cardtable.bots.base import play_until
from cardtable.variants import load_deck_by_id

GAMES = games.registry().with_rules()


@pytest.mark.parametrize("strategy", fixed.ALL_STRATEGIES)
@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_every_strategy_is_legal_in_every_game(game, strategy):
    for state in positions_to_act(game, random.Random(f"fixed:{game.id}"), 2, ["Ada", "Bo"], (0, 25)):
        seat = state.to_act
        bot = fixed.make(strategy, game, random.Random(1))
        action = bot.choose(state.seat_copy(seat, random.Random(2)), seat)
        assert state.why_illegal(action) is None, (strategy, action)


def _bet_states(game_id, count=6):
    game = games.get(game_id)
    found = []
    for state in positions_to_act(game, random.Random(f"bets:{game_id}"), 30, ["Ada", "Bo", "Cy"], (0, 30)):
        if fixed.is_bet(state.legal_actions(state.to_act)):
            found.append(state)
    return game, found[:count]


@pytest.mark.parametrize("game_id", ["texas_holdem", "five_card_draw", "sabacc", "ipso"])
def test_caller_never_folds_and_raiser_raises_the_most(game_id):
    game, states = _bet_states(game_id)
    assert states
    for state in states:
        seat = state.to_act
        names = {type(a).__name__ for a in state.legal_actions(seat)}
        call = fixed.make("always_call", game, random.Random(1)).choose(state, seat)
        assert type(call).__name__ != "Fold" or names <= {"Fold"}
        assert type(call).__name__ in ("Check", "Call", "Cover") or not names & {"Check", "Call", "Cover"}
        raised = fixed.make("always_raise", game, random.Random(1)).choose(state, seat)
        options = state.betting_options(seat)
        if "AllIn" in names:
            assert type(raised).__name__ == "AllIn"
        elif names & {"Bet", "Raise"} and options is not None:
            assert getattr(raised, "to", None) == options.max_raise_to


@pytest.mark.parametrize("game_id", ["texas_holdem", "five_card_draw", "sabacc", "ipso"])
def test_min_raiser_raises_the_least_and_check_folder_never_pays(game_id):
    game, states = _bet_states(game_id)
    assert states
    raised_least = 0
    for state in states:
        seat = state.to_act
        names = {type(a).__name__ for a in state.legal_actions(seat)}
        options = state.betting_options(seat)
        least = fixed.make("min_raise", game, random.Random(1)).choose(state, seat)
        if names & {"Bet", "Raise", "CoverRaise"} and options is not None:
            bound = getattr(options, "min_raise_to", getattr(options, "min_amount", None))
            assert getattr(least, "to", getattr(least, "amount", None)) == bound
            raised_least += 1
        else:
            assert type(least).__name__ not in ("Fold", "Check") or not names & {"Call", "AllIn", "Stake"}
        folded = fixed.make("check_fold", game, random.Random(1)).choose(state, seat)
        assert type(folded).__name__ == ("Check" if "Check" in names else "Fold" if "Fold" in names
                                         else type(folded).__name__)
    assert raised_least


def test_premium_plays_on_with_few_hands():
    """Premium folds (or checks) most hands at its first bet: it keeps about a tenth."""
    game = games.get("texas_holdem")
    played = decided = 0
    for state in positions_to_act(game, random.Random("premium"), 20, ["Ada", "Bo"], (0, 3)):
        seat = state.to_act
        if not fixed.is_bet(state.legal_actions(seat)):
            continue
        bot = fixed.make("premium", game, random.Random(decided))
        bot.choose(state.seat_copy(seat, random.Random(3)), seat)
        assert bot._verdict is not None
        played += bot._verdict[1]
        decided += 1
    assert decided >= 5 and played < decided


def test_a_match_of_fixed_players_ends():
    game = games.get("five_card_draw")
    state = game.new_state(game.read_settings(game.defaults()), load_deck_by_id(game.decks[0]),
                           ["A", "B", "C"], random.Random(4))
    bots = [fixed.make(s, game, random.Random(i)) for i, s in enumerate(("always_call", "always_raise", "random"))]
    play_until(state, bots, max_actions=3000)
    assert state.is_over or state.round_number > 1


@pytest.mark.parametrize("game_id", ["texas_holdem", "five_card_draw", "sabacc", "ipso", "shenja_ivali"])
def test_pot_raiser_raises_the_pot_within_the_allowed(game_id):
    """The pot raise: what is owed, then the pot with that call in it, on top of the highest
    bet (held within the least and the most raise); a call where no raise is legal."""
    game, states = _bet_states(game_id)
    assert states
    sized = 0
    for state in states:
        seat = state.to_act
        view = state.seat_view(seat)
        names = {type(a).__name__ for a in state.legal_actions(seat)}
        action = fixed.make("pot_raise", game, random.Random(1)).choose(state, seat)
        assert state.why_illegal(action) is None
        options = view.options
        if names & {"Bet", "Raise"} and options is not None and hasattr(action, "to"):
            highest = max(info.bet for info in view.seats)
            owed = highest - view.seats[seat].bet
            pot = max(view.pot_total, sum(info.contributed for info in view.seats)) + owed
            assert action.to == max(options.min_raise_to, min(options.max_raise_to, highest + pot))
            sized += 1
        elif not names & {"Bet", "Raise", "CoverRaise", "Stake", "AllIn"}:
            assert type(action).__name__ in ("Check", "Call", "Cover")
    assert sized or game_id == "ipso"


def test_a_pot_raise_over_the_blinds_is_to_seven():
    """Blinds of 1 and 2 and three seats: the first to act calls 2 and raises the pot of 5, to 7."""
    game = games.get("texas_holdem")
    state = game.new_state(game.read_settings(game.defaults()), load_deck_by_id(game.decks[0]),
                           ["A", "B", "C"], random.Random(4))
    while state.to_act is not None and state.to_act < 0:
        state.apply(state.chance_action())
    seat = state.to_act
    assert [info.bet for info in state.seat_view(seat).seats] == [0, 1, 2]
    action = fixed.make("pot_raise", game, random.Random(1)).choose(state, seat)
    assert (type(action).__name__, action.to) == ("Raise", 7)
