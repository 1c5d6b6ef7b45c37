"""The static parts of Ipso: settings, phases, piles, the non-betting actions, results.

:mod:`cardtable.games.ipso.state` builds the state machine on these; the betting actions
live in :mod:`cardtable.games.ipso.betting`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from cardtable.engine.game import CHANCE, Action
from cardtable.games.definition import DeclaredSettings
from cardtable.games.ipso.betting import IpsoBettingRules

__all__ = ["Phase", "Pile", "PILE_NAMES", "FACE_UP_PILES", "IpsoSettings", "DrawForDealer", "Shuffle",
           "Exchange", "Skip", "ChooseDealer", "IpsoResult"]


class Phase(StrEnum):
    """Where the match stands.

    * ``DEALER_DRAW``: chance acts: every player draws a card, the highest deals
      (tied players draw again).
    * ``SHUFFLE``: chance acts: the shuffle that starts a match (hand); antes, the
      buried card, the deal and the flip follow by themselves.
    * ``BET``: a betting round (``IpsoState.betting_round``: 2 to 6, the source's
      numbering; the ante is the first).
    * ``EXCHANGE``: an exchange phase (``IpsoState.exchange_phase``: 1 to 4).
    * ``CHOOSE_DEALER``: the hand is settled; its winner names the next dealer.
    * ``GAME_OVER``: fewer than two players can pay the ante; nobody acts.
    """

    DEALER_DRAW = "dealer_draw"
    SHUFFLE = "shuffle"
    BET = "bet"
    EXCHANGE = "exchange"
    CHOOSE_DEALER = "choose_dealer"
    GAME_OVER = "game_over"


class Pile(StrEnum):
    """The four piles on the table."""

    STOCK = "stock"
    FLIP = "flip"
    DOWN_DISCARD = "down_discard"
    UP_DISCARD = "up_discard"


PILE_NAMES = {Pile.STOCK: "the face-down stock pile", Pile.FLIP: "the face-up flip pile",
              Pile.DOWN_DISCARD: "the face-down discard pile", Pile.UP_DISCARD: "the face-up discard pile"}
"""How the log names each pile."""

FACE_UP_PILES = frozenset({Pile.FLIP, Pile.UP_DISCARD})
"""Piles whose cards everyone sees; the others are face down."""


@dataclass(frozen=True, kw_only=True)
class IpsoSettings(DeclaredSettings):
    """A table's settings, from the variant's ``settings`` mapping (the fields the game
    declares in :mod:`cardtable.games.ipso`).

    Attributes:
        ante: chips each player puts in before the deal (at least 1). A player who
            has fewer chips than the ante is out of the game.
        starting_chips: each seat's chips at the start.
        betting: the minimum and maximum bet (``min_bet``, ``max_bet``; null: no maximum).
        bot_level: the computer players' default level.

    >>> IpsoSettings.from_settings({"ante": 10, "min_bet": 10, "max_bet": 50}).betting.max_bet
    50
    >>> IpsoSettings.from_settings({"ante": 0, "colour": 1})  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    ValueError: Ipso settings: ante must be a whole number from 1 to 1,000,000,000, not 0;
        unknown setting 'colour' for Ipso (known: ante, starting_chips, min_bet, max_bet, bot_level)
    """

    ante: int = 2
    starting_chips: int = 100
    betting: IpsoBettingRules = IpsoBettingRules(min_bet=2, max_bet=10)
    bot_level: str = "normal"

    @classmethod
    def _parts(cls, settings: Mapping[str, Any], problems: list[str]) -> dict[str, Any]:
        try:
            return {"betting": IpsoBettingRules(min_bet=settings.get("min_bet", 2),
                                                max_bet=settings.get("max_bet", 10))}
        except ValueError as exc:
            problems.append(str(exc))
            return {}

    def _part_settings(self) -> dict[str, Any]:
        return {"min_bet": self.betting.min_bet, "max_bet": self.betting.max_bet}


# -- actions -------------------------------------------------------------------------
class DrawForDealer(Action, kind="ipso.draw_for_dealer"):
    """Chance: the card each drawing seat picks from the spread pack (deck indices,
    one per seat in ``IpsoState.drawing`` order)."""

    cards: tuple[int, ...]
    seat: int = CHANCE


class Shuffle(Action, kind="ipso.shuffle"):
    """Chance: the order of the whole pack, top first, that starts a hand."""

    order: tuple[int, ...]
    seat: int = CHANCE


class Exchange(Action, kind="ipso.exchange"):
    """Give up ``card`` (a deck index in the hand) and take the top of ``pile``
    (a :class:`Pile` value)."""

    card: int
    pile: str


class Skip(Action, kind="ipso.skip"):
    """Keep the same four cards this exchange phase."""


class ChooseDealer(Action, kind="ipso.choose_dealer"):
    """The winner of a hand names the next dealer."""

    dealer: int


# -- results -------------------------------------------------------------------------
@dataclass(frozen=True)
class IpsoResult:
    """How a hand ended.

    Attributes:
        round_no: the hand.
        showdown: False when everyone else folded (nothing was shown).
        winner: the seat that took the pot.
        pot: the chips it took.
        hands: per shown seat ``(rank, kind, value)``.
        cuts: the cuts that broke a tie, ``(seat, card)`` in the order dealt.
        net: each seat's stack now minus its stack before the ante.
    """

    round_no: int
    showdown: bool
    winner: int
    pot: int
    hands: Mapping[int, tuple[int, str, int]]
    cuts: tuple[tuple[int, int], ...]
    net: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        """Plain JSON-safe data (seats as string keys)."""
        return {"round_no": self.round_no, "showdown": self.showdown, "winner": self.winner,
                "pot": self.pot, "hands": {str(s): list(h) for s, h in self.hands.items()},
                "cuts": [list(c) for c in self.cuts], "net": list(self.net)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> IpsoResult:
        """Rebuild a result written by :meth:`to_json`."""
        return cls(round_no=data["round_no"], showdown=data["showdown"], winner=data["winner"],
                   pot=data["pot"], hands={int(s): (h[0], h[1], h[2]) for s, h in data["hands"].items()},
                   cuts=tuple((c[0], c[1]) for c in data["cuts"]), net=tuple(data["net"]))
