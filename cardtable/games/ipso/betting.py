"""Ipso's betting round: one action per player, no check, no equalising.

A round runs once round the players still in, from the dealer's left. Nobody acts
twice and nobody is asked to match what others put in (the source: "no concept of
calling or equalising the bets as in poker"). The actions:

* :class:`Stake` ``(amount=...)`` - the first player who stays in this round puts
  in at least the *floor*: the minimum bet, or, after the first betting round, the
  amount the last bettor of the previous round put in (whichever is more).
* :class:`Cover` - put in exactly what the previous bettor of this round put in.
* :class:`CoverRaise` ``(amount=...)`` - put in more than the previous bettor (but no
  more than the maximum bet, when there is one).
* :class:`~cardtable.engine.betting.Fold` - quit the match; chips already in stay.

Amounts are the chips added by this action. A player who has fewer chips than the
action needs cannot take it (Ipso has no all-in): when nothing is affordable only
folding is left. The chips live in a shared :class:`~cardtable.engine.chips.HandChips`
ledger; the winner takes the whole middle (:func:`take_whole_pot`), since in Ipso
contributions are never equalised.

The source's example, five players, ante 10: A folds, B bets 20, C covers, D covers
and raises to 30, E covers for 30; the next round B must bet at least 30.

>>> chips = HandChips([100] * 5)
>>> _ = [chips.post(s, 10, live=False) for s in range(5)]
>>> rules = IpsoBettingRules(min_bet=10, max_bet=50)
>>> betting = IpsoBettingRound(rules=rules, chips=chips, order=[0, 1, 2, 3, 4], floor=10)
>>> for action in [Fold(seat=0), Stake(seat=1, amount=20), Cover(seat=2),
...                CoverRaise(seat=3, amount=30), Cover(seat=4)]:
...     print(betting.apply(action).public)
Seat 1 folds
Seat 2 stakes 20
Seat 3 covers for 20
Seat 4 covers and raises, putting in 30
Seat 5 covers for 30
>>> betting.is_over, betting.last_amount, chips.pot_total
(True, 30, 150)
>>> IpsoBettingRound(rules=rules, chips=chips, order=[1, 2, 3, 4],
...                  floor=betting.last_amount).options(1).min_amount
30
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from cardtable.engine.betting import Fold, LedgerRound
from cardtable.engine.chips import HandChips
from cardtable.engine.game import Action, Event, IllegalAction
from cardtable.engine.words import figure, plural

__all__ = ["IpsoBettingRules", "IpsoBetAction", "Stake", "Cover", "CoverRaise", "Fold",
           "IpsoBetOptions", "IpsoBettingRound", "take_whole_pot"]


class IpsoBetAction(Action, kind="ipso.bet_action"):
    """Base of Ipso's paying actions (``kind`` strings start ``ipso.``)."""


class Stake(IpsoBetAction, kind="ipso.stake"):
    """The first bet of a round: ``amount`` chips, at least the floor."""

    amount: int


class Cover(IpsoBetAction, kind="ipso.cover"):
    """Put in what the previous bettor of this round put in."""


class CoverRaise(IpsoBetAction, kind="ipso.cover_raise"):
    """Put in ``amount`` chips, more than the previous bettor (at most the maximum)."""

    amount: int


@dataclass(frozen=True, kw_only=True)
class IpsoBettingRules:
    """The agreed minimum and maximum bet (``max_bet`` None: no maximum).

    >>> IpsoBettingRules(min_bet=5, max_bet=2)
    Traceback (most recent call last):
    ...
    ValueError: max_bet (2) cannot be below min_bet (5)
    """

    min_bet: int = 1
    max_bet: int | None = None

    def __post_init__(self) -> None:
        if isinstance(self.min_bet, bool) or not isinstance(self.min_bet, int) or self.min_bet < 1:
            raise ValueError(f"min_bet must be a whole number of chips >= 1, not {self.min_bet!r}")
        if self.max_bet is not None:
            if isinstance(self.max_bet, bool) or not isinstance(self.max_bet, int):
                raise ValueError(f"max_bet must be a whole number of chips or null, not {self.max_bet!r}")
            if self.max_bet < self.min_bet:
                raise ValueError(f"max_bet ({self.max_bet}) cannot be below min_bet ({self.min_bet})")


