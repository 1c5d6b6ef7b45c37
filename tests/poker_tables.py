"""Test tables of the poker games on the declared flow (:mod:`cardtable.engine.flow.streets`):
the settings the steps read, the flows of Hold'em, Omaha, Seven-Card Stud and Omaha Hi/Lo,
a state built on a flow (:func:`table`) and a stacked deck (:func:`stacked`).

The tables are the bundled games written in YAML (``variants/texas_holdem.yaml`` and the
others): each flow here is the one its variant file declares, checked equal to the same hand
written out in Python (:data:`WRITTEN`), and :func:`table` builds the game's own state.
"""

from __future__ import annotations

import dataclasses
import random

from cardtable.engine import flow
from cardtable.engine.flow.streets import Board, BoardFlowState, BoardShowdown, BringIn, DealUp
from cardtable.variants import load_deck_by_id

__all__ = ["DECK", "BY_CODE", "WRITTEN", "HOLDEM", "OMAHA", "STUD", "OMAHA_HILO", "table",
           "stacked"]

DECK = load_deck_by_id("standard52")
BY_CODE = {card.code: card.index for card in DECK}


def _board_game(hole: int, high: str, low: str = "") -> flow.HandFlow:
    """A blinds game with ``hole`` cards each and a board of five (flop, turn, river)."""
    return flow.HandFlow((
        flow.Blinds("small_blind", "big_blind", heads_up="dealer_small"), flow.Deal(hole=hole),
        flow.Bet("before the flop", opener="big_blind_left"),
        Board(3, "flop"), flow.Bet("on the flop"), Board(1, "turn"), flow.Bet("on the turn", big=True),
        Board(1, "river"), flow.Bet("on the river", big=True), BoardShowdown(high, low=low), flow.Settle()))


_STUD = flow.HandFlow((
    flow.Antes("ante"), flow.Deal(hole=2), DealUp("third street"), BringIn(),
    flow.Bet("on third street", opener="bring_in"), DealUp("fourth street"),
    flow.Bet("on fourth street", opener="best_showing"), DealUp("fifth street"),
    flow.Bet("on fifth street", big=True, opener="best_showing"), DealUp("sixth street"),
    flow.Bet("on sixth street", big=True, opener="best_showing"), flow.Deal(hole=1),
    flow.Bet("on the river", big=True, opener="best_showing"), BoardShowdown("high"), flow.Settle()))

WRITTEN = {"texas_holdem": _board_game(2, "high"), "omaha": _board_game(4, "omaha_high"),
           "omaha_hilo": _board_game(4, "omaha_high", low="omaha_low8"), "seven_card_stud": _STUD}
"""Each bundled game's hand written out in Python, as the standard rules play it."""


def _declared(game_id: str) -> flow.HandFlow:
    from cardtable import games
    hand: flow.HandFlow = games.get(game_id).state.FLOW
    return hand


HOLDEM = _declared("texas_holdem")
OMAHA = _declared("omaha")
OMAHA_HILO = _declared("omaha_hilo")
STUD = _declared("seven_card_stud")


def table(hand: flow.HandFlow, seats: int, stacks: list[int] | None = None, *, dealer: int = 0,
          limit: str = "fixed", min_bet: int = 2, big_bet: int | None = 4, raise_cap: int | None = 4,
          ante: int = 1, small_blind: int = 1, blind: int = 2, bring_in: int = 1) -> BoardFlowState:
    """A match of the test game on ``hand``'s flow: ``seats`` players named P1, P2, ...
    with ``stacks`` (100 each by default), ``dealer`` dealing the first hand; the betting
    structure (``limit``, ``min_bet``, ``big_bet``, ``raise_cap``: see
    :class:`~cardtable.engine.betting.BettingRules`) and the stakes the steps read."""
    from cardtable import games
    # equal, not the same object: a test may have loaded the registry again since
    game = next((g for g in games.registry().with_rules() if getattr(g.state, "FLOW", None) == hand), None)
    if game is None:  # a hand of the test's own: Hold'em's table playing it
        holdem = games.get("texas_holdem")
        game = dataclasses.replace(holdem, state=type("TestHandState", (holdem.state,), {"FLOW": hand}))
    names = [f"P{s + 1}" for s in range(seats)]
    stacks = stacks or [100] * seats
    given = {"ante": ante, "small_blind": small_blind, "big_blind": blind, "bring_in": bring_in, "limit": limit,
             "min_bet": min_bet, "big_bet": big_bet, "raise_cap": raise_cap}
    settings = game.rules({k: v for k, v in given.items() if game.setting(k) is not None})
    state: BoardFlowState = game.new_state(settings, DECK, names, random.Random(1), dealer, stacks)
    return state


def stacked(*codes: str) -> tuple[int, ...]:
    """A shuffle's order: these cards on top, the rest of the deck after them."""
    top = [BY_CODE[c] for c in codes]
    return tuple(top + [i for i in range(len(DECK)) if i not in top])
