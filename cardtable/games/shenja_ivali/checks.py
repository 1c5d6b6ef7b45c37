"""Invariant checks of a Shenja Ivali match, for tests and ``cardtable simulate``.

Each check returns a list of problems in words (empty: all is well); the shared
machinery is :class:`cardtable.engine.checks.GameChecks`, this module says what only
Shenja Ivali knows:

* :func:`chip_problems` - chips are never made or lost: stacks, the hand's pots, the
  chips held by the auction and the auction pot add up to the match's total; no
  stack and no bid is negative.
* :func:`card_problems` - every playing card is in exactly one place: the deck, a
  hand, the flop line on the table, or the discards; a taken flop card is with its
  taker; hands of four or five.
* :func:`view_problems` - no seat's view (nor a spectator's) holds a card that seat
  may not see (the flop and shown hands are public), and every view is JSON-safe.
* :func:`log_problems` - no public log line names a hidden card; no private line
  names a card in another seat's hidden hand.
* :func:`liveness_problems` - the match is over, or chance is to act, or the seat to
  act has at least one legal action (and every listed action is legal).
* :func:`round_trip_problems` - the state survives a JSON round trip unchanged.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Sequence

from cardtable.engine import checks as shared
from cardtable.games.shenja_ivali.rules import Phase
from cardtable.games.shenja_ivali.state import ShenjaIvaliState, playing_cards

__all__ = ["all_problems", "chip_problems", "card_problems", "view_problems", "log_problems",
           "liveness_problems", "round_trip", "round_trip_problems", "public_cards", "CARD_NAME", "IvaliChecks"]

CARD_NAME = re.compile(r"\b(?:Earth|Irath|Omec|Libera|Gula) [1-5] of (?:Earth|Fire|Air|Water)\b")
"""A regular Ivali card's name as the log writes it."""


class IvaliChecks(shared.GameChecks):
    """What only Shenja Ivali knows: the auction's chips, the flop line, hands of four or five."""

    card_code = CARD_NAME
    stray_words = "playing cards"

    def chip_parts(self, state: ShenjaIvaliState) -> dict[str, int | Sequence[int]]:
        held = state.auction.held if state.auction is not None else 0
        return {"stacks": state.chips.stacks, "pots": state.chips.pot_total,
                "auction pot": state.auction_pot, "bids": held}

    def chip_rules(self, state: ShenjaIvaliState) -> list[str]:
        if state.auction is not None and any(b < 0 for b in state.auction.bids):
            return [f"chips: a negative bid {state.auction.bids}"]
        return []

    def all_cards(self, state: ShenjaIvaliState) -> Collection[int]:
        return set(playing_cards(state.deck))

    def card_places(self, state: ShenjaIvaliState) -> Iterable[Iterable[int]]:
        on_table = [c for i, c in enumerate(state.flop)
                    if i >= len(state.flop_takers) or state.flop_takers[i] is None]
        return (state.deck_order, *state.hands, on_table, state.discards)

    def card_rules(self, state: ShenjaIvaliState) -> list[str]:
        problems = [f"flop card {state.flop[i]} went to seat {taker} but is not there"
                    for i, taker in enumerate(state.flop_takers)
                    if taker is not None and state.flop[i] not in state.hands[taker]
                    and state.flop[i] not in state.discards]
        if state.phase in (Phase.BET, Phase.DRAW, Phase.AUCTION):
            problems += shared.hand_size_problems(state.hands, state.chips.in_hand, lambda seat: (4, 5))
        return problems

    def public_cards(self, state: ShenjaIvaliState) -> set[int]:
        """Cards everyone may see now: the flop line and every hand shown at the reveal."""
        return set(state.flop) | super().public_cards(state)


(all_problems, chip_problems, card_problems, view_problems, log_problems, liveness_problems,
 round_trip, round_trip_problems, public_cards) = IvaliChecks().api()
