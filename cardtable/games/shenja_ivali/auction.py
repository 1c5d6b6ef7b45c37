"""The auction of Shenja Ivali (phase 4): bids on the flop cards.

The rules, as implemented (``rules/README.md`` and the source):

* The players still in the hand take part, in turn from the dealer's left. On their
  first turn each either bids on one flop card - any whole number of chips above that
  card's standing high bid, at least 1, paid at once from the stack into the
  auction's keeping - or passes.
* A bid above another player's bid *tops* it. A topped player, when the turn comes
  round to them again, either tops the new high bid on that same card (their total
  bid on it must go above the standing high bid; the chips they already bid count)
  or drops out: their bid comes back to their stack and they bid on nothing else.
* The turn passes clockwise from the player who acted to the next player who has
  not yet had a first turn or whose bid is topped. The auction ends when nobody is
  left to act: every card then has at most one standing bid.
* A player with no chips passes on their first turn without being asked; a topped
  player who cannot top (stack plus bid not above the high bid) drops out without
  being asked. Both are recorded in the log.
* At the end (:meth:`Auction.resolve`) every card with a standing bid goes to its
  bidder and the bid goes to the auction pot. The players left (those who passed or
  dropped out), from the dealer's left, take the cards left in the order the flop
  was dealt. When players folded after the flop there are more cards than players:
  the extra cards stay on the table.

The auction keeps the chips bid (:attr:`Auction.bids`) but not the stacks: the game
passes its stacks list to :meth:`Auction.apply` and :meth:`Auction.why_illegal`.

>>> auction = Auction(flop=[10, 11], seats=3, order=[1, 2, 0])
>>> stacks = [20, 20, 20]
>>> _ = auction.apply(Bid(seat=1, card=10, amount=3), stacks, name=str)
>>> auction.why_illegal(Bid(seat=2, card=10, amount=3), stacks, name=str, card_name=str)
'a bid on 10 must be more than 3'
>>> _ = auction.apply(Bid(seat=2, card=10, amount=4), stacks, name=str)
>>> auction.status, stacks, auction.to_act
(['waiting', 'topped', 'bid'], [20, 17, 16], 0)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from cardtable.engine.game import Action, Event
from cardtable.engine.words import figure, plural

__all__ = ["Auction", "AuctionAction", "Bid", "PassBid", "DropOut", "STATUSES"]

STATUSES = ("waiting", "bid", "topped", "dropped", "passed", "done")
"""A seat's place in the auction: not yet had its first turn; holds the standing high
bid on a card; its bid was topped (it must top or drop out); dropped out (bid
returned); passed; takes no part (folded or out of the match)."""


class AuctionAction(Action, kind="ivali.auction_action"):
    """Base class of the auction actions (``kind`` strings start ``ivali.``)."""


class Bid(AuctionAction, kind="ivali.bid"):
    """Bid on the flop card ``card`` (a deck index): ``amount`` is the seat's total bid
    on it, which must go above the card's standing high bid."""

    card: int
    amount: int


class PassBid(AuctionAction, kind="ivali.pass_bid"):
    """Bid on nothing (only on the seat's first turn)."""


class DropOut(AuctionAction, kind="ivali.drop_out"):
    """A topped bidder gives up: the bid comes back and it bids on nothing else."""


