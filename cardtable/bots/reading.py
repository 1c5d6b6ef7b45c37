"""Reading the opponents: which guessed worlds fit what they did (issue 18).

A seat copy deals the cards its seat cannot see uniformly, as if the opponents' bets said
nothing about their hands. A :class:`Reader` remembers, between one decision of its seat
and the next in the same round, what the seat itself saw: the state after its own action
(its own seat copy, so only its view) and the log lines since. It replays the opponents'
moves on that state, finding each move by the line it wrote to the log (the same line
for the same move whatever the hidden cards), and keeps each as :class:`Evidence`: the
state the opponent acted in and the kind of move it made.

:meth:`Reader.disagreements` then asks a model of the opponents (the game's normal bot,
what the strong level meets) what each would have done with the hand a guessed world
gives it; :meth:`Reader.accept` keeps a world with the chance :data:`AGREE` /
:data:`DISAGREE` odds of each move the model does not repeat (rejection sampling of the
worlds by the likelihood of the moves seen). Nothing here reads a state the seat was
not given: every state is a copy of one of its seat copies.
"""

from __future__ import annotations

import dataclasses
import math
import random
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from cardtable.bots.worlds import Snapshot
from cardtable.engine.game import CHANCE, Action, GameState

__all__ = ["Reader", "Evidence", "Tendency", "kind", "AGREE", "DISAGREE", "MAX_EVIDENCE", "MISFIT_AFTER",
           "MISFIT_SHARE", "STYLE_AFTER", "TIGHT_WEIGHT", "SHOVES_AFTER", "FOLDS_AFTER", "FOLDER_SHARE"]

AGREE = 0.9
"""The likelihood of a move seen when the model makes the same kind of move."""
DISAGREE = 0.1
"""The likelihood of a move seen when the model would have made another kind (the
normal bot bluffs and samples, so no move rules a hand out)."""
MAX_EVIDENCE = 4
"""The latest moves read (each costs a model decision a guessed world)."""
MISFIT_AFTER = 8
MISFIT_SHARE = 0.15
"""A move the model repeats in fewer than this share of the first :data:`MISFIT_AFTER`
or more worlds asked is not read any more (see :attr:`Evidence.misfit`)."""

STYLE_AFTER = 8
"""The fewest of an opponent's decisions seen this match before its style is named."""
RAISER_SHARE = 0.95
"""An opponent that raised at least this share of the times it could, and never folded,
raises whatever it holds (the normal level raised up to 0.93 of the times in Ipso, and
folds now and then)."""
CALLER_SHARE = 0.1
"""An opponent that never folded when asked to pay (at least :data:`FACING_AFTER` times)
and raised at most this share of the times it could calls whatever it holds."""
FACING_AFTER = 4
TIGHT_SHARE = 0.5
"""An opponent that folded at least this share of the times it was asked to pay (at
least :data:`TIGHT_AFTER` times) plays only good hands: its raises say more than the
normal bot's would, and it folds to a bet that often (the normal level folded to the
minimum bet 0 to 38% of the time in the benchmarks)."""
TIGHT_AFTER = 6
FOLDS_AFTER = 4
FOLDER_SHARE = 0.75
"""An opponent asked to pay at least :data:`FOLDS_AFTER` times that folded at least this
share of the times it did not raise is tight before :data:`STYLE_AFTER` decisions: a
player of premium hands only folds nine times in ten and raises the tenth (counting its
raises, two raises in five had it named and unnamed within a hand), and a short match is
over before it has made eight decisions (the normal level folded to the least bet 0 to
38% of the time)."""
SHOVES_AFTER = 3
"""An opponent that went all-in (or raised the most allowed) every time it could raise,
at least this many times, and never folded, raises whatever it holds, before
:data:`STYLE_AFTER` decisions: in no-limit a match against it is over in a hand or two
when its shoves are called, so waiting for eight decisions named it too late."""
TIGHT_WEIGHT = 2.0
"""A tight opponent's raise the model would not have made counts as this many misses."""

