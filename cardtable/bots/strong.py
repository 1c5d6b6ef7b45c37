"""The strong computer level, written once for every game: it plans by sampling.

Given the seat copy every bot receives (:func:`cardtable.bots.base.choose_for`), the
:class:`StrongBot` weighs each candidate action (the legal actions, and for a bet or
raise a few amounts: the least, half the pot, the pot, everything) by rollouts, world
by world. A world is what a fresh :meth:`~cardtable.engine.game.GameState.seat_copy` of
what it was given would be (the hidden cards dealt again: a new guess at what the others
hold), dealt in place on one snapshot of it (:class:`cardtable.bots.worlds.Worlds`); on
it every candidate still in the running is played out to the end of the current round
with the same chance draws and the same policy draws (common random numbers, so two
candidates are compared on the same luck), every seat moved by a cheap policy: where
the game's normal bot offers ``rollout_bot(rng)`` (a cheaper copy of itself), a fresh
one of those for every seat of every rollout, so that against the normal level the
rollouts model the very players it meets (a one-step improvement on that policy);
else the normal bot's ``rollout_choice`` when it has one, else :func:`light_choice`
(random among the legal actions, rarely all-in and never folding when checking is
free). A rollout's score is the change in :meth:`~GameState.holding` of the seat. After
:data:`PRUNE_AFTER` worlds a candidate clearly below the best so far (paired
differences) gets no more rollouts. Copies for rollouts are cheap
(:class:`cardtable.bots.worlds.Snapshot`).

The budget is a count, not a clock: a decision makes a fixed number of rollouts (one
candidate played out on one world is one rollout), so the same seat copy and generator
give the same decision on any machine under any load. The count is the game's
(``GameDefinition.strong_rollouts``: rollouts a decision by the seats at the table, see
:func:`rollouts_for`; :data:`DEFAULT_ROLLOUTS` unless a game declares its own), chosen so
that a decision takes at most 250 ms of CPU at the 95th percentile on a 2-core machine at
the most seats (``benchmarks/strong_cpu.py`` measures it). ``rollouts`` given (or
``CARDTABLE_STRONG_ROLLOUTS`` set, as the tests do) overrides the game's count. A clock
is used only when asked for: ``budget_ms`` given (or ``CARDTABLE_STRONG_BUDGET_MS`` set,
for benchmarks that ask what a time buys), checked with :func:`time.perf_counter` after
every step of every rollout against a deadline :data:`BUDGET_MARGIN` short of it; a world
cut short by it is thrown away, and no world is begun when the time left is less than the
worlds so far took on average. Those decisions depend on the machine's speed and load.

When the game's normal bot is given (``GameDefinition.bot`` does so) and the budget is
at least :data:`PRIOR_MIN_MS`, the normal bot's choice is always a candidate (or the
choice of the level the normal bot names as ``strong_prior``, where one plays better
than normal: Shenja Ivali's tough level), and the strong bot departs from it for the
candidate with the best paired gain over it when that gain clears the noise of the
estimates (a one-sided test of the paired differences at the level :data:`STRAY_ALPHA`
for each rival; shared among the rivals it almost never strayed, and a rival that only
ties costs nothing). The worlds are not dealt blindly: the opponents' moves seen this
round make the hands that fit them likelier (see :mod:`cardtable.bots.reading`; the
decisions of one :meth:`StrongBot.choose` to the next, on the seat copies it was given
and nothing else). A normal bot may also say that a decision is not worth rollouts
(``worth_planning(state, seat)``, e.g. a Flame Sword flip): then its choice is played at
once. Two more hooks of the normal bot serve games whose seat copies hide more than
cards or whose candidates share all but the end of a rollout: ``complete_world(world,
seat, rng)`` fills in, on each world once dealt, what the seat copy could not tell
(Alethkar Poker: the bags of those who have bet, guessed as the normal bot would have
bet with the world's hands), and ``settle_candidates(world, seat, actions, rng)``
returns every candidate's (chip change, won) on one world from a single play of it
(Alethkar Poker: after the secret bet only the seat's own bag differs), or None to play
them out one by one. ``planning_candidates(state, seat, prior, actions)`` keeps only the
rivals of the normal bot's choice whose estimates the game's worlds get right (Sabacc:
none more aggressive than that choice).

:meth:`StrongBot.plan` returns every candidate's figures; the hint (``ui/hint.py``)
shows them.
"""

from __future__ import annotations

import dataclasses
import math
import os
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from statistics import NormalDist
from typing import Any

