"""The wire format of play over a network: versioned JSON messages, one per line, sealed.

Framing: every message is one JSON object encoded as UTF-8 on a single line ending in
``\\n`` (``json.dumps`` escapes newlines inside strings, so a line is a message). A
message longer than :data:`MAX_MESSAGE` bytes is refused *before* it is parsed; the
reader skips a line too long up to its newline without keeping it. No pickle, no eval:
only ``json.loads``.

The handshake (version 4 on): the join code is never sent. On connecting, the client
sends ``spake`` with ``msg``, its SPAKE2 message in base64; the host answers ``spake``
with its own (both in the clear: they reveal nothing about the code). From then on
every message is sealed (:mod:`cardtable.net.secure`: keys from the SPAKE2 key by
HKDF, one per direction; ChaCha20-Poly1305 with counted nonces) and travels as one
base64 frame per line, no longer than :data:`cardtable.net.secure.MAX_FRAME`, checked
before it is decoded. The client's first frame is its ``hello``: when the host can open
it the code was right (key confirmation); when it cannot, the code was wrong and the
host answers, in the clear and at the pace of :mod:`cardtable.net.guessing`,
``join_refused`` "wrong join code", then closes. A frame that does not open later
(altered, replayed, reordered) ends the session. Everything about seats (taken, full, an
unknown token) is said only inside the session. Before the session the host answers a
message of another version with ``refused`` in the clear, naming both versions.

Every message carries ``v`` (:data:`VERSION`) and ``type``; :func:`check_message`
compares it with :data:`SCHEMAS` (required and optional fields and their JSON types;
unknown fields and unknown types are refused).

Client to host:

* ``spake`` (the handshake's first message, in the clear): ``msg``.
* ``hello`` (the first sealed message): ``name``, ``token`` (a seat token to come back to
  a seat, or null), ``seat`` (a wished-for seat, or null), ``want_legal`` (true: send me
  my legal actions, as action JSON, beside each view; the headless computer player asks
  for them), ``watch`` (true: watch the table rather than take a seat; see below).
* ``action``: ``seq`` (the count of actions sent on this connection, rising from 1), ``count`` (the
  number of actions the game had when the view acted on was sent) and ``action``
  (``Action.to_json()``).
* ``ping``: ``n``; answered by ``pong``.
* ``pong``: ``n``, the answer to the host's ``ping``.
* ``bye``: leaving (the seat is kept for its token, as after a drop: a computer plays it
  once its player has been gone the host's absence time).

Host to client:

* ``spake`` (the handshake's answer, in the clear): ``msg``.
* ``welcome``: the seat, its ``token`` (both null for a spectator), the game's id and
  name, the deck id, names.
* ``lobby``: who has joined while the table fills, ``watching`` (how many spectators);
  ``warning`` while joins are slowed because someone is guessing the join code.
* ``state``: ``seat`` (null for a spectator), ``count``, ``view`` (the seat's typed view,
  :meth:`cardtable.engine.view.SeatView.to_json`: hidden cards are null, the seat's
  legal actions in it; all a window draws), ``log_from`` and ``log`` (the seat's log
  lines from that index on), ``to_act``, ``legal`` (a list of action JSON when asked for
  and it is the seat's turn, else null), ``over``, at the end, ``standings``, with the
  log from its start (a seat's first message, and after a reconnect) ``settings`` (the
  game's settings as a variant writes them: the rules the table plays by, public),
  ``computers`` (the seats a computer plays now, stand-ins for absent players
  included) and ``away`` (the remote seats whose player is not connected): public.
* ``refused``: ``reason``, ``about`` (the refused message's type, or "message") and
  ``seq`` when an action was refused.
* ``join_refused``: ``reason``; the host then closes the connection.
* ``ping``: ``n``, every few seconds, answered by ``pong``: the host's round trip to
  each client, measured the same way on every system.
* ``pong``, ``bye``.

Spectators. A ``hello`` with ``watch: true`` (sealed, after the SPAKE2 proof, like every
hello: anyone with the code may watch) seats nobody: ``name``, ``token`` and ``seat`` are
ignored and the spectator gets ``welcome`` with ``seat`` and ``token`` null, then, as a
player does, the ``lobby`` while the table fills and a ``state`` after every update. Its
``view`` is the view of seat null (``state.seat_view(None)``: only what no seat hides, and
the hands a showdown turns up as the rules reveal them, never a hole card) and its ``log``
the lines every seat may read (``state.log_for(None)``); ``legal`` is always null. Any
``action`` from a spectator is refused with the reason. A spectator takes no seat, so a
full table can still be watched; at most :data:`MOST_WATCHING` watch at once (more are
refused "too many watching"), and a spectator's connection counts in the host's
connection limits once proved, as a player's does. A spectator that drops simply says
``hello`` with ``watch: true`` again: there is no seat to come back to and no token.

Version 2 added the hello's ``mirror``, the state's ``computers`` and ``away``, and the
host's ``ping``. Version 3 made the state's ``view`` the typed seat view, and it replaced
the ``mirror`` (a masked copy of the whole state) as what a window draws: the hello's
``mirror`` and the state's ``mirror`` are gone, the state's ``settings`` came. Version 4
sealed the session after a SPAKE2 handshake over the join code: the hello's ``code`` is
gone, ``spake`` and the lobby's ``warning`` came. Version 5 added spectators: the
hello's ``watch``, the lobby's ``watching``, and a null ``seat`` (and ``token``) in the
welcome and the state. A peer of another version is told the versions differ.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import types
import typing
from collections.abc import Mapping
from typing import Any

from cardtable.engine.game import Action

__all__ = ["VERSION", "MAX_MESSAGE", "MOST_WATCHING", "SCHEMAS", "CLIENT_TYPES", "HOST_TYPES", "HANDSHAKE_TYPES",
           "ProtocolError", "Oversize", "WrongVersion", "encode", "decode", "check_message", "read_message_line",
           "decode_action", "game_action_types"]

VERSION = 5
"""The protocol version every message carries as ``v``."""

MOST_WATCHING = 16
"""Spectators a host takes at once. Each costs the host a view built, sealed and sent
after every action (in a window's host, in the window's frame), so the number is kept
to a room's worth of onlookers: enough for a club night, too few to slow the table."""

