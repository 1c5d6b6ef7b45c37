"""Save files: the checked envelope, damage and tampering found, format versions,
keeping the previous good file, autosave rotation, the list and the start-up offer."""

from __future__ import annotations

import json
import os
import random

import pytest

from cardtable import paths, saves
from cardtable.games.shenja_ivali.rules import ShenjaIvaliSettings
from cardtable.games.shenja_ivali.state import ShenjaIvaliState
from cardtable.saves import (
    Autosaver,
    BackgroundAutosaver,
    SaveError,
    decode,
    encode,
    interrupted_save,
    list_saves,
    load_save,
    write_save,
)
from cardtable.variants import load_deck_by_id


def ivali_payload(seed: int = 1, actions: int = 30) -> dict:
    """A real Shenja Ivali state, some actions in, as a save payload."""
    state = ShenjaIvaliState.new(ShenjaIvaliSettings.from_settings({}), load_deck_by_id("ivali"),
                                 ["Ada", "Bo", "Cy"], random.Random(seed))
    rng = random.Random(seed + 1)
    for _ in range(actions):
        if state.to_act is None:
            break
        state.apply(state.chance_action() if state.to_act < 0 else rng.choice(state.legal_actions(state.to_act)))
    return {"state": state.to_json(), "seats": [{"name": n, "bot": None} for n in ("Ada", "Bo", "Cy")],
            "bot_rngs": {}}


def make(payload=None, **summary) -> bytes:
    return encode(game="shenja_ivali", variant="shenja_ivali", match="m1", payload=payload or {"x": [1, 2, "ü"]},
                  summary={"names": ["Ada", "Bo"], "round": 2, **summary}, kind="auto")


def test_a_save_round_trips_with_its_envelope():
    payload = ivali_payload()
    env = decode(make(payload))
    assert env["payload"] == payload
    assert env["format"] == saves.FORMAT and env["version"] == saves.VERSION
    assert (env["game"], env["variant"], env["match"], env["kind"]) == ("shenja_ivali", "shenja_ivali", "m1", "auto")
    assert env["summary"]["names"] == ["Ada", "Bo"] and env["app_version"] and env["saved_at"].endswith("Z")
    state = ShenjaIvaliState.from_json(env["payload"]["state"], deck=load_deck_by_id("ivali"))
    assert state.to_json() == payload["state"]


@pytest.mark.parametrize("cut", [0, 1, 10, 100, -200, -2])
def test_a_truncated_save_is_reported_as_cut_off(cut):
    raw = make(ivali_payload())
    with pytest.raises(SaveError) as info:
        decode(raw[:cut] if cut else b"")
    assert info.value.problem == "truncated"
    assert "cut off" in info.value.reason


def test_every_truncation_of_a_save_is_detected():
    raw = make()
    for end in range(len(raw) - 1):  # all but the final newline
        with pytest.raises(SaveError):
            decode(raw[:end])


def test_an_edited_save_fails_the_checksum():
    raw = make(ivali_payload())
    env = json.loads(raw)
    env["payload"]["state"]["state"]["round_start_stacks"][0] += 50  # give yourself chips
    with pytest.raises(SaveError) as info:
        decode(json.dumps(env).encode())
    assert info.value.problem == "tampered" and "checksum" in info.value.reason
    env = json.loads(raw)
    env["summary"]["round"] = 99
    with pytest.raises(SaveError, match="checksum"):
        decode(json.dumps(env).encode())
    env = json.loads(raw)
    del env["sha256"]
    with pytest.raises(SaveError, match="no checksum"):
        decode(json.dumps(env).encode())


def test_a_flipped_byte_anywhere_is_detected():
    raw = bytearray(make())
    rng = random.Random(5)
    for _ in range(200):
        i = rng.randrange(len(raw) - 1)
        damaged = bytearray(raw)
        damaged[i] = (damaged[i] + rng.randrange(1, 255)) % 256
        if bytes(damaged).strip() == bytes(raw).strip():
            continue
        try:
            env = decode(bytes(damaged))
        except SaveError:
            continue
        # A change JSON ignores (whitespace) may load, but then it must be the same save.
        assert env == decode(bytes(raw)) | {"saved_at": env["saved_at"]}


