"""The static parts of Alethkar Poker: settings, phases, actions, the Roshar gems and
the record of a round.

:mod:`cardtable.games.alethkar_poker.state` builds the state machine on these; the value table
is :mod:`cardtable.games.alethkar_poker.values` and steps 6 to 8 are
:mod:`cardtable.games.alethkar_poker.payout`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from cardtable.engine import flow
from cardtable.engine.game import Action
from cardtable.games.alethkar_poker import GAME
from cardtable.games.alethkar_poker.payout import Payout
from cardtable.games.definition import DeclaredSettings

__all__ = ["Phase", "AlethkarSettings", "Shuffle", "BagBet", "DiscardTwo", "CountedHand",
           "RoundResult", "GEMS", "gems_for", "MIN_SEATS", "MAX_SEATS", "HAND_SIZE", "KEEP"]

MIN_SEATS, MAX_SEATS = GAME.seats  # declared once, in the package's __init__.py
"""Seven cards each: seven players use 49 of the 52 cards."""

HAND_SIZE = 7
"""Cards dealt to each player (step 2)."""

KEEP = 5
"""Cards each player keeps after discarding two (step 4)."""

GEMS: tuple[tuple[str, int], ...] = (
    ("Emerald", 256), ("Sapphire", 128), ("Zircon", 64), ("Topaz", 32), ("Smokestone", 16),
    ("Amethyst", 8), ("Ruby", 4), ("Garnet", 2), ("Diamond", 1))
"""The Roshar gems of the source's appendix and their chip values, largest first."""


def gems_for(chips: int) -> list[tuple[str, int]]:
    """``chips`` broken into gems, largest first: (gem, how many), none of zero.

    >>> gems_for(43)
    [('Topaz', 1), ('Amethyst', 1), ('Garnet', 1), ('Diamond', 1)]
    """
    if chips < 0:
        raise ValueError(f"cannot show {chips} chips as gems")
    out = []
    for gem, value in GEMS:
        count, chips = divmod(chips, value)
        if count:
            out.append((gem, count))
    return out


class Phase(StrEnum):
    """Where the match stands."""

    SHUFFLE = "shuffle"
    """Chance shuffles; the buy-in (step 1) and the deal (step 2) follow."""
    BET = "bet"
    """Step 3, the secret bet: from the dealer's left, each player alone at the screen
    adds chips to their bag and says "check"."""
    DISCARD = "discard"
    """Step 4: from the dealer's left each player discards exactly two cards, face down.
    After the last discard steps 5 to 8 happen by themselves."""
    REVEAL = "reveal"
    """The round's hands, their counting and the payout are shown; chance acts to start
    the next round."""
    GAME_OVER = "game_over"
    """At most one player can still buy in."""


@dataclass(frozen=True, kw_only=True)
class AlethkarSettings(DeclaredSettings):
    """What an Alethkar Poker table is set up with: the stacks, the buy-in and the ace-low
    straight (the fields :mod:`cardtable.games.alethkar_poker` declares).

    Attributes:
        starting_chips: each seat's chips at the start (the source: at least 40).
        buy_in: the chips each player puts in their bag in step 1 (the source: the
            smallest chip, a Diamond, 1).
        ace_low_straight: whether A-2-3-4-5 counts as five consecutive cards.
        bot_level: the computer players' default level.

    >>> AlethkarSettings.from_settings({"buy_in": 0})
    Traceback (most recent call last):
    ...
    ValueError: Alethkar Poker settings: buy_in must be a whole number from 1 to 1,000,000,000, not 0
    """

    starting_chips: int = 40
    buy_in: int = 1
    ace_low_straight: bool = True
    bot_level: str = "normal"


# -- actions -------------------------------------------------------------------------
class Shuffle(flow.Shuffle, kind="alethkar.shuffle"):
    """Chance's action that starts a round: the order of the 52 cards (deck indices,
    top first). The buy-in and the deal of seven cards each follow by themselves."""


class BagBet(Action, kind="alethkar.bag_bet"):
    """Step 3: put ``amount`` chips (0 up to the whole stack) from the stack into the
    bag, secretly, and say "check"."""

    amount: int = 0


class DiscardTwo(Action, kind="alethkar.discard"):
    """Step 4: discard exactly two cards of the hand (deck indices), face down."""

    cards: tuple[int, ...]


# -- the record of a round ---------------------------------------------------------
@dataclass(frozen=True)
class CountedHand:
    """A shown hand as step 5 counts it: each combination (name, deck indices, value)
    in counting order, and the total."""

    combinations: tuple[tuple[str, tuple[int, ...], int], ...]
    value: int

    @property
    def label(self) -> str:
        """"Triple Aces, King, Queen (103)"."""
        return ", ".join(name for name, _, _ in self.combinations) + f" ({self.value})"

    def to_json(self) -> dict[str, Any]:
        """Plain data."""
        return {"combinations": [{"name": n, "cards": list(c), "value": v}
                                 for n, c, v in self.combinations],
                "value": self.value, "label": self.label}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> CountedHand:
        """Rebuild from :meth:`to_json`."""
        return cls(tuple((c["name"], tuple(c["cards"]), c["value"]) for c in data["combinations"]),
                   data["value"])


@dataclass(frozen=True)
class RoundResult:
    """What a round came to (all of it public once the round is over).

    Attributes:
        round_no: the round.
        hands: each player's counted hand, from the dealer's left.
        payout: steps 6 to 8 (:class:`~cardtable.games.alethkar_poker.payout.Payout`).
        net: every seat's chips (stack plus bag) now minus before the round.
    """

    round_no: int
    hands: Mapping[int, CountedHand]
    payout: Payout
    net: tuple[int, ...]

    @property
    def winners(self) -> tuple[int, ...]:
        """The players with the highest hand."""
        return self.payout.top_seats

    def to_json(self) -> dict[str, Any]:
        """Plain JSON-safe data (seats as string keys)."""
        return {"round_no": self.round_no,
                "hands": {str(s): h.to_json() for s, h in self.hands.items()},
                "payout": self.payout.to_json(), "net": list(self.net)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> RoundResult:
        """Rebuild a result written by :meth:`to_json`."""
        return cls(data["round_no"], {int(s): CountedHand.from_json(h) for s, h in data["hands"].items()},
                   Payout.from_json(data["payout"]), tuple(data["net"]))
