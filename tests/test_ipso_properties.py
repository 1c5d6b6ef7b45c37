"""Ipso under random play: the invariants hold in every state of many games of 2 to 5
seats with random settings, random legal actions and bots.

After every action: chips are never made or lost; every card is in exactly one
place; no view holds a card its seat may not see and no log line names a card its
reader may not know; the game is over or somebody can act. Every few actions the
state goes through JSON and play continues from the copy.

The long soak (``CARDTABLE_SOAK=1`` or ``-m slow``) plays many more games.
"""

from __future__ import annotations

import random

import harness
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.bots.random_bot import RandomBot
from cardtable.engine.betting import Call, Fold
from cardtable.engine.game import CHANCE
from cardtable.games.ipso import checks as ipso_checks
from cardtable.games.ipso.betting import Cover, CoverRaise, Stake
from cardtable.games.ipso.bot import IpsoBot
from cardtable.games.ipso.rules import ChooseDealer, DrawForDealer, Exchange, IpsoSettings, Shuffle, Skip
from cardtable.games.ipso.state import IpsoState
from cardtable.variants import load_deck_by_id

DECK = load_deck_by_id("standard52")


def table(seed: int, seats: int | None = None) -> IpsoState:
    """A random table for ``seed``: seats, stacks, ante, minimum and maximum vary."""
    rng = random.Random(f"ipso-table:{seed}")
    seats = seats or rng.randint(2, 5)
    ante = rng.randint(1, 4)
    low = rng.randint(1, 5)
    values = {"ante": ante, "min_bet": low, "max_bet": rng.choice([None, low, low + rng.randint(1, 20)])}
    stacks = [rng.choice((rng.randint(ante, ante + 15), rng.randint(30, 150))) for _ in range(seats)]
    dealer = rng.choice([None, rng.randrange(seats)])
    return IpsoState.new(IpsoSettings.from_settings(values), DECK, [f"P{s + 1}" for s in range(seats)],
                         random.Random(seed), dealer=dealer, stacks=stacks)


play_checked = harness.checked_play(ipso_checks)
TAG = "ipso-player"


def random_players(seed: int, seats: int):
    return harness.random_players(seed, seats, TAG)


def test_random_games_keep_every_invariant():
    finished = harness.finished_random_games(table, play_checked, range(90), tag=TAG, max_actions=150,
                                             json_every=17)
    for state in finished:
        assert sum(state.stacks) == state.total_chips
        assert sum(state.can_play(s) for s in range(state.seats)) < 2
    assert len(finished) > 20


def test_games_with_bots_keep_every_invariant():
    for seed in range(6):
        state = table(1000 + seed, seats=2 + seed % 4)
        players = harness.mixed_players(IpsoBot, seed, state.seats, "ipso-bot")
        play_checked(state, players, max_actions=150, json_every=7, all_views=True)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seats=st.integers(2, 5), deal_seed=st.integers(0, 2**32), ante=st.integers(1, 5),
       min_bet=st.integers(1, 6), extra=st.one_of(st.none(), st.integers(0, 30)),
       stacks=st.lists(st.integers(5, 300), min_size=5, max_size=5),
       chooser=st.randoms(use_true_random=False))
def test_any_table_and_any_legal_play_keep_every_invariant(seats, deal_seed, ante, min_bet, extra,
                                                           stacks, chooser):
    settings_ = IpsoSettings.from_settings(
        {"ante": ante, "min_bet": min_bet, "max_bet": None if extra is None else min_bet + extra})
    state = IpsoState.new(settings_, DECK, [f"P{s}" for s in range(seats)], random.Random(deal_seed),
                          stacks=stacks[:seats])
    play_checked(state, [RandomBot(chooser)] * seats, max_actions=120, json_every=13, all_views=True)


def test_a_json_copy_continues_exactly_like_the_original():
    harness.json_copies_continue(table, DECK, range(20), then=300, tag=TAG)


def test_the_same_seeds_make_the_same_game():
    def match() -> list:
        state = table(77, seats=5)
        players = [IpsoBot(random.Random(f"same:{s}"), ("normal", "tough")[s % 2]) for s in range(5)]
        play_checked(state, players, max_actions=400, json_every=0)
        return [a.to_json() for a in state.history]
    harness.same_history_twice(match)


def wild_action(state: IpsoState, rng: random.Random):
    """Any action at all, legal or not, for any seat."""
    seat = rng.choice([CHANCE, *range(-1, state.seats + 1)])
    hand = state.hand_of(seat) if 0 <= seat < state.seats else []
    card = rng.choice(hand + [rng.randint(-1, 55)])
    return rng.choice([
        Fold(seat=seat), Call(seat=seat), Cover(seat=seat), Skip(seat=seat),
        Stake(seat=seat, amount=rng.randint(-2, 80)), CoverRaise(seat=seat, amount=rng.randint(-2, 80)),
        Exchange(seat=seat, card=card, pile=rng.choice(["stock", "flip", "down_discard", "up_discard", "x"])),
        ChooseDealer(seat=seat, dealer=rng.randint(-1, 6)),
        Shuffle(order=tuple(rng.sample(range(52), 52))), Shuffle(order=(1, 2)),
        DrawForDealer(cards=tuple(rng.sample(range(52), state.seats))),
    ])


def test_illegal_actions_are_refused_and_change_nothing():
    assert harness.refused_wild_actions(table, range(30), wild_action, checks=ipso_checks, steps=150, tag=TAG) > 1000


@pytest.mark.slow
def test_soak_many_more_games(request):
    harness.soak(request, table, play_checked, IpsoBot, random_seeds=range(10_000, 11_000), bot_seeds=range(40),
                 max_actions=2000, tag=TAG)
