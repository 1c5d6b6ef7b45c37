"""What every hosted table shares: the connections, the join code's handshake, the seats.

:class:`SeatServer` is an asyncio TCP server in a background thread that seats people who
prove they know the table's short join code (a seat and a seat token each; with the token
a dropped player comes back to the same seat), seats spectators (a hello with ``watch``:
no seat, the view of seat None; at most :data:`~cardtable.net.protocol.MOST_WATCHING`),
refuses whatever breaks the protocol, limits floods, drops a client that stops reading,
and notes when a seat's player has gone. The tables build on it:
:class:`cardtable.net.host.Host` (the whole match in the server's thread),
:class:`cardtable.net.table_host.TableHost` (a table a window runs) and
:class:`cardtable.net.free_host.FreeTableHost` (the free table).

Every connection starts with the handshake of :mod:`cardtable.net.secure` (SPAKE2 over
the join code) and is sealed after it; the code is checked at the pace of
:mod:`cardtable.net.guessing`, and the connections kept are bounded as
:mod:`cardtable.net.limits` says. The server accepts one connection at a time and
makes room before the next, so it never runs out of file descriptors. Nothing a client
sends stops it: malformed, oversize, unknown, out-of-turn, other-seat, stale or replayed
messages are refused with a reason and logged.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import collections
import errno
import hmac
import logging
import secrets
import socket
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardtable.engine.game import Action, GameState
from cardtable.games.definition import GameDefinition
from cardtable.net import limits
from cardtable.net.guessing import GuessGate, Pace
from cardtable.net.protocol import (
    CLIENT_TYPES,
    HANDSHAKE_TYPES,
    MOST_WATCHING,
    VERSION,
    Oversize,
    ProtocolError,
    WrongVersion,
    decode,
    decode_action,
    encode,
    read_message_line,
)
from cardtable.net.secure import MAX_FRAME, BadFrame, BadHandshake, Handshake, Session, normalise_code
from cardtable.net.turn_timer import TurnTimer

__all__ = ["SeatServer", "CODE_ALPHABET", "PING_SECONDS", "new_join_code"]

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""Join-code letters: no 0/O, 1/I/L, so a code read aloud or off a screen is typed right."""

_log = logging.getLogger("cardtable.net.host")  # (one logger for the hosting, as before the split)
_OUT_BUFFER_LIMIT = 2 * 1024 * 1024  # a client this far behind is dropped (it may reconnect)
_REFUSALS_PER_SECOND = 100           # refusals answered per connection per second; the rest logged
_HELLO_SECONDS = 10.0
_HANDSHAKES_PER_SECOND = 20.0  # SPAKE2 costs the host ~11 ms in pure Python: a flood takes at most a fifth of a core
_HANDSHAKE_BURST = 16
_KEPT_PINGS = 10
PING_SECONDS = 2.0
"""How often the host pings each seated client (its round trip shows in F3)."""


