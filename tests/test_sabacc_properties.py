"""Sabacc under random play: the invariants hold in every state of many games of 2 to 8
seats with random settings, random legal actions and bots.

After every action: credits are never made or lost (stacks, the hand pot and the sabacc
pot); every card is in exactly one place; no view holds a card, a drawn card or a total
its seat may not see and no public log line names a hidden card; the game is over or
somebody can act. Every few actions the state goes through JSON and play continues from
the copy.

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
from cardtable.games.sabacc import checks as sabacc_checks
from cardtable.games.sabacc import rules
from cardtable.games.sabacc.bot import SabaccBot
from cardtable.games.sabacc.state import SabaccSettings, SabaccState
from cardtable.variants import load_deck_by_id

DECK = load_deck_by_id("sabacc")


def table(seed: int, seats: int | None = None, **overrides) -> SabaccState:
    """A random table for ``seed``: seats, stacks, antes, penalty and limits vary."""
    rng = random.Random(f"table:{seed}")
    seats = seats or rng.randint(2, 8)
    values = {"hand_ante": rng.choice((0, 10, 100)), "sabacc_ante": rng.choice((0, 50, 1000)),
              "fold_penalty": rng.choice((0, 200, 200)), "min_bet": rng.choice((10, 100)),
              "pot_limit": rng.random() < 0.3, "hand_limit": rng.choice((0, 0, 500, 2000)),
              **overrides}
    if values["hand_limit"] and values["hand_limit"] < values["min_bet"]:
        values["hand_limit"] = values["min_bet"]
    stacks = [rng.choice((rng.randint(1, 400), rng.randint(1000, 6000))) for _ in range(seats)]
    return SabaccState.new(SabaccSettings.from_settings(values), DECK,
                           [f"P{s + 1}" for s in range(seats)], random.Random(seed),
                           dealer=rng.randrange(seats), stacks=stacks)


play_checked = harness.checked_play(sabacc_checks, views=harness.actor_views)
random_players = harness.random_players


def test_random_games_keep_every_invariant():
    finished = harness.finished_random_games(table, play_checked, range(40), max_actions=150, json_every=20)
    for state in finished:
        assert sum(state.stacks) + state.sabacc_pot + state.hand_pot() == state.total_credits
    assert len(finished) > 8


def test_games_with_bots_keep_every_invariant():
    for seed in range(6):
        state = table(1000 + seed, seats=2 + 3 * seed % 7)
        players = harness.mixed_players(SabaccBot, seed, state.seats)
        play_checked(state, players, max_actions=150, json_every=7, all_views=True)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seats=st.integers(2, 8), deal_seed=st.integers(0, 2**32), hand_ante=st.integers(0, 300),
       sabacc_ante=st.integers(0, 2000), penalty=st.integers(0, 500), min_bet=st.integers(1, 300),
       pot_limit=st.booleans(), stacks=st.lists(st.integers(1, 8000), min_size=8, max_size=8),
       chooser=st.randoms(use_true_random=False))
def test_any_table_and_any_legal_play_keep_every_invariant(seats, deal_seed, hand_ante, sabacc_ante,
                                                           penalty, min_bet, pot_limit, stacks,
                                                           chooser):
    state = SabaccState.new(
        SabaccSettings.from_settings({"hand_ante": hand_ante, "sabacc_ante": sabacc_ante,
                                      "fold_penalty": penalty, "min_bet": min_bet,
                                      "pot_limit": pot_limit}),
        DECK, [f"P{s}" for s in range(seats)], random.Random(deal_seed),
        dealer=deal_seed % seats, stacks=stacks[:seats])
    play_checked(state, [RandomBot(chooser)] * seats, max_actions=150, json_every=13, all_views=True)


def test_a_json_copy_continues_exactly_like_the_original():
    harness.json_copies_continue(table, DECK, range(15), then=400)


def test_the_same_seeds_make_the_same_game():
    def game() -> list:
        state = table(77, seats=5)
        players = [SabaccBot(random.Random(f"b{s}")) for s in range(5)]
        play_checked(state, players, max_actions=300, json_every=0)
        random.seed()  # stirring the global generator must change nothing
        return [a.to_json() for a in state.history]
    assert game() == game()


def wild_action(state: SabaccState, rng: random.Random):
    """Any action at all, legal or not, for any seat."""
    seat = rng.choice([CHANCE, *range(-1, state.seats + 1)])
    hand = state.hand_of(seat) if 0 <= seat < state.seats else []
    return rng.choice([
        Fold(seat=seat), Check(seat=seat), Call(seat=seat), AllIn(seat=seat),
        Bet(seat=seat, to=rng.randint(-2, 3000)), Raise(seat=seat, to=rng.randint(-2, 3000)),
        rules.Draw(seat=seat), rules.Stand(seat=seat), rules.Keep(seat=seat), rules.Drop(seat=seat),
        rules.Swap(seat=seat, card=rng.choice(hand + [rng.randint(-1, 80)])),
        rules.RollDie(colour=rng.choice(("red", "blue", "green"))), rules.DealDemise(),
        rules.Shift(lost=tuple(rng.choice(h) for h in state.hands if h)),
        rules.SabaccShuffle(order=tuple(rng.sample(range(76), 76))), rules.SabaccShuffle(order=(1, 2)),
    ])


def test_illegal_actions_are_refused_and_change_nothing():
    assert harness.refused_wild_actions(table, range(20), wild_action, checks=sabacc_checks, steps=150) > 300


@pytest.mark.slow
def test_soak_many_more_games(request):
    harness.skip_unless_soak(request)
    for seed in range(2000):
        state = table(50_000 + seed)
        players = [SabaccBot(random.Random(f"soak:{seed}:{s}"), ("normal", "tough")[s % 2])
                   if s % 3 else RandomBot(random.Random(f"soak:{seed}:{s}"))
                   for s in range(state.seats)]
        play_checked(state, players, max_actions=2000, json_every=25)
