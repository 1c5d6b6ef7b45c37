"""Alethkar Poker under random play: the invariants hold after every action of many
matches of 2 to 7 seats with random settings, random legal actions and bots.

After every action: no chip made or lost (stacks, bags and the middle); every card
in exactly one place; no view shows another seat's card, stack or bag, and no log
line tells them; the match is over or somebody can act. Every few actions the state
goes through JSON and play continues from the copy.

The long soak (``CARDTABLE_SOAK=1`` or ``-m slow``) plays many more matches.
"""

from __future__ import annotations

import random

import harness
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.engine.game import CHANCE, IllegalAction
from cardtable.games.alethkar_poker import checks as alethkar_checks
from cardtable.games.alethkar_poker.bot import AlethkarBot
from cardtable.games.alethkar_poker.state import AlethkarSettings, AlethkarState, BagBet, DiscardTwo, Phase
from cardtable.variants import load_deck_by_id

DECK = load_deck_by_id("standard52")


def table(seed: int, seats: int | None = None) -> AlethkarState:
    """A random table for ``seed``: seats, stacks, buy-in and the ace-low rule vary."""
    rng = random.Random(f"table:{seed}")
    seats = seats or rng.randint(2, 7)
    buy_in = rng.choice((1, 1, 2, 3))
    values = AlethkarSettings(buy_in=buy_in, ace_low_straight=rng.random() < 0.7)
    stacks = [rng.choice((rng.randint(buy_in, 6), rng.randint(20, 80))) for _ in range(seats)]
    return AlethkarState.new(values, DECK, [f"P{s + 1}" for s in range(seats)], random.Random(seed),
                             dealer=rng.randrange(seats), stacks=stacks)


def play_checked(state: AlethkarState, players, *, max_actions: int, json_every: int = 7,
                 all_views: bool = False) -> AlethkarState:
    """:func:`harness.play_checked` with Alethkar's checks (two seats' views in turn)."""
    return harness.play_checked(
        state, players, checks=alethkar_checks, max_actions=max_actions, json_every=json_every,
        views=True if all_views else lambda state, done: [None, done % state.seats, (done + 1) % state.seats])


def random_players(seed: int, seats: int):
    return harness.random_players(seed, seats)


def test_random_games_keep_every_invariant():
    finished = 0
    for seed in range(30):
        state = table(seed)
        state = play_checked(state, random_players(seed, state.seats), max_actions=150)
        finished += state.phase == Phase.GAME_OVER
    assert finished >= 2  # short stacks and random bets end some matches


def test_bots_keep_every_invariant_and_every_view_is_private():
    for seed in range(4):
        state = table(1000 + seed)
        players = [AlethkarBot(random.Random(f"bot:{seed}:{s}"), ("normal", "tough")[s % 2])
                   for s in range(state.seats)]
        play_checked(state, players, max_actions=60, all_views=True)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), seats=st.integers(2, 7), data=st.data())
def test_any_legal_or_illegal_move_keeps_the_state_sound(seed, seats, data):
    """Hypothesis picks moves, legal or not: refused ones change nothing."""
    state = table(seed, seats)
    for to_act in harness.seats_to_act(state, 40):
        hand = state.hand_of(to_act)
        action = data.draw(st.one_of(
            st.sampled_from(state.legal_actions(to_act)),
            st.builds(BagBet, seat=st.integers(-1, seats), amount=st.integers(-3, 90)),
            st.builds(DiscardTwo, seat=st.just(to_act),
                      cards=st.lists(st.sampled_from(hand + [0, 51]), max_size=3).map(tuple))))
        before = state.to_json()
        start = len(state.log)
        try:
            state.apply(action)
        except IllegalAction:
            assert state.to_json() == before
            continue
        assert alethkar_checks.all_problems(state, log_start=start) == []


def test_bags_never_reach_another_seats_view_until_counted():
    """A bag is never in another seat's view; in the reveal only the bags of step 6
    show, as ``returned`` in the results."""
    state = table(77, 5)
    players = random_players(77, 5)
    for _ in range(400):
        if state.to_act is None:
            break
        if state.to_act == CHANCE:
            state.apply(state.chance_action())
        else:
            state.apply(players[state.to_act].choose(state, state.to_act))
        for seat in [None, *range(state.seats)]:
            view = state.view(seat)
            assert all(v is None for s, v in enumerate(view["bags"]) if s != seat)
            assert all(v is None for s, v in enumerate(view["stacks"]) if s != seat)
            if view["results"] is not None:
                assert set(view["results"]["payout"]) >= {"returned", "paid"}
                assert "bags" not in view["results"]["payout"]


@pytest.mark.slow
def test_soak_many_more_matches(request):
    harness.skip_unless_soak(request)
    for seed in range(2000, 2600):
        state = table(seed)
        play_checked(state, random_players(seed, state.seats), max_actions=600, json_every=25)