from cardtable.bots.exploits import (
    bet_now,
    bettor_move,
    caller_move,
    patient_move,
    tight_move,
    without_early_overbets,
    without_early_reraises,
    without_overbets,
    without_reraises,
)
from cardtable.bots.reading import Reader
from cardtable.bots.worlds import Snapshot, Worlds
from cardtable.engine.game import CHANCE, Action, GameState

__all__ = ["StrongBot", "Plan", "Estimate", "light_choice", "default_budget_ms", "candidates",
           "PRIOR_MIN_MS", "BUDGET_ENV", "ROLLOUTS_ENV", "default_rollouts", "DEFAULT_ROLLOUTS",
           "rollouts_for"]

BUDGET_ENV = "CARDTABLE_STRONG_BUDGET_MS"
"""The environment variable that puts the strong level on a clock (milliseconds a decision)."""
ROLLOUTS_ENV = "CARDTABLE_STRONG_ROLLOUTS"
"""The environment variable that fixes the rollouts a decision (the clock ignored)."""

DEFAULT_ROLLOUTS: dict[int, int] = {2: 120, 4: 80, 6: 60, 8: 48}
"""Rollouts a decision by the seats at the table (the entry of the most seats not above
the table's), for a game that declares none of its own."""

PRIOR_MIN_MS = 50.0
"""The least budget with which the normal bot's choice is consulted (it costs up to
tens of milliseconds in some games)."""

BUDGET_MARGIN = 0.06
"""The share of the budget kept back for what follows the last rollout step (the step
that crosses the deadline, sorting the estimates, a busy machine): measured at the full
budget, decisions ran a few milliseconds over it at the 95th percentile with no margin,
and up to 3% over with 4% on a 2-core machine running six benchmarks at once."""

PRIOR_SHARE = 0.5
"""The normal bot is not asked when its last answer took more than this share of the
budget (its first answer in a process can build tables for a second)."""

MAX_CANDIDATES = 14
"""More legal actions than this (a Flame Sword flip, a draw's discards) are sampled down
to this many, the normal bot's choice always kept."""

MAX_ROLLOUT_STEPS = 2000

MIN_EVIDENCE = 3
"""The fewest rollouts of both the normal bot's choice and a rival before the rival may
overrule it."""

STRAY_ALPHA = 0.067
"""The one-sided level at which a rival must beat the normal bot's choice, by Student's t
over the paired differences of its worlds (few worlds: a wider margin), for each rival
(shared among them, up to d1de38f, it almost never strayed). Scored on true states (each
candidate played out 30 times on the real cards), stricter levels strayed almost never
and looser ones strayed on noise in Sabacc."""

READ_OPPONENTS = True
"""Whether the worlds are weighed by the opponents' moves (:mod:`cardtable.bots.reading`);
a game's normal bot may say no for its game (``reads_moves = False``: Sabacc)."""

READ_SHARE = 0.1
"""The share of the budget the replay of the moves seen may take (a long one, many
moves at four seats, is cut short and read as nothing)."""

GUESS_TRIES = 4
"""Guesses at the hidden cards drawn for one world at most while reading the
opponents' moves rejects them."""

READS_PER_ROLLOUT = 0.5
"""The model decisions the reading may ask for a decision, per rollout of its count: each
guess asks one a move read, up to :data:`GUESS_TRIES` guesses a world, and unbounded
that took one Five-Card Draw decision at six seats (four moves read) past 1.5 s of CPU."""

PRUNE_AFTER = 4
"""Worlds played before candidates start being dropped."""

PRUNE_Z = 2.0
"""A candidate this many standard errors (paired) below the best so far gets no more
rollouts."""

TAIL_RUNS = 4
"""How many times the cards to come are dealt after a candidate nobody answers (an
all-in called): their mean is the rollout's chip change. Each run counts as a rollout
of the decision's count (eight runs, uncounted, took a Hold'em call of an all-in to
320 ms of CPU)."""

MAX_TAIL_STOCK = 400
"""The most cards to come (hidden outside the hands) that are dealt again for a run:
Flame Sword's stock of some 11,900 took a decision to 6 s of CPU."""
_STAKING = {"Call", "AllIn", "Cover", "Raise", "Bet", "Stake", "CoverRaise"}
"""Moves that put chips in: a run of the cards to come matters to them (a check or a
stand that ends the round is decided by the cards already out)."""

_POLICY_SALT = 0x9E3779B97F4A7C15
_TAIL_SALT = 0x2545F4914F6CDD1D
_WORLD_SALT = 0x5851F42D4C957F2D

Settle = Callable[[GameState, int, list[Action], random.Random], "list[tuple[float, bool]] | None"]
"""A game's way to play every candidate out on one world at once (see the module)."""

