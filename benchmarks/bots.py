"""Two computer levels of any game against each other, in duplicate matches.

    python benchmarks/bots.py --game five_card_draw --a strong --b normal --matches 10 \
        --seats 2 --seed 1 --hands 20 [--budget-ms 250]

A level is one of the game's (normal, tough, strong, random) or a fixed strategy of
:mod:`cardtable.bots.fixed`: ``always_call``, ``always_raise``, ``premium``. The number
of matches is fixed before the run (``--matches``), never by a result.

One duplicate match is ``--seats`` plays of the same deal (the same state seed, so the
same cards come in the same order while the players act alike): in play ``r`` the A
level sits in seat ``r`` and the B level in every other seat, so each seat's luck goes
to A once. A play stops after ``--hands`` rounds (or when the match is over).

Printed, one figure a line, then one JSON object: the matches; A's share of the chips
at the end (luck alone: 1/seats) and of plays led at the end, with 95% confidence
intervals by the normal approximation over the duplicate matches; A's net chips a play;
each level's decision time (median and 95th percentile, milliseconds of the wall clock and
of CPU); the showdown rate
(rounds settled with two or more hands shown, from ``round_outcome()``; None when the
game does not say); and each level's fold-to-minimum-bet rate (how often it folds when
it must pay to stay in and the payment is no more than the game's minimum bet; None
where the game has no such betting or the case never came up).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cardtable import games  # noqa: E402
from cardtable.bots import fixed  # noqa: E402
from cardtable.bots.base import choose_for  # noqa: E402
from cardtable.engine.game import CHANCE  # noqa: E402
from cardtable.variants import load_deck_by_id  # noqa: E402


def facing_min_bet(state: Any, seat: int) -> bool:
    """True when ``seat`` must pay to stay in and the payment is at most the minimum bet."""
    options = getattr(state, "betting_options", lambda s: None)(seat)
    rules = getattr(getattr(state, "betting", None), "rules", None)
    least = getattr(rules, "min_bet", None)
    if options is None or not isinstance(least, int):
        return False
    if hasattr(options, "call_amount") and hasattr(options, "can_check"):
        return bool(options.can_fold and options.can_call and not options.can_check
                    and 0 < options.call_amount <= least)
    if hasattr(options, "cover_amount"):
        return bool(options.can_fold and options.can_cover and 0 < options.cover_amount <= least)
    return False


def interval(values: list[float]) -> tuple[float, float, float]:
    """Mean and its 95% normal-approximation interval."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, mean, mean
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half


