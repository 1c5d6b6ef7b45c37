"""Killing the app in the middle of a save never costs the last complete save.

A child process (forked, so it starts at once) plays Shenja Ivali and, after every action, writes an autosave and
overwrites one named save through the real save code, printing the number of each
save once it is complete. The test SIGKILLs it at random moments (seeded), many
times over the same folder, and after every kill checks that every file there is
either a complete save or detected as broken (never a silent half), and that the
newest complete autosave is at least as new as the last one the child finished.
"""

from __future__ import annotations

import os
import random
import signal
import time
from pathlib import Path

import pytest

from cardtable.games.shenja_ivali.rules import ShenjaIvaliSettings
from cardtable.games.shenja_ivali.state import ShenjaIvaliState
from cardtable.saves import Autosaver, SaveError, encode, load_save, write_save
from cardtable.variants import load_deck_by_id

KILLS = 40

def child_loop(folder: Path, seed: int, report: int) -> None:
    """The child: play and save after every action, reporting each completed save's number."""
    names = ["Ada", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
    deck = load_deck_by_id("ivali")
    state = ShenjaIvaliState.new(ShenjaIvaliSettings.from_settings({}), deck, names, random.Random(seed))
    rng = random.Random(seed + 1)
    saver = Autosaver("killtest", folder / "autosave", keep=4)
    named = folder / "named.json"
    os.write(report, b"ready\n")
    while True:
        if state.to_act is None:
            state = ShenjaIvaliState.new(ShenjaIvaliSettings.from_settings({}), deck, names,
                                         random.Random(rng.getrandbits(32)))
        state.apply(state.chance_action() if state.to_act < 0 else rng.choice(state.legal_actions(state.to_act)))
        data = encode(game="shenja_ivali", variant="shenja_ivali", match="killtest",
                      payload={"state": state.to_json(), "seats": [], "bot_rngs": {}},
                      summary={"seq": saver.seq + 1}, kind="auto")
        saver.save(data)
        write_save(named, data)
        os.write(report, f"{saver.seq}\n".encode())


def start_child(folder: Path, seed: int) -> tuple[int, int]:
    """Fork a child running :func:`child_loop`; return its pid and the read end of its reports."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns into pytest
        try:
            os.close(read)
            child_loop(folder, seed, write)
        finally:
            os._exit(1)
    os.close(write)
    return pid, read


def read_all(fd: int) -> bytes:
    chunks = []
    while chunk := os.read(fd, 65536):
        chunks.append(chunk)
    os.close(fd)
    return b"".join(chunks)


def check_folder(folder: Path) -> tuple[int, int]:
    """Every save file loads or is reported broken; return (newest good autosave seq, broken count)."""
    newest, broken = 0, 0
    for path in list((folder / "autosave").glob("*.json")) + list(folder.glob("*.json")):
        try:
            env = load_save(path)
        except SaveError as exc:
            assert exc.problem in ("truncated", "tampered", "invalid"), exc
            broken += 1
            continue
        assert env["payload"]["state"]["seats"] == 8
        if path.parent.name == "autosave":
            assert env["summary"]["seq"] == int(path.stem.rsplit("-", 1)[1])
            newest = max(newest, env["summary"]["seq"])
    return newest, broken


@pytest.mark.skipif(not hasattr(os, "fork") or not hasattr(signal, "SIGKILL"),
                    reason="needs fork and SIGKILL")
def test_sigkill_mid_save_always_leaves_the_last_complete_save_loadable(tmp_path):
    rng = random.Random(20261122)
    deck = load_deck_by_id("ivali")  # loaded once here, so the forked children start at once
    assert deck is not None
    completed = 0
    mid_write = 0
    for kill in range(KILLS):
        pid, report = start_child(tmp_path, kill)
        first = b""
        while not first.endswith(b"\n"):
            first += os.read(report, 1)
        assert first == b"ready\n"
        time.sleep(rng.uniform(0.0, 0.12))
        os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
        assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL
        lines = read_all(report).split(b"\n")[:-1]  # the last piece may be a line cut by the kill
        if lines:
            completed = max(completed, int(lines[-1]))
        leftovers = list(tmp_path.rglob(".*.tmp"))
        mid_write += bool(leftovers)
        for tmp in leftovers:  # what a kill mid-write leaves: a temporary file, never a save
            tmp.unlink()
        newest, broken = check_folder(tmp_path)
        assert broken == 0, "an atomic write never leaves a broken save behind"
        assert newest >= completed, (kill, newest, completed)
        if completed:
            assert load_save(tmp_path / "named.json")["summary"]["seq"] >= completed
    assert completed >= KILLS  # the children got well into writing
    print(f"{KILLS} kills, {mid_write} of them mid-write, {completed} saves completed")
