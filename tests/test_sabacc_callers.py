"""The strong level in Sabacc at more than two seats against players who call whatever they
hold: a belief per opponent read from the log, a bet of the hand pot to ask, and a big bet
into believed callers."""

from __future__ import annotations

import random

from test_sabacc_cli_bots import state_with

from cardtable import games
from cardtable.engine.betting import Bet, Check
from cardtable.engine.game import Event
from cardtable.games.sabacc.bot import (
    CALLER_AT,
    MULTI_VALUE_AT,
    PROBE_AT,
    PROBE_HANDS,
    STRONG_ASK_POTS,
    SabaccBot,
    caller_beliefs,
)


def _deal(mine: tuple[str, str], seats: int = 4):
    """A hand's deal where seat 1, first to act, holds ``mine``."""
    top = (mine[0], "1 of Flasks", "3 of Coins", "4 of Staves", mine[1], "5 of Flasks", "6 of Coins", "7 of Coins")
    return state_with(top[:2] + top[4:6] if seats == 2 else top, seats=seats)


FAIR = ("4 of Coins", "9 of Sabers")  # 13: a chance of some 0.16 against three
GOOD = ("10 of Coins", "11 of Sabers")  # 21: some 0.30
POOR = ("2 of Coins", "3 of Sabers")  # 5: some 0.04


def _told(state, lines: list[tuple[int, str]]):
    """``state`` with ``lines`` in its log, as if those moves had been made before."""
    state.log.extend(Event(seat, text) for seat, text in lines)
    return state


CALLED = [(s, f"P{s} calls 400") for s in (2, 3, 0)]
"""Seats 2, 3 and 0 calling a bet of the hand pot (400 into 400)."""


def test_the_caller_belief_among_four_reads_each_opponent_from_the_log():
    state = _deal(FAIR)
    assert caller_beliefs(state, 1) == {0: 0.25, 2: 0.25, 3: 0.25}  # the prior, nothing seen
    assert caller_beliefs(_deal(FAIR, seats=2), 1) == {}  # heads-up: caller_belief's business
    read = caller_beliefs(_told(_deal(FAIR), [*CALLED, (3, "P3 bets 200"), (0, "P0 checks")]), 1)
    assert read[2] >= CALLER_AT  # a call of the pot, which the normal level folds three times in four
    assert read[3] == 0.0  # a bet: no caller
    assert read[0] > read[2]  # a check: a little more
    checks = caller_beliefs(_told(_deal(FAIR), [(2, "P2 checks")] * 10), 1)
    assert 0.3 < checks[2] < CALLER_AT  # ten checks alone name nobody
    least = caller_beliefs(_told(_deal(FAIR), [(2, "P2 calls 100")]), 1)
    assert least[2] < 0.26  # the normal level calls the least bet with nearly every hand


def test_the_strong_level_asks_unread_opponents_with_a_bet_of_the_hand_pot():
    state = _deal(FAIR)
    weighed = SabaccBot(random.Random(0), "weighed")
    assert weighed.draw_odds(state, 1, 3).win >= PROBE_AT
    assert SabaccBot(random.Random(0)).choose(state, 1) == Check(seat=1)  # the normal bot's
    asked = Bet(seat=1, to=state.hand_pot())
    assert weighed.choose(state, 1) == asked and not weighed.worth_planning(state, 1)
    assert games.get("sabacc").bot(random.Random(0), "strong").choose(state, 1) == asked
    poor = _deal(POOR)
    assert weighed.draw_odds(poor, 1, 3).win < PROBE_AT and weighed.ask_callers(poor, 1) is None
    read = _told(_deal(FAIR), [(2, "P2 folds"), (3, "P3 raises to 300"), (0, "P0 bets 200")])
    assert weighed.ask_callers(read, 1) is None  # every one read
    late = _deal(FAIR)
    late.round_no = PROBE_HANDS + 1
    assert weighed.ask_callers(late, 1) is None
    assert weighed.ask_callers(_deal(FAIR, seats=2), 1) is None
    good = _deal(GOOD)  # a chance of 0.2 or more: three pots, which the normal level calls less
    assert weighed.choose(good, 1) == Bet(seat=1, to=STRONG_ASK_POTS * good.hand_pot())


def test_the_strong_level_bets_big_into_believed_callers():
    weighed = SabaccBot(random.Random(0), "weighed")
    state = _told(_deal(GOOD), CALLED)
    assert weighed.draw_odds(state, 1, 3).win >= MULTI_VALUE_AT
    big = Bet(seat=1, to=state.betting_options(1).max_raise_to)  # everything
    assert weighed.choose(state, 1) == big and not weighed.worth_planning(state, 1)
    assert games.get("sabacc").bot(random.Random(0), "strong").choose(state, 1) == big
    fair = _told(_deal(FAIR), CALLED)
    assert weighed.draw_odds(fair, 1, 3).win < MULTI_VALUE_AT and weighed.callers_bet(fair, 1) is None
    one_bettor = _told(_deal(GOOD), [*CALLED, (0, "P0 bets 200")])
    assert weighed.callers_bet(one_bettor, 1) is None
    assert weighed.callers_bet(_deal(GOOD), 1) is None  # not read yet: asked instead
    assert weighed.callers_bet(_told(_deal(GOOD, seats=2), [(0, "P0 calls 400")]), 1) is None
    pure = _told(_deal(("Ace of Coins", "8 of Sabers")), CALLED)  # 23: a Pure Sabacc
    assert weighed.callers_bet(pure, 1) is not None and weighed.choose(pure, 1) == Check(seat=1)  # kept from the die