def percentile(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def make_bot(game: Any, level: str, rng: random.Random) -> Any:
    """A player of ``level``: the game's own level, or a fixed strategy."""
    if level in game.bot_levels:
        return game.bot(rng, level)
    return fixed.make(level, game, rng)


def match_seed(game_id: str, seed: int, match: int) -> str:
    """The deal of match ``match`` of a run with ``--seed seed``: the scripts that replay this
    benchmark's matches (``round_flows.py``, ``peeking.py``, ``sabacc_answers.py``) deal the
    same ones."""
    return f"bots:{game_id}:{seed}:{match}"


def new_stats(levels: Any) -> dict[str, dict[str, Any]]:
    """Empty decision figures for each of ``levels``, for :func:`play` to fill."""
    return {lv: {"times": [], "cpu": [], "facing": 0, "folds": 0} for lv in set(levels)}


def new_rounds() -> dict[str, int]:
    """Empty round figures (settled, told, shown) for :func:`play` to fill."""
    return {"settled": 0, "told": 0, "showdowns": 0}


def play(game: Any, levels: list[str], seed: str, hands: int, stats: dict[str, dict[str, Any]] | None = None,
         rounds: dict[str, int] | None = None, watch: Any = None) -> Any:
    """One play of ``levels`` (one a seat) from the deal of ``seed``; returns the last state.
    ``stats`` and ``rounds`` (fresh ones when not given) gather each level's decision times
    and folds and the rounds settled and shown; ``watch(state, seat, action)``, when given,
    sees each player's move before it is made."""
    stats = new_stats(levels) if stats is None else stats
    rounds = new_rounds() if rounds is None else rounds
    names = [f"P{s + 1}" for s in range(len(levels))]
    state = game.new_state(game.read_settings(game.defaults()), load_deck_by_id(game.decks[0]), names,
                           random.Random(seed))
    bots = [make_bot(game, lv, random.Random(f"{seed}:{s}:{lv}")) for s, lv in enumerate(levels)]
    seen_round = None
    for _ in range(100_000):
        if state.to_act is None or state.round_number > hands:
            break
        seat = state.to_act
        if seat == CHANCE:
            state.apply(state.chance_action())
        else:
            level = levels[seat]
            facing = facing_min_bet(state, seat)
            started, cpu = time.perf_counter(), time.thread_time()
            action = choose_for(bots[seat], state, seat)
            stats[level]["times"].append((time.perf_counter() - started) * 1000.0)
            stats[level]["cpu"].append((time.thread_time() - cpu) * 1000.0)
            if facing:
                stats[level]["facing"] += 1
                stats[level]["folds"] += type(action).__name__ == "Fold"
            if watch is not None:
                watch(state, seat, action)
            state.apply(action)
        outcome = state.round_outcome()
        if outcome is not None and outcome.get("round") != seen_round:
            seen_round = outcome.get("round")
            rounds["settled"] += 1
            shown = outcome.get("hands")
            if isinstance(shown, dict):
                rounds["told"] += 1
                rounds["showdowns"] += len(shown) >= 2
    return state


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--a", default="strong")
    parser.add_argument("--b", default="normal")
    parser.add_argument("--matches", type=int, default=10, help="duplicate matches")
    parser.add_argument("--first", type=int, default=0,
                        help="the first match's number (a run split over processes: each plays the "
                             "matches first to first + matches - 1 of the same seed)")
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hands", type=int, default=20, help="rounds a play at most")
    parser.add_argument("--budget-ms", type=float, default=None,
                        help="put the strong level on a clock, milliseconds a decision "
                             "(default: none, its game's rollout count)")
    args = parser.parse_args(argv)
    if args.budget_ms is not None:
        os.environ["CARDTABLE_STRONG_BUDGET_MS"] = str(args.budget_ms)
    game = games.registry().find(args.game) or games.get(args.game)
    for level in (args.a, args.b):
        if level not in game.bot_levels and level not in fixed.ALL_STRATEGIES:
            parser.error(f"{game.name} has no level {level!r} (levels: {', '.join(game.bot_levels)}; "
                         f"strategies: {', '.join(fixed.ALL_STRATEGIES)})")
    stats = new_stats((args.a, args.b))
    rounds = new_rounds()
    shares: list[float] = []
    leads: list[float] = []
    nets: list[float] = []
    started = time.perf_counter()
    for match in range(args.first, args.first + args.matches):
        seed = match_seed(game.id, args.seed, match)
        share = lead = net = 0.0
        for a_seat in range(args.seats):
            levels = [args.a if s == a_seat else args.b for s in range(args.seats)]
            state = play(game, levels, seed, args.hands, stats, rounds)
            held = [state.holding(s) for s in range(args.seats)]
            total = sum(held) or 1
            share += held[a_seat] / total
            best = max(held)
            leaders = [s for s in range(args.seats) if held[s] == best]
            lead += (1.0 / len(leaders)) if a_seat in leaders else 0.0
            net += held[a_seat] - total / args.seats
        shares.append(share / args.seats)
        leads.append(lead / args.seats)
        nets.append(net / args.seats)
        print(f"match {match + 1}: {args.a} share {shares[-1]:.3f}, led {leads[-1]:.2f}, "
              f"net {nets[-1]:+.1f} a play", flush=True)
    share = interval(shares)
    lead = interval(leads)
    net = interval(nets)
    timing = {lv: {"median_ms": round(statistics.median(s["times"]), 2) if s["times"] else None,
                   "p95_ms": round(percentile(s["times"], 0.95), 2) if s["times"] else None,
                   "cpu_median_ms": round(statistics.median(s["cpu"]), 2) if s["cpu"] else None,
                   "cpu_p95_ms": round(percentile(s["cpu"], 0.95), 2) if s["cpu"] else None,
                   "decisions": len(s["times"])} for lv, s in stats.items()}
    folds = {lv: (round(s["folds"] / s["facing"], 3) if s["facing"] else None) for lv, s in stats.items()}
    showdown = round(rounds["showdowns"] / rounds["told"], 3) if rounds["told"] else None
    result = {
        "game": game.id, "a": args.a, "b": args.b, "matches": args.matches, "first": args.first, "seats": args.seats,
        "seed": args.seed, "hands": args.hands,
        "strong_budget_ms": args.budget_ms,
        "a_chip_share": round(share[0], 4), "a_chip_share_ci95": [round(share[1], 4), round(share[2], 4)],
        "luck": round(1 / args.seats, 4),
        "a_led_share": round(lead[0], 4), "a_led_share_ci95": [round(lead[1], 4), round(lead[2], 4)],
        "a_net_per_play": round(net[0], 1), "a_net_ci95": [round(net[1], 1), round(net[2], 1)],
        "decision_ms": timing, "showdown_rate": showdown, "rounds": rounds["settled"],
        "fold_to_min_bet": folds,
        "facing_min_bet": {lv: s["facing"] for lv, s in stats.items()},
        "seconds": round(time.perf_counter() - started, 1),
    }
    print(f"{args.a} share of chips {share[0]:.3f} (95% CI {share[1]:.3f} to {share[2]:.3f}; luck "
          f"{1 / args.seats:.3f})")
    print(f"{args.a} led at the end {lead[0]:.3f} (95% CI {lead[1]:.3f} to {lead[2]:.3f})")
    for lv, t in timing.items():
        print(f"{lv} decisions {t['decisions']}: median {t['median_ms']} ms, p95 {t['p95_ms']} ms "
              f"(CPU {t['cpu_median_ms']} / {t['cpu_p95_ms']} ms), "
              f"folds to a minimum bet {folds[lv]} of {stats[lv]['facing']}")
    print(f"showdown rate {showdown} over {rounds['settled']} rounds")
    print(json.dumps(result))
    return result


if __name__ == "__main__":
    main()