MAX_MESSAGE = 64 * 1024
"""The longest message line, in bytes, newline excluded."""

_INT = (int,)
_STR = (str,)
_BOOL = (bool,)
_OPT_STR = (str, type(None))
_OPT_INT = (int, type(None))
_LIST = (list,)
_OPT_LIST = (list, type(None))
_DICT = (dict,)

# type -> {field: (json types, required)}
SCHEMAS: dict[str, dict[str, tuple[tuple[type, ...], bool]]] = {
    # client -> host
    "spake": {"msg": (_STR, True)},
    "hello": {"name": (_STR, False), "token": (_OPT_STR, False),
              "seat": (_OPT_INT, False), "want_legal": (_BOOL, False), "watch": (_BOOL, False)},
    "action": {"seq": (_INT, True), "count": (_INT, True), "action": (_DICT, True)},
    "ping": {"n": (_INT, False)},
    "bye": {},
    # host -> client
    "welcome": {"seat": (_OPT_INT, True), "token": (_OPT_STR, True), "game": (_STR, True), "game_name": (_STR, True),
                "deck": (_STR, True), "seats": (_INT, True), "names": (_LIST, True)},
    "lobby": {"seats": (_LIST, True), "waiting": (_INT, True), "watching": (_INT, False),
              "warning": (_OPT_STR, False)},
    "state": {"seat": (_OPT_INT, True), "count": (_INT, True), "view": (_DICT, True), "log_from": (_INT, True),
              "log": (_LIST, True), "to_act": (_OPT_INT, True), "legal": (_OPT_LIST, True),
              "over": (_BOOL, True), "standings": (_OPT_LIST, False), "names": (_LIST, False),
              "settings": (_DICT, False), "computers": (_LIST, False), "away": (_LIST, False)},
    "refused": {"reason": (_STR, True), "about": (_STR, True), "seq": (_OPT_INT, False)},
    "join_refused": {"reason": (_STR, True)},
    "pong": {"n": (_INT, False)},
}
CLIENT_TYPES = frozenset({"hello", "action", "ping", "pong", "bye"})
HOST_TYPES = frozenset({"welcome", "lobby", "state", "refused", "join_refused", "ping", "pong", "bye"})
HANDSHAKE_TYPES = frozenset({"spake"})
"""The messages sent in the clear, before the session (besides the host's refusals)."""


