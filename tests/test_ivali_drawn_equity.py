"""Shenja Ivali heads-up before the flop: the equity all in the strong level's patience reads
(``all_in_equity``) weighs the draws and the flop to come, so a hand that beats a random
five-card hand 0.6 of the time with no draw, but wins about half the pots all in, is folded to
an always-raiser's all-in, and a hand past the patience calls it (issue 34). The equity the
tight player's exploits rank a hand by (``random_equity``) stays the static one."""

from __future__ import annotations

import random

from cardtable import games
from cardtable.bots import exploits
from cardtable.bots.strong import candidates
from cardtable.engine.betting import AllIn
from cardtable.games.shenja_ivali.bot import DRAWN_EQUITY, IvaliBot, drawn_equity
from cardtable.games.shenja_ivali.state import ShenjaIvaliSettings, ShenjaIvaliState
from cardtable.variants import load_deck_by_id

DECK = load_deck_by_id("ivali")


def _shoved(seed: int, seats: int = 2) -> tuple[ShenjaIvaliState, int]:
    """The first to act all in after the deal: the next seat's turn."""
    state = ShenjaIvaliState.new(ShenjaIvaliSettings(), DECK, [f"P{s}" for s in range(seats)], random.Random(seed))
    state.apply(state.chance_action())
    state.apply(AllIn(seat=state.to_act))
    return state, state.to_act


def _static(state: ShenjaIvaliState, seat: int) -> float:
    return IvaliBot(random.Random(1), "normal").random_equity(state, seat)


def _patient(state: ShenjaIvaliState, seat: int, normal=None):
    """The strong level's patient move for ``seat`` (its own normal bot, or ``normal``), and
    the strong bot and seat copy it was asked with."""
    game = games.registry().find("shenja_ivali") or games.get("shenja_ivali")
    strong = game.bot(random.Random(7), "strong")
    copy = state.seat_copy(seat, random.Random(1))
    moved = exploits.patient_move(copy, seat, candidates(copy, seat), strong.reader,
                                  strong.normal if normal is None else normal, random.Random(3))
    return moved, strong, copy


def test_the_mapping_rises_and_squeezes_towards_even():
    values = [drawn_equity(x / 100) for x in range(0, 101)]
    assert values == sorted(values)
    assert drawn_equity(0.62) < 0.52 < 0.6 < drawn_equity(0.72)
    assert DRAWN_EQUITY[0][0] == 0.0 and DRAWN_EQUITY[-1][0] == 1.0


def test_a_hand_of_a_static_six_tenths_is_folded_to_a_shove():
    state, seat = _shoved(81)  # four cards beating a random hand about 0.62 of the time, no draw weighed
    assert _static(state, seat) >= 0.6  # what the tight player's exploits rank it by
    bot = IvaliBot(random.Random(1), "normal")
    assert bot.all_in_equity(state, seat) < 0.55
    moved, _, _ = _patient(state, seat)
    assert moved is not None and type(moved).__name__ == "Fold"


def test_only_heads_up_before_the_flop_is_the_figure_mapped():
    state, seat = _shoved(81, seats=3)
    bot, other = IvaliBot(random.Random(1), "normal"), IvaliBot(random.Random(1), "normal")
    assert bot.all_in_equity(state, seat) == other.random_equity(state, seat)  # the same draws: unmapped


def test_a_hand_past_the_patience_calls_the_shove_without_rollouts():
    """A hand whose equity all in passes the patience calls the shove at once (the keen prior,
    reading a bet of 99 into 2 as a monster, led the rollouts to fold most such hands); a game
    whose bot offers no ``all_in_equity`` leaves it to the rollouts."""
    state, seat = _shoved(2)  # some 0.87 against a random hand with no draw, 0.78 drawn
    moved, strong, copy = _patient(state, seat)
    assert moved is not None and type(moved).__name__ == "Call"
    assert type(strong.plan(copy, seat).action).__name__ == "Call"

    class Unasked:  # the equity against random hands alone, no all-in figure
        def __init__(self, bot):
            self.random_equity = bot.random_equity
            self.rollout_bot = bot.rollout_bot

    assert _patient(state, seat, Unasked(strong.normal))[0] is None


def test_the_all_in_benchmark_pools_the_deals_into_blocks_that_never_fall():
    """benchmarks/ivali_all_in.py, the data behind DRAWN_EQUITY: every hand in one block, the
    blocks' won shares rising with the static figure."""
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
    import ivali_all_in

    blocks = ivali_all_in.main(["--deals", "12"])["blocks"]
    assert sum(b["hands"] for b in blocks) == 24
    won = [b["won"] for b in blocks]
    assert won == sorted(won) and len(set(won)) == len(won)
    assert all(b["from"] <= b["to"] for b in blocks)
