"""Invariant checks of a Sabacc game, for tests and ``cardtable simulate``.

Each check returns a list of problems in words (empty: all is well); the shared
machinery is :class:`cardtable.engine.checks.GameChecks`, this module says what only
Sabacc knows:

* :func:`chip_problems` - credits are never made or lost: the stacks, the hand pot
  (a carried-over pot included) and the sabacc pot add up to the game's total; no
  stack is negative.
* :func:`card_problems` - every card is in exactly one place: the deck, a hand, the
  drawn card, or out of play; every player in the hand holds at least two cards.
* :func:`view_problems` - no seat's view (nor a spectator's) holds a card, a drawn
  card or a running total that seat may not see, and every view is JSON-safe.
* :func:`log_problems` - no public log line names a hidden card; no private line
  names a card in another seat's hidden hand.
* :func:`liveness_problems` - the game is over, or chance is to act, or the seat to
  act has at least one legal action (and every listed action is legal).
* :func:`round_trip_problems` - the state survives a JSON round trip unchanged.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from cardtable.engine import checks as shared
from cardtable.games.sabacc.rules import Phase
from cardtable.games.sabacc.state import SabaccState

__all__ = ["all_problems", "chip_problems", "card_problems", "view_problems", "log_problems",
           "liveness_problems", "round_trip", "round_trip_problems", "public_cards", "SabaccChecks"]

_NAME_PATTERNS: dict[int, re.Pattern[str]] = {}


class SabaccChecks(shared.GameChecks):
    """What only Sabacc knows: credits, the sabacc pot, the drawn card, cards out of play."""

    unit = "credits"
    whole = "game"
    hidden_keys = frozenset({"deck_order", "dropped", "deck"})
    hidden_words = "the deck or the cards out of play"
    chance = True

    def chip_total(self, state: SabaccState) -> int:
        return state.total_credits

    def chip_parts(self, state: SabaccState) -> dict[str, int | Sequence[int]]:
        return {"stacks": state.chips.stacks, "hand pot": state.chips.pot_total, "sabacc pot": state.sabacc_pot}

    def chip_rules(self, state: SabaccState) -> list[str]:
        return [f"credits: negative dead credits {state.chips.dead}"] if state.chips.dead < 0 else []

    def dealt(self, state: SabaccState) -> bool:
        return state.hand_no > 0

    def card_places(self, state: SabaccState) -> Iterable[Iterable[int]]:
        drawn = [] if state.drawn is None else [state.drawn]
        return (state.deck_order, *state.hands, state.dropped, drawn)

    def card_rules(self, state: SabaccState) -> list[str]:
        if state.phase in (Phase.REVEAL, Phase.GAME_OVER, Phase.SHUFFLE):
            return []
        problems = [f"seat {seat} is in the hand with {len(state.hands[seat])} cards"
                    for seat in state.players_in() if len(state.hands[seat]) < 2]
        return problems + [f"seat {seat} folded but holds cards"
                           for seat in range(state.seats) if state.folded[seat] and state.hands[seat]]

    def view_rules(self, state: SabaccState, seat: int | None, view: Any, public: set[int]) -> list[str]:
        problems = []
        if view["drawn"] is not None and seat != state.turn:
            problems.append(f"view({seat}) shows the card {state.names[state.turn or 0]} drew")
        if view["total"] is not None and (seat is None or not state.hands[seat]):
            problems.append(f"view({seat}) shows a total it has no hand for")
        return problems

    def card_pattern(self, state: SabaccState) -> re.Pattern[str]:
        """A pattern matching any card code of the state's deck (longest first)."""
        pattern = _NAME_PATTERNS.get(id(state.deck))
        if pattern is None:
            codes = sorted((c.code for c in state.deck), key=len, reverse=True)
            pattern = re.compile(r"(?<![\w#])(?:" + "|".join(re.escape(c) for c in codes) + r")(?![\w#])")
            _NAME_PATTERNS[id(state.deck)] = pattern
        return pattern


(all_problems, chip_problems, card_problems, view_problems, log_problems, liveness_problems,
 round_trip, round_trip_problems, public_cards) = SabaccChecks().api()
