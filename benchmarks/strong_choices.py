"""How good the strong level's choices are, scored on the real cards.

    python benchmarks/strong_choices.py --game sabacc [--seats 2] [--games 6] [--hands 8]
        [--plays 30] [--budget-ms 250] [--seed 1] [--no-reading]

The strong level plays seat 0 against normal players. At each of its decisions every
candidate it gave rollouts to is also played out ``--plays`` times on the real state
(the hidden cards as they are, not guessed; the same seeds for every candidate), every
seat moved by the game's normal rollout player, to the end of the round. That gives
each candidate's true worth against the normal bot's choice, to set beside what the
strong level estimated from its guessed worlds. Printed, one line a figure, then one JSON
object:

* the chips gained a decision over the normal bot's choice, by what strong played, by
  the best candidate on the real cards (a bound on what choosing among these candidates
  can gain, the plays' own noise included) and by the rule "the best rival clearing a
  one-sided test at the normal quantile z" for a few z (the test
  :data:`cardtable.bots.strong.STRAY_ALPHA` sets), with 95% intervals;
* for each kind of change (the normal bot's move, the rival's), the mean estimated and
  the mean true gain: a gap between them is a bias of the guessed worlds (Sabacc's
  reading made a bet look 121 credits better than it was).

A far cheaper signal than whole matches (``benchmarks/bots.py``), and only about the
decisions: what the choices lead to later is in the matches.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import cardtable.bots.strong as strong  # noqa: E402
from cardtable import games  # noqa: E402
from cardtable.bots.base import choose_for  # noqa: E402
from cardtable.bots.strong import Estimate, Plan, StrongBot, _paired, _round_done, _t_quantile  # noqa: E402
from cardtable.bots.worlds import Snapshot  # noqa: E402
from cardtable.engine.game import CHANCE, Action, GameState  # noqa: E402
from cardtable.variants import load_deck_by_id  # noqa: E402

RULE_Z = (0.0, 1.0, 1.5, 2.0, 2.5)


def play_outs(state: GameState, seat: int, action: Action, plays: int, seed: int,
              mover: Callable[[int, int], Any], *, redeal: bool = False) -> list[float]:
    """The chip change of ``seat`` in each of ``plays`` plays of the round after ``action`` on
    the real ``state`` (chance drawing from seeds ``seed``, ``seed + 1``, ...), each seat moved
    by ``mover(play, seat)``, made at its first move of each play; with ``redeal`` the cards
    outside every hand are shuffled again first (seeds ``seed``, ``seed - 1``, ...). ``state``
    is left as it was."""
    snapshot = Snapshot(state)
    target = strong._target_round(state)
    start = state.holding(seat)
    changes: list[float] = []
    for i in range(plays):
        world = snapshot.make(random.Random(seed + i))
        if redeal:
            strong._redeal_stock(world, seat, random.Random(seed - i))
        world.apply(action)
        players: dict[int, Any] = {}
        for _ in range(strong.MAX_ROLLOUT_STEPS):
            if _round_done(world, target):
                break
            to_act = world.to_act
            assert to_act is not None
            if to_act == CHANCE:
                world.apply(world.chance_action())
                continue
            player = players.get(to_act)
            if player is None:
                player = players[to_act] = mover(i, to_act)
            world.apply(player.choose(world, to_act))
        changes.append(float(world.holding(seat) - start))
    return changes


def rollout_player(game: Any, rng: random.Random) -> Any:
    """The game's normal rollout player (its normal bot's cheap copy, or the bot itself)."""
    normal = game.bot(rng, "normal")
    return normal.rollout_bot(rng) if hasattr(normal, "rollout_bot") else normal


def true_worth(game: Any, state: GameState, seat: int, action: Action, plays: int, seed: int) -> float:
    """The mean chip change of ``seat`` over ``plays`` plays of the round after ``action``
    on the real ``state`` (seeds ``seed``, ``seed + 1``, ...), every seat moved by the
    game's normal rollout player."""
    return statistics.fmean(play_outs(state, seat, action, plays, seed,
                                      lambda i, s: rollout_player(game, random.Random(seed * 7 + i * 13 + s))))


def scored_decisions(game: Any, args: argparse.Namespace) -> list[list[dict[str, Any]]]:
    """Each strong decision with a normal choice and a rival: its candidates' figures."""
    decisions: list[list[dict[str, Any]]] = []
    names = [f"P{s + 1}" for s in range(args.seats)]
    for number in range(args.games):
        state = game.new_state(game.read_settings(game.defaults()), load_deck_by_id(game.decks[0]), names,
                               random.Random(f"choices:{args.seed}:{number}"))
        bot = game.bot(random.Random(f"strong:{number}"), "strong")
        assert isinstance(bot, StrongBot)
        bot.budget_ms, bot.rollouts = args.budget_ms, None
        others = {s: game.bot(random.Random(f"normal:{number}:{s}"), "normal") for s in range(1, args.seats)}
        plans: list[Plan] = []
        planner = bot.plan

        def plan(*given: Any, _planner: Any = planner, _plans: list[Plan] = plans, **named: Any) -> Plan:
            made: Plan = _planner(*given, **named)
            _plans.append(made)
            return made

        bot.plan = plan  # type: ignore[method-assign]
        while state.to_act is not None and state.round_number <= args.hands:
            seat = state.to_act
            if seat == CHANCE:
                state.apply(state.chance_action())
                continue
            if seat != 0:
                state.apply(choose_for(others[seat], state, seat))
                continue
            action = choose_for(bot, state, seat)
            decision = _score(game, state, plans[-1], action, args)
            if decision:
                decisions.append(decision)
            state.apply(action)
    return decisions


