"""Safe file writing, and the one way user files are read.

Every file the user can put in place (variants, decks, saves, settings,
statistics) is read with :func:`read_user_file`: only a regular file (or a
symbolic link to one) is read, never a folder, a FIFO, a device or a socket,
and never more than a size limit, so no file can make the app wait forever or
fill its memory.  Errors are :class:`StorageError` naming the user's path (a
link's own name, never its target) and never quoting what the file holds.

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
import time
from pathlib import Path
from typing import Any

__all__ = [
    "LEFTOVER_AGE",
    "StorageError",
    "atomic_write_bytes",
    "atomic_write_text",
    "clean_app_leftovers",
    "clean_leftovers",
    "is_leftover_name",
    "read_json",
    "read_user_file",
    "write_json",
]

_NEW_FILE_MODE = 0o644


class StorageError(Exception):
    """A file could not be read or understood.

    ``path`` is the file, ``reason`` says what was wrong in words, and
    ``missing`` is true when the file simply does not exist.  ``special`` is
    true when the path is not a regular file (a folder, a FIFO, a device, a
    socket, or a link to one) and ``too_big`` when it is over the size limit.
    """

    def __init__(self, path: str | os.PathLike[str], reason: str, *, missing: bool = False,
                 special: bool = False, too_big: bool = False) -> None:
        self.path = Path(path)
        self.reason = reason
        self.missing = missing
        self.special = special
        self.too_big = too_big
        super().__init__(f"{self.path}: {reason}")


# --------------------------------------------------------------------------
# Reading user files
# --------------------------------------------------------------------------

_OPEN_FLAGS = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
               | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOCTTY", 0))


def _kind_of(mode: int) -> str:
    """What a non-regular file is, in words."""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISCHR(mode):
        return "a character device"
    if stat.S_ISBLK(mode):
        return "a block device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _why(exc: BaseException) -> str:
    """An OS or encoding error in words, without the file names it may carry."""
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    if isinstance(exc, UnicodeError):
        return "the file name cannot be used on this system"
    return type(exc).__name__


def _refuse_special(target: Path, mode: int, linked: bool) -> None:
    if not stat.S_ISREG(mode):
        what = _kind_of(mode)
        where = f"a link to {what}" if linked else what
        raise StorageError(target, f"cannot read: this is {where}, not a regular file", special=True)


def _too_big(target: Path, size: int, limit: int) -> StorageError:
    return StorageError(target, f"file is {size} bytes, more than the limit of {limit}", too_big=True)


def read_user_file(path: str | os.PathLike[str], *, limit: int) -> bytes:
    """The bytes of the user's file at ``path``, at most ``limit`` of them.

    Only a regular file is read.  A symbolic link is followed and its target
    held to the same rules (a link to ``/dev/zero`` or to a FIFO is refused);
    errors name ``path`` itself, never the target.  The file is opened
    non-blocking (so a FIFO swapped in at the last moment cannot make the open
    wait), checked again with ``fstat`` and then read up to ``limit + 1`` bytes.

    Raises StorageError for every failure: missing (``missing``), a folder,
    FIFO, device or socket (``special``), over ``limit`` bytes (``too_big``) or
    unreadable (permissions, I/O errors, a name the system cannot encode).
    """
    target = Path(path)
    try:
        linked = os.path.islink(target)
        info = os.stat(target)
    except FileNotFoundError:
        raise StorageError(target, "file not found", missing=True) from None
    except (OSError, UnicodeError, ValueError) as exc:
        raise StorageError(target, f"cannot read: {_why(exc)}") from None
    _refuse_special(target, info.st_mode, linked)
    if info.st_size > limit:
        raise _too_big(target, info.st_size, limit)
    try:
        fd = os.open(target, _OPEN_FLAGS)
    except FileNotFoundError:
        raise StorageError(target, "file not found", missing=True) from None
    except (OSError, UnicodeError, ValueError) as exc:
        raise StorageError(target, f"cannot read: {_why(exc)}") from None
    try:
        info = os.fstat(fd)
        _refuse_special(target, info.st_mode, linked)
        if info.st_size > limit:
            raise _too_big(target, info.st_size, limit)
        chunks: list[bytes] = []
        got = 0
        while got <= limit:
            chunk = os.read(fd, min(limit + 1 - got, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
    except OSError as exc:
        raise StorageError(target, f"cannot read: {_why(exc)}") from None
    finally:
        os.close(fd)
    if got > limit:  # it grew while being read
        raise _too_big(target, got, limit)
    return b"".join(chunks)


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


JSON_LIMIT = 4_000_000
"""The largest JSON file :func:`read_json` reads (settings are a few hundred bytes)."""


def read_json(path: str | os.PathLike[str], *, limit: int = JSON_LIMIT) -> Any:
    """Read (with :func:`read_user_file`) and parse the UTF-8 JSON file at ``path``.

    Raises StorageError (with the path and the reason) if the file is missing,
    not a regular file, over ``limit`` bytes, unreadable, not UTF-8 or not valid
    JSON (including an integer too long to convert).
    """
    target = Path(path)
    raw = read_user_file(target, limit=limit)
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
    except ValueError as exc:  # e.g. an integer of more than 4,300 digits
        raise StorageError(target, f"not usable JSON: {str(exc)[:120]}") from exc


def write_json(path: str | os.PathLike[str], data: Any) -> None:
    """Write ``data`` as JSON to ``path`` atomically.

    Indented by 2, keys sorted, non-ASCII kept as is, a final newline.
    Raises TypeError/ValueError (before touching the file) for data JSON cannot
    hold, including NaN and infinities.
    """
    text = json.dumps(data, indent=2, ensure_ascii=False, sort_keys=True, allow_nan=False)
    atomic_write_text(path, text + "\n")


# --------------------------------------------------------------------------
# Leftovers of interrupted writes
# --------------------------------------------------------------------------

LEFTOVER_AGE = 60.0
"""Seconds after which a temporary file of ours is taken as left by a failed write."""


def is_leftover_name(name: str) -> bool:
    """True for the names this app's writes use for their temporary files.

    :func:`atomic_write_bytes` writes ``.<target>.<random>.tmp`` (``tempfile.mkstemp``)
    and :func:`cardtable.saves.write_save` keeps the previous save through the hard
    link ``.<target>.<8 hex digits>.link``.
    """
    if not name.startswith(".") or len(name) < 6:
        return False
    if name.endswith(".tmp"):
        return len(name) > len("..x.tmp") and "." in name[1:-len(".tmp")]
    if name.endswith(".link"):
        head, _, tag = name[1:-len(".link")].rpartition(".")
        return bool(head) and len(tag) == 8 and all(c in "0123456789abcdef" for c in tag)
    return False


def clean_leftovers(folder: str | os.PathLike[str], *, older_than: float = LEFTOVER_AGE,
                    now: float | None = None) -> list[Path]:
    """Remove this app's own stale temporary files from ``folder``; return those removed.

    Only regular files (not links, not folders) whose names :func:`is_leftover_name`
    accepts and that were last changed more than ``older_than`` seconds ago are
    removed; nothing else is touched.  A missing or unreadable folder is skipped.
    Never raises.
    """
    removed: list[Path] = []
    now = time.time() if now is None else now
    try:
        with os.scandir(folder) as entries:
            candidates = [entry for entry in entries if is_leftover_name(entry.name)]
    except (OSError, UnicodeError, ValueError):
        return removed
    for entry in candidates:
        try:
            info = entry.stat(follow_symlinks=False)
            if stat.S_ISREG(info.st_mode) and now - info.st_mtime > older_than:
                os.unlink(entry.path)
                removed.append(Path(entry.path))
        except OSError:
            continue
    return removed


def clean_app_leftovers() -> list[Path]:
    """:func:`clean_leftovers` over every folder the app writes (run once at start).

    The settings folder, the saves folder (which also holds the statistics), its
    ``autosave`` subfolder and the logs folder.
    """
    from cardtable import paths

    removed: list[Path] = []
    for folder in (paths.config_dir(), paths.saves_dir(), paths.autosave_dir(), paths.logs_dir()):
        removed.extend(clean_leftovers(folder))
    return removed
