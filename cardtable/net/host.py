"""The host of a networked match: the one authority over the game state.

:class:`Host` (``cardtable host``, the tests, the benchmark) is a
:class:`~cardtable.net.seat_server.SeatServer` (the connections, the join code's
handshake, the seats and spectators) that runs the whole match in the server's thread: it
deals when every remote seat is taken, plays chance and the computer seats (the game's own
bots through :func:`cardtable.bots.base.choose_for`), checks each action with the
state's ``why_illegal`` and refuses it with the reason.

After each applied action every connected player gets only *their* seat's message
(:func:`state_message`: the seat's typed view and the log lines they have not had),
never the state; a spectator gets the message of seat None. A seat whose player has been
gone longer than ``absent_after`` seconds is played by a computer until they return (a
bye and a drop alike). With a turn time (``turn_seconds``,
:mod:`cardtable.net.turn_timer`) a connected player who does not act in time has the
computer play that turn for them, and the log says so.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from cardtable.bots.base import choose_for
from cardtable.engine.game import CHANCE, Action, GameState
from cardtable.games.definition import BOT_LEVELS, GameDefinition
from cardtable.net.protocol import (
    ProtocolError,
    encode,
    game_action_types,
)
from cardtable.net.seat_server import CODE_ALPHABET, PING_SECONDS, SeatServer, _Conn, new_join_code
from cardtable.net.turn_timer import act_for

__all__ = ["Host", "SeatServer", "CODE_ALPHABET", "PING_SECONDS", "new_join_code", "new_match", "state_message",
           "state_messages", "parse_seats", "SEAT_KINDS", "seat_kinds"]

_log = logging.getLogger(__name__)

SEAT_KINDS = ("remote", *BOT_LEVELS)
"""The seat kinds every game takes: ``remote`` and the computer levels every game offers
(a game may declare more: :func:`seat_kinds`)."""


def seat_kinds(game: GameDefinition) -> tuple[str, ...]:
    """The seat kinds ``game`` may be hosted with: ``remote`` and each computer level it
    declares (:attr:`~cardtable.games.definition.GameDefinition.bot_levels`)."""
    return ("remote", *game.bot_levels)


def parse_seats(spec: str, kinds: Sequence[str] = SEAT_KINDS) -> list[str]:
    """``"remote,remote,normal"`` as a list of seat kinds among ``kinds`` (a game's:
    :func:`seat_kinds`), ValueError naming the kinds when one is not."""
    seats = [part.strip().lower() for part in spec.split(",") if part.strip()]
    bad = [k for k in seats if k not in kinds]
    if bad or not seats:
        raise ValueError(f"seats are {', '.join(kinds)}, separated by commas; not {spec!r}")
    return seats


def new_match(game: GameDefinition, settings: Mapping[str, Any] | None, names: Sequence[str],
              seed: int) -> GameState:
    """The match a host deals: the game's first deck, ``settings``, dealer 0 and
    ``random.Random(seed)`` (so the same seed and names give the same match anywhere)."""
    from cardtable.variants import load_deck_by_id
    rules = game.read_settings(dict(settings or {}))
    return game.new_state(rules, load_deck_by_id(game.decks[0]), list(names), random.Random(seed))


def state_message(state: GameState, seat: int | None, *, count: int, log_from: int, want_legal: bool,
                  log_to: int | None = None, computers: Sequence[int] | None = None,
                  away: Sequence[int] | None = None) -> dict[str, Any]:
    """The ``state`` message for ``seat``: built only from what the seat may see (its
    typed view, :meth:`~cardtable.engine.game.GameState.seat_view`, which is all a window
    draws; its log lines; its own legal actions when ``want_legal``; ``seat`` None: a
    spectator's, what no seat hides), plus what is public:
    who plays where (``computers``, ``away``: seat numbers, when given) and, with the log
    from its start, the rules (``settings``). The tests build it again from
    ``state.seat_copy(seat)`` to prove it depends on no hidden card."""
    to_act = state.to_act
    seat_view = state.seat_view(seat)
    view = seat_view.to_json()
    legal = ([a.to_json() for a in seat_view.legal]
             if want_legal and seat is not None and to_act is not None and to_act == seat else None)
    end = len(state.log) if log_to is None else log_to
    message: dict[str, Any] = {
        "type": "state", "seat": seat, "count": count, "view": view, "log_from": log_from,
        "log": [e.text_for(seat) for e in state.log[log_from:end]], "to_act": to_act, "legal": legal,
        "over": to_act is None,
    }
    settings = getattr(state, "settings", None)
    if log_from == 0 and settings is not None:
        message["settings"] = dict(settings.to_settings())
    if computers is not None:
        message["computers"] = list(computers)
    if away is not None:
        message["away"] = list(away)
    if to_act is None:
        message["standings"] = [[name, value] for name, value in state.standings()]
    return message


def state_messages(state: GameState, seat: int | None, *, log_from: int, want_legal: bool,
                   computers: Sequence[int] | None = None,
                   away: Sequence[int] | None = None) -> Iterator[tuple[dict[str, Any], bytes, int]]:
    """The :func:`state_message` for ``seat`` with the log lines from ``log_from`` on, as
    ``(message, encoded line, log lines sent up to)``: one message, or several when the
    log is too long for one (a reconnect late in a match)."""
    start, end, count = log_from, len(state.log), len(state.history)
    while True:
        stop = end
        while True:
            message = state_message(state, seat, count=count, log_from=start, want_legal=want_legal, log_to=stop,
                                    computers=computers, away=away)
            try:
                data = encode(message)
                break
            except ProtocolError:
                if stop - start <= 1:
                    message["log"] = [line[:200] for line in message["log"]]
                    data = encode(message)
                    break
                stop = start + (stop - start) // 2
        yield message, data, stop
        start = stop
        if start >= end:
            return


class Host(SeatServer):
    """A networked table run headless. ``seats`` lists each seat's kind: ``remote`` (a
    person on another computer) or a computer level the game declares (:func:`seat_kinds`).

    The match is dealt when every remote seat has been taken, with the players' names.
    """

    def __init__(self, game: GameDefinition, seats: Sequence[str], *, settings: Mapping[str, Any] | None = None,
                 seed: int = 0, code: str | None = None, bind: str = "127.0.0.1", port: int = 0,
                 absent_after: float = 60.0, turn_seconds: float = 0.0, stand_in_level: str = "normal",
                 on_send: Callable[[int | None, GameState | None, dict[str, Any], bytes], None] | None = None) -> None:
        if not game.has_rules:
            raise ValueError(f"{game.name} has no rules to play over the network")
        kinds = [k.lower() for k in seats]
        low, high = game.seats
        if not low <= len(kinds) <= high:
            raise ValueError(f"{game.name} needs {low} to {high} seats, got {len(kinds)}")
        allowed = seat_kinds(game)
        bad = [k for k in kinds if k not in allowed]
        if bad:
            raise ValueError(f"unknown seat kind {bad[0]!r} (kinds: {', '.join(allowed)})")
        super().__init__(game, kinds, code=code, bind=bind, port=port, absent_after=absent_after,
                         turn_seconds=turn_seconds, on_send=on_send)
        self.settings = dict(settings or {})
        game.read_settings(self.settings)  # ValueError now, not when the table is full
        self.seed = seed
        self.stand_in_level = stand_in_level
        for number, seat in enumerate(self.seats):
            if seat.kind != "remote":
                seat.name = f"{seat.kind.capitalize()} {number + 1}"
                seat.bot = game.bot(random.Random(f"{seed}:bot:{number}"), seat.kind)
        self.applied_at: dict[int, float] = {}  # action count -> perf_counter when applied (benchmarks)

    def start(self, timeout: float = 10.0) -> Host:
        """Start the server thread; return once it listens (``port`` is then the real one)."""
        super().start(timeout)
        return self

    # -- the game ------------------------------------------------------------------------
    async def _drive(self) -> None:
        assert self._changed is not None
        while True:
            state = self.state
            if state is None:
                self._changed.clear()
                await self._changed.wait()
                continue
            to_act = state.to_act
            if to_act is None:
                self._over.set()
                _log.info("the match is over: %s", state.standings())
                return
            if to_act == CHANCE:
                self._apply(state.chance_action())
                await asyncio.sleep(0)
                continue
            bot = self._computer_for(to_act)
            if bot is not None:
                self._apply(choose_for(bot, state, to_act))
                await asyncio.sleep(0)
                continue
            seat = self.seats[to_act]
            timeout = None
            if seat.conn is None and seat.gone_since is not None:
                timeout = max(0.0, self.absent_after - (time.monotonic() - seat.gone_since)) + 0.01
            elif seat.conn is not None and (left := self.turn_timer.left((len(state.history), to_act, seat.conn))) \
                    is not None:
                if left <= 0:
                    self._apply(act_for(state, to_act, self._stand_in(to_act), seat.name))
                    continue
                timeout = left + 0.01
            self._changed.clear()
            try:
                await asyncio.wait_for(self._changed.wait(), timeout)
            except TimeoutError:
                pass

    def _computer_for(self, number: int) -> Any:
        seat = self.seats[number]
        if seat.bot is not None:
            return seat.bot
        if self.gone(number):
            if seat.stand_in is None:
                _log.info("seat %d (%s) is gone; a %s computer plays it until they return",
                          number, seat.name, self.stand_in_level)
            return self._stand_in(number)
        return None

    def _stand_in(self, number: int) -> Any:
        """The computer that plays remote seat ``number`` for its player (gone, or slow)."""
        seat = self.seats[number]
        if seat.stand_in is None:
            seat.stand_in = self.game.bot(random.Random(f"{self.seed}:stand-in:{number}"), self.stand_in_level)
        return seat.stand_in

    def _apply(self, action: Action) -> None:
        assert self.state is not None
        self.state.apply(action)
        self.applied_at[len(self.state.history)] = time.perf_counter()
        self._broadcast()

    def _broadcast(self) -> None:
        for conn in list(self._conns):
            if conn.joined and not conn.closed:
                self._send_state(conn)

    def _send_state(self, conn: _Conn, *, full: bool = False) -> None:
        assert self.state is not None and conn.joined
        pieces = state_messages(self.state, conn.seat, log_from=0 if full else conn.log_sent,
                                want_legal=conn.want_legal,
                                computers=self.computers(), away=self.away())
        for message, data, sent in pieces:
            self._write(conn, message, data)
            conn.log_sent = sent

    def _start_match(self) -> None:
        names: list[str] = []
        for number, seat in enumerate(self.seats):
            name = seat.name or f"Player {number + 1}"
            base, n = name, 2
            while name in names:
                name = f"{base} ({n})"
                n += 1
            seat.name = name
            names.append(name)
        self.names = names
        self.state = new_match(self.game, self.settings, names, self.seed)
        self._types = game_action_types(type(self.state))
        _log.info("the table is full; dealing %s for %s", self.game.name, ", ".join(names))
        for conn in list(self._conns):
            if conn.joined:
                self._send_state(conn, full=True)
        assert self._changed is not None
        self._changed.set()

    # -- what the players send -------------------------------------------------------------
    def _may_free(self, number: int) -> bool:
        return self.state is None

    def _watching(self, conn: _Conn) -> None:
        if self.state is not None:
            self._send_state(conn, full=True)
        else:
            self._lobby()

    def _seated(self, conn: _Conn, number: int, back: bool) -> None:
        if self.state is not None:
            self._send_state(conn, full=True)
        else:
            self._lobby()
            if self.waiting_for == 0:
                self._start_match()

    def _action(self, conn: _Conn, message: dict[str, Any]) -> None:
        assert conn.seat is not None
        seq = message["seq"]
        state = self.state
        if state is None:
            self._refuse(conn, "the match has not begun", "action", seq)
            return
        action = self._check_action(conn, message, len(state.history))
        if action is None:
            return
        reason = state.why_illegal(action)
        if reason is not None:
            self._refuse(conn, reason, "action", seq)
            return
        conn.seq = seq
        self._apply(action)
        assert self._changed is not None
        self._changed.set()
