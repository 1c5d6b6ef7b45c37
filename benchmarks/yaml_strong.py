"""The strong level against the normal one in every game written in a variant file.

    python benchmarks/yaml_strong.py [--matches 6] [--hands 15] [--seats 2] [--seed 1]
        [--games texas_holdem ...] [--no-written] [--budget-ms 250]

For each YAML game (the bundled ones, and the Five-Card Draw and Pineapple written in YAML of
``benchmarks/yaml_bots.py`` unless ``--no-written``), ``benchmarks/bots.py``'s duplicate matches
of strong against normal: each match is ``--seats`` plays of one deal, strong in each seat once.
Printed per game: strong's share of the chips at the end (luck: 1/seats) and of plays led, with
95% intervals over the matches, and the strong level's decision time; then a summary line a game
and one JSON object.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

import bots  # noqa: E402
import yaml_bots  # noqa: E402


def main(argv: list[str] | None = None) -> list[dict[str, Any]]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--matches", type=int, default=6)
    parser.add_argument("--hands", type=int, default=15)
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", nargs="+", default=None)
    parser.add_argument("--no-written", action="store_true")
    parser.add_argument("--budget-ms", type=float, default=None)
    parser.add_argument("--quiet", action="store_true", help="only the summary")
    args = parser.parse_args(argv)
    found = yaml_bots.yaml_games(not args.no_written, args.games)
    results = []
    for game in found:
        argv_game = ["--game", game.id, "--a", "strong", "--b", "normal", "--matches", str(args.matches),
                     "--seats", str(min(args.seats, game.seats[1])), "--seed", str(args.seed),
                     "--hands", str(args.hands)]
        if args.budget_ms is not None:
            argv_game += ["--budget-ms", str(args.budget_ms)]
        print(f"== {game.id}", flush=True)
        sink = io.StringIO() if args.quiet else sys.stdout
        with contextlib.redirect_stdout(sink):
            result = bots.main(argv_game)
        results.append(result)
    print("\nstrong against normal (chip share at the end, luck 1/seats; 95% intervals over duplicate matches)")
    for r in results:
        low, high = r["a_chip_share_ci95"]
        led_low, led_high = r["a_led_share_ci95"]
        timing = r["decision_ms"]["strong"]
        print(f"{r['game']:16} chips {r['a_chip_share']:.3f} ({low:.3f} to {high:.3f}), led {r['a_led_share']:.3f} "
              f"({led_low:.3f} to {led_high:.3f}), {r['rounds']} hands; strong median {timing['median_ms']} ms, "
              f"p95 {timing['p95_ms']} ms")
    print(json.dumps(results))
    return results


if __name__ == "__main__":
    main()
