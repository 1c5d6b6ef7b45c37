"""The summary of the strong level's runs (``benchmarks/bots_summary.py``) keeps, for each
pairing and match length, the newest commit's row with the most matches."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import bots_summary  # noqa: E402

HEAD = ("| game | seats (luck) | B | strong's share of the chips (95% CI; matches) | commit | hands a play "
        "| strong CPU ms median / p95 | rounds |\n|---|---|---|---|---|---|---|---|\n")


def _row(share: str, commit: str, hands: int = 10) -> str:
    return f"| Sabacc | 2 (0.50) | normal | {share} | {commit} | {hands} | 20 / 90 | 500 |\n"


def test_the_newest_commit_wins_and_within_it_the_most_matches():
    place = {"aaaaaaa": 0, "bbbbbbb": 1}
    text = HEAD + "".join([
        _row("0.523 (0.482 to 0.564; 60)", "bbbbbbb"),
        _row("0.595 (0.440 to 0.751; 20; seed 2)", "aaaaaaa", 100),
        _row("0.625 (0.521 to 0.729; 40; seeds 1 and 2 pooled) **yes**", "aaaaaaa", 100),
        _row("0.510 (0.453 to 0.567; 60)", "aaaaaaa (before its tests)"),
        _row("0.9 (0.8 to 1.0; 900)", "not committed"),
    ])
    rows = bots_summary.runs(text, place)
    assert len(rows) == 4  # (the uncommitted experiment is left out)
    kept = bots_summary.latest(rows, place)
    assert kept[("Sabacc", "2 (0.50)", "normal", 10)]["commit"] == "aaaaaaa (before its tests)"
    assert kept[("Sabacc", "2 (0.50)", "normal", 100)][bots_summary.SHARE].startswith("0.625")
    assert [bots_summary.matches(r) for r in rows] == [60, 20, 40, 60]