@dataclass(frozen=True)
class IpsoBetOptions:
    """What one seat may do now (everything False/0 when it is not its turn).

    ``can_stake``: it opens the round, with ``min_amount`` to ``max_amount``.
    ``can_cover``: ``cover_amount`` is the previous bettor's amount.
    ``can_raise``: cover and raise with ``min_amount`` to ``max_amount``.
    """

    seat: int
    can_fold: bool
    can_stake: bool
    can_cover: bool
    cover_amount: int
    can_raise: bool
    min_amount: int
    max_amount: int

    def to_json(self) -> dict[str, Any]:
        """Plain data."""
        return asdict(self)


class IpsoBettingRound(LedgerRound):
    """One Ipso betting round over a shared ledger.

    ``order``: the seats still in, in turn order (from the dealer's left).
    ``floor``: the least the first stake may be (see the module docstring).
    """

    def __init__(self, *, rules: IpsoBettingRules, chips: HandChips, order: Sequence[int],
                 floor: int) -> None:
        self.rules = rules
        self.chips = chips
        self.order = [s for s in order if chips.in_hand[s]]
        self.floor = max(floor, rules.min_bet)
        self.position = 0
        """How many seats of ``order`` have acted."""
        self.last_amount: int | None = None
        """What the last bettor of this round put in (None: nobody has bet yet)."""
        self.last_bettor: int | None = None

    # -- questions --------------------------------------------------------------------
    @property
    def to_act(self) -> int | None:
        """The seat to act, or None when the round (or the hand) is over."""
        if self.hand_over or self.position >= len(self.order):
            return None
        return self.order[self.position]

    @property
    def is_over(self) -> bool:
        """True when nobody is asked to act any more in this round."""
        return self.to_act is None

    def _bounds(self, seat: int) -> tuple[int, int]:
        """The smallest and largest stake or raise (amount added), ignoring the stack."""
        low = self.floor if self.last_amount is None else self.last_amount + 1
        high = self.rules.max_bet if self.rules.max_bet is not None else self.chips.stacks[seat]
        return low, min(high, self.chips.stacks[seat])

    def options(self, seat: int) -> IpsoBetOptions:
        """What ``seat`` may do now."""
        if seat != self.to_act:
            return IpsoBetOptions(seat, False, False, False, 0, False, 0, 0)
        low, high = self._bounds(seat)
        opening = self.last_amount is None
        cover = self.last_amount or 0
        return IpsoBetOptions(
            seat=seat, can_fold=True, can_stake=opening and low <= high,
            can_cover=not opening and cover <= self.chips.stacks[seat], cover_amount=cover,
            can_raise=not opening and low <= high, min_amount=low, max_amount=max(high, low))

    def legal_actions(self, seat: int) -> list[Action]:
        """Fold, and the stake, cover and the smallest and largest raise that are legal."""
        o = self.options(seat)
        if seat != self.to_act:
            return []
        actions: list[Action] = [Fold(seat=seat)]
        if o.can_cover:
            actions.append(Cover(seat=seat))
        for amount in sorted({o.min_amount, o.max_amount}):
            if o.can_stake:
                actions.append(Stake(seat=seat, amount=amount))
            elif o.can_raise:
                actions.append(CoverRaise(seat=seat, amount=amount))
        return actions

    def why_illegal(self, action: Action) -> str | None:
        """``None`` when ``action`` is legal now, otherwise the reason in words."""
        if not isinstance(action, (Fold, Stake, Cover, CoverRaise)):
            return f"{type(action).__name__} is not an Ipso betting action"
        if self.hand_over:
            return "the match is over: everyone else has folded"
        to_act = self.to_act
        if to_act is None:
            return "the betting round is over"
        seat = action.seat
        if seat != to_act:
            return f"it is {_name(to_act)}'s turn, not {_name(seat)}'s"
        if isinstance(action, Fold):
            return None
        stack = self.chips.stacks[seat]
        if isinstance(action, Cover):
            if self.last_amount is None:
                return "nobody has bet yet this round: stake (or fold)"
            if self.last_amount > stack:
                return f"covering costs {figure(self.last_amount)} and {_name(seat)} has only {figure(stack)}: fold"
            return None
        amount = action.amount
        if isinstance(amount, bool) or not isinstance(amount, int):
            return f"an amount is a whole number of chips, not {amount!r}"
        if isinstance(action, Stake) and self.last_amount is not None:
            return f"{_name(self.last_bettor or 0)} has staked already: cover, cover and raise, or fold"
        if isinstance(action, CoverRaise) and self.last_amount is None:
            return "nobody has bet yet this round: stake (or fold)"
        low, high = self._bounds(seat)
        verb = "stake" if isinstance(action, Stake) else "cover and raise"
        if amount < low:
            why = ("the minimum bet" if self.last_amount is None and self.floor == self.rules.min_bet
                   else "what the last bettor of the previous round put in"
                   if self.last_amount is None else "more than the previous bettor")
            return f"to {verb} put in at least {figure(low)} ({why})"
        maximum = self.rules.max_bet
        if maximum is not None and amount > maximum:
            return f"the maximum bet is {figure(maximum)}"
        if amount > stack:
            return f"{_name(seat)} has only {plural(stack, 'chip')}"
        return None

    def can(self, action: Action) -> bool:
        """True when ``action`` is legal now."""
        return self.why_illegal(action) is None

    # -- doing ------------------------------------------------------------------------
    def apply(self, action: Action, *, name: str | None = None) -> Event:
        """Check and perform ``action``; return its log line (``name``: the seat's name)."""
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalAction(action, reason)
        seat = action.seat
        who = name or _name(seat)
        if isinstance(action, Fold):
            self.chips.fold(seat)
            text = f"{who} folds"
        else:
            amount = self.last_amount if isinstance(action, Cover) else action.amount  # type: ignore[attr-defined]
            assert amount is not None
            self.chips.put_in(seat, amount)
            self.last_amount, self.last_bettor = amount, seat
            text = (f"{who} stakes {figure(amount)}" if isinstance(action, Stake) else
                    f"{who} covers for {figure(amount)}" if isinstance(action, Cover) else
                    f"{who} covers and raises, putting in {figure(amount)}")
        self.position += 1
        return Event(seat, text)

    # -- persistence ------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The round (not its ledger, which the game writes) as JSON-safe data."""
        return {"min_bet": self.rules.min_bet, "max_bet": self.rules.max_bet, "order": list(self.order),
                "floor": self.floor, "position": self.position, "last_amount": self.last_amount,
                "last_bettor": self.last_bettor}

    @classmethod
    def from_json(cls, data: Mapping[str, Any], chips: HandChips) -> IpsoBettingRound:
        """Rebuild a round written by :meth:`to_json` over the game's ledger ``chips``."""
        betting = cls.__new__(cls)
        betting.rules = IpsoBettingRules(min_bet=data["min_bet"], max_bet=data["max_bet"])
        betting.chips = chips
        betting.order = list(data["order"])
        betting.floor = data["floor"]
        betting.position = data["position"]
        betting.last_amount = data["last_amount"]
        betting.last_bettor = data["last_bettor"]
        return betting


def take_whole_pot(chips: HandChips, winner: int) -> int:
    """Pay everything in the middle to ``winner`` (Ipso has no side pots); return it.

    >>> chips = HandChips([10, 10]); chips.put_in(0, 4); chips.put_in(1, 7)
    >>> take_whole_pot(chips, 0), chips.stacks
    (11, [17, 3])
    """
    pot = chips.pot_total
    chips.stacks[winner] += pot
    chips.contributed = [0] * chips.seats
    chips.round_bets = [0] * chips.seats
    chips.dead = 0
    return pot


def _name(seat: int) -> str:
    return f"Seat {seat + 1}"