def test_whitespace_and_key_order_do_not_matter():
    env = json.loads(make())
    again = json.dumps(env, indent=4, sort_keys=False).encode()
    assert decode(again)["payload"] == {"x": [1, 2, "ü"]}


def test_other_files_are_not_saves():
    for raw in (b"[1, 2]", b'{"format": "something else"}', b"\xff\xfe garbage"):
        with pytest.raises(SaveError):
            decode(raw)


def reversion(raw: bytes, version: int) -> bytes:
    """The save as if written in format ``version`` (checksum made to match)."""
    env = json.loads(raw)
    env["version"] = version
    del env["sha256"]
    payload = env.pop("payload")
    import hashlib
    env["sha256"] = hashlib.sha256(saves._canonical(env) + b"\n" + saves._canonical(payload)).hexdigest()
    env["payload"] = payload
    return json.dumps(env).encode()


def test_a_save_from_a_newer_version_is_refused_clearly():
    with pytest.raises(SaveError) as info:
        decode(reversion(make(), saves.VERSION + 1))
    assert info.value.problem == "newer" and "newer cardtable" in info.value.reason


def test_an_older_version_is_upgraded_by_the_migration_hook_or_refused(monkeypatch):
    old = reversion(make(), saves.VERSION - 1)
    with pytest.raises(SaveError) as info:
        decode(old)
    assert info.value.problem == "older" and "old format" in info.value.reason

    def upgrade(env):
        env["version"] += 1
        env["summary"]["upgraded"] = True
        return env

    monkeypatch.setitem(saves.MIGRATIONS, saves.VERSION - 1, upgrade)
    env = decode(old)
    assert env["version"] == saves.VERSION and env["summary"]["upgraded"]
    assert env["payload"] == {"x": [1, 2, "ü"]}


def test_write_save_keeps_the_previous_good_file(tmp_path):
    target = tmp_path / "game.json"
    write_save(target, make(round=1))
    write_save(target, make(round=2))
    assert load_save(target)["summary"]["round"] == 2
    assert load_save(tmp_path / "game.prev.json")["summary"]["round"] == 1
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no temporary files left


def test_a_bad_save_never_replaces_a_good_one(tmp_path):
    target = tmp_path / "game.json"
    write_save(target, make(round=1))
    with pytest.raises(SaveError):
        write_save(target, make(round=2)[:-30])
    assert load_save(target)["summary"]["round"] == 1


def test_a_broken_file_does_not_overwrite_the_kept_previous(tmp_path):
    target = tmp_path / "game.json"
    write_save(target, make(round=1))
    write_save(target, make(round=2))
    target.write_bytes(make(round=3)[:50])  # damaged behind our back
    write_save(target, make(round=4))
    assert load_save(tmp_path / "game.prev.json")["summary"]["round"] == 1
    assert load_save(target)["summary"]["round"] == 4


def test_a_failed_write_is_a_save_error_and_keeps_the_old_file(tmp_path, monkeypatch):
    target = tmp_path / "game.json"
    write_save(target, make(round=1))

    def full_disk(path, data):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(saves, "atomic_write_bytes", full_disk)
    with pytest.raises(SaveError) as info:
        write_save(target, make(round=2))
    assert info.value.problem == "write" and "No space" in info.value.reason
    assert load_save(target)["summary"]["round"] == 1


def test_autosaves_rotate_keeping_the_newest_few(tmp_path):
    saver = Autosaver("m1", tmp_path, keep=3)
    for n in range(1, 8):
        saver.save(make(round=n))
    files = sorted(p.name for p in tmp_path.iterdir())
    assert files == [f"auto-m1-{n:06d}.json" for n in (5, 6, 7)]
    again = Autosaver("m1", tmp_path, keep=3)  # a resumed match goes on numbering
    assert again.save(make(round=8)).name == "auto-m1-000008.json"


