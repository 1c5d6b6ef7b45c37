"""The static parts of Five-Card Draw: settings, phases, the chance and draw actions,
and the results of a hand.

:mod:`cardtable.games.five_card_draw.state` builds the state machine on these; the
betting actions live in :mod:`cardtable.engine.betting`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from cardtable.engine import flow
from cardtable.engine.betting import BettingRules, Limit
from cardtable.engine.flow.reader import load_flow
from cardtable.engine.showdown import PotResult, ShowdownResult
from cardtable.games.definition import DeclaredSettings
from cardtable.games.five_card_draw.hands import HandValue

__all__ = ["Phase", "DrawSettings", "Shuffle", "Discard", "Reshuffle", "PotResult", "RoundResult",
           "BETTING_ROUND_NAMES", "HAND_SIZE", "FLOW"]

FLOW = load_flow(__package__)
"""A hand of Five-Card Draw, step by step (run by :class:`~cardtable.engine.flow.FlowState`)."""

HAND_SIZE = FLOW.hole_cards
"""Cards dealt to each player."""

BETTING_ROUND_NAMES = FLOW.betting_names
"""The two betting rounds of a hand, in order (``DrawState.betting_round``)."""


class Phase(StrEnum):
    """Where the match stands."""

    SHUFFLE = "shuffle"
    """Chance shuffles; the antes and the deal follow by themselves."""
    BET = "bet"
    """A betting round (``betting_round`` 0 before the draw, 1 after it)."""
    DRAW = "draw"
    """From the dealer's left, each player still in discards and draws."""
    RESHUFFLE = "reshuffle"
    """The stock ran out in the middle of a draw: chance shuffles the discards (not the
    drawing player's own) into a new stock."""
    REVEAL = "reveal"
    """The hand is over and its results are shown; chance starts the next."""
    GAME_OVER = "game_over"
    """One seat has every chip; nobody acts."""


@dataclass(frozen=True, kw_only=True)
class DrawSettings(DeclaredSettings):
    """The stakes and draw rules of a Five-Card Draw table, read from the fields
    :mod:`cardtable.games.five_card_draw` declares.

    Attributes:
        ante: chips every player puts in before the deal (at least 1).
        starting_chips: each seat's chips at the start of a match.
        betting: the betting structure (``limit``, ``min_bet`` - default 2 -,
            ``big_bet``, ``raise_cap``); fixed limit uses the big bet after the draw.
        max_draw: the most cards a player may discard (0 to 4; default 3).
        ace_bonus: a player who keeps an ace may discard one more than ``max_draw``
            (at most 4: the ace stays).
        bot_level: the computer players' default level.

    >>> DrawSettings.from_settings({"max_draw": 2}).max_draw
    2
    >>> DrawSettings.from_settings({"max_draw": 9})
    Traceback (most recent call last):
    ...
    ValueError: Five-Card Draw settings: max_draw must be a whole number from 0 to 4, not 9
    """

    ante: int = 1
    starting_chips: int = 100
    betting: BettingRules = field(default_factory=lambda: BettingRules(min_bet=2))
    max_draw: int = 3
    ace_bonus: bool = True
    bot_level: str = "normal"

    @classmethod
    def _parts(cls, settings: Mapping[str, Any], problems: list[str]) -> dict[str, Any]:
        try:
            return {"betting": BettingRules.from_settings({"min_bet": 2, **settings})}
        except ValueError as exc:
            problems.append(str(exc).removeprefix("settings: "))
            return {}

    def _part_settings(self) -> dict[str, Any]:
        return self.betting.to_settings()

    @property
    def limit(self) -> Limit:
        """The betting limit (a shortcut for ``betting.limit``)."""
        return self.betting.limit


# -- actions -------------------------------------------------------------------------
class Shuffle(flow.Shuffle, kind="five_card_draw.shuffle"):
    """Chance's action that starts a hand: the order of all 52 cards (deck indices, top
    first). The antes and the deal follow by themselves."""


class Discard(flow.Discard, kind="five_card_draw.discard"):
    """Discard ``cards`` (deck indices from the seat's hand) and draw as many; an empty
    tuple stands pat."""


class Reshuffle(flow.Reshuffle, kind="five_card_draw.reshuffle"):
    """Chance's action when the stock runs out during the draw: the new stock's order,
    a shuffle of every discarded card except the drawing player's own."""


# -- results -------------------------------------------------------------------------
class RoundResult(ShowdownResult[HandValue]):
    """What a hand came to (see :class:`~cardtable.engine.showdown.ShowdownResult`), its
    hands shown as :class:`HandValue`; ``net`` counts from before the ante."""

    @staticmethod
    def hand_json(hand: HandValue) -> Any:
        """A hand value as plain data (:meth:`HandValue.to_json`)."""
        return hand.to_json()

    @staticmethod
    def hand_from_json(data: Any) -> HandValue:
        """A hand value written by :meth:`hand_json`."""
        return HandValue.from_json(data)
