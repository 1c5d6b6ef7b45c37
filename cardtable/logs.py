"""Logging and crash reports.

:func:`setup_logging` sends the ``cardtable`` loggers to a rotating file in
:func:`cardtable.paths.logs_dir` (``cardtable.log``, 1 MB x 5) and, when asked
(the app asks when run from a terminal), to stderr.  A file that cannot be
opened does not stop the app: it logs to stderr only and says so.

A small in-memory ring (:data:`RECENT`) keeps the last log lines for
:func:`write_crash_report`, which writes ``crash-YYYYmmdd-HHMMSS.txt`` to the
logs folder: versions, platform, the traceback and those lines.  Nothing of
the game state goes into a report (it holds hidden cards).
"""

from __future__ import annotations

import collections
import logging
import os
import platform
import sys
import time
import traceback
from pathlib import Path
from types import TracebackType

from cardtable import __version__, paths
from cardtable.settings import LOG_LEVELS

__all__ = [
    "LOG_FILE_NAME",
    "LOG_LEVELS",
    "RECENT",
    "RingHandler",
    "RotatingFile",
    "install_excepthook",
    "set_level",
    "setup_logging",
    "write_crash_report",
]

LOG_FILE_NAME = "cardtable.log"
MAX_BYTES = 1_000_000
BACKUPS = 5
RING_LINES = 200
FORMAT = "%(asctime)s %(levelname)-7s %(name)s: %(message)s"

_log = logging.getLogger(__name__)
_ROOT = "cardtable"


class RingHandler(logging.Handler):
    """Keeps the last ``capacity`` formatted records in memory (for crash reports)."""

    def __init__(self, capacity: int = RING_LINES) -> None:
        super().__init__(logging.DEBUG)
        self.lines: collections.deque[str] = collections.deque(maxlen=capacity)
        self.setFormatter(logging.Formatter(FORMAT))

    def emit(self, record: logging.LogRecord) -> None:
        try:
            self.lines.append(self.format(record))
        except Exception:  # noqa: BLE001 - logging must never raise
            self.handleError(record)

    def text(self) -> str:
        """The kept lines, oldest first."""
        return "\n".join(self.lines)


class RotatingFile(logging.FileHandler):
    """A log file moved aside to ``<file>.1`` (the older ones to ``.2`` ... ``.<backups>``,
    the oldest dropped) when the next record would take it to ``max_bytes``: what
    :class:`logging.handlers.RotatingFileHandler` does, without importing
    :mod:`logging.handlers` (its sockets and pickle cost about 15 ms of every start)."""

    def __init__(self, path: Path, max_bytes: int, backups: int) -> None:
        super().__init__(path, mode="a", encoding="utf-8")
        self.max_bytes = max_bytes
        self.backups = backups

    def emit(self, record: logging.LogRecord) -> None:
        try:
            if self._full(record):
                self._rotate()
            super().emit(record)
        except Exception:  # noqa: BLE001 - logging must never raise
            self.handleError(record)

    def _full(self, record: logging.LogRecord) -> bool:
        if os.path.exists(self.baseFilename) and not os.path.isfile(self.baseFilename):
            return False  # never move anything but a regular file
        if self.stream is None:
            self.stream = self._open()
        if self.max_bytes <= 0:
            return False
        self.stream.seek(0, 2)
        return self.stream.tell() + len(f"{self.format(record)}\n") >= self.max_bytes

    def _rotate(self) -> None:
        if self.stream:
            self.stream.close()
            self.stream = None
        if self.backups > 0:
            for number in range(self.backups - 1, 0, -1):
                older, newer = f"{self.baseFilename}.{number}", f"{self.baseFilename}.{number + 1}"
                if os.path.exists(older):
                    if os.path.exists(newer):
                        os.remove(newer)
                    os.rename(older, newer)
            first = f"{self.baseFilename}.1"
            if os.path.exists(first):
                os.remove(first)
            if os.path.exists(self.baseFilename):
                os.rename(self.baseFilename, first)
        self.stream = self._open()


RECENT = RingHandler()
logging.getLogger(_ROOT).addHandler(RECENT)  # crash reports get recent lines even without setup_logging
_installed: list[logging.Handler] = []


