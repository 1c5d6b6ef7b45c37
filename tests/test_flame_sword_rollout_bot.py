"""Flame Sword's rollout player (the strong level's cheap copy of the normal bot): it
plays legal moves only, on rollout copies and on checked states; given the same strength
its bets are the normal bot's heads-up (with more players in, light random betting); its
estimate is the normal bot's on one scenario; and the same seed makes the same choices."""

from __future__ import annotations

import random

import pytest

from cardtable import games
from cardtable.bots.worlds import Snapshot
from cardtable.engine.game import CHANCE
from cardtable.games.flame_sword import hands as flame_hands
from cardtable.games.flame_sword.bot import LEVEL_KNOBS, FlameBot, rollout_choice
from cardtable.games.flame_sword.rollout_bot import HEADS_UP, NORMAL_TRIALS, ROLLOUT_SCENARIOS, RolloutFlameBot
from cardtable.games.flame_sword.rules import Phase
from cardtable.variants import load_deck_by_id

GAME = games.get("flame_sword")
DECK = load_deck_by_id(GAME.decks[0])


def _match(seats, seed):
    return GAME.new_state(GAME.read_settings(GAME.defaults()), DECK, [f"P{s}" for s in range(seats)],
                          random.Random(seed))


def _bet_states(seats, seed, count):
    """Copies of the states of a match where a seat bets (rollout players playing it)."""
    state = _match(seats, seed)
    bots = {s: RolloutFlameBot(random.Random(seed * 10 + s)) for s in range(seats)}
    found = []
    for _ in range(2000):
        seat = state.to_act
        if seat is None or len(found) >= count:
            break
        if seat == CHANCE:
            state.apply(state.chance_action())
            continue
        if state.phase == Phase.BET:
            found.append(Snapshot(state).make(random.Random(0)))
            found[-1].sampled_deal = False
        state.apply(bots[seat].choose(state, seat))
    return found


@pytest.mark.parametrize("seats", [2, 4])
def test_it_plays_legal_moves_only(seats):
    for seed in range(3):
        state = _match(seats, seed)
        bots = {s: RolloutFlameBot(random.Random(seed * 10 + s)) for s in range(seats)}
        for _ in range(600):
            seat = state.to_act
            if seat is None or state.hand_no > 3:
                break
            action = state.chance_action() if seat == CHANCE else bots[seat].choose(state, seat)
            assert state.why_illegal(action) is None
            state.apply(action)


def test_it_plays_legal_moves_on_rollout_copies():
    for seed in range(4):
        state = _bet_states(3, seed, 1)[0]
        world = Snapshot(state).make(random.Random(seed))
        bots = {s: RolloutFlameBot(random.Random(s)) for s in range(3)}
        while world.to_act is not None and world.hand_no == state.hand_no:
            seat = world.to_act
            action = world.chance_action() if seat == CHANCE else bots[seat].choose(world, seat)
            twin = Snapshot(world).make(random.Random(seed))
            twin.sampled_deal = False
            assert twin.why_illegal(action) is None
            world.apply(action)


@pytest.mark.parametrize("strength", [0.0, 0.2, 0.45, 0.6, 0.9, 1.0])
def test_its_bets_are_the_normal_bots_on_the_same_strength(strength, monkeypatch):
    monkeypatch.setattr(FlameBot, "strength", lambda self, state, seat: strength)
    compared = 0
    for seats in (2, 4):
        for state in _bet_states(seats, 7, 12):
            seat = state.to_act
            for seed in range(4):
                cheap = RolloutFlameBot(random.Random(seed)).choose(state, seat)
                if sum(state.chips.in_hand) > HEADS_UP:
                    assert cheap == rollout_choice(state, seat, random.Random(seed))
                    continue
                assert cheap == FlameBot(random.Random(seed)).choose(state, seat)
                compared += 1
    assert compared > 20


def test_its_estimate_is_the_normal_bots_on_fewer_scenarios(monkeypatch):
    calls = []
    real = flame_hands.best_line

    def counted(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    state = _bet_states(2, 3, 1)[0]
    seat = state.to_act
    monkeypatch.setattr(flame_hands, "best_line", counted)
    cheap = RolloutFlameBot(random.Random(5))
    cheap.strength(state, seat)
    # heads-up: its own line and NORMAL_TRIALS random hands' on its one scenario
    assert len(calls) == ROLLOUT_SCENARIOS * (1 + NORMAL_TRIALS)
    normal = FlameBot(random.Random(5))
    expected = normal._share_beaten(state, seat, ROLLOUT_SCENARIOS, NORMAL_TRIALS)
    assert RolloutFlameBot(random.Random(5)).strength(state, seat) == expected


def test_its_estimate_takes_the_normal_bots_values_heads_up():
    """Heads-up the normal bot's estimate is (wins + 0.5) / 4 over three random hands, and
    it bets at 0.85 and up (all three beaten); the rollout player's takes the same values,
    so the rollouts' normal level bets and raises (with one hand dealt, 0.25 or 0.75,
    never)."""
    seen = set()
    for seed in range(6):
        for state in _bet_states(2, seed, 6):
            seat = state.to_act
            seen.add(RolloutFlameBot(random.Random(seed)).strength(state, seat))
    assert seen <= {(w + 0.5) / (NORMAL_TRIALS + 1) for w in range(NORMAL_TRIALS + 1)}
    assert max(seen) >= LEVEL_KNOBS["normal"]["raise_at"] / 2


def test_the_same_seed_makes_the_same_choices():
    for state in _bet_states(4, 11, 10):
        seat = state.to_act
        one = RolloutFlameBot(random.Random(3))
        two = RolloutFlameBot(random.Random(3))
        assert one.strength(state, seat) == two.strength(state, seat)
        assert one.choose(state, seat) == two.choose(state, seat)


def test_the_normal_bot_makes_it_and_it_makes_itself():
    made = FlameBot(random.Random(1)).rollout_bot(random.Random(2))
    assert isinstance(made, RolloutFlameBot) and isinstance(made, FlameBot)
    assert isinstance(made.rollout_bot(random.Random(3)), RolloutFlameBot)
    assert made.knobs["scenarios"] == ROLLOUT_SCENARIOS < FlameBot(random.Random(1)).knobs["scenarios"]