_RAISES = {"Bet", "Raise", "AllIn", "Stake", "CoverRaise"}
_BETTING = {"Fold", "Check", "Call", "Cover", "raise"}


@dataclass
class Tendency:
    """One opponent's betting this match, as this seat saw it: its decisions with a choice,
    the times it could raise and did, and the times it had to pay to stay in and folded."""

    decisions: int = 0
    could_raise: int = 0
    raised: int = 0
    facing: int = 0
    folded: int = 0
    shoved: int = 0
    """The raises that were the most allowed (all-in)."""
    called: int = 0
    """The times it had to pay and called (neither folded nor raised)."""

    def add(self, move: str, kinds: set[str], most: bool = False) -> None:
        """Count a move of kind ``move`` made when ``kinds`` were open to it (a bet: a
        draw or a discard is no betting); ``most``: the raise was the most allowed."""
        if not kinds & _BETTING:
            return
        self.decisions += 1
        if "raise" in kinds:
            self.could_raise += 1
            self.raised += move == "raise"
            self.shoved += move == "raise" and most
        if "Fold" in kinds and "Check" not in kinds:
            self.facing += 1
            self.folded += move == "Fold"
            self.called += move not in ("Fold", "raise")

    @property
    def style(self) -> str | None:
        """``"raises"`` (whatever it holds), ``"calls"`` (whatever it holds), ``"tight"``
        (only good hands) or None (no pattern yet, or the normal bot's own mix).

        >>> t = Tendency()
        >>> for _ in range(8): t.add("Call", {"Fold", "Call", "raise"})
        >>> t.style
        'calls'
        """
        if self.could_raise >= SHOVES_AFTER and self.shoved == self.could_raise and self.folded == 0:
            return "raises"
        if self.facing >= FOLDS_AFTER and 0 < self.folded >= FOLDER_SHARE * (self.folded + self.called):
            return "tight"
        if self.decisions < STYLE_AFTER:
            return None
        if (self.could_raise >= STYLE_AFTER // 2 and self.raised >= RAISER_SHARE * self.could_raise
                and self.folded == 0):
            return "raises"
        if self.facing >= FACING_AFTER and self.folded == 0 and self.raised <= CALLER_SHARE * self.could_raise:
            return "calls"
        if self.facing >= TIGHT_AFTER and self.folded >= TIGHT_SHARE * self.facing:
            return "tight"
        return None


def kind(action: Action) -> str:
    """What a move says about a hand: its class name, every bet or raise alike."""
    name = type(action).__name__
    return "raise" if name in _RAISES else name


@dataclass
class Evidence:
    """One opponent's move: the state it acted in (a lean copy) and the kind of move."""

    before: Snapshot
    seat: int
    kind: str
    hand_size: int
    asked: int = 0
    """Guessed worlds the model was asked about this move in."""
    agreed: int = 0
    """Of those, the worlds in which it made the same kind of move."""
    action: Action | None = None
    """The move itself, for a model that tells moves of one kind apart (``alike``)."""

    @property
    def misfit(self) -> bool:
        """True when the model hardly ever makes this move whatever the hand (it hangs on
        something a world does not redeal, like a card just drawn): then it tells nothing."""
        return self.asked >= MISFIT_AFTER and self.agreed < MISFIT_SHARE * self.asked


@dataclass
class _Pending:
    round_number: int
    log_length: int
    after: Snapshot
    seat: int


