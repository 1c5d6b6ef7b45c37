"""Speed of the standard five-card evaluator (Five-Card Draw's, every YAML game's ``high``)
against treys: ``python benchmarks/poker_hands.py``.

Goes through all 2,598,960 five-card hands of the standard deck, in chunks, each chunk valued
by the three in turn (so that a busy spell of a shared machine slows all three alike):

* ``public``: :func:`cardtable.engine.poker_hands.evaluate` on :class:`~cardtable.engine.cards.Card`
  objects, giving a :class:`~cardtable.engine.poker_hands.HandValue`;
* ``fast``: :func:`cardtable.engine.fast_hands.high` on card codes, the computer players' path;
* ``treys``: ``treys.Evaluator().evaluate(hand, [])`` on treys' own card ints.

Each is called by ``map`` over a chunk's hands, so that the loop costs all three the same.

Prints hands a second of each (the median over the chunks and the rate over all of them), the
ratios to treys (per chunk, median), and whether the three agree on every hand: the public
value's rank, treys' rank and the fast path's strength turned into a rank. Then one JSON line.
``--hands N`` stops after N hands (a quick look; the agreement is then over those only).
Needs treys (the ``test`` extra).
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("CARDTABLE_HOME", tempfile.mkdtemp(prefix="cardtable-bench-"))

from treys import Card as TreysCard  # noqa: E402
from treys import Evaluator  # noqa: E402

from cardtable.engine.fast_hands import deck_codes, high, size  # noqa: E402
from cardtable.engine.poker_hands import evaluate  # noqa: E402
from cardtable.variants import load_deck_by_id  # noqa: E402

CHUNK = 100_000


def treys_int(card) -> int:
    """treys' int of a standard card ("10H" is "Th" there)."""
    return TreysCard.new(card.code.replace("10", "T")[:-1] + card.code[-1].lower())


def main(argv: list[str] | None = None) -> dict:
    """Run the benchmark; print the figures and return them."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=None)
    args = parser.parse_args(argv)
    deck = load_deck_by_id("standard52")
    cards = list(deck)
    codes = deck_codes(deck)
    treys = [treys_int(c) for c in cards]
    judge = Evaluator()
    top = size("high") + 1
    evaluate(cards[:5])
    high(codes[:5])
    judge.evaluate(treys[:5], [])
    combos = itertools.combinations(range(len(cards)), 5)
    if args.hands:
        combos = itertools.islice(combos, args.hands)
    rates: dict[str, list[float]] = {"public": [], "fast": [], "treys": []}
    spent = dict.fromkeys(rates, 0.0)
    count = disagree = 0
    while chunk := list(itertools.islice(combos, CHUNK)):
        by_card = [[cards[i] for i in five] for five in chunk]
        by_code = [[codes[i] for i in five] for five in chunk]
        by_treys = [[treys[i] for i in five] for five in chunk]
        started = time.perf_counter()
        public = list(map(evaluate, by_card))
        took = time.perf_counter() - started
        rates["public"].append(len(chunk) / took)
        spent["public"] += took
        started = time.perf_counter()
        fast = list(map(high, by_code))
        took = time.perf_counter() - started
        rates["fast"].append(len(chunk) / took)
        spent["fast"] += took
        board: list[int] = []
        started = time.perf_counter()
        theirs = list(map(judge.evaluate, by_treys, itertools.repeat(board)))
        took = time.perf_counter() - started
        rates["treys"].append(len(chunk) / took)
        spent["treys"] += took
        disagree += sum(v.rank != t or top - f != t for v, f, t in zip(public, fast, theirs))
        count += len(chunk)
    medians = {name: statistics.median(r) for name, r in rates.items()}
    ratios = {name: statistics.median(a / b for a, b in zip(rates[name], rates["treys"]))
              for name in ("public", "fast")}
    print(f"{count:,} hands, {len(rates['public'])} chunks of up to {CHUNK:,}; hands a second, "
          "median over the chunks (over all of them):")
    for name in rates:
        ratio = f"  {ratios[name]:.2f}x treys" if name in ratios else ""
        print(f"  {name:7} {medians[name]:>12,.0f} ({count / spent[name]:,.0f}){ratio}")
    print(f"hands where public, fast and treys disagree: {disagree:,}")
    figures = {"hands": count, "per_second": medians, "ratio_to_treys": ratios, "disagree": disagree}
    print(json.dumps(figures))
    return figures


if __name__ == "__main__":
    main()
