"""Invariant checks of an Alethkar Poker match, for tests and ``cardtable simulate``.

Each check returns a list of problems in words (empty: all is well); the shared
machinery is :class:`cardtable.engine.checks.GameChecks`, this module says what only
Alethkar Poker knows:

* :func:`chip_problems` - no chip made or lost: stacks, bags and the middle add up
  to the match's total; nothing negative; during a round every player's bag holds
  at least the buy-in.
* :func:`card_problems` - every card in exactly one place (deck, a hand, the
  discards) and hands of the right size for the phase.
* :func:`view_problems` - no view holds another seat's hidden card, stack or bag,
  and every view is JSON-safe.
* :func:`log_problems` - no public log line names a hidden card, and no line for
  another seat (nor the public one) tells a bag's or a stack's contents.
* :func:`liveness_problems` - shared by every game (:mod:`cardtable.engine.checks`).
* :func:`round_trip` - the state survives JSON unchanged, and play goes on.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from cardtable.engine import checks as shared
from cardtable.games.alethkar_poker.rules import Phase
from cardtable.games.alethkar_poker.state import AlethkarState

__all__ = ["all_problems", "chip_problems", "card_problems", "view_problems", "log_problems",
           "liveness_problems", "round_trip", "round_trip_problems", "public_cards", "CARD_CODE",
           "AlethkarChecks"]

CARD_CODE = re.compile(r"\b(?:[2-9]|10|[JQKA])[CDHS]\b")
"""A card's code as the log writes it ("AS", "10H")."""

_SECRET_WORDS = re.compile(r"\b(?:bag|stack) \d+")
"""How a private line tells a bag's or a stack's contents ("bag 9, stack 30")."""


class AlethkarChecks(shared.GameChecks):
    """What only Alethkar Poker knows: secret stacks and bags, the buy-in, seven cards then five."""

    card_code = CARD_CODE

    def chip_parts(self, state: AlethkarState) -> dict[str, int | Sequence[int]]:
        return {"stacks": state.stacks, "bags": state.bags, "middle": state.middle}

    def chip_rules(self, state: AlethkarState) -> list[str]:
        if state.phase in (Phase.BET, Phase.DISCARD):
            short = [s for s in state.players() if state.bags[s] < state.settings.buy_in]
            if short:
                return [f"chips: seats {short} play with less than the buy-in in their bag"]
        return []

    def card_places(self, state: AlethkarState) -> Iterable[Iterable[int]]:
        return (state.deck_order, *state.hands, state.discards)

    def card_rules(self, state: AlethkarState) -> list[str]:
        problems = []
        for seat in range(state.seats):
            size = len(state.hands[seat])
            if not state.in_round[seat]:
                expected: tuple[int, ...] = (0,)
            elif state.phase == Phase.BET:
                expected = (7,)
            elif state.phase == Phase.DISCARD:
                expected = (5,) if state.discarded[seat] else (7,)
            else:
                expected = (5,)
            if size not in expected:
                problems.append(f"seat {seat} holds {size} cards in phase {state.phase}")
        return problems

    def view_rules(self, state: AlethkarState, seat: int | None, view: Any, public: set[int]) -> list[str]:
        problems = []
        for key in ("stacks", "bags"):
            shown = [s for s, v in enumerate(view[key]) if v is not None and s != seat]
            if shown:
                problems.append(f"view({seat}) shows the {key} of seats {shown}")
        return problems

    def log_problems(self, state: AlethkarState, start: int = 0) -> list[str]:
        """Log lines from ``start`` on keep every secret: no hidden card, and no public
        line tells a bag or a stack."""
        return super().log_problems(state, start) + [
            f"public log line tells a bag or a stack: {event.public!r}"
            for event in state.log[start:] if _SECRET_WORDS.search(event.public)]


(all_problems, chip_problems, card_problems, view_problems, log_problems, liveness_problems,
 round_trip, round_trip_problems, public_cards) = AlethkarChecks().api()
