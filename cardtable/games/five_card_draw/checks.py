"""Invariant checks of a Five-Card Draw match, for tests and ``cardtable simulate``.

Each check returns a list of problems in words (empty: all is well): chips are
conserved and never negative; every card is in exactly one place (the stock, a
hand, the discards, or the drawing player's discards waiting for a reshuffle);
no view or log line shows a card its reader may not see; somebody can always act;
the state survives a JSON round trip (:func:`round_trip`). The shared machinery is
:class:`cardtable.engine.checks.GameChecks`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from cardtable.engine import checks as shared
from cardtable.games.five_card_draw.rules import HAND_SIZE, Phase
from cardtable.games.five_card_draw.state import DrawState

__all__ = ["all_problems", "chip_problems", "card_problems", "view_problems", "log_problems",
           "liveness_problems", "round_trip", "round_trip_problems", "CARD_CODE", "DrawChecks"]

CARD_CODE = re.compile(r"\b(?:10|[2-9JQKA])[CDHS]\b")
"""A card's code as the log writes it ("AS", "10H")."""


class DrawChecks(shared.GameChecks):
    """What only Five-Card Draw knows: the pending discards, hands of five."""

    card_code = CARD_CODE
    hidden_keys = frozenset({"deck_order", "discards", "pending"})
    hidden_words = "the stock or the discards"
    chance = True

    def card_places(self, state: DrawState) -> Iterable[Iterable[int]]:
        return (state.deck_order, *state.hands, state.discards, state.pending)

    def card_rules(self, state: DrawState) -> list[str]:
        if state.phase in (Phase.BET, Phase.DRAW):
            return shared.hand_size_problems(state.hands, state.chips.in_hand, lambda seat: (HAND_SIZE,))
        return []


(all_problems, chip_problems, card_problems, view_problems, log_problems, liveness_problems,
 round_trip, round_trip_problems, public_cards) = DrawChecks().api()


def problems_of(state: Any) -> list[str]:
    """All checks and the round trip (for tests)."""
    return all_problems(state) + round_trip_problems(state)
