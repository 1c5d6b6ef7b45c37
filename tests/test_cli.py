"""``cardtable rank`` and ``cardtable simulate``: through ``cardtable.cli.main`` and as
a real process (``python -m cardtable ...``)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from cardtable import app
from cardtable.cli import main

REPO = Path(__file__).resolve().parents[1]
SHOOTING_STARS = ["Libera 1 of Fire", "Libera 2 of Fire", "Gulani 3 of Fire", "Earth 4 of Fire",
                  "Irath 5 of Fire"]


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_rank_prints_one_json_object(capsys):
    code, out, err = run(capsys, "rank", "ivali", *SHOOTING_STARS)
    assert code == 0 and err == ""
    assert json.loads(out) == {"variant": "ivali", "rank": 11, "kind": "Shooting Stars",
                               "label": "Shooting Stars"}
    assert out.count("\n") == 1


def test_rank_reads_the_words_of_several_cards_in_one_argument(capsys):
    code, out, _ = run(capsys, "rank", "shenja_ivali", ", ".join(SHOOTING_STARS))
    assert code == 0 and json.loads(out)["kind"] == "Shooting Stars"


@pytest.mark.parametrize("cards, message", [
    (["Gula 3 of Fyre", "Omec 5 of Air", "Irath 2 of Earth", "Gula 3 of Earth", "Earth 1 of Fire"],
     "unknown element 'Fyre'"),
    (["Gula 3 of Fire", "Omec 5 of Air"], "a Shenja Ivali hand is five cards, got 2"),
    (["hello"], "cannot read 'hello' as a card"),
])
def test_rank_reports_a_bad_hand_on_stderr_with_exit_2(capsys, cards, message):
    code, out, err = run(capsys, "rank", "ivali", *cards)
    assert code == 2 and out == ""
    assert message in err


def test_rank_of_an_unknown_game_is_not_available(capsys):
    code, out, err = run(capsys, "rank", "bezique", "AS")
    assert code == 2 and out == "" and "not available" in err and "ivali" in err


def test_bad_arguments_exit_2(capsys):
    assert run(capsys, "rank")[0] == 2
    assert run(capsys, "simulate", "ivali", "--seats", "9")[0] == 2
    assert run(capsys, "simulate", "ivali", "--games", "zero")[0] == 2
    assert run(capsys, "simulate", "bezique")[0] == 2
    assert run(capsys, "juggle")[0] == 2


def test_simulate_prints_a_summary_ending_with_one_json_line(capsys):
    code, out, err = run(capsys, "simulate", "ivali", "--games", "4", "--seats", "3", "--seed", "5")
    assert code == 0, err
    lines = out.strip().splitlines()
    summary = json.loads(lines[-1])
    assert summary["variant"] == "shenja_ivali"
    assert summary["games"] == 4 and summary["rounds"] >= 4 and summary["seconds"] >= 0
    assert summary["invariants"]["failed"] == 0 and summary["invariants"]["checked"] > 50
    assert sum(summary["winners"].values()) == 4
    assert any(line.startswith("invariant checks:") for line in lines)
    assert sum(line.startswith("game ") for line in lines) == 4


def test_simulate_is_the_same_for_the_same_seed(capsys):
    args = ("simulate", "ivali", "--games", "2", "--seats", "4", "--seed", "11",
            "--bots", "mixed", "--max-rounds", "2", "--json-every", "5")
    first = json.loads(run(capsys, *args)[1].strip().splitlines()[-1])
    second = json.loads(run(capsys, *args)[1].strip().splitlines()[-1])
    first.pop("seconds"), second.pop("seconds")
    assert first == second
    assert first["rounds"] <= 4 and first["invariants"]["failed"] == 0


def test_the_app_hands_rank_and_simulate_to_the_tools(capsys):
    assert app.main(["rank", "ivali", *SHOOTING_STARS]) == 0
    assert json.loads(capsys.readouterr().out)["rank"] == 11


def _python(*args: str, home: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "CARDTABLE_HOME": str(home), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": str(REPO)}
    return subprocess.run([sys.executable, "-m", "cardtable", *args], capture_output=True,
                          text=True, cwd=REPO, env=env, timeout=120)


def test_python_m_cardtable_rank(tmp_path):
    done = _python("rank", "ivali", *SHOOTING_STARS, home=tmp_path)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["kind"] == "Shooting Stars"
    bad = _python("rank", "ivali", "Gula 9 of Fire", *SHOOTING_STARS[:4], home=tmp_path)
    assert bad.returncode == 2 and "numeral must be 1 to 5" in bad.stderr


def test_python_m_cardtable_simulate(tmp_path):
    done = _python("simulate", "ivali", "--games", "2", "--seats", "2", "--seed", "3",
                   home=tmp_path)
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout.strip().splitlines()[-1])
    assert summary["games"] == 2 and summary["invariants"]["failed"] == 0


def test_simulate_writes_amounts_as_the_tables_do(capsys):
    """A game's line writes its winner's holding with thousands separated and its count
    agreeing with the noun ("15,000 credits", not "15000 credits")."""
    code, out, err = run(capsys, "simulate", "sabacc", "--games", "2", "--seats", "3", "--seed", "1")
    assert code == 0, err
    games = [line for line in out.splitlines() if line.startswith("game ")]
    assert games and all(re.search(r"with \d{1,3}(,\d{3})* credits?$", line) for line in games), games
    assert all(re.search(r"\d+ hands?, \d[\d,]* actions?;", line) for line in games), games
    assert any(re.search(r"\d,\d{3} credits$", line) for line in games), games
    assert re.search(r"^2 matches of 3 .*: \d+ rounds?, \d+ actions?, ", out, re.M), out


def test_simulate_summary_separates_thousands():
    """The summary's counts are written as the tables write them ("67,622", not "67622")."""
    import io

    from cardtable.cli import print_summary

    out = io.StringIO()
    print_summary({"games": 1, "seats": 5, "bots": "mixed", "seed": 1, "rounds": 4995, "actions": 65044,
                   "finished": 1, "seconds": 1.0, "invariants": {"checked": 67622, "failed": 0, "problems": []}},
                  out, io.StringIO())
    text = out.getvalue()
    assert "1 match of 5" in text and "4,995 rounds, 65,044 actions" in text
    assert "invariant checks: 67,622, failed: 0" in text
