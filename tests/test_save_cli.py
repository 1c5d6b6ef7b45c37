"""Issue 31: ``cardtable simulate GAME --save-dir D`` writes each simulated match as a save,
and ``cardtable save check FILE...`` replays each and says OK or why not (exit 1 when any
is bad); a save this app wrote is vouched for by its checksum and resumed without a replay,
any other is replayed once."""

from __future__ import annotations

import io
import json

import pytest

from cardtable import games, save_checks, save_trust, saves
from cardtable.cli import main


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("game", ["texas_holdem", "sabacc"])
def test_simulated_saves_check_ok_and_an_edited_or_cut_one_does_not(tmp_path, game):
    code, _, _ = run("simulate", game, "--games", "2", "--seats", "3", "--seed", "4", "--save-dir", str(tmp_path))
    assert code == 0
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 2
    code, out, err = run("save", "check", *map(str, files))
    assert code == 0 and out.count(": OK") == 2 and err == ""
    cut = tmp_path / "cut.json"
    cut.write_bytes(files[0].read_bytes()[:-200])
    envelope = saves.decode(files[1].read_bytes())
    payload = envelope["payload"]
    payload["state"]["history"] = payload["state"]["history"][:-1]
    edited = tmp_path / "edited.json"
    edited.write_bytes(saves.encode(game=envelope["game"], variant=envelope["variant"], match="m",
                                    payload=payload, summary=envelope["summary"]))  # its checksum made good
    code, out, err = run("save", "check", str(files[0]), str(cut), str(edited))
    assert code == 1 and out.count(": OK") == 1
    assert f"{cut}: the file is cut off or damaged" in err
    assert f"{edited}: the save is not what its moves give" in err


def test_a_save_the_app_wrote_is_vouched_for_and_another_is_replayed_once(tmp_path, monkeypatch):
    run("simulate", "ipso", "--games", "1", "--seats", "3", "--seed", "2", "--save-dir", str(tmp_path))
    (path,) = tmp_path.glob("*.json")
    envelope = saves.decode(path.read_bytes())
    digest = envelope["sha256"]
    assert not save_trust.vouched(digest)  # written by a tool: replayed when first checked
    replays = []
    real = save_checks.replay

    def counting(*args, **kwargs):
        replays.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(save_checks, "replay", counting)
    check = save_checks.checker()
    assert check(envelope) is None and len(replays) == 1
    assert save_trust.vouched(digest)
    assert check(envelope) is None and len(replays) == 1  # found good once: not replayed again
    save_trust.forget()
    assert save_trust.vouched(digest)  # written down, read back
    ours = saves.prepare(game=envelope["game"], variant=envelope["variant"], match="m",
                         payload=envelope["payload"], summary=envelope["summary"], vouched=True)
    mine = saves.decode(ours.bytes())
    assert save_trust.vouched(mine["sha256"])  # what the app writes from its own match


def test_the_vouched_file_survives_damage(tmp_path):
    from cardtable import paths
    paths.data_dir().mkdir(parents=True, exist_ok=True)
    (paths.data_dir() / "vouched.json").write_text("{not json")
    save_trust.forget()
    assert not save_trust.vouched("0" * 64)
    save_trust.vouch("a" * 64)
    save_trust.persist()
    save_trust.forget()
    assert save_trust.vouched("a" * 64) and json.loads((paths.data_dir() / "vouched.json").read_text()) == ["a" * 64]


def test_every_game_s_simulated_save_replays(tmp_path):
    played = [game for game in games.games() if game.state is not None]
    for game in played:
        code, _, err = run("simulate", game.id, "--games", "1", "--seats", str(game.seats[0]), "--seed", "1",
                           "--max-rounds", "2", "--save-dir", str(tmp_path))
        assert code == 0, (game.id, err)
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == len(played)
    code, out, err = run("save", "check", *map(str, files))
    assert code == 0 and out.count(": OK") == len(played), err
