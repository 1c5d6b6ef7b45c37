"""Flame Sword's hands as an evaluator by name (``flame_sword``), for a game written in a
variant file: the best ten of a seat's cards (10 to 18 of the Infinite Deck), as
:func:`~cardtable.games.flame_sword.hands.best_hand` finds them with the source's order of the
kinds and no Called Shot (a grid and its lines are Flame Sword's own: here every card counts)."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine.cards import Card
from cardtable.engine.named_evaluators import flat_key
from cardtable.engine.poker_hands import HandValue
from cardtable.games.flame_sword.hands import best_hand

__all__ = ["value"]


def value(cards: Sequence[Card]) -> HandValue:
    """The best ten of ``cards`` (cards of the Infinite Deck); ``rank`` is the kind's place on
    the source's list (1 Called Shot ... 103 High Card)."""
    from cardtable.variants import load_deck_by_id  # the deck the cards index (kept once built)
    deck = load_deck_by_id("infinite")
    if any(card.index >= len(deck) or deck[card.index].code != card.code for card in cards):
        raise ValueError("flame_sword values cards of the Infinite Deck only")
    hand = best_hand(deck, [card.index for card in cards])
    return HandValue(flat_key(hand.key), hand.kind, hand.label or hand.kind, hand.rank)
