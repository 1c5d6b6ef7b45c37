"""Sabacc's hands as an evaluator by name (``sabacc``), for a game written in a variant file:
all of a seat's cards are one hand, valued as :func:`~cardtable.games.sabacc.hands.evaluate`
values them (Idiot's Array, then Pure Sabacc, then the greater absolute total). A hand that
bombs out cannot win in Sabacc: here it is below every hand that does not, and equal to every
other that does (the sudden demise and the carried pot are Sabacc's own, not the value's)."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine.cards import Card
from cardtable.engine.poker_hands import HandValue
from cardtable.games.sabacc.hands import evaluate

__all__ = ["value"]

_KINDS = {"idiots_array": "Idiot's Array", "pure_sabacc": "Pure Sabacc"}


def value(cards: Sequence[Card]) -> HandValue:
    """The value of all of ``cards`` (Sabacc deck cards); ``rank`` 1 for the Array, 2 for Pure
    Sabacc, 3 for another hand, 4 for a bomb-out."""
    hand = evaluate(cards)
    key = hand.key
    if key is None:
        return HandValue((0,), "Bomb Out", hand.label, 4)
    kind = _KINDS.get(hand.special or "", "Total")
    return HandValue((1 + key[0], key[1]), kind, hand.label, 3 - key[0])
