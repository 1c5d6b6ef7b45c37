"""A match to step through: every position from its start to its last move, seen from a seat.

:class:`MatchReplay` takes a match (a state that records how it began,
:attr:`~cardtable.engine.game.GameState.genesis`, and its moves) and plays it again from
the start, once, through ``why_illegal`` and ``apply``: a move that does not replay is a
:class:`~cardtable.engine.replay.ReplayError`, so what is shown is always a position the
rules reach. Position ``k`` is the match after its first ``k`` moves (0: before the first
deal; chance's deals are moves too). Any position is then rebuilt from the nearest copy
kept on the way (one every :data:`CHECKPOINT` moves), so stepping backwards through the
longest match costs a few dozen moves, never the whole history.

What a position shows goes through the same door as play: a seat's typed view
(:meth:`MatchReplay.view`, with no actions in it: a replay plays nothing) and the log as
that seat reads it. :meth:`MatchReplay.face_up_view` lays every seat's own cards face up
at once; the viewer (:mod:`cardtable.ui.replay_table`) offers it only once the match is
over, so a replay never shows more than the table did while anyone still plays.
No pygame here.
"""

from __future__ import annotations

import bisect
import dataclasses
from collections.abc import Sequence
from typing import Any, cast

from cardtable.engine.cards import Deck
from cardtable.engine.game import Action, GameState
from cardtable.engine.replay import ReplayError, replay
from cardtable.engine.view import SeatView

__all__ = ["CHECKPOINT", "Positions", "MatchReplay", "SeenViews"]

CHECKPOINT = 64
"""Moves between two positions kept whole (a step back replays at most this many)."""


class Positions:
    """What every replay shares: where its hands begin and how its log grows, position by
    position. Subclasses fill ``_rounds`` and ``_log_lengths`` (one entry a position) and
    give the views, the log and the standings."""

    _rounds: list[int]
    _log_lengths: list[int]
    hand_starts: list[int]
    deck: Any
    settings: Any

    @property
    def seats(self) -> int:
        """How many seats the match has (subclasses)."""
        raise NotImplementedError

    @property
    def is_over(self) -> bool:
        """True when the match was played to its end (subclasses)."""
        raise NotImplementedError

    def _found_hands(self) -> None:
        self.hand_starts = [k for k in range(1, len(self._rounds)) if self._rounds[k] != self._rounds[k - 1]]

    @property
    def last(self) -> int:
        """The last position."""
        return len(self._rounds) - 1

    def hand_of(self, position: int) -> int:
        """The hand (round) being played at ``position``: 0 before the first deal."""
        return self._rounds[position]

    @property
    def hands(self) -> int:
        """How many hands (rounds) the match reached."""
        return self._rounds[-1]

    def next_hand(self, position: int) -> int:
        """Where the hand after the one at ``position`` begins (the last position if none)."""
        i = bisect.bisect_right(self.hand_starts, position)
        return self.hand_starts[i] if i < len(self.hand_starts) else self.last

    def previous_hand(self, position: int) -> int:
        """Where the hand at ``position`` began, or the one before it when ``position`` is
        its start already (0 before the first)."""
        i = bisect.bisect_left(self.hand_starts, position)
        return self.hand_starts[i - 1] if i > 0 else 0

    def hand_words(self, position: int, round_word: str) -> str:
        """"hand 3 of 12" for ``position`` ("before the first hand" at the start)."""
        hand = self.hand_of(position)
        return f"{round_word} {hand} of {self.hands}" if hand else f"{round_word} 1 of {self.hands}, before the deal"

    def view(self, position: int, seat: int | None) -> SeatView:
        """What ``seat`` saw at ``position``, with no actions to take (subclasses)."""
        raise NotImplementedError

    def face_up_view(self, position: int) -> SeatView:
        """``position`` with every seat's cards face up (subclasses that know them)."""
        raise LookupError("this replay knows one seat's view only")

    def log(self, position: int, seat: int | None) -> list[str]:
        """The log at ``position`` as ``seat`` read it (subclasses)."""
        raise NotImplementedError

    def standings(self, position: int) -> list[tuple[str, int]]:
        """Every player's name and holding at ``position``, best first (subclasses)."""
        raise NotImplementedError

    def move_words(self, position: int, seat: int | None) -> str:
        """The log line the move into ``position`` added, as ``seat`` read it ("" for none)."""
        if position == 0 or self._log_lengths[position] == self._log_lengths[position - 1]:
            return ""
        return self.log(position, seat)[-1]


