"""Split pots of high-low games (Omaha Hi/Lo, Stud Hi/Lo): half of every pot to the best
high hand, half to the best qualifying low.

The rules, as card rooms play them:

* Each pot (main and side pots alike) is split on its own, among the seats eligible for it.
* With no qualifying low among those seats the high hand takes the whole pot.
* An odd chip of an uneven pot goes to the high half.
* Each half is shared among its tied hands like any pot, odd chips to the tied seats
  nearest the dealer's left. A seat may win both halves ("scoop"); two seats tied for
  high when one of them also has the only low are "quartered": that seat gets a quarter
  and a half, the other a quarter.

A worked example, the quarter: seats 0 and 1 tie for high, seat 1 alone has a low.

>>> award = split_hilo(Pot(100, (0, 1, 2)), {0: 9, 1: 9, 2: 3}, {1: 5}, dealer_seat=2, seats=3)
>>> dict(award.high.shares), dict(award.low.shares), award.won
({0: 25, 1: 25}, {1: 50}, {0: 25, 1: 75})

No qualifying low: the high hand scoops.

>>> split_hilo(Pot(101, (0, 1)), {0: 2, 1: 7}, {}, dealer_seat=0, seats=2).won
{1: 101}

An odd chip goes to the high half.

>>> split_hilo(Pot(101, (0, 1)), {0: 2, 1: 7}, {0: 4}, dealer_seat=0, seats=2).won
{1: 51, 0: 50}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cardtable.engine.chips import HandChips, Pot, PotAward, Strength, split_pot

__all__ = ["SplitAward", "split_hilo", "settle_hilo"]


@dataclass(frozen=True)
class SplitAward:
    """How one pot of a high-low game was shared: its high half and, when a seat eligible
    for it had a qualifying low, its low half."""

    pot: Pot
    high: PotAward
    low: PotAward | None

    @property
    def won(self) -> dict[int, int]:
        """The chips each seat took from this pot, both halves added."""
        won = dict(self.high.shares)
        for seat, chips in (self.low.shares.items() if self.low is not None else ()):
            won[seat] = won.get(seat, 0) + chips
        return won


def split_hilo(pot: Pot, high: Strength, low: Mapping[int, Any], *, dealer_seat: int, seats: int) -> SplitAward:
    """Share ``pot``: ``high`` ranks every eligible seat's high hand, ``low`` only the
    seats with a qualifying low (greater key, better low)."""
    lows = {seat: low[seat] for seat in pot.eligible if seat in low}
    if not lows:
        return SplitAward(pot, split_pot(pot, high, dealer_seat=dealer_seat, seats=seats), None)
    low_half = pot.amount // 2
    high_award = split_pot(Pot(pot.amount - low_half, pot.eligible), high, dealer_seat=dealer_seat, seats=seats)
    low_award = split_pot(Pot(low_half, tuple(sorted(lows))), lows, dealer_seat=dealer_seat, seats=seats)
    return SplitAward(pot, high_award, low_award)


def settle_hilo(chips: HandChips, high: Strength | None, low: Mapping[int, Any], *,
                dealer_seat: int) -> tuple[tuple[int | None, int], tuple[SplitAward, ...]]:
    """End a high-low hand on ``chips``: return the uncalled bet, split every pot and pay
    the winners (``high`` None: one seat is left, and takes everything). Returns the
    uncalled bet and the awards, pot by pot; the middle is left empty.

    >>> chips = HandChips([100, 100, 100])
    >>> for seat in range(3): chips.put_in(seat, 40)
    >>> uncalled, awards = settle_hilo(chips, {0: 1, 1: 5, 2: 3}, {0: 9, 2: 4}, dealer_seat=0)
    >>> chips.stacks, awards[0].won  # seat 1 the best high, seat 0 the best low
    ([120, 120, 60], {1: 60, 0: 60})
    """
    if high is None:
        settlement = chips.settle(None, dealer_seat=dealer_seat)
        return settlement.uncalled, tuple(SplitAward(a.pot, a, None) for a in settlement.awards)
    uncalled = chips.return_uncalled()
    awards = tuple(split_hilo(pot, high, low, dealer_seat=dealer_seat, seats=chips.seats) for pot in chips.pots())
    for split in awards:
        for seat, won in split.won.items():
            chips.stacks[seat] += won
    chips.contributed = [0] * chips.seats
    chips.round_bets = [0] * chips.seats
    chips.dead = 0
    return uncalled, awards
