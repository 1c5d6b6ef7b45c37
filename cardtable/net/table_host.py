"""Hosting a table that a window runs: the network beside the frame loop, never in it.

A :class:`TableHost` is a :class:`~cardtable.net.seat_server.SeatServer` (the same hello, join
code, seat tokens, refusals, flood limits and absence as ``cardtable host``) whose game
is run by the window's table scene, in the window's thread. The server's thread never
touches the game state; it only reads messages, checks what needs no state (the
protocol, the action's form, the sender's own seat) and queues the rest. Each frame the
table calls :meth:`TableHost.pump`, which never waits: it takes the queued actions,
checks them against the state (replayed, stale, then the same ``why_illegal`` the
table's own controls use), applies the good ones through the table and hands the
refusals back to the server's thread. After every applied action the table calls
:meth:`TableHost.send_states`: each connected remote seat's message is built here with
:func:`~cardtable.net.host.state_message` and written by the server's thread; each
spectator's too, the message of seat None (the server queues a spectator's arrival
as it queues a seat's, so the window's thread alone keeps the list it sends to).
"""

from __future__ import annotations

import collections
import logging
import queue
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.engine.game import Action, GameState
from cardtable.games.definition import GameDefinition
from cardtable.net.host import state_messages
from cardtable.net.protocol import ProtocolError, decode_action, game_action_types
from cardtable.net.seat_server import SeatServer, _Conn

__all__ = ["TableHost", "SeatLatency"]

_log = logging.getLogger(__name__)
_KEPT = 20  # latency samples kept per seat


@dataclass
class SeatLatency:
    """What F3 shows of one remote seat: the round trip of the host's pings (the one
    measurement both ends show; none before the first answer) and how long its updates
    take (from an action being applied, and from its own action arriving)."""

    round_trip_ms: float | None = None
    update_ms: float | None = None   # median, applied -> written to this seat
    action_ms: float | None = None   # median, this seat's action arrived -> its update written


@dataclass
class _Queued:
    conn: _Conn
    seat: int
    seq: int
    count: int
    action: Action
    arrived: float


