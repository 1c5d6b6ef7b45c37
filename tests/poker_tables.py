"""Test tables of the poker games on the declared flow (:mod:`cardtable.engine.flow.streets`):
the settings the steps read, the flows of Hold'em, Omaha, Seven-Card Stud and Omaha Hi/Lo,
a state built on a flow (:func:`table`) and a stacked deck (:func:`stacked`).

The tests of hands played on these games build their tables here and only here, so that the
state builder can be swapped for the app's YAML-declared games in one place.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from enum import StrEnum
from types import SimpleNamespace
from typing import Any

from cardtable.engine import flow
from cardtable.engine.betting import BettingRules
from cardtable.engine.flow.streets import Board, BoardFlowState, BoardShowdown, BringIn, DealUp
from cardtable.engine.showdown import ShowdownResult
from cardtable.variants import load_deck_by_id

__all__ = ["DECK", "BY_CODE", "Phase", "Stakes", "Result", "HOLDEM", "OMAHA", "STUD", "OMAHA_HILO", "table",
           "stacked"]

DECK = load_deck_by_id("standard52")
BY_CODE = {card.code: card.index for card in DECK}


class Phase(StrEnum):
    """The phases the streets' steps wait in, and between hands."""

    SHUFFLE = "shuffle"
    BET = "bet"
    REVEAL = "reveal"
    GAME_OVER = "game_over"


@dataclass(frozen=True)
class Stakes:
    """The settings the steps read by name."""

    ante: int = 1
    small_blind: int = 1
    blind: int = 2
    bring_in: int = 1
    starting_chips: int = 100
    betting: BettingRules = field(default_factory=lambda: BettingRules(limit="fixed", min_bet=2, big_bet=4))

    @staticmethod
    def definition() -> Any:
        return SimpleNamespace(round_word="hand")


class Result(ShowdownResult[Any]):
    """A hand's result; its hands written by label."""

    @staticmethod
    def hand_json(hand: Any) -> Any:
        return {"label": hand.label, "key": list(hand.key)}


def _board_game(hole: int, high: str, low: str = "") -> flow.HandFlow:
    """A blinds game with ``hole`` cards each and a board of five (flop, turn, river)."""
    return flow.HandFlow((
        flow.Blinds(heads_up="dealer_small"), flow.Deal(hole=hole),
        flow.Bet("before the flop", opener="big_blind_left"),
        Board(3, "flop"), flow.Bet("on the flop"), Board(1, "turn"), flow.Bet("on the turn", big=True),
        Board(1, "river"), flow.Bet("on the river", big=True), BoardShowdown(high, low=low), flow.Settle()))


HOLDEM = _board_game(2, "high")
OMAHA = _board_game(4, "omaha_high")
OMAHA_HILO = _board_game(4, "omaha_high", low="omaha_low8")
STUD = flow.HandFlow((
    flow.Antes("ante"), flow.Deal(hole=2), DealUp("third street"), BringIn(),
    flow.Bet("on third street", opener="bring_in"), DealUp("fourth street"),
    flow.Bet("on fourth street", opener="best_showing"), DealUp("fifth street"),
    flow.Bet("on fifth street", big=True, opener="best_showing"), DealUp("sixth street"),
    flow.Bet("on sixth street", big=True, opener="best_showing"), flow.Deal(hole=1),
    flow.Bet("on the river", big=True, opener="best_showing"), BoardShowdown("high"), flow.Settle()))


def table(hand: flow.HandFlow, seats: int, stacks: list[int] | None = None, *, dealer: int = 0,
          limit: str = "fixed", min_bet: int = 2, big_bet: int | None = 4, raise_cap: int | None = 4,
          ante: int = 1, small_blind: int = 1, blind: int = 2, bring_in: int = 1) -> BoardFlowState:
    """A match of the test game on ``hand``'s flow: ``seats`` players named P1, P2, ...
    with ``stacks`` (100 each by default), ``dealer`` dealing the first hand; the betting
    structure (``limit``, ``min_bet``, ``big_bet``, ``raise_cap``: see
    :class:`~cardtable.engine.betting.BettingRules`) and the stakes the steps read."""
    state_type = type("StreetState", (BoardFlowState,), {"FLOW": hand, "RESULT": Result, "new": None,
                                                         "view": None, "__abstractmethods__": frozenset()})
    names = [f"P{s + 1}" for s in range(seats)]
    stacks = stacks or [100] * seats
    rules = BettingRules(limit=limit, min_bet=min_bet, big_bet=big_bet, raise_cap=raise_cap)
    stakes = Stakes(ante=ante, small_blind=small_blind, blind=blind, bring_in=bring_in, betting=rules)
    state: BoardFlowState = state_type._seated(stakes, DECK, names, random.Random(1), dealer, stacks, Phase.SHUFFLE)
    state._start_match(stacks)
    return state


def stacked(*codes: str) -> tuple[int, ...]:
    """A shuffle's order: these cards on top, the rest of the deck after them."""
    top = [BY_CODE[c] for c in codes]
    return tuple(top + [i for i in range(len(DECK)) if i not in top])
