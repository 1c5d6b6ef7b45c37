"""The join handshake over a plain blocking socket, for tests that talk to a host by hand
(a client that stops reading, a connection left idle)."""

from __future__ import annotations

import base64
import json
import socket
from typing import Any

from cardtable.net.protocol import encode
from cardtable.net.secure import Handshake, Session


def read_line(sock: socket.socket) -> bytes:
    """One line from ``sock`` (with its newline), read a byte at a time."""
    out = bytearray()
    while not out.endswith(b"\n"):
        byte = sock.recv(1)
        if not byte:
            break
        out += byte
    return bytes(out)


def join_by_hand(sock: socket.socket, code: str, hello: dict[str, Any]) -> Session:
    """The SPAKE2 exchange over ``code``, then ``hello`` sealed; the session (the
    host's answers are left unread)."""
    shake = Handshake(code, host=False)
    sock.sendall(encode({"type": "spake", "msg": base64.b64encode(shake.message).decode()}))
    answer = json.loads(read_line(sock))
    assert answer["type"] == "spake", answer
    session = shake.finish(base64.b64decode(answer["msg"]))
    sock.sendall(session.seal(encode({"type": "hello", **hello})))
    return session
