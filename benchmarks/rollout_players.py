"""How fast the strong level's rollout players decide, against the normal bot they copy.

    python benchmarks/rollout_players.py [--seats 2] [--seed 1] [--repeat 3]

For Five-Card Draw and Shenja Ivali, on the decisions of normal-bot matches (seat
copies, every phase), the CPU time a decision takes: the normal bot at the rollout
sample count (what the rollouts played before they had their own player) and the
rollout player (``rollout_bot``: card codes and packed ints, see
``cardtable/games/*/rollout_bot.py``). The same decisions for both, the best of
``--repeat`` passes (a busy machine slows a pass, not the work). Prints a line a game,
then one JSON object.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cardtable import games  # noqa: E402
from cardtable.engine.game import CHANCE, GameState  # noqa: E402
from cardtable.variants import load_deck_by_id  # noqa: E402


def decisions(game_id: str, seats: int, seed: int, count: int) -> list[GameState]:
    """Seat copies of the decisions of normal-bot matches, ``count`` at most a match."""
    game = games.get(game_id)
    found: list[GameState] = []
    for match in range(3):
        state = game.new_state(game.read_settings(game.defaults()), load_deck_by_id(game.decks[0]),
                               [f"P{s}" for s in range(seats)], random.Random(seed + match))
        players = [game.bot(random.Random(seed * 10 + s), "normal") for s in range(seats)]
        made = 0
        while made < count and state.to_act is not None:
            seat = state.to_act
            if seat == CHANCE:
                state.apply(state.chance_action())
                continue
            view = state.seat_copy(seat, random.Random(seed))
            found.append(view)
            made += 1
            state.apply(players[seat].choose(view, seat))
    return found


def slow_player(game_id: str, rng: random.Random) -> Any:
    """The normal bot at the rollout sample count, as the rollouts played it before."""
    from cardtable.games.shenja_ivali.bot import ROLLOUT_SAMPLES as IVALI_SAMPLES
    from cardtable.games.shenja_ivali.bot import IvaliBot
    return IvaliBot(rng, samples=IVALI_SAMPLES)


def per_decision(states: list[GameState], make: Any, repeat: int) -> float:
    """Microseconds of CPU a decision, the best pass of ``repeat``."""
    for state in states[:5]:  # tables built on first use are not counted
        make(random.Random(0)).choose(state, state.to_act)
    best = float("inf")
    for rep in range(repeat):
        started = time.process_time()
        for state in states:
            make(random.Random(rep)).choose(state, state.to_act)
        best = min(best, time.process_time() - started)
    return best / len(states) * 1e6


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    result: dict[str, Any] = {"seats": args.seats, "seed": args.seed, "games": {}}
    for game_id in ("shenja_ivali",):  # Five-Card Draw's own bot went with its package (YAML now)
        states = decisions(game_id, args.seats, args.seed, 60)
        normal = games.get(game_id).bot(random.Random(0), "normal")
        slow = per_decision(states, lambda rng, g=game_id: slow_player(g, rng), args.repeat)
        fast = per_decision(states, normal.rollout_bot, args.repeat)
        result["games"][game_id] = {"decisions": len(states), "normal_at_rollout_samples_us": round(slow),
                                    "rollout_player_us": round(fast), "speedup": round(slow / fast, 2)}
        print(f"{game_id}: {len(states)} decisions; normal bot at the rollout samples {slow:,.0f} us, "
              f"rollout player {fast:,.0f} us a decision ({slow / fast:.2f}x)", flush=True)
    print(json.dumps(result))
    return result


if __name__ == "__main__":
    main()
