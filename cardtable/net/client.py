"""The player's end of a networked match.

:class:`Client` is the asyncio client: it proves it knows the table's code (the SPAKE2
handshake of :mod:`cardtable.net.secure`; the code itself is never sent), joins (with a
seat token to come back to a seat), keeps the latest ``view``, log and turn, and sends
actions, every message sealed. With ``watch`` it joins as a spectator: no seat (``seat``
stays None), the view and log of seat None, nothing to send but pings.
:class:`ThreadedClient` runs one in a background thread for a pygame loop: ``poll()``
never blocks a frame; it returns the messages that arrived since the last call.

:func:`choose_from_legal` is the headless computer player of ``cardtable join --bot``:
it only ever has the seat's view and the list of legal actions the host sent, so it
cannot see a hidden card.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import collections
import concurrent.futures
import logging
import queue
import random
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from cardtable.engine.game import Action
from cardtable.net.protocol import (
    HANDSHAKE_TYPES,
    HOST_TYPES,
    VERSION,
    Oversize,
    ProtocolError,
    WrongVersion,
    decode,
    encode,
    read_message_line,
)
from cardtable.net.secure import MAX_FRAME, BadFrame, BadHandshake, Handshake, Session

__all__ = ["Client", "ThreadedClient", "JoinRefused", "choose_from_legal", "parse_address"]

_log = logging.getLogger(__name__)
_KEPT_PINGS = 10  # round trips kept for the median, as the host keeps
_CLEAR_ANSWERS = HANDSHAKE_TYPES | {"refused", "join_refused"}  # what the host may send before the session


class JoinRefused(ConnectionError):
    """The host would not seat us (wrong code, unknown token, full table): the reason."""


def parse_address(text: str, default_port: int = 7654) -> tuple[str, int]:
    """``"192.168.1.20:7654"`` (or a bare host, or ``[::1]:7654``) as ``(host, port)``."""
    text = text.strip()
    if text.startswith("["):
        host, _, rest = text[1:].partition("]")
        port = rest.lstrip(":")
    elif text.count(":") == 1:
        host, _, port = text.partition(":")
    else:
        host, port = text, ""
    if not host:
        raise ValueError(f"no host in {text!r}")
    try:
        number = int(port) if port else default_port
    except ValueError:
        raise ValueError(f"the port in {text!r} is not a number") from None
    if not 0 < number < 65536:
        raise ValueError(f"the port {number} is not 1..65535")
    return host, number


def choose_from_legal(legal: Sequence[Mapping[str, Any]], level: str, rng: random.Random) -> dict[str, Any]:
    """The headless player's pick among the legal actions the host listed (as JSON).

    ``random``: any, uniformly. ``normal``/``tough``: the same, except that folding or
    dropping out is avoided while anything else is allowed. One draw from ``rng`` a
    decision, so a seeded game can be replayed exactly.
    """
    if not legal:
        raise ValueError("no legal action to choose from")
    options = list(legal)
    if level != "random":
        keep = [a for a in options if not str(a.get("type", "")).endswith(("fold", "drop_out", "drop"))]
        options = keep or options
    return dict(options[rng.randrange(len(options))])


class Client:
    """One connection to a host, driven with ``await``.

    After :meth:`connect`: ``seat``, ``token``, ``game``, ``names``; after each ``state``
    message: ``view`` (the seat's typed view as JSON:
    :meth:`cardtable.engine.view.SeatView.from_json` reads it), ``log`` (this seat's
    lines), ``count``, ``to_act``, ``legal``, ``over``, ``standings``, ``settings`` (the
    rules, as the first message said), ``computers`` and ``away`` (seat numbers).
    When ``record``: ``received`` holds every message read (opened, one line each) and
    ``wire`` every byte as it came. The host's pings are answered as they come; the
    answers to ours give :meth:`round_trip_ms`, measured as the host measures its own
    (from writing the ping to reading the pong, on the network's thread).
    """

    def __init__(self, host: str, port: int, code: str, *, name: str = "", token: str | None = None,
                 seat: int | None = None, want_legal: bool = False, record: bool = False,
                 watch: bool = False) -> None:
        self.host, self.port, self.code = host, port, code
        self.name, self.token, self.wished_seat, self.want_legal = name, token, seat, want_legal
        self.watch = watch
        self.welcomed = False
        self.received: bytearray | None = bytearray() if record else None
        self.wire: bytearray | None = bytearray() if record else None
        self.seat: int | None = None
        self.game = ""
        self.deck = ""
        self.names: list[str] = []
        self.view: dict[str, Any] | None = None
        self.log: list[str] = []
        self.count = 0
        self.to_act: int | None = None
        self.legal: list[dict[str, Any]] | None = None
        self.over = False
        self.standings: list[list[Any]] | None = None
        self.settings: dict[str, Any] | None = None
        self.computers: list[int] = []
        self.away: list[int] = []
        self.lobby: dict[str, Any] | None = None
        self.refusals: list[dict[str, Any]] = []
        self.seq = 0
        self.round_trips: collections.deque[float] = collections.deque(maxlen=_KEPT_PINGS)
        self._pinged: dict[int, float] = {}  # ping number -> perf_counter when written
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None
        self._session: Session | None = None
        self._opened = False  # a frame from the host has opened: no message in the clear after

    async def connect(self, timeout: float = 10.0) -> dict[str, Any]:
        """Open the connection, prove the code and join; the ``welcome`` message
        (JoinRefused saying why: a wrong code, another version, no seat)."""
        reader, writer = await asyncio.wait_for(
            asyncio.open_connection(self.host, self.port, limit=MAX_FRAME + 1), timeout)
        self._reader, self._writer = reader, writer
        shake = Handshake(self.code, host=False)
        writer.write(encode({"type": "spake", "msg": base64.b64encode(shake.message).decode()}))
        await writer.drain()
        answer = await asyncio.wait_for(self.receive(), timeout)
        if answer is None:
            raise JoinRefused("the host closed the connection")
        if answer["type"] != "spake":
            await self.close()
            raise JoinRefused(answer["reason"])
        try:
            self._session = shake.finish(base64.b64decode(answer["msg"], validate=True))
        except (BadHandshake, binascii.Error, ValueError) as exc:
            await self.close()
            raise JoinRefused(f"the host's handshake is broken: {exc}") from None
        hello: dict[str, Any] = {"type": "hello", "name": self.name, "token": self.token,
                                 "seat": self.wished_seat, "want_legal": self.want_legal}
        if self.watch:
            hello["watch"] = True
        await self._send(hello)
        while True:
            message = await asyncio.wait_for(self.receive(), timeout)
            if message is None:
                raise JoinRefused("the host closed the connection")
            if message["type"] == "join_refused":
                await self.close()
                raise JoinRefused(message["reason"])
            if message["type"] == "welcome":
                return message

    async def receive(self) -> dict[str, Any] | None:
        """The next message from the host (already applied to this client), or None
        when the connection has ended. Messages that break the protocol are skipped."""
        assert self._reader is not None
        while True:
            try:
                line = await read_message_line(self._reader)
            except Oversize:
                _log.warning("skipped an oversize message from the host")
                if self._session is not None:
                    self._session.skip()
                continue
            except (ConnectionError, OSError):
                return None
            if not line:
                return None
            if self.wire is not None:
                self.wire += line
            clear = self._session is None or (not self._opened and line.startswith(b"{"))
            if not clear:
                assert self._session is not None
                try:
                    line = self._session.open(line)
                except BadFrame as exc:
                    _log.warning("the session with the host is broken (%s); closing it", exc)
                    self.abort()
                    return None
                self._opened = True
                if self.received is not None:
                    self.received += line + b"\n"
            try:
                message = decode(line, _CLEAR_ANSWERS if clear else HOST_TYPES)
            except WrongVersion as exc:
                if not self.welcomed:  # joining: say so, rather than wait for a welcome that cannot come
                    raise JoinRefused(f"the host speaks version {exc.version!r} of the network protocol "
                                      f"and this app version {VERSION}: play with the same cardtable "
                                      "version") from None
                _log.warning("skipped a message of another protocol version: %s", exc)
                continue
            except ProtocolError as exc:
                if clear:  # before the session: nothing else can come
                    raise JoinRefused(f"the host's answer breaks the protocol: {exc}") from None
                _log.warning("skipped a bad message from the host: %s", exc)
                continue
            if message["type"] == "ping":
                self._answer_ping(message)
                continue
            self._update(message)
            return message

    def _answer_ping(self, message: dict[str, Any]) -> None:
        if self._writer is not None and not self._writer.is_closing() and self._session is not None:
            self._writer.write(self._session.seal(encode({"type": "pong", "n": message.get("n", 0)})))

    def _update(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "welcome":
            self.welcomed = True
            self.seat, self.token = message["seat"], message["token"]
            self.game, self.deck, self.names = message["game"], message["deck"], message["names"]
        elif kind == "lobby":
            self.lobby = message
        elif kind == "state":
            self.view = message["view"]
            self.log = self.log[:message["log_from"]] + list(message["log"])
            self.count = message["count"]
            self.to_act = message["to_act"]
            self.legal = message["legal"]
            self.over = message["over"]
            self.standings = message.get("standings")
            self.settings = message.get("settings", self.settings)
            if "names" in message:
                self.names = message["names"]
            self.computers = list(message.get("computers", self.computers))
            self.away = list(message.get("away", self.away))
        elif kind == "refused":
            self.refusals.append(message)
            del self.refusals[:-100]
        elif kind == "pong":
            sent = self._pinged.pop(message.get("n"), None)  # type: ignore[arg-type]
            if sent is not None:
                self.round_trips.append((time.perf_counter() - sent) * 1000)

    def round_trip_ms(self) -> float | None:
        """The median round trip of our last pings, in ms (None before the first answer):
        the same figure the host keeps of us (:meth:`cardtable.net.seat_server.SeatServer.round_trip_ms`)."""
        if not self.round_trips:
            return None
        ordered = sorted(self.round_trips)
        return ordered[len(ordered) // 2]

    async def send_action(self, action: Action | Mapping[str, Any], count: int | None = None) -> int:
        """Send an action for our seat (``count``: the view acted on; the latest by
        default). Returns its sequence number (counted per connection, from 1); a refusal
        comes back as ``refused``."""
        self.seq += 1
        data = action.to_json() if isinstance(action, Action) else dict(action)
        await self._send({"type": "action", "seq": self.seq, "count": self.count if count is None else count,
                          "action": data})
        return self.seq

    async def ping(self, n: int) -> None:
        """Send a ``ping`` (answered by a ``pong`` carrying ``n``: :meth:`round_trip_ms`)."""
        self._pinged = {k: t for k, t in self._pinged.items() if k > n - 5}  # unanswered ones expire
        self._pinged[n] = time.perf_counter()
        await self._send({"type": "ping", "n": n})

    async def send_raw(self, data: bytes) -> None:
        """Lines as they are, each sealed in its own frame (the tests' way to misbehave
        inside the session)."""
        assert self._writer is not None and self._session is not None
        for line in data.splitlines():
            self._writer.write(self._session.seal(line))
        await self._writer.drain()

    async def send_wire(self, data: bytes) -> None:
        """Bytes onto the connection as they are, sealed or not (the tests' way to
        tamper with frames)."""
        assert self._writer is not None
        self._writer.write(data)
        await self._writer.drain()

    def seal(self, message: Mapping[str, Any]) -> bytes:
        """The next frame of ``message``, as it would be sent (the nonce is used)."""
        assert self._session is not None
        return self._session.seal(encode(message))

    async def _send(self, message: Mapping[str, Any]) -> None:
        assert self._writer is not None and self._session is not None
        self._writer.write(self._session.seal(encode(message)))
        await self._writer.drain()

    async def play(self, level: str, rng: random.Random, *, max_actions: int | None = None,
                   timeout: float = 60.0) -> None:
        """Play our seat with :func:`choose_from_legal` until the match is over, the
        connection ends, or we have made ``max_actions`` (then return at once, the
        connection still open). Needs ``want_legal``."""
        made = retries = 0
        acted_at = -1
        while not self.over:
            if self.legal and self.to_act == self.seat and self.count != acted_at:
                if max_actions is not None and made >= max_actions:
                    return
                choice = choose_from_legal(self.legal, level, rng)
                acted_at = self.count
                await self.send_action(choice, self.count)
                made += 1
                continue
            message = await asyncio.wait_for(self.receive(), timeout)
            if message is None:
                return
            if message["type"] == "state":
                retries = 0  # the game went on: a later refusal is a new problem, with its own tries
            elif message["type"] == "refused" and message.get("seq") == self.seq and retries < 20:
                _log.warning("the host refused our action: %s", message["reason"])
                acted_at = -1  # choose again (a different draw)
                retries += 1

    async def follow(self, on_message: Callable[[dict[str, Any]], object] | None = None, *,
                     timeout: float = 60.0) -> None:
        """Read the host's messages (each to ``on_message``) until the match is over or the
        connection ends: a spectator's whole part."""
        while not self.over:
            message = await asyncio.wait_for(self.receive(), timeout)
            if message is None:
                return
            if on_message is not None:
                on_message(message)

    def abort(self) -> None:
        """Drop the connection at once, as a crash or a pulled cable would."""
        if self._writer is not None:
            self._writer.transport.abort()

    async def close(self, *, bye: bool = False) -> None:
        """Close the connection (``bye``: tell the host we leave for good first)."""
        if self._writer is None:
            return
        try:
            if bye:
                await self._send({"type": "bye"})
            self._writer.close()
            await self._writer.wait_closed()
        except (ConnectionError, OSError):
            pass


class ThreadedClient:
    """A :class:`Client` on a background thread, for a loop that must never wait.

    ``start()`` connects (raising JoinRefused or OSError); ``poll()`` returns the
    messages received since the last call without blocking; ``send_action`` queues an
    action; the latest ``view``, ``log``, ``legal``... are read from ``client``.
    ``connected`` turns False when the connection ends (``reconnect()`` tries again with
    the seat token).
    """

    def __init__(self, host: str, port: int, code: str, *, name: str = "", token: str | None = None,
                 seat: int | None = None, want_legal: bool = False, watch: bool = False) -> None:
        self.client = Client(host, port, code, name=name, token=token, seat=seat, want_legal=want_legal,
                             watch=watch)
        self._inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="cardtable-client", daemon=True)
        self._thread.start()
        self._reader_task: concurrent.futures.Future[None] | None = None
        self.connected = False
        self._closing = threading.Lock()
        self._closed = False

    def start(self, timeout: float = 10.0) -> dict[str, Any]:
        """Connect and join; the ``welcome`` message."""
        welcome = asyncio.run_coroutine_threadsafe(self.client.connect(timeout), self._loop).result(timeout + 1)
        self.connected = True
        self._inbox.put(welcome)
        self._reader_task = asyncio.run_coroutine_threadsafe(self._read(), self._loop)
        return welcome

    def abort(self) -> None:
        """Drop the connection at once, as a pulled cable would (from any thread: the
        network's loop does it, woken to)."""
        self._loop.call_soon_threadsafe(self.client.abort)

    def reconnect(self, timeout: float = 10.0) -> dict[str, Any]:
        """Join again with our seat token, or watch again (after the connection dropped)."""
        old = self.client
        self.client = Client(old.host, old.port, old.code, name=old.name, token=old.token,
                             want_legal=old.want_legal, watch=old.watch)
        return self.start(timeout)

    async def _read(self) -> None:
        client = self.client
        while True:
            message = await client.receive()
            if message is None:
                break
            self._inbox.put(message)
        if client is self.client:
            self.connected = False
            self._inbox.put({"type": "disconnected"})

    def poll(self, most: int = 1000) -> list[dict[str, Any]]:
        """The messages that arrived since the last poll (never waits)."""
        out: list[dict[str, Any]] = []
        while len(out) < most:
            try:
                out.append(self._inbox.get_nowait())
            except queue.Empty:
                break
        return out

    def send_action(self, action: Action | Mapping[str, Any], count: int | None = None) -> None:
        """Queue an action for our seat (``count``: the number of actions of the state
        acted on; the latest received by default). Nothing after :meth:`close`."""
        if self._closed:
            return
        asyncio.run_coroutine_threadsafe(self.client.send_action(action, count), self._loop)

    def send_ping(self, n: int) -> None:
        """Queue a ping; the host answers ``pong`` with the same ``n``. Nothing after :meth:`close`."""
        if self._closed:
            return
        asyncio.run_coroutine_threadsafe(self.client.ping(n), self._loop)

    def round_trip_ms(self) -> float | None:
        """The median round trip of our pings, in ms (see :meth:`Client.round_trip_ms`)."""
        return self.client.round_trip_ms()

    def close(self, *, bye: bool = False, timeout: float = 3.0) -> None:
        """Close the connection and end the thread (again: nothing more happens)."""
        with self._closing:
            if self._closed:
                return
            self._closed = True
        try:
            asyncio.run_coroutine_threadsafe(self.client.close(bye=bye), self._loop).result(timeout)
        except Exception:  # noqa: BLE001 - closing is best effort
            pass
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout)
        if not self._thread.is_alive():
            self._loop.close()
