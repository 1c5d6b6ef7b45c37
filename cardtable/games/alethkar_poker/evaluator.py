"""Alethkar Poker's hands as an evaluator by name (``alethkar_poker``), for a game written in
a variant file: the five of a seat's cards worth the most by the source's value table, as
:func:`~cardtable.games.alethkar_poker.values.best_five` counts them (A-2-3-4-5 a straight)."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine.cards import Card
from cardtable.engine.poker_hands import HandValue
from cardtable.games.alethkar_poker.values import best_five

__all__ = ["value"]


def value(cards: Sequence[Card]) -> HandValue:
    """The best five of ``cards`` (five or more standard cards): the key is the value, the
    label the value and how it is counted ("103: Triple Aces, King, Queen")."""
    split = best_five(cards).split
    parts = [combination.name for combination in split.combinations]
    return HandValue((split.value,), parts[0], f"{split.value}: {', '.join(parts)}", 0)
