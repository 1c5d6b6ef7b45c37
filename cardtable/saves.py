"""Saved games: checked JSON files, named saves, rotating autosaves, and the list of them.

A save file is one JSON object, the *envelope*::

    {"format": "cardtable-save", "version": 1, "game": "shenja_ivali",
     "variant": "shenja_ivali", "match": "20261122-170102-3fa1", "kind": "auto",
     "saved_at": "2026-11-22T17:01:02Z", "app_version": "0.1.0",
     "summary": {"names": [...], "round": 3, "finished": false, "left": false, ...},
     "payload": {... GameTableScene.save_data() ...},
     "sha256": "<hex digest>"}

``sha256`` is the digest of the canonical JSON (sorted keys, no spaces, UTF-8) of
every other field (in a file laid out as this app writes it, taken over the payload's
bytes as they stand), so a truncated file fails to parse and an edited one fails the
checksum: both raise :class:`SaveError` with the reason in words, never a silent
half. A file from a newer format version is refused; an older one is upgraded
through :data:`MIGRATIONS` or refused with a clear message.

Writes go through :func:`cardtable.storage.atomic_write_bytes` (temporary file,
fsync, rename), and the bytes are checked to load before they are written.
Overwriting a good file first keeps it as ``<name>.prev.json`` (a hard link, so
it costs nothing), and autosaves are new files each time with only the newest
few kept: a failed or bad write never costs the last good save.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import json
import os
import shutil
import threading
import time
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardtable import __version__, paths
from cardtable.engine import collector
from cardtable.storage import StorageError, atomic_write_bytes, read_user_file

__all__ = [
    "AUTOSAVE_KEEP",
    "AUTOSAVE_MATCHES",
    "FORMAT",
    "MIGRATIONS",
    "VERSION",
    "Autosaver",
    "BackgroundAutosaver",
    "SaveError",
    "SaveFile",
    "decode",
    "delete_save",
    "encode",
    "interrupted_save",
    "list_saves",
    "load_save",
    "named_save_path",
    "new_match_id",
    "write_save",
]

FORMAT = "cardtable-save"
VERSION = 1
"""The format version this program writes (and the newest it reads)."""

SAVE_LIMIT = 64_000_000
"""The largest save file read (read with :func:`cardtable.storage.read_user_file`)."""

AUTOSAVE_KEEP = 5
"""Autosaves kept per match (the newest ones)."""

AUTOSAVE_MATCHES = 8
"""Matches whose autosaves are kept (the most recently saved ones)."""

MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}
"""Upgrades of older envelopes: ``MIGRATIONS[v]`` turns a checked version-``v``
envelope into a version-``v + 1`` one. An older version with no path up to
:data:`VERSION` is refused with a message saying so."""

_AUTO_PREFIX = "auto-"


class SaveError(Exception):
    """A save could not be written, read or trusted.

    ``path`` is the file, ``reason`` says what is wrong in words, and ``problem``
    is one of ``"missing"``, ``"unreadable"``, ``"truncated"``, ``"tampered"``,
    ``"newer"``, ``"older"``, ``"invalid"``, ``"write"``.
    """

    def __init__(self, path: str | os.PathLike[str] | None, reason: str, problem: str) -> None:
        self.path = Path(path) if path is not None else None
        self.reason = reason
        self.problem = problem
        super().__init__(f"{self.path}: {reason}" if self.path is not None else reason)


@dataclass(frozen=True)
class SaveFile:
    """One save as listed or loaded.

    ``envelope`` is the checked envelope (None when ``error`` says why it cannot
    be loaded); ``kind`` is ``"auto"`` or ``"named"``; ``modified`` the file time.
    """

    path: Path
    kind: str
    modified: float
    envelope: Mapping[str, Any] | None = None
    error: SaveError | None = None

    @property
    def ok(self) -> bool:
        """True when the file loaded and passed every check."""
        return self.envelope is not None

    @property
    def summary(self) -> Mapping[str, Any]:
        """The envelope's summary (names, round, finished ...), empty for a broken file."""
        return (self.envelope or {}).get("summary", {})

    @property
    def match(self) -> str:
        """The match id the save belongs to ("" when unknown)."""
        if self.envelope is not None:
            return str(self.envelope.get("match", ""))
        return _match_of_autosave(self.path) or ""

    @property
    def interrupted(self) -> bool:
        """True for a save of a match nobody finished or left on purpose."""
        summary = self.summary
        return self.ok and not summary.get("finished") and not summary.get("left")