@dataclass
class Reader:
    """The evidence of the current round for one seat (see the module's text)."""

    evidence: list[Evidence] = field(default_factory=list)
    tendencies: dict[int, Tendency] = field(default_factory=dict)
    """Each opponent's betting over the match (every move read, any round)."""
    raised_in: dict[int, int] = field(default_factory=dict)
    """The round of each opponent's last raise read, by seat (see :meth:`raised`)."""
    templates: dict[str, str] = field(default_factory=dict)
    """The kind of move each log line writes, its amounts blanked (see :func:`template`):
    learned from the replays, to count the moves a replay could not reach."""
    _learned: set[tuple[int, str]] = field(default_factory=set)
    _pending: _Pending | None = None

    def style(self, seat: int) -> str | None:
        """The style of ``seat``'s betting this match (see :attr:`Tendency.style`)."""
        found = self.tendencies.get(seat)
        return found.style if found is not None else None

    def raised(self, seat: int, round_number: int) -> bool:
        """Whether ``seat`` was read raising in round ``round_number`` (a draw since
        or not: a tight player's raise says its hand was good)."""
        return self.raised_in.get(seat) == round_number

    def styles(self) -> dict[int, tuple[str, float]]:
        """Every opponent whose style is named, by seat, with the share of the times it
        folded when asked to pay."""
        return {seat: (style, t.folded / max(1, t.facing)) for seat, t in self.tendencies.items()
                if (style := t.style) is not None}

    def observe(self, state: GameState, seat: int, deadline: float = math.inf) -> None:
        """Read the moves made since this seat's last decision, from ``state`` (its seat
        copy now): kept while the round lasts, forgotten when a new one began. A move made
        with a hand its player has changed since (a draw, an exchange, a swap: seen in the
        replay) no longer counts, and when the replay stops short of the present (or at
        ``deadline``, a :func:`time.perf_counter` reading) nothing read this round does:
        what followed is unknown."""
        pending, self._pending = self._pending, None
        if pending is None or pending.seat != seat or pending.round_number != state.round_number:
            self.evidence = []
        if pending is None or pending.seat != seat or pending.round_number > state.round_number:
            return
        events = state.log[pending.log_length:]
        lines = [e.text_for(seat) for e in events]
        hidden = _hidden(state, seat)
        world = pending.after.make(random.Random(0))
        at = 0
        while at < len(lines):
            actor = world.to_act
            if actor is None or actor == seat:
                break
            if time.perf_counter() > deadline:
                self.evidence = []
                return
            held = _hands(world)
            if actor == CHANCE:  # a new deal: guessed, like every hidden card
                at += len(_lines(world, world.chance_action(), seat, apply=True))
            else:
                now = world.round_number == state.round_number
                # Cards the copy dealt from its guessed deck (a new deal, a card turned up) or
                # a hand since ended (its cards gathered) hide other cards than the real seat
                # copy: the move is still read for the tendencies (its line and its choices
                # are the real ones), but the replay stops there.
                astray = now and not hidden <= _hidden(world, seat)
                move = _move_for(world, actor, lines[at:], seat)
                if move is None:
                    break
                action, kinds = move
                hand = _hand(world, actor)
                if len(kinds) > 1:
                    self.tendencies.setdefault(actor, Tendency()).add(kind(action), kinds,
                                                                      _most(world, actor, action))
                    self._learn(world, actor, seat, lines[at], kind(action))
                    if kind(action) == "raise":
                        self.raised_in[actor] = world.round_number
                if (now and not astray and len(kinds) > 1 and hand is not None
                        and self.style(actor) not in ("raises", "calls")):
                    self.evidence.append(Evidence(Snapshot(world), actor, kind(action), len(hand), action=action))
                at += len(_lines(world, action, seat, apply=True))
                if astray:
                    break
            changed = {s for s, cards in _hands(world).items() if held.get(s) != cards}
            self.evidence = [e for e in self.evidence if e.seat not in changed]
        else:
            del self.evidence[:-MAX_EVIDENCE]
            return
        same_round = pending.round_number == state.round_number
        self._count_unreplayed(events[at:], lines[at:], seat, state.seats,
                               state.round_number if same_round else None)
        if at < len(lines) and world.to_act != seat:
            self.evidence = []  # the replay stopped short: a hand may have changed since
        del self.evidence[:-MAX_EVIDENCE]

    def _learn(self, world: GameState, actor: int, seat: int, line: str, made: str) -> None:
        """Remember ``line`` as a move of kind ``made``, and learn the line of each other
        kind of move ``actor`` had in ``world`` (once an actor and kind)."""
        from cardtable.bots.strong import candidates
        self.templates[template(line)] = made
        self._learned.add((actor, made))
        snapshot: Snapshot | None = None
        for action in candidates(world, actor):
            found = kind(action)
            if (actor, found) in self._learned:
                continue
            self._learned.add((actor, found))
            snapshot = snapshot or Snapshot(world)
            try:
                written = _lines(world, action, seat, snapshot=snapshot)
            except Exception:  # reading is a help, never a need
                continue
            if written:
                self.templates.setdefault(template(written[0]), found)

    def _count_unreplayed(self, events: list[Any], lines: list[str], seat: int, seats: int,
                          round_number: int | None = None) -> None:
        """Count in the tendencies the opponents' moves a replay could not reach (past a
        card dealt face up or a showdown), each known by its line's :func:`template`, with
        the choices such a move implies (a call or fold: it had to pay, and could raise);
        a raise is remembered as made in ``round_number`` when given (every move since
        the seat's last decision was in this round)."""
        for event, line in zip(events, lines):
            actor = event.seat
            found = self.templates.get(template(line)) if 0 <= actor < seats and actor != seat else None
            if found:
                self.tendencies.setdefault(actor, Tendency()).add(found, _IMPLIED.get(found, {found, "raise"}))
                if found == "raise" and round_number is not None:
                    self.raised_in[actor] = round_number

    def decided(self, state: GameState, seat: int, action: Action) -> None:
        """Remember the state after this seat's ``action`` (on a copy of its seat copy)."""
        self._pending = None
        try:
            after = Snapshot(state).make(random.Random(0))
            made = len(_lines(after, action, seat, apply=True))
        except Exception:  # reading is a help, never a need
            return
        self._pending = _Pending(state.round_number, len(state.log) + made, Snapshot(after), seat)

    def disagreements(self, world: GameState, model: Callable[[random.Random], Any],
                      rng: random.Random) -> float:
        """How many moves read the ``model`` (a bot factory) would not have made with the
        hands ``world`` gives their players (a move of the same kind, or where the model's
        bot has ``alike(state, its_move, seen)``, one it calls alike: Shenja Ivali's sizes
        its bets and bids by its hand): a raise of a tight player counts
        :data:`TIGHT_WEIGHT` (it means more), a move of one who raises or calls whatever it
        holds nothing (it means nothing)."""
        missed = 0.0
        for item in self.evidence:
            style = self.style(item.seat)
            if item.misfit or style in ("raises", "calls"):
                continue
            hand = _hand(world, item.seat)
            if hand is None or len(hand) != item.hand_size:
                continue  # the hand changed since (a draw): this move tells nothing of it
            then = item.before.make(random.Random(rng.getrandbits(32)))
            held = _hand(then, item.seat)
            if held is None:
                continue
            held[:] = hand
            try:  # asked on the copy itself: the bots read no hand but their own
                bot = model(random.Random(rng.getrandbits(32)))
                guess = bot.choose(then, item.seat)
            except Exception:
                continue
            same = kind(guess) == item.kind
            alike = getattr(bot, "alike", None)
            if same and alike is not None and item.action is not None:
                same = bool(alike(then, guess, item.action))  # the model's sizes say more
            item.asked += 1
            item.agreed += same
            if not same:
                missed += TIGHT_WEIGHT if style == "tight" and item.kind == "raise" else 1.0
        return missed

    def accept(self, missed: float, rng: random.Random) -> bool:
        """Keep a world whose model missed ``missed`` moves, with their odds."""
        return missed == 0 or rng.random() < (DISAGREE / AGREE) ** missed