class ProtocolError(ValueError):
    """A message that breaks the protocol; ``str()`` is the reason sent back."""


class Oversize(ProtocolError):
    """A line longer than :data:`MAX_MESSAGE` (skipped unread)."""


class WrongVersion(ProtocolError):
    """A message of another protocol version: ``version`` is the one it carries."""

    def __init__(self, version: Any) -> None:
        super().__init__(f"protocol version {repr(version)[:20]} is not {VERSION}")
        self.version = version


def encode(message: Mapping[str, Any]) -> bytes:
    """One message as its line of bytes (``v`` added)."""
    data = {"v": VERSION, **message}
    line = json.dumps(data, separators=(",", ":"), ensure_ascii=False, allow_nan=False).encode()
    if len(line) > MAX_MESSAGE:
        raise ProtocolError(f"message of {len(line)} bytes is over the limit of {MAX_MESSAGE}")
    return line + b"\n"


def _no_constants(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def decode(line: bytes, allowed: frozenset[str] | None = None) -> dict[str, Any]:
    """Parse and check one line (its size first). ProtocolError saying why when bad."""
    if len(line) > MAX_MESSAGE + 1:
        raise Oversize(f"message over {MAX_MESSAGE} bytes")
    try:
        data = json.loads(line.decode("utf-8"), parse_constant=_no_constants)
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise ProtocolError(f"not a JSON message: {str(exc)[:80]}") from None
    check_message(data, allowed)
    message: dict[str, Any] = data
    return message


def check_message(data: Any, allowed: frozenset[str] | None = None) -> None:
    """ProtocolError unless ``data`` is a message of a known (and ``allowed``) type with
    exactly its schema's fields, each of the right JSON type."""
    if not isinstance(data, dict):
        raise ProtocolError("a message must be a JSON object")
    if data.get("v") != VERSION:
        raise WrongVersion(data.get("v"))
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in SCHEMAS or (allowed is not None and kind not in allowed):
        raise ProtocolError(f"unknown message type {str(kind)[:40]!r}")
    schema = SCHEMAS[kind]
    extra = set(data) - set(schema) - {"v", "type"}
    if extra:
        raise ProtocolError(f"unknown fields in {kind}: {', '.join(sorted(map(str, extra)))[:80]}")
    for name, (kinds, required) in schema.items():
        if name not in data:
            if required:
                raise ProtocolError(f"{kind} needs the field {name!r}")
            continue
        value = data[name]
        if isinstance(value, bool) and bool not in kinds:
            raise ProtocolError(f"{kind}.{name} has the wrong type")
        if not isinstance(value, kinds):
            raise ProtocolError(f"{kind}.{name} has the wrong type")


async def read_message_line(reader: asyncio.StreamReader) -> bytes:
    """The next line (with its newline); b"" at the end of the stream.

    A line over :data:`MAX_MESSAGE` is skipped to its newline without being kept, and
    :class:`Oversize` raised; the stream stays usable. The reader must be made with
    ``limit`` of at least ``MAX_MESSAGE + 1``.
    """
    try:
        return await reader.readuntil(b"\n")
    except asyncio.IncompleteReadError as exc:
        return b"" if not exc.partial else exc.partial  # a last line without newline
    except asyncio.LimitOverrunError as exc:
        skipped = 0
        while True:
            try:
                await reader.readexactly(exc.consumed)
                skipped += exc.consumed
                await reader.readuntil(b"\n")
                raise Oversize(f"message over {MAX_MESSAGE} bytes") from None
            except asyncio.LimitOverrunError as again:
                exc = again
            except asyncio.IncompleteReadError:
                raise Oversize(f"message over {MAX_MESSAGE} bytes, cut off") from None


# -- actions on the wire --------------------------------------------------------------------

def game_action_types(state_class: type) -> dict[str, type[Action]]:
    """The action types a game's state works with, by ``kind``: every Action subclass of
    the modules of the state's package and of the engine modules they use (the shared
    betting actions). Only these are rebuilt from a client's JSON."""
    import sys
    package = state_class.__module__.rpartition(".")[0] or state_class.__module__
    own = [module for name, module in list(sys.modules.items())
           if module is not None and (name == package or name.startswith(package + "."))
           and ".ui" not in name[len(package):]]
    scan = {id(m): m for m in own}
    for module in own:
        for value in vars(module).values():
            used = value.__name__ if isinstance(value, types.ModuleType) else getattr(value, "__module__", None)
            if isinstance(used, str) and used.startswith("cardtable.engine.") and used in sys.modules:
                scan[id(sys.modules[used])] = sys.modules[used]
    found: dict[str, type[Action]] = {}
    for module in scan.values():
        for value in vars(module).values():
            if isinstance(value, type) and issubclass(value, Action) and value is not Action:
                found[value.kind] = value
    return found


def _fits(value: Any, hint: Any) -> bool:
    """True when the JSON ``value`` is of the type ``hint`` (JSON lists for tuples)."""
    origin = typing.get_origin(hint)
    if hint is Any:
        return False
    if hint is type(None) or hint is None:
        return value is None
    if hint is bool:
        return isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if hint is str:
        return isinstance(value, str)
    if origin in (typing.Union, types.UnionType):
        return any(_fits(value, h) for h in typing.get_args(hint))
    if origin in (tuple, list):
        if not isinstance(value, list) or len(value) > 1024:
            return False
        args = typing.get_args(hint)
        if origin is list or (len(args) == 2 and args[1] is Ellipsis):
            return all(_fits(v, args[0]) for v in value) if args else False
        return len(args) == len(value) and all(_fits(v, h) for v, h in zip(value, args))
    if origin is typing.Literal:
        return value in typing.get_args(hint)
    return False


def decode_action(data: Any, types_by_kind: Mapping[str, type[Action]]) -> Action:
    """The action a client sent as ``Action.to_json()``: ProtocolError unless its
    ``type`` is one of ``types_by_kind``, it has exactly that class's fields and each
    field's JSON value fits the field's type. Only then is the action constructed."""
    if not isinstance(data, dict):
        raise ProtocolError("an action must be a JSON object")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in types_by_kind:
        raise ProtocolError(f"{str(kind)[:40]!r} is not an action of this game")
    cls = types_by_kind[kind]
    hints = typing.get_type_hints(cls)
    names = {f.name for f in dataclasses.fields(cls)}
    given = set(data) - {"type"}
    if given - names:
        raise ProtocolError(f"unknown fields in {kind}: {', '.join(sorted(map(str, given - names)))[:80]}")
    if names - given:
        raise ProtocolError(f"{kind} needs {', '.join(sorted(names - given))}")
    fields: dict[str, Any] = {}
    for name in names:
        value = data[name]
        if not _fits(value, hints.get(name)):
            raise ProtocolError(f"{kind}.{name} has the wrong type")
        fields[name] = _tupled(value, hints.get(name))
    return cls(**fields)


def _tupled(value: Any, hint: Any) -> Any:
    if isinstance(value, list):
        origin = typing.get_origin(hint)
        if origin in (typing.Union, types.UnionType):
            origin = next((typing.get_origin(h) for h in typing.get_args(hint)
                           if typing.get_origin(h) in (tuple, list)), None)
        args = typing.get_args(hint)
        inner = args[0] if args else None
        items = [_tupled(v, inner) for v in value]
        return tuple(items) if origin is tuple else items
    return value
