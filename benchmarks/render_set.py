"""Runs of ``benchmarks/render.py`` until three were made on a quiet machine each way:
``python benchmarks/render_set.py --out DIR``.

Runs go by the wall clock and in CPU time in turn (each a fresh process, saved as
``DIR/wall-N.txt`` or ``DIR/cpu-N.txt``). A run whose empty frames moved more than
``render.py``'s bound while it ran (:func:`render.quietness`) is set aside and another made
that way, up to ``--most`` runs in all. Then the drawing table of the quiet runs
(:func:`render_table.table`), and every run set aside with the scenarios it had outside the
bar, so that nothing measured is left out. Options: ``--runs N`` (quiet runs wanted each way,
default 3), ``--most N`` (default 16), and any further arguments are passed to ``render.py``.
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True, help="folder the runs are saved in")
    parser.add_argument("--runs", type=int, default=3, help="quiet runs wanted each way")
    parser.add_argument("--most", type=int, default=16, help="runs in all at most")
    args, extra = parser.parse_known_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    quiet: dict[bool, list[dict]] = {False: [], True: []}
    aside: list[tuple[Path, dict]] = []
    made = 0
    cpu = False
    while made < args.most and min(len(runs) for runs in quiet.values()) < args.runs:
        if len(quiet[cpu]) >= args.runs:
            cpu = not cpu
        made += 1
        path, run = run_once(out, cpu, made, extra)
        calm, words = render_table.machine(run)
        print(f"{path.name}: {words}", file=sys.stderr)
        if calm:
            quiet[cpu].append(run)
        else:
            aside.append((path, run))
        cpu = not cpu
    if min(len(runs) for runs in quiet.values()) < args.runs:
        print(f"**Only {len(quiet[False])} wall-clock and {len(quiet[True])} CPU runs of {made} were made on a "
              f"quiet machine** (wanted {args.runs} each); their table is below all the same.")
    print("\n".join(render_table.table(quiet[False], quiet[True])))
    if aside:
        print()
        print("Runs set aside (the machine was not quiet), with their scenarios outside the bar:")
        print()
        for path, run in aside:
            missed = render_table.outside_the_bar(run)
            print(f"- {path.name}: {render_table.machine(run)[1]}; outside the bar: {', '.join(missed) or 'none'}")


if __name__ == "__main__":
    main()
