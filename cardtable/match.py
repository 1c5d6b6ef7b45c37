"""A match as a table scene sees it: the one door between a table and the game it shows.

A table scene (:class:`~cardtable.ui.game_table.GameTableScene` and every game's table)
never reads the game's state: it draws the typed seat view
(:class:`~cardtable.engine.view.SeatView`) it is given, and it hands actions back. Both
go through a match: :meth:`TableMatch.view` for what a seat may see (built once per
position and seat), :meth:`TableMatch.why_illegal` and :meth:`TableMatch.apply` for a
person's move, :meth:`TableMatch.chance_action` and :meth:`TableMatch.bot_action` for the
moves the table makes itself, and the few things a table keeps or shows that are not a
seat's view (the log as a seat reads it, the standings, the save).

:class:`TableMatch` holds a local match's state, the one place a table's questions meet
it; :class:`ViewMatch` is a match known only by one seat's view (a remote window's). No
pygame here: the scenes hold a match through :class:`cardtable.ui.table_match.HoldsMatch`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from cardtable.bots.base import choose_for
from cardtable.engine.game import Action, GameState
from cardtable.engine.view import SeatView

__all__ = ["TableMatch", "ViewMatch"]


class TableMatch:
    """A local match: the state itself, behind the questions a table asks of it."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self._views: dict[int | None, SeatView] = {}
        self._views_at = -1

    @property
    def seats(self) -> int:
        """How many seats the table has."""
        return self.state.seats

    @property
    def deck(self) -> Any:
        """The deck the cards are drawn from (None for a game without one)."""
        return getattr(self.state, "deck", None)

    @property
    def settings(self) -> Any:
        """The game's settings (static for the match; None for a game without them)."""
        return getattr(self.state, "settings", None)

    @property
    def actions(self) -> int:
        """How many actions the match has had: a position's number."""
        return len(self.state.history)

    def forget_views(self) -> None:
        """Build the views again when next asked (the table does so every frame, so a
        state changed other than by an action, as a test may, shows at the next frame)."""
        self._views_at = -1

    def view(self, seat: int | None) -> SeatView:
        """What ``seat`` (None: nobody at the screen) may see now, typed; built once
        per position and seat (and frame: :meth:`forget_views`)."""
        if self._views_at != len(self.state.history):
            self._views, self._views_at = {}, len(self.state.history)
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = self.state.seat_view(seat)
        return view

    def why_illegal(self, action: Action) -> str | None:
        """None when ``action`` is legal now, else the reason in words."""
        return self.state.why_illegal(action)

    def apply(self, action: Action) -> None:
        """Perform a legal action."""
        self.state.apply(action)

    def chance_action(self) -> Action:
        """Chance's next action (only when chance is to act)."""
        return self.state.chance_action()

    def bot_action(self, bot: Any, seat: int) -> Action:
        """What the computer player ``bot`` of ``seat`` does now (it reasons on the seat's
        copy of the match: :func:`cardtable.bots.base.choose_for`)."""
        return choose_for(bot, self.state, seat)

    def act_for_the_slow(self, bot: Any, seat: int, name: str) -> Action:
        """What ``bot`` plays for ``seat``'s player (``name``), whose turn time ran out,
        with the log line that says so (:func:`cardtable.net.turn_timer.act_for`)."""
        from cardtable.net.turn_timer import act_for
        return act_for(self.state, seat, bot, name)

    def seat_world(self, seat: int, rng: random.Random) -> GameState:
        """What ``seat`` may know, as a state to reason on (the hint's strong player is
        given this, never the state): :meth:`~cardtable.engine.game.GameState.seat_copy`."""
        return self.state.seat_copy(seat, rng)

    def log_for(self, seat: int | None) -> list[str]:
        """The log as ``seat`` may read it."""
        return self.state.log_for(seat)

    @property
    def log_length(self) -> int:
        """How many lines the log has."""
        return len(self.state.log)

    def standings(self) -> list[tuple[str, int]]:
        """Every player's name and holding, best first."""
        return self.state.standings()

    def to_json(self) -> dict[str, Any]:
        """The whole state, for a save."""
        return self.state.to_json()


class ViewMatch:
    """A match known only by what one seat is shown: its seat view, its log lines, the
    standings, the deck and the settings (what a remote window gets from its host). A
    table draws it as it draws a :class:`TableMatch`; it applies nothing: a move goes to
    whoever holds the match (the host), and a new view comes back.
    """

    def __init__(self, view: SeatView, *, deck: Any, settings: Any, log: Sequence[str] = (),
                 standings: Sequence[tuple[str, int]] = (), actions: int = 0) -> None:
        self.shown = view
        self.deck = deck
        self.settings = settings
        self.log = list(log)
        self.final_standings = list(standings)
        self.actions = actions

    @property
    def seats(self) -> int:
        """How many seats the table has."""
        return len(self.shown.seats)

    @property
    def log_length(self) -> int:
        """How many lines the seat's log has."""
        return len(self.log)

    def forget_views(self) -> None:
        """Nothing to build again: the view is given."""

    def view(self, seat: int | None) -> SeatView:
        """The one view this match has (LookupError for another seat's)."""
        if seat != self.shown.seat:
            raise LookupError(f"this match shows seat {self.shown.seat}'s view only, not seat {seat}'s")
        return self.shown

    def why_illegal(self, action: Action) -> str | None:
        """Only the seat's own actions may be sent; the holder of the match judges the rest."""
        return None if action.seat == self.shown.seat else "not your seat"

    def log_for(self, seat: int | None) -> list[str]:
        """The seat's log lines."""
        self.view(seat)
        return list(self.log)

    def standings(self) -> list[tuple[str, int]]:
        """The standings as last told, else every seat's stack from the view, best first."""
        if self.final_standings:
            return list(self.final_standings)
        return sorted(((s.name, s.stack or 0) for s in self.shown.seats), key=lambda pair: -pair[1])

    def apply(self, action: Action) -> None:
        """Never: the holder of the match applies every action."""
        raise RuntimeError("a match known by its views applies nothing: the move goes to the host")

    def chance_action(self) -> Action:
        """Never: chance is drawn by the holder of the match."""
        raise RuntimeError("a match known by its views draws no chance")

    def bot_action(self, bot: Any, seat: int) -> Action:
        """Never: the holder of the match plays its computers."""
        raise RuntimeError("a match known by its views plays no computer")

    def to_json(self) -> dict[str, Any]:
        """Never: the holder of the match saves it."""
        raise RuntimeError("a match known by its views is saved by its holder")
