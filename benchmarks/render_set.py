"""Runs of ``benchmarks/render.py`` until three were made on a quiet machine each way:
``python benchmarks/render_set.py --out DIR``.

Runs go by the wall clock and in CPU time in turn (each a fresh process, saved as
``DIR/wall-N.txt`` or ``DIR/cpu-N.txt``). A run whose empty frames moved more than
``render.py``'s bound while it ran (:func:`render.quietness`) is set aside and another made
that way, up to ``--most`` runs in all. Then the drawing table of the quiet runs
(:func:`render_table.table`), a line over every run, quiet or not (:func:`every_run`), and every
run set aside with the scenarios it had outside the bar, so that nothing measured is left out.
Options: ``--runs N`` (quiet runs wanted each way, default 3), ``--most N`` (default 16),
``--reprint`` (print a set saved in ``--out`` again), and any further arguments are passed to
``render.py``.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

import render_table

HERE = Path(__file__).resolve().parent


def run_once(out: Path, cpu: bool, number: int, extra: list[str]) -> tuple[Path, dict]:
    """One run of render.py in its own process, saved to ``out``; its path and its JSON."""
    path = out / f"{'cpu' if cpu else 'wall'}-{number}.txt"
    command = [sys.executable, str(HERE / "render.py"), *(["--cpu"] if cpu else []), *extra]
    with path.open("w") as saved:
        done = subprocess.run(command, stdout=saved, stderr=subprocess.STDOUT,
                              env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})
    if done.returncode:
        raise SystemExit(f"{path}: render.py stopped with exit status {done.returncode}; its output is in that file")
    return path, render_table.load(str(path))


def report(runs: list[dict], wanted: int) -> list[str]:
    """The set's page: the table of its quiet runs (each way), then every run set aside with what
    it had outside the bar; ``runs`` in the order they were made."""
    quiet: dict[bool, list[dict]] = {False: [], True: []}
    aside = []
    for run in runs:
        if render_table.machine(run)[0]:
            quiet[bool(run.get("cpu_time"))].append(run)
        else:
            aside.append(run)
    lines = []
    if min(len(way) for way in quiet.values()) < wanted:
        lines.append(f"**Only {len(quiet[False])} wall-clock and {len(quiet[True])} CPU runs of {len(runs)} were made "
                     f"on a quiet machine** (wanted {wanted} each); their table is below all the same.")
    lines += render_table.table(quiet[False], quiet[True])
    lines += ["", every_run(runs)]
    if aside:
        lines += ["", "Runs set aside (the machine was not quiet), with their scenarios outside the bar:", ""]
        for run in aside:
            missed = ", ".join(render_table.outside_the_bar(run)) or "none"
            lines.append(f"- {run['file']}: {render_table.machine(run)[1]}; outside the bar: {missed}"
                         f"{render_table.scales(run)}")
    return lines


def every_run(runs: list[dict]) -> str:
    """One line over all ``runs``, quiet or not: how many had everything within the bar, the
    scenario closest to (or furthest past) 3x the floor and its run, and the group move's most
    frames. A machine that is never quiet for long may still show the bar met in every run."""
    if not runs:
        return "No runs."
    within = sum(not render_table.outside_the_bar(run) for run in runs)
    ranked = [(ratio, name, run["file"]) for run in runs for name, ratio in render_table.ratios(run).items()]
    highest = "no scenario timed"
    if ranked:
        ratio, name, file = max(ranked, key=lambda each: each[0])  # (the first run to reach it)
        highest = f"the highest p95 / floor {ratio:.2f}x ({name}, {file})"
    moves = [run["frames_until_input"][render_table.MOVE][1] for run in runs
             if render_table.MOVE in run.get("frames_until_input", {})]
    move = f"; the 12,000 group move {max(moves)} frames at most" if moves else ""
    return f"All {len(runs)} runs, quiet or not: {within} with everything within the bar; {highest}{move}."


def saved_runs(out: Path) -> list[dict]:
    """The runs saved in ``out`` by an earlier set, in the order they were made."""
    paths = [p for p in out.glob("*.txt") if p.stem.startswith(("wall-", "cpu-")) and p.stem.split("-")[1].isdigit()]
    return [render_table.load(str(p)) for p in sorted(paths, key=lambda p: int(p.stem.split("-")[1]))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True, help="folder the runs are saved in")
    parser.add_argument("--runs", type=int, default=3, help="quiet runs wanted each way")
    parser.add_argument("--most", type=int, default=16, help="runs in all at most")
    parser.add_argument("--reprint", action="store_true", help="print the set saved in --out again, making no run")
    args, extra = parser.parse_known_args()
    out = Path(args.out)
    if args.reprint:
        print("\n".join(report(saved_runs(out), args.runs)))
        return
    out.mkdir(parents=True, exist_ok=True)
    if saved_runs(out):
        raise SystemExit(f"{out} already holds runs: give a new folder (or --reprint them)")
    runs: list[dict] = []
    quiet = {False: 0, True: 0}
    cpu = False
    while len(runs) < args.most and min(quiet.values()) < args.runs:
        if quiet[cpu] >= args.runs:
            cpu = not cpu
        path, run = run_once(out, cpu, len(runs) + 1, extra)
        calm, words = render_table.machine(run)
        print(f"{path.name}: {words}", file=sys.stderr)
        runs.append(run)
        quiet[cpu] += calm
        cpu = not cpu
    print("\n".join(report(runs, args.runs)))


if __name__ == "__main__":
    main()
