"""Flame Sword computer players, measured: ``python benchmarks/flame_bots.py``.

Plays capped matches (``--hands`` each) of two line-ups round a table of ``--seats``
(seats alternate between the two kinds, the dealer moving each match) and prints each
kind's average chips won per hand, its share of the chips at the end, and the time a
decision takes (median and slowest, betting and flipping apart). The last line is JSON.

Options: ``--matches N`` (default 12), ``--hands H`` (default 10), ``--seats K`` (default 4).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from cardtable.bots.random_bot import RandomBot
from cardtable.engine.game import CHANCE
from cardtable.games.flame_sword.bot import FlameBot
from cardtable.games.flame_sword.rules import FlameSwordSettings, Phase
from cardtable.games.flame_sword.state import FlameSwordState
from cardtable.variants import load_deck_by_id


def make(kind: str, rng: random.Random):
    """A player of ``kind``: random, normal or tough."""
    return RandomBot(rng) if kind == "random" else FlameBot(rng, level=kind)


def duel(first: str, second: str, matches: int, hands: int, seats: int) -> dict:
    """``first`` and ``second`` alternate round the table; returns their figures."""
    deck = load_deck_by_id("infinite")
    settings = FlameSwordSettings()
    won = {first: 0, second: 0}
    share = {first: [], second: []}
    timing: dict[str, list[float]] = {"bet": [], "flip": []}
    played = 0
    for match in range(matches):
        kinds = [(first, second)[(s + match) % 2] for s in range(seats)]
        players = [make(k, random.Random(f"{match}:{s}")) for s, k in enumerate(kinds)]
        state = FlameSwordState.new(settings, deck, [f"{k} {s}" for s, k in enumerate(kinds)],
                                    random.Random(f"deal:{match}"), dealer=match % seats)
        while state.to_act is not None and not (state.phase == Phase.REVEAL and state.hand_no >= hands):
            seat = state.to_act
            if seat == CHANCE:
                state.apply(state.chance_action())
                continue
            phase = state.phase
            start = time.perf_counter()
            action = players[seat].choose(state, seat)
            if not isinstance(players[seat], RandomBot) and phase in (Phase.BET, Phase.FLIP):
                timing["bet" if phase == Phase.BET else "flip"].append((time.perf_counter() - start) * 1000)
            state.apply(action)
        played += state.hand_no
        for kind in (first, second):
            mine = [s for s in range(seats) if kinds[s] == kind]
            chips = sum(state.chips.stacks[s] for s in mine)
            won[kind] += chips - settings.starting_chips * len(mine)
            share[kind].append(chips / max(1, sum(state.chips.stacks)))
    return {"line_up": f"{first} vs {second}", "hands": played,
            "chips_per_hand": {k: round(v / max(1, played), 1) for k, v in won.items()},
            "chip_share": {k: round(statistics.mean(v), 3) for k, v in share.items()},
            "decision_ms": {phase: {"median": round(statistics.median(t), 2), "max": round(max(t), 2)}
                            for phase, t in timing.items() if t}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=12)
    parser.add_argument("--hands", type=int, default=10)
    parser.add_argument("--seats", type=int, default=4)
    args = parser.parse_args()
    results = []
    for first, second in (("normal", "random"), ("tough", "random"), ("tough", "normal")):
        result = duel(first, second, args.matches, args.hands, args.seats)
        results.append(result)
        print(f"{result['line_up']:18} {result['hands']:4} hands   chips/hand {result['chips_per_hand']}   "
              f"share {result['chip_share']}   decision ms {result['decision_ms']}")
    print(json.dumps({"matches": args.matches, "hands": args.hands, "seats": args.seats, "results": results}))


if __name__ == "__main__":
    main()
