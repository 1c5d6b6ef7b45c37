"""The strong level in Sabacc heads-up against a player who bets and raises whatever it holds:
the belief read from the log, and everything raised into it with a good hand."""

from __future__ import annotations

import random

from test_sabacc_cli_bots import state_with

from cardtable import games
from cardtable.engine.betting import Bet, Call, Raise
from cardtable.engine.game import Event
from cardtable.games.sabacc import rules
from cardtable.games.sabacc.bot import CALLER_AT, CALLER_PRIOR, SabaccBot
from cardtable.games.sabacc.state import Phase
from cardtable.games.sabacc.table_reads import nonfolder_belief, raiser_belief

GOOD = ("Ace of Coins", "1 of Flasks", "7 of Sabers", "1 of Staves")  # seat 1 holds 22
POOR = ("2 of Coins", "1 of Flasks", "3 of Sabers", "1 of Staves")  # seat 1 holds 5


def _told(state, lines: list[tuple[int, str]]):
    """``state`` with ``lines`` in its log, as if those moves had been made before."""
    state.log.extend(Event(seat, text) for seat, text in lines)
    return state


def _raised(top: tuple[str, ...]):
    """The deal of ``top`` heads-up after seat 1's least bet and seat 0's least raise, the die
    blue both times (no shift), each drawn card dropped: seat 1 owes 100."""
    state = state_with(top)
    for action in (Bet(seat=1, to=100), rules.RollDie(colour=rules.BLUE), rules.Draw(seat=1), rules.Drop(seat=1),
                   Raise(seat=0, to=200), rules.RollDie(colour=rules.BLUE), rules.Draw(seat=0), rules.Drop(seat=0)):
        state.apply(action)
    assert state.phase == Phase.BET and state.to_act == 1
    assert state.betting_options(1).call_amount == 100
    return state


def test_the_raiser_belief_reads_bets_and_raises_and_a_check_ends_it():
    fresh = state_with(GOOD)
    assert raiser_belief(fresh, 1) == 0.0  # nothing bet yet: no belief
    assert nonfolder_belief(fresh, 1) == CALLER_PRIOR  # the caller's prior speaks
    one = _told(state_with(GOOD), [(0, "P0 bets 100")])
    assert 0.2 < raiser_belief(one, 1) < CALLER_AT  # the normal level bets one turn in 20
    two = _told(state_with(GOOD), [(0, "P0 bets 100"), (0, "P0 calls 300"), (0, "P0 bets 100")])
    assert raiser_belief(two, 1) > 0.8 and nonfolder_belief(two, 1) == raiser_belief(two, 1)
    checked = _told(state_with(GOOD), [(0, "P0 bets 100"), (0, "P0 checks"), (0, "P0 bets 100")])
    assert raiser_belief(checked, 1) == 0.0
    assert raiser_belief(_told(state_with(GOOD + ("4 of Coins", "5 of Coins", "6 of Coins", "7 of Coins"), seats=4), [(0, "P0 bets 100")] * 3), 1) == 0.0


def test_the_strong_level_raises_everything_into_a_believed_raiser_with_a_good_hand():
    weighed = SabaccBot(random.Random(0), "weighed")
    read = _told(_raised(GOOD), [(0, "P0 bets 100")])  # a bet before, and this hand's raise
    assert raiser_belief(read, 1) >= CALLER_AT
    options = read.betting_options(1)
    everything = Raise(seat=1, to=options.max_raise_to)
    assert weighed.raiser_answer(read, 1) == everything
    assert not weighed.worth_planning(read, 1)  # the rollouts play it as the normal level
    assert games.get("sabacc").bot(random.Random(0), "strong").choose(read, 1) == everything
    # unread, the same hand gets the normal level's answer, not everything
    unread = _raised(GOOD)
    assert raiser_belief(unread, 1) < CALLER_AT and weighed.raiser_answer(unread, 1) is None
    assert weighed.choose(unread, 1) != everything
    # a poor hand just pays to see the next draw
    poor = _told(_raised(POOR), [(0, "P0 bets 100")])
    assert weighed.raiser_answer(poor, 1) is None and weighed.choose(poor, 1) == Call(seat=1)
