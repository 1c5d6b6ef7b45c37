"""The encrypted channel of networked play: SPAKE2 over the join code, then AEAD frames.

The join code is a weak secret (six letters), so it is never sent, nor anything from
which a guess could be tested away from the host. Each side runs SPAKE2 (the ``spake2``
package: the client is ``SPAKE2_A`` with identity :data:`CLIENT_ID`, the host
``SPAKE2_B`` with :data:`HOST_ID`; the password is :func:`normalise_code` of the code)
and sends its message (:attr:`Handshake.message`, 33 bytes); both derive the same
32-byte key only when both used the same code. An eavesdropper learns nothing it could
test guesses against offline; an active attacker learns, per handshake, only whether
the one code it used was right, which the host answers at its own pace
(:mod:`cardtable.net.guessing`).

From the SPAKE2 key, HKDF-SHA256 (``cryptography``) derives one 32-byte key per
direction (``info`` :data:`CLIENT_TO_HOST` and :data:`HOST_TO_CLIENT`). Every later
message is sealed with ChaCha20-Poly1305 under its direction's key, the nonce being
that direction's count of frames (four zero bytes, then the count as 8 big-endian
bytes), so a frame altered, replayed, dropped or moved out of order fails to open; a
session never recovers from a bad frame (the caller closes it). A frame is the
ciphertext in standard base64 on one line ending ``\\n``: no longer than
:data:`MAX_FRAME` bytes (checked before it is decoded), which fits a message of
:data:`~cardtable.net.protocol.MAX_MESSAGE` bytes.

Key confirmation is the client's first frame (its ``hello``): a host that cannot open
it knows the code was wrong; the host sends nothing sealed before that, so the client
learns the answer only from the host.

Nothing here does input or output: :class:`Handshake` takes and gives bytes, and
:class:`Session` turns messages into frames and back. The handshake needs only an
ordered stream of messages each way, so a transport other than the LAN's TCP (a relay
across the internet found by the same code, say) can carry the same exchange and the
same frames unchanged.
"""

from __future__ import annotations

import base64
import binascii

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from spake2 import SPAKE2_A, SPAKE2_B  # type: ignore[import-untyped]

from cardtable.net.protocol import MAX_MESSAGE

__all__ = ["Handshake", "Session", "BadFrame", "BadHandshake", "normalise_code", "MAX_FRAME", "CLIENT_ID",
           "HOST_ID", "CLIENT_TO_HOST", "HOST_TO_CLIENT"]

CLIENT_ID = b"cardtable-client"
"""The client's SPAKE2 identity (``idA``)."""
HOST_ID = b"cardtable-host"
"""The host's SPAKE2 identity (``idB``)."""
CLIENT_TO_HOST = b"cardtable v4 client to host"
"""The HKDF ``info`` of the key sealing what the client sends."""
HOST_TO_CLIENT = b"cardtable v4 host to client"
"""The HKDF ``info`` of the key sealing what the host sends."""

_TAG = 16
MAX_FRAME = 4 * ((MAX_MESSAGE + _TAG + 2) // 3)
"""The longest frame line, in bytes, newline excluded: a sealed message of
:data:`~cardtable.net.protocol.MAX_MESSAGE` bytes in base64."""
_MOST_FRAMES = 2**64


class BadFrame(ValueError):
    """A frame that does not open: altered, replayed, out of order, or sealed with
    another key (the wrong join code, when it is the first)."""


class BadHandshake(ValueError):
    """The other side's SPAKE2 message is not one (not a point of the group, wrong size)."""


def normalise_code(code: str) -> str:
    """The join code as both sides use it: capitals, no spaces (``" k7 qx2m"`` is ``"K7QX2M"``)."""
    return "".join(code.split()).upper()


def _key(secret: bytes, info: bytes) -> bytes:
    return HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=info).derive(secret)


def _nonce(count: int) -> bytes:
    if count >= _MOST_FRAMES:
        raise BadFrame("the session has used every nonce")
    return b"\0\0\0\0" + count.to_bytes(8, "big")


class Session:
    """The sealed channel after a handshake: :meth:`seal` what we send, :meth:`open`
    what we receive, each direction's frames counted from 0."""

    def __init__(self, send_key: bytes, receive_key: bytes) -> None:
        self._send = ChaCha20Poly1305(send_key)
        self._receive = ChaCha20Poly1305(receive_key)
        self.sent = 0
        self.received = 0

    def seal(self, message: bytes) -> bytes:
        """One message (its trailing newline dropped) as a frame line, ending ``\\n``."""
        sealed = self._send.encrypt(_nonce(self.sent), message.rstrip(b"\n"), None)
        self.sent += 1
        return base64.b64encode(sealed) + b"\n"

    def open(self, line: bytes) -> bytes:
        """The message of the next frame line (BadFrame when it does not open; the
        session is then of no further use). The line's size is checked first."""
        body = line.rstrip(b"\n")
        if len(body) > MAX_FRAME:
            raise BadFrame(f"a frame over {MAX_FRAME} bytes")
        try:
            sealed = base64.b64decode(body, validate=True)
        except (binascii.Error, ValueError):
            raise BadFrame("not a frame") from None
        try:
            message = self._receive.decrypt(_nonce(self.received), sealed, None)
        except InvalidTag:
            raise BadFrame("a frame that does not open (altered, replayed, out of order or another key)") from None
        self.received += 1
        return message

    def skip(self) -> None:
        """A frame too long to read was skipped unread: it used its nonce all the same."""
        self.received += 1


class Handshake:
    """One side's SPAKE2 exchange over ``code``: send :attr:`message`, give the other
    side's to :meth:`finish` for the :class:`Session`. ``host``: the host's side."""

    def __init__(self, code: str, *, host: bool) -> None:
        password = normalise_code(code).encode()
        side = SPAKE2_B if host else SPAKE2_A
        self._spake = side(password, idA=CLIENT_ID, idB=HOST_ID)
        self._host = host
        self.message: bytes = self._spake.start()

    def finish(self, theirs: bytes) -> Session:
        """The session from the other side's message (BadHandshake when it is not one).
        With a different code on each side this succeeds too, but the keys differ, so
        the first frame fails to open."""
        try:
            secret = self._spake.finish(theirs)
        except Exception as exc:  # noqa: BLE001 - spake2 raises several types for a bad message
            raise BadHandshake(f"not a SPAKE2 message ({type(exc).__name__})") from None
        to_host, to_client = _key(secret, CLIENT_TO_HOST), _key(secret, HOST_TO_CLIENT)
        return Session(to_client, to_host) if self._host else Session(to_host, to_client)
