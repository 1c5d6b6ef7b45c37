"""The latest run of each pairing, from the strong level's runs page.

``python benchmarks/bots_summary.py docs/strong-level-runs.md`` reads every table row of the
page whose columns are a run of ``benchmarks/bots.py`` (game, seats, opponent, share, commit,
...), keeps for each game, seats, opponent and match length (hands a play: a longer match lets
the same edge a round move more of the chips) the row of the newest commit (by this
repository's history; among a commit's rows, the one with most matches) and prints them as
the Markdown table docs/computer-players.md shows. Rows whose commit is not a plain hash in
the history (an experiment never committed, a base marked "(base)") are left out; a commit
"(before its tests)" (run from the tree of its code before its tests were committed) counts as
that commit. A row pooling several seeds' matches ("40; seeds 1 and 2") counts them all.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

HEADER = "| game | seats (luck) | B |"
SHARE = "strong's share of the chips (95% CI; matches)"


def newest_first() -> dict[str, int]:
    """Each commit's place in this repository's history, newest 0 (7-character hashes)."""
    out = subprocess.check_output(["git", "rev-list", "--topo-order", "HEAD"], text=True)
    return {commit[:7]: n for n, commit in enumerate(out.split())}


def runs(text: str, place: dict[str, int]) -> list[dict[str, str]]:
    """Every row of a runs table in ``text`` whose commit is in the history."""
    found: list[dict[str, str]] = []
    header: list[str] | None = None
    for line in text.splitlines():
        if line.startswith(HEADER):
            header = [c.strip() for c in line.strip("|").split("|")]
        elif header and line.startswith("|") and not line.startswith("|---"):
            cells = [c.strip() for c in line.strip("|").split("|")]
            row = dict(zip(header, cells))
            commit = re.fullmatch(r"([0-9a-f]{7})( \(before its tests\))?", row.get("commit", ""))
            if len(cells) == len(header) and commit and commit.group(1) in place:
                row["hash"] = commit.group(1)
                found.append(row)
        elif not line.startswith("|"):
            header = None
    return found


def matches(row: dict[str, str]) -> int:
    """The number of matches a row's share was measured over."""
    found = re.search(r"; (\d+)[;)]", row[SHARE])
    return int(found.group(1)) if found else 0


def latest(rows: list[dict[str, str]], place: dict[str, int]) -> dict[tuple[str, str, str, int], dict[str, str]]:
    """For each game, seats, opponent and match length, the row of the newest commit (of a
    commit's rows, the one with most matches)."""
    kept: dict[tuple[str, str, str, int], dict[str, str]] = {}
    for row in rows:
        key = (row["game"], row["seats (luck)"], row["B"], int(row["hands a play"]))
        rank = (place[row["hash"]], -matches(row))
        if key not in kept or rank < (place[kept[key]["hash"]], -matches(kept[key])):
            kept[key] = row
    return kept


def main() -> None:
    place = newest_first()
    latest_rows = latest(runs(Path(sys.argv[1]).read_text(), place), place)
    print(f"| game | seats (luck) | B | {SHARE} | commit | hands a play |")
    print("|---|---|---|---|---|---|")
    for key in sorted(latest_rows):
        row = latest_rows[key]
        print(f"| {row['game']} | {row['seats (luck)']} | {row['B']} | {row[SHARE]} | {row['commit']} "
              f"| {row['hands a play']} |")


if __name__ == "__main__":
    main()
