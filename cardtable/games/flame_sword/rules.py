"""The static parts of Flame Sword: settings, phases, the actions that are not bets,
and the result of a hand.

:mod:`cardtable.games.flame_sword.state` builds the state machine on these; the betting
actions live in :mod:`cardtable.engine.betting`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from cardtable.engine.betting import BettingRules, Limit
from cardtable.engine.game import CHANCE, Action
from cardtable.games.definition import DeclaredSettings

__all__ = ["Phase", "FlameSwordSettings", "StartHand", "CallShot", "Deal", "Flip", "HandResult",
           "ShownHand", "PotResult", "ORDERS", "EXTRA_BLINDS",
           "LEGACY_SETTINGS", "TIE_LAYERS", "decided_by", "GRID_SIDE", "GRID_CELLS",
           "HOLE_CARDS", "UNDERDOG_EXTRA", "CALLED_SHOT_SIZE", "FLIP_TARGETS", "BETTING_ROUND_NAMES",
           "cell_name", "line_names"]

ORDERS = ("source", "measured")
"""How the 102 kinds are ordered: the source's list, or by the program's measured frequency."""
EXTRA_BLINDS = ("live", "dead")
"""How the last winner's extra blind plays: ``live`` (it counts toward that player's bet in
the first betting round, like a second big blind) or ``dead`` (money in the pot only)."""
LEGACY_SETTINGS = {"extra_blind": "dead"}
"""What a saved match written before a setting existed played by: a save whose settings
lack ``extra_blind`` was played with a dead extra blind, so it loads as ``dead``
(:meth:`FlameSwordSettings.from_saved`); new tables default to ``live``."""

GRID_SIDE = 10
GRID_CELLS = GRID_SIDE * GRID_SIDE
HOLE_CARDS = 4
UNDERDOG_EXTRA = 4
CALLED_SHOT_SIZE = 10
FLIP_TARGETS = (60, 80)
"""Face-up grid cards after the flop and after the turn (the river turns the rest)."""
BETTING_ROUND_NAMES = ("before the flop", "after the flop", "after the turn", "after the river")
"""The four betting rounds of a hand, in order (``betting_round``): the names of the
betting steps of :data:`cardtable.games.flame_sword.steps.FLOW`."""


def cell_name(cell: int) -> str:
    """A grid cell in words: ``cell_name(23) == 'row 3, column 4'`` (rows and columns from 1)."""
    return f"row {cell // GRID_SIDE + 1}, column {cell % GRID_SIDE + 1}"


def line_names() -> list[str]:
    """The 20 lines of the grid: "row 1" .. "row 10", then "column 1" .. "column 10"."""
    return [f"row {i + 1}" for i in range(GRID_SIDE)] + [f"column {i + 1}" for i in range(GRID_SIDE)]


class Phase(StrEnum):
    """Where the match stands."""

    START = "start"
    """Chance starts the first hand (blinds are posted by themselves)."""
    CALL = "call"
    """From the dealer's left, each player names a Called Shot or passes."""
    DEAL = "deal"
    """Chance deals the hole cards and the 100-card grid."""
    BET = "bet"
    """A betting round (``FlameSwordState.betting_round`` says which)."""
    FLIP = "flip"
    """The flop or the turn: players in turn flip one grid card each."""
    REVEAL = "reveal"
    """The hand is over and its results show; chance starts the next one."""
    GAME_OVER = "game_over"
    """One seat has every chip."""