def test_only_the_most_recent_matches_keep_autosaves(tmp_path):
    for i in range(5):
        saver = Autosaver(f"match{i}", tmp_path, keep=2, matches=3)
        saver.save(make(round=i))
        stamp = 1_000_000 + i
        os.utime(saver.last_path, (stamp, stamp))
    matches = {p.name.split("-")[1] for p in tmp_path.iterdir()}
    assert matches == {"match2", "match3", "match4"}


def test_the_background_writer_writes_the_newest_and_flushes(tmp_path):
    writer = BackgroundAutosaver(Autosaver("m1", tmp_path, keep=2))
    for n in range(1, 30):
        writer.submit(make(round=n))
    assert writer.flush()
    newest = max(tmp_path.iterdir(), key=lambda p: p.name)
    assert load_save(newest)["summary"]["round"] == 29
    assert writer.error is None and 1 <= writer.written <= 29


def test_the_background_writer_reports_a_failure(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    writer = BackgroundAutosaver(Autosaver("m1", blocker))
    writer.submit(make())
    writer.flush()
    assert isinstance(writer.error, SaveError)


def test_the_list_shows_good_and_broken_saves_and_the_newest_good_autosave():
    folder = paths.ensure_dir(paths.saves_dir())
    write_save(folder / "mine.json", make(round=4))
    (folder / "broken.json").write_bytes(make(round=5)[:40])
    saver = Autosaver("m1")
    saver.save(make(round=6))
    saver.save(make(round=7))
    saver.last_path.write_bytes(b"{}")  # the newest autosave is damaged
    found = {(s.path.name, s.ok) for s in list_saves()}
    assert ("mine.json", True) in found and ("broken.json", False) in found
    assert ("auto-m1-000002.json", False) in found and ("auto-m1-000001.json", True) in found
    broken = next(s for s in list_saves() if s.path.name == "broken.json")
    assert broken.error.problem == "truncated" and broken.summary == {}


def test_the_start_offer_is_for_an_interrupted_match_only():
    assert interrupted_save() is None
    saver = Autosaver("m1")
    saver.save(make(round=3, finished=False, left=False))
    offer = interrupted_save()
    assert offer is not None and offer.summary["round"] == 3 and offer.match == "m1"
    saver.save(make(round=3, finished=False, left=True))  # the players left the table on purpose
    assert interrupted_save() is None
    saver.save(make(round=9, finished=True))
    assert interrupted_save() is None


def test_the_start_offer_falls_back_to_the_last_good_autosave():
    saver = Autosaver("m1")
    saver.save(make(round=3))
    saver.save(make(round=4))
    saver.last_path.write_bytes(saver.last_path.read_bytes()[:-100])
    offer = interrupted_save()
    assert offer is not None and offer.summary["round"] == 3


def test_a_payload_json_cannot_hold_is_refused_before_writing():
    with pytest.raises(SaveError) as info:
        encode(game="g", variant="v", match="m", payload={"bad": float("nan")})
    assert info.value.problem == "invalid"


def test_a_save_as_this_app_writes_it_is_checked_without_writing_its_payload_again(monkeypatch):
    payload = ivali_payload()
    raw = make(payload)
    written = []
    real = saves._canonical
    monkeypatch.setattr(saves, "_canonical", lambda data: written.append(data) or real(data))
    assert decode(raw)["payload"] == payload
    assert all(data != payload for data in written)  # the checksum is taken over the file's own bytes
    edited = raw.replace(b'{"bot":null,"name":"Ada"}', b'{"bot":null,"name":"Eve"}')  # in the payload only
    assert edited != raw
    with pytest.raises(SaveError, match="checksum"):
        decode(edited)
