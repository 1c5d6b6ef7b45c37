"""Chips over one hand: stacks, what each seat put in the middle, pots and payouts.

Seats are ``0 .. n-1`` in clockwise order of play. All amounts are whole chips.

The pieces, from the bottom up:

* :func:`uncalled_bet` - the part of the top contribution nobody matched; it goes
  back to its bettor before any pot is formed.
* :func:`side_pots` - the main pot and the side pots, built from the all-in levels
  of the seats still in the hand. A folded seat's chips stay in the pots they
  reached, but a folded seat is eligible for none of them.
* :func:`split_pot` and :func:`award` - each pot to the best eligible hand(s),
  split evenly; odd chips go one each to the tied seats nearest the dealer's left
  (dealer + 1, dealer + 2, ... wrapping round the table).
* :class:`HandChips` - the ledger a game keeps for one hand (stacks, contributions,
  this betting round's bets, who is still in), with :meth:`HandChips.settle` doing
  all of the above at the showdown.

A worked example: seats 0, 1 and 2 go all-in for 50, 100 and 200; seat 3 calls
200; seat 4 put in 30 and folded.

>>> side_pots([50, 100, 200, 200, 30], folded=[4])
[Pot(amount=230, eligible=(0, 1, 2, 3)), Pot(amount=150, eligible=(1, 2, 3)), Pot(amount=200, eligible=(2, 3))]
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

Strength = Mapping[int, Any] | Callable[[int], Any]
"""How good each seat's hand is: a mapping or a function from seat to a sort key
(higher wins, equal keys tie). Only eligible seats are ever asked."""


@dataclass(frozen=True)
class Pot:
    """One pot: its chips and the seats that may win it, in seat order."""

    amount: int
    eligible: tuple[int, ...]


@dataclass(frozen=True)
class PotAward:
    """How one pot was shared: the winners and each one's chips (odd chips included)."""

    pot: Pot
    winners: tuple[int, ...]
    shares: Mapping[int, int]


def uncalled_bet(contributions: Sequence[int]) -> tuple[int | None, int]:
    """The seat whose top contribution nobody matched, and the unmatched chips.

    It is the part of the highest contribution above the second highest among
    all seats (folded ones included). ``(None, 0)`` when the top is shared.

    >>> uncalled_bet([100, 40, 0])
    (0, 60)
    >>> uncalled_bet([100, 100, 20])
    (None, 0)
    """
    if len(contributions) < 2:
        return (None, 0) if not contributions or contributions[0] == 0 else (0, contributions[0])
    order = sorted(range(len(contributions)), key=lambda s: contributions[s], reverse=True)
    top, second = contributions[order[0]], contributions[order[1]]
    if top == second:
        return None, 0
    return order[0], top - second


def side_pots(contributions: Sequence[int], folded: Collection[int] = (),
              *, dead: int = 0) -> list[Pot]:
    """The main pot and side pots, main pot first.

    ``contributions[s]`` is what seat ``s`` put in the middle this hand;
    ``folded`` are the seats no longer in it (seats never dealt in count as folded);
    ``dead`` are chips in the middle that belong to no seat (a pot carried over),
    which go to the main pot. Each all-in level of a seat still in the hand closes a
    pot: it holds every seat's chips up to that level (folded seats' too) and is
    open to the seats still in that reached it. Empty pots are left out. Call
    :func:`uncalled_bet` first: an unmatched top bet here forms a pot only its
    bettor can win.

    >>> side_pots([20, 20, 20])
    [Pot(amount=60, eligible=(0, 1, 2))]
    >>> side_pots([10, 40, 40, 25], folded=[3])
    [Pot(amount=40, eligible=(0, 1, 2)), Pot(amount=75, eligible=(1, 2))]
    """
    if any(c < 0 for c in contributions) or dead < 0:
        raise ValueError("contributions cannot be negative")
    folded_set = set(folded)
    live = [s for s in range(len(contributions)) if s not in folded_set]
    if not live:
        raise ValueError("side_pots needs at least one seat still in the hand")
    pots: list[Pot] = []
    previous = 0
    for level in sorted({contributions[s] for s in live}):
        amount = sum(min(c, level) - min(c, previous) for c in contributions)
        if not pots:
            amount += dead
        if amount:
            pots.append(Pot(amount, tuple(s for s in live if contributions[s] >= level)))
        previous = level
    above = sum(c - min(c, previous) for c in contributions)  # folded chips over every live level
    if above:
        last = pots[-1] if pots else Pot(0, tuple(live))
        pots[-1:] = [Pot(last.amount + above, last.eligible)]
    return pots