class MatchReplay(Positions):
    """Every position of one match (``state``: the match as it stands now; it is not
    changed). ``game``: its :class:`~cardtable.games.definition.GameDefinition`.
    ReplayError when the match keeps no record of its start or a move does not replay."""

    def __init__(self, game: Any, state: GameState) -> None:
        if game.state is None or state.genesis is None:
            raise ReplayError(0, "this match keeps no record of how it began (a save from an older version)")
        self.game = game
        self.moves: list[Action] = list(state.history)
        data = state.to_json()
        data["history"] = []
        deck = cast(Deck, getattr(state, "deck", None))  # every game with rules has one
        current = replay(game.state, data, deck=deck, read_settings=game.read_settings)
        self._kept: dict[int, GameState] = {0: current._copy()}
        self._log_lengths = [len(current.log)]
        self._rounds = [current.round_number]
        for n, action in enumerate(self.moves, 1):
            try:
                current.apply(action)
            except Exception as exc:  # noqa: BLE001 - a move the rules refuse or cannot weigh
                raise ReplayError(n, f"{type(action).__name__} cannot be played there ({exc})") from exc
            self._log_lengths.append(len(current.log))
            self._rounds.append(current.round_number)
            if n % CHECKPOINT == 0:
                self._kept[n] = current._copy()
        self._log = current.log  # the whole match's events: position k read the first _log_lengths[k]
        self._worded: dict[int | None, list[str]] = {}
        self._at = (len(self.moves), current)
        self.deck, self.settings = deck, getattr(current, "settings", None)
        self._found_hands()

    # -- positions ---------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        """True when the match was played to its end."""
        return self.state(self.last).to_act is None

    @property
    def seats(self) -> int:
        """How many seats the match has."""
        return self._at[1].seats

    def state(self, position: int) -> GameState:
        """The match after its first ``position`` moves (shared: read it, do not change it)."""
        if not 0 <= position <= self.last:
            raise IndexError(f"the match has positions 0 to {self.last}, not {position}")
        at, current = self._at
        if not at <= position or position - at > CHECKPOINT:
            start = max(k for k in self._kept if k <= position)
            current = self._kept[start]._copy()
            current.__dict__.pop("_seat_logs", None)  # the words kept for another log
            current.history = self.moves[:start]
            current.log = self._log[:self._log_lengths[start]]
            at = start
        for action in self.moves[at:position]:
            current.apply(action)
        self._at = (position, current)
        return current

    # -- what a position shows ---------------------------------------------------------------
    def view(self, position: int, seat: int | None) -> SeatView:
        """What ``seat`` (None: nobody's seat) saw at ``position``: its typed view, with no
        actions to take (a replay plays nothing)."""
        return _without_actions(self.state(position).seat_view(seat))

    def face_up_view(self, position: int) -> SeatView:
        """``position`` with every seat's own cards face up: what nobody's seat sees, each
        seat as it saw itself (for a match that is over)."""
        state = self.state(position)
        seats = tuple(state.seat_view(n).seats[n] for n in range(state.seats))
        return dataclasses.replace(_without_actions(state.seat_view(None)), seats=seats)

    def log(self, position: int, seat: int | None) -> list[str]:
        """The log at ``position`` as ``seat`` (None: nobody's seat) read it."""
        words = self._worded.get(seat)
        if words is None:
            words = self._worded[seat] = [event.text_for(seat) for event in self._log]
        return words[:self._log_lengths[position]]

    def standings(self, position: int) -> list[tuple[str, int]]:
        """Every player's name and holding at ``position``, best first."""
        return self.state(position).standings()


def _without_actions(view: SeatView) -> SeatView:
    return dataclasses.replace(view, legal=(), options=None)


class SeenViews(Positions):
    """A match as one seat's window was shown it over the network: the views the host sent,
    in order (``views``: each with the length of the seat's log then), the seat's ``log``,
    the deck and the settings. A remote window never has the match itself, so this is all
    it can review, and all it may: its own seat's view, position by position."""

    def __init__(self, seat: int | None, views: Sequence[tuple[SeatView, int]], log: Sequence[str], *, deck: Any,
                 settings: Any) -> None:
        if not views:
            raise ReplayError(0, "nothing has been shown yet")
        self.seat, self.deck, self.settings = seat, deck, settings
        self._views = [view for view, _ in views]
        self._log = list(log)
        self._log_lengths = [min(length, len(self._log)) for _, length in views]
        self._rounds = [view.round for view in self._views]
        self._found_hands()

    @property
    def seats(self) -> int:
        """How many seats the table has."""
        return len(self._views[0].seats)

    @property
    def is_over(self) -> bool:
        """True when the last view shown was the end of the match."""
        return self._views[-1].is_over

    def view(self, position: int, seat: int | None) -> SeatView:
        """The seat's view at ``position`` (LookupError for any other seat's)."""
        if seat != self.seat:
            raise LookupError(f"this window saw seat {self.seat}'s view only")
        return _without_actions(self._views[position])

    def log(self, position: int, seat: int | None) -> list[str]:
        """The seat's log at ``position``."""
        return self._log[:self._log_lengths[position]]

    def standings(self, position: int) -> list[tuple[str, int]]:
        """Every seat's stack as the view showed it, best first."""
        return sorted(((s.name, s.stack or 0) for s in self._views[position].seats), key=lambda pair: -pair[1])
