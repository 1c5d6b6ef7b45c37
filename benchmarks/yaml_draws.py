"""The YAML games' draw against Five-Card Draw's standard one, hand by hand.

    python benchmarks/yaml_draws.py [--hands 150] [--opponents 1 3 5] [--seed 5] [--check 4000]

For random five-card hands, the discard the YAML games' bot makes (every legal discard valued
on the same random deals, the best few again more closely, the plain keep kept unless beaten:
:func:`cardtable.yaml_games.odds.best_option` with the normal level's deals) beside the one
``cardtable/games/five_card_draw/bot.py``'s ``plan_discard`` makes, against a number of
opponents still to draw (each keeps what a plain player keeps). Where the two differ, both are
valued on ``--check`` deals more (common to both), and the difference of their equities is the
gain of the YAML bot's choice. Printed per number of opponents: how often they agree, the mean
gain where they differ and over every hand, how often each is better by more than a point,
and the milliseconds a choice took (median, 95th percentile); then one JSON object.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cardtable.games.five_card_draw.bot import plan_discard  # noqa: E402
from cardtable.yaml_games.bot import LEVELS  # noqa: E402
from cardtable.yaml_games.odds import Estimate, Model, Opponent, best_option, keeper  # noqa: E402


def compare(opponents: int, hands: int, seed: int, check: int) -> dict[str, Any]:
    rng = random.Random(seed)
    knobs = LEVELS["normal"]
    agree = 0
    gains: list[float] = []
    times: list[float] = []
    for trial in range(hands):
        hand = rng.sample(range(8, 60), 5)  # codes: rank * 4 + suit
        unseen = tuple(c for c in range(8, 60) if c not in hand)
        model = Model("high", "", (), 0, 0, tuple(Opponent((), 5, 3, 0) for _ in range(opponents)), unseen)
        has_ace = any(c >> 2 == 14 for c in hand)
        throws = [t for k in range(5) for t in itertools.combinations(range(5), k)
                  if k < 4 or any(hand[i] >> 2 == 14 for i in range(5) if i not in t)]
        options = tuple((tuple(hand[i] for i in range(5) if i not in t), len(t)) for t in throws)
        kept = sorted(keeper("high", "")(list(hand), 4 if has_ace else 3))
        prior = next(i for i, (held, _) in enumerate(options) if sorted(held) == kept)
        started = time.perf_counter()
        best, _ = best_option(model, options, random.Random(trial), knobs.draw_first, knobs.draw_second, prior=prior)
        times.append((time.perf_counter() - started) * 1000.0)
        theirs = tuple(plan_discard([(c >> 2, c & 3) for c in hand], 4 if has_ace else 3))
        if set(throws[best]) == set(theirs):
            agree += 1
            continue
        long = Estimate(model, (options[best], options[throws.index(theirs)]), random.Random(10_000 + trial))
        long.run(check)
        gains.append(long.mean(0) - long.mean(1))
    ordered = sorted(times)
    return {"opponents": opponents, "hands": hands, "agree": agree,
            "gain_where_different": round(statistics.fmean(gains), 4) if gains else 0.0,
            "gain_a_hand": round(sum(gains) / hands, 4),
            "better": sum(g > 0.01 for g in gains), "worse": sum(g < -0.01 for g in gains),
            "median_ms": round(statistics.median(ordered), 1),
            "p95_ms": round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], 1)}


def main(argv: list[str] | None = None) -> list[dict[str, Any]]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=150)
    parser.add_argument("--opponents", type=int, nargs="+", default=[1, 3, 5])
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--check", type=int, default=4000, help="deals valuing two discards that differ")
    args = parser.parse_args(argv)
    results = []
    for opponents in args.opponents:
        r = compare(opponents, args.hands, args.seed, args.check)
        results.append(r)
        print(f"{opponents} opponents: same discard {r['agree']} of {r['hands']}; where different, the YAML "
              f"bot's choice gains {r['gain_where_different']:+.4f} equity ({r['gain_a_hand']:+.4f} a hand), "
              f"better by a point {r['better']} times, worse {r['worse']}; {r['median_ms']} ms median, "
              f"p95 {r['p95_ms']} ms", flush=True)
    print(json.dumps(results))
    return results


if __name__ == "__main__":
    main()