def seats_from_left_of(dealer_seat: int, seats: int) -> list[int]:
    """Every seat in order starting at the dealer's left, the dealer last.

    >>> seats_from_left_of(2, 4)
    [3, 0, 1, 2]
    """
    if not 0 <= dealer_seat < seats:
        raise ValueError(f"dealer seat {dealer_seat} is not one of seats 0..{seats - 1}")
    return [(dealer_seat + k) % seats for k in range(1, seats + 1)]


def split_pot(pot: Pot, strength: Strength, *, dealer_seat: int, seats: int) -> PotAward:
    """Share one pot among its best eligible hands.

    Each winner gets ``amount // winners``; the odd chips go one each to the
    winners nearest the dealer's left.

    >>> split_pot(Pot(101, (0, 2, 3)), {0: 5, 2: 9, 3: 9}, dealer_seat=2, seats=4).shares
    {3: 51, 2: 50}
    """
    if not pot.eligible:
        raise ValueError(f"nobody is eligible for a pot of {pot.amount}")
    key = strength.__getitem__ if isinstance(strength, Mapping) else strength
    keys = {seat: key(seat) for seat in pot.eligible}
    best = max(keys.values())
    winners = [s for s in seats_from_left_of(dealer_seat, seats) if s in keys and keys[s] == best]
    share, odd = divmod(pot.amount, len(winners))
    shares = {seat: share + (1 if i < odd else 0) for i, seat in enumerate(winners)}
    return PotAward(pot, tuple(winners), shares)


def award(pots: Iterable[Pot], strength: Strength, *, dealer_seat: int,
          seats: int) -> dict[int, int]:
    """The chips each winning seat takes from all ``pots`` (see :func:`split_pot`).

    >>> pots = side_pots([50, 100, 100])
    >>> award(pots, {0: 3, 1: 2, 2: 1}, dealer_seat=0, seats=3)
    {0: 150, 1: 100}
    """
    won: dict[int, int] = {}
    for pot in pots:
        for seat, chips in split_pot(pot, strength, dealer_seat=dealer_seat, seats=seats).shares.items():
            won[seat] = won.get(seat, 0) + chips
    return won