def _is_chips(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class Auction:
    """The auction over the flop cards ``flop`` (deck indices, in the order dealt).

    ``order`` lists the seats taking part, from the dealer's left; every other seat
    of the ``seats`` at the table has the status ``"done"``.
    """

    def __init__(self, *, flop: Sequence[int], seats: int, order: Sequence[int]) -> None:
        self.flop = list(flop)
        self.seats = seats
        self.order = list(order)
        self.status: list[str] = ["done"] * seats
        for seat in self.order:
            self.status[seat] = "waiting"
        self.bids: list[int] = [0] * seats
        """Chips each seat has bid and not had back (held by the auction)."""
        self.bid_card: list[int | None] = [None] * seats
        """The card each seat's bid is on (``None``: no bid)."""
        self.high: dict[int, tuple[int, int]] = {}
        """card -> (seat, amount) of its standing high bid."""
        self.to_act: int | None = self.order[0] if self.order else None

    # -- questions --------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        """True when nobody is left to act."""
        return self.to_act is None

    @property
    def held(self) -> int:
        """Every chip bid and not yet returned."""
        return sum(self.bids)

    def min_bid(self, card: int) -> int:
        """The smallest total bid on ``card`` now (one above its standing high bid)."""
        return self.high[card][1] + 1 if card in self.high else 1

    def max_bid(self, seat: int, card: int, stacks: Sequence[int]) -> int:
        """The largest total bid ``seat`` can make on ``card`` (its stack plus what it
        already bid on that card)."""
        return stacks[seat] + (self.bids[seat] if self.bid_card[seat] == card else 0)

    def why_illegal(self, action: Action, stacks: Sequence[int], *, name: Callable[[int], str],
                    card_name: Callable[[int], str]) -> str | None:
        """``None`` when ``action`` is legal now, otherwise the reason in words.

        ``name`` and ``card_name`` spell a seat and a card for the message.
        """
        seat = action.seat
        if self.to_act is None:
            return "the auction is over"
        if seat != self.to_act:
            return f"it is {name(self.to_act)}'s turn to bid, not {name(seat)}'s"
        status = self.status[seat]
        if isinstance(action, PassBid):
            if status == "topped":
                return (f"{name(seat)} already bid: top the bid on "
                        f"{card_name(self.bid_card[seat])} or drop out")  # type: ignore[arg-type]
            return None
        if isinstance(action, DropOut):
            if status != "topped":
                return "only a bidder whose bid was topped can drop out: bid or pass"
            return None
        if not isinstance(action, Bid):
            return f"{type(action).__name__} is not an auction action: bid, pass or drop out"
        card, amount = action.card, action.amount
        if not _is_chips(card) or card not in self.flop:
            return f"you can only bid on a flop card ({card!r} is not one)"
        if status == "topped" and card != self.bid_card[seat]:
            return (f"{name(seat)} was topped on {card_name(self.bid_card[seat])}"  # type: ignore[arg-type]
                    f" and may top only that bid, or drop out")
        if not _is_chips(amount):
            return f"a bid is a whole number of chips, not {amount!r}"
        low = self.min_bid(card)
        if amount < low:
            if low == 1:
                return "a bid is at least 1 chip"
            return f"a bid on {card_name(card)} must be more than {figure(low - 1)}"
        most = self.max_bid(seat, card, stacks)
        if amount > most:
            return f"{name(seat)} has only {plural(stacks[seat], 'chip')}: the most it can bid is {figure(most)}"
        return None

    def legal_actions(self, seat: int, stacks: Sequence[int]) -> list[AuctionAction]:
        """The smallest bid on each card the seat may bid on, and pass or drop out.

        Any amount from :meth:`min_bid` to :meth:`max_bid` is legal too.
        """
        if seat != self.to_act:
            return []
        actions: list[AuctionAction] = []
        if self.status[seat] == "topped":
            card = self.bid_card[seat]
            assert card is not None
            if self.min_bid(card) <= self.max_bid(seat, card, stacks):
                actions.append(Bid(seat=seat, card=card, amount=self.min_bid(card)))
            actions.append(DropOut(seat=seat))
            return actions
        for card in self.flop:
            if self.min_bid(card) <= self.max_bid(seat, card, stacks):
                actions.append(Bid(seat=seat, card=card, amount=self.min_bid(card)))
        actions.append(PassBid(seat=seat))
        return actions

    # -- doing ------------------------------------------------------------------------
    def apply(self, action: Action, stacks: list[int], *, name: Callable[[int], str],
              card_name: Callable[[int], str] = str) -> list[Event]:
        """Perform a legal ``action`` (moving chips between ``stacks`` and the bids);
        return the log events: the action's, then any forced passes and drop-outs.

        The caller checks legality first with :meth:`why_illegal`.
        """
        seat = action.seat
        events = [self._do(action, stacks, name, card_name)]
        self.to_act = self._next(seat)
        events += self._forced_moves(stacks, name, card_name)
        return events

    def start(self, stacks: list[int], *, name: Callable[[int], str],
              card_name: Callable[[int], str] = str) -> list[Event]:
        """Make the forced moves due before anyone acts (players with no chips pass)."""
        return self._forced_moves(stacks, name, card_name)

    def resolve(self) -> tuple[dict[int, int], int]:
        """Hand out the cards once the auction is over.

        Returns ``(takers, pot)``: card -> the seat that gets it, and the chips of the
        winning bids (for the auction pot). Every bid is then settled (``bids`` all 0).
        """
        if self.to_act is not None:
            raise RuntimeError("the auction is not over")
        takers: dict[int, int] = {}
        pot = 0
        for card in self.flop:
            if card in self.high:
                seat, amount = self.high[card]
                takers[card] = seat
                pot += amount
                self.bids[seat] = 0
        if any(self.bids):
            raise RuntimeError(f"bids left over after the auction: {self.bids}")
        winners = set(takers.values())
        left_seats = [s for s in self.order if s not in winners]
        left_cards = [c for c in self.flop if c not in takers]
        for seat, card in zip(left_seats, left_cards):
            takers[card] = seat
        return takers, pot

    # -- for the UI -------------------------------------------------------------------
    def view(self) -> dict[str, Any]:
        """Public plain data: each card's standing high bid and bidder, each seat's
        status and bid, whose turn it is."""
        return {
            "cards": [{"card": c, "high_bid": self.high[c][1] if c in self.high else 0,
                       "high_bidder": self.high[c][0] if c in self.high else None}
                      for c in self.flop],
            "status": list(self.status),
            "bids": [{"card": self.bid_card[s], "amount": self.bids[s]}
                     if self.bid_card[s] is not None else None for s in range(self.seats)],
            "to_act": self.to_act,
        }

    # -- persistence ------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The auction as JSON-safe data."""
        return {"flop": list(self.flop), "seats": self.seats, "order": list(self.order),
                "status": list(self.status), "bids": list(self.bids),
                "bid_card": list(self.bid_card),
                "high": [[c, s, a] for c, (s, a) in self.high.items()], "to_act": self.to_act}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Auction:
        """Rebuild an auction written by :meth:`to_json`.

        >>> a = Auction(flop=[4, 7], seats=2, order=[1, 0])
        >>> _ = a.apply(Bid(seat=1, card=7, amount=2), [5, 5], name=str)
        >>> Auction.from_json(a.to_json()).to_json() == a.to_json()
        True
        """
        auction = cls(flop=data["flop"], seats=data["seats"], order=data["order"])
        auction.status = list(data["status"])
        auction.bids = list(data["bids"])
        auction.bid_card = list(data["bid_card"])
        auction.high = {c: (s, a) for c, s, a in data["high"]}
        auction.to_act = data["to_act"]
        return auction

    # -- inside -----------------------------------------------------------------------
    def _do(self, action: Action, stacks: list[int], name: Callable[[int], str],
            card_name: Callable[[int], str]) -> Event:
        seat = action.seat
        who = name(seat)
        if isinstance(action, PassBid):
            self.status[seat] = "passed"
            return Event(seat, f"{who} passes in the auction")
        if isinstance(action, DropOut):
            card = self.bid_card[seat]
            assert card is not None
            back = self.bids[seat]
            stacks[seat] += back
            self.bids[seat] = 0
            self.bid_card[seat] = None
            self.status[seat] = "dropped"
            return Event(seat, f"{who} drops out of the bidding on {card_name(card)}"
                               f" and takes back {figure(back)}")
        assert isinstance(action, Bid)
        card, amount = action.card, action.amount
        already = self.bids[seat] if self.bid_card[seat] == card else 0
        stacks[seat] -= amount - already
        previous = self.high.get(card)
        if previous is not None and previous[0] != seat:
            self.status[previous[0]] = "topped"
        self.bids[seat] = amount
        self.bid_card[seat] = card
        self.high[card] = (seat, amount)
        self.status[seat] = "bid"
        verb = "tops the bid" if previous is not None else "bids"
        text = f"{who} {verb} on {card_name(card)}: {figure(amount)}"
        if previous is not None:
            text += f" (over {name(previous[0])}'s {figure(previous[1])})"
        if stacks[seat] == 0:
            text += " (all-in)"
        return Event(seat, text)

    def _next(self, after: int) -> int | None:
        for step in range(1, self.seats + 1):
            seat = (after + step) % self.seats
            if self.status[seat] in ("waiting", "topped"):
                return seat
        return None

    def _forced_moves(self, stacks: list[int], name: Callable[[int], str],
                      card_name: Callable[[int], str]) -> list[Event]:
        events: list[Event] = []
        while self.to_act is not None:
            seat = self.to_act
            if self.status[seat] == "waiting" and stacks[seat] == 0:
                self.status[seat] = "passed"
                events.append(Event(seat, f"{name(seat)} has no chips to bid with and passes"))
            elif self.status[seat] == "topped":
                card = self.bid_card[seat]
                assert card is not None
                if self.max_bid(seat, card, stacks) >= self.min_bid(card):
                    break
                back = self.bids[seat]
                stacks[seat] += back
                self.bids[seat] = 0
                self.bid_card[seat] = None
                self.status[seat] = "dropped"
                events.append(Event(seat, f"{name(seat)} cannot top the bid on {card_name(card)}"
                                          f" and drops out, taking back {figure(back)}"))
            else:
                break
            self.to_act = self._next(seat)
        return events
