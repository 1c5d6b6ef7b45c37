"""One round of ordinary poker betting, shared by every game that bets like poker.

A :class:`BettingRound` is a small state machine over a :class:`HandChips` ledger.
It follows the game contract of :mod:`cardtable.engine.game`: typed frozen actions,
one check :meth:`BettingRound.why_illegal` (``None`` or the reason in words) behind
both :meth:`BettingRound.can` and :meth:`BettingRound.apply`, which refuses with that
reason and changes nothing.

The actions, and what their amounts mean:

* :class:`Fold`, :class:`Check`, :class:`Call` - no amount. A call puts in what is
  owed, or the whole stack when that is less (a call all-in).
* :class:`Bet` ``(to=...)`` - open the betting when nothing has been bet this round.
* :class:`Raise` ``(to=...)`` - raise when there is a bet (posted blinds count).
* :class:`AllIn` - put the whole stack in: a call, bet or raise, even one below the
  minimum.

``to`` is always a *total*: the seat's whole bet in this round after the action
(blinds it posted included), never the chips added. "Raise to 60" facing a bet of
20 that the seat had posted 10 towards puts in 50 more.

The rules, as implemented (they are the standard card-room rules):

* Minimum bet: the round's bet size (:attr:`BettingRules.min_bet`, or
  :attr:`BettingRules.big_bet` in the rounds the game says are big). Minimum raise:
  by the size of the last full bet or raise of this round, and never by less than
  the round's bet size. "Raise to" at least ``current bet + that size``.
* A bet or raise for the whole stack is allowed below the minimum (all-in). A short
  all-in raise does not change the minimum raise and does not reopen the betting:
  a seat that has already acted may then only call or fold, unless the bet has
  risen by a full raise since it last acted (several short all-ins can add up).
* No limit: raise to anything up to the whole stack. Pot limit: at most to
  ``current bet + (pot + what the raiser must call)``, never less than the minimum.
  Fixed limit: bets and raises of exactly the round's bet size, and at most
  :attr:`BettingRules.raise_cap` raises in a round (the opening bet, or the posted
  blinds, not counted; short all-in raises not counted; heads-up too). After a short
  all-in, the next fixed-limit raise goes one bet above it.
* A blind posted short (all-in) counts for what it is: the others call that much.
* Nobody may bet or raise when no other seat in the hand could put in more than the
  current bet: every other seat is all-in, or has too few chips to do more than call
  (the raise could only come back as an uncalled bet).
* Folding is allowed on one's turn even when checking is free.
* The round ends when every seat still in and not all-in has acted since the last
  full raise and matched the highest bet, or when only one seat is left in the
  hand: then the hand is over at once (:attr:`BettingRound.only_player_left`).

>>> chips = HandChips([100, 100, 100])
>>> betting = BettingRound(rules=BettingRules(min_bet=10), chips=chips, first_to_act=0)
>>> for action in [Bet(seat=0, to=20), Raise(seat=1, to=50), Fold(seat=2), Call(seat=0)]:
...     print(betting.apply(action).public)
Seat 1 bets 20
Seat 2 raises to 50
Seat 3 folds
Seat 1 calls 30
>>> betting.is_over, chips.pot_total, chips.stacks
(True, 100, [50, 50, 100])
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from enum import StrEnum
from typing import Any

from cardtable.engine.chips import HandChips
from cardtable.engine.game import Action, Event, IllegalAction
from cardtable.engine.words import figure, plural

__all__ = ["Limit", "BettingRules", "BetOptions", "LedgerRound", "BettingRound", "BettingAction", "Fold",
           "Check", "Call", "Bet", "Raise", "AllIn", "bet_words"]


# -- actions -------------------------------------------------------------------------
class BettingAction(Action, kind="poker.action"):
    """Base class of the poker betting actions (``kind`` strings start ``poker.``)."""


class Fold(BettingAction, kind="poker.fold"):
    """Give up the hand; the chips already in stay in the pot."""


class Check(BettingAction, kind="poker.check"):
    """Pass without betting (only with nothing to call)."""


class Call(BettingAction, kind="poker.call"):
    """Match the highest bet, or put in the whole stack when that is less."""


class Bet(BettingAction, kind="poker.bet"):
    """Open the betting: ``to`` is the seat's total bet this round afterwards."""

    to: int


