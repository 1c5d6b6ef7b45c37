"""The showdown's evaluators on deck indices, for the odds of a game whose showdown names a
game's own evaluator (``shenja_ivali``, ``ipso``, ...): there a card's code is its deck index
(:func:`cardtable.yaml_games.odds.codes_of`), and each evaluator here has the shape of a
:class:`~cardtable.engine.fast_hands.Fast` (``prepare`` a board, ``value_on`` a hand).

A game's own evaluator values the cards themselves and gives its key (compared, never added);
a standard one named beside it (a low) reads the cards' standard codes and goes the fast way.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardtable.engine.fast_hands import FAST, deck_codes
from cardtable.engine.named_evaluators import lookup

__all__ = ["OwnOnIndices", "StandardOnIndices"]


class OwnOnIndices:
    """A game's own evaluator on deck indices: a hand's value is its key (greater, better)."""

    low = False

    def __init__(self, name: str, deck: Any) -> None:
        self.name = name
        self.evaluator = lookup(name)
        self.deck = deck

    def prepare(self, board: Sequence[int]) -> list[Any]:
        """The board's cards."""
        return [self.deck[c] for c in board]

    def value_on(self, hand: Sequence[int], board: Any) -> Any:
        """The key of ``hand`` with the prepared ``board``."""
        value = self.evaluator.value([self.deck[c] for c in hand], board)
        assert value is not None  # a game's own evaluator always makes a hand
        return value.key


class StandardOnIndices:
    """A standard evaluator on deck indices: the fast way, on the cards' standard codes."""

    def __init__(self, name: str, deck: Any) -> None:
        self.fast = FAST[name]
        self.low = self.fast.low
        self.codes = deck_codes(deck)

    def prepare(self, board: Sequence[int]) -> Any:
        """The fast evaluator's board."""
        return self.fast.prepare([self.codes[c] for c in board])

    def value_on(self, hand: Sequence[int], board: Any) -> int:
        """The strength of ``hand`` with the prepared ``board``."""
        return self.fast.value_on([self.codes[c] for c in hand], board)
