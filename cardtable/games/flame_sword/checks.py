"""Invariant checks of a Flame Sword match, for tests and ``cardtable simulate``.

Each check returns a list of problems in words (empty: all is well); the shared
machinery is :class:`cardtable.engine.checks.GameChecks`, this module says what only
Flame Sword knows:

* :func:`chip_problems` - stacks plus every chip in the middle (bets, blinds, dead
  blinds) add up to the match's total; no stack is negative.
* :func:`card_problems` - every card of the 12,000 is in exactly one place: a hand,
  the grid, the folded (mucked) cards or the stock; the hands have the right sizes.
* :func:`view_problems` - no view holds a card its seat may not see (another
  player's hole cards before they are shown, a face-down grid card), and every view
  is JSON-safe.
* :func:`log_problems` - no public log line names a card that is hidden now, and no
  private line names another seat's hidden card. A Called Shot names cards in
  public without saying where they are, so called cards are not checked.
* :func:`liveness_problems` - the match is over, or chance is to act, or the seat to
  act has a legal action (and every listed action is legal).
* :func:`round_trip` - the state survives a JSON round trip unchanged and plays on.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from cardtable.engine import checks as shared
from cardtable.games.flame_sword.rules import GRID_CELLS, HOLE_CARDS, UNDERDOG_EXTRA, Phase
from cardtable.games.flame_sword.state import FlameSwordState

__all__ = ["all_problems", "chip_problems", "card_problems", "view_problems", "log_problems",
           "liveness_problems", "round_trip", "round_trip_problems", "public_cards", "FlameSwordChecks"]


def _mentions(text: str, name: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text) is not None


class FlameSwordChecks(shared.GameChecks):
    """What only Flame Sword knows: the grid, the uncounted stock, the underdog's extra
    card, Called Shots (and card names too many for one pattern)."""

    hidden_keys = frozenset({"deck_order", "mucked", "stock", "deck"})
    hidden_words = "hidden piles"
    most = 6

    def dealt(self, state: FlameSwordState) -> bool:
        return True

    def card_places(self, state: FlameSwordState) -> Iterable[Iterable[int]]:
        return (*state.hands, state.grid, state.mucked)

    def stock_count(self, state: FlameSwordState) -> int | None:
        return state.stock_count

    def card_rules(self, state: FlameSwordState) -> list[str]:
        problems = []
        if state.grid and len(state.grid) != GRID_CELLS:
            problems.append(f"the grid has {len(state.grid)} cards")
        if state.phase in (Phase.BET, Phase.FLIP):
            problems += shared.hand_size_problems(
                state.hands, state.chips.in_hand,
                lambda seat: (HOLE_CARDS + (UNDERDOG_EXTRA if seat == state.underdog else 0),))
        return problems

    def public_cards(self, state: FlameSwordState) -> set[int]:
        """Cards everyone may see now: the face-up grid and every hand shown."""
        return {c for c, up in zip(state.grid, state.face_up) if up} | super().public_cards(state)

    def view_rules(self, state: FlameSwordState, seat: int | None, view: Any, public: set[int]) -> list[str]:
        hidden_grid = [c for c in view["grid"] if c is not None and c not in public]
        return [f"view({seat}) shows face-down grid cards {hidden_grid}"] if hidden_grid else []

    def log_problems(self, state: FlameSwordState, start: int = 0) -> list[str]:
        """Log lines from ``start`` on name no hidden card (checked against the state now:
        call it after every action); called cards are not checked."""
        problems: list[str] = []
        public = self.public_cards(state)
        called = {c for shot in state.called if shot for c in shot}
        hidden_from_all = [c for c in (*state.grid, *state.mucked) if c not in public and c not in called]
        held = {s: [c for c in state.hands[s] if c not in public and c not in called] for s in range(state.seats)}
        for event in state.log[start:]:
            texts = [(None, event.public)] + list(event.private.items())
            for reader, text in texts:
                if " of " not in text:
                    continue
                secret = hidden_from_all + [c for s, cards in held.items() if s != reader for c in cards]
                for card in secret:
                    if _mentions(text, state.card_name(card)):
                        who = "public" if reader is None else f"seat {reader}'s private"
                        problems.append(f"{who} log line names a hidden card ({state.card_name(card)}): {text!r}")
        return problems


(all_problems, chip_problems, card_problems, view_problems, log_problems, liveness_problems,
 round_trip, round_trip_problems, public_cards) = FlameSwordChecks().api()