# --------------------------------------------------------------------------
# Encoding and checking
# --------------------------------------------------------------------------

def _canonical(data: Any) -> bytes:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False).encode("utf-8")


def _spliced(data: Any) -> Callable[[], bytes]:
    """:func:`_canonical`, where any value with ``json_bytes`` (a
    :class:`cardtable.engine.game.JSONText`: the canonical JSON of a state's history or
    log, kept as the game goes) is spliced in as it is rather than written again.

    What is not already written is written now; the splicing (reading the texts and
    joining: the part that grows with a match) is left to the function returned.
    """
    texts: list[Any] = []

    def splice(value: Any) -> str:
        if not hasattr(type(value), "json_bytes"):  # not of the value: that would join the text here
            raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")
        texts.append(value)
        return f"{_SPLICE}{len(texts) - 1}{_SPLICE}"

    written = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                         allow_nan=False, default=splice).encode("utf-8")

    def joined() -> bytes:
        if not texts:
            return written
        marker = json.dumps(_SPLICE)[1:-1].encode("ascii")
        parts = written.split(b'"' + marker)
        out = [parts[0]]
        for part in parts[1:]:
            number, _, rest = part.partition(marker + b'"')
            text = texts[int(number)].json_bytes
            if not isinstance(text, bytes):
                raise TypeError(f"json_bytes of {type(texts[int(number)]).__name__} is not bytes")
            out += [text, rest]
        return b"".join(out)

    return joined


_SPLICE = "\x00splice\x00"


