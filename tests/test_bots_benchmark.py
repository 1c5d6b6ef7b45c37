"""benchmarks/bots.py: a run split over processes (``--first``) plays the same matches as
one run of them all."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import bots  # noqa: E402


def _shares(capsys, *args: str) -> list[str]:
    bots.main(["--game", "five_card_draw", "--a", "random", "--b", "always_call", "--seats", "2",
               "--hands", "3", *args])
    return [line for line in capsys.readouterr().out.splitlines() if line.startswith("match ")]


def test_a_run_split_with_first_plays_the_same_matches(capsys):
    whole = _shares(capsys, "--matches", "4")
    halves = _shares(capsys, "--matches", "2") + _shares(capsys, "--matches", "2", "--first", "2")
    assert len(whole) == 4 and halves == whole
    assert whole[2].startswith("match 3:")