class TableHost(SeatServer):
    """The network side of a table run by a window (see the module's doc).

    ``seats``: each seat's kind, ``remote`` for a person on another computer (any other
    word for a seat played here); ``names`` the seats' names at the table; ``tokens``
    (seat -> token) gives a resumed table its players' seat tokens back; ``turn_seconds``
    the turn time (0: none) the window's table keeps with :attr:`turn_timer`.
    """

    def __init__(self, game: GameDefinition, seats: Sequence[str], names: Sequence[str], *,
                 code: str | None = None, bind: str = "0.0.0.0", port: int = 0, absent_after: float = 60.0,
                 turn_seconds: float = 0.0, tokens: Mapping[int, str] | None = None) -> None:
        super().__init__(game, seats, code=code, bind=bind, port=port, absent_after=absent_after,
                         turn_seconds=turn_seconds)
        self._setup_names: list[str] = []
        for number, seat in enumerate(self.seats):
            seat.name = names[number] if number < len(names) else f"Player {number + 1}"
            self._setup_names.append(seat.name)
            seat.token = (tokens or {}).get(number)
            if seat.token is not None:
                seat.gone_since = time.monotonic()  # a resumed seat is away until its player is back
        self._resumed = frozenset((tokens or {}).keys())
        self.started = False
        self._inbox: queue.Queue[_Queued | int | _Conn] = queue.Queue()
        self._sent_log: dict[int, int] = {}
        self._watch_log: dict[_Conn, int] = {}  # the window thread's: each spectator's log lines sent
        self._applied_at = 0.0
        self._arrived: dict[int, float] = {}
        self._update_ms: dict[int, collections.deque[float]] = collections.defaultdict(
            lambda: collections.deque(maxlen=_KEPT))
        self._action_ms: dict[int, collections.deque[float]] = collections.defaultdict(
            lambda: collections.deque(maxlen=_KEPT))

    def start(self, timeout: float = 10.0) -> TableHost:
        """Start the server thread; return once it listens (``port`` is then the real one)."""
        super().start(timeout)
        return self

    # -- who is here (read by the window) ---------------------------------------------------
    def latency(self, number: int) -> SeatLatency:
        """Seat ``number``'s latency figures (see :class:`SeatLatency`)."""
        return SeatLatency(self.round_trip_ms(number), _median(self._update_ms.get(number)),
                           _median(self._action_ms.get(number)))

    def play_on_without(self, numbers: Sequence[int], level: str) -> None:
        """Before the deal: remote seats ``numbers`` are played by a computer of ``level``
        here (nobody can take them any more)."""
        for number in numbers:
            seat = self.seats[number]
            if seat.kind == "remote" and seat.conn is None:
                seat.kind, seat.token = level, None

    # -- the window's frame ----------------------------------------------------------------
    def begin(self, state: GameState, names: Sequence[str]) -> None:
        """The match is on with ``state`` (its seats named ``names``): actions are taken
        from now on and every connected seat gets its whole view."""
        self._types = game_action_types(type(state))
        self.names = list(names)
        self._sent_log.clear()
        self._watch_log = dict.fromkeys(self._watch_log, 0)
        self.started = True
        self.send_states(state)

    def pump(self, state: GameState, apply: Callable[[Action], object], most: int = 32) -> int:
        """Take what the server queued, without waiting: resend a returning seat its view,
        send a new spectator the table's, check each action (replayed, stale, illegal: refused with the reason) and
        ``apply`` the good ones. Returns how many were applied."""
        applied = 0
        for _ in range(most):
            try:
                item = self._inbox.get_nowait()
            except queue.Empty:
                break
            if isinstance(item, int):
                self._sent_log[item] = 0  # a seat (back) at the table: its whole view and log
                if self.started:
                    self.send_states(state, only=item)
                continue
            if isinstance(item, _Conn):
                self._watch_log[item] = 0  # a spectator: the whole view and log
                if self.started:
                    self._send_watchers(state, [item])
                continue
            conn = item.conn
            if not self.started:
                self._refuse_later(item, "the match has not begun")
            elif conn is not self.seats[item.seat].conn:
                self._refuse_later(item, "sent before the seat was taken again by a new connection")
            elif item.seq <= conn.seq:
                self._refuse_later(item, f"replayed: action number {item.seq} was already used (last {conn.seq})")
            elif item.count != len(state.history):
                self._refuse_later(item, f"stale: the game is at action {len(state.history)}, not {item.count}")
            elif (reason := state.why_illegal(item.action)) is not None:
                self._refuse_later(item, reason)
            else:
                conn.seq = item.seq
                self._arrived[item.seat] = item.arrived
                apply(item.action)
                applied += 1
        return applied

    def send_states(self, state: GameState, *, only: int | None = None) -> None:
        """Send each connected remote seat (or seat ``only``) its message for ``state``:
        its view and the log lines it has not had (and, for every update, each spectator
        theirs). Built here, written by the server."""
        loop = self._loop
        if loop is None or loop.is_closed() or not self.started:
            return
        self._applied_at = time.perf_counter()
        computers, away = self.computers(), self.away()
        if only is None:
            self._send_watchers(state, list(self._watch_log), computers, away)
        for number in self.remote_seats if only is None else [only]:
            conn = self.seats[number].conn
            if conn is None or conn.closed:
                continue
            pieces = list(state_messages(state, number, log_from=self._sent_log.get(number, 0),
                                         want_legal=conn.want_legal,
                                         computers=computers, away=away))
            self._sent_log[number] = pieces[-1][2]
            arrived = self._arrived.pop(number, None)
            try:
                loop.call_soon_threadsafe(self._deliver, conn, pieces, self._applied_at, arrived)
            except RuntimeError:  # the server has stopped
                return
        time.sleep(0)  # give up the GIL: the server's thread may write now rather than after the frame

    def _send_watchers(self, state: GameState, conns: list[_Conn], computers: Sequence[int] | None = None,
                       away: Sequence[int] | None = None) -> None:
        """Send spectators ``conns`` the message of seat None for ``state`` (the closed
        ones are forgotten)."""
        loop = self._loop
        assert loop is not None
        for conn in conns:
            if conn.closed:
                self._watch_log.pop(conn, None)
                continue
            pieces = list(state_messages(state, None, log_from=self._watch_log.get(conn, 0), want_legal=False,
                                         computers=self.computers() if computers is None else computers,
                                         away=self.away() if away is None else away))
            self._watch_log[conn] = pieces[-1][2]
            try:
                loop.call_soon_threadsafe(self._deliver, conn, pieces, self._applied_at, None)
            except RuntimeError:  # the server has stopped
                return

    # -- the server's thread ---------------------------------------------------------------
    def _may_free(self, number: int) -> bool:
        return not self.started and number not in self._resumed

    def _before_deal(self) -> bool:
        return not self.started  # the window holds the state: the lobby is before the deal

    def _watching(self, conn: _Conn) -> None:
        super()._watching(conn)
        self._inbox.put(conn)

    def _vacant_name(self, number: int) -> str:
        return self._setup_names[number]

    def _seated(self, conn: _Conn, number: int, back: bool) -> None:
        if not self.started:
            self._lobby()
        self._inbox.put(number)

    def _action(self, conn: _Conn, message: dict[str, Any]) -> None:
        assert conn.seat is not None
        seq = message["seq"]
        if not self.started:
            self._refuse(conn, "the match has not begun", "action", seq)
            return
        try:
            action = decode_action(message["action"], self._types)
        except (ProtocolError, TypeError, ValueError) as exc:
            self._refuse(conn, str(exc), "action", seq)
            return
        if action.seat != conn.seat:
            self._refuse(conn, f"that action is for seat {action.seat}; you are seat {conn.seat}", "action", seq)
            return
        self._inbox.put(_Queued(conn, conn.seat, seq, message["count"], action, time.perf_counter()))

    def _deliver(self, conn: _Conn, pieces: list[tuple[dict[str, Any], bytes, int]], applied: float,
                 arrived: float | None) -> None:
        for message, data, _sent in pieces:
            self._write(conn, message, data)
        if conn.closed or conn.seat is None:
            return
        now = time.perf_counter()
        self._update_ms[conn.seat].append((now - applied) * 1000)
        if arrived is not None:
            self._action_ms[conn.seat].append((now - arrived) * 1000)



def _median(values: collections.deque[float] | None) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[len(ordered) // 2]
