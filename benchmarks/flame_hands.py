"""Speed of the Flame Sword hand evaluator: ``python benchmarks/flame_hands.py``.

Prints, then one JSON line with all figures:

1. Hands a second of :func:`cardtable.games.flame_sword.hands.best_hand` on random 14-card
   pools (4 hole cards + a line) and on 18-card pools (the Underdog's 8 + a line): the
   median of several runs over one fixed sample drawn with a seeded generator.
2. The full showdown of 8 players, one of them the Underdog with eight hole cards: each
   player's :func:`best_line` over all 20 lines of a random 10 x 10 grid (160 hands of
   ten out of 14 or 18 cards), then the winner. Median and 95th percentile over many
   deals, in milliseconds.

Options: ``--hands N`` (default 5,000), ``--runs N`` (default 5), ``--showdowns N``
(default 200), ``--seed N``, ``--order source|measured`` (how kinds rank; default source).
The machines are shared and noisy: compare figures from one run, not across runs.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("CARDTABLE_HOME", tempfile.mkdtemp(prefix="cardtable-bench-"))

from cardtable.games.flame_sword.hands import best_hand, best_line  # noqa: E402
from cardtable.variants import load_deck_by_id  # noqa: E402


def hands_per_second(deck, pools: list[list[int]], runs: int, order: str = "source") -> float:
    """Median rate of ``best_hand`` over ``runs`` passes through ``pools``."""
    rates = []
    for _ in range(runs):
        started = time.perf_counter()
        for pool in pools:
            best_hand(deck, pool, order=order)
        rates.append(len(pools) / (time.perf_counter() - started))
    return statistics.median(rates)


def showdown_times(deck, count: int, rng: random.Random,
                   order: str = "source") -> tuple[list[float], list[float]]:
    """Wall-clock and CPU milliseconds of each of ``count`` full 8-player showdowns (seat 0
    the Underdog); CPU time shows the cost when other programs share the machine."""
    times, cpu = [], []
    for _ in range(count):
        dealt = rng.sample(range(len(deck)), 100 + 8 + 7 * 4)
        grid, rest = dealt[:100], dealt[100:]
        holes = [rest[:8]] + [rest[8 + 4 * i: 12 + 4 * i] for i in range(7)]
        started, started_cpu = time.perf_counter(), time.process_time()
        results = [best_line(deck, hole, grid, order=order)[0] for hole in holes]
        best = max(h.key for h in results)
        winners = [seat for seat, h in enumerate(results) if h.key == best]
        times.append((time.perf_counter() - started) * 1000)
        cpu.append((time.process_time() - started_cpu) * 1000)
        assert winners
    return times, cpu


def main() -> None:
    """Run the measurements and print them."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=5000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--showdowns", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--order", choices=("source", "measured"), default="source")
    args = parser.parse_args()
    deck = load_deck_by_id("infinite")
    rng = random.Random(args.seed)
    pools14 = [rng.sample(range(len(deck)), 14) for _ in range(args.hands)]
    pools18 = [rng.sample(range(len(deck)), 18) for _ in range(args.hands)]
    rate14 = hands_per_second(deck, pools14, args.runs, args.order)
    rate18 = hands_per_second(deck, pools18, args.runs, args.order)
    print(f"order: {args.order}")
    print(f"best_hand, 14 cards: {rate14:,.0f} hands/s (median of {args.runs} runs of {args.hands})")
    print(f"best_hand, 18 cards: {rate18:,.0f} hands/s")
    wall, cpu = showdown_times(deck, args.showdowns, rng, args.order)
    times, cpu = sorted(wall), sorted(cpu)
    median, cpu_median = statistics.median(times), statistics.median(cpu)
    p95 = times[min(len(times) - 1, int(round(0.95 * len(times))) - 1)]
    cpu_p95 = cpu[min(len(cpu) - 1, int(round(0.95 * len(cpu))) - 1)]
    print(f"showdown, 8 players (one with 8 hole cards), 20 lines each: median {median:.1f} ms, "
          f"p95 {p95:.1f} ms, max {times[-1]:.1f} ms over {len(times)} deals")
    print(f"  the same in CPU time: median {cpu_median:.1f} ms, p95 {cpu_p95:.1f} ms")
    print(json.dumps({"hands_per_second_14": round(rate14), "hands_per_second_18": round(rate18),
                      "showdown_ms_median": round(median, 2), "showdown_ms_p95": round(p95, 2),
                      "showdown_cpu_ms_median": round(cpu_median, 2),
                      "showdown_cpu_ms_p95": round(cpu_p95, 2),
                      "showdowns": len(times), "order": args.order, "python": platform.python_version()}))


if __name__ == "__main__":
    main()
