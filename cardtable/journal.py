"""A match's moves as an append-only journal beside its autosaves: a kill loses at most the
move being made.

An autosave is written whole by a writer thread; on a busy machine it can lag the game by
dozens of moves, and a process killed (``kill -9``, a crash, the power button held) loses
what had not reached the disk. So after every move the table also appends that one move,
a short JSON line, to ``auto-<match>.moves`` in the autosave folder, with a single
unbuffered ``write``: once it returns the line is the operating system's, and survives
the process being killed. Resuming the interrupted match reads the moves after the newest
autosave and plays them on it (:func:`recover`) through the rules, like any other moves:
a journal is a file a user can touch, so a line that is damaged, out of order or not a
legal move ends the recovery there, and the rest is left unplayed.
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from cardtable import paths

__all__ = ["Journal", "journal_path", "moves_after", "recover", "SUFFIX", "MOST_BYTES"]

SUFFIX = ".moves"
"""A journal's file name ending (an autosave's is ``-NNNNNN.json``: never confused)."""

MOST_BYTES = 64 * 1024 * 1024
"""The most of a journal read back (a 3,000-hand match writes about 8 MB)."""

_log = logging.getLogger(__name__)


def journal_path(match: str, folder: Path | None = None) -> Path:
    """Where the journal of ``match`` lies."""
    return (folder or paths.autosave_dir()) / f"auto-{match}{SUFFIX}"


class Journal:
    """The journal of one match, appended to after every move (see the module's doc)."""

    def __init__(self, match: str, folder: Path | None = None) -> None:
        self.path = journal_path(match, folder)
        self._fd: int | None = None
        self.failed = False

    def append(self, number: int, action: Any) -> None:
        """Write move ``number`` (1-based: the history's length once it is made), ``action``;
        a failure is logged once and journaling stops (the autosaves go on)."""
        if self.failed:
            return
        line = json.dumps({"n": number, "a": action.to_json()}, separators=(",", ":")) + "\n"
        try:
            if self._fd is None:
                paths.ensure_dir(self.path.parent)
                self._fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
            os.write(self._fd, line.encode("utf-8"))  # one unbuffered write: the OS has it once it returns
        except OSError as exc:
            self.failed = True
            _log.warning("the moves journal cannot be written: %s", exc)

    def close(self, *, remove: bool = False) -> None:
        """Close the file; with ``remove`` delete it too (the last autosave holds every move)."""
        if self._fd is not None:
            try:
                os.close(self._fd)
            except OSError:
                pass
            self._fd = None
        if remove:
            try:
                self.path.unlink()
            except OSError:
                pass


def moves_after(match: str, count: int, folder: Path | None = None) -> list[Mapping[str, Any]]:
    """The moves the journal of ``match`` holds after the first ``count``, in order, as
    their JSON; it stops at the first line that is not the next move (damaged, missing,
    out of order): what comes after a gap cannot be trusted to follow on."""
    try:
        with open(journal_path(match, folder), "rb") as handle:
            raw = handle.read(MOST_BYTES)
    except OSError:
        return []
    moves: list[Mapping[str, Any]] = []
    expected = count + 1
    for line in raw.split(b"\n"):
        try:
            entry = json.loads(line)
        except (ValueError, RecursionError):
            if moves or not line.strip():
                break
            continue
        if not isinstance(entry, dict) or not isinstance(entry.get("n"), int) or not isinstance(entry.get("a"), dict):
            break
        if entry["n"] < expected:
            continue  # already in the autosave
        if entry["n"] != expected:
            break
        moves.append(entry["a"])
        expected += 1
    return moves


def recover(game: Any, payload: Mapping[str, Any], match: str, folder: Path | None = None) -> tuple[dict, int]:
    """``payload`` (an autosave's) with the journal's later moves of ``match`` played on
    its state through the rules; the new payload and how many moves were added (0: the
    payload as it was). A move the rules refuse ends the recovery there."""
    from cardtable.engine.game import action_from_json
    from cardtable.variants import load_deck_by_id

    data = payload.get("state")
    if not isinstance(data, Mapping) or not isinstance(data.get("history"), list) or game.state is None:
        return dict(payload), 0
    history = data["history"]
    moves = moves_after(match, len(history), folder)
    if not moves:
        return dict(payload), 0
    deck_id = data.get("state", {}).get("deck") if isinstance(data.get("state"), Mapping) else None
    try:
        state = game.state.from_json(data, deck=load_deck_by_id(deck_id if isinstance(deck_id, str) else game.decks[0]))
    except Exception:  # noqa: BLE001 - the autosave itself is checked elsewhere: here nothing is added
        return dict(payload), 0
    added = 0
    for move in moves:
        try:
            state.apply(action_from_json(move))
        except Exception:  # noqa: BLE001 - not a move here (IllegalAction, or no such move at all): it stops
            break
        added += 1
    if not added:
        return dict(payload), 0
    return {**payload, "state": state.to_json()}, added
