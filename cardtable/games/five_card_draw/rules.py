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

from cardtable.engine.betting import BettingRules, Limit
from cardtable.engine.chips import Pot
from cardtable.engine.game import CHANCE, Action
from cardtable.games.definition import DeclaredSettings
from cardtable.games.five_card_draw.hands import HandValue

__all__ = ["Phase", "DrawSettings", "Shuffle", "Discard", "Reshuffle", "PotResult", "RoundResult",
           "BETTING_ROUND_NAMES", "HAND_SIZE"]

HAND_SIZE = 5
"""Cards dealt to each player."""

BETTING_ROUND_NAMES = ("before the draw", "after the draw")
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

    >>> DrawSettings.from_settings({"max_draw": 2}).draw_limit(has_ace=True)
    3
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

    def draw_limit(self, *, has_ace: bool) -> int:
        """The most cards a player may discard, keeping an ace or not."""
        if has_ace and self.ace_bonus:
            return min(self.max_draw + 1, 4)
        return self.max_draw


# -- actions -------------------------------------------------------------------------
@dataclass(frozen=True, kw_only=True)
class Shuffle(Action):
    """Chance's action that starts a hand: the order of all 52 cards (deck indices, top
    first). The antes and the deal follow by themselves."""

    order: tuple[int, ...]
    seat: int = CHANCE
    kind = "five_card_draw.shuffle"


@dataclass(frozen=True, kw_only=True)
class Discard(Action):
    """Discard ``cards`` (deck indices from the seat's hand) and draw as many; an empty
    tuple stands pat."""

    cards: tuple[int, ...] = ()
    kind = "five_card_draw.discard"


@dataclass(frozen=True, kw_only=True)
class Reshuffle(Action):
    """Chance's action when the stock runs out during the draw: the new stock's order,
    a shuffle of every discarded card except the drawing player's own."""

    order: tuple[int, ...]
    seat: int = CHANCE
    kind = "five_card_draw.reshuffle"


# -- results -------------------------------------------------------------------------
@dataclass(frozen=True)
class PotResult:
    """How one pot was won: ``name`` ("main pot", "side pot 1", ...), its chips, who
    could win it, the winners and each one's share (odd chips left of the dealer first)."""

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
    """What a hand came to: ``showdown`` (False when all but one folded), the ``hands``
    shown (seat -> HandValue) and their ``cards``, the ``pots``, the chips each seat
    ``won``, each seat's ``net`` change since its ante, and the ``uncalled`` bet
    returned ``(seat or None, chips)``."""

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
            "hands": {str(s): v.to_json() for s, v in self.hands.items()},
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
            hands={int(s): HandValue.from_json(v) for s, v in data["hands"].items()},
            cards={int(s): tuple(c) for s, c in data["cards"].items()},
            pots=tuple(PotResult(p["name"], p["amount"], tuple(p["eligible"]), tuple(p["winners"]),
                                 {int(s): c for s, c in p["shares"].items()}) for p in data["pots"]),
            won={int(s): c for s, c in data["won"].items()},
            net=tuple(data["net"]), uncalled=(data["uncalled"][0], data["uncalled"][1]))