def _now_iso() -> str:
    return _dt.datetime.now(_dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def new_match_id() -> str:
    """A fresh id for a match: its start time and a random suffix (sorts by time)."""
    return time.strftime("%Y%m%d-%H%M%S", time.gmtime()) + "-" + uuid.uuid4().hex[:6]


class PendingSave:
    """A save prepared on the game thread, its bytes made on first :meth:`bytes` call.

    :func:`prepare` writes at once everything that could still change (the payload's
    own JSON); what is left (splicing in the history and log already written, the
    checksum, the envelope) grows with the match and is done by :meth:`bytes`: by the
    autosave's writer thread, off the game thread.
    """

    def __init__(self, header: dict[str, Any], payload: Callable[[], bytes], *, vouched: bool = False) -> None:
        self._header = header
        self._payload = payload
        self._bytes: bytes | None = None
        self.vouched = vouched
        """True for a save of a match this app played: its checksum is vouched for once
        made (:mod:`cardtable.save_trust`), so resuming it needs no replay."""

    def bytes(self) -> bytes:
        """The save file's bytes (an envelope with its checksum); made once."""
        if self._bytes is None:
            try:
                payload_bytes = self._payload()
            except (TypeError, ValueError) as exc:
                raise SaveError(None, f"the game cannot be written as JSON: {exc}", "invalid") from exc
            header = dict(self._header)
            digest = hashlib.sha256(_canonical(header))
            digest.update(b"\n")
            digest.update(payload_bytes)
            header["sha256"] = digest.hexdigest()
            if self.vouched:
                from cardtable import save_trust
                save_trust.vouch(header["sha256"])
            header["payload"] = _PAYLOAD_SLOT
            before, _, after = _canonical(header).partition(_canonical(_PAYLOAD_SLOT))
            self._bytes = b"".join((before, payload_bytes, after, b"\n"))
        return self._bytes


def prepare(*, game: str, variant: str, match: str, payload: Mapping[str, Any],
            summary: Mapping[str, Any] | None = None, kind: str = "named", vouched: bool = False) -> PendingSave:
    """A save of ``payload`` as :func:`encode` writes it, with the part of the work that
    grows with the match left for :meth:`PendingSave.bytes`.

    Raises SaveError (problem ``"invalid"``) if the payload or summary is not JSON-safe.
    ``vouched``: the payload is a match this app played (see :class:`PendingSave`).
    """
    header = {"format": FORMAT, "version": VERSION, "game": game, "variant": variant, "match": match,
              "kind": kind, "saved_at": _now_iso(), "app_version": __version__,
              "summary": dict(summary or {})}
    try:
        payload_bytes = _spliced(payload)
        _canonical(header)
    except (TypeError, ValueError) as exc:
        raise SaveError(None, f"the game cannot be written as JSON: {exc}", "invalid") from exc
    return PendingSave(header, payload_bytes, vouched=vouched)


def encode(*, game: str, variant: str, match: str, payload: Mapping[str, Any],
           summary: Mapping[str, Any] | None = None, kind: str = "named") -> bytes:
    """The bytes of a save file holding ``payload`` (an envelope with its checksum).

    The payload is turned into JSON once (it is most of the file): the checksum is
    taken over the canonical header and that text, which is then spliced in.
    Raises SaveError (problem ``"invalid"``) if the payload is not JSON-safe.
    """
    return prepare(game=game, variant=variant, match=match, payload=payload, summary=summary,
                   kind=kind).bytes()


_PAYLOAD_SLOT = "\x00payload\x00"


def decode(raw: bytes, path: str | os.PathLike[str] | None = None) -> dict[str, Any]:
    """Parse and check the bytes of a save file; return its envelope (upgraded if older).

    Raises SaveError saying what is wrong: not a complete JSON file (``truncated``),
    not a save, a checksum that does not match (``tampered``), a newer or an
    unsupported older format version.
    """
    if not raw.strip():
        raise SaveError(path, "the file is empty (the save was cut off)", "truncated")
    try:
        with collector.paused():  # a long match's payload is a million objects, none cyclic
            envelope = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise SaveError(path, f"the file is damaged (not UTF-8 text at byte {exc.start})", "truncated") from exc
    except json.JSONDecodeError as exc:
        raise SaveError(path, f"the file is cut off or damaged (not valid JSON at byte {exc.pos} "
                              f"of {len(raw)})", "truncated") from exc
    except RecursionError as exc:
        raise SaveError(path, "the file is damaged (nested too deeply)", "truncated") from exc
    except ValueError as exc:  # e.g. an integer of more than 4,300 digits (int() refuses it)
        raise SaveError(path, f"the file is damaged (a value JSON cannot read: {exc})", "tampered") from exc
    if not isinstance(envelope, dict) or envelope.get("format") != FORMAT:
        raise SaveError(path, "this is not a cardtable save file", "invalid")
    stored = envelope.pop("sha256", None)
    if not isinstance(stored, str):
        raise SaveError(path, "the save has no checksum: it was damaged or edited", "tampered")
    payload = envelope.pop("payload", None)
    try:
        digest = _written_digest(raw, envelope, stored)
        if digest != stored:  # written some other way (or damaged): the payload's canonical JSON
            digest = hashlib.sha256(_canonical(envelope) + b"\n" + _canonical(payload)).hexdigest()
    except (TypeError, ValueError) as exc:  # e.g. NaN written by hand
        raise SaveError(path, f"the save holds values JSON does not allow: {exc}", "tampered") from exc
    if digest != stored:
        raise SaveError(path, "the checksum does not match: the file was edited or damaged", "tampered")
    envelope["payload"] = payload
    envelope["sha256"] = stored  # which content this is (cardtable.save_trust keeps the ones found good)
    version = envelope.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveError(path, f"the save's format version {version!r} is not a number", "invalid")
    if version > VERSION:
        raise SaveError(path, f"this save was made by a newer cardtable (save format {version}, "
                              f"app {envelope.get('app_version', '?')}); this version reads up to "
                              f"format {VERSION}: please update cardtable", "newer")
    while version < VERSION:
        upgrade = MIGRATIONS.get(version)
        if upgrade is None:
            raise SaveError(path, f"this save is in an old format ({version}) that this version "
                                  f"(format {VERSION}) can no longer read", "older")
        envelope = upgrade(dict(envelope))
        if envelope.get("version") != version + 1:
            raise SaveError(path, f"upgrading the save from format {version} failed", "older")
        version += 1
    for field, kind in (("game", str), ("variant", str), ("payload", dict), ("summary", dict)):
        if not isinstance(envelope.get(field), kind):
            raise SaveError(path, f"the save has no valid {field!r}", "invalid")
    return envelope


def _written_digest(raw: bytes, header: dict[str, Any], stored: str) -> str | None:
    """The checksum of a file laid out as :meth:`PendingSave.bytes` writes it (the canonical
    header around the payload's canonical JSON), taken over the payload's bytes as they
    are: writing a long match's payload again costs as much as parsing it. None when the
    file is laid out otherwise.

    The bytes hashed, with the header, make the whole file, so a checksum still names one
    content (what :mod:`cardtable.save_trust` relies on)."""
    before, _, after = _canonical({**header, "sha256": stored, "payload": _PAYLOAD_SLOT}).partition(
        _canonical(_PAYLOAD_SLOT))
    after += b"\n"
    if len(raw) < len(before) + len(after) or not raw.startswith(before) or not raw.endswith(after):
        return None
    digest = hashlib.sha256(_canonical(header))
    digest.update(b"\n")
    digest.update(memoryview(raw)[len(before):len(raw) - len(after)])
    return digest.hexdigest()


def load_save(path: str | os.PathLike[str]) -> dict[str, Any]:
    """Read and check the save at ``path``; return its envelope (see :func:`decode`)."""
    target = Path(path)
    try:
        raw = read_user_file(target, limit=SAVE_LIMIT)
    except StorageError as exc:
        if exc.missing:
            raise SaveError(target, "the save file is gone", "missing") from None
        raise SaveError(target, f"cannot read the save: {exc.reason.removeprefix('cannot read: ')}",
                        "unreadable") from None
    return decode(raw, target)


def _keep_previous(target: Path) -> None:
    """Keep a good ``target`` as ``<stem>.prev.json`` before it is overwritten."""
    try:
        load_save(target)
    except SaveError:
        return  # missing or broken: nothing good to keep (and never replace a good .prev with it)
    previous = target.with_name(target.stem + ".prev.json")
    link = target.with_name(f".{target.name}.{uuid.uuid4().hex[:8]}.link")
    try:
        os.link(target, link)
    except OSError:
        shutil.copy2(target, link)
    os.replace(link, previous)


def write_save(path: str | os.PathLike[str], data: bytes, *, keep_previous: bool = True,
               check: bool = True) -> Path:
    """Write the bytes of a save (from :func:`encode`) to ``path`` atomically.

    With ``check`` the bytes are checked to load first, so a bad save never replaces
    a file (autosaves skip it: each is a new file, and the list falls back to the
    newest good one). With ``keep_previous`` a good file already at ``path`` is kept
    as ``<stem>.prev.json``. Raises SaveError (problem ``"write"`` or the check's)
    and leaves the old file.
    """
    target = Path(path)
    if check:
        decode(data, target)
    try:
        paths.ensure_dir(target.parent)
        if keep_previous and target.exists():
            _keep_previous(target)
        atomic_write_bytes(target, data)
    except OSError as exc:
        raise SaveError(target, f"could not write the save: {exc.strerror or exc}", "write") from exc
    return target


def named_save_path(variant: str, folder: Path | None = None) -> Path:
    """A new file name for a save the player asked for: ``<variant>-<date>-<time>.json``."""
    return paths.stamped_path(folder or paths.saves_dir(), variant, ".json")


# --------------------------------------------------------------------------
# Autosaves
# --------------------------------------------------------------------------

def _match_of_autosave(path: Path) -> str | None:
    """The match id in an autosave's name ``auto-<match>-<seq>.json``, or None."""
    name = path.name
    if not (name.startswith(_AUTO_PREFIX) and name.endswith(".json")):
        return None
    match, _, seq = name[len(_AUTO_PREFIX):-len(".json")].rpartition("-")
    return match if match and seq.isdigit() else None


def _autosave_seq(path: Path) -> int:
    return int(path.name[:-len(".json")].rpartition("-")[2])


def _autosave_files(folder: Path) -> dict[str, list[Path]]:
    """Autosaves by match, each list oldest first."""
    found: dict[str, list[Path]] = {}
    try:
        entries = list(folder.iterdir())
    except OSError:
        return found
    for path in entries:
        match = _match_of_autosave(path)
        if match is not None:
            found.setdefault(match, []).append(path)
    for files in found.values():
        files.sort(key=_autosave_seq)
    return found


class Autosaver:
    """Writes a match's autosaves as new files and keeps only the newest few.

    Each save is ``auto-<match>-<seq>.json`` in ``folder`` (default
    :func:`cardtable.paths.autosave_dir`). After a write, the match keeps its
    newest ``keep`` files and only the ``matches`` most recently saved matches keep
    theirs. A kill during a write leaves at worst a temporary file (never listed):
    the previous autosave is untouched.
    """

    def __init__(self, match: str, folder: Path | None = None, *, keep: int = AUTOSAVE_KEEP,
                 matches: int = AUTOSAVE_MATCHES) -> None:
        self.match, self.keep, self.matches = match, keep, matches
        self.folder = folder or paths.autosave_dir()
        self.last_path: Path | None = None
        existing = _autosave_files(self.folder).get(match, [])
        self.seq = _autosave_seq(existing[-1]) if existing else 0
        self._clear_stale_temporaries()

    def _clear_stale_temporaries(self) -> None:
        """Remove temporary files a killed write left behind (older than a minute)."""
        try:
            entries = list(self.folder.glob(".auto-*.tmp"))
        except OSError:
            return
        for tmp in entries:
            try:
                if time.time() - tmp.stat().st_mtime > 60:
                    tmp.unlink()
            except OSError:
                pass

    def save(self, data: bytes) -> Path:
        """Write the next autosave (bytes from :func:`encode`), prune old ones, return its path."""
        self.seq += 1
        target = self.folder / f"{_AUTO_PREFIX}{self.match}-{self.seq:06d}.json"
        write_save(target, data, keep_previous=False, check=False)
        self.last_path = target
        self._prune()
        return target

    def _prune(self) -> None:
        by_match = _autosave_files(self.folder)
        for old in by_match.get(self.match, [])[:-self.keep]:
            _unlink(old)
        newest = sorted(by_match, key=lambda m: max(_mtime(p) for p in by_match[m]), reverse=True)
        for match in newest[self.matches:]:
            if match != self.match:
                for old in by_match[match]:
                    _unlink(old)
                _unlink(self.folder / f"{_AUTO_PREFIX}{match}.moves")  # its journal (cardtable.journal) too


class BackgroundAutosaver:
    """Hands autosaves to one writer thread, so the game never waits for the disk.

    The game thread prepares a save (:func:`prepare`, about a millisecond however long
    the match) and calls :meth:`submit`; the thread makes its bytes (splicing in the
    history, the checksum) and writes them through :class:`Autosaver` (atomic, fsynced). If saves
    arrive faster than the disk takes them, only the newest waiting one is written.
    :meth:`flush` waits until everything submitted is on disk (on leaving or
    quitting). ``error`` holds the last write's failure, for the game to report.
    """

    def __init__(self, autosaver: Autosaver) -> None:
        self.autosaver = autosaver
        self.error: SaveError | None = None
        self.written = 0
        self._pending: bytes | PendingSave | None = None
        self._busy = False
        self._cond = threading.Condition()
        self._thread: threading.Thread | None = None

    def submit(self, data: bytes | PendingSave) -> None:
        """Queue ``data`` (bytes, or a save whose bytes the thread makes) to be the next
        autosave (replacing one still waiting)."""
        with self._cond:
            self._pending = data
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="cardtable-autosave", daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until every submitted save is written; False if ``timeout`` ran out."""
        deadline = time.monotonic() + timeout
        with self._cond:
            while self._pending is not None or self._busy:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._cond.wait(left)
        return True

    def _run(self) -> None:
        while True:
            with self._cond:
                while self._pending is None:
                    if not self._cond.wait(5.0):
                        self._thread = None  # idle: the next submit starts a new thread
                        return
                data, self._pending, self._busy = self._pending, None, True
            try:
                self.autosaver.save(data if isinstance(data, bytes) else data.bytes())
                self.written += 1
            except SaveError as exc:
                self.error = exc
            except OSError as exc:  # pragma: no cover - write_save wraps these
                self.error = SaveError(None, str(exc), "write")
            except Exception as exc:  # noqa: BLE001 - making the bytes failed: reported, the thread goes on
                self.error = SaveError(None, f"the save could not be made: {exc}", "invalid")
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()


def _unlink(path: Path) -> None:
    try:
        path.unlink()
    except OSError:
        pass


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


# --------------------------------------------------------------------------
# Listing
# --------------------------------------------------------------------------

Check = Callable[[Mapping[str, Any]], "str | None"]
"""A check of a loaded envelope's payload: None, or why it cannot be played
(see :func:`cardtable.save_checks.checker`)."""


def _read(path: Path, kind: str, check: Check | None = None) -> SaveFile:
    try:
        envelope = load_save(path)
    except SaveError as exc:
        return SaveFile(path, kind, _mtime(path), error=exc)
    if check is not None:
        try:
            reason = check(envelope)
        except Exception as exc:  # noqa: BLE001 - a check that fails marks the save, never crashes
            reason = f"the save cannot be checked ({type(exc).__name__}: {exc})"
        if reason is not None:
            return SaveFile(path, kind, _mtime(path), error=SaveError(path, reason, "invalid"))
    return SaveFile(path, kind, _mtime(path), envelope=envelope)


def list_saves(folder: Path | None = None, check: Check | None = None) -> list[SaveFile]:
    """Every save the player can pick, newest first, broken ones included (with their error).

    Named saves (and their ``.prev`` copies) are all listed. Of each match's
    autosaves the newest is listed, and when it is broken the newest good one too.
    ``check`` (when given) also checks each payload: a save it finds fault with is
    listed as broken with its reason (the file is kept).
    """
    folder = folder or paths.saves_dir()
    found: list[SaveFile] = []
    try:
        named = [p for p in folder.iterdir() if p.suffix == ".json" and not p.name.startswith(".")
                 and p.is_file() and not p.name.startswith("stats.")]  # the statistics live here too
    except OSError:
        named = []
    found.extend(_read(p, "named", check) for p in named)
    for files in _autosave_files(folder / "autosave").values():
        for path in reversed(files):
            entry = _read(path, "auto", check)
            found.append(entry)
            if entry.ok:
                break
    found.sort(key=lambda s: s.modified, reverse=True)
    return found


def interrupted_save(folder: Path | None = None, check: Check | None = None) -> SaveFile | None:
    """The newest good autosave of the match saved last, if that match was interrupted.

    None when there is no autosave, or the last match saved was finished or left
    on purpose (so there is nothing to offer at start). ``check`` as for :func:`list_saves`.
    """
    by_match = _autosave_files((folder or paths.saves_dir()) / "autosave")
    if not by_match:
        return None
    last = max(by_match, key=lambda m: max(_mtime(p) for p in by_match[m]))
    for path in reversed(by_match[last]):
        entry = _read(path, "auto", check)
        if entry.ok:
            return entry if entry.interrupted else None
    return None


def delete_save(save: SaveFile) -> list[Path]:
    """Delete what the saves list shows as ``save``; the paths removed.

    A named save is its one file. An autosaved match goes whole (every autosave of
    the match), or the next older autosave would take its place in the list.

    Raises:
        OSError: when a file cannot be removed (the others are still tried).
    """
    match = _match_of_autosave(save.path) if save.kind == "auto" else None
    targets = _autosave_files(save.path.parent).get(match, [save.path]) if match else [save.path]
    removed: list[Path] = []
    failed: OSError | None = None
    for path in targets:
        try:
            path.unlink()
            removed.append(path)
        except FileNotFoundError:
            pass
        except OSError as exc:
            failed = exc
    if failed is not None:
        raise failed
    return removed