class Raise(BettingAction, kind="poker.raise"):
    """Raise the highest bet: ``to`` is the seat's total bet this round afterwards."""

    to: int


class AllIn(BettingAction, kind="poker.all_in"):
    """Put the whole stack in (a call, bet or raise; below the minimum allowed)."""


# -- rules ---------------------------------------------------------------------------
class Limit(StrEnum):
    """How big a bet may be."""

    NO_LIMIT = "no_limit"
    POT_LIMIT = "pot_limit"
    FIXED = "fixed"


@dataclass(frozen=True, kw_only=True)
class BettingRules:
    """The betting structure, from a variant's settings.

    * ``limit``: :class:`Limit`.
    * ``min_bet``: the smallest opening bet and raise in the early rounds; in fixed
      limit, the small bet.
    * ``big_bet``: the same for the rounds the game calls big (fixed limit's big
      bet). Default: twice ``min_bet`` in fixed limit, ``min_bet`` otherwise.
    * ``raise_cap``: fixed limit only, the most raises in one round, the opening
      bet (or the posted blinds) not counted; ``None`` for no cap. No limit and pot
      limit have no cap.

    >>> BettingRules(limit=Limit.FIXED, min_bet=5)
    BettingRules(limit=<Limit.FIXED: 'fixed'>, min_bet=5, big_bet=10, raise_cap=4)
    """

    limit: Limit = Limit.NO_LIMIT
    min_bet: int = 1
    big_bet: int | None = None
    raise_cap: int | None = 4

    def __post_init__(self) -> None:
        problems = _rules_problems(self.limit, self.min_bet, self.big_bet, self.raise_cap)
        if problems:
            raise ValueError("; ".join(problems))
        object.__setattr__(self, "limit", Limit(self.limit))
        if self.big_bet is None:
            object.__setattr__(self, "big_bet",
                               2 * self.min_bet if self.limit == Limit.FIXED else self.min_bet)

    @property
    def cap(self) -> int | None:
        """The raise cap that applies (``None`` unless fixed limit with a cap)."""
        return self.raise_cap if self.limit == Limit.FIXED else None

    @classmethod
    def from_settings(cls, settings: Mapping[str, Any]) -> BettingRules:
        """Read ``limit``, ``min_bet``, ``big_bet`` and ``raise_cap`` from a settings
        mapping (other keys are the game's and are ignored). Missing keys take the
        defaults; ``raise_cap: null`` means no cap. Bad values raise ``ValueError``
        naming every problem.

        >>> BettingRules.from_settings({"limit": "pot_limit", "min_bet": 2}).limit
        <Limit.POT_LIMIT: 'pot_limit'>
        >>> BettingRules.from_settings({"limit": "fixed", "raise_cap": None}).cap is None
        True
        >>> BettingRules.from_settings({"limit": "nolimit", "min_bet": 0})  # doctest: +NORMALIZE_WHITESPACE
        Traceback (most recent call last):
        ...
        ValueError: settings: limit must be one of no_limit, pot_limit, fixed, not 'nolimit';
            min_bet must be a whole number of chips >= 1, not 0
        """
        limit = settings.get("limit", Limit.NO_LIMIT.value)
        min_bet = settings.get("min_bet", 1)
        big_bet = settings.get("big_bet")
        raise_cap = settings.get("raise_cap", 4)
        problems = _rules_problems(limit, min_bet, big_bet, raise_cap)
        if problems:
            raise ValueError("settings: " + "; ".join(problems))
        return cls(limit=Limit(limit), min_bet=min_bet, big_bet=big_bet, raise_cap=raise_cap)

    def to_settings(self) -> dict[str, Any]:
        """The rules as a settings mapping that :meth:`from_settings` reads back."""
        data = asdict(self)
        data["limit"] = self.limit.value
        return data


