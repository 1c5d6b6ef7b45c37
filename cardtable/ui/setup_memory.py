"""What the setup screen remembers per game: the last seats, their names and who played
each (a person here, a remote person, a computer of some level).

Kept in ``setups.json`` beside the settings (the user's config folder), written
atomically with :func:`cardtable.storage.write_json`. A broken or unreadable file is
reported once (a log line and the returned problem) and ignored: the setup screen then
starts from its defaults.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from cardtable import paths, storage

__all__ = ["SetupMemory", "memory_file"]

_log = logging.getLogger(__name__)
_LIMIT = 256 * 1024
_MAX_SEATS = 16


def memory_file(settings_path: Path | None = None) -> Path:
    """Where the memory lives: beside ``settings_path`` when the app was given one, else
    in the config folder."""
    folder = settings_path.parent if settings_path is not None else paths.config_dir()
    return folder / "setups.json"


class SetupMemory:
    """The remembered setups, by game id: ``{"count": n, "seats": [{"name", "kind"}]}``
    where ``kind`` is ``"person"``, ``"remote"`` or a computer level."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.problem: str | None = None
        self.games: dict[str, dict[str, Any]] = {}
        if not path.exists():
            return
        try:
            data = storage.read_json(path, limit=_LIMIT)
        except storage.StorageError as exc:
            self._broken(str(exc))
            return
        if not isinstance(data, dict):
            self._broken(f"{path}: not a mapping of games")
            return
        for game, entry in data.items():
            cleaned = _cleaned(entry)
            if cleaned is None:
                self._broken(f"{path}: the setup of {str(game)[:40]!r} is not usable")
                continue
            self.games[str(game)] = cleaned

    def _broken(self, problem: str) -> None:
        if self.problem is None:
            _log.warning("setup memory ignored: %s", problem)
            self.problem = problem

    def get(self, game: str) -> dict[str, Any] | None:
        """The last setup of ``game``, or None."""
        return self.games.get(game)

    def remember(self, game: str, count: int, seats: list[tuple[str, str]]) -> None:
        """Keep ``count`` and each seat's ``(name, kind)`` for ``game`` and write the file
        (an OSError is logged, never raised: forgetting is not worth a broken start)."""
        self.games[game] = {"count": count, "seats": [{"name": n, "kind": k} for n, k in seats[:_MAX_SEATS]]}
        try:
            paths.ensure_dir(self.path.parent)
            storage.write_json(self.path, self.games)
        except (OSError, storage.StorageError) as exc:
            _log.warning("could not remember the setup: %s", exc)


def _cleaned(entry: Any) -> dict[str, Any] | None:
    if not isinstance(entry, dict):
        return None
    count, seats = entry.get("count"), entry.get("seats")
    if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= _MAX_SEATS:
        return None
    if not isinstance(seats, list) or len(seats) > _MAX_SEATS:
        return None
    kept = []
    for seat in seats:
        if not isinstance(seat, dict):
            return None
        name, kind = seat.get("name"), seat.get("kind")
        if not isinstance(name, str) or not isinstance(kind, str) or len(name) > 64 or len(kind) > 32:
            return None
        kept.append({"name": name, "kind": kind})
    return {"count": count, "seats": kept}
