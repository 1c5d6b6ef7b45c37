"""The long UI fuzz run: ``python benchmarks/fuzz.py --events 100000 --seed 1``.

Drives the real app headless with random mouse and key events through every scene
(see :mod:`cardtable.ui.fuzz`), bots in most seats, checking every game's invariants
after its actions and the process's memory over the run. Prints events/s, the
scenes visited, the tables opened, actions applied, games finished, invariant
checks, memory (RSS) at the start, peak and end, and every failure (an exception,
a broken invariant or memory growing without bound) with the event index to
replay from. The last line is JSON. Exit code 0 when nothing was found, 1 otherwise.

Options: ``--events N`` (default 100000), ``--seed S`` (default 1), ``--size WxH``
(default 1280x800), ``--json-every J`` (default 10).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cardtable.ui.fuzz import run_fuzz  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    """Run the fuzzer with the command line's options and print its report."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--size", default="1280x800")
    parser.add_argument("--json-every", type=int, default=10)
    args = parser.parse_args(argv)
    width, height = (int(v) for v in args.size.lower().split("x"))
    shown = 0

    def progress(report, index: int) -> None:
        nonlocal shown
        for failure in report.failures[shown:]:
            print(f"!!! {failure}".split("\n")[0], flush=True)
        shown = len(report.failures)
        if index and index % 10_000 == 0:
            print(f"... {index} events, {report.seconds:.0f} s, {index / report.seconds:.0f} events/s, "
                  f"{report.actions_applied} actions, {len(report.failures)} failures", flush=True)

    report = run_fuzz(args.events, args.seed, (width, height), json_every=args.json_every,
                      max_failures=100, progress=progress)
    print(report.summary())
    for failure in report.failures[:5]:
        print(f"\n--- {failure}\nlast events:\n  " + "\n  ".join(failure.recent_events[-10:]))
    start, peak, end = report.memory_figures()
    print(json.dumps({
        "events": report.posted, "asked": report.events, "seed": report.seed, "seconds": round(report.seconds, 1),
        "events_per_second": round(report.events_per_second, 1), "frames": report.frames,
        "scenes": dict(report.scenes), "tables": dict(report.tables), "actions": dict(report.actions),
        "games_finished": report.games_finished, "checks": report.checks,
        "round_trips": report.round_trips, "quits_refused": report.quits_refused,
        "memory_mib": {"start": round(start / 2**20, 1), "peak": round(peak / 2**20, 1),
                       "end": round(end / 2**20, 1)},
        "failures": [{"kind": f.kind, "index": f.index, "message": f.message.split("\n")[0]}
                     for f in report.failures]}))
    return 0 if report.ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
