"""The computer players: always legal, the same for the same seed, blind to hidden
cards, and sensible where the choice is plain."""

from __future__ import annotations

import doctest
import json
import random
import sys
from pathlib import Path

import pytest

from cardtable.bots import base as base_module
from cardtable.bots import random_bot as random_bot_module
from cardtable.bots.base import Bot, play_step, play_until
from cardtable.bots.random_bot import RandomBot
from cardtable.engine.betting import AllIn, BetOptions, Call, Check, Fold
from cardtable.engine.game import CHANCE
from cardtable.games.shenja_ivali import bot as ivali_bot_module
from cardtable.games.shenja_ivali.bot import IvaliBot, percentile
from cardtable.games.shenja_ivali.state import Bid, Discard, PassBid, Phase, ShenjaIvaliSettings, ShenjaIvaliState
from cardtable.variants import load_deck_by_id

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_shenja_ivali import SAMPLE_FLOP, SAMPLE_HOLE, card, new, stacked, to_phase  # noqa: E402

DECK = load_deck_by_id("ivali")


def test_doctests_pass():
    for module in (base_module, random_bot_module, ivali_bot_module):
        assert doctest.testmod(module).failed == 0


def test_bots_are_bots():
    assert isinstance(RandomBot(random.Random(1)), Bot)
    assert isinstance(IvaliBot(random.Random(1)), Bot)
    with pytest.raises(ValueError, match="level must be one of normal, tough"):
        IvaliBot(random.Random(1), level="easy")


def game(seats: int, seed: int, kinds: list[str]) -> tuple[ShenjaIvaliState, list]:
    state = ShenjaIvaliState.new(ShenjaIvaliSettings(), DECK, [f"P{s}" for s in range(seats)],
                                 random.Random(seed), dealer=seed % seats)
    bots = []
    for s in range(seats):
        rng = random.Random(f"{seed}:{s}")
        kind = kinds[s % len(kinds)]
        bots.append(RandomBot(rng) if kind == "random" else IvaliBot(rng, kind, samples=
                                                                     None if seed % 2 else 60))
    return state, bots


@pytest.mark.parametrize("seats", range(2, 9))
def test_every_bot_decision_is_legal(seats):
    state, bots = game(seats, seats, ["normal", "tough", "random"])
    decisions = 0
    while state.to_act is not None and decisions < 70:
        if state.to_act == CHANCE:
            state.apply(state.chance_action())
            continue
        action = bots[state.to_act].choose(state, state.to_act)
        assert state.why_illegal(action) is None, (action, state.why_illegal(action))
        state.apply(action)
        decisions += 1


def test_a_bot_refuses_to_act_out_of_turn():
    state, bots = game(3, 1, ["normal"])
    state.apply(state.chance_action())
    other = (state.to_act + 1) % 3
    with pytest.raises(ValueError, match="not seat"):
        bots[other].choose(state, other)
    with pytest.raises(ValueError, match="nothing to do"):
        RandomBot(random.Random(1)).choose(state, other)


def test_the_same_seeds_make_the_same_bot_game():
    def history() -> list:
        state, bots = game(4, 9, ["normal", "tough", "random", "normal"])
        random.seed()  # stirring the global generator must change nothing
        play_until(state, bots, max_actions=120)
        return [a.to_json() for a in state.history]
    assert history() == history()


def test_a_bot_sees_only_what_its_seat_may_see():
    """Swapping an opponent's hidden card with a card in the deck changes nothing."""
    state, _ = game(4, 5, ["normal"])
    state.apply(state.chance_action())
    seat = state.to_act
    other = (seat + 1) % 4
    data = json.loads(json.dumps(state.to_json()))
    hidden, top = data["state"]["hands"][other][0], data["state"]["deck_order"][0]
    data["state"]["hands"][other][0], data["state"]["deck_order"][0] = top, hidden
    twin = ShenjaIvaliState.from_json(data, deck=DECK)
    assert twin.hand_of(other) != state.hand_of(other)
    for level in ("normal", "tough"):
        assert IvaliBot(random.Random(3), level).choose(state, seat) == \
            IvaliBot(random.Random(3), level).choose(twin, seat)


def test_the_bot_bids_on_the_card_that_makes_its_hand():
    state = new("ABCD", dealer=3)
    state.apply(stacked(4, 3, SAMPLE_HOLE, SAMPLE_FLOP))
    to_phase(state, Phase.AUCTION)
    state.apply(PassBid(seat=0))
    for level in ("normal", "tough"):
        action = IvaliBot(random.Random(1), level).choose(state, 1)
        assert isinstance(action, Bid) and action.card == card("Gula 3 of Fire")  # Shooting Stars
        assert 1 <= action.amount <= 0.6 * state.stacks[1]


def test_the_bot_keeps_four_of_a_kind_and_breaks_up_nothing():
    hole = {1: ["Gula 5 of Earth", "Gula 5 of Fire", "Gula 5 of Water", "Gula 5 of Air"],
            2: ["Earth 1 of Earth", "Earth 2 of Fire", "Omec 3 of Water", "Libera 4 of Fire"],
            0: ["Irath 1 of Earth", "Irath 2 of Fire", "Omec 4 of Water", "Libera 3 of Fire"]}
    state = new("ABC", dealer=0)
    state.apply(stacked(3, 0, hole, ["Omec 1 of Fire", "Omec 2 of Fire", "Omec 4 of Air"]))
    to_phase(state, Phase.DRAW)
    assert IvaliBot(random.Random(1)).choose(state, 1) == Discard(seat=1, cards=())


def test_betting_follows_strength_and_pot_odds():
    bot = IvaliBot(random.Random(1))
    facing = BetOptions(0, True, False, True, 50, False, True, 100, 200, True, 200)
    assert bot.bet_decision(facing, 0.05, 1, pot=60, current=50) == Fold(seat=0)
    assert bot.bet_decision(facing, 0.55, 1, pot=60, current=50) == Call(seat=0)
    assert bot.bet_decision(facing, 0.97, 1, pot=60, current=50).kind in ("poker.raise", "poker.all_in")
    free = BetOptions(0, True, True, False, 0, True, False, 2, 99, True, 99)
    assert bot.bet_decision(free, 0.1, 3, pot=4, current=0) == Check(seat=0)
    assert bot.bet_decision(free, 0.8, 3, pot=4, current=0).kind == "poker.bet"
    cheap = BetOptions(0, True, False, True, 1, False, True, 4, 99, True, 99)
    assert bot.bet_decision(cheap, 0.2, 3, pot=20, current=2) == Call(seat=0)  # 1 to win 20


def test_all_in_when_the_raise_would_take_the_whole_stack():
    bot = IvaliBot(random.Random(1))
    short = BetOptions(0, True, False, True, 10, False, True, 20, 30, True, 30)
    assert bot.bet_decision(short, 0.99, 1, pot=100, current=10) == AllIn(seat=0)


def test_percentile_counts_ties_as_half():
    assert percentile((1,), [(0,), (1,), (2,)]) == 0.5
    assert percentile((3,), [(0,), (1,), (2,)]) == 1.0


def test_play_step_needs_a_bot_for_the_seat_to_act():
    state, bots = game(2, 2, ["random"])
    play_step(state, bots)  # chance
    with pytest.raises(RuntimeError, match="has no bot"):
        play_step(state, {})
    while state.to_act is not None:
        play_step(state, bots)
    with pytest.raises(RuntimeError, match="over"):
        play_step(state, bots)
