"""Shenja Ivali under random play: the invariants hold in every state of thousands of
games of 2 to 8 seats with random settings, random legal actions and bots.

After every action: chips are never made or lost (stacks, pots, bids and the auction
pot); every card is in exactly one place; no view holds a card its seat may not see
and no public log line names a hidden card; the match is over or somebody can act.
Every few actions the state goes through JSON and play continues from the copy.

The long soak (``CARDTABLE_SOAK=1`` or ``-m slow``) plays many more games.
"""

from __future__ import annotations

import random

import harness
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.bots.random_bot import RandomBot
from cardtable.engine.betting import AllIn, Bet, Call, Check, Fold, Raise
from cardtable.engine.game import CHANCE
from cardtable.games.shenja_ivali import checks as ivali_checks
from cardtable.games.shenja_ivali.bot import IvaliBot
from cardtable.games.shenja_ivali.state import (
    Bid,
    Discard,
    DropOut,
    PassBid,
    ShenjaIvaliSettings,
    ShenjaIvaliState,
    Shuffle,
)
from cardtable.variants import load_deck_by_id

DECK = load_deck_by_id("ivali")
LIMITS = ("no_limit", "pot_limit", "fixed")


def table(seed: int, seats: int | None = None, **overrides) -> ShenjaIvaliState:
    """A random table for ``seed``: seats, stacks, ante, limit and bet size vary."""
    rng = random.Random(f"table:{seed}")
    seats = seats or rng.randint(2, 8)
    values = {"ante": rng.randint(1, 3), "limit": rng.choice(LIMITS), "min_bet": rng.randint(1, 4),
              "max_discard": rng.choice((0, 1, 2, 2, 2)), "rank_planets": rng.random() < 0.8,
              "rank_elements": rng.random() < 0.8, **overrides}
    stacks = [rng.choice((rng.randint(1, 12), rng.randint(20, 150))) for _ in range(seats)]
    return ShenjaIvaliState.new(ShenjaIvaliSettings.from_settings(values), DECK,
                                [f"P{s + 1}" for s in range(seats)], random.Random(seed),
                                dealer=rng.randrange(seats), stacks=stacks)


play_checked = harness.checked_play(ivali_checks, max_actions=5000, views=harness.actor_views)
random_players = harness.random_players


def test_random_games_keep_every_invariant():
    finished = harness.finished_random_games(table, play_checked, range(400), max_actions=80, json_every=20)
    for state in finished:
        assert sum(state.stacks) == state.total_chips
        assert sorted(state.stacks)[-2] == 0  # one seat has every chip
    assert len(finished) > 80


def test_games_with_bots_keep_every_invariant():
    for seed in range(5):
        state = table(1000 + seed, seats=2 + 3 * seed % 7)
        play_checked(state, harness.mixed_players(IvaliBot, seed, state.seats), max_actions=100, json_every=7,
                     all_views=True)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seats=st.integers(2, 8), deal_seed=st.integers(0, 2**32), ante=st.integers(1, 5),
       limit=st.sampled_from(LIMITS), min_bet=st.integers(1, 6),
       stacks=st.lists(st.integers(1, 300), min_size=8, max_size=8),
       chooser=st.randoms(use_true_random=False))
def test_any_table_and_any_legal_play_keep_every_invariant(seats, deal_seed, ante, limit, min_bet,
                                                           stacks, chooser):
    state = ShenjaIvaliState.new(
        ShenjaIvaliSettings.from_settings({"ante": ante, "limit": limit, "min_bet": min_bet}),
        DECK, [f"P{s}" for s in range(seats)], random.Random(deal_seed),
        dealer=deal_seed % seats, stacks=stacks[:seats])
    players = [RandomBot(chooser)] * seats
    play_checked(state, players, max_actions=150, json_every=13, all_views=True)


def test_a_json_copy_continues_exactly_like_the_original():
    harness.json_copies_continue(lambda seed: table(seed, limit="no_limit"), DECK, range(30), then=None)


def test_the_same_seeds_make_the_same_match():
    def match() -> list:
        state = table(77, seats=5)
        play_checked(state, random_players(77, 5), json_every=0)
        random.seed()  # stirring the global generator must change nothing
        return [a.to_json() for a in state.history]
    assert match() == match()


def wild_action(state: ShenjaIvaliState, rng: random.Random):
    """Any action at all, legal or not, for any seat."""
    seat = rng.choice([CHANCE, *range(-1, state.seats + 1)])
    flop = state.flop or [0]
    hand = state.hand_of(seat) if 0 <= seat < state.seats else []
    return rng.choice([
        Fold(seat=seat), Check(seat=seat), Call(seat=seat), AllIn(seat=seat),
        Bet(seat=seat, to=rng.randint(-2, 300)), Raise(seat=seat, to=rng.randint(-2, 300)),
        Discard(seat=seat, cards=tuple(rng.sample(hand, min(len(hand), rng.randint(0, 3))))),
        Discard(seat=seat, cards=(rng.randint(-1, 130),)),
        Bid(seat=seat, card=rng.choice(flop + [rng.randint(0, 130)]), amount=rng.randint(-1, 60)),
        PassBid(seat=seat), DropOut(seat=seat),
        Shuffle(order=tuple(rng.sample(range(100), 100))), Shuffle(order=(1, 2)),
    ])


def test_illegal_actions_are_refused_and_change_nothing():
    assert harness.refused_wild_actions(table, range(40), wild_action, checks=ivali_checks, steps=200) > 1000


@pytest.mark.slow
def test_soak_many_more_games(request):
    harness.soak(request, table, play_checked, IvaliBot, random_seeds=range(10_000, 12_000), bot_seeds=range(60),
                 max_actions=600)