def _level(name: str) -> int:
    if name.lower() not in LOG_LEVELS:
        raise ValueError(f"log level must be one of {', '.join(LOG_LEVELS)}, not {name!r}")
    return int(getattr(logging, name.upper()))


def set_level(level: str) -> None:
    """Change the level of the ``cardtable`` loggers (``"debug"`` .. ``"error"``)."""
    logging.getLogger(_ROOT).setLevel(_level(level))


def setup_logging(level: str = "info", *, to_stderr: bool) -> Path | None:
    """Log ``cardtable.*`` at ``level`` to the rotating file, the ring and (if ``to_stderr``) stderr.

    Returns the log file's path, or None when it could not be opened (then the
    messages go to stderr, whatever ``to_stderr`` says).  Calling it again
    replaces the handlers it installed before.
    """
    logger = logging.getLogger(_ROOT)
    for handler in _installed:
        logger.removeHandler(handler)
        if handler is not RECENT:
            handler.close()
    _installed.clear()
    logger.setLevel(_level(level))
    formatter = logging.Formatter(FORMAT)
    path: Path | None = paths.logs_dir() / LOG_FILE_NAME
    failure = ""
    try:
        assert path is not None
        paths.ensure_dir(path.parent)
        file_handler = RotatingFile(path, MAX_BYTES, BACKUPS)
        file_handler.setFormatter(formatter)
        _installed.append(file_handler)
    except OSError as exc:
        failure = f"cannot write the log file {path}: {exc}; logging to stderr only"
        path = None
    if to_stderr or path is None:
        stream = logging.StreamHandler(sys.stderr)
        stream.setFormatter(formatter)
        _installed.append(stream)
    _installed.append(RECENT)
    for handler in _installed:
        logger.addHandler(handler)
    if failure:
        _log.warning(failure)
    _log.info("cardtable %s started, logging at %s to %s", __version__, level,
              path if path is not None else "stderr")
    return path


def _versions() -> list[str]:
    lines = [f"cardtable {__version__}",
             f"platform: {platform.platform()}",
             f"python: {sys.version.split()[0]} ({platform.python_implementation()})"]
    # The installed distribution's version: this module stays free of pygame (only ui/ imports it).
    # importlib.metadata costs tens of milliseconds to import: only a crash report pays it.
    import importlib.metadata
    try:
        lines.append(f"pygame-ce: {importlib.metadata.version('pygame-ce')}")
    except importlib.metadata.PackageNotFoundError:
        lines.append("pygame-ce: not installed as a package (a frozen build?)")
    return lines


def write_crash_report(exc: BaseException, *, note: str = "") -> Path | None:
    """Write a crash report for ``exc`` to the logs folder; its path, or None if it could not be written.

    The report holds the versions, the platform, the traceback and the last log
    lines: no game state, no views (they hold hidden cards).
    """
    parts = ["cardtable crash report", time.strftime("%Y-%m-%d %H:%M:%S %z"), "", *_versions()]
    if note:
        parts += ["", note]
    parts += ["", "Traceback:", "".join(traceback.format_exception(type(exc), exc, exc.__traceback__)).rstrip(),
              "", f"Last {RING_LINES} log lines:", RECENT.text() or "(none)", ""]
    try:
        folder = paths.ensure_dir(paths.logs_dir())
        path = paths.stamped_path(folder, "crash", ".txt")
        path.write_text("\n".join(parts), encoding="utf-8")
    except OSError:
        _log.exception("could not write the crash report")
        return None
    _log.error("crash report written to %s", path)
    return path


def install_excepthook() -> None:
    """Make an uncaught exception (outside the app's loop) log, write a report and say where."""
    previous = sys.excepthook

    def hook(kind: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
        if issubclass(kind, KeyboardInterrupt):
            previous(kind, exc, tb)
            return
        _log.critical("uncaught exception", exc_info=(kind, exc, tb))
        path = write_crash_report(exc)
        previous(kind, exc, tb)
        if path is not None:
            print(f"cardtable: a crash report was written to {path}", file=sys.stderr)

    sys.excepthook = hook
