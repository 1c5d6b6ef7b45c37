"""Invariant checks of an Ipso game, for tests and ``cardtable simulate``.

Each check returns a list of problems in words (empty: all is well); the shared
machinery is :class:`cardtable.engine.checks.GameChecks`, this module says what only
Ipso knows:

* :func:`chip_problems` - stacks plus the middle add up to the game's total; none negative.
* :func:`card_problems` - every card in exactly one place (a hand, one of the four
  piles, the buried card, the thrown-in cards, the cut cards); hands of four.
* :func:`view_problems` - no view holds a card its seat may not see; views are
  JSON-safe and never hold the face-down piles' cards.
* :func:`log_problems` - new public lines name only cards that have been face up;
  a private line names only cards its seat holds or put face down.
* :func:`liveness_problems` - the game is over, or chance acts, or the seat to act
  has a legal action (and every listed action is legal).
* :func:`round_trip` - the state survives JSON unchanged and plays on.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from cardtable.engine import checks as shared
from cardtable.games.ipso.rules import Phase
from cardtable.games.ipso.state import HAND_SIZE, IpsoState

__all__ = ["all_problems", "chip_problems", "card_problems", "view_problems", "log_problems",
           "liveness_problems", "round_trip", "CARD_CODE", "IpsoChecks"]

CARD_CODE = re.compile(r"\b(?:10|[2-9AJQK])[CDHS]\b")
"""A standard card's code as the log writes it ("QS", "10H")."""

_FACE_DOWN = ("stock", "down_discard", "buried", "mucked", "deck_order")
"""The piles no view may hold."""


class IpsoChecks(shared.GameChecks):
    """What only Ipso knows: four piles, the buried and cut cards, cards once face up."""

    whole = "game"
    card_code = CARD_CODE
    hidden_keys = frozenset()

    def chip_parts(self, state: IpsoState) -> dict[str, int | Sequence[int]]:
        return {"stacks": state.chips.stacks, "pot": state.chips.pot_total}

    def card_places(self, state: IpsoState) -> Iterable[Iterable[int]]:
        return (*state.hands, state.stock, state.flip, state.down_discard, state.up_discard,
                state.buried, state.mucked, [c for _, c in state.cut_cards])

    def card_rules(self, state: IpsoState) -> list[str]:
        problems = []
        if len(state.flip) > 1:
            problems.append(f"the flip pile holds {len(state.flip)} cards")
        if state.stock and not state.flip and state.phase in (Phase.BET, Phase.EXCHANGE):
            problems.append("the flip pile is empty while the stock is not")
        if state.phase in (Phase.BET, Phase.EXCHANGE):
            problems += shared.hand_size_problems(state.hands, state.chips.in_hand, lambda seat: (HAND_SIZE,))
        return problems

    def public_cards(self, state: IpsoState) -> set[int]:
        """Cards everyone may see now: the flip pile, the face-up discards, cut cards and shown hands."""
        cards = set(state.flip) | set(state.up_discard) | {c for _, c in state.cut_cards}
        return cards | super().public_cards(state)

    def view_rules(self, state: IpsoState, seat: int | None, view: Any, public: set[int]) -> list[str]:
        problems = [f"view({seat}) holds the face-down pile {key!r}" for key in _FACE_DOWN if key in view]
        return problems + [f"view({seat}) shows card {card} as face up"
                           for card in view["flip"] + view["up_discard"] if card not in public]

    def log_public(self, state: IpsoState) -> set[int]:
        """Cards once face up (and the draw for the first dealer, face up, before the first hand)."""
        seen = set(state.face_up_seen)
        if state.round_no == 0:  # the draw for the first dealer is face up; the cards go back
            seen |= {c for draw in state.dealer_draws for _, c in draw}
        return seen

    def private_leak(self, state: IpsoState, seat: int, card: int, public: set[int]) -> str | None:
        own = card in state.hands[seat] or card in state.down_discard or card in public
        return None if own else "names a card it may not know"


(all_problems, chip_problems, card_problems, view_problems, log_problems, liveness_problems,
 round_trip, round_trip_problems, public_cards) = IpsoChecks().api()


def summary(state: IpsoState) -> dict[str, Any]:
    """A short description for failing tests: phase, hand, stacks."""
    return {"phase": state.phase.value, "round": state.round_no, "stacks": state.stacks}
