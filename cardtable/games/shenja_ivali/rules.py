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

from cardtable.engine.betting import BettingRules, Limit
from cardtable.engine.chips import Pot
from cardtable.engine.game import CHANCE, Action
from cardtable.games.definition import DeclaredSettings
from cardtable.games.shenja_ivali.hands import HandValue, IvaliRules

__all__ = ["Phase", "ShenjaIvaliSettings", "Shuffle", "Discard", "PotResult", "RoundResult",
           "BETTING_ROUND_NAMES"]

BETTING_ROUND_NAMES = ("after the deal", "after the flop", "after the draw", "after the auction")
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
@dataclass(frozen=True, kw_only=True)
class Shuffle(Action):
    """Chance's action that starts a round: the order of the whole deck (deck indices
    of the playing cards, top first). The antes and the deal follow by themselves;
    every later card comes off this order."""

    order: tuple[int, ...]
    seat: int = CHANCE
    kind = "ivali.shuffle"


@dataclass(frozen=True, kw_only=True)
class Discard(Action):
    """Discard ``cards`` (deck indices of 0 to 2 cards of the seat's hand) and draw as
    many; an empty tuple stands pat."""

    cards: tuple[int, ...] = ()
    kind = "ivali.discard"


# -- results -------------------------------------------------------------------------
@dataclass(frozen=True)
class PotResult:
    """How one pot of a round was won.

    ``name`` is "main pot", "side pot 1", ... or "auction pot"; ``shares`` the chips
    each winner took (odd chips to the first tied seats left of the dealer).
    """

    name: str
    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...]
    shares: Mapping[int, int]

    @property
    def pot(self) -> Pot:
        """As a :class:`~cardtable.engine.chips.Pot`."""
        return Pot(self.amount, self.eligible)


@dataclass(frozen=True)
class RoundResult:
    """What a round came to, shown in the ``reveal`` phase.

    Attributes:
        round_no: the round.
        showdown: False when everyone else folded (nobody showed a hand).
        hands: the value of each hand shown (seat -> HandValue), in reveal order.
        cards: the cards of each hand shown (seat -> deck indices).
        pots: each pot (main, side pots, the auction pot) and who won it.
        won: the chips each seat took from all pots.
        net: each seat's stack now minus its stack before the ante, for every seat.
        uncalled: the bet returned to its bettor: ``(seat or None, chips)``.
    """

    round_no: int
    showdown: bool
    hands: Mapping[int, HandValue]
    cards: Mapping[int, tuple[int, ...]]
    pots: tuple[PotResult, ...]
    won: Mapping[int, int]
    net: tuple[int, ...]
    uncalled: tuple[int | None, int]

    @property
    def winners(self) -> tuple[int, ...]:
        """Every seat that won chips, in seat order."""
        return tuple(sorted(self.won))

    def to_json(self) -> dict[str, Any]:
        """Plain JSON-safe data (seats as string keys)."""
        return {
            "round_no": self.round_no, "showdown": self.showdown,
            "hands": {str(s): {"rank": v.rank, "kind": v.kind, "label": v.label,
                               "element": v.element, "key": list(v.key)}
                      for s, v in self.hands.items()},
            "cards": {str(s): list(c) for s, c in self.cards.items()},
            "pots": [{"name": p.name, "amount": p.amount, "eligible": list(p.eligible),
                      "winners": list(p.winners), "shares": {str(s): c for s, c in p.shares.items()}}
                     for p in self.pots],
            "won": {str(s): c for s, c in self.won.items()},
            "net": list(self.net), "uncalled": list(self.uncalled),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> RoundResult:
        """Rebuild a result written by :meth:`to_json`."""
        return cls(
            round_no=data["round_no"], showdown=data["showdown"],
            hands={int(s): HandValue(rank=v["rank"], kind=v["kind"], label=v["label"],
                                     element=v["element"], key=tuple(v["key"]))
                   for s, v in data["hands"].items()},
            cards={int(s): tuple(c) for s, c in data["cards"].items()},
            pots=tuple(PotResult(p["name"], p["amount"], tuple(p["eligible"]), tuple(p["winners"]),
                                 {int(s): c for s, c in p["shares"].items()}) for p in data["pots"]),
            won={int(s): c for s, c in data["won"].items()},
            net=tuple(data["net"]), uncalled=(data["uncalled"][0], data["uncalled"][1]))