def _most(state: GameState, seat: int, action: Action) -> bool:
    """Whether ``action`` is the most ``seat`` could raise on ``state`` (all-in, or the
    betting options' highest amount where a smaller one was open: in Ipso, past the
    maximum bet's first raise, the least stake is the most and tells nothing)."""
    if type(action).__name__ == "AllIn":
        return True
    options = getattr(state, "betting_options", lambda s: None)(seat)
    value = getattr(action, "to", getattr(action, "amount", None))
    high = getattr(options, "max_raise_to", getattr(options, "max_amount", None))
    low = getattr(options, "min_raise_to", getattr(options, "min_amount", None))
    if isinstance(low, int) and isinstance(high, int) and low >= high:
        return False
    return isinstance(value, int) and isinstance(high, int) and value >= high


def _hidden(state: GameState, seat: int) -> set[int]:
    """The cards ``seat`` cannot see. A replay's copy that hides fewer than the real seat
    copy dealt some face up from its guessed deck, which differs from the real one, so the
    replay stops there. (The seat's own cards are the same in both, so one seat's view
    tells: the cards hidden from every seat once took a call of ``_hidden_slots`` a seat,
    80% of a decision in Flame Sword at eight seats, whose stock is some 11,900 cards.)"""
    return {card for container, index in state._hidden_slots(seat)
            if isinstance(card := container[index], int)}


