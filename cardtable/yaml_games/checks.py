"""Invariant checks of a match of a game written in a variant file, for tests and
``cardtable simulate``: chips conserved and never negative; every card in exactly one place
(the stock, a hand, the board, the burned cards, the discards, the drawing seat's discards
waiting for a reshuffle); no view or log line showing a card its reader may not see;
somebody always able to act; the state surviving a JSON round trip. The shared machinery
is :class:`cardtable.engine.checks.GameChecks`.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable
from typing import Any

from cardtable.engine import checks as shared
from cardtable.yaml_games.state import DeclaredState

__all__ = ["all_problems", "chip_problems", "card_problems", "view_problems", "log_problems",
           "liveness_problems", "round_trip", "round_trip_problems", "FlowChecks"]

CARD_CODE = re.compile(r"\b(?:10|[2-9JQKA])[CDHS]\b")
"""A card's code as the log writes it ("AS", "10H")."""


class FlowChecks(shared.GameChecks):
    """What only the declared games hold: the board, the burned cards, the pending discards."""

    card_code = CARD_CODE
    hidden_keys = frozenset({"deck_order", "discards", "pending", "burned"})
    hidden_words = "the stock, the burned cards or the discards"
    chance = True

    def all_cards(self, state: DeclaredState) -> Collection[int]:
        """The cards a hand is dealt from (a game valued by its own evaluator may leave some out)."""
        return state.playing_cards()

    def card_places(self, state: DeclaredState) -> Iterable[Iterable[int]]:
        return (state.deck_order, *state.hands, state.board, state.burned, state.discards, state.pending)

    def public_cards(self, state: DeclaredState) -> set[int]:
        """The hands shown, the board and every card dealt face up."""
        return super().public_cards(state) | set(state.board) | {c for up in state.up for c in up}

    def card_rules(self, state: DeclaredState) -> list[str]:
        problems = []
        for seat, up in enumerate(state.up):
            if any(card not in state.hands[seat] for card in up):
                problems.append(f"seat {seat}'s up cards {up} are not all in its hand")
        return problems


(all_problems, chip_problems, card_problems, view_problems, log_problems, liveness_problems,
 round_trip, round_trip_problems, public_cards) = FlowChecks().api()


def problems_of(state: Any) -> list[str]:
    """All checks and the round trip (for tests)."""
    return all_problems(state) + round_trip_problems(state)
