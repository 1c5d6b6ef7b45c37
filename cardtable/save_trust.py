"""The saves this app wrote from matches it played, by their checksums: resumed at once.

Loading a save replays its moves from the start (:mod:`cardtable.engine.replay`), which
for the longest matches (a 3,000-hand Ipso match is 140,000 moves) takes seconds. A save
this app wrote itself, from a state it reached by playing, needs no replay: its state is
a reachable one by construction. So each save the app writes is *vouched for* by its
checksum (the envelope's ``sha256``, which :func:`cardtable.saves.decode` recomputes):
a file edited afterwards, written elsewhere or by another version has another checksum
and is replayed once, when first listed or resumed, then vouched for too.

The checksums live in the user's data folder (``vouched.json``, the newest
:data:`KEEP`); a damaged or missing file vouches for nothing, so every save is replayed.
"""

from __future__ import annotations

import logging
import re
import threading
from pathlib import Path

from cardtable import paths, storage

__all__ = ["KEEP", "vouch", "vouched", "persist", "forget"]

KEEP = 512
"""How many checksums are kept (the newest): more than the saves folder holds."""

_DIGEST = re.compile(r"[0-9a-f]{64}")
_log = logging.getLogger(__name__)
_lock = threading.Lock()
_digests: dict[str, None] = {}  # oldest first
_loaded_from: Path | None = None
_dirty = False


def _file() -> Path:
    return paths.data_dir() / "vouched.json"


def _load() -> None:
    """Read the vouched checksums once per data folder (a test's home is its own)."""
    global _loaded_from, _dirty
    where = _file()
    if _loaded_from == where:
        return
    _digests.clear()
    _loaded_from, _dirty = where, False
    try:
        data = storage.read_json(where, limit=KEEP * 80)
    except (FileNotFoundError, storage.StorageError, ValueError, OSError):
        return
    if isinstance(data, list):
        _digests.update(dict.fromkeys(d for d in data[-KEEP:] if isinstance(d, str) and _DIGEST.fullmatch(d)))


def vouch(digest: str) -> None:
    """Record that this app wrote the save whose checksum is ``digest`` from a match it
    played (or replayed it whole and found it good). Kept in memory; :func:`persist`
    writes it down."""
    global _dirty
    if not _DIGEST.fullmatch(digest):
        return
    with _lock:
        _load()
        _digests.pop(digest, None)
        _digests[digest] = None
        while len(_digests) > KEEP:
            del _digests[next(iter(_digests))]
        _dirty = True


def vouched(digest: object) -> bool:
    """Whether the save with checksum ``digest`` was written, or found good, by this app."""
    if not isinstance(digest, str):
        return False
    with _lock:
        _load()
        return digest in _digests


def persist() -> None:
    """Write the vouched checksums down (atomically); a failure is logged, never raised:
    the saves are then replayed once more, nothing else is lost."""
    global _dirty
    with _lock:
        if not _dirty:
            return
        try:
            paths.ensure_dir(_file().parent)
            storage.write_json(_file(), list(_digests))
            _dirty = False
        except (OSError, storage.StorageError) as exc:
            _log.warning("could not keep the vouched saves: %s", exc)


def forget() -> None:
    """Drop what is in memory (the next question reads the file again)."""
    global _loaded_from, _dirty
    with _lock:
        _digests.clear()
        _loaded_from, _dirty = None, False
