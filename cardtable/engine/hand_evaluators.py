"""The standard poker evaluators by name, as a declared flow's showdown names them.

Each takes a seat's hole cards and the board (standard-deck
:class:`~cardtable.engine.cards.Card` objects) and gives the best hand they make as a
:class:`~cardtable.engine.poker_hands.HandValue` (greater key, better hand), or None when
they make none (a low that does not qualify):

=============== ===============================================================
``high``        the best five-card high hand of all the cards (Hold'em, Stud, Draw)
``omaha_high``  the best high hand of exactly two hole cards and three of the board
``low_a5``      the best ace-to-five low of all the cards
``low_27``      the best deuce-to-seven low of all the cards
``low8``        the best eight-or-better (ace-to-five) low of all the cards, if any
``omaha_low8``  the best eight-or-better low of exactly two hole cards and three of the board
=============== ===============================================================

A showdown may name a game's own evaluator too (``shenja_ivali``, ...): every name is
resolved by :func:`~cardtable.engine.named_evaluators.lookup`.

>>> from cardtable.variants import load_deck_by_id
>>> by_code = {card.code: card for card in load_deck_by_id("standard52")}
>>> def cards(text):
...     return [by_code[code] for code in text.split()]
>>> evaluate_named("high", cards("AS KS"), cards("QS JS 10S 2D 3C")).label
'Royal Flush'
>>> # five spades on the board and one in the hand: in Omaha that is no flush
>>> evaluate_named("omaha_high", cards("AS 2D 3C 4H"), cards("KS QS JS 10S 9S")).label
'Ace High'
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.engine.low_hands import best_low8, best_low_27, best_low_a5, low_a5, qualifies8
from cardtable.engine.poker_hands import HandValue, best_high, evaluate_pairs, pairs_of

__all__ = ["Evaluator", "EVALUATORS", "evaluate_named"]

Pairs = Sequence[tuple[int, str]]


@dataclass(frozen=True)
class Evaluator:
    """A named way to value a seat's cards: ``best`` of all of them, or (with ``hole`` and
    ``board`` counts) the best of exactly that many of each."""

    name: str
    doc: str
    best: Callable[[Pairs], HandValue | None]
    hole: int = 0
    board: int = 0
    low: bool = False
    """True for a low (the second half of a Hi/Lo pot)."""

    @property
    def standard(self) -> bool:
        """True: a standard evaluator (see :mod:`~cardtable.engine.named_evaluators`)."""
        return True

    @property
    def decks(self) -> tuple[str, ...]:
        """None named: any deck of standard cards."""
        return ()

    @property
    def fewest(self) -> int:
        """The fewest cards it values: its hole and board cards, else five."""
        return self.hole + self.board if self.hole else 5

    @property
    def most(self) -> int | None:
        """None: any number of cards."""
        return None

    def plays(self, card: Any) -> bool:
        """True: a game valued by it deals every card of its deck."""
        return True

    def value(self, hole: Sequence[Any], board: Sequence[Any]) -> HandValue | None:
        """The best hand ``hole`` and ``board`` make, or None when they make none."""
        mine, shared = pairs_of(hole), pairs_of(board)
        if not self.hole:
            return self.best(mine + shared)
        if len(mine) < self.hole or len(shared) < self.board:
            raise ValueError(f"{self.name} needs {self.hole} hole cards and {self.board} on the board")
        found: HandValue | None = None
        for two in itertools.combinations(mine, self.hole):
            for three in itertools.combinations(shared, self.board):
                value = self.best(two + three)
                if value is not None and (found is None or value.key > found.key):
                    found = value
        return found


def _low8_of_five(pairs: Pairs) -> HandValue | None:
    value = low_a5(pairs)
    return value if qualifies8(value) else None


EVALUATORS: dict[str, Evaluator] = {e.name: e for e in (
    Evaluator("high", "the best five-card high hand of all the cards", best_high),
    Evaluator("omaha_high", "the best high hand of exactly two hole cards and three of the board",
              evaluate_pairs, hole=2, board=3),
    Evaluator("low_a5", "the best ace-to-five low of all the cards", best_low_a5, low=True),
    Evaluator("low_27", "the best deuce-to-seven low of all the cards", best_low_27, low=True),
    Evaluator("low8", "the best eight-or-better low of all the cards, if they make one", best_low8, low=True),
    Evaluator("omaha_low8", "the best eight-or-better low of exactly two hole cards and three of the board",
              _low8_of_five, hole=2, board=3, low=True),
)}
"""Every standard evaluator, by the name a flow's showdown writes."""


def evaluate_named(name: str, hole: Sequence[Any], board: Sequence[Any]) -> HandValue | None:
    """The value of ``hole`` with ``board`` under the evaluator ``name``, a standard one or a
    game's (:func:`~cardtable.engine.named_evaluators.lookup`)."""
    from cardtable.engine.named_evaluators import lookup
    return lookup(name).value(hole, board)