def _score(game: Any, state: GameState, plan: Plan, action: Action,
           args: argparse.Namespace) -> list[dict[str, Any]]:
    base = next((e for e in plan.estimates if e.prior), None)
    tried = [e for e in plan.estimates if e.count > 0]
    if base is None or base.count == 0 or len(tried) < 2:
        return []
    seed = random.Random(f"{state.round_number}:{len(state.history)}").getrandbits(30)
    worth = {id(e): true_worth(game, state, 0, e.action, args.plays, seed) for e in tried}
    return [_figures(e, base, worth[id(e)] - worth[id(base)], e.action == action) for e in tried]


def _figures(estimate: Estimate, base: Estimate, truth: float, chosen: bool) -> dict[str, Any]:
    gain, error, worlds = _paired(estimate, base)
    return {"action": type(estimate.action).__name__, "prior": estimate is base,
            "prior_action": type(base.action).__name__, "estimate": gain, "error": error,
            "worlds": worlds, "truth": truth, "chosen": chosen}


def by_rule(decision: list[dict[str, Any]], z: float) -> float:
    """The true gain of the choice of the rule "best rival clearing z"."""
    best = None
    for c in decision:
        if c["prior"] or c["worlds"] < strong.MIN_EVIDENCE or c["estimate"] <= 0:
            continue
        if c["estimate"] > (_t_quantile(z, c["worlds"] - 1) if z > 0 else 0.0) * c["error"]:
            if best is None or c["estimate"] > best["estimate"]:
                best = c
    return float(best["truth"]) if best else 0.0


def interval(values: list[float]) -> tuple[float, float]:
    """The mean and the half width of its 95% normal interval."""
    if len(values) < 2:
        return (values[0] if values else 0.0), 0.0
    return statistics.fmean(values), 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--hands", type=int, default=8)
    parser.add_argument("--plays", type=int, default=30, help="plays of each candidate on the real state")
    parser.add_argument("--budget-ms", type=float, default=250.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-reading", action="store_true", help="deal the worlds blindly")
    args = parser.parse_args(argv)
    if args.no_reading:
        strong.READ_OPPONENTS = False
    game = games.get(args.game)
    decisions = scored_decisions(game, args)
    played = [next((c["truth"] for c in d if c["chosen"]), 0.0) for d in decisions]
    result: dict[str, Any] = {"game": game.id, "seats": args.seats, "decisions": len(decisions),
                              "reading": not args.no_reading, "budget_ms": args.budget_ms}
    mean, half = interval(played)
    result["played"] = {"gain": round(mean, 3), "ci95": round(half, 3), "changed": sum(1 for v in played if v)}
    print(f"{game.id}, {args.seats} seats: {len(decisions)} decisions scored")
    print(f"as played: {mean:+.3f} a decision (±{half:.3f}), {result['played']['changed']} changed")
    oracle = [max(0.0, *(c["truth"] for c in d)) for d in decisions]
    mean, half = interval(oracle)
    result["oracle"] = {"gain": round(mean, 3), "ci95": round(half, 3),
                        "changed": sum(1 for v in oracle if v > 0)}
    print(f"the best candidate on the real cards (a bound): {mean:+.3f} a decision (±{half:.3f}), "
          f"{result['oracle']['changed']} better than the normal bot's")
    for z in RULE_Z:
        gains = [by_rule(d, z) for d in decisions]
        mean, half = interval(gains)
        result[f"z={z}"] = {"gain": round(mean, 3), "ci95": round(half, 3)}
        print(f"best rival past z={z}: {mean:+.3f} a decision (±{half:.3f}), {sum(1 for v in gains if v)} changed")
    kinds: dict[str, list[tuple[float, float]]] = defaultdict(list)
    for d in decisions:
        for c in d:
            if not c["prior"]:
                kinds[f"{c['prior_action']} -> {c['action']}"].append((c["estimate"], c["truth"]))
    result["changes"] = {}
    for name, pairs in sorted(kinds.items(), key=lambda kv: -len(kv[1])):
        estimated = statistics.fmean(e for e, _ in pairs)
        real = statistics.fmean(t for _, t in pairs)
        result["changes"][name] = {"count": len(pairs), "estimated": round(estimated, 2), "true": round(real, 2)}
        print(f"{name}: {len(pairs)}, estimated {estimated:+.1f}, true {real:+.1f}")
    print(json.dumps(result))
    return result


if __name__ == "__main__":
    main()
