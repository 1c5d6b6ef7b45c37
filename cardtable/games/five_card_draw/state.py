"""Five-Card Draw: the state machine of a whole match, hand after hand.

A hand:

1. ``shuffle`` - chance's :class:`Shuffle` orders the 52 cards; every seat with chips
   antes and is dealt five cards face down, one at a time from the dealer's left.
2. ``bet`` - the first betting round (:mod:`cardtable.engine.betting`), from the
   dealer's left.
3. ``draw`` - from the dealer's left, each player still in discards 0 to
   ``max_draw`` cards (one more when keeping an ace, with ``ace_bonus``) and draws
   as many from the stock.
4. ``bet`` - the second betting round.
5. ``reveal`` - every player still in shows; each pot (main and side pots, from
   :mod:`cardtable.engine.chips`) goes to the best eligible hand; ties split, odd
   chips to the first tied seat left of the dealer. All but one folding ends the
   hand at once.

The deck and the draw: six players dealt 30 cards leave 22 in the stock. With the
default rules (``max_draw`` 3, ``ace_bonus``) the stock always suffices: a player
draws four only while keeping an ace, and there are four aces, so six players draw
at most 4 x 4 + 2 x 3 = 22 cards. With ``max_draw`` 4 it can run out (24 > 22).
Then the drawing player takes the cards left, chance's :class:`Reshuffle` shuffles
the discards (folded hands included, that player's own discards excluded) into a
new stock, and the player gets the rest; the discards then hold at least as many
cards as are owed (52 - 25 cards in the other hands - the 5 of the drawer's).

The deal passes left to the next seat with chips; a seat with no chips is out; the
match ends (``game_over``) when one seat has every chip. Cards are deck indices.
``apply`` may log several events for one action and returns the last one.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from cardtable.engine import fields
from cardtable.engine.cards import Deck
from cardtable.engine.flow import FlowState
from cardtable.engine.flow.state import street_field
from cardtable.engine.game import TrustedInRollouts, seat_table
from cardtable.games.five_card_draw import GAME
from cardtable.games.five_card_draw.hands import evaluate
from cardtable.games.five_card_draw.rules import (
    FLOW,
    Discard,
    DrawSettings,
    Phase,
    Reshuffle,
    RoundResult,
    Shuffle,
)

__all__ = ["DrawState", "DrawSettings", "Phase", "Shuffle", "Discard", "Reshuffle", "RoundResult"]


class DrawState(TrustedInRollouts, FlowState):
    """A match of Five-Card Draw (2 to 6 seats), its hands run on :data:`FLOW`. Build one
    with :meth:`new`.

    What the UI reads: :attr:`phase`, :attr:`round_no`, :attr:`dealer`, :attr:`names`,
    :attr:`to_act`, :attr:`betting_round`, :attr:`results`, and :meth:`betting_options`,
    :meth:`pots`, :meth:`hand_of`, :meth:`draw_limit`, :meth:`standings`, :meth:`view`.
    """

    FLOW = FLOW
    SHUFFLE = Shuffle
    DISCARD = Discard
    RESHUFFLE = Reshuffle
    RESULT = RoundResult
    JSON_FIELDS = (
        *fields.header(DrawSettings, Phase), "round_no", "dealer", "total_chips", fields.listed("round_start_stacks"),
        fields.listed("out"), *fields.SHARED_LEDGER, "betting_round", fields.listed("deck_order"),
        fields.nested_lists("hands"), fields.listed("discards"), fields.listed("pending"), "owed",
        fields.listed("drawn"), "draw_turn", fields.optional_json("results", RoundResult), fields.listed("shown"),
        street_field(FLOW))

    settings: DrawSettings
    phase: Phase
    round_no: int
    """The hand being played (1 from the first shuffle on)."""
    total_chips: int
    results: RoundResult | None

    @classmethod
    def new(cls, settings: DrawSettings, deck: Deck, names: Sequence[str], rng: random.Random,
            dealer: int = 0, *, stacks: Sequence[int] | None = None) -> DrawState:
        """A match about to start: chance's shuffle is the first action.

        >>> from cardtable.variants import load_deck_by_id
        >>> state = DrawState.new(DrawSettings(), load_deck_by_id("standard52"), ["Ada", "Bo"],
        ...                       random.Random(1))
        >>> _ = state.apply(state.chance_action())
        >>> state.phase, state.names[state.to_act], state.pots()
        (<Phase.BET: 'bet'>, 'Bo', [Pot(amount=2, eligible=(0, 1))])
        """
        names, stacks = seat_table(GAME, names, stacks, settings.starting_chips, dealer)
        if len(deck) != 52 or sorted(c.index for c in deck) != list(range(52)):
            raise ValueError(f"Five-Card Draw is played with the 52-card deck, not {deck.name}")
        evaluate([deck[i] for i in range(5)])  # a deck the evaluator cannot read fails here
        state = cls._seated(settings, deck, names, rng, dealer, stacks, Phase.SHUFFLE)
        state._start_match(stacks)
        return state

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know (``None``: a spectator), as JSON-safe plain data: the
        seat's own cards and hands shown at the showdown, every other card ``None``."""
        hands = [list(cards) if s == seat or self.shown[s] else [None] * len(cards)
                 for s, cards in enumerate(self.hands)]
        return {
            "seat": seat, "phase": self.phase.value, "round_no": self.round_no, "dealer": self.dealer,
            "to_act": self.to_act, "names": list(self.names), "stacks": self.stacks,
            "out": list(self.out), "in_hand": self.in_hand, "hands": hands,
            "deck_count": len(self.deck_order), "discard_count": len(self.discards) + len(self.pending),
            "drawn": list(self.drawn), "betting_round": self.betting_round,
            "round_bets": list(self.chips.round_bets), "contributed": list(self.chips.contributed),
            "pots": [{"amount": p.amount, "eligible": list(p.eligible)} for p in self.pots()],
            "pot_total": self.chips.pot_total,
            "draw_limit": self.draw_limit(seat) if seat is not None else None,
            "options": self.options_json(seat),
            "results": self.results.to_json() if self.results is not None else None,
        }

    def _hidden_slots(self, seat: int) -> list[tuple[Any, Any]]:
        """The cards ``seat`` cannot see: other players' unshown hands, the stock and
        the face-down discards (its own discards waiting for a reshuffle it knows)."""
        slots: list[tuple[Any, Any]] = []
        for owner, hand in enumerate(self.hands):
            if owner != seat and not self.shown[owner]:
                slots += [(hand, i) for i in range(len(hand))]
        slots += [(self.deck_order, i) for i in range(len(self.deck_order))]
        slots += [(self.discards, i) for i in range(len(self.discards))]
        if self.draw_turn != seat:
            slots += [(self.pending, i) for i in range(len(self.pending))]
        return slots