def proportional_split(amount: int, weights: Mapping[int, int], order: Sequence[int]) -> dict[int, int]:
    """Share ``amount`` in proportion to ``weights`` (Alethkar Poker's step 8).

    Each seat's share is ``max(0, amount * weight // total)`` with ``total`` the sum
    of all weights (negative ones included), paid in ``order`` and never more than
    what is left, so the shares add up to at most ``amount``; the rest is returned
    to nobody (the caller keeps it). A total of 0 or less pays nothing.

    >>> proportional_split(17, {0: 113, 1: 40, 2: -3}, [0, 1, 2])
    {0: 12, 1: 4, 2: 0}
    >>> proportional_split(10, {0: 100, 1: 50, 2: -40}, [0, 1, 2])
    {0: 9, 1: 1, 2: 0}
    """
    total = sum(weights.values())
    shares = {seat: 0 for seat in order}
    if total <= 0 or amount <= 0:
        return shares
    left = amount
    for seat in order:
        share = min(left, max(0, amount * weights[seat] // total))
        shares[seat] = share
        left -= share
    return shares


@dataclass(frozen=True)
class Settlement:
    """What :meth:`HandChips.settle` did: the bet it returned, the pots and who won them."""

    uncalled: tuple[int | None, int]
    pots: tuple[Pot, ...]
    awards: tuple[PotAward, ...]
    won: Mapping[int, int]


class HandChips:
    """The chips of one hand: the ledger a game and its betting rounds share.

    * ``stacks[s]``: chips seat ``s`` still has behind.
    * ``contributed[s]``: chips ``s`` put in the middle this hand (antes, blinds,
      bets, any other payment into the pot).
    * ``round_bets[s]``: the part of that put in during the current betting round
      (live blinds included); :meth:`end_round` clears it.
    * ``in_hand[s]``: ``s`` was dealt in and has not folded.
    * ``dead``: chips in the middle that belong to no seat (a carried-over pot).

    A seat in the hand with no chips behind is all-in.

    >>> chips = HandChips([100, 100, 5])
    >>> [chips.post(s, 10, live=False) for s in range(3)]  # antes; seat 2 is short
    [10, 10, 5]
    >>> chips.stacks, chips.pot_total, chips.is_all_in(2)
    ([90, 90, 0], 25, True)
    """

    def __init__(self, stacks: Sequence[int], *, in_hand: Iterable[bool] | None = None,
                 dead: int = 0) -> None:
        if any(isinstance(s, bool) or not isinstance(s, int) or s < 0 for s in stacks):
            raise ValueError(f"stacks must be whole numbers of chips >= 0, not {list(stacks)}")
        self.stacks = list(stacks)
        self.contributed = [0] * len(self.stacks)
        self.round_bets = [0] * len(self.stacks)
        self.in_hand = [True] * len(self.stacks) if in_hand is None else list(in_hand)
        if len(self.in_hand) != len(self.stacks):
            raise ValueError("in_hand needs one entry per seat")
        self.dead = dead

    # -- questions ------------------------------------------------------------------
    @property
    def seats(self) -> int:
        """The number of seats at the table."""
        return len(self.stacks)

    @property
    def pot_total(self) -> int:
        """Every chip in the middle: all contributions (this round's bets too) and dead chips."""
        return sum(self.contributed) + self.dead

    @property
    def players_in(self) -> list[int]:
        """The seats still in the hand, in seat order."""
        return [s for s in range(self.seats) if self.in_hand[s]]

    def is_all_in(self, seat: int) -> bool:
        """True when ``seat`` is in the hand with no chips behind."""
        return self.in_hand[seat] and self.stacks[seat] == 0

    @property
    def can_still_bet(self) -> bool:
        """True while two or more seats in the hand have chips, so betting can go on.

        When it is False the game deals the rest of the hand with no more betting.
        """
        return sum(1 for s in self.players_in if self.stacks[s] > 0) >= 2

    # -- moving chips ---------------------------------------------------------------
    def post(self, seat: int, amount: int, *, live: bool = True) -> int:
        """Put a forced bet in: an ante (``live=False``) or a blind (``live=True``).

        A seat short of ``amount`` posts what it has and is all-in. A live blind
        counts as a bet of this round: the seat has that much less to call. Returns
        the chips actually posted.
        """
        self._check_seat(seat)
        if amount < 0:
            raise ValueError(f"cannot post a negative amount ({amount})")
        posted = min(amount, self.stacks[seat])
        self._move(seat, posted, live=live)
        return posted

    def post_dead(self, seat: int, amount: int) -> int:
        """Put a dead blind in: chips from ``seat``'s stack that become :attr:`dead`
        money in the main pot. They count towards none of the seat's bets and are
        never returned as an uncalled bet. A seat short of ``amount`` posts what it
        has. Returns the chips posted.

        >>> chips = HandChips([100, 3])
        >>> chips.post_dead(0, 10), chips.post_dead(1, 10), chips.dead, chips.contributed
        (10, 3, 13, [0, 0])
        """
        self._check_seat(seat)
        if amount < 0:
            raise ValueError(f"cannot post a negative amount ({amount})")
        posted = min(amount, self.stacks[seat])
        self.stacks[seat] -= posted
        self.dead += posted
        return posted

    def put_in(self, seat: int, amount: int) -> None:
        """Move ``amount`` chips from ``seat``'s stack into this round's bets.

        Raises ``ValueError`` when the seat does not have them.
        """
        self._check_seat(seat)
        if not 0 <= amount <= self.stacks[seat]:
            raise ValueError(f"seat {seat} has {self.stacks[seat]} chips, cannot put in {amount}")
        self._move(seat, amount, live=True)

    def fold(self, seat: int) -> None:
        """Take ``seat`` out of the hand; its chips stay in the middle."""
        self._check_seat(seat)
        self.in_hand[seat] = False

    def return_uncalled(self) -> tuple[int | None, int]:
        """Give the unmatched part of the top contribution back to its bettor.

        Returns ``(seat, chips)`` as :func:`uncalled_bet` does.
        """
        seat, amount = uncalled_bet(self.contributed)
        if seat is not None and amount:
            self.contributed[seat] -= amount
            self.round_bets[seat] = max(0, self.round_bets[seat] - amount)
            self.stacks[seat] += amount
        return seat, amount

    def end_round(self) -> tuple[int | None, int]:
        """Close a betting round: return any uncalled bet, then clear ``round_bets``.

        Returns what :meth:`return_uncalled` returned.

        >>> chips = HandChips([50, 50])
        >>> chips.put_in(0, 30); chips.fold(1)
        >>> chips.end_round(), chips.stacks, chips.round_bets
        ((0, 30), [50, 50], [0, 0])
        """
        returned = self.return_uncalled()
        self.round_bets = [0] * self.seats
        return returned

    def pots(self) -> list[Pot]:
        """The pots as they stand (any uncalled bet already taken out)."""
        contributions = list(self.contributed)
        seat, amount = uncalled_bet(contributions)
        if seat is not None:
            contributions[seat] -= amount
        folded = [s for s in range(self.seats) if not self.in_hand[s]]
        return side_pots(contributions, folded, dead=self.dead)

    def settle(self, strength: Strength | None, *, dealer_seat: int) -> Settlement:
        """End the hand: return the uncalled bet, form the pots, pay the winners.

        ``strength`` ranks the hands of the seats still in (see :data:`Strength`);
        it may be ``None`` when only one seat is left. Winnings go onto the stacks;
        the middle is left empty.

        >>> chips = HandChips([100, 100, 100])
        >>> for seat, amount in [(0, 40), (1, 100), (2, 100)]: chips.put_in(seat, amount)
        >>> chips.fold(2)
        >>> result = chips.settle({0: 7, 1: 3}, dealer_seat=2)
        >>> result.uncalled, dict(result.won), chips.stacks
        ((None, 0), {0: 120, 1: 120}, [180, 120, 0])
        """
        uncalled = self.return_uncalled()
        pots = self.pots()
        if strength is None:
            if len(self.players_in) != 1:
                raise ValueError("settle needs the hands' strengths when two or more seats are in")
            only = self.players_in[0]
            strength = {only: 0}
        awards = tuple(split_pot(p, strength, dealer_seat=dealer_seat, seats=self.seats) for p in pots)
        won: dict[int, int] = {}
        for pot_award in awards:
            for seat, chips in pot_award.shares.items():
                won[seat] = won.get(seat, 0) + chips
                self.stacks[seat] += chips
        self.contributed = [0] * self.seats
        self.round_bets = [0] * self.seats
        self.dead = 0
        return Settlement(uncalled, tuple(pots), awards, won)

    # -- persistence ----------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The ledger as JSON-safe data."""
        return {"stacks": list(self.stacks), "contributed": list(self.contributed),
                "round_bets": list(self.round_bets), "in_hand": list(self.in_hand),
                "dead": self.dead}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> HandChips:
        """Rebuild a ledger written by :meth:`to_json`.

        >>> chips = HandChips([10, 20]); chips.put_in(1, 5)
        >>> HandChips.from_json(chips.to_json()) == chips
        True
        """
        chips = cls(data["stacks"], in_hand=data["in_hand"], dead=data["dead"])
        chips.contributed = list(data["contributed"])
        chips.round_bets = list(data["round_bets"])
        return chips

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandChips):
            return NotImplemented
        return self.to_json() == other.to_json()

    def __repr__(self) -> str:
        return (f"HandChips(stacks={self.stacks}, contributed={self.contributed}, "
                f"round_bets={self.round_bets}, in_hand={self.in_hand}, dead={self.dead})")

    # -- inside ---------------------------------------------------------------------
    def _check_seat(self, seat: int) -> None:
        if not 0 <= seat < self.seats:
            raise ValueError(f"there is no seat {seat} (seats 0..{self.seats - 1})")
        if not self.in_hand[seat]:
            raise ValueError(f"seat {seat} is not in the hand")

    def _move(self, seat: int, amount: int, *, live: bool) -> None:
        self.stacks[seat] -= amount
        self.contributed[seat] += amount
        if live:
            self.round_bets[seat] += amount