Policy = Callable[[GameState, int, random.Random], Action]
"""How a rollout moves a seat: ``policy(world, seat, rng) -> Action``."""

_PASSIVE = {"Check", "Call", "Cover", "PassBid"}
_AGGRESSIVE = {"Bet", "Raise", "Stake", "CoverRaise", "Bid"}


def default_budget_ms() -> float | None:
    """``CARDTABLE_STRONG_BUDGET_MS`` when set to a positive number, else None (no clock:
    the strong level counts its rollouts)."""
    try:
        value = float(os.environ.get(BUDGET_ENV, ""))
    except ValueError:
        return None
    return value if value > 0 else None


def rollouts_for(counts: dict[int, int] | Any, seats: int) -> int:
    """The rollouts a decision at a table of ``seats`` from ``counts`` (seats -> rollouts):
    the entry of the most seats not above ``seats`` (the fewest seats' entry below them).

    >>> rollouts_for({2: 100, 4: 60}, 3), rollouts_for({2: 100, 4: 60}, 8)
    (100, 60)
    """
    keys = sorted(counts)
    chosen = next((k for k in reversed(keys) if k <= seats), keys[0])
    return int(counts[chosen])


def default_rollouts() -> int | None:
    """``CARDTABLE_STRONG_ROLLOUTS`` when set to a positive whole number, else None."""
    try:
        value = int(os.environ.get(ROLLOUTS_ENV, ""))
    except ValueError:
        return None
    return value if value > 0 else None


def light_choice(state: GameState, seat: int, rng: random.Random) -> Action:
    """The rollout policy: a weighted random legal action. Checking and calling are
    likelier than betting, all-in is rare, and folding is never chosen when checking
    is free. Amounts are the ones ``legal_actions`` lists (the least, usually)."""
    actions = state.legal_actions(seat)
    if not actions:
        raise ValueError(f"seat {seat} has nothing to do now")
    names = [type(a).__name__ for a in actions]
    free_check = "Check" in names
    weights = []
    for name in names:
        if name == "Fold":
            weights.append(0.0 if free_check else 1.0)
        elif name in _PASSIVE:
            weights.append(4.0)
        elif name == "AllIn":
            weights.append(0.25)
        else:
            weights.append(1.0)
    return rng.choices(actions, weights)[0]


def _pot(state: GameState) -> int:
    chips = getattr(state, "chips", None)
    total = getattr(chips, "pot_total", None)
    return total if isinstance(total, int) else 0


