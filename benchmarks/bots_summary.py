"""The latest run of each pairing, from the strong level's runs page.

``python benchmarks/bots_summary.py docs/strong-level-runs.md`` reads every table row of the
page whose columns are a run of ``benchmarks/bots.py`` (game, seats, opponent, share, commit,
...), keeps for each game, seats, opponent and match length (hands a play: a longer match lets
the same edge a round move more of the chips) the row of the newest commit (by this
repository's history; among a commit's rows, the one with most matches) and prints them as
the Markdown table docs/computer-players.md shows. Rows whose commit is not a plain hash in
the history (an experiment never committed, a base marked "(base)") are left out.
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
            if len(cells) == len(header) and re.fullmatch(r"[0-9a-f]{7}", row["commit"]) and row["commit"] in place:
                found.append(row)
        elif not line.startswith("|"):
            header = None
    return found


def matches(row: dict[str, str]) -> int:
    """The number of matches a row's share was measured over."""
    found = re.search(r"; (\d+)\)", row[SHARE])
    return int(found.group(1)) if found else 0


def main() -> None:
    place = newest_first()
    latest: dict[tuple[str, str, str, int], dict[str, str]] = {}
    for row in runs(Path(sys.argv[1]).read_text(), place):
        key = (row["game"], row["seats (luck)"], row["B"], int(row["hands a play"]))
        rank = (place[row["commit"]], -matches(row))
        if key not in latest or rank < (place[latest[key]["commit"]], -matches(latest[key])):
            latest[key] = row
    print(f"| game | seats (luck) | B | {SHARE} | commit | hands a play |")
    print("|---|---|---|---|---|---|")
    for key in sorted(latest):
        row = latest[key]
        print(f"| {row['game']} | {row['seats (luck)']} | {row['B']} | {row[SHARE]} | {row['commit']} "
              f"| {row['hands a play']} |")


if __name__ == "__main__":
    main()
