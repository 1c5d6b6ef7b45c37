"""The strong level reads each opponent's betting over the match (:class:`Tendency`): a
player who raises or calls whatever it holds is named so, its moves are not read as
telling its hand, and the rollouts play it that way."""

from __future__ import annotations

import random

import pytest

from cardtable import games
from cardtable.bots import fixed
from cardtable.bots.base import play_until
from cardtable.bots.reading import STYLE_AFTER, Tendency
from cardtable.bots.strong import StrongBot, _styled, light_choice
from cardtable.engine.game import CHANCE
from cardtable.variants import load_deck_by_id


def _match(game_id, strategy, rounds=8):
    game = games.get(game_id)
    state = game.new_state(game.read_settings(game.defaults()), load_deck_by_id(game.decks[0]), ["S", "F"],
                           random.Random(3))
    strong = game.bot(random.Random(1), "strong")
    assert isinstance(strong, StrongBot)
    strong.rollouts = 4  # the reading is what is tested, not the plans
    other = fixed.make(strategy, game, random.Random(2))
    play_until(state, [strong, other], stop=lambda s: s.round_number > rounds)
    return strong


@pytest.mark.parametrize(("strategy", "style"), [("always_raise", "raises"), ("always_call", "calls")])
def test_a_fixed_player_is_named(strategy, style):
    strong = _match("seven_card_stud", strategy)
    seen = strong.reader.tendencies[1]
    assert seen.decisions >= STYLE_AFTER
    assert strong.reader.style(1) == style
    assert all(e.seat != 1 for e in strong.reader.evidence)  # its moves tell nothing


def test_the_normal_level_is_not_named_a_caller_or_raiser():
    game = games.get("texas_holdem")
    state = game.new_state(game.read_settings(game.defaults()), load_deck_by_id(game.decks[0]), ["S", "N"],
                           random.Random(5))
    strong = game.bot(random.Random(1), "strong")
    strong.rollouts = 4
    play_until(state, [strong, game.bot(random.Random(2), "normal")], stop=lambda s: s.round_number > 8)
    assert strong.reader.style(1) not in ("raises", "calls")


def test_tendency_styles():
    tight = Tendency()
    for _ in range(STYLE_AFTER):
        tight.add("Fold", {"Fold", "Call", "raise"})
    assert tight.style == "tight"
    drawing = Tendency()
    for _ in range(STYLE_AFTER):
        drawing.add("Draw", {"Draw", "Stand"})
    assert drawing.decisions == 0 and drawing.style is None  # no betting: no style
    raiser = Tendency()
    for _ in range(STYLE_AFTER):
        raiser.add("raise", {"Fold", "Call", "raise"})
    assert raiser.style == "raises"
    few = Tendency()
    few.add("raise", {"Fold", "Call", "raise"})
    assert few.style is None


def test_rollouts_play_a_named_raiser_as_one():
    game = games.get("texas_holdem")
    state = game.new_state(game.read_settings(game.defaults()), load_deck_by_id(game.decks[0]), ["A", "B"],
                           random.Random(1))
    while state.to_act is not None and not fixed.is_bet(state.legal_actions(state.to_act)):
        state.apply(state.chance_action())
    seat = state.to_act
    policy = _styled(light_choice, {seat: ("raises", 0.0)})
    expected = fixed.aggressive(state, seat, state.legal_actions(seat))
    assert policy(state, seat, random.Random(0)) == expected
    assert _styled(light_choice, {1 - seat: ("raises", 0.0)})(state, seat, random.Random(0)) == \
        light_choice(state, seat, random.Random(0))


def test_folds_that_end_a_hand_or_open_one_are_read():
    """In Ipso the premium player folds most hands first thing after the deal, or to the
    strong seat's stake (the hand is over then): a replay stops where its copy's cards
    part from the real ones, but the move there is still read, so the player is named
    tight within a few hands (it was not within ten: not one of those folds was read)."""
    game = games.get("ipso")
    state = game.new_state(game.read_settings(game.defaults()), load_deck_by_id(game.decks[0]), ["S", "F"],
                           random.Random(3))
    strong = game.bot(random.Random(1), "strong")
    strong.rollouts = 4
    play_until(state, [strong, fixed.make("premium", game, random.Random(2))],
               stop=lambda s: s.round_number > 6)
    folds = sum(1 for e in state.log if e.text_for(0) == "F folds")
    assert folds >= 4
    assert strong.reader.tendencies[1].folded >= folds - 1  # the last may come after strong's last decision
    assert strong.reader.style(1) == "tight"


def test_the_least_stake_that_is_also_the_most_is_no_shove():
    """Past Ipso's maximum bet the least stake is the most: a player making it chose
    nothing, so three of them do not name it a raiser."""
    from cardtable.bots.reading import _most
    game = games.get("ipso")
    state = game.new_state(game.read_settings(game.defaults()), load_deck_by_id(game.decks[0]), ["S", "F"],
                           random.Random(3))
    while state.to_act == CHANCE or not fixed.is_bet(state.legal_actions(state.to_act)):
        state.apply(state.chance_action() if state.to_act == CHANCE else state.legal_actions(state.to_act)[0])
    seat = state.to_act
    options = state.betting_options(seat)
    stakes = [a for a in state.legal_actions(seat) if type(a).__name__ == "Stake"]
    assert options.min_amount < options.max_amount
    assert _most(state, seat, max(stakes, key=lambda a: a.amount))
    assert not _most(state, seat, min(stakes, key=lambda a: a.amount))
    state.betting.floor = options.max_amount  # as after a raise to the maximum
    assert state.betting_options(seat).min_amount == state.betting_options(seat).max_amount
    top = next(a for a in state.legal_actions(seat) if type(a).__name__ == "Stake")
    assert not _most(state, seat, top)