def candidates(state: GameState, seat: int) -> list[Action]:
    """The legal actions of ``seat``, and for a bet or raise with a range of amounts a
    few of them (the least, least plus half the pot, least plus the pot, the most),
    each checked with ``why_illegal``, without repeats, in the order found. Left out,
    as they cannot gain and would only share the rollouts: a fold when checking is
    free, a bet or raise to what going all-in comes to when all-in is legal (the
    same move), and all-in when it cannot raise (the same move as the call)."""
    found: list[Action] = []
    seen: set[Action] = set()
    legal = state.legal_actions(seat)
    names = {type(a).__name__ for a in legal}
    options = getattr(state, "betting_options", lambda s: None)(seat)
    all_in_to = getattr(options, "all_in_to", None) if "AllIn" in names else None

    def add(action: Action) -> None:
        if all_in_to is not None and getattr(action, "to", None) == all_in_to and type(action).__name__ != "AllIn":
            return
        if action not in seen and state.why_illegal(action) is None:
            seen.add(action)
            found.append(action)

    pot = _pot(state)
    # all-in that cannot raise is only a call (of everything, or of less than owed)
    calls_only = (options is not None and "Call" in names and not getattr(options, "can_raise", True)
                  and not getattr(options, "can_bet", True))
    for action in legal:
        if type(action).__name__ == "Fold" and "Check" in names:
            continue
        if type(action).__name__ == "AllIn" and calls_only:
            continue
        add(action)
        if options is None:
            continue
        field_name = "to" if hasattr(action, "to") else "amount" if hasattr(action, "amount") else None
        if field_name is None or type(action).__name__ not in _AGGRESSIVE:
            continue
        low = getattr(options, "min_raise_to", getattr(options, "min_amount", None))
        high = getattr(options, "max_raise_to", getattr(options, "max_amount", None))
        if not isinstance(low, int) or not isinstance(high, int) or high <= low:
            continue
        for amount in (low, low + pot // 2, low + pot, high):
            add(dataclasses.replace(action, **{field_name: max(low, min(high, amount))}))
    return found


@dataclass
class Estimate:
    """What the rollouts of one candidate gave: chip changes and round wins."""

    action: Action
    total: float = 0.0
    squares: float = 0.0
    count: int = 0
    wins: int = 0
    prior: bool = False
    values: list[float] = field(default_factory=list, repr=False)
    """Each rollout's chip change, world by world (for paired comparisons)."""

    def add(self, value: float, won: bool) -> None:
        """Count one rollout's chip change and whether the seat won the round."""
        self.values.append(value)
        self.total += value
        self.squares += value * value
        self.count += 1
        self.wins += won

    @property
    def mean(self) -> float:
        return self.total / self.count if self.count else 0.0

    @property
    def variance(self) -> float:
        if self.count < 2:
            return 0.0
        return max(0.0, (self.squares - self.total * self.total / self.count) / (self.count - 1))

    @property
    def win_rate(self) -> float:
        return self.wins / self.count if self.count else 0.0


@dataclass
class Plan:
    """A decision with its reasons: the chosen action and every candidate's estimate
    (best mean first), the rollouts made and the milliseconds spent."""

    action: Action
    estimates: list[Estimate] = field(default_factory=list)
    rollouts: int = 0
    elapsed_ms: float = 0.0

    @property
    def chosen(self) -> Estimate | None:
        return next((e for e in self.estimates if e.action == self.action), None)


class StrongBot:
    """The strong level of every game (see the module's text).

    Args:
        rng: the bot's own generator (rollouts and sampling draw from it).
        level: always ``"strong"`` (kept for the ``cls(rng, level=...)`` convention).
        budget_ms: put the bot on a clock, milliseconds a decision; None:
            :func:`default_budget_ms` (None unless the environment sets it: no clock).
        normal: the game's normal bot, whose choice is a candidate to beat (optional).
        prior: the bot whose choice is the candidate to beat instead, where the game's
            normal bot names a level of its own for that (``strong_prior``); the normal
            bot still plays the rollouts and answers the other hooks.
        rollouts: make exactly this many rollouts a decision, whatever the clock says
            (None: :func:`default_rollouts`, then the clock if one was asked for, else
            ``counts``).
        counts: rollouts a decision by the seats at the table (the game's declaration,
            see :func:`rollouts_for`); None: :data:`DEFAULT_ROLLOUTS`.
    """

    def __init__(self, rng: random.Random, level: str = "strong", *, budget_ms: float | None = None,
                 normal: Any | None = None, rollouts: int | None = None, prior: Any | None = None,
                 counts: dict[int, int] | None = None) -> None:
        self.rng = rng
        self.level = level
        self.budget_ms = default_budget_ms() if budget_ms is None else float(budget_ms)
        self.counts = dict(DEFAULT_ROLLOUTS if counts is None else counts)
        self.normal = normal
        self.prior = normal if prior is None else prior
        self.rollouts = default_rollouts() if rollouts is None else rollouts
        self._prior_ms = 0.0  # what asking the normal bot cost last time
        self.policy: Policy = getattr(normal, "rollout_choice", None) or light_choice
        self.rollout_bot: Callable[[random.Random], Any] | None = getattr(normal, "rollout_bot", None)
        self.complete_world: Callable[[GameState, int, random.Random], None] | None = getattr(
            normal, "complete_world", None)
        self.settle_candidates: Settle | None = getattr(normal, "settle_candidates", None)
        self.reader = Reader()
        self._ranked: dict[Any, float] = {}  # this round's equities of the seat's hand (exploits)
        self._bettors: dict[Any, float] = {}  # the same, for bettor_move
        self._decided_ms = 0.0  # what remembering the last decision cost
        self._slowest = 0.0
        self._tails = False  # whether this decision's called all-ins get runs of their own
        self._extra_runs = 0  # the runs of the cards to come beyond one, this world
        self._reads_left = math.inf  # the model decisions the reading may still ask for

    def choose(self, state: GameState, seat: int) -> Action:
        """The planned action for ``seat`` on ``state`` (a seat copy). The opponents'
        moves since this seat's last decision in the round are read first (see
        :mod:`cardtable.bots.reading`), and this decision is remembered for the next."""
        started = time.perf_counter()
        clock = self.budget_ms if self.rollouts is None else None
        reading = READ_OPPONENTS and self.rollout_bot is not None
        if reading:
            limit = math.inf if clock is None else started + READ_SHARE * clock / 1000.0
            self.reader.observe(state, seat, limit)
            if not getattr(self.normal, "reads_moves", True):
                self.reader.evidence = []  # the moves still tell each opponent's style
        spent = (time.perf_counter() - started) * 1000.0 + (self._decided_ms if reading else 0.0)
        budget = None if clock is None else max(1.0, clock - spent)
        action = self.plan(state, seat, budget_ms=budget, deciding=True).action
        if reading:
            noted = time.perf_counter()
            self.reader.decided(state, seat, action)
            self._decided_ms = (time.perf_counter() - noted) * 1000.0
        return action

    # -- planning ---------------------------------------------------------------------
    def plan(self, state: GameState, seat: int, budget_ms: float | None = None,
             stop: Callable[[], bool] | None = None, *, deciding: bool = False) -> Plan:
        """Weigh the candidates of ``seat`` by rollouts within the budget (a count, or
        ``budget_ms`` of the clock when given or the bot is on one); ``stop`` (checked
        between rollouts) ends the planning early. ``state`` is never changed. When the
        game's ``planning_candidates`` leaves the normal bot's choice alone, it is still
        played out for its figures (the hint shows them) unless ``deciding``."""
        started = time.perf_counter()
        clock_ms = budget_ms if budget_ms is not None else self.budget_ms
        fixed = self.rollouts
        if fixed is None and clock_ms is None:
            fixed = rollouts_for(self.counts, state.seats)
        budget = math.inf if fixed is not None or clock_ms is None else float(clock_ms) / 1000.0
        deadline = math.inf if fixed is not None else started + budget * (1.0 - BUDGET_MARGIN)
        actions = candidates(state, seat)
        if not actions:
            raise ValueError(f"seat {seat} has nothing to do now")
        exploit = None if self.normal is None else (
            tight_move(state, seat, state.legal_actions(seat), self.reader, self.normal, self.rng, self._ranked)
            or patient_move(state, seat, actions, self.reader, self.normal, self.rng)
            or bettor_move(state, seat, state.legal_actions(seat), self.reader, self.normal, self._bettors)
            or caller_move(state, seat, self.reader, self.normal))
        if exploit is not None:  # what a style read gives away (see exploits)
            shown = actions if exploit in actions else [exploit, *actions]
            return Plan(exploit, [Estimate(a) for a in shown], 0, (time.perf_counter() - started) * 1000.0)
        prior: Action | None = None
        # With a fixed count of rollouts the clock decides nothing (the same decision for
        # the same seat copy): a slow answer on a busy machine must not drop the prior.
        affordable = fixed is not None or self._prior_ms <= PRIOR_SHARE * budget * 1000.0
        if not affordable:
            self._prior_ms *= 0.5  # asked again once it may have become cheap (a table built)
        if (self.prior is not None and budget * 1000.0 >= PRIOR_MIN_MS and len(actions) > 1
                and affordable):
            asked = time.perf_counter()
            try:
                guess = self.prior.choose(state.seat_copy(seat, self.rng), seat)
            except Exception:  # a prior is a help, never a need
                guess = None
            self._prior_ms = (time.perf_counter() - asked) * 1000.0
            if guess is not None and state.why_illegal(guess) is None:
                prior = guess  # first, so that it has rollouts before any other
                actions = [guess, *(a for a in actions if a != guess)]
                narrow = getattr(self.normal, "planning_candidates", None)
                if narrow is not None:
                    actions = [guess, *(a for a in narrow(state, seat, guess, actions) if a != guess)]
        actions = without_overbets(state, seat, actions, prior, self.reader)
        actions = without_early_overbets(state, seat, actions, prior, self.reader, self.normal)
        if self.normal is not None:
            actions = without_reraises(state, seat, actions, self.normal, self.rng, self.reader)
            actions = without_early_reraises(state, seat, actions, self.normal, self.rng, self.reader)
            prior = prior if prior in actions else None
        if len(actions) > MAX_CANDIDATES:
            if prior is not None:
                actions = [prior, *self.rng.sample(actions[1:], MAX_CANDIDATES - 1)]
            else:
                actions = self.rng.sample(actions, MAX_CANDIDATES)
        estimates = [Estimate(a, prior=(a == prior)) for a in actions]
        if prior is not None and not _worth_planning(self.normal, state, seat):
            return Plan(prior, estimates, 0, (time.perf_counter() - started) * 1000.0)
        if len(estimates) == 1 and (deciding or len(candidates(state, seat)) == 1):
            return Plan(actions[0], estimates, 0, (time.perf_counter() - started) * 1000.0)
        start_holding = state.holding(seat)
        target = _target_round(state)
        self._slowest *= 0.5  # the longest rollout step lately (seconds), forgotten slowly
        self._tails = _stock_size(state, seat) <= MAX_TAIL_STOCK
        self._extra_runs = 0
        self._reads_left = math.inf if fixed is None else READS_PER_ROLLOUT * fixed
        worlds_of = Worlds(state, seat)
        active = list(estimates)
        worlds = rollouts = 0
        first = time.perf_counter()
        while True:
            if stop is not None and stop():
                break
            if fixed is not None and worlds and rollouts + len(active) > fixed:
                break
            now = time.perf_counter()
            if now >= deadline or (worlds and now + (now - first) / worlds > deadline):
                break  # no time for another world of the usual length
            results = self._world(worlds_of, seat, active, target, start_holding, deadline)
            if results is None:
                break
            for estimate, result in zip(active, results):
                estimate.add(*result)
            worlds += 1
            rollouts += len(active) + self._extra_runs
            self._extra_runs = 0
            if worlds >= PRUNE_AFTER:
                active = _pruned(active, prior, everyone=worlds & (worlds - 1) == 0)
                if len(active) == 1 < len(estimates):
                    break  # one left: nothing more to compare
        best = _best(active, prior)
        estimates.sort(key=lambda e: (e.count == 0, -e.mean))
        return Plan(best.action, estimates, rollouts, (time.perf_counter() - started) * 1000.0)

    def _world(self, worlds: Worlds, seat: int, active: list[Estimate], target: int,
               start_holding: int, deadline: float) -> list[tuple[float, bool]] | None:
        """One guess at the hidden cards, and every active candidate played out on it
        with the same chance draws and the same policy draws (common random numbers: the
        candidates' difference is measured, not the luck of two different deals); None
        when the deadline came first (the world is thrown away whole)."""
        snapshot = self._guess(worlds, seat, deadline)
        seed = self.rng.getrandbits(64)
        complete = self.complete_world
        if complete is not None:
            worlds.adjust(lambda world: complete(world, seat, random.Random(seed ^ _WORLD_SALT)))
        if self.settle_candidates is not None:
            settled = self.settle_candidates(snapshot.make(random.Random(seed)), seat,
                                             [e.action for e in active], random.Random(seed ^ _POLICY_SALT))
            if settled is not None:
                return settled
        results = []
        for estimate in active:
            result = self._rollout(snapshot, seed, seat, estimate.action, target, start_holding, deadline)
            if result is None:
                return None
            results.append(result)
        return results

    def _guess(self, worlds: Worlds, seat: int, deadline: float) -> Snapshot:
        """A new deal of ``worlds``: kept with the odds of the opponents' moves read this
        round (the normal bot's model, :class:`~cardtable.bots.reading.Reader`), drawn
        again up to :data:`GUESS_TRIES` times; else the guess the model missed least. The
        model is asked at most :data:`READS_PER_ROLLOUT` times the decision's count of
        rollouts in all; then deals stand as drawn."""
        snapshot = worlds.deal(self.rng)
        if not self.reader.evidence or self.rollout_bot is None or self._reads_left <= 0:
            return snapshot
        best: tuple[float, list[Any]] | None = None
        for _ in range(GUESS_TRIES):
            if self._reads_left <= 0:
                break  # the decision's reading is spent: this deal stands as it is
            self._reads_left -= len(self.reader.evidence)
            missed = self.reader.disagreements(worlds.state, self.rollout_bot, self.rng)
            if self.reader.accept(missed, self.rng):
                return snapshot
            if best is None or missed < best[0]:
                best = (missed, worlds.dealt())
            if time.perf_counter() >= deadline:
                break
            worlds.deal(self.rng)
        assert best is not None
        worlds.put(best[1])
        return snapshot

    def _rollout(self, snapshot: Snapshot, seed: int, seat: int, action: Action, target: int,
                 start_holding: int, deadline: float) -> tuple[float, bool] | None:
        """One play of the round after ``action`` on a copy of ``snapshot``, chance and
        the policy drawing from generators seeded by ``seed``: (chip change, won), or
        None when the deadline came first. When nobody moved after ``action`` and it put
        chips in (a call of an all-in: only the cards to come decide), the cards to come
        are dealt again until there are :data:`TAIL_RUNS` runs, the same hands, and the
        chip change is their mean (the luck of one run of the board is mostly gone); not
        where more than :data:`MAX_TAIL_STOCK` cards are to come."""
        policy = self.policy if self.rollout_bot is None else _bot_policy(self.rollout_bot, seed)
        styles = {s: style for s, style in self.reader.styles().items() if s != seat}
        if styles:
            raised = frozenset(s for s in styles if self.reader.raised(s, target))
            policy = _styled(policy, styles, raised)
        played = self._play(snapshot, seed, action, target, policy, deadline)
        if played is None:
            return None
        world, moves, dealt = played
        change = world.holding(seat) - start_holding
        outcome = world.round_outcome()
        if outcome is not None and outcome.get("round") == target and "winners" in outcome:
            won = seat in outcome["winners"]
        else:
            won = change > 0
        if moves == 0 and self._tails and type(action).__name__ in _STAKING:
            total = float(change)
            for run in range(1, TAIL_RUNS):
                again = self._play(snapshot, seed + run * _TAIL_SALT, action, target, policy, deadline,
                                   redeal=seat)
                if again is None:
                    return None
                total += again[0].holding(seat) - start_holding
            self._extra_runs += TAIL_RUNS - 1  # each run is a play of the round: the count's
            return total / TAIL_RUNS, bool(won)
        return float(change), bool(won)

    def _play(self, snapshot: Snapshot, seed: int, action: Action, target: int, policy: Policy,
              deadline: float, redeal: int | None = None) -> tuple[GameState, int, int] | None:
        """The round played out after ``action`` (see :meth:`_rollout`), the cards hidden
        from ``redeal`` outside the hands shuffled first when given: the world at its end,
        the moves the policy made and the chance steps (at least 1 when chance drew at
        all); None past the deadline."""
        chance = random.Random(seed)
        fresh = chance.getstate()
        world = snapshot.make(chance)
        if redeal is not None:
            _redeal_stock(world, redeal, random.Random(seed ^ _WORLD_SALT))
        rng = random.Random(seed ^ _POLICY_SALT)
        world.apply(action)
        moves = dealt = 0
        last = time.perf_counter()
        for _ in range(MAX_ROLLOUT_STEPS):
            if _round_done(world, target):
                break
            now = time.perf_counter()
            self._slowest = max(self._slowest, now - last)
            last = now
            if now + self._slowest >= deadline:
                return None  # the next step might end past the budget
            to_act = world.to_act
            if to_act == CHANCE:
                world.apply(world.chance_action())
                dealt += 1
            else:
                assert to_act is not None
                world.apply(policy(world, to_act, rng))
                moves += 1
        if not dealt and chance.getstate() != fresh:
            dealt = 1  # cards dealt within a move (a board run out after an all-in call)
        return world, moves, dealt


def _stock_places(world: GameState, seat: int) -> list[tuple[Any, Any]]:
    """The places of the cards hidden from ``seat`` outside every hand."""
    hands = getattr(world, "hands", None)
    held = {id(h) for h in hands} if isinstance(hands, list) else set()
    return [(c, i) for c, i in world._hidden_slots(seat) if id(c) not in held]


def _stock_size(state: GameState, seat: int) -> int:
    """How many cards are hidden from ``seat`` outside the hands (see :data:`MAX_TAIL_STOCK`)."""
    try:
        return len(_stock_places(state, seat))
    except Exception:  # a game that cannot say gets no runs of its own
        return MAX_TAIL_STOCK + 1


def _redeal_stock(world: GameState, seat: int, rng: random.Random) -> None:
    """Shuffle the cards hidden from ``seat`` that lie outside every hand (the stock, the
    cards to come) among their places: another run of the cards to come, the same hands."""
    places = _stock_places(world, seat)
    cards = [c[i] for c, i in places]
    rng.shuffle(cards)
    for (container, index), card in zip(places, cards):
        container[index] = card


def _worth_planning(normal: Any, state: GameState, seat: int) -> bool:
    """False when the normal bot says rollouts cannot tell this decision's candidates
    apart (``worth_planning(state, seat)``: a Flame Sword flip, one of up to 100 cells
    whose worth rollouts would need thousands of plays to see); then its choice stands."""
    asked = getattr(normal, "worth_planning", None)
    return True if asked is None else bool(asked(state, seat))


def _bot_policy(make: Callable[[random.Random], Any], seed: int) -> Policy:
    """A rollout policy that moves every seat with its own bot from ``make`` (made fresh
    for the rollout, so nothing a bot remembers leaks from one world into another),
    seeded from ``seed``; the light policy where that bot fails."""
    bots: dict[int, Any] = {}

    def choose(world: GameState, seat: int, rng: random.Random) -> Action:
        bot = bots.get(seat)
        if bot is None:
            bot = bots[seat] = make(random.Random(seed + seat))
        try:
            action: Action = bot.choose(world, seat)
        except Exception:  # a rollout must go on; the light policy always has a move
            return light_choice(world, seat, rng)
        return action

    return choose


def _styled(policy: Policy, styles: dict[int, tuple[str, float]], raised: frozenset[int] = frozenset()) -> Policy:
    """``policy``, except that at a bet the seats whose style was read this match play it
    (:meth:`cardtable.bots.reading.Reader.styles`): one that raises whatever it holds
    raises the most, one that calls whatever it holds checks or calls
    (:mod:`cardtable.bots.fixed`), and a tight one asked to pay folds as often as it did
    unless it bet or raised in the round (``raised``: read before the decision; or in
    the betting round being played): a tight player's bet comes with a good hand;
    so the rollouts meet the players at the table, not the normal bot (whose folds
    against a raiser, bluffs into a caller and calls of a bet a rock would fold to are
    what strong planned against)."""
    from cardtable.bots.fixed import aggressive, is_bet, passive

    def choose(world: GameState, seat: int, rng: random.Random) -> Action:
        style, folds = styles.get(seat, ("", 0.0))
        if style:
            actions = world.legal_actions(seat)
            if is_bet(actions):
                if style == "raises":
                    return aggressive(world, seat, actions)
                if style == "calls":
                    return passive(world, seat, actions)
                fold = next((a for a in actions if type(a).__name__ == "Fold"), None)
                facing = not any(type(a).__name__ == "Check" for a in actions)
                if fold is not None and facing and seat not in raised and not bet_now(world, seat):
                    if rng.random() < folds:
                        return fold
        return policy(world, seat, rng)

    return choose


def _target_round(state: GameState) -> int:
    """The round a rollout plays out: the current one, or the next when the current one
    is already settled (a decision between rounds)."""
    number = state.round_number
    outcome = state.round_outcome()
    if outcome is not None and outcome.get("round") == number:
        return number + 1
    return max(number, 1)


def _round_done(state: GameState, target: int) -> bool:
    if state.is_over or state.round_number > target:
        return True
    outcome = state.round_outcome()
    return outcome is not None and isinstance(outcome.get("round"), int) and outcome["round"] >= target


def _paired(better: Estimate, worse: Estimate) -> tuple[float, float, int]:
    """The mean of ``better``'s value less ``worse``'s over the worlds both were played
    on (the first ones: a candidate dropped stops getting more), its standard error, and
    how many worlds."""
    n = min(better.count, worse.count)
    if n == 0:
        return 0.0, 0.0, 0
    diffs = [b - w for b, w in zip(better.values[:n], worse.values[:n])]
    mean = sum(diffs) / n
    if n < 2:
        return mean, 0.0, n
    variance = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, math.sqrt(variance / n), n


def _clearly_better(better: Estimate, worse: Estimate, z: float) -> bool:
    mean, error, n = _paired(better, worse)
    return n >= MIN_EVIDENCE and mean > 0 and mean > _t_quantile(z, n - 1) * error


def _t_quantile(z: float, df: int) -> float:
    """Student's t quantile with ``df`` degrees of freedom at the normal quantile ``z``
    (Cornish-Fisher; within a few percent from 3 degrees of freedom, a little low at 2)."""
    if df <= 0:
        return math.inf
    return (z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df * df))