def _is_chips(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _rules_problems(limit: Any, min_bet: Any, big_bet: Any, raise_cap: Any) -> list[str]:
    problems = []
    if limit not in [lim.value for lim in Limit]:
        choices = ", ".join(lim.value for lim in Limit)
        problems.append(f"limit must be one of {choices}, not {limit!r}")
    if not _is_chips(min_bet) or min_bet < 1:
        problems.append(f"min_bet must be a whole number of chips >= 1, not {min_bet!r}")
    if big_bet is not None and (not _is_chips(big_bet) or big_bet < 1):
        problems.append(f"big_bet must be a whole number of chips >= 1, not {big_bet!r}")
    elif big_bet is not None and _is_chips(min_bet) and big_bet < min_bet:
        problems.append(f"big_bet ({big_bet}) must not be smaller than min_bet ({min_bet})")
    if raise_cap is not None and (not _is_chips(raise_cap) or raise_cap < 0):
        problems.append(f"raise_cap must be a whole number >= 0 or null, not {raise_cap!r}")
    return problems


# -- what a seat may do ----------------------------------------------------------------
@dataclass(frozen=True)
class BetOptions:
    """What ``seat`` may do now, for buttons and a bet slider.

    ``call_amount`` is what a :class:`Call` puts in (less than owed when it is an
    all-in call). ``min_raise_to``/``max_raise_to`` bound the ``to`` of a legal
    :class:`Bet` (when ``can_bet``) or :class:`Raise` (when ``can_raise``): every
    total between them is legal in no limit and pot limit; in fixed limit they are
    equal. ``all_in_to`` is the seat's total if it goes all-in. When the seat may
    not act at all every ``can_`` field is False.
    """

    seat: int
    can_fold: bool
    can_check: bool
    can_call: bool
    call_amount: int
    can_bet: bool
    can_raise: bool
    min_raise_to: int
    max_raise_to: int
    can_all_in: bool
    all_in_to: int

    @property
    def raise_range(self) -> range:
        """The legal ``to`` totals of a bet or raise (empty when neither is legal)."""
        if not (self.can_bet or self.can_raise):
            return range(0)
        return range(self.min_raise_to, self.max_raise_to + 1)


def bet_words(action: BettingAction, options: BetOptions | None, stack: int | None) -> str:
    """A call or an all-in as a betting bar's button says it: "Call 20", "All-in 96", and
    one name for both, "Call 99 (all-in)", when calling takes every chip the seat has
    (``stack``: its chips behind, None when not known): the bar then offers one button.

    >>> options = BetOptions(0, True, False, True, 99, False, False, 0, 0, True, 99)
    >>> bet_words(Call(seat=0), options, 99), bet_words(AllIn(seat=0), options, 99)
    ('Call 99 (all-in)', 'Call 99 (all-in)')
    >>> bet_words(AllIn(seat=0), options, 150), bet_words(Call(seat=0), None, None)
    ('All-in 99', 'Call')
    """
    owed = options.call_amount if options is not None else 0
    total = options.all_in_to if options is not None else 0
    if options is not None and options.can_call and owed and stack is not None and owed >= stack:
        return f"Call {owed:,} (all-in)"
    if isinstance(action, Call):
        return f"Call {owed:,}" if owed else "Call"
    return f"All-in {total:,}" if total else "All-in"


# -- the round -------------------------------------------------------------------------
class LedgerRound:
    """A betting round played from a :class:`HandChips` ledger (``chips``), any game's:
    what the folds decide."""

    chips: HandChips

    @property
    def only_player_left(self) -> int | None:
        """The one seat left when every other seat has folded; it wins at once."""
        players = self.chips.players_in
        return players[0] if len(players) == 1 else None

    @property
    def hand_over(self) -> bool:
        """True when all but one seat have folded: the hand ends now, no more cards."""
        return self.only_player_left is not None


class BettingRound(LedgerRound):
    """One round of betting over ``chips``, which it changes as seats act.

    ``first_to_act`` is where the action starts (it passes clockwise over seats that
    are out or all-in). Forced bets go in before the round with
    :meth:`HandChips.post`; live blinds are this round's first bets. ``big_bet``
    makes the round use :attr:`BettingRules.big_bet` as its bet size. When the round
    is over the game calls :meth:`HandChips.end_round` before the next one.

    The round and the game share one :class:`HandChips` while it runs;
    :meth:`to_json` saves it too, and after :meth:`from_json` the game should take
    ``round.chips`` back as its ledger.

    ``completing``: a forced bet smaller than a full bet was posted (Stud's bring-in). The
    first bet above it *completes* it to the full bet (in fixed limit, exactly that), which
    counts as the round's opening bet, not a raise, and lets every seat that only called
    the bring-in raise when the turn comes back to it. Bringing it in is the seat's action
    (unlike a big blind, it has no option): when everyone else only calls, the round is over.

    >>> chips = HandChips([50, 50, 50]); chips.post(0, 1)
    1
    >>> betting = BettingRound(rules=BettingRules(limit="fixed", min_bet=4), chips=chips,
    ...                        first_to_act=1, completing=True)
    >>> betting.legal_options(1).min_raise_to, betting.apply(Raise(seat=1, to=4), name="Bo").public
    (4, 'Bo completes to 4')
    >>> betting.legal_options(2).min_raise_to, betting.raises
    (8, 0)
    """

    def __init__(self, *, rules: BettingRules, chips: HandChips, first_to_act: int,
                 big_bet: bool = False, completing: bool = False) -> None:
        if not 0 <= first_to_act < chips.seats:
            raise ValueError(f"first_to_act {first_to_act} is not one of seats 0..{chips.seats - 1}")
        self.rules = rules
        self.chips = chips
        self.bet_size: int = (rules.big_bet or rules.min_bet) if big_bet else rules.min_bet
        self.last_raise_size = self.bet_size
        """The size of the last full bet or raise (at least ``bet_size``)."""
        self.raises = 0
        """Full raises made this round (the opening bet not counted)."""
        self.acted_level: list[int | None] = [None] * chips.seats
        """The highest bet when each seat last acted this round (``None``: not yet)."""
        self.completing = completing and 0 < self.current_bet < self.bet_size
        """A bring-in below a full bet stands: the next bet or raise completes it."""
        if self.completing:
            self.acted_level = [self.current_bet if bet else None for bet in chips.round_bets]
        self._to_act = self._next_to_act(first_to_act, include_start=True)

    # -- questions --------------------------------------------------------------------
    @property
    def seats(self) -> int:
        """The number of seats at the table."""
        return self.chips.seats

    @property
    def current_bet(self) -> int:
        """The highest total bet of this round: what everyone must match."""
        return max(self.chips.round_bets, default=0)

    def to_call(self, seat: int) -> int:
        """What ``seat`` owes to match the highest bet (ignoring its stack)."""
        return self.current_bet - self.chips.round_bets[seat]

    @property
    def to_act(self) -> int | None:
        """The seat that must act now, or ``None`` when the round is over."""
        return None if self.hand_over else self._to_act

    @property
    def is_over(self) -> bool:
        """True when nobody is asked to act any more in this round."""
        return self.to_act is None

    def legal_options(self, seat: int) -> BetOptions:
        """What ``seat`` may do now (all False when it is not its turn).

        >>> chips = HandChips([100, 100, 100]); chips.post(1, 5); chips.post(2, 10)
        5
        10
        >>> BettingRound(rules=BettingRules(min_bet=10), chips=chips, first_to_act=0).legal_options(0)
        ... # doctest: +NORMALIZE_WHITESPACE
        BetOptions(seat=0, can_fold=True, can_check=False, can_call=True, call_amount=10, can_bet=False,
            can_raise=True, min_raise_to=20, max_raise_to=100, can_all_in=True, all_in_to=100)
        """
        all_in_to = self._all_in_to(seat) if 0 <= seat < self.seats else 0
        if seat != self.to_act:
            return BetOptions(seat, False, False, False, 0, False, False, 0, 0, False, all_in_to)
        owed = self.to_call(seat)
        may_raise = self._why_no_raise(seat) is None
        low, high = self._raise_bounds(seat) if may_raise else (0, 0)
        opening = self.current_bet == 0
        return BetOptions(
            seat=seat, can_fold=True, can_check=owed == 0, can_call=owed > 0,
            call_amount=min(owed, self.chips.stacks[seat]),
            can_bet=may_raise and opening, can_raise=may_raise and not opening,
            min_raise_to=low, max_raise_to=high,
            can_all_in=self.why_illegal(AllIn(seat=seat)) is None, all_in_to=all_in_to)

    def legal_actions(self, seat: int) -> list[BettingAction]:
        """Representative legal actions: fold, check or call, the smallest and the
        largest bet or raise, and all-in (empty when it is not ``seat``'s turn).

        :meth:`why_illegal` is the complete test (every total in between is legal
        too in no limit and pot limit).

        >>> chips = HandChips([100, 30])
        >>> BettingRound(rules=BettingRules(min_bet=10), chips=chips, first_to_act=1).legal_actions(1)
        [Fold(seat=1), Check(seat=1), Bet(seat=1, to=10), Bet(seat=1, to=30), AllIn(seat=1)]
        """
        options = self.legal_options(seat)
        if seat != self.to_act:
            return []
        actions: list[BettingAction] = [Fold(seat=seat)]
        actions.append(Check(seat=seat) if options.can_check else Call(seat=seat))
        if options.can_bet or options.can_raise:
            kind = Bet if options.can_bet else Raise
            actions.append(kind(seat=seat, to=options.min_raise_to))
            if options.max_raise_to != options.min_raise_to:
                actions.append(kind(seat=seat, to=options.max_raise_to))
        if options.can_all_in:
            actions.append(AllIn(seat=seat))
        return actions

    def why_illegal(self, action: Action) -> str | None:
        """``None`` when ``action`` is legal now, otherwise the reason in words.

        >>> chips = HandChips([100, 100])
        >>> betting = BettingRound(rules=BettingRules(min_bet=10), chips=chips, first_to_act=0)
        >>> betting.why_illegal(Bet(seat=0, to=5))
        'the smallest bet is 10 (or all-in for 100)'
        >>> betting.why_illegal(Call(seat=1))
        "it is Seat 1's turn, not Seat 2's"
        """
        if not isinstance(action, BettingAction) or type(action) is BettingAction:
            return f"{type(action).__name__} is not a betting action"
        seat = action.seat
        if self.hand_over:
            return "the hand is over: everyone else has folded"
        if self._to_act is None:
            return "the betting round is over"
        if not isinstance(seat, int) or not 0 <= seat < self.seats:
            return f"there is no seat {seat!r} at this table"
        if seat != self._to_act:
            return f"it is {_name(self._to_act)}'s turn, not {_name(seat)}'s"
        owed = self.to_call(seat)
        if isinstance(action, Fold):
            return None
        if isinstance(action, Check):
            return f"cannot check: {figure(owed)} to call" if owed else None
        if isinstance(action, Call):
            return None if owed else "there is nothing to call: check instead"
        if isinstance(action, AllIn):
            return self._why_not_all_in(seat)
        assert isinstance(action, (Bet, Raise))
        if isinstance(action, Bet) and self.current_bet:
            return f"there is already a bet of {figure(self.current_bet)}: raise instead"
        if isinstance(action, Raise) and not self.current_bet:
            return "there is no bet to raise: bet instead"
        return self._why_not_to(seat, action.to, "bet" if isinstance(action, Bet) else "raise")

    def can(self, action: Action) -> bool:
        """True when ``action`` is legal now."""
        return self.why_illegal(action) is None

    # -- doing ------------------------------------------------------------------------
    def apply(self, action: Action, *, name: str | None = None) -> Event:
        """Check and perform ``action``; return the log line it makes.

        ``name`` is how the log calls the seat (default ``Seat <seat + 1>``).

        Raises:
            IllegalAction: with the reason from :meth:`why_illegal`; nothing changes.

        >>> chips = HandChips([100, 100])
        >>> betting = BettingRound(rules=BettingRules(min_bet=10), chips=chips, first_to_act=0)
        >>> betting.apply(Raise(seat=0, to=30))
        Traceback (most recent call last):
        ...
        cardtable.engine.game.IllegalAction: there is no bet to raise: bet instead
        >>> betting.apply(AllIn(seat=0), name="Ana").public
        'Ana bets 100 (all-in)'
        """
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalAction(action, reason)
        assert isinstance(action, BettingAction)
        seat = action.seat
        before = self.current_bet
        owed = self.to_call(seat)
        had = self.chips.round_bets[seat]
        if isinstance(action, Fold):
            self.chips.fold(seat)
        elif isinstance(action, Call):
            self.chips.put_in(seat, min(owed, self.chips.stacks[seat]))
        elif isinstance(action, (Bet, Raise)):
            self.chips.put_in(seat, action.to - self.chips.round_bets[seat])
        elif isinstance(action, AllIn):
            self.chips.put_in(seat, self.chips.stacks[seat])
        after = self.current_bet
        completed = self.completing and after > before
        if completed:  # the completion opens the betting: whoever only called the bring-in may raise
            self.completing = False
            self.acted_level = [None] * self.seats
            self._count_raise(after - self.bet_size, opening=False)
        elif after > before:
            self._count_raise(after - before, opening=before == 0)
        self.acted_level[seat] = after
        self._to_act = self._next_to_act(seat, include_start=False)
        put = self.chips.round_bets[seat] - had
        if completed and after == self.bet_size:
            return Event(seat, f"{name or _name(seat)} completes to {figure(after)}"
                               f"{' (all-in)' if self.chips.stacks[seat] == 0 else ''}")
        return Event(seat, self._describe(action, before, put, name or _name(seat)))

    # -- persistence ------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The round's whole state, its chips ledger included, as JSON-safe data."""
        data = {"rules": self.rules.to_settings(), "chips": self.chips.to_json(),
                "bet_size": self.bet_size, "last_raise_size": self.last_raise_size,
                "raises": self.raises, "acted_level": list(self.acted_level),
                "to_act": self._to_act}
        if self.completing:
            data["completing"] = True
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> BettingRound:
        """Rebuild a round written by :meth:`to_json`.

        >>> chips = HandChips([100, 100, 100])
        >>> betting = BettingRound(rules=BettingRules(min_bet=10), chips=chips, first_to_act=2)
        >>> _ = betting.apply(Bet(seat=2, to=25))
        >>> BettingRound.from_json(betting.to_json()).to_json() == betting.to_json()
        True
        """
        betting = cls.__new__(cls)
        betting.rules = BettingRules.from_settings(data["rules"])
        betting.chips = HandChips.from_json(data["chips"])
        betting.bet_size = data["bet_size"]
        betting.last_raise_size = data["last_raise_size"]
        betting.raises = data["raises"]
        betting.acted_level = list(data["acted_level"])
        betting._to_act = data["to_act"]
        betting.completing = data.get("completing", False) is True
        return betting

    # -- inside -----------------------------------------------------------------------
    def _all_in_to(self, seat: int) -> int:
        return self.chips.round_bets[seat] + self.chips.stacks[seat]

    def _needs_to_act(self, seat: int) -> bool:
        chips = self.chips
        if not chips.in_hand[seat] or chips.stacks[seat] == 0:
            return False
        if chips.round_bets[seat] < self.current_bet:
            return True
        if self.acted_level[seat] is not None:
            return False
        return any(chips.in_hand[s] and chips.stacks[s] > 0 for s in range(self.seats) if s != seat)

    def _next_to_act(self, start: int, *, include_start: bool) -> int | None:
        first = 0 if include_start else 1
        for step in range(first, first + self.seats):
            seat = (start + step) % self.seats
            if self._needs_to_act(seat):
                return seat
        return None

    def _why_no_raise(self, seat: int) -> str | None:
        """Why ``seat`` may not bet or raise at all now (its turn assumed)."""
        chips = self.chips
        current = self.current_bet
        if self._all_in_to(seat) <= current:
            return f"{_name(seat)} has no chips beyond the call"
        if not any(chips.in_hand[s] and chips.stacks[s] > 0 for s in range(self.seats) if s != seat):
            return "everyone else is all-in: you may only call or fold"
        if not any(chips.in_hand[s] and self._all_in_to(s) > current for s in range(self.seats) if s != seat):
            return "nobody else has the chips to call more than the current bet: you may only call or fold"
        level = self.acted_level[seat]
        if level is not None and current - level < self.last_raise_size:
            return ("the betting was not reopened (a short all-in raise is not a full raise): "
                    "you may only call or fold")
        cap = self.rules.cap
        if current and cap is not None and self.raises >= cap:
            return f"the cap of {cap} raises this round is reached"
        return None

    def _raise_bounds(self, seat: int) -> tuple[int, int]:
        """The smallest and largest legal bet or raise total (raising assumed legal)."""
        current = self.current_bet
        all_in = self._all_in_to(seat)
        full_min = self.bet_size if self.completing else current + self.last_raise_size
        if self.rules.limit == Limit.FIXED:
            high = self.bet_size if self.completing else current + self.bet_size
        elif self.rules.limit == Limit.POT_LIMIT:
            pot_after_call = self.chips.pot_total + self.to_call(seat)
            high = max(full_min, current + pot_after_call)
        else:
            high = all_in
        if self.rules.limit == Limit.FIXED:
            full_min = high
        return min(full_min, all_in), min(high, all_in)

    def _why_not_to(self, seat: int, to: Any, verb: str) -> str | None:
        if not _is_chips(to):
            return f"a {verb} needs a whole number of chips, not {to!r}"
        current = self.current_bet
        all_in = self._all_in_to(seat)
        if to <= current:
            return f"a raise must go above the current bet of {figure(current)}"
        if to > all_in:
            return (f"{_name(seat)} has only {plural(self.chips.stacks[seat], 'chip')} behind: "
                    f"the most is all-in, {'a bet of' if verb == 'bet' else 'to'} {figure(all_in)}")
        refusal = self._why_no_raise(seat)
        if refusal:
            return refusal
        low, high = self._raise_bounds(seat)
        what = "bet is" if verb == "bet" else "raise is to"
        if self.rules.limit == Limit.FIXED and to != high:
            return f"fixed limit: the {what} exactly {figure(high)}"
        if to < low:
            return f"the smallest {what} {figure(low)} (or all-in for {figure(all_in)})"
        if to > high:
            limit = "pot limit" if self.rules.limit == Limit.POT_LIMIT else "the limit"
            return f"{limit}: the largest {what} {figure(high)}"
        return None

    def _why_not_all_in(self, seat: int) -> str | None:
        all_in = self._all_in_to(seat)
        if all_in <= self.current_bet:
            return None  # an all-in call
        refusal = self._why_no_raise(seat)
        if refusal:
            return refusal
        _, high = self._raise_bounds(seat)
        if all_in > high:
            limit = "pot limit" if self.rules.limit == Limit.POT_LIMIT else "fixed limit"
            return f"{limit}: all-in would be a raise to {figure(all_in)}, over the largest, {figure(high)}"
        return None

    def _count_raise(self, increment: int, *, opening: bool) -> None:
        if increment >= self.last_raise_size:  # a full bet or raise
            self.last_raise_size = increment
            if not opening:
                self.raises += 1

    def _describe(self, action: BettingAction, before: int, put: int, name: str) -> str:
        seat = action.seat
        total = self.chips.round_bets[seat]
        all_in = " (all-in)" if self.chips.stacks[seat] == 0 else ""
        if isinstance(action, Fold):
            return f"{name} folds"
        if isinstance(action, Check):
            return f"{name} checks"
        if total <= before:
            return f"{name} calls {figure(put)}{all_in}"
        if before == 0:
            return f"{name} bets {figure(total)}{all_in}"
        return f"{name} raises to {figure(total)}{all_in}"


def _name(seat: int) -> str:
    return f"Seat {seat + 1}"
