"""Ipso's hands as an evaluator by name (``ipso``), for a game written in a variant file: the
best four of a seat's cards, valued as :func:`~cardtable.games.ipso.hands.evaluate` values them
(Aces low; equal kinds by the quad's, prial's or run's pip, else the pips' sum). Ipso's cut of
the pack that parts equal hands is no part of the value: equal keys split the pot."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine.cards import Card
from cardtable.engine.named_evaluators import best_of_size
from cardtable.engine.poker_hands import HandValue
from cardtable.games.ipso.hands import evaluate

__all__ = ["value"]


def _four(cards: Sequence[Card]) -> HandValue:
    hand = evaluate(cards)
    return HandValue(hand.key, hand.kind, hand.label, hand.rank)


def value(cards: Sequence[Card]) -> HandValue:
    """The best four of ``cards`` (four or more standard cards); ``rank`` is the kind's place
    (1 Quad ... 8 High Card & Tags)."""
    return best_of_size(cards, 4, _four)
