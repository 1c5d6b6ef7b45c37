"""Deck files checked once per version of the file, not at every start.

Finding the variants checks that every deck file loads, and loading one builds the deck:
the Infinite Deck's 12,000 cards cost about a quarter of a second. A deck that passed is
remembered in ``deck-checks.json`` in the user cache folder (``$CARDTABLE_HOME/cache`` when
that is set), keyed by its id, path, size, modification time and inode and by the
modification times of the code that reads decks; a later start with every key unchanged
does not read the file again. A deck that failed is never remembered: it is checked
every time. Loading a deck for play (:func:`cardtable.variants.load_deck`) always reads
and builds it in full, so a stale verdict can at worst show a variant as playable that
then says at load, at file:line:col, why it cannot be played.
"""

from __future__ import annotations

import json
import os
import stat
import zlib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from cardtable import __version__, paths, storage

__all__ = ["CACHE_NAME", "STAMP_LIMIT", "cache_file", "deck_errors", "file_stamp", "read_cache", "write_cache"]

CACHE_NAME = "deck-checks.json"
"""The cache file's name in the user cache folder."""

STAMP_LIMIT = 4_000_000
"""The largest file whose verdict is remembered (bytes)."""

_CODE = ("variants.py", "variant_schemas.py", "schema.py", "deck_checks.py", "engine/decks.py", "engine/cards.py")


def cache_file(name: str = CACHE_NAME) -> Path:
    """The cache file ``name``: in ``$CARDTABLE_HOME/cache`` if set, else the platform's cache folder."""
    home = paths.home_override()
    folder = home / "cache" if home is not None else paths.user_cache_dir()
    return folder / name


def file_stamp(path: str | os.PathLike[str], *, content: bool = False) -> str | None:
    """``size:mtime_ns:inode`` of the file at ``path`` (and, with ``content``, the CRC-32 of
    its bytes: two writes of the same size within one tick of the file system's clock
    leave the same mtime), or None when it cannot be read or is no regular file of at
    most :data:`STAMP_LIMIT` bytes (such a file is checked, never remembered)."""
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode) or info.st_size > STAMP_LIMIT:
            return None  # a pipe or device would block or never end
        crc = zlib.crc32(Path(path).read_bytes()) if content else 0
    except (OSError, ValueError):
        return None
    return f"{info.st_size}:{info.st_mtime_ns}:{info.st_ino}:{crc}"


def _code_stamp() -> str:
    here = Path(__file__).parent
    return ",".join([__version__, *(str(file_stamp(here / name)) for name in _CODE)])


def read_cache(target: Path) -> dict[str, Any]:
    """The JSON object in the cache file ``target`` (empty when missing or unreadable)."""
    try:
        data = json.loads(target.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def write_cache(target: Path, data: dict[str, Any]) -> None:
    """Write the cache file ``target``; a cache that cannot be written is only not kept."""
    try:
        paths.ensure_dir(target.parent)
        storage.write_json(target, data)
    except (OSError, TypeError, ValueError):
        pass  # no cache folder: every start checks everything, as before



def deck_errors(decks: Mapping[str, Path], check: Callable[[str, Path], str | None]) -> dict[str, str]:
    """Deck id -> why it cannot be used, for the deck files ``decks`` (id -> file);
    ``check(deck_id, path)`` is called for each file not remembered as passing."""
    target = cache_file()
    passed = read_cache(target)
    code = _code_stamp()
    now = dict(passed)
    errors: dict[str, str] = {}
    for deck_id, path in decks.items():
        stamp = file_stamp(path, content=True)
        key = f"{deck_id}\n{os.path.abspath(path)}"
        if stamp is not None and passed.get(key) == f"{stamp}|{code}":
            continue
        error = check(deck_id, path)
        now.pop(key, None)
        if error is not None:
            errors[deck_id] = error
        elif stamp is not None and stamp == file_stamp(path, content=True):  # not changed while it was read
            now[key] = f"{stamp}|{code}"
    if now != passed:
        write_cache(target, now)
    return errors