def _hands(state: GameState) -> dict[int, tuple[int, ...]]:
    """Every unshown hand of ``state``, by seat."""
    found = {}
    for seat in range(state.seats):
        hand = _hand(state, seat)
        if hand is not None:
            found[seat] = tuple(hand)
    return found


def _hand(state: GameState, seat: int) -> list[int] | None:
    hands = getattr(state, "hands", None)
    shown = getattr(state, "shown", None)
    if not isinstance(hands, list) or not 0 <= seat < len(hands) or not isinstance(hands[seat], list):
        return None
    if isinstance(shown, list) and seat < len(shown) and shown[seat]:
        return None  # a shown hand is the same in every world
    hand: list[int] = hands[seat]
    return hand


def _lines(state: GameState, action: Action, seat: int, *, apply: bool = False,
           snapshot: Snapshot | None = None) -> list[str]:
    """The log lines ``seat`` would read after ``action`` (one move can write several),
    on a copy of ``state`` (made from ``snapshot`` when given, a snapshot of ``state``) or,
    with ``apply``, on ``state`` itself."""
    target = state if apply else (snapshot or Snapshot(state)).make(random.Random(0))
    start = len(target.log)
    target.apply(action)
    return [e.text_for(seat) for e in target.log[start:]]


_IMPLIED = {"Fold": {"Fold", "Call", "raise"}, "Call": {"Fold", "Call", "raise"}, "Check": {"Check", "raise"},
            "raise": {"raise"}}
"""The choices a move read from its line alone implies its player had."""


def template(line: str) -> str:
    """A log line with its amounts blanked: the same for every move of one kind by one
    player.

    >>> template("Bo raises to 1,500")
    'Bo raises to #'
    """
    return re.sub(r"\d+(?:,\d{3})*", "#", line)


def amounts(line: str) -> set[int]:
    """The amounts a log line writes, thousands separated as the log writes them.

    >>> sorted(amounts("Bo raises to 1,500 (pot 12,000), 3 left"))
    [3, 1500, 12000]
    """
    return {int(n.replace(",", "")) for n in re.findall(r"\d+(?:,\d{3})*", line)}


def _move_for(state: GameState, actor: int, lines: list[str], seat: int) -> tuple[Action, set[str]] | None:
    """The move of ``actor`` whose first log line is the first of ``lines`` (amounts
    tried from that line's numbers), and the kinds of move it had; None when none is."""
    from cardtable.bots.strong import candidates
    options = candidates(state, actor)
    kinds = {kind(a) for a in options}
    numbers = amounts(lines[0]) if lines else set()
    snapshot = Snapshot(state)  # one copy of the state to try every move on
    for action in options:
        tries = [action]
        name = "to" if hasattr(action, "to") else "amount" if hasattr(action, "amount") else None
        if name is not None:
            tries += [dataclasses.replace(action, **{name: n}) for n in sorted(numbers)]
        for attempt in tries:
            if state.why_illegal(attempt) is not None:
                continue
            try:
                written = _lines(state, attempt, seat, snapshot=snapshot)
            except Exception:
                continue
            if written[:1] == lines[:1]:  # what follows may tell guessed cards (a showdown)
                return attempt, kinds
    return None
