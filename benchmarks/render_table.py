"""The performance page's drawing table from saved runs of ``benchmarks/render.py``.

``python benchmarks/render_table.py --wall w1.txt w2.txt w3.txt --cpu c1.txt c2.txt c3.txt``
reads each run's output (its last line is the JSON ``render.py`` prints) and prints one
Markdown row a scenario: each run's p95, the worst ratio of a run's p95 to that run's own
floor, the slowest frame of all runs and the frames over 16 ms, for the wall-clock runs and
the CPU-time runs; then the frames until the table takes input after each gesture, and
whether the machine stayed quiet through each run (``render.py``'s empty frames timed before
each scenario). It only formats what the runs measured, so the page shows exactly what was run.
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path

BAR_RATIO = 3.0
"""Issue 33's bar: each p95 within 3x the floor measured in the same run ..."""
BAR_MS = 7.0
"""... and under 7 ms, with no frame over 16 ms."""
MOVE_FRAMES = 30
"""... and a group move of 12,000 taking input again within this many frames ..."""
MOVE = "selection_12000_drop"
"""... the gesture that moves them (see ``render_gestures.py``)."""


def within_the_bar(ratio: float, p95_ms: float, over_16ms: int) -> bool:
    """Whether a p95 at ``ratio`` times its floor, of ``p95_ms``, with ``over_16ms`` frames over
    16 ms, meets the bar."""
    return ratio <= BAR_RATIO and p95_ms < BAR_MS and over_16ms == 0


def load(path: str) -> dict:
    """The JSON line a run of ``render.py`` ended with (and, under ``"file"``, the file's name)."""
    lines = [line for line in Path(path).read_text().splitlines() if line.startswith("{")]
    if not lines:
        raise SystemExit(f"{path}: no JSON line (is it the output of benchmarks/render.py?)")
    run = json.loads(lines[-1])
    run.setdefault("file", Path(path).name)
    return run


def columns(runs: list[dict], name: str) -> tuple[str, str, str, float, float, int]:
    """A scenario's cells over ``runs``: the p95s, the worst ratio, the slowest frame and the
    frames over 16 ms (and the worst ratio and p95 as numbers, for the verdict: a scenario with
    no figure in a run, or no runs at all, is not within the bar)."""
    rows = [run["scenarios"].get(name) for run in runs]
    if not rows or any(row is None for row in rows):
        return "-", "-", "-", math.inf, math.inf, 0
    p95s = " / ".join(f"{row['p95_ms']:.2f}" for row in rows)
    ratio = max(row.get("p95_vs_floor", 1.0) for row in rows)
    worst = max(row["max_ms"] for row in rows)
    over = sum(row["over_16ms"] for row in rows)
    return p95s, f"{ratio:.2f}", f"{worst:.1f} ({over})", ratio, max(row["p95_ms"] for row in rows), over


def machine(run: dict) -> tuple[bool, str]:
    """Whether a run was made on a quiet machine, and in words: its empty frames' medians through
    the run (runs saved before ``render.py`` watched the machine say so)."""
    watched = run.get("machine")
    if watched is None:
        return False, "not watched (a run saved before render.py watched the machine)"
    checks = watched["checks_median_ms"]
    by_wall = f", by the wall clock {watched['wall_spread']:.2f}x" if "wall_spread" in watched else ""
    words = (f"empty frames' medians {min(checks):.3f} to {max(checks):.3f} ms "
             f"({watched['spread']:.2f}x{by_wall})")
    return bool(watched["quiet"]), ("quiet: " if watched["quiet"] else "**not quiet**: ") + words


def scales(run: dict) -> str:
    """Which way a run's window-sized scales went, by scenario (the wheel's frames: in two halves
    on two cores a CPU-time run counts the helper thread's share), or "" if not recorded."""
    made = run.get("big_scales") or {}
    if not made:
        return ""
    each = ", ".join(f"{name} {one}/{two}" for name, (one, two) in made.items())
    return f"; {each} scales in one piece/in halves"


def ratios(run: dict) -> dict[str, float]:
    """Each scenario's p95 over its run's floor, by name (the floors themselves left out)."""
    return {name: row.get("p95_vs_floor", 1.0) for name, row in run["scenarios"].items()
            if not name.startswith("floor")}


