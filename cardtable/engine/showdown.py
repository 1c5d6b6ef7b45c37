"""What a hand of a pot-and-side-pots game came to, for the reveal, the statistics and
saves: each pot's winners (:class:`PotResult`) and the whole hand's
(:class:`ShowdownResult`), the same for every game but for how a hand's value is
written; and hand values that order by their key (:class:`KeyOrdered`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, Self, TypeVar

from cardtable.engine.chips import Pot, PotAward
from cardtable.engine.words import figure

__all__ = ["RankedHand", "KeyOrdered", "PotResult", "ShowdownResult", "pot_phrase"]


class RankedHand(Protocol):
    """A shown hand's value as the statistics read it: its ``label`` and ``rank`` (1 best)."""

    @property
    def label(self) -> str:
        """The hand's name in words."""

    @property
    def rank(self) -> int:
        """The hand's place among all hands, 1 the best."""


HandT = TypeVar("HandT", bound=RankedHand)


class KeyOrdered:
    """A hand value that orders by its ``key`` (``<``, ``<=``, ``>``, ``>=``: the
    greater key the better hand); ``==`` stays the class's own."""

    __slots__ = ()
    key: tuple[int, ...]

    def __lt__(self, other: KeyOrdered) -> bool:
        return self.key < other.key

    def __le__(self, other: KeyOrdered) -> bool:
        return self.key <= other.key

    def __gt__(self, other: KeyOrdered) -> bool:
        return self.key > other.key

    def __ge__(self, other: KeyOrdered) -> bool:
        return self.key >= other.key


def pot_phrase(name: str, amount: int) -> str:
    """A pot and its chips as a log line says them: "the main pot of 1,200", and a side
    pot with its chips after it, "side pot 1 (40)" ("the side pot 1 of 40" reads as
    one chip of forty).

    >>> pot_phrase("main pot", 1200), pot_phrase("side pot 1", 40)
    ('the main pot of 1,200', 'side pot 1 (40)')
    """
    return f"the {name} of {figure(amount)}" if name == "main pot" else f"{name} ({figure(amount)})"


@dataclass(frozen=True)
class PotResult:
    """How one pot was won: ``name`` ("main pot", "side pot 1", ...), its chips, who
    could win it, the winners and each one's share (odd chips to the first tied seats
    left of the dealer)."""

    name: str
    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...]
    shares: Mapping[int, int]

    @property
    def pot(self) -> Pot:
        """As a :class:`~cardtable.engine.chips.Pot`."""
        return Pot(self.amount, self.eligible)

    @classmethod
    def of_awards(cls, awards: Sequence[PotAward]) -> list[PotResult]:
        """The settled pots of a hand, named "main pot", "side pot 1", ..."""
        return [cls("main pot" if i == 0 else f"side pot {i}", a.pot.amount, a.pot.eligible, a.winners,
                    dict(a.shares)) for i, a in enumerate(awards)]

    def announce(self, names: Sequence[str], how: str) -> str:
        """The log line of this pot: who wins it, or how it is split, ``how`` (" with
        a Flush, Ace high") after the amount."""
        if len(self.winners) == 1:
            return f"{names[self.winners[0]]} wins {pot_phrase(self.name, self.amount)}{how}"
        shares = ", ".join(f"{names[w]} {figure(self.shares[w])}" for w in self.winners)
        phrase = pot_phrase(self.name, self.amount)
        return f"{phrase[0].upper()}{phrase[1:]} is split{how}: {shares}"

    def to_json(self) -> dict[str, Any]:
        """Plain JSON-safe data (seats as string keys)."""
        return {"name": self.name, "amount": self.amount, "eligible": list(self.eligible),
                "winners": list(self.winners), "shares": {str(s): c for s, c in self.shares.items()}}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PotResult:
        """Rebuild a pot written by :meth:`to_json`."""
        return cls(data["name"], data["amount"], tuple(data["eligible"]), tuple(data["winners"]),
                   {int(s): c for s, c in data["shares"].items()})


@dataclass(frozen=True)
class ShowdownResult(Generic[HandT]):
    """What a hand came to.

    Attributes:
        round_no: the round (or hand) it was.
        showdown: False when everyone else folded (nobody showed a hand).
        hands: the value of each hand shown (seat -> the game's hand value), in reveal order.
        cards: the cards of each hand shown (seat -> deck indices).
        pots: each pot and who won it.
        won: the chips each seat took from all pots.
        net: each seat's stack now minus its stack before the ante, for every seat.
        uncalled: the bet returned to its bettor: ``(seat or None, chips)``.

    A game's subclass says how its hand values are written (:meth:`hand_json`,
    :meth:`hand_from_json`).
    """

    round_no: int
    showdown: bool
    hands: Mapping[int, HandT]
    cards: Mapping[int, tuple[int, ...]]
    pots: tuple[PotResult, ...]
    won: Mapping[int, int]
    net: tuple[int, ...]
    uncalled: tuple[int | None, int]

    @property
    def winners(self) -> tuple[int, ...]:
        """Every seat that won chips, in seat order."""
        return tuple(sorted(self.won))

    def outcome(self) -> dict[str, Any]:
        """The hand for the statistics: ``round``, ``winners``, ``net``, ``hands``
        (labels) and ``hand_rank`` (1 the best), seats as string keys."""
        return {"round": self.round_no, "winners": list(self.winners), "net": list(self.net),
                "hands": {str(s): v.label for s, v in self.hands.items()},
                "hand_rank": {str(s): v.rank for s, v in self.hands.items()}}

    @staticmethod
    def hand_json(hand: HandT) -> Any:
        """A hand value as plain data."""
        raise NotImplementedError

    @staticmethod
    def hand_from_json(data: Any) -> HandT:
        """A hand value written by :meth:`hand_json`."""
        raise NotImplementedError

    def to_json(self) -> dict[str, Any]:
        """Plain JSON-safe data (seats as string keys)."""
        return {
            "round_no": self.round_no, "showdown": self.showdown,
            "hands": {str(s): self.hand_json(v) for s, v in self.hands.items()},
            "cards": {str(s): list(c) for s, c in self.cards.items()},
            "pots": [p.to_json() for p in self.pots],
            "won": {str(s): c for s, c in self.won.items()},
            "net": list(self.net), "uncalled": list(self.uncalled),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        """Rebuild a result written by :meth:`to_json`."""
        return cls(
            round_no=data["round_no"], showdown=data["showdown"],
            hands={int(s): cls.hand_from_json(v) for s, v in data["hands"].items()},
            cards={int(s): tuple(c) for s, c in data["cards"].items()},
            pots=tuple(PotResult.from_json(p) for p in data["pots"]),
            won={int(s): c for s, c in data["won"].items()},
            net=tuple(data["net"]), uncalled=(data["uncalled"][0], data["uncalled"][1]))