def _stray_z() -> float:
    """The normal quantile a rival must clear (:data:`STRAY_ALPHA`, one-sided)."""
    return NormalDist().inv_cdf(1.0 - STRAY_ALPHA)


def _pruned(active: list[Estimate], prior: Action | None, everyone: bool = False) -> list[Estimate]:
    """The candidates still worth rollouts: the best so far, the normal bot's choice, and
    every other not :data:`PRUNE_Z` standard errors (paired) below the best; with
    ``everyone`` (at 4, 8, 16... worlds: the pairs cost the square of the candidates) also
    below any other candidate still in. A bet of one size clearly worse than another
    (bet sizes differ little, world by world) is dropped even while something else leads:
    the rollouts then go to the rivals that may still beat the normal bot's choice."""
    leader = max(active, key=lambda e: e.mean)
    kept = [e for e in active
            if e is leader or e.action == prior or not _clearly_better(leader, e, PRUNE_Z)]
    if not everyone:
        return kept
    return [e for e in kept if e is leader or e.action == prior
            or not any(f is not e and _clearly_better(f, e, PRUNE_Z) for f in kept)]


def _best(active: list[Estimate], prior: Action | None) -> Estimate:
    """The best mean; the prior's action unless another beats it by more than
    the noise of the paired difference (:data:`STRAY_ALPHA`, see :func:`_stray_z`)."""
    tried = [e for e in active if e.count > 0] or active
    best = max(tried, key=lambda e: e.mean)
    if prior is None:
        return best
    base = next((e for e in active if e.action == prior), None)
    if base is None or best is base:
        return best if base is None else base
    return best if _clearly_better(best, base, _stray_z()) else base