def new_join_code(length: int = 6) -> str:
    """A fresh random join code, e.g. ``"K7QX2M"``."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(length))


@dataclass
class _Seat:
    kind: str
    name: str = ""
    token: str | None = None
    conn: _Conn | None = None
    gone_since: float | None = None
    bot: Any = None
    stand_in: Any = None


@dataclass(eq=False)
class _Conn:
    reader: asyncio.StreamReader
    writer: asyncio.StreamWriter
    peer: str
    address: str = ""          # what the per-address limit counts by
    last_heard: float = 0.0    # monotonic time of the last line read (the longest idle go first)
    session: Session | None = None  # once the code is proved: every message sealed
    seat: int | None = None
    watching: bool = False  # a spectator: no seat, the view of seat None
    want_legal: bool = False
    log_sent: int = 0
    seq: int = 0  # the last action number accepted on this connection: a new one starts again from 1
    closed: bool = False
    refusal_window: collections.deque[float] = field(default_factory=collections.deque)
    pings: dict[int, float] = field(default_factory=dict)  # ping number -> perf_counter when sent
    ping_n: int = 0
    round_trips: collections.deque[float] = field(default_factory=lambda: collections.deque(maxlen=_KEPT_PINGS))

    @property
    def joined(self) -> bool:
        """True once the hello was taken: seated, or watching."""
        return self.seat is not None or self.watching


class SeatServer:
    """The connection handling every hosted table shares (see the module's doc).

    ``seats`` lists each seat's kind; the ``remote`` ones are taken by people who join
    with ``code``. Subclasses say what a seated player gets (:meth:`_seated`), what
    happens to an action (:meth:`_action`) and run the game (:meth:`_drive`, a task of
    the server's loop). ``on_send(seat, state, message, data)`` (optional) is called
    before each message to a seat (None: to a spectator) is written; the tests use it to
    check what was sent.
    ``turn_seconds`` (0: off) is the turn time of :attr:`turn_timer`, which whoever runs
    the game consults.
    """

    def __init__(self, game: GameDefinition, seats: Sequence[str], *, code: str | None = None,
                 bind: str = "127.0.0.1", port: int = 0, absent_after: float = 60.0, turn_seconds: float = 0.0,
                 on_send: Callable[[int | None, GameState | None, dict[str, Any], bytes], None] | None = None) -> None:
        kinds = [k.lower() for k in seats]
        if "remote" not in kinds:
            raise ValueError("a hosted table needs at least one remote seat")
        self.game = game
        self.code = normalise_code(code or new_join_code())
        if not self.code or any(c.isspace() for c in self.code):
            raise ValueError("the join code must be a word without spaces")
        self.bind = bind
        self.port = port
        self.absent_after = absent_after
        self.turn_timer = TurnTimer(turn_seconds)
        self.ping_every = PING_SECONDS
        self.on_send = on_send
        self.seats = [_Seat(kind) for kind in kinds]
        self.state: GameState | None = None
        self.names: list[str] = []
        self.refusals: collections.deque[tuple[int | None, str]] = collections.deque(maxlen=2000)
        self.refused_count = 0
        self.error: str | None = None
        self._types: dict[str, type[Action]] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._over = threading.Event()
        self._stop: asyncio.Event | None = None
        self._changed: asyncio.Event | None = None
        self._conns: set[_Conn] = set()
        self._watchers: set[_Conn] = set()  # the server thread's; others read only its size
        self._tasks: set[asyncio.Task[None]] = set()
        self._room: asyncio.Event | None = None
        self._start_error: BaseException | None = None
        self.guesses = GuessGate()
        """The host-wide pace of join-code checks (:mod:`cardtable.net.guessing`)."""
        self._pace = Pace(_HANDSHAKES_PER_SECOND, _HANDSHAKE_BURST)
        self.budget = limits.connection_budget()
        """The most connections held at once (within the file limit; set at start)."""
        self.most_unproved = limits.MOST_UNPROVED
        """Connections that have not proved the code, in all (:mod:`cardtable.net.limits`)."""
        self.most_unproved_per_address = limits.MOST_UNPROVED_PER_ADDRESS
        """Connections that have not proved the code, from one address."""
        self.handshake_seconds = limits.HANDSHAKE_SECONDS
        """Seconds from connecting to the first sealed frame."""

    # -- running ------------------------------------------------------------------------
    def start(self, timeout: float = 10.0) -> SeatServer:
        """Start the server thread; return once it listens (``port`` is then the real one)."""
        self._thread = threading.Thread(target=self._run, name="cardtable-host", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout):
            raise RuntimeError("the host did not start")
        if self._start_error is not None:
            raise self._start_error
        return self

    def stop(self, timeout: float = 5.0) -> None:
        """Close every connection and the server, and end the thread."""
        loop, stop = self._loop, self._stop
        if loop is not None and stop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(stop.set)
            except RuntimeError:
                pass
        if self._thread is not None:
            self._thread.join(timeout)

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until the match is over (or the host failed); True when it is over."""
        self._over.wait(timeout)
        return self._over.is_set()

    @property
    def over(self) -> bool:
        """True once the match is over (or the host failed)."""
        return self._over.is_set()

    def guessing(self) -> str | None:
        """What the lobby says while joins are slowed because someone is guessing the
        code ("someone is guessing the code: N wrong codes, joins slowed"), else None."""
        return self.guesses.warning()

    @property
    def watching(self) -> int:
        """How many spectators are connected now."""
        return len(self._watchers)

    @property
    def waiting_for(self) -> int:
        """Remote seats not yet taken."""
        return sum(1 for s in self.seats if s.kind == "remote" and s.token is None)

    @property
    def remote_seats(self) -> list[int]:
        """The remote seats' numbers."""
        return [n for n, s in enumerate(self.seats) if s.kind == "remote"]

    def connected(self, number: int) -> bool:
        """True while remote seat ``number`` has a connection."""
        return self.seats[number].conn is not None

    def missing(self) -> list[int]:
        """Remote seats without a connection now."""
        return [n for n in self.remote_seats if self.seats[n].conn is None]

    def absent_for(self, number: int, now: float | None = None) -> float:
        """Seconds the player of remote seat ``number`` has been gone (0 while connected
        or before anyone took the seat)."""
        seat = self.seats[number]
        if seat.conn is not None or seat.gone_since is None:
            return 0.0
        return (time.monotonic() if now is None else now) - seat.gone_since

    def round_trip_ms(self, number: int) -> float | None:
        """The median round trip of the host's last pings to seat ``number``'s client, in
        ms (None before the first pong, or while nobody is connected)."""
        conn = self.seats[number].conn
        if conn is None or not conn.round_trips:
            return None
        ordered = sorted(conn.round_trips)
        return ordered[len(ordered) // 2]

    def computers(self) -> list[int]:
        """The seats a computer plays now: the computer seats, and the remote seats whose
        player has been gone ``absent_after`` seconds (a stand-in plays them)."""
        return [n for n, s in enumerate(self.seats)
                if s.kind not in ("remote", "person") or (s.kind == "remote" and self.gone(n))]

    def away(self) -> list[int]:
        """The remote seats taken by a player who is not connected now."""
        return [n for n, s in enumerate(self.seats) if s.kind == "remote" and s.token is not None and s.conn is None]

    def gone(self, number: int) -> bool:
        """True when the player of remote seat ``number`` has been gone ``absent_after``
        seconds or more (a computer plays the seat until they return)."""
        seat = self.seats[number]
        return seat.conn is None and seat.gone_since is not None and self.absent_for(number) >= self.absent_after

    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except BaseException as exc:  # noqa: BLE001 - reported to start() or kept as error
            self._start_error = exc
            self.error = f"{type(exc).__name__}: {exc}"
            _log.exception("the host stopped")
        finally:
            self._ready.set()
            self._over.set()

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        self._changed = asyncio.Event()
        self._room = asyncio.Event()
        self.budget = limits.connection_budget()
        listener = await self._listen()
        self.port = listener.getsockname()[1]
        self._ready.set()
        drive = asyncio.create_task(self._drive())
        stop = asyncio.create_task(self._stop.wait())
        pinging = asyncio.create_task(self._ping_all())
        accepting = asyncio.create_task(self._accept_all(listener))
        try:
            await asyncio.wait({drive, stop}, return_when=asyncio.FIRST_COMPLETED)
            if drive.done() and drive.exception() is not None:
                raise drive.exception()  # type: ignore[misc]
            if drive.done():  # over: keep serving (late reconnects see the end) until stopped
                await stop
        finally:
            drive.cancel()
            stop.cancel()
            pinging.cancel()
            accepting.cancel()
            listener.close()
            for conn in list(self._conns):
                self._drop(conn)
            await asyncio.sleep(0)

    async def _ping_all(self) -> None:
        while True:
            await asyncio.sleep(self.ping_every)
            for conn in list(self._conns):
                if conn.joined:
                    self._ping(conn)

    def _ping(self, conn: _Conn) -> None:
        conn.ping_n += 1
        conn.pings = {n: t for n, t in conn.pings.items() if n > conn.ping_n - 5}  # unanswered ones expire
        conn.pings[conn.ping_n] = time.perf_counter()
        message = {"type": "ping", "n": conn.ping_n}
        self._write(conn, message, encode(message))

    def _pong(self, conn: _Conn, n: Any) -> None:
        sent = conn.pings.pop(n, None) if isinstance(n, int) else None
        if sent is not None:
            conn.round_trips.append((time.perf_counter() - sent) * 1000)

    # -- what subclasses decide ------------------------------------------------------------
    async def _drive(self) -> None:
        """Run the game in the server's loop (a table driven elsewhere waits to be stopped)."""
        assert self._stop is not None
        await self._stop.wait()

    def _seated(self, conn: _Conn, number: int, back: bool) -> None:
        """A player has just been welcomed at seat ``number`` (``back``: with their token)."""

    def _watching(self, conn: _Conn) -> None:
        """A spectator has just been welcomed: the lobby counts it before the deal."""
        if self._before_deal():
            self._lobby()

    def _before_deal(self) -> bool:
        """True while the table fills (the lobby is what joiners are sent)."""
        return self.state is None

    def _may_free(self, number: int) -> bool:
        """True when remote seat ``number`` is freed for someone else as its player leaves
        (before the deal: nobody's cards are at stake yet)."""
        return False

    def _guessing_changed(self) -> None:
        """The words about guessing changed: the lobby says so while the table fills."""
        if self._before_deal():
            self._lobby()

    def _vacant_name(self, number: int) -> str:
        """The name of remote seat ``number`` once freed."""
        return ""

    def _left(self, conn: _Conn, *, for_good: bool) -> None:
        """``conn``'s player has left their seat (``for_good``: said bye): the seat is
        freed before the deal, else kept for their token and played by a computer once
        they have been gone ``absent_after`` seconds: one rule for a bye and a drop."""
        assert conn.seat is not None
        number, seat = conn.seat, self.seats[conn.seat]
        if seat.conn is not conn:
            return
        seat.conn = None
        if self._may_free(number):
            seat.token, seat.name = None, self._vacant_name(number)
            seat.gone_since, seat.stand_in = None, None
            _log.info("seat %d is free again (its player left before the deal)", number)
            self._lobby()
        else:
            seat.gone_since = time.monotonic()
            _log.info("seat %d (%s) %s", number, seat.name, "said bye" if for_good else "dropped")
        if self._changed is not None:
            self._changed.set()

    def _action(self, conn: _Conn, message: dict[str, Any]) -> None:
        """An ``action`` message from a seated player."""
        self._refuse(conn, "this table takes no actions", "action", message["seq"])

    # -- connections ---------------------------------------------------------------------
    async def _listen(self) -> socket.socket:
        """The listening socket (one address: the first ``bind`` resolves to)."""
        loop = asyncio.get_running_loop()
        infos = await loop.getaddrinfo(self.bind, self.port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
        family, _, _, _, address = infos[0]
        listener = socket.create_server(address[:2], family=family, backlog=128)
        listener.setblocking(False)
        return listener

    async def _accept_all(self, listener: socket.socket) -> None:
        """Accept connections one at a time, making room before each (the longest-idle
        unproved connection goes) so the host never runs out of descriptors."""
        loop = asyncio.get_running_loop()
        assert self._room is not None
        while True:
            while len(self._conns) >= self.budget:
                idle = limits.longest_idle(c for c in self._conns if c.session is None)
                if idle is not None:
                    _log.warning("%s: closed, idle, to make room (%d connections)", idle.peer, len(self._conns))
                    self._drop(idle)
                    continue
                self._room.clear()
                await self._room.wait()
            try:
                sock, _ = await loop.sock_accept(listener)
            except OSError as exc:
                # EMFILE: descriptors the host does not count (the window's own files) ran out
                _log.warning("could not accept a connection: %s", exc)
                await asyncio.sleep(0.5 if exc.errno in (errno.EMFILE, errno.ENFILE) else 0.01)
                continue
            try:
                conn = await self._admit(sock)
            except Exception:  # noqa: BLE001 - one bad connection never stops the accepting
                _log.exception("could not take a connection")
                sock.close()
                continue
            task = asyncio.create_task(self._serve(conn))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _admit(self, sock: socket.socket) -> _Conn:
        """A connection for an accepted socket, within the unproved limits: over one,
        the longest-idle unproved connection (of this address, or of all) is closed."""
        loop = asyncio.get_running_loop()
        if sock.family in (socket.AF_INET, socket.AF_INET6):
            # asyncio sets this only on sockets made with proto IPPROTO_TCP, and an accepted
            # socket has proto 0: without it Nagle holds each update ~40 ms for an ACK
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        reader = asyncio.StreamReader(limit=MAX_FRAME + 1, loop=loop)
        protocol = asyncio.StreamReaderProtocol(reader, loop=loop)
        transport, _ = await loop.connect_accepted_socket(lambda: protocol, sock)
        writer = asyncio.StreamWriter(transport, protocol, reader, loop)
        peer = writer.get_extra_info("peername")
        conn = _Conn(reader, writer, f"{peer[0]}:{peer[1]}" if peer else "?",
                     address=limits.address_key(str(peer[0])) if peer else "?", last_heard=time.monotonic())
        unproved = [c for c in self._conns if c.session is None]
        same = [c for c in unproved if c.address == conn.address]
        for crowd, most in ((same, self.most_unproved_per_address), (unproved, self.most_unproved)):
            if len(crowd) >= most:
                idle = limits.longest_idle(c for c in crowd if not c.closed)
                if idle is not None:
                    _log.warning("%s: closed, the longest idle of %d connections without the code%s", idle.peer,
                                 len(crowd), " from its address" if crowd is same else "")
                    self._drop(idle)
        self._conns.add(conn)
        return conn

    async def _serve(self, conn: _Conn) -> None:
        try:
            if not await self._handshake(conn):
                return
            while not conn.closed:
                try:
                    timeout = None if conn.joined else _HELLO_SECONDS
                    line = await asyncio.wait_for(read_message_line(conn.reader), timeout)
                except Oversize as exc:
                    assert conn.session is not None
                    conn.session.skip()
                    self._refuse(conn, str(exc), "message")
                    continue
                except TimeoutError:
                    self._refuse(conn, "no hello in time", "message")
                    break
                if not line:
                    break
                conn.last_heard = time.monotonic()
                assert conn.session is not None
                try:
                    plain = conn.session.open(line)
                except BadFrame as exc:
                    self._broken(conn, str(exc))
                    break
                await self._message(conn, plain)
        except (ConnectionError, OSError):
            pass
        finally:
            self._drop(conn)

    async def _message(self, conn: _Conn, plain: bytes) -> None:
        """One opened message: checked, then handled (refused with the reason when bad)."""
        try:
            message = decode(plain, CLIENT_TYPES)
        except ProtocolError as exc:
            self._refuse(conn, str(exc), "message")
            return
        try:
            await self._handle(conn, message)
        except (ConnectionError, OSError):
            raise
        except Exception as exc:  # noqa: BLE001 - a message the game chokes on never stops the host
            _log.exception("%s: could not handle a %s message", conn.peer, message["type"])
            self._refuse(conn, f"the host could not handle this message ({type(exc).__name__})",
                         message["type"])

    async def _handshake(self, conn: _Conn) -> bool:
        """SPAKE2 over the join code, then the first frame opened in the guess gate's turn.
        True once the code is proved (the hello handled); False after a refusal."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.handshake_seconds

        async def line() -> bytes:
            try:
                got = await asyncio.wait_for(read_message_line(conn.reader), max(0.0, deadline - loop.time()))
            except TimeoutError:
                self._join_refused(conn, "no handshake in time")
                return b""
            except Oversize as exc:
                self._join_refused(conn, f"not a handshake: {exc}")
                return b""
            conn.last_heard = time.monotonic()
            return got

        try:
            first = await line()
            if not first:
                return False
            opening = decode(first, HANDSHAKE_TYPES)
            theirs = base64.b64decode(opening["msg"], validate=True)
        except WrongVersion as exc:
            self._join_refused(conn, f"{exc}: the host speaks version {VERSION} of the network protocol; "
                                     "play with the same cardtable version", kind="refused")
            return False
        except (ProtocolError, binascii.Error, ValueError) as exc:
            self._join_refused(conn, f"not a handshake: {str(exc)[:80]}")
            return False

        def alive() -> bool:
            # the peer may have gone while we made it wait: nobody reads, but its end shows
            return not conn.closed and not conn.reader.at_eof()

        paced = loop.time()
        if not await self._pace.wait(alive):
            return False
        deadline += loop.time() - paced  # the host's own wait is not the client's to make up
        shake = Handshake(self.code, host=True)
        try:
            session = shake.finish(theirs)
        except BadHandshake as exc:
            self._join_refused(conn, str(exc))
            return False
        self._write(conn, {"type": "spake"}, encode({"type": "spake", "msg": base64.b64encode(shake.message).decode()}))
        proof = await line()
        if not proof:
            return False
        hello: list[bytes] = []

        def attempt() -> bool:
            try:
                hello.append(session.open(proof))
            except BadFrame:
                return False
            return True

        before = self.guessing()
        right = await self.guesses.check(attempt, wanted=alive)
        if right is None:
            return False
        if not right:
            _log.warning("%s: wrong join code (%d wrong of late)", conn.peer, self.guesses.recent())
            self._join_refused(conn, "wrong join code")
            if self.guessing() != before:
                self._guessing_changed()
            return False
        conn.session = session
        await self._message(conn, hello[0])
        if not conn.joined and not conn.closed:
            self._join_refused(conn, "the first message must be the hello")
        return conn.joined and not conn.closed

    def _broken(self, conn: _Conn, reason: str) -> None:
        """A sealed frame that does not open: the session is over."""
        self.refused_count += 1
        self.refusals.append((conn.seat, reason))
        _log.warning("%s (seat %s): session closed: %s", conn.peer, conn.seat, reason)
        self._drop(conn)

    async def _handle(self, conn: _Conn, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "ping":
            self._write(conn, message, encode({"type": "pong", "n": message.get("n", 0)}))
        elif kind == "pong":
            self._pong(conn, message.get("n"))
        elif kind == "hello":
            await self._hello(conn, message)
        elif not conn.joined:
            self._refuse(conn, "join the table first (the hello)", kind)
        elif conn.watching:
            if kind == "bye":
                self._drop(conn)
            elif kind == "action":
                self._refuse(conn, "you are watching: a spectator cannot act", "action", message["seq"])
        elif kind == "bye":
            self._left(conn, for_good=True)
            self._drop(conn)
        elif kind == "action":
            self._action(conn, message)

    async def _hello(self, conn: _Conn, message: dict[str, Any]) -> None:
        if conn.joined:
            self._refuse(conn, "you have joined already", "hello")
            return
        if message.get("watch"):
            self._watch(conn)
            return
        token = message.get("token")
        if token:
            number = next((n for n, s in enumerate(self.seats) if s.token is not None
                           and hmac.compare_digest(s.token.encode(), token.encode())), None)
            if number is None:
                self._join_refused(conn, "unknown seat token")
                return
        else:
            free = [n for n, s in enumerate(self.seats) if s.kind == "remote" and s.token is None]
            wish = message.get("seat")
            if not free:
                self._join_refused(conn, "the table is full")
                return
            number = wish if wish in free else free[0]
            seat = self.seats[number]
            seat.token = secrets.token_urlsafe(16)
            name = " ".join(str(message.get("name") or "").split())[:24]
            seat.name = name or f"Player {number + 1}"
        seat = self.seats[number]
        old, seat.conn = seat.conn, conn  # the seat is taken before the old connection goes: not freed
        if old is not None and old is not conn:
            self._drop(old)
        seat.gone_since = None
        seat.stand_in = None
        conn.seat = number
        conn.want_legal = bool(message.get("want_legal", False))
        _log.info("%s sits at seat %d as %s%s", conn.peer, number, seat.name, " (back)" if token else "")
        names = self.names or [s.name for s in self.seats]
        assert seat.token is not None
        self._write(conn, {"type": "welcome"}, encode({
            "type": "welcome", "seat": number, "token": seat.token, "game": self.game.id,
            "game_name": self.game.name, "deck": self.game.decks[0], "seats": len(self.seats),
            "names": names}))
        self._ping(conn)  # a round trip to show from the start
        self._seated(conn, number, bool(token))
        assert self._changed is not None
        self._changed.set()

    def _watch(self, conn: _Conn) -> None:
        """Welcome ``conn`` as a spectator: no seat, no token; refused over the cap."""
        if len(self._watchers) >= MOST_WATCHING:
            self._join_refused(conn, f"too many watching: the table takes {MOST_WATCHING} spectators at most")
            return
        conn.watching = True
        self._watchers.add(conn)
        _log.info("%s watches (%d watching)", conn.peer, len(self._watchers))
        self._write(conn, {"type": "welcome"}, encode({
            "type": "welcome", "seat": None, "token": None, "game": self.game.id, "game_name": self.game.name,
            "deck": self.game.decks[0], "seats": len(self.seats),
            "names": self.names or [s.name for s in self.seats]}))
        self._ping(conn)
        self._watching(conn)

    def _lobby(self) -> None:
        seats = [{"seat": n, "name": s.name, "kind": s.kind, "joined": s.kind != "remote" or s.token is not None}
                 for n, s in enumerate(self.seats)]
        lobby: dict[str, Any] = {"type": "lobby", "seats": seats, "waiting": self.waiting_for,
                                 "watching": len(self._watchers)}
        warning = self.guessing()
        if warning is not None:
            lobby["warning"] = warning
        data = encode(lobby)
        for conn in list(self._conns):
            if conn.joined:
                self._write(conn, {"type": "lobby"}, data)

    def _check_action(self, conn: _Conn, message: dict[str, Any], count: int) -> Action | None:
        """The action of an ``action`` message when it is this seat's next, for the game at
        action ``count`` and for the sender's own seat; else None (refused with the reason).
        Legality is the caller's check."""
        assert conn.seat is not None
        seq = message["seq"]
        if seq <= conn.seq:
            self._refuse(conn, f"replayed: action number {seq} was already used (last {conn.seq})", "action", seq)
            return None
        if message["count"] != count:
            self._refuse(conn, f"stale: the game is at action {count}, not {message['count']}", "action", seq)
            return None
        try:
            action = decode_action(message["action"], self._types)
        except (ProtocolError, TypeError, ValueError) as exc:
            self._refuse(conn, str(exc), "action", seq)
            return None
        if action.seat != conn.seat:
            self._refuse(conn, f"that action is for seat {action.seat}; you are seat {conn.seat}", "action", seq)
            return None
        return action

    def _refuse(self, conn: _Conn, reason: str, about: str, seq: int | None = None) -> None:
        self.refused_count += 1
        self.refusals.append((conn.seat, reason))
        _log.warning("%s (seat %s): refused %s: %s", conn.peer, conn.seat, about, reason)
        now = time.monotonic()
        window = conn.refusal_window
        while window and now - window[0] > 1.0:
            window.popleft()
        if len(window) >= _REFUSALS_PER_SECOND:
            return  # logged, not answered: a flood gets no flood back
        window.append(now)
        message: dict[str, Any] = {"type": "refused", "reason": reason[:500], "about": about}
        if seq is not None:
            message["seq"] = seq
        self._write(conn, message, encode(message))

    def _refuse_later(self, item: Any, reason: str) -> None:
        """Refuse a queued action (``item``: its ``conn`` and ``seq``) from the window's
        thread: the refusal is written by the server's loop, as every message is."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(self._refuse, item.conn, reason, "action", item.seq)
            except RuntimeError:
                pass  # (the loop stopped meanwhile: nobody to tell)

    def _join_refused(self, conn: _Conn, reason: str, kind: str = "join_refused") -> None:
        """Say why ``conn`` is not seated (sealed once the code is proved, else in the
        clear), then close it."""
        self.refused_count += 1
        self.refusals.append((None, reason))
        _log.warning("%s: join refused: %s", conn.peer, reason)
        message = {"type": kind, "reason": reason[:500]}
        if kind == "refused":
            message["about"] = "message"
        self._write(conn, message, encode(message))
        self._drop(conn)

    def _write(self, conn: _Conn, message: dict[str, Any], data: bytes) -> None:
        if conn.closed:
            return
        transport = conn.writer.transport
        if transport.is_closing():
            self._drop(conn)
            return
        if transport.get_write_buffer_size() > _OUT_BUFFER_LIMIT:
            _log.warning("%s is not reading; dropped (it may reconnect)", conn.peer)
            self._drop(conn)
            return
        if self.on_send is not None and conn.joined:
            self.on_send(conn.seat, self.state, message, data)
        conn.writer.write(data if conn.session is None else conn.session.seal(data))

    def _drop(self, conn: _Conn) -> None:
        """Close ``conn`` (once) and forget it; its seat, if any, counts as gone."""
        if not conn.closed:
            conn.closed = True
            try:
                conn.writer.close()
            except (ConnectionError, OSError, RuntimeError):
                pass
        self._conns.discard(conn)
        if self._room is not None:
            self._room.set()
        if conn.seat is not None:
            self._left(conn, for_good=False)
        elif conn in self._watchers:
            self._watchers.discard(conn)
            _log.info("%s stopped watching (%d watching)", conn.peer, len(self._watchers))
            if self._before_deal():
                self._lobby()
