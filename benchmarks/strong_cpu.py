"""The CPU time of the strong level's decisions at its rollout counts, game by game.

    python benchmarks/strong_cpu.py [--games G ...] [--seats K ...] [--plays 2] [--hands 3]
        [--seed 1] [--rollouts N]

The strong level sits in seat 0 against normal players; each play stops after
``--hands`` rounds. Each of its decisions is timed in CPU time of its thread
(:func:`time.thread_time`: what the machine's other work does not inflate), the seat
copy included, except the first decision of the run, whose normal bot builds the game's
tables (once a process: up to a second in Alethkar Poker and Sabacc). ``--seats``
defaults to the game's most. ``--rollouts`` overrides the game's count (what a count
would cost). Printed: one line a game and table size (the count, the decisions, the
median, 95th percentile and most CPU milliseconds, the rollouts made a decision at the
median), then one JSON object.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cardtable import games  # noqa: E402
from cardtable.bots.base import choose_for  # noqa: E402
from cardtable.bots.strong import StrongBot, rollouts_for  # noqa: E402
from cardtable.engine.game import CHANCE  # noqa: E402
from cardtable.variants import load_deck_by_id  # noqa: E402


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile of ``values`` (the nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def measure(game: Any, seats: int, plays: int, hands: int, seed: int, rollouts: int | None) -> dict[str, Any]:
    """The strong level's decisions of ``plays`` plays at ``seats``: their CPU figures."""
    times: list[float] = []
    made: list[int] = []
    count = 0
    for play in range(plays):
        names = [f"P{s + 1}" for s in range(seats)]
        state = game.new_state(game.read_settings(game.defaults()), load_deck_by_id(game.decks[0]), names,
                               random.Random(f"cpu:{seed}:{play}"))
        strong = game.bot(random.Random(f"cpu:{seed}:{play}:strong"), "strong")
        assert isinstance(strong, StrongBot)
        strong.budget_ms, strong.rollouts = None, rollouts
        count = rollouts if rollouts is not None else rollouts_for(strong.counts, seats)
        planner = strong.plan

        def plan(*given: Any, _planner: Any = planner, **named: Any) -> Any:
            result = _planner(*given, **named)
            made.append(result.rollouts)
            return result

        strong.plan = plan  # type: ignore[method-assign]
        others = {s: game.bot(random.Random(f"cpu:{seed}:{play}:{s}"), "normal") for s in range(1, seats)}
        for _ in range(100_000):
            seat = state.to_act
            if seat is None or state.round_number > hands:
                break
            if seat == CHANCE:
                state.apply(state.chance_action())
            elif seat == 0:
                started = time.thread_time()
                action = choose_for(strong, state, seat)
                times.append((time.thread_time() - started) * 1000.0)
                state.apply(action)
            else:
                state.apply(choose_for(others[seat], state, seat))
    times, first = times[1:], times[0]
    return {"game": game.id, "first_ms": round(first, 1), "seats": seats, "rollouts": count, "decisions": len(times),
            "median_ms": round(statistics.median(times), 1), "p95_ms": round(percentile(times, 0.95), 1),
            "max_ms": round(max(times), 1), "rollouts_median": statistics.median(made) if made else 0}


def main(argv: list[str] | None = None) -> list[dict[str, Any]]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", nargs="*", default=None)
    parser.add_argument("--seats", type=int, nargs="*", default=None, help="default: the game's most")
    parser.add_argument("--plays", type=int, default=2)
    parser.add_argument("--hands", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rollouts", type=int, default=None)
    args = parser.parse_args(argv)
    chosen = [games.get(g) for g in args.games] if args.games else list(games.registry().with_rules())
    results = []
    for game in chosen:
        for seats in args.seats or [game.seats[1]]:
            row = measure(game, seats, args.plays, args.hands, args.seed, args.rollouts)
            results.append(row)
            print(f"{row['game']} {seats} seats, {row['rollouts']} rollouts: {row['decisions']} decisions, "
                  f"CPU median {row['median_ms']} ms, p95 {row['p95_ms']} ms, most {row['max_ms']} ms, "
                  f"rollouts made (median) {row['rollouts_median']}", flush=True)
    print(json.dumps(results))
    return results


if __name__ == "__main__":
    main()
