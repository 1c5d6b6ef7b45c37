"""A call of an all-in is weighed on several runs of the cards to come, and is one
candidate, not two (a call and an all-in that only calls)."""

from __future__ import annotations

import random

from cardtable import games
from cardtable.bots import fixed, strong
from cardtable.bots.strong import TAIL_RUNS, StrongBot, _redeal_stock, candidates
from cardtable.bots.worlds import Snapshot
from cardtable.engine.game import CHANCE
from cardtable.variants import load_deck_by_id


def _facing_a_shove(seed):
    """Hold'em heads-up: seat 0 limps, seat 1 goes all-in; seat 0 to act."""
    game = games.get("texas_holdem")
    state = game.new_state(game.read_settings(game.defaults()), load_deck_by_id(game.decks[0]), ["A", "B"],
                           random.Random(seed))
    limped = False
    while True:
        seat = state.to_act
        if seat == CHANCE:
            state.apply(state.chance_action())
            continue
        actions = state.legal_actions(seat)
        if seat == 1:
            state.apply(fixed.aggressive(state, 1, actions))
        elif limped:
            return game, state
        else:
            limped = True
            state.apply(fixed.passive(state, 0, actions))


def test_an_all_in_that_only_calls_is_not_a_second_candidate():
    _, state = _facing_a_shove(1)
    names = [type(a).__name__ for a in candidates(state, 0)]
    assert "Call" in names and "AllIn" not in names


def test_the_cards_to_come_are_dealt_again_the_hands_kept():
    _, state = _facing_a_shove(2)
    world = Snapshot(state).make(random.Random(0))
    hands = [list(h) for h in world.hands]
    stock = list(world.deck_order)
    _redeal_stock(world, 0, random.Random(3))
    assert [list(h) for h in world.hands] == hands
    assert sorted(world.deck_order) == sorted(stock) and world.deck_order != stock


def test_a_called_all_in_is_the_mean_of_its_runs(monkeypatch):
    game, state = _facing_a_shove(3)
    # a shove this far beyond the pot is settled by its equity alone (cardtable.bots.exploits):
    # the runs of the cards to come are what is tested here
    monkeypatch.setattr(strong, "patient_move", lambda *given, **named: None)
    bot = game.bot(random.Random(4), "strong")
    assert isinstance(bot, StrongBot)
    bot.rollouts = 8
    runs = []
    played = bot._play

    def play(*given, **named):
        result = played(*given, **named)
        runs.append(result)
        return result

    bot._play = play
    plan = bot.plan(state.seat_copy(0, random.Random(5)), 0)
    call = next(e for e in plan.estimates if type(e.action).__name__ == "Call")
    fold = next(e for e in plan.estimates if type(e.action).__name__ == "Fold")
    assert call.count == fold.count > 0
    assert len(runs) == fold.count + call.count * TAIL_RUNS  # a fold is played once a world
