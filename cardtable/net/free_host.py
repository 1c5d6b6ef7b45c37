"""Hosting a free table: the window's :class:`~cardtable.engine.table.Table` is the one
true table, and each joined player sends operations on it.

A :class:`FreeTableHost` is a :class:`~cardtable.net.seat_server.SeatServer` (the same SPAKE2
handshake, sealed session, join code pacing, connection limits, seat tokens and lobby
as every hosted table): seat 0 is the host's own, seats 1..N are taken by players who
join. The server's thread checks an operation's form (:func:`~cardtable.net.free_wire.check_operation`)
and queues it; each frame the window calls :meth:`FreeTableHost.pump`, which never
waits: it applies the queued operations to the table in the order they arrived
(refusing, with the reason, one that no longer applies: someone else took the card
first) and then sends every connection the piles that changed, as that seat is shown
them (:mod:`cardtable.net.free_wire`: hidden cards travel as backs only). A player who
joins, or comes back, gets the whole table.
"""

from __future__ import annotations

import logging
import queue
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.engine.piles import Pile
from cardtable.engine.table import Change, Table
from cardtable.games.free_table import GAME
from cardtable.net.free_wire import Refused, apply_operation, changed_piles, check_operation, table_pieces
from cardtable.net.free_words import op_words, step_words
from cardtable.net.protocol import encode
from cardtable.net.seat_server import SeatServer, _Conn

__all__ = ["FreeTableHost", "MOST_WAITING"]

_log = logging.getLogger(__name__)
MOST_WAITING = 1000
"""Operations queued for the window at most: a flood beyond is refused, never kept."""


def _tops(table: Table) -> tuple[Change | None, Change | None]:
    return (table.undo_stack[-1] if table.undo_stack else None, table.redo_stack[-1] if table.redo_stack else None)


@dataclass
class _Op:
    conn: _Conn
    seat: int
    seq: int
    op: dict[str, Any]


