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
from cardtable.games.ipso.betting import IpsoBettingRules

__all__ = ["Phase", "Pile", "PILE_NAMES", "FACE_UP_PILES", "IpsoSettings", "DrawForDealer", "Shuffle",
           "Exchange", "Skip", "ChooseDealer", "IpsoResult", "SETTING_KEYS", "BOT_LEVELS"]

BOT_LEVELS = ("normal", "tough", "random")
"""The computer players' levels a variant may name as ``bot_level``."""

SETTING_KEYS = ("ante", "starting_chips", "min_bet", "max_bet", "bot_level")
"""Every key an Ipso variant's ``settings`` may hold."""


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


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True, kw_only=True)
class IpsoSettings:
    """A table's settings, from the variant's ``settings`` mapping.

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
    ValueError: Ipso settings: unknown setting 'colour' (known: ante, starting_chips, min_bet, max_bet, bot_level);
        ante must be a whole number of chips >= 1, not 0
    """

    ante: int = 2
    starting_chips: int = 100
    betting: IpsoBettingRules = IpsoBettingRules(min_bet=2, max_bet=10)
    bot_level: str = "normal"

    def __post_init__(self) -> None:
        problems = _problems(self.ante, self.starting_chips, self.bot_level)
        if problems:
            raise ValueError("Ipso settings: " + "; ".join(problems))

    @classmethod
    def from_settings(cls, settings: Mapping[str, Any] | None) -> IpsoSettings:
        """Read a variant's ``settings``; missing keys take their defaults.

        Raises ValueError naming every problem.
        """
        settings = dict(settings or {})
        problems = [f"unknown setting {key!r} (known: {', '.join(SETTING_KEYS)})"
                    for key in settings if key not in SETTING_KEYS]
        ante = settings.get("ante", 2)
        starting = settings.get("starting_chips", 100)
        bot_level = settings.get("bot_level", "normal")
        problems += _problems(ante, starting, bot_level)
        betting = None
        try:
            betting = IpsoBettingRules(min_bet=settings.get("min_bet", 2), max_bet=settings.get("max_bet", 10))
        except ValueError as exc:
            problems.append(str(exc))
        if problems:
            raise ValueError("Ipso settings: " + "; ".join(problems))
        assert betting is not None
        return cls(ante=ante, starting_chips=starting, betting=betting, bot_level=bot_level)

    @classmethod
    def from_spec(cls, spec: Any) -> IpsoSettings:
        """The settings of a :class:`~cardtable.variants.VariantSpec`."""
        return cls.from_settings(spec.settings)

    def to_settings(self) -> dict[str, Any]:
        """The settings as a plain mapping that :meth:`from_settings` reads back."""
        return {"ante": self.ante, "starting_chips": self.starting_chips, "min_bet": self.betting.min_bet,
                "max_bet": self.betting.max_bet, "bot_level": self.bot_level}


def _problems(ante: Any, starting: Any, bot_level: Any) -> list[str]:
    problems = []
    if not _is_int(ante) or ante < 1:
        problems.append(f"ante must be a whole number of chips >= 1, not {ante!r}")
    if not _is_int(starting) or starting < 1:
        problems.append(f"starting_chips must be a whole number of chips >= 1, not {starting!r}")
    if bot_level not in BOT_LEVELS:
        problems.append(f"bot_level must be one of {', '.join(BOT_LEVELS)}, not {bot_level!r}")
    return problems


# -- actions -------------------------------------------------------------------------
@dataclass(frozen=True, kw_only=True)
class DrawForDealer(Action):
    """Chance: the card each drawing seat picks from the spread pack (deck indices,
    one per seat in ``IpsoState.drawing`` order)."""

    cards: tuple[int, ...]
    seat: int = CHANCE
    kind = "ipso.draw_for_dealer"


@dataclass(frozen=True, kw_only=True)
class Shuffle(Action):
    """Chance: the order of the whole pack, top first, that starts a hand."""

    order: tuple[int, ...]
    seat: int = CHANCE
    kind = "ipso.shuffle"


@dataclass(frozen=True, kw_only=True)
class Exchange(Action):
    """Give up ``card`` (a deck index in the hand) and take the top of ``pile``
    (a :class:`Pile` value)."""

    card: int
    pile: str
    kind = "ipso.exchange"


@dataclass(frozen=True, kw_only=True)
class Skip(Action):
    """Keep the same four cards this exchange phase."""

    kind = "ipso.skip"


@dataclass(frozen=True, kw_only=True)
class ChooseDealer(Action):
    """The winner of a hand names the next dealer."""

    dealer: int
    kind = "ipso.choose_dealer"


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
