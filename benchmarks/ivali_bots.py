"""Shenja Ivali computer players: decision times and results against other players.

``python benchmarks/ivali_bots.py`` prints:

1. Decision times of :class:`~cardtable.games.shenja_ivali.bot.IvaliBot` at each level, per
   decision type (bet, discard, bid), over games of 2, 4 and 8 seats: median, 95th
   percentile and maximum, in milliseconds. The percentile table the bot builds once
   per process is built first and timed on its own.
2. Matches of one bot against random-action bots (``RandomBot``), heads-up and at
   four seats, played to the end: the bot's win rate (with a 95% interval), the
   chance of winning by luck alone, and its mean chips at the end.
3. Matches of one tough bot against normal bots, the same way.

Then one JSON line with every figure. Options: ``--games N`` matches per pairing
(default 100), ``--seed S`` (default 1), ``--timing-rounds R`` (rounds per timing
game, default 12), ``--skip-versus``. Every match is seeded from ``--seed``: the
same options give the same games. The machines are shared and noisy: read the
times as rough figures.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("CARDTABLE_HOME", tempfile.mkdtemp(prefix="cardtable-bench-"))

from cardtable.bots.random_bot import RandomBot  # noqa: E402
from cardtable.engine.game import CHANCE  # noqa: E402
from cardtable.games.shenja_ivali.bot import IvaliBot, warm_up  # noqa: E402
from cardtable.games.shenja_ivali.rules import Phase, ShenjaIvaliSettings  # noqa: E402
from cardtable.games.shenja_ivali.state import ShenjaIvaliState  # noqa: E402
from cardtable.variants import load_deck_by_id  # noqa: E402

DECISION = {Phase.BET: "bet", Phase.DRAW: "discard", Phase.AUCTION: "bid"}


def timing(level: str, seats: int, rounds: int, seed: int, deck) -> dict[str, list[float]]:
    """Times (seconds) of every decision of ``level`` bots in one game of ``seats``."""
    rng = random.Random(f"timing:{seed}:{level}:{seats}")
    state = ShenjaIvaliState.new(ShenjaIvaliSettings(), deck, [f"P{s}" for s in range(seats)], rng)
    bots = [IvaliBot(random.Random(f"timing-bot:{seed}:{s}"), level) for s in range(seats)]
    times: dict[str, list[float]] = {"bet": [], "discard": [], "bid": []}
    while state.to_act is not None and state.round_no <= rounds:
        if state.to_act == CHANCE:
            if state.round_no == rounds:
                break
            state.apply(state.chance_action())
            continue
        kind = DECISION[state.phase]
        started = time.perf_counter()
        action = bots[state.to_act].choose(state, state.to_act)
        times[kind].append(time.perf_counter() - started)
        state.apply(action)
    return times


def summary_ms(values: list[float]) -> dict[str, float]:
    """Median, 95th percentile and maximum, in milliseconds."""
    if not values:
        return {"n": 0}
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]
    return {"n": len(values), "median": round(statistics.median(ordered) * 1000, 1),
            "p95": round(p95 * 1000, 1), "max": round(ordered[-1] * 1000, 1)}


def match(hero_level: str, others: str, seats: int, game: int, seed: int, deck) -> tuple[bool, int, int]:
    """One match to the end: (the hero won, its chips at the end, rounds)."""
    hero = game % seats
    state = ShenjaIvaliState.new(ShenjaIvaliSettings(), deck, [f"P{s}" for s in range(seats)],
                                 random.Random(f"match:{seed}:{game}:{seats}:{others}"),
                                 dealer=(game // seats) % seats)
    bots = []
    for s in range(seats):
        rng = random.Random(f"player:{seed}:{game}:{seats}:{s}")
        if s == hero:
            bots.append(IvaliBot(rng, hero_level))
        else:
            bots.append(RandomBot(rng) if others == "random" else IvaliBot(rng, others))
    while state.to_act is not None:
        if state.to_act == CHANCE:
            state.apply(state.chance_action())
        else:
            state.apply(bots[state.to_act].choose(state, state.to_act))
    return state.chips.stacks[hero] > 0, state.chips.stacks[hero], state.round_no


def versus(hero_level: str, others: str, seats: int, games: int, seed: int, deck) -> dict:
    """The hero's record over ``games`` matches, seats rotating."""
    started = time.perf_counter()
    wins = chips = rounds = 0
    for game in range(games):
        won, left, played = match(hero_level, others, seats, game, seed, deck)
        wins += won
        chips += left
        rounds += played
    rate = wins / games
    half = 1.96 * math.sqrt(rate * (1 - rate) / games)
    start = ShenjaIvaliSettings().starting_chips
    return {"hero": hero_level, "others": others, "seats": seats, "games": games, "seed": seed,
            "wins": wins, "win_rate": round(rate, 3),
            "win_rate_95": [round(max(0.0, rate - half), 3), round(min(1.0, rate + half), 3)],
            "by_luck": round(1 / seats, 3), "mean_chips": round(chips / games, 1),
            "chips_at_start": start, "chips_in_play": start * seats,
            "mean_rounds": round(rounds / games, 1),
            "seconds": round(time.perf_counter() - started, 1)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timing-rounds", type=int, default=12)
    parser.add_argument("--skip-versus", action="store_true")
    args = parser.parse_args(argv)
    deck = load_deck_by_id("ivali")
    started = time.perf_counter()
    warm_up(deck)
    warm = time.perf_counter() - started
    print(f"percentile table, built once per process: {warm * 1000:.0f} ms")
    result: dict = {"benchmark": "ivali_bots", "seed": args.seed, "warm_up_ms": round(warm * 1000, 1),
                    "timing": {}, "versus": []}
    print("decision times (ms): median / p95 / max, decisions")
    for level in ("normal", "tough"):
        merged: dict[str, list[float]] = {"bet": [], "discard": [], "bid": []}
        for seats in (2, 4, 8):
            times = timing(level, seats, args.timing_rounds, args.seed, deck)
            for kind, values in times.items():
                merged[kind] += values
            row = {kind: summary_ms(values) for kind, values in times.items()}
            result["timing"][f"{level}/{seats}"] = row
            print(f"  {level:6} {seats} seats: " + "; ".join(
                f"{kind} {r['median']}/{r['p95']}/{r['max']} ({r['n']})"
                for kind, r in row.items() if r["n"]))
        every = [v for values in merged.values() for v in values]
        result["timing"][f"{level}/all"] = summary_ms(every)
        over = sum(v > 0.2 for v in every)
        print(f"  {level:6} all: {summary_ms(every)}; over 200 ms: {over}")
    if not args.skip_versus:
        print(f"matches to the end, {args.games} per pairing, seed {args.seed}:")
        for hero, others, seats in (("normal", "random", 2), ("normal", "random", 4),
                                    ("tough", "random", 2), ("tough", "random", 4),
                                    ("tough", "normal", 2), ("tough", "normal", 4)):
            row = versus(hero, others, seats, args.games, args.seed, deck)
            result["versus"].append(row)
            low, high = row["win_rate_95"]
            print(f"  one {hero} bot vs {seats - 1} {others}: wins {row['wins']}/{row['games']} "
                  f"= {row['win_rate']:.0%} (95% {low:.0%}-{high:.0%}; luck alone "
                  f"{row['by_luck']:.0%}), mean chips at the end {row['mean_chips']} of "
                  f"{row['chips_in_play']}, {row['mean_rounds']} rounds a match, {row['seconds']} s")
    result["seconds"] = round(time.perf_counter() - started, 1)
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