class FreeTableHost(SeatServer):
    """The network side of a hosted free table (see the module's doc): seat 0 plays
    here, ``players`` remote seats join with ``code``; ``names`` names the seats."""

    def __init__(self, players: int, names: Sequence[str] = (), *, code: str | None = None,
                 bind: str = "0.0.0.0", port: int = 0, absent_after: float = 3600.0) -> None:
        if not 1 <= players <= GAME.seats[1] - 1:
            raise ValueError(f"a free table takes 1 to {GAME.seats[1] - 1} remote players")
        super().__init__(GAME, ["person"] + ["remote"] * players, code=code, bind=bind, port=port,
                         absent_after=absent_after)
        for number, seat in enumerate(self.seats):
            seat.name = names[number] if number < len(names) else ("Host" if number == 0 else "")
        self.started = True  # the table is there from the start: a joiner gets it at once
        self.applied = 0
        """Operations applied from joined players."""
        self._inbox: queue.Queue[_Op | int | _Conn] = queue.Queue()
        self._table: Table | None = None  # the table last sent (the window may switch decks)
        self._shown: dict[int, Pile] = {}
        self._revision = -1  # the table's revision last looked at
        self._count = 0  # updates sent: the state messages' count
        self._spectators: list[_Conn] = []  # the window thread's list of spectators
        self._whole: set[_Conn] = set()  # the connections sent the current table whole
        self._lines: list[tuple[int, str]] = []  # (seat, words) of the moves not sent yet
        self._tops: tuple[Change | None, Change | None] = (None, None)  # see _hosts_step
        self.heard: list[str] = []
        """The joined players' moves in words, for the host's screen reader (the window takes
        them each frame)."""

    def start(self, timeout: float = 10.0) -> FreeTableHost:
        """Start the server thread; return once it listens (``port`` is then the real one)."""
        super().start(timeout)
        return self

    def seat_name(self, number: int) -> str:
        """Seat ``number``'s name (a joined player's own), or "Player N" while nobody has it."""
        return self.seats[number].name or f"Player {number + 1}"

    # -- the window's frame ----------------------------------------------------------------
    def pump(self, table: Table, most: int = 64) -> int:
        """Take what the server queued, without waiting: apply each operation to ``table``
        in arrival order (refusing the ones that no longer apply, with the reason), then
        send every connection what changed. Returns how many were applied."""
        applied = 0
        fresh: list[int | _Conn] = []
        self._hosts_step(table)
        for _ in range(most):
            try:
                item = self._inbox.get_nowait()
            except queue.Empty:
                break
            if not isinstance(item, _Op):
                fresh.append(item)
                continue
            if item.conn is not self.seats[item.seat].conn:
                self._refuse_later(item, "sent before the seat was taken again by a new connection")
            elif item.seq <= item.conn.seq:
                self._refuse_later(item, f"replayed: operation number {item.seq} was already used")
            else:
                item.conn.seq = item.seq
                try:
                    label = apply_operation(table, item.seat, item.op)
                except Refused as exc:
                    self._refuse_later(item, str(exc))
                else:
                    applied += 1
                    self.applied += 1
                    _log.debug("seat %d: %s", item.seat, label)
                    words = f"{self.seat_name(item.seat)} {op_words(item.op)}"
                    self._lines.append((item.seat, words))
                    self.heard.append(words)
                    self._tops = _tops(table)
        self.send_changes(table)
        self._lines.clear()  # (sent with the change, or nobody was there to hear them)
        for item in fresh:
            if isinstance(item, int):
                conn, seat = self.seats[item].conn, item
            else:
                conn, seat = item, None
                if item not in self._spectators:
                    self._spectators.append(item)
            # A joiner is seated before the server thread queues its number, so a frame in
            # between may already have sent it the whole table: once is enough.
            if conn is not None and conn not in self._whole:
                self._send_full(table, conn, seat)
        return applied

    def _hosts_step(self, table: Table) -> None:
        """The host's own step since the last frame, if any, in words for the joined players:
        told by the tops of the table's undo and redo histories (a big step's slices change
        the revision many times; its step is recorded once)."""
        before, self._tops = self._tops, _tops(table)
        if table is not self._table or self._tops == before:
            return
        (undo, redo), (was_undo, was_redo) = self._tops, before
        if redo is not None and redo is was_undo:
            words = step_words(redo.label, "undid")
        elif undo is not None and undo is was_redo:
            words = step_words(undo.label, "redid")
        elif undo is not None:
            words = step_words(undo.label)
        else:
            return
        self._lines.append((0, f"{self.seat_name(0)} {words}"))

    def send_changes(self, table: Table) -> None:
        """Send every connection the piles of ``table`` that changed since the last
        send (the whole table when the window shows another deck's table now)."""
        if table is not self._table:
            self._table, self._shown, self._revision = table, dict(table.piles), table.revision
            self._whole.clear()
            self._each(lambda conn, seat: self._send(table, conn, seat, None))
            return
        if table.revision == self._revision:
            return  # (every change of a table counts a revision: nothing to look for)
        self._revision = table.revision
        changed = changed_piles(self._shown, table)
        if changed:
            self._count += 1
            self._each(lambda conn, seat: self._send(table, conn, seat, changed))

    def _each(self, send: Any) -> None:
        self._spectators = [c for c in self._spectators if not c.closed]
        self._whole = {c for c in self._whole if not c.closed}
        for number in self.remote_seats:
            conn = self.seats[number].conn
            if conn is not None and not conn.closed:
                send(conn, number)
        for conn in self._spectators:
            send(conn, None)

    def _send_full(self, table: Table, conn: _Conn | None, seat: int | None) -> None:
        if conn is None or conn.closed:
            return
        if table is not self._table:
            self.send_changes(table)  # (a new table: everybody gets it whole, this one too)
            return
        self._send(table, conn, seat, None)

    def _send(self, table: Table, conn: _Conn, seat: int | None, pids: list[int] | None) -> None:
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        names = [self.seat_name(n) for n in range(len(self.seats))]
        lines = [words for mover, words in self._lines if mover != seat]
        frames = []
        for view in table_pieces(table, pids, seat):
            message: dict[str, Any] = {"type": "state", "seat": seat, "count": self._count, "view": view,
                                       "log_from": 0, "log": lines, "to_act": None, "legal": None, "over": False}
            lines = []
            if view["full"]:
                message["names"] = names
            frames.append((message, encode(message)))
        if pids is None:
            self._whole.add(conn)
        try:
            loop.call_soon_threadsafe(self._deliver, conn, frames)
        except RuntimeError:  # the server has stopped
            pass

    # -- the server's thread ---------------------------------------------------------------
    def _deliver(self, conn: _Conn, frames: list[tuple[dict[str, Any], bytes]]) -> None:
        for message, data in frames:
            self._write(conn, message, data)

    def _before_deal(self) -> bool:
        return False

    def _may_free(self, number: int) -> bool:
        return False  # a seat's hand stays theirs to come back to, with their token

    def _seated(self, conn: _Conn, number: int, back: bool) -> None:
        self._lobby()  # the lobby's list of who is here is the host's to show
        self._inbox.put(number)

    def _watching(self, conn: _Conn) -> None:
        self._inbox.put(conn)

    def _action(self, conn: _Conn, message: dict[str, Any]) -> None:
        assert conn.seat is not None
        if self._inbox.qsize() >= MOST_WAITING:
            self._refuse(conn, "the host is busy: too many moves are waiting", "action", message["seq"])
            return
        try:
            op = check_operation(message["action"])
        except Refused as exc:
            self._refuse(conn, str(exc), "action", message["seq"])
            return
        self._inbox.put(_Op(conn, conn.seat, message["seq"], op))


    def wait_queued(self, count: int, timeout: float = 5.0) -> bool:
        """Wait until at least ``count`` items are queued for :meth:`pump` (the tests'
        way to know the server has read what a client sent); True when they are."""
        end = time.monotonic() + timeout
        while self._inbox.qsize() < count:
            if time.monotonic() > end:
                return False
            time.sleep(0.005)
        return True