@dataclass(frozen=True, kw_only=True)
class FlameSwordSettings(DeclaredSettings):
    """Flame Sword's stakes (stacks and blinds) and the two rules a table may vary, how
    kinds rank and the extra blind; declared in :mod:`cardtable.games.flame_sword`.

    Attributes:
        starting_chips: each seat's chips at the start of a match.
        blind: the full blind; the small blind is half of it (at least 1). Also the
            smallest bet and raise (no limit).
        order: ``source`` (the source's list of 102 kinds) or ``measured`` (by the
            program's own measured frequencies).
        bot_level: the computer players' default level.
        extra_blind: ``live`` (the default: the last winner's extra blind counts toward
            their bet in the first betting round, so with no raise they may check their
            option) or ``dead`` (it only goes into the pot, as before the setting existed).

    >>> FlameSwordSettings.from_settings({"blind": 20}).small_blind
    10
    >>> FlameSwordSettings.from_settings({}).extra_blind, FlameSwordSettings.from_saved({}).extra_blind
    ('live', 'dead')
    >>> FlameSwordSettings.from_settings({"colour": 1, "blind": 0})
    Traceback (most recent call last):
    ...
    ValueError: Flame Sword settings: unknown setting 'colour' for Flame Sword (known: starting_chips, blind, order, extra_blind, bot_level); blind must be a whole number from 2 to 1,000,000,000, not 0
    """  # noqa: E501 - the doctest shows the whole error message, one line

    starting_chips: int = 1000
    blind: int = 10
    order: str = "source"
    bot_level: str = "normal"
    extra_blind: str = "live"

    @classmethod
    def from_saved(cls, settings: Mapping[str, Any] | None) -> FlameSwordSettings:
        """Read the settings of a saved match: like :meth:`from_settings`, but a key the
        save predates takes the value the match was played by (:data:`LEGACY_SETTINGS`:
        a save without ``extra_blind`` keeps its dead extra blind)."""
        return cls.from_settings({**LEGACY_SETTINGS, **dict(settings or {})})

    @property
    def live_extra_blind(self) -> bool:
        """True when the extra blind counts toward its player's first-round bet."""
        return self.extra_blind == "live"

    @property
    def small_blind(self) -> int:
        """Half the blind, at least 1 chip."""
        return max(1, self.blind // 2)

    @property
    def betting(self) -> BettingRules:
        """No-limit betting with the blind as the smallest bet and raise."""
        return BettingRules(limit=Limit.NO_LIMIT, min_bet=self.blind)


# -- actions -------------------------------------------------------------------------
class StartHand(Action, kind="flame.start_hand"):
    """Chance's action that starts a hand: the button moves and the blinds go in."""

    seat: int = CHANCE


class CallShot(Action, kind="flame.call_shot"):
    """Declare a Called Shot: ten deck indices, or none to pass. Named, not taken:
    the cards stay wherever the shuffle puts them."""

    cards: tuple[int, ...] = ()


class Deal(Action, kind="flame.deal"):
    """Chance's deal: the top cards of the shuffled 12,000, in the order they are dealt
    (four to each player from the dealer's left, one at a time; four more to the
    Underdog; then the grid, row by row). Every other card stays in the stock."""

    cards: tuple[int, ...]
    seat: int = CHANCE


class Flip(Action, kind="flame.flip"):
    """Turn one face-down grid card face up (``cell``: 0-99, row by row)."""

    cell: int


# -- results -------------------------------------------------------------------------
@dataclass(frozen=True)
class ShownHand:
    """One hand shown at the showdown: its kind, the ten cards, the line it used and a
    short description (``label``, "Full House (21s over Dragons)")."""

    rank: int
    kind: str
    cards: tuple[int, ...]
    key: tuple[Any, ...]
    line: str
    label: str = ""

    def to_json(self) -> dict[str, Any]:
        """Plain data."""
        return {"rank": self.rank, "kind": self.kind, "cards": list(self.cards),
                "key": _plain(self.key), "line": self.line, "label": self.label}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ShownHand:
        """Rebuild from :meth:`to_json`."""
        return cls(data["rank"], data["kind"], tuple(data["cards"]), _tuple(data["key"]), data["line"],
                   data.get("label", ""))


def _plain(value: Any) -> Any:
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    return value


def _tuple(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuple(v) for v in value)
    return value


TIE_LAYERS = ("higher cards", "a trump", "more trumps", "a higher trump", "a higher next trump", "a split")
"""The source's six tie layers in words, layer 1 first (layer 5 is said with the trump's
place, "a higher second trump"; layer 6 is an even split)."""

_PLACES = ("", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


def decided_by(key: tuple[Any, ...], other: tuple[Any, ...]) -> tuple[int, str]:
    """Which step settles two hands' keys (:attr:`ShownHand.key`), and in words.

    ``(0, "a better kind")`` when the kinds differ; otherwise the source's tie layer
    ``1 .. 6`` (:data:`TIE_LAYERS`): higher cards (the groups, the run's or flush's top
    card, the other cards), a trump against none, more trumps, a higher trump, a higher
    second (third ...) trump, and ``(6, "a split")`` when the keys are equal.

    >>> decided_by((9, (5, 5, 5, 2, 2), (), 0, ()), (9, (4, 4, 4, 6, 6), (), 0, ()))
    (1, 'higher cards')
    >>> decided_by((9, (5,), (), 2, (30, 7)), (9, (5,), (), 2, (30, 3)))
    (5, 'a higher second trump')
    """
    if key[0] != other[0]:
        return 0, "a better kind"
    if tuple(key[1:3]) != tuple(other[1:3]):
        return 1, TIE_LAYERS[0]
    mine, theirs = key[3], other[3]
    if (mine == 0) != (theirs == 0):
        return 2, TIE_LAYERS[1]
    if mine != theirs:
        return 3, TIE_LAYERS[2]
    for place, (a, b) in enumerate(zip(key[4], other[4]), start=1):
        if a != b:
            if place == 1:
                return 4, TIE_LAYERS[3]
            return 5, f"a higher {_PLACES[place] if place < len(_PLACES) else f'#{place}'} trump"
    return 6, TIE_LAYERS[5]


@dataclass(frozen=True)
class PotResult:
    """How one pot was won: its name ("main pot", "side pot 1"), the winners' shares,
    and what decided it against the best other hand that could win it (``decided``:
    "a better kind", one of :data:`TIE_LAYERS`, or "" when nobody else was eligible
    or everyone else folded; ``layer`` 0 .. 6 as :func:`decided_by`, -1 for none)."""

    name: str
    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...]
    shares: Mapping[int, int]
    decided: str = ""
    layer: int = -1


@dataclass(frozen=True)
class HandResult:
    """What a hand came to (the ``reveal`` phase shows it).

    ``hands`` holds the hands shown (none when everyone else folded); ``net`` each
    seat's stack change over the hand; ``underdog`` the weakest hand shown (the next
    hand's Underdog) or None.
    """

    hand_no: int
    showdown: bool
    hands: Mapping[int, ShownHand]
    pots: tuple[PotResult, ...]
    won: Mapping[int, int]
    net: tuple[int, ...]
    underdog: int | None

    @property
    def winners(self) -> tuple[int, ...]:
        """Every seat that won chips, in seat order."""
        return tuple(sorted(self.won))

    def to_json(self) -> dict[str, Any]:
        """Plain JSON-safe data (seats as string keys)."""
        return {"hand_no": self.hand_no, "showdown": self.showdown,
                "hands": {str(s): h.to_json() for s, h in self.hands.items()},
                "pots": [{"name": p.name, "amount": p.amount, "eligible": list(p.eligible),
                          "winners": list(p.winners), "shares": {str(s): c for s, c in p.shares.items()},
                          "decided": p.decided, "layer": p.layer}
                         for p in self.pots],
                "won": {str(s): c for s, c in self.won.items()}, "net": list(self.net),
                "underdog": self.underdog}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> HandResult:
        """Rebuild a result written by :meth:`to_json`."""
        return cls(hand_no=data["hand_no"], showdown=data["showdown"],
                   hands={int(s): ShownHand.from_json(h) for s, h in data["hands"].items()},
                   pots=tuple(PotResult(p["name"], p["amount"], tuple(p["eligible"]), tuple(p["winners"]),
                                        {int(s): c for s, c in p["shares"].items()},
                                        p.get("decided", ""), p.get("layer", -1)) for p in data["pots"]),
                   won={int(s): c for s, c in data["won"].items()}, net=tuple(data["net"]),
                   underdog=data["underdog"])