def outside_the_bar(run: dict) -> list[str]:
    """A run's scenarios outside the bar, each with its ratio or what else it missed."""
    missed = []
    for name, ratio in ratios(run).items():
        row = run["scenarios"][name]
        if not within_the_bar(ratio, row["p95_ms"], row["over_16ms"]):
            missed.append(f"{name} ({ratio:.2f}x, p95 {row['p95_ms']:.2f} ms, {row['over_16ms']} over 16 ms)")
    if MOVE in run.get("frames_until_input", {}) and run["frames_until_input"][MOVE][1] > MOVE_FRAMES:
        missed.append(f"the 12,000 group move (input after {run['frames_until_input'][MOVE][1]} frames)")
    return missed


def table(wall: list[dict], cpu: list[dict]) -> list[str]:
    """The page's lines for these runs: the scenarios' table, the frames until input, each run's
    machine, and the verdict (its first word the number of scenarios within the bar)."""
    if not wall and not cpu:  # (not "0 within, none not, every run quiet": nothing was judged)
        return ["0 scenarios within the bar: no runs to judge."]
    lines = []
    names = list(dict.fromkeys(n for run in wall + cpu for n in run["scenarios"]))
    lines.append("| scenario | wall: p95 ms, each run | worst p95 / floor | wall: slowest ms (frames > 16 ms) "
                 "| CPU: p95 ms, each run | worst p95 / floor | CPU: slowest ms (frames > 16 ms) | within the bar |")
    lines.append("|---|---|---|---|---|---|---|---|")
    verdicts: dict[str, str] = {}  # scenario -> its cell in the last column
    # A way with no runs judges nothing: its scenarios are not within the bar, but not outside it either.
    missing = next((way for way, runs in (("by the wall clock", wall), ("in CPU time", cpu)) if not runs), None)
    for name in names:
        w = columns(wall, name)
        c = columns(cpu, name)
        floor = name.startswith("floor")
        judged = [cells for cells, runs in ((w, wall), (c, cpu)) if runs]
        missed = not all(within_the_bar(*cells[3:]) for cells in judged)
        verdict = "" if floor else "**no**" if missed else "not judged" if missing else "yes"
        verdicts[name] = verdict
        lines.append(f"| {name} | {w[0]} | {'-' if floor else w[1]} | {w[2]} | {c[0]} | {'-' if floor else c[1]} "
                     f"| {c[2]} | {verdict} |")
    accept: dict[str, list[tuple[float, int, str]]] = {}  # gesture -> each run's median, most, longest wait
    for run in wall + cpu:
        for gesture, (median, most) in run.get("frames_until_input", {}).items():
            wait = run.get("wall_ms_until_input", {}).get(gesture)
            accept.setdefault(gesture, []).append((median, most, "" if wait is None else f" ({wait[1]:.1f} ms)"))
    if accept:
        lines += ["", "| gesture | frames until the table takes input (median / most, each run; the longest wait"
                      " by the wall clock, where measured) |", "|---|---|"]
        for gesture, counts in accept.items():
            lines.append(f"| {gesture} | {', '.join(f'{m:g} / {most}{wait}' for m, most, wait in counts)} |")
    lines += ["", "| run | the machine through the run |", "|---|---|"]
    noisy = []
    for kind, runs in (("wall clock", wall), ("CPU", cpu)):
        for i, run in enumerate(runs, 1):
            quiet, words = machine(run)
            lines.append(f"| {kind} {i}{' (' + run['file'] + ')' if 'file' in run else ''} | {words}{scales(run)} |")
            if not quiet:
                noisy.append(f"{kind} {i}")
    moves = [most for _median, most, _wait in accept.get(MOVE, [])]
    move = (f"the 12,000 group move took input after {max(moves)} frames at most "
            f"({'within' if max(moves) <= MOVE_FRAMES else '**over**'} the bar of {MOVE_FRAMES}); " if moves else "")
    failing = [name for name, verdict in verdicts.items() if verdict == "**no**"]
    within = sum(verdict == "yes" for verdict in verdicts.values())
    unjudged = sum(verdict == "not judged" for verdict in verdicts.values())
    not_judged = f"not judged, with no quiet run {missing}: {unjudged}; " if unjudged else ""
    lines += ["", f"{within} scenarios within the bar; not: {', '.join(failing) if failing else 'none'}; "
              f"{not_judged}{move}"
              + (f"not on a quiet machine: {', '.join(noisy)}" if noisy else "every run on a quiet machine")]
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wall", nargs="+", required=True, help="outputs of render.py timed by the wall clock")
    parser.add_argument("--cpu", nargs="+", required=True, help="outputs of render.py --cpu")
    args = parser.parse_args()
    print("\n".join(table([load(p) for p in args.wall], [load(p) for p in args.cpu])))


if __name__ == "__main__":
    main()
