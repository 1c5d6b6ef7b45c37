"""What the free table's undo history costs in memory over a long session of big steps.

``python benchmarks/table_history.py`` lays the Infinite Deck (12,000 cards) out as a
grid and gathers it again, ``--cycles`` times (default 50: 100 big steps), on a
:class:`~cardtable.engine.table.Table` with the history capped as it is now
(:data:`~cardtable.engine.table.HISTORY_BYTES`, and 200 steps) and with only the cap of
200 steps (``uncapped``: as before the byte cap). Each case runs in a process of its
own, since a process's peak resident memory (``resource.getrusage``'s ``ru_maxrss``)
only ever grows. For each it prints the peak RSS, the RSS before the first step, the
steps kept, the history's estimated size (``Table.history_bytes``) and, with
``--traced``, the memory the history really holds (tracemalloc: what clearing it
frees; slower). Then one JSON line.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import resource
import subprocess
import sys
import time
import tracemalloc

MB = 2**20


def peak_rss() -> int:
    """This process's peak resident memory in bytes (Linux counts ru_maxrss in KiB)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak if sys.platform == "darwin" else peak * 1024


def one_case(cap: int | None, cycles: int, traced: bool) -> dict[str, float]:
    """Run the cycles in this process; its figures."""
    from cardtable import variants
    from cardtable.engine.table import Table

    table = Table(variants.load_deck_by_id("infinite"), random.Random(1))
    table.history_cap = cap if cap is not None else 1 << 62
    table.flip(next(iter(table.piles)))
    gc.collect()
    if traced:
        tracemalloc.start()
    start_rss = peak_rss()
    began = time.perf_counter()
    for _ in range(cycles):
        table.spread(next(iter(table.piles)), "grid")
        table.gather()
    seconds = time.perf_counter() - began
    kept, estimated, held = len(table.undo_stack), table.history_bytes, 0.0
    if traced:
        gc.collect()
        before = tracemalloc.get_traced_memory()[0]
        table.undo_stack.clear()
        gc.collect()
        held = (before - tracemalloc.get_traced_memory()[0]) / MB
    return {"peak_rss_mb": peak_rss() / MB, "start_rss_mb": start_rss / MB, "steps_kept": kept,
            "dropped": table.dropped, "estimated_mb": estimated / MB, "traced_mb": held, "seconds": seconds}


def main() -> None:
    """Run both cases in child processes (or one case, as a child) and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cycles", type=int, default=50)
    parser.add_argument("--traced", action="store_true", help="also measure the history's real size (slower)")
    parser.add_argument("--case", choices=("capped", "uncapped"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.case:
        from cardtable.engine.table import HISTORY_BYTES

        print(json.dumps(one_case(HISTORY_BYTES if args.case == "capped" else None, args.cycles, args.traced)))
        return
    results = {}
    for case in ("uncapped", "capped"):
        command = [sys.executable, __file__, "--case", case, "--cycles", str(args.cycles)]
        out = subprocess.run(command + (["--traced"] if args.traced else []), check=True, capture_output=True,
                             text=True).stdout
        results[case] = figures = json.loads(out.splitlines()[-1])
        traced = f", really {figures['traced_mb']:.1f} MB" if args.traced else ""
        print(f"{case:9}  peak RSS {figures['peak_rss_mb']:6.1f} MB (at start {figures['start_rss_mb']:.1f})"
              f"  steps kept {figures['steps_kept']:.0f} (let go {figures['dropped']:.0f})"
              f"  history ~{figures['estimated_mb']:.1f} MB{traced}  {figures['seconds']:.1f} s")
    print(json.dumps({"cycles": args.cycles, **results}))


if __name__ == "__main__":
    main()
