"""Speed of the Shenja Ivali hand evaluator: ``python benchmarks/ivali_hands.py``.

Prints three figures, then one JSON line with all of them:

1. Evaluations a second of :func:`cardtable.games.shenja_ivali.hands.evaluate`: the median
   of several runs over one fixed sample of hands drawn with a seeded generator.
2. Seconds to count the kinds of all C(100, 5) = 75,287,520 hands exactly with
   :func:`exact_kind_counts` (multisets of (numeral, planet) cells, about 119,000).
3. A genuine enumeration of every one of the 75,287,520 hands, each looked up on its
   own: a card is an int with a 1 in its numeral's, planet's and element's 3-bit
   count field, so the sum of five cards holds the three count vectors, and one dict
   maps that sum to the kind (the numeral and planet patterns and the flush flag).
   The hands come three cards at a time from nested loops, the last two from a list
   of precomputed pair sums, through ``map`` and ``Counter.update`` (pure Python, no
   numpy). The table is built here from the public :data:`KINDS`, so this pass also
   checks :func:`exact_kind_counts` independently.

Options: ``--hands N`` (sample size, default 100,000), ``--runs N`` (default 7),
``--enumeration full|quick|skip`` (quick enumerates the hands whose first card is
one of the first 5 and extrapolates from the measured rate). The machines are
shared and noisy: compare figures from one run, not across runs.
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
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("CARDTABLE_HOME", tempfile.mkdtemp(prefix="cardtable-bench-"))

from cardtable.games.shenja_ivali.hands import (  # noqa: E402
    ELEMENTS,
    HAND_COUNT,
    KINDS,
    NUMERALS,
    PLANETS,
    evaluate,
    exact_kind_counts,
)
from cardtable.variants import load_deck_by_id  # noqa: E402

SEED = 20240611
SHAPES = {(5,): "5", (4, 1): "4", (3, 2): "FH", (3, 1, 1): "3", (2, 2, 1): "2P",
          (2, 1, 1, 1): "1P", (1, 1, 1, 1, 1): "S"}


def evaluation_rate(hands: list, runs: int) -> list[float]:
    """Hands a second of ``evaluate`` over ``hands``, once a run."""
    rates = []
    for _ in range(runs):
        start = time.perf_counter()
        for five in hands:
            evaluate(five)
        rates.append(len(hands) / (time.perf_counter() - start))
    return rates


def count_vectors(width: int) -> list[tuple[int, ...]]:
    """Every way to spread five cards over ``width`` values."""
    if width == 1:
        return [(5,)]
    found = []

    def spread(prefix: tuple[int, ...], left: int) -> None:
        if len(prefix) == width - 1:
            found.append((*prefix, left))
            return
        for m in range(left + 1):
            spread((*prefix, m), left - m)
    spread((), 5)
    return found


def shape(counts: tuple[int, ...]) -> str:
    """The pattern name ("FH", "2P", ...) of a count vector."""
    return SHAPES[tuple(sorted((c for c in counts if c), reverse=True))]


def packed(counts: tuple[int, ...], shift: int) -> int:
    """A count vector as 3-bit fields starting at bit ``shift``."""
    return sum(c << (shift + 3 * i) for i, c in enumerate(counts))


def lookup_table() -> dict[int, int]:
    """Sum of five packed cards -> rank, for every count-vector triple of a listed kind."""
    rank_of = {(tuple(sorted(k.patterns)), k.flush): k.rank for k in KINDS}
    table: dict[int, int] = {}
    numeral_side = [(packed(v, 0), shape(v)) for v in count_vectors(len(NUMERALS))]
    planet_side = [(packed(v, 15), shape(v)) for v in count_vectors(len(PLANETS))]
    element_side = [(packed(v, 30), 5 in v) for v in count_vectors(len(ELEMENTS))]
    for n_bits, n_shape in numeral_side:
        for p_bits, p_shape in planet_side:
            pair = tuple(sorted((n_shape, p_shape)))
            for e_bits, flush in element_side:
                rank = rank_of.get((pair, flush))
                if rank is not None:
                    table[n_bits | p_bits | e_bits] = rank
    return table


def enumerate_all(table: dict[int, int], first_cards: int) -> tuple[Counter, int]:
    """Tally the rank of every hand whose lowest card index is below ``first_cards``."""
    values = [(1 << (3 * (n - 1))) | (1 << (15 + 3 * p)) | (1 << (30 + 3 * e))
              for p in range(len(PLANETS)) for e in range(len(ELEMENTS)) for n in NUMERALS]
    size = len(values)
    pair_sums = [[values[d] + values[e] for d in range(k, size) for e in range(d + 1, size)]
                 for k in range(size + 1)]
    tally: Counter = Counter()
    update, look_up = tally.update, table.__getitem__
    for a in range(min(first_cards, size)):
        sum_a = values[a]
        for b in range(a + 1, size):
            sum_b = sum_a + values[b]
            for c in range(b + 1, size):
                update(map(look_up, map((sum_b + values[c]).__add__, pair_sums[c + 1])))
    return tally, sum(tally.values())


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the figures; 1 if the enumeration disagrees."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--enumeration", choices=("full", "quick", "skip"), default="full")
    args = parser.parse_args(argv)

    deck = load_deck_by_id("ivali")
    regular = [c for c in deck if "wild" not in c.tags]
    generator = random.Random(SEED)
    hands = [generator.sample(regular, 5) for _ in range(args.hands)]
    evaluation_rate(hands[:10_000], 1)  # warm up: the rules' tables, the card cache
    rates = evaluation_rate(hands, args.runs)
    rate = statistics.median(rates)
    print(f"evaluate: {rate:,.0f} hands/s (median of {args.runs} runs over {args.hands:,} "
          f"hands, seed {SEED}; runs {min(rates):,.0f} to {max(rates):,.0f})")

    exact_times = []
    for _ in range(3):
        start = time.perf_counter()
        exact = exact_kind_counts()
        exact_times.append(time.perf_counter() - start)
    exact_seconds = statistics.median(exact_times)
    assert sum(exact.values()) == HAND_COUNT
    print(f"exact counts of all {HAND_COUNT:,} hands by cell multisets: {exact_seconds:.3f} s "
          f"(median of 3)")

    figures = {"evaluations_per_second": round(rate), "evaluation_runs": [round(r) for r in rates],
               "sample_hands": args.hands, "seed": SEED,
               "exact_count_seconds": round(exact_seconds, 4)}
    status = 0
    if args.enumeration != "skip":
        start = time.perf_counter()
        table = lookup_table()
        table_seconds = time.perf_counter() - start
        start = time.perf_counter()
        tally, hands_done = enumerate_all(table, 100 if args.enumeration == "full" else 5)
        seconds = time.perf_counter() - start
        per_second = hands_done / seconds
        full = hands_done == HAND_COUNT
        matches = dict(sorted(tally.items())) == exact if full else None
        if full:
            print(f"every hand enumerated, one lookup each: {hands_done:,} hands in "
                  f"{seconds:.1f} s ({per_second:,.0f} hands/s; lookup table of {len(table):,} "
                  f"sums built in {table_seconds:.1f} s); same counts as the exact method: {matches}")
            status = 0 if matches else 1
        else:
            print(f"every hand enumerated (quick: first 5 cards): {hands_done:,} hands in "
                  f"{seconds:.1f} s ({per_second:,.0f} hands/s); all {HAND_COUNT:,} would take "
                  f"about {HAND_COUNT / per_second:.0f} s (extrapolated, not measured)")
        figures.update({
            "enumeration_hands": hands_done, "enumeration_seconds": round(seconds, 2),
            "enumeration_hands_per_second": round(per_second),
            "enumeration_full_pass_seconds": round(seconds if full else HAND_COUNT / per_second, 2),
            "enumeration_extrapolated": not full, "enumeration_table_seconds": round(table_seconds, 2),
            "enumeration_matches_exact": matches})
    figures["python"] = platform.python_version()
    print(json.dumps(figures))
    return status


if __name__ == "__main__":
    sys.exit(main())
