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
from collections.abc import Callable, Mapping
from pathlib import Path

import platformdirs

from cardtable import __version__, paths, storage

__all__ = ["CACHE_NAME", "cache_file", "deck_errors"]

CACHE_NAME = "deck-checks.json"
"""The cache file's name in the user cache folder."""

_CODE = ("variants.py", "schema.py", "engine/decks.py", "engine/cards.py")


def cache_file() -> Path:
    """Where the verdicts are kept: ``$CARDTABLE_HOME/cache`` if set, else the platform's cache folder."""
    home = paths.home_override()
    folder = home / "cache" if home is not None else Path(platformdirs.user_cache_dir(paths.APP_NAME,
                                                                                       appauthor=False))
    return folder / CACHE_NAME


def _stamp(path: Path) -> str | None:
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return None
    return f"{info.st_size}:{info.st_mtime_ns}:{info.st_ino}"


def _code_stamp() -> str:
    here = Path(__file__).parent
    return ",".join([__version__, *(str(_stamp(here / name)) for name in _CODE)])


def _read(target: Path) -> dict[str, str]:
    try:
        data = json.loads(target.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def deck_errors(decks: Mapping[str, Path], check: Callable[[str, Path], str | None]) -> dict[str, str]:
    """Deck id -> why it cannot be used, for the deck files ``decks`` (id -> file);
    ``check(deck_id, path)`` is called for each file not remembered as passing."""
    target = cache_file()
    passed = _read(target)
    code = _code_stamp()
    now = dict(passed)
    errors: dict[str, str] = {}
    for deck_id, path in decks.items():
        stamp = _stamp(path)
        key = f"{deck_id}\n{os.path.abspath(path)}"
        if stamp is not None and passed.get(key) == f"{stamp}|{code}":
            continue
        error = check(deck_id, path)
        now.pop(key, None)
        if error is not None:
            errors[deck_id] = error
        elif stamp is not None and stamp == _stamp(path):  # not changed while it was read
            now[key] = f"{stamp}|{code}"
    if now != passed:
        try:
            paths.ensure_dir(target.parent)
            storage.write_json(target, now)
        except (OSError, TypeError, ValueError):
            pass  # no cache folder: every start checks every deck, as before
    return errors
