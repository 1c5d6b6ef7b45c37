"""Safe file writing and JSON reading.

Writes are atomic: the data goes to a temporary file in the target's folder,
is flushed and fsynced, and then ``os.replace`` puts it over the target in one
step.  A crash or an error at any point leaves either the old file or the new
one, never a half-written target, and no temporary file behind.
"""

from __future__ import annotations

import json
import os
import stat
import tempfile
from pathlib import Path
from typing import Any

__all__ = [
    "StorageError",
    "atomic_write_bytes",
    "atomic_write_text",
    "read_json",
    "write_json",
]

_NEW_FILE_MODE = 0o644


class StorageError(Exception):
    """A file could not be read or understood.

    ``path`` is the file, ``reason`` says what was wrong in words, and
    ``missing`` is true when the file simply does not exist.
    """

    def __init__(self, path: str | os.PathLike[str], reason: str, *, missing: bool = False) -> None:
        self.path = Path(path)
        self.reason = reason
        self.missing = missing
        super().__init__(f"{self.path}: {reason}")


def _fsync_dir(folder: Path) -> None:
    """fsync a folder so a rename in it is durable; a no-op where unsupported (Windows)."""
    flags = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0)
    try:
        fd = os.open(folder, flags)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` to ``path`` atomically.

    The target keeps its permission bits if it already exists; a new file gets
    0o644.  The target's folder must exist.  On any failure the temporary file
    is removed, the target is untouched, and the error is re-raised.
    """
    target = Path(path)
    folder = target.parent
    fd, tmp_name = tempfile.mkstemp(dir=folder, prefix=f".{target.name}.", suffix=".tmp")
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        try:
            mode = stat.S_IMODE(os.stat(target).st_mode)
        except FileNotFoundError:
            mode = _NEW_FILE_MODE
        try:
            os.chmod(tmp, mode)
        except OSError:  # pragma: no cover - e.g. exotic file systems
            pass
        os.replace(tmp, target)
    except BaseException:
        try:
            tmp.unlink()
        except FileNotFoundError:
            pass
        raise
    _fsync_dir(folder)


def atomic_write_text(path: str | os.PathLike[str], text: str, encoding: str = "utf-8") -> None:
    """Write ``text`` to ``path`` atomically (see :func:`atomic_write_bytes`).

    Newlines are written as given (no platform translation).
    """
    atomic_write_bytes(path, text.encode(encoding))


def read_json(path: str | os.PathLike[str]) -> Any:
    """Read and parse the UTF-8 JSON file at ``path``.

    Raises StorageError (with the path and the reason) if the file is missing,
    unreadable, not UTF-8 or not valid JSON.
    """
    target = Path(path)
    try:
        raw = target.read_bytes()
    except FileNotFoundError:
        raise StorageError(target, "file not found", missing=True) from None
    except OSError as exc:
        raise StorageError(target, f"cannot read: {exc.strerror or exc}") from exc
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise StorageError(target, f"not UTF-8 text: {exc.reason} at byte {exc.start}") from exc
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise StorageError(
            target, f"not valid JSON: {exc.msg}: line {exc.lineno} column {exc.colno}"
        ) from exc
    except RecursionError as exc:
        raise StorageError(target, "not valid JSON: nested too deeply") from exc


def write_json(path: str | os.PathLike[str], data: Any) -> None:
    """Write ``data`` as JSON to ``path`` atomically.

    Indented by 2, keys sorted, non-ASCII kept as is, a final newline.
    Raises TypeError/ValueError (before touching the file) for data JSON cannot
    hold, including NaN and infinities.
    """
    text = json.dumps(data, indent=2, ensure_ascii=False, sort_keys=True, allow_nan=False)
    atomic_write_text(path, text + "\n")
