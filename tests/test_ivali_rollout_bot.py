"""Shenja Ivali's rollout player (the strong level's cheap copy of the normal bot): its
packed-int keys order hands exactly as the evaluator's keys do, and it makes the very
choices of the normal bot at the rollout sample count, on the same states with the
same generators."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable import games
from cardtable.engine.game import CHANCE
from cardtable.games.shenja_ivali import fast
from cardtable.games.shenja_ivali.bot import ROLLOUT_SAMPLES, IvaliBot
from cardtable.games.shenja_ivali.hands import IvaliRules, evaluate
from cardtable.games.shenja_ivali.rollout_bot import RolloutIvaliBot
from cardtable.games.shenja_ivali.state import playing_cards
from cardtable.variants import load_deck_by_id

DECK = load_deck_by_id("ivali")
CARDS = list(playing_cards(DECK))
RULES = (IvaliRules(), IvaliRules(rank_planets=False), IvaliRules(rank_elements=False),
         IvaliRules(planet_order=("Gula", "Omec", "Earth", "Libera", "Irath")))


def _fast_key(hand, rules):
    return fast.key(sum(fast.packed_deck(DECK)[c] for c in hand), rules)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(CARDS), min_size=10, max_size=10, unique=True), st.sampled_from(RULES))
def test_packed_keys_compare_as_the_evaluator_keys(cards, rules):
    one, two = cards[:5], cards[5:]
    slow_one, slow_two = evaluate([DECK[c] for c in one], rules).key, evaluate([DECK[c] for c in two], rules).key
    assert _fast_key(one, rules) == fast.packed_key(slow_one)
    assert (_fast_key(one, rules) > _fast_key(two, rules)) == (slow_one > slow_two)
    assert (_fast_key(one, rules) == _fast_key(two, rules)) == (slow_one == slow_two)


def _decisions(seats, seed, count):
    """States of normal-bot matches where a seat is to act, up to ``count``."""
    game = games.get("shenja_ivali")
    state = game.new_state(game.read_settings(game.defaults()), DECK, [f"P{s}" for s in range(seats)],
                           random.Random(seed))
    players = [IvaliBot(random.Random(seed * 10 + s)) for s in range(seats)]
    found = []
    while len(found) < count and state.to_act is not None:
        seat = state.to_act
        if seat == CHANCE:
            state.apply(state.chance_action())
            continue
        found.append(state.seat_copy(seat, random.Random(seed)))
        state.apply(players[seat].choose(found[-1], seat))
    return found


def test_the_rollout_player_chooses_as_the_normal_bot_does():
    phases = set()
    for seats in (2, 3, 4):
        for seed in range(4):
            for state in _decisions(seats, seed, 60):
                seat = state.to_act
                slow = IvaliBot(random.Random(seed), samples=ROLLOUT_SAMPLES)
                quick = RolloutIvaliBot(random.Random(seed))
                assert quick.choose(state, seat) == slow.choose(state, seat)
                assert quick.rng.random() == slow.rng.random()  # the same draws taken
                phases.add(state.phase)
    assert len(phases) == 3  # betting, the draw and the auction were all compared


def test_the_normal_bot_makes_rollout_players_of_the_cheap_kind():
    made = IvaliBot(random.Random(1)).rollout_bot(random.Random(2))
    assert isinstance(made, RolloutIvaliBot) and made.samples == ROLLOUT_SAMPLES
    assert isinstance(made.rollout_bot(random.Random(3)), RolloutIvaliBot)
