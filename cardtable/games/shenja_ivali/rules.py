"""The static parts of Shenja Ivali: settings, phases, the chance and draw actions,
and the results of a round.

:mod:`cardtable.games.shenja_ivali.state` builds the state machine on these; the auction's
actions live in :mod:`cardtable.games.shenja_ivali.auction` and the betting actions in
:mod:`cardtable.engine.betting`.
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
from cardtable.games.shenja_ivali.hands import HandValue, IvaliRules
from cardtable.games.shenja_ivali.steps import AuctionStep, Flop

__all__ = ["Phase", "ShenjaIvaliSettings", "Shuffle", "Discard", "PotResult", "RoundResult",
           "BETTING_ROUND_NAMES", "HAND_SIZE", "FLOW"]

FLOW = load_flow(__package__, hooks={"flop": Flop(), "auction": AuctionStep()})
"""A round of Shenja Ivali, step by step; the flop and the auction are the game's own
steps (:mod:`cardtable.games.shenja_ivali.steps`)."""

HAND_SIZE = FLOW.hole_cards
"""Cards dealt to each player; the auction brings the hand to five."""

BETTING_ROUND_NAMES = FLOW.betting_names
"""The four betting rounds of a hand, in order (``ShenjaIvaliState.betting_round``)."""


class Phase(StrEnum):
    """Where the match stands."""

    SHUFFLE = "shuffle"
    """Chance acts: the shuffle that starts a round (antes and the deal follow by
    themselves)."""
    BET = "bet"
    """A betting round (``ShenjaIvaliState.betting_round`` says which)."""
    DRAW = "draw"
    """Discard and draw, 0 to ``max_discard`` cards, from the dealer's left."""
    AUCTION = "auction"
    """Bids on the flop cards."""
    REVEAL = "reveal"
    """The round is over and its results are shown; chance acts to start the next
    round."""
    GAME_OVER = "game_over"
    """One seat has every chip; nobody acts."""


@dataclass(frozen=True, kw_only=True)
class ShenjaIvaliSettings(DeclaredSettings):
    """A Shenja Ivali table's stakes, betting structure, tie-break order and draw size
    (declared in :mod:`cardtable.games.shenja_ivali`).

    Attributes:
        ante: chips every player puts in before the deal (at least 1).
        starting_chips: each seat's chips at the start of a match.
        betting: the betting structure (``limit``, ``min_bet`` - default 2 here -,
            ``big_bet``, ``raise_cap``). In fixed limit the rounds after the draw and
            after the auction use the big bet.
        hands: the tie-break rules (``rank_planets``, ``rank_elements``,
            ``planet_order``, ``element_order``).
        max_discard: the most cards a player may discard and draw (0 to 2; the
            source says 2).
        bot_level: the computer players' default level (``normal``, ``tough``,
            ``random``).

    >>> ShenjaIvaliSettings.from_settings({"ante": 2, "limit": "pot_limit"}).betting.limit
    <Limit.POT_LIMIT: 'pot_limit'>
    >>> ShenjaIvaliSettings.from_settings({"ante": 0, "colour": "red"})  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    ValueError: Shenja Ivali settings: ante must be a whole number of chips >= 1, not 0;
        unknown setting 'colour' for Shenja Ivali (known: ante, starting_chips, limit, min_bet, big_bet,
        raise_cap, rank_planets, rank_elements, planet_order, element_order, max_discard, bot_level)
    """

    ante: int = 1
    starting_chips: int = 100
    betting: BettingRules = field(default_factory=lambda: BettingRules(min_bet=2))
    hands: IvaliRules = field(default_factory=IvaliRules)
    max_discard: int = 2
    bot_level: str = "normal"

    WORDING = {"ante": "a whole number of chips >= 1", "max_discard": "0, 1 or 2"}

    @classmethod
    def _parts(cls, settings: Mapping[str, Any], problems: list[str]) -> dict[str, Any]:
        parts: dict[str, Any] = {}
        try:
            parts["betting"] = BettingRules.from_settings({"min_bet": 2, **settings})
        except ValueError as exc:
            problems.append(str(exc).removeprefix("settings: "))
        try:
            parts["hands"] = IvaliRules.from_settings(settings)
        except ValueError as exc:
            problems.append(str(exc))
        return parts

    def _part_settings(self) -> dict[str, Any]:
        return {**self.betting.to_settings(),
                "rank_planets": self.hands.rank_planets, "rank_elements": self.hands.rank_elements,
                "planet_order": list(self.hands.planet_order),
                "element_order": list(self.hands.element_order)}

    @property
    def limit(self) -> Limit:
        """The betting limit (a shortcut for ``betting.limit``)."""
        return self.betting.limit


# -- actions -------------------------------------------------------------------------
class Shuffle(flow.Shuffle, kind="ivali.shuffle"):
    """Chance's action that starts a round: the order of the whole deck (deck indices
    of the playing cards, top first). The antes and the deal follow by themselves;
    every later card comes off this order."""


class Discard(flow.Discard, kind="ivali.discard"):
    """Discard ``cards`` (deck indices of 0 to 2 cards of the seat's hand) and draw as
    many; an empty tuple stands pat."""


# -- results -------------------------------------------------------------------------
class RoundResult(ShowdownResult[HandValue]):
    """What a round came to, shown in the ``reveal`` phase (see
    :class:`~cardtable.engine.showdown.ShowdownResult`): its pots include the auction
    pot, its hands are :class:`HandValue` in reveal order."""

    @staticmethod
    def hand_json(hand: HandValue) -> Any:
        """A hand value as plain data: rank, kind, label, element and key."""
        return {"rank": hand.rank, "kind": hand.kind, "label": hand.label, "element": hand.element,
                "key": list(hand.key)}

    @staticmethod
    def hand_from_json(data: Any) -> HandValue:
        """A hand value written by :meth:`hand_json`."""
        return HandValue(rank=data["rank"], kind=data["kind"], label=data["label"], element=data["element"],
                         key=tuple(data["key"]))
