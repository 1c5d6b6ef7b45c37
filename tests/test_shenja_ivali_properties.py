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


def play_checked(state, players, *, max_actions: int = 5000, json_every: int = 10,
                 all_views: bool = False):
    """:func:`harness.play_checked` with this game's checks."""
    return harness.play_checked(state, players, checks=ivali_checks, max_actions=max_actions,
                                json_every=json_every,
                                views=True if all_views else lambda state, done: [
                                    None if state.to_act == CHANCE else state.to_act, done % state.seats])


def random_players(seed: int, seats: int):
    return harness.random_players(seed, seats, "player")


def test_random_games_keep_every_invariant():
    finished = 0
    for seed in range(400):
        state = table(seed)
        state = play_checked(state, random_players(seed, state.seats), max_actions=80,
                             json_every=20)
        if state.to_act is None:
            finished += 1
            assert sum(state.stacks) == state.total_chips
            assert sorted(state.stacks)[-2] == 0  # one seat has every chip
    assert finished > 80


def test_games_with_bots_keep_every_invariant():
    for seed in range(5):
        state = table(1000 + seed, seats=2 + 3 * seed % 7)
        players = []
        for s in range(state.seats):
            rng = random.Random(f"bot:{seed}:{s}")
            players.append([IvaliBot(rng), RandomBot(rng), IvaliBot(rng, "tough")][(s + seed) % 3])
        play_checked(state, players, max_actions=100, json_every=7, all_views=True)


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
    for seed in range(30):
        original = table(2000 + seed, limit="no_limit")
        harness.assert_json_copy_continues(
            original, random_players(seed, original.seats), DECK, cut=random.Random(seed).randint(1, 60),
            then=None, choosers=lambda seed=seed, original=original: random_players(seed + 10_000, original.seats))


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
    refused = 0
    for seed in range(40):
        state = table(3000 + seed)
        refused += harness.refuse_wild_actions(state, random_players(seed, state.seats), wild_action,
                                               random.Random(seed), checks=ivali_checks, steps=200)
    assert refused > 1000


@pytest.mark.slow
def test_soak_many_more_games(request):
    harness.skip_unless_soak(request)
    for seed in range(10_000, 12_000):
        state = table(seed)
        play_checked(state, random_players(seed, state.seats), max_actions=600, json_every=20,
                     all_views=True)
    for seed in range(60):
        state = table(20_000 + seed)
        players = [IvaliBot(random.Random(f"soak:{seed}:{s}"), ("normal", "tough")[s % 2])
                   for s in range(state.seats)]
        play_checked(state, players, max_actions=600, json_every=11)
