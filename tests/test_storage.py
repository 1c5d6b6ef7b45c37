from __future__ import annotations

import json
import os
import stat
import sys
from pathlib import Path

import pytest

from cardtable import storage
from cardtable.storage import (
    StorageError,
    atomic_write_bytes,
    atomic_write_text,
    read_json,
    write_json,
)


def _leftovers(folder: Path, keep: set[str]) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name not in keep)


def test_write_text_creates_and_overwrites(tmp_path: Path) -> None:
    target = tmp_path / "f.txt"
    atomic_write_text(target, "première\n")
    assert target.read_text(encoding="utf-8") == "première\n"
    atomic_write_text(target, "second")
    assert target.read_text(encoding="utf-8") == "second"
    assert _leftovers(tmp_path, {"f.txt"}) == []


def test_write_bytes_and_encoding(tmp_path: Path) -> None:
    target = tmp_path / "f.bin"
    atomic_write_bytes(target, b"\x00\xff")
    assert target.read_bytes() == b"\x00\xff"
    atomic_write_text(target, "é", encoding="latin-1")
    assert target.read_bytes() == b"\xe9"


def test_newlines_are_not_translated(tmp_path: Path) -> None:
    target = tmp_path / "f.txt"
    atomic_write_text(target, "a\nb\n")
    assert target.read_bytes() == b"a\nb\n"


def test_failed_replace_keeps_old_content_and_no_temp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "f.txt"
    target.write_text("old")

    def broken_replace(src: object, dst: object) -> None:
        raise OSError("disk on fire")

    monkeypatch.setattr(storage.os, "replace", broken_replace)
    with pytest.raises(OSError, match="disk on fire"):
        atomic_write_text(target, "new")
    assert target.read_text() == "old"
    assert _leftovers(tmp_path, {"f.txt"}) == []


def test_failed_midway_write_keeps_old_content_and_no_temp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "f.txt"
    target.write_text("old")
    real_fsync = os.fsync
    calls = []

    def broken_fsync(fd: int) -> None:
        calls.append(fd)
        raise OSError("fsync failed")

    monkeypatch.setattr(storage.os, "fsync", broken_fsync)
    with pytest.raises(OSError, match="fsync failed"):
        atomic_write_text(target, "new" * 10_000)
    monkeypatch.setattr(storage.os, "fsync", real_fsync)
    assert calls, "fsync was never called"
    assert target.read_text() == "old"
    assert _leftovers(tmp_path, {"f.txt"}) == []


def test_interrupted_write_cleans_up(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Even KeyboardInterrupt (a BaseException) removes the temp file."""
    target = tmp_path / "f.txt"
    target.write_text("old")

    def interrupt(*args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(storage.os, "replace", interrupt)
    with pytest.raises(KeyboardInterrupt):
        atomic_write_text(target, "new")
    assert target.read_text() == "old"
    assert _leftovers(tmp_path, {"f.txt"}) == []


def test_missing_folder_is_an_error_not_a_mess(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        atomic_write_text(tmp_path / "nope" / "f.txt", "x")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX permission bits")
def test_permissions_kept_or_sensible(tmp_path: Path) -> None:
    new = tmp_path / "new.txt"
    atomic_write_text(new, "x")
    assert stat.S_IMODE(new.stat().st_mode) == 0o644
    existing = tmp_path / "old.txt"
    existing.write_text("x")
    existing.chmod(0o600)
    atomic_write_text(existing, "y")
    assert stat.S_IMODE(existing.stat().st_mode) == 0o600


def test_json_round_trip_and_format(tmp_path: Path) -> None:
    target = tmp_path / "d.json"
    data = {"b": [1, 2.5, None, True], "a": "café ♠"}
    write_json(target, data)
    assert read_json(target) == data
    text = target.read_text(encoding="utf-8")
    assert text == json.dumps(data, indent=2, ensure_ascii=False, sort_keys=True) + "\n"
    assert "café ♠" in text


def test_write_json_refuses_bad_data_before_touching_the_file(tmp_path: Path) -> None:
    target = tmp_path / "d.json"
    target.write_text('{"ok": 1}')
    with pytest.raises(ValueError):
        write_json(target, {"x": float("nan")})
    with pytest.raises(TypeError):
        write_json(target, {"x": object()})
    assert read_json(target) == {"ok": 1}
    assert _leftovers(tmp_path, {"d.json"}) == []


def test_read_json_missing(tmp_path: Path) -> None:
    with pytest.raises(StorageError) as info:
        read_json(tmp_path / "gone.json")
    assert info.value.missing
    assert info.value.path == tmp_path / "gone.json"
    assert "gone.json" in str(info.value) and "not found" in str(info.value)


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"", "not valid JSON"),
        (b"{'single': 1}", "not valid JSON"),
        (b'{"a": 1', "line 1 column"),
        (b"\xff\xfe\x00garbage", "not UTF-8"),
        (b"[" * 100_000 + b"]" * 100_000, "not valid JSON"),
    ],
)
def test_read_json_corrupt(tmp_path: Path, content: bytes, reason: str) -> None:
    target = tmp_path / "bad.json"
    target.write_bytes(content)
    with pytest.raises(StorageError) as info:
        read_json(target)
    assert not info.value.missing
    assert reason in info.value.reason
    assert str(target) in str(info.value)


def test_read_json_on_a_folder(tmp_path: Path) -> None:
    with pytest.raises(StorageError):
        read_json(tmp_path)


def test_read_json_accepts_a_bom(tmp_path: Path) -> None:
    target = tmp_path / "bom.json"
    target.write_bytes(b"\xef\xbb\xbf" + b'{"a": 1}')
    assert read_json(target) == {"a": 1}
