"""An Alethkar Poker round's result in the source's words, from the seat view alone: whose
hand was highest and what each hand was worth, the bag that set what the others pay
(steps 6 and 7), and who took what from the middle by hand value (step 8).

>>> from cardtable.engine.view import Showdown, ShownHand
>>> from cardtable.games.alethkar_poker.view import PayoutView
>>> hands = (ShownHand(seat=0, key=(113,), label="Four Kings, Ace (113)"),
...          ShownHand(seat=1, key=(40,), label="Pair 9s, Queen, 8, 4 (40)"),
...          ShownHand(seat=2, key=(-3,), label="Jack, 7, 5, 3, 2 (-3)"))
>>> payout = PayoutView(values=((0, 113), (1, 40), (2, -3)), top_value=113, top_seats=(0,), cap=12,
...                     returned=((0, 12),), paid=((1, 12), (2, 3)), carried_in=2, middle=17, total_value=150,
...                     order=(0, 1, 2), shares=((0, 12), (1, 4), (2, 0)), carry_out=1)
>>> print(result_text(["Ann", "Bo", "Cy"], Showdown(round=4, showdown=True, hands=hands), payout))
Ann had the highest hand, Four Kings, Ace, worth 113 (Bo 40, Cy -3). Ann's bag held 12, so each other \
player paid at most 12 into the middle: Bo 12, Cy 3. The middle, 17 chips, is shared by hand value \
(17 × value ÷ 150, rounded down, the highest hand first): Ann takes 12, Bo 4; 1 chip stays for the next round.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine.view import Showdown
from cardtable.engine.words import plural
from cardtable.games.alethkar_poker.view import PayoutView
from cardtable.ui.result_words import named, possessive

__all__ = ["result_text"]


def _highest(names: Sequence[str], results: Showdown, payout: PayoutView) -> str:
    """Step 5's outcome: the highest hand, and every other hand's value."""
    tops, values = list(payout.top_seats), dict(payout.values)
    others = ", ".join(f"{names[s]} {values[s]}" for s in payout.order if s not in tops)
    if len(tops) == 1:
        shown = results.hand(tops[0])
        hand = f"{shown.label.rsplit(' (', 1)[0]}, " if shown is not None else ""
        text = f"{names[tops[0]]} had the highest hand, {hand}worth {payout.top_value}"
    else:
        text = f"{named(names, tops)} shared the highest hand, worth {payout.top_value}"
    return text + (f" ({others})" if others else "")


def _bags(names: Sequence[str], payout: PayoutView) -> str:
    """Steps 6 and 7: the bag that set the cap, and what the others paid."""
    tops = list(payout.top_seats)
    bag = (f"{possessive(names[tops[0]])} bag held {payout.cap}" if len(tops) == 1
           else f"the largest of their bags held {payout.cap}")
    paid = ", ".join(f"{names[s]} {c}" for s, c in payout.paid if c)
    return f"{bag[0].upper()}{bag[1:]}, so each other player paid at most {payout.cap} into the middle: " + \
        (paid or "nobody had anything in their bag")


def _shares(names: Sequence[str], payout: PayoutView) -> str:
    """Step 8: the middle shared by hand value, and what stays."""
    middle, total = payout.middle, payout.total_value
    stays = f"{plural(payout.carry_out, 'chip')} {'stays' if payout.carry_out == 1 else 'stay'} for the next round"
    if total <= 0:
        return f"The hands add up to {total}, 0 or less: nothing is paid out, and {stays}"
    shares = dict(payout.shares)
    taken = [s for s in payout.order if shares.get(s, 0) > 0]
    told = ", ".join(f"{names[s]}" + (" takes" if n == 0 else "") + f" {shares[s]}" for n, s in enumerate(taken))
    return f"The middle, {plural(middle, 'chip')}, is shared by hand value ({middle} × value ÷ {total}, " \
           f"rounded down, the highest hand first): {told or 'no share comes to a whole chip'}" + \
           (f"; {stays}" if payout.carry_out else "")


def result_text(names: Sequence[str], results: Showdown, payout: PayoutView) -> str:
    """Steps 5 to 8 of the round in three sentences: the highest hand, the bags, the shares."""
    return ". ".join((_highest(names, results, payout), _bags(names, payout), _shares(names, payout))) + "."
