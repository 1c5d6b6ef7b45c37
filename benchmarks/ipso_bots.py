"""Ipso computer players: decision times and results against random players.

``python benchmarks/ipso_bots.py`` prints:

1. Decision times of :class:`~cardtable.games.ipso.bot.IpsoBot` (normal and tough) per
   decision type (bet, exchange), over games of 2 and 5 seats: median, 95th
   percentile and maximum in milliseconds (the hand-percentile table is built first
   and timed on its own).
2. Games of one bot against random-action bots, heads-up and at four seats, played
   to the end (at most ``--max-hands`` hands, then the most chips wins): the bot's
   win rate with a 95% interval, and the rate luck alone would give.
3. Games of one tough bot against normal bots, the same way.

Then one JSON line with every figure. Options: ``--games N`` per pairing (default
60), ``--seed S`` (default 1), ``--max-hands H`` (default 200). The machines are
shared and noisy: read the times as rough figures.
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
from cardtable.games import get  # noqa: E402
from cardtable.games.ipso import bot as ipso_bot  # noqa: E402
from cardtable.games.ipso.bot import IpsoBot  # noqa: E402
from cardtable.games.ipso.rules import Phase  # noqa: E402
from cardtable.games.ipso.state import IpsoState  # noqa: E402
from cardtable.simulation import bundled_settings  # noqa: E402
from cardtable.variants import load_deck_by_id  # noqa: E402


def ipso_settings() -> object:
    """The bundled Ipso variant's settings."""
    return bundled_settings(get("ipso"))

DECK = load_deck_by_id("standard52")


def timings(seed: int) -> dict:
    """Milliseconds per decision, by level and decision type."""
    started = time.perf_counter()
    ipso_bot._key_table()
    table_ms = (time.perf_counter() - started) * 1000
    times: dict[str, list[float]] = {}
    for level in ("normal", "tough"):
        for seats in (2, 5):
            state = IpsoState.new(ipso_settings(), DECK, [f"P{s}" for s in range(seats)],
                                  random.Random(f"time:{seed}:{seats}"))
            bots = [IpsoBot(random.Random(f"tb:{seed}:{s}"), level) for s in range(seats)]
            for _ in range(3000):
                if state.to_act is None or state.round_no > 15:
                    break
                if state.to_act == CHANCE:
                    state.apply(state.chance_action())
                    continue
                kind = state.phase.value
                t0 = time.perf_counter()
                action = bots[state.to_act].choose(state, state.to_act)
                times.setdefault(f"{level} {kind}", []).append((time.perf_counter() - t0) * 1000)
                state.apply(action)
    out = {"percentile_table_ms": round(table_ms, 1)}
    for key, values in sorted(times.items()):
        values.sort()
        out[key] = {"n": len(values), "median": round(statistics.median(values), 3),
                    "p95": round(values[int(0.95 * (len(values) - 1))], 3), "max": round(values[-1], 3)}
    return out


def versus(hero: str, others: str, seats: int, games: int, seed: int, max_hands: int) -> dict:
    """Games of one ``hero`` bot (seat rotating) against ``others``; its win rate."""
    wins = 0
    for game in range(games):
        hero_seat = game % seats
        players = []
        for s in range(seats):
            rng = random.Random(f"vs:{seed}:{game}:{s}")
            kind = hero if s == hero_seat else others
            players.append(RandomBot(rng) if kind == "random" else IpsoBot(rng, kind))
        state = IpsoState.new(ipso_settings(), DECK, [f"P{s}" for s in range(seats)],
                              random.Random(f"vs-deal:{seed}:{game}"))
        while state.to_act is not None:
            if state.phase == Phase.CHOOSE_DEALER and state.round_no >= max_hands:
                break
            if state.to_act == CHANCE:
                state.apply(state.chance_action())
            else:
                state.apply(players[state.to_act].choose(state, state.to_act))
        leader = max(range(seats), key=lambda s: (state.chips.stacks[s], -s))
        wins += leader == hero_seat
    rate = wins / games
    half = 1.96 * math.sqrt(max(rate * (1 - rate), 1e-9) / games)
    return {"hero": hero, "others": others, "seats": seats, "games": games, "wins": wins,
            "win_rate": round(rate, 3), "interval": [round(max(0.0, rate - half), 3), round(min(1.0, rate + half), 3)],
            "luck": round(1 / seats, 3)}


def main() -> None:
    """Run the benchmark and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-hands", type=int, default=200)
    args = parser.parse_args()
    figures: dict = {"timings": timings(args.seed), "versus": []}
    for key, value in figures["timings"].items():
        print(f"{key}: {value}")
    for hero, others, seats in (("normal", "random", 2), ("normal", "random", 4), ("tough", "random", 4),
                                ("tough", "normal", 4)):
        result = versus(hero, others, seats, args.games, args.seed, args.max_hands)
        figures["versus"].append(result)
        print(f"{hero} vs {seats - 1} {others}: won {result['wins']}/{result['games']} = "
              f"{result['win_rate']:.0%} (95% {result['interval'][0]:.0%}-{result['interval'][1]:.0%}; "
              f"luck {result['luck']:.0%})")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
