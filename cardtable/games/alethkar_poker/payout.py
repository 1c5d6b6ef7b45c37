"""Steps 6 to 8 of an Alethkar Poker round, as pure functions.

* Step 6: the player with the highest hand counts their bag aloud; that value ``V``
  is written down and the bag goes back onto their stack. When several players
  share the top value, each takes their own bag back and ``V`` is the largest of
  their bags (the rules page).
* Step 7: every other player pays from their bag into the middle, at most ``V``;
  the excess stays in the bag, unseen, for the next round.
* Step 8: the middle (with what an earlier round left there) is shared in
  proportion to the hand values, highest hand first, each share
  ``max(0, middle * value / total)`` rounded down. When the total of the hand values
  is 0 or less nothing is paid. Because negative hands lower the total, the
  positive shares can add up to more than the middle: paying highest hand first,
  a later share gets only what is left. What is left stays in the middle.

What becomes public: the top players' bags (counted aloud in step 6), every
payment into the middle, the middle and every share. What stays private: how much
is left in each other bag after step 7.

>>> result = settle({0: 113, 1: 40, 2: -3}, bags={0: 12, 1: 20, 2: 3}, carried_in=2, order=[0, 1, 2])
>>> result.payout.cap, result.payout.paid, result.payout.middle, result.payout.shares
(12, {1: 12, 2: 3}, 17, {0: 12, 1: 4, 2: 0})
>>> result.bags, result.payout.carry_out
({0: 0, 1: 8, 2: 0}, 1)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from cardtable.engine.chips import proportional_split
from cardtable.engine.words import figure

__all__ = ["Payout", "Settled", "settle", "payout_order", "payout_lines"]


@dataclass(frozen=True)
class Payout:
    """The public record of steps 6 to 8 (nothing in it is secret once the round ends).

    Attributes:
        values: each player's hand value.
        top_value: the highest value; ``top_seats`` the players who have it.
        cap: ``V``, the bag value written down in step 6.
        returned: each top player's bag, back onto their stack.
        paid: what each other player paid into the middle (at most ``cap``).
        carried_in: chips an earlier round left in the middle.
        middle: ``carried_in`` plus every payment.
        total_value: the sum of the hand values.
        order: the players from the highest hand down (ties: from the dealer's left).
        shares: what each player took from the middle.
        carry_out: what is left in the middle for the next round.
    """

    values: Mapping[int, int]
    top_value: int
    top_seats: tuple[int, ...]
    cap: int
    returned: Mapping[int, int]
    paid: Mapping[int, int]
    carried_in: int
    middle: int
    total_value: int
    order: tuple[int, ...]
    shares: Mapping[int, int]
    carry_out: int

    def to_json(self) -> dict[str, Any]:
        """Plain JSON-safe data (seats as string keys)."""
        def seats(mapping: Mapping[int, int]) -> dict[str, int]:
            return {str(s): v for s, v in mapping.items()}
        return {"values": seats(self.values), "top_value": self.top_value,
                "top_seats": list(self.top_seats), "cap": self.cap,
                "returned": seats(self.returned), "paid": seats(self.paid),
                "carried_in": self.carried_in, "middle": self.middle,
                "total_value": self.total_value, "order": list(self.order),
                "shares": seats(self.shares), "carry_out": self.carry_out}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Payout:
        """Rebuild a payout written by :meth:`to_json`."""
        def seats(mapping: Mapping[str, int]) -> dict[int, int]:
            return {int(s): v for s, v in mapping.items()}
        return cls(values=seats(data["values"]), top_value=data["top_value"],
                   top_seats=tuple(data["top_seats"]), cap=data["cap"],
                   returned=seats(data["returned"]), paid=seats(data["paid"]),
                   carried_in=data["carried_in"], middle=data["middle"],
                   total_value=data["total_value"], order=tuple(data["order"]),
                   shares=seats(data["shares"]), carry_out=data["carry_out"])


@dataclass(frozen=True)
class Settled:
    """What :func:`settle` returns: the public payout, and each player's bag afterwards
    (private: only its owner may see it) and chips back on the stack (bag returned
    plus share)."""

    payout: Payout
    bags: Mapping[int, int]
    to_stack: Mapping[int, int]


def payout_order(values: Mapping[int, int], seats_from_left: Sequence[int]) -> list[int]:
    """The players from the highest hand down; equal hands from the dealer's left.

    >>> payout_order({0: 5, 1: 9, 2: 9}, [2, 0, 1])
    [2, 1, 0]
    """
    position = {seat: i for i, seat in enumerate(seats_from_left)}
    return sorted(values, key=lambda s: (-values[s], position[s]))


def settle(values: Mapping[int, int], *, bags: Mapping[int, int], carried_in: int,
           order: Sequence[int]) -> Settled:
    """Steps 6 to 8 for the players of one round.

    ``values``: each player's hand value; ``bags``: each player's bag before step 6;
    ``carried_in``: chips already in the middle; ``order``: the players from the
    dealer's left (it breaks ties in the payout order). No chip is made or lost:
    the bags before plus ``carried_in`` equal the bags after plus ``to_stack`` plus
    ``carry_out``.
    """
    if not values:
        raise ValueError("a round needs at least one player")
    if set(values) != set(bags):
        raise ValueError("every player of the round needs a hand value and a bag")
    if any(b < 0 for b in bags.values()) or carried_in < 0:
        raise ValueError("bags and the middle cannot hold negative chips")
    top_value = max(values.values())
    top_seats = tuple(s for s in order if s in values and values[s] == top_value)
    cap = max(bags[s] for s in top_seats)
    returned = {s: bags[s] for s in top_seats}
    paid = {s: min(bags[s], cap) for s in order if s in values and s not in returned}
    after = {s: (0 if s in returned else bags[s] - paid[s]) for s in values}
    middle = carried_in + sum(paid.values())
    total = sum(values.values())
    ranked = payout_order(values, order)
    shares = proportional_split(middle, values, ranked) if total > 0 else {s: 0 for s in ranked}
    carry_out = middle - sum(shares.values())
    to_stack = {s: returned.get(s, 0) + shares[s] for s in values}
    payout = Payout(values=dict(values), top_value=top_value, top_seats=top_seats, cap=cap,
                    returned=returned, paid=paid, carried_in=carried_in, middle=middle,
                    total_value=total, order=tuple(ranked), shares=shares, carry_out=carry_out)
    return Settled(payout, after, to_stack)


def _fraction_text(middle: int, value: int, total: int) -> str:
    exact = Fraction(middle * value, total)
    if exact.denominator == 1:
        return figure(exact.numerator)
    return f"{float(exact):,.2f}"


def payout_lines(payout: Payout | Mapping[str, Any], name: Callable[[int], str]) -> list[str]:
    """The arithmetic of steps 6 to 8 in words, one line a step or a share, for the
    table and the log. ``payout`` may be a :class:`Payout` or its JSON."""
    if not isinstance(payout, Payout):
        payout = Payout.from_json(payout)
    tops = " and ".join(name(s) for s in payout.top_seats)
    bags = ", ".join(f"{name(s)} {figure(payout.returned[s])}" for s in payout.top_seats)
    lines = [f"Step 6: highest hand {payout.top_value} ({tops}); bag counted: {bags}; "
             f"V (the most anyone pays) = {figure(payout.cap)}, back to the stack"]
    if payout.paid:
        paid = ", ".join(f"{name(s)} {figure(c)}" for s, c in payout.paid.items())
        lines.append(f"Step 7: the others pay their bags into the middle, at most {figure(payout.cap)} each: {paid}")
    else:
        lines.append("Step 7: nobody else pays")
    paid_total = sum(payout.paid.values())
    carried = f"{figure(payout.carried_in)} carried + " if payout.carried_in else ""
    values = " + ".join(f"({v})" if v < 0 else str(v) for v in (payout.values[s] for s in payout.order))
    lines.append(f"Step 8: middle = {carried}{figure(paid_total)} paid = {figure(payout.middle)}; "
                 f"hands = {values} = {payout.total_value}")
    if payout.total_value <= 0:
        lines.append("The hands add up to 0 or less: nothing is paid out")
    else:
        left = payout.middle
        for seat in payout.order:
            value = payout.values[seat]
            share = payout.shares[seat]
            if value <= 0:
                lines.append(f"{name(seat)}: {figure(payout.middle)} × {value} / {payout.total_value} ≤ 0 → 0")
            else:
                text = (f"{name(seat)}: {figure(payout.middle)} × {value} / {payout.total_value} = "
                        f"{_fraction_text(payout.middle, value, payout.total_value)} → "
                        f"{figure(payout.middle * value // payout.total_value)}")
                if share < payout.middle * value // payout.total_value:
                    text += f", only {figure(share)} left"
                lines.append(text)
            left -= share
    lines.append(f"Left in the middle for the next round: {figure(payout.carry_out)}")
    return lines
