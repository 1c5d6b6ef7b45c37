"""Five-Card Draw's rollout player (the strong level's cheap copy of the normal bot): card
codes' strengths order hands exactly as the evaluator's keys do, its equity is the
slow evaluator's on the same deals, and its draws and bets follow the normal bot's rules."""

from __future__ import annotations

import random

import harness
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable import games
from cardtable.games.five_card_draw import fast
from cardtable.games.five_card_draw.bot import ROLLOUT_SAMPLES, DrawBot, plan_discard
from cardtable.games.five_card_draw.hands import evaluate, rank_value, score
from cardtable.games.five_card_draw.rollout_bot import RolloutDrawBot
from cardtable.games.five_card_draw.rules import Phase
from cardtable.variants import load_deck_by_id

DECK = load_deck_by_id("standard52")
CODES = fast.deck_codes(DECK)


def _pairs(cards):
    return [(rank_value(DECK[c].rank), DECK[c].suit) for c in cards]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=10, max_size=10, unique=True))
def test_strengths_compare_as_the_keys(cards):
    one, two = cards[:5], cards[5:]
    strong_one, strong_two = fast.strength([CODES[c] for c in one]), fast.strength([CODES[c] for c in two])
    key_one, key_two = score(_pairs(one)), score(_pairs(two))
    assert (strong_one > strong_two) == (key_one > key_two)
    assert (strong_one == strong_two) == (key_one == key_two)
    assert strong_one == 7463 - evaluate([DECK[c] for c in one]).rank


def _slow_equity(kept, need, unseen, opponents, rng, samples):
    """fast.equity written with the evaluator's keys on (rank, suit) pairs."""
    wins = 0.0
    for _ in range(samples):
        draw = rng.sample(unseen, need + 5 * opponents)
        mine = score(_pairs(kept + draw[:need]))
        ties, beaten = 0, False
        for j in range(opponents):
            theirs = score(_pairs(draw[need + 5 * j: need + 5 * j + 5]))
            if theirs > mine:
                beaten = True
                break
            ties += theirs == mine
        if not beaten:
            wins += 1.0 / (1 + ties)
    return wins / samples


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=5, max_size=5, unique=True), st.integers(0, 4),
       st.integers(1, 5), st.integers(0, 2 ** 32))
def test_equity_is_the_evaluators_on_the_same_deals(hand, need, opponents, seed):
    unseen = [c for c in range(52) if c not in hand]
    kept = hand[need:]
    quick = fast.equity([CODES[c] for c in kept], need, [CODES[c] for c in unseen], opponents,
                        random.Random(seed), 12)
    assert quick == _slow_equity(kept, need, unseen, opponents, random.Random(seed), 12)


def test_the_rollout_player_draws_and_bets_by_the_normal_rules():
    game = games.get("five_card_draw")
    bets = 0
    for seats in (2, 4):
        for seed in range(3):
            state = game.new_state(game.read_settings(game.defaults()), DECK, [f"P{s}" for s in range(seats)],
                                   random.Random(seed))
            for seat in harness.seats_to_act(state, 150):
                view = state.seat_copy(seat, random.Random(seed))
                quick = RolloutDrawBot(random.Random(seed))
                action = quick.choose(view, seat)
                assert view.why_illegal(action) is None
                if view.phase == Phase.DRAW:  # the draw has no chance in it: the normal bot's
                    assert action == DrawBot(random.Random(seed)).choose(view, seat)
                else:  # the bet is the normal bot's on the equity worked out
                    cards = view.hand_of(seat)
                    throw = plan_discard(_pairs(cards), view.draw_limit(seat)) if view.betting_round == 0 else []
                    held = set(cards)
                    drawn = random.Random(seed)  # the rollout player's generator, drawn alike
                    eq = _slow_equity([c for i, c in enumerate(cards) if i not in throw], len(throw),
                                      [c for c in range(52) if c not in held], sum(view.chips.in_hand) - 1,
                                      drawn, ROLLOUT_SAMPLES)
                    assert quick._memo == {(tuple(cards), view.betting_round == 0,
                                            sum(view.chips.in_hand) - 1): eq}
                    assert DrawBot(drawn)._bet_on(view, seat, eq) == action
                    bets += 1
                state.apply(action if state.why_illegal(action) is None else state.legal_actions(seat)[0])
    assert bets > 50


def test_the_normal_bot_makes_rollout_players_of_the_cheap_kind():
    made = DrawBot(random.Random(1)).rollout_bot(random.Random(2))
    assert isinstance(made, RolloutDrawBot) and made.samples == ROLLOUT_SAMPLES
    assert isinstance(made.rollout_bot(random.Random(3)), RolloutDrawBot)
