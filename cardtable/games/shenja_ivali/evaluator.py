"""Shenja Ivali's hands as an evaluator by name (``shenja_ivali``), for a game written in a
variant file: the best five of a seat's cards, valued as :func:`~cardtable.games.shenja_ivali.hands.evaluate`
values them under the source's default tie-breaks (planets, then elements, in their default orders)."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine.cards import Card
from cardtable.engine.named_evaluators import best_of_size
from cardtable.engine.poker_hands import HandValue
from cardtable.games.shenja_ivali.hands import evaluate

__all__ = ["value"]


def _five(cards: Sequence[Card]) -> HandValue:
    hand = evaluate(cards)
    return HandValue(hand.key, hand.kind, hand.label, hand.rank)


def value(cards: Sequence[Card]) -> HandValue:
    """The best five of ``cards`` (five or more regular Ivali cards); ``rank`` is the kind's
    place in the source's table (1 Royal Eclipse ... 43 Gachika)."""
    return best_of_size(cards, 5, _five)
