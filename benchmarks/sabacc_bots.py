"""Sabacc computer players: how long a decision takes, and how they fare against each other.

Run: ``python benchmarks/sabacc_bots.py [--hands N] [--seed S]``. For each pairing it plays
heads-up games of N hands with the seats swapped every game and prints the credits the first
kind wins per hand (mean and a rough 95% interval); then the time of every bot decision.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cardtable.bots.random_bot import RandomBot  # noqa: E402
from cardtable.engine.game import CHANCE  # noqa: E402
from cardtable.games.sabacc.bot import SabaccBot, opponent_table  # noqa: E402
from cardtable.games.sabacc.state import Phase, SabaccSettings, SabaccState  # noqa: E402
from cardtable.variants import load_deck_by_id  # noqa: E402

DECK = load_deck_by_id("sabacc")


def make(kind: str, rng: random.Random):
    return RandomBot(rng) if kind == "random" else SabaccBot(rng, kind)


def duel(first: str, second: str, hands: int, seed: int, timings: list[float]) -> list[float]:
    """Per game: the credits ``first`` won per hand (games restart when someone is out)."""
    per_hand: list[float] = []
    game = 0
    while sum(1 for _ in per_hand) < max(4, hands // 20):
        swap = game % 2 == 1
        kinds = [second, first] if swap else [first, second]
        players = [make(k, random.Random(f"{seed}:{game}:{s}")) for s, k in enumerate(kinds)]
        state = SabaccState.new(SabaccSettings(), DECK, ["A", "B"], random.Random(f"deal:{seed}:{game}"))
        me = 1 if swap else 0
        while state.to_act is not None and not (state.phase == Phase.REVEAL and state.hand_no >= 20):
            if state.to_act == CHANCE:
                state.apply(state.chance_action())
                continue
            bot = players[state.to_act]
            started = time.perf_counter()
            action = bot.choose(state, state.to_act)
            if isinstance(bot, SabaccBot):
                timings.append(time.perf_counter() - started)
            state.apply(action)
        per_hand.append((state.chips.stacks[me] - 5000) / max(1, state.hand_no))
        game += 1
    return per_hand


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    started = time.perf_counter()
    opponent_table(DECK)
    print(f"odds table built in {time.perf_counter() - started:.2f} s")
    timings: list[float] = []
    for first, second in (("normal", "random"), ("tough", "random"), ("tough", "normal")):
        results = duel(first, second, args.hands, args.seed, timings)
        mean = statistics.fmean(results)
        spread = 1.96 * statistics.stdev(results) / len(results) ** 0.5 if len(results) > 1 else 0.0
        print(f"{first} vs {second}: {mean:+.0f} credits a hand for {first} (± {spread:.0f}), "
              f"{len(results)} games of up to 20 hands")
    timings.sort()
    print(f"bot decisions: {len(timings)}, median {1000 * timings[len(timings) // 2]:.1f} ms, "
          f"95th percentile {1000 * timings[int(len(timings) * 0.95)]:.1f} ms, "
          f"max {1000 * timings[-1]:.1f} ms")


if __name__ == "__main__":
    main()
