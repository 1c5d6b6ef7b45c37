"""The strong level in Sabacc against a player who bets or raises whatever it holds
(:func:`~cardtable.games.sabacc.table_reads.raisers`): no steal from it at the hand's first
move heads-up, and no least raise into its bet among four."""

from __future__ import annotations

import random

from test_sabacc_callers import FAIR, _deal, _told
from test_sabacc_cli_bots import state_with
from test_sabacc_opening import BOMBED, TWENTY

from cardtable.engine.betting import Bet, Check, Raise
from cardtable.engine.game import CHANCE, Event
from cardtable.games.sabacc.bot import SabaccBot
from cardtable.games.sabacc.state import Draw, Drop
from cardtable.games.sabacc.table_reads import RAISER_MOVES, raisers

RAISED = [(0, "P0 bets 200"), (0, "P0 raises to 800"), (0, "P0 raises to 2,600")]
"""Seat 0 betting the pot and raising it twice (three aggressive moves, no check)."""


def test_a_raiser_is_read_from_three_bets_or_raises_without_a_check_or_a_fold():
    assert RAISER_MOVES == len(RAISED)
    heads_up = _deal(FAIR, seats=2)
    assert raisers(heads_up, 1) == set()
    assert raisers(_told(_deal(FAIR, seats=2), RAISED), 1) == {0}
    assert raisers(_told(_deal(FAIR, seats=2), RAISED[:2]), 1) == set()  # two say little
    assert raisers(_told(_deal(FAIR, seats=2), [*RAISED, (0, "P0 checks")]), 1) == set()
    assert raisers(_told(_deal(FAIR, seats=2), [*RAISED, (0, "P0 folds")]), 1) == set()
    calls = [(0, "P0 calls 400")] * 2
    assert raisers(_told(_deal(FAIR, seats=2), [*RAISED, *calls]), 1) == set()  # more calls than a raiser's
    assert raisers(_told(_deal(FAIR, seats=2), [*RAISED, *calls[:1]]), 1) == {0}  # where no raise was left
    among_four = _told(_deal(FAIR), [*RAISED, (2, "P2 raises to 300")] + [(3, "P3 bets 100")] * 3)
    assert raisers(among_four, 1) == {0, 3}
    assert raisers(among_four, 0) == {3}  # a seat does not read itself


def _opening(top: tuple[str, ...], told: list[tuple[int, str]], seed: int = 0):
    state = state_with(top)
    state.log.extend(Event(seat, text) for seat, text in told)
    options = state.betting_options(1)
    return SabaccBot(random.Random(seed), "weighed").choose(state, 1), options


def test_the_opening_into_a_raiser_is_a_check_or_everything():
    """Against the normal level twenty bets the pot (a steal the normal level folds to); a
    raiser never folds and raises any bet short of everything, so twenty goes all in."""
    normal, options = _opening(TWENTY, [(0, "P0 folds")])
    assert normal == Bet(seat=1, to=300)
    raised, options = _opening(TWENTY, RAISED)
    assert raised == Bet(seat=1, to=options.max_raise_to)
    bombed = {_opening(BOMBED, RAISED, seed)[0] for seed in range(3)}
    assert bombed <= {Check(seat=1), Bet(seat=1, to=options.max_raise_to)}  # never the least bet
    assert {_opening(BOMBED, [], seed)[0] for seed in range(3)} == {Bet(seat=1, to=100)}  # as before


def test_no_least_raise_into_a_raisers_first_bet_among_four():
    weighed = SabaccBot(random.Random(0), "weighed")
    state = _deal(FAIR)
    state.apply(Bet(seat=1, to=100))  # seat 1 opens; seat 2 is the first to answer
    while state.to_act in (1, CHANCE):
        state.apply(state.chance_action() if state.to_act == CHANCE
                    else Draw(seat=1) if state.can(Draw(seat=1)) else Drop(seat=1))
    seat = state.to_act
    assert weighed.raise_first_bet(state, seat) == Raise(seat=seat, to=state.betting_options(seat).min_raise_to)
    state.log.extend(Event(1, text) for text in ("P1 bets 200", "P1 raises to 800", "P1 raises to 2,600"))
    assert 1 in raisers(state, seat)
    assert weighed.raise_first_bet(state, seat) is None
