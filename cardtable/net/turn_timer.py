"""The turn timer of a hosted table.

A connected remote player who has not acted ``seconds`` after their turn began has the
table's computer play that one turn for them (the seat stays theirs: the next turn is
theirs again, with a new count), and a log line says so, which every screen shows:
"Bo took too long: the computer checked for them". A player who is not connected is
the absence rule's (``absent_after``), not the timer's. 0 seconds: no timer (a table
at home has none).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable
from typing import Any

from cardtable.bots.base import choose_for
from cardtable.engine.game import Action, Event, GameState

__all__ = ["TurnTimer", "DEFAULT_TURN_SECONDS", "took_too_long", "act_for"]

DEFAULT_TURN_SECONDS = 60.0
"""A hosted table's turn time unless the setup screen or ``--turn-seconds`` says otherwise."""

# What the computer did, by the last part of the action's kind ("poker.check" -> "check").
_DONE = {"check": "checked", "fold": "folded", "call": "called", "bet": "bet", "raise": "raised",
         "all_in": "went all in", "discard": "discarded", "draw": "drew", "stand": "stood", "keep": "kept",
         "swap": "swapped", "drop": "dropped out", "skip": "skipped", "stake": "staked", "cover": "covered",
         "flip": "flipped", "bid": "bid", "pass_bid": "passed"}


class TurnTimer:
    """How long the turn being waited for has left. ``seconds``: the turn time (0: off);
    ``clock``: seconds, rising (:func:`time.monotonic`; the tests give their own)."""

    def __init__(self, seconds: float = 0.0, clock: Callable[[], float] = time.monotonic) -> None:
        self.seconds = max(0.0, float(seconds))
        self.clock = clock
        self._turn: Hashable | None = None
        self._began = 0.0

    @property
    def on(self) -> bool:
        """True when turns are timed."""
        return self.seconds > 0

    def left(self, turn: Hashable) -> float | None:
        """Seconds left of ``turn`` (what names it: the action count, the seat and its
        connection, so a player back on a new connection has a whole turn), counted from
        the first time it is asked about; 0 once it is up; None when turns are not timed."""
        if not self.on:
            return None
        now = self.clock()
        if turn != self._turn:
            self._turn, self._began = turn, now
        return max(0.0, self.seconds - (now - self._began))


def took_too_long(name: str, action: Action) -> str:
    """The log line for a turn the computer played: "Bo took too long: the computer
    checked for them"."""
    done = _DONE.get(action.kind.rpartition(".")[2], "played")
    return f"{name} took too long: the computer {done} for them"


def act_for(state: GameState, seat: int, bot: Any, name: str) -> Action:
    """Log that ``seat``'s player (``name``) took too long and return ``bot``'s action
    for them (chosen from what the seat may know); the caller applies it."""
    action = choose_for(bot, state, seat)
    state.log.append(Event(seat, took_too_long(name, action)))
    return action
