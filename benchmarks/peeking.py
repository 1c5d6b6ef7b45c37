"""How far a player could get by looking one move ahead: a seat that sees every hand.

    python benchmarks/peeking.py --game sabacc [--b normal] [--seats 4] [--matches 24]
        [--plays 20] [--hands 10] [--seed 3]

``bots.py``'s matches (the same deals, seats and scoring), with its A level replaced by a
player who cheats: at each decision it sees the real state (every hand, not the order of the
deck) and plays each candidate the strong level would weigh (the legal moves, and for a bet
the least, half the pot, the pot and everything) ``--plays`` times to the end of the hand,
the cards outside the hands shuffled again for each play (the same shuffles for every
candidate), every seat moved by the game's normal rollout player; it takes the best mean
chip change where that clearly beats the normal level's own choice (:data:`CLEAR_Z`). It is
the strong level's one-step plan with a perfect reading of the hands: what it wins against
``--b`` is about as much as any player who improves on the normal level one move at a time
can hope for, and so tells how much of a bar is in reach. Printed: a line a match and the
share of the chips with its 95% interval, then one JSON object.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import bots  # noqa: E402
from strong_choices import play_outs, rollout_player  # noqa: E402

from cardtable import games  # noqa: E402
from cardtable.bots.strong import candidates  # noqa: E402
from cardtable.engine.game import Action, GameState  # noqa: E402

CLEAR_Z = 1.645
"""How clearly (a one-sided normal quantile of the paired gains) a candidate must beat the
normal level's choice on the plays to be taken instead."""


class PeekingBot:
    """The cheat (see the module): ``choose`` is given the real state, not a seat copy."""

    sees_all = True

    def __init__(self, game: Any, rng: random.Random, plays: int) -> None:
        self.game, self.rng, self.plays = game, rng, plays
        self.normal = game.bot(rng, "normal")

    def worth(self, state: GameState, seat: int, action: Action, seed: int) -> float:
        """The mean chip change of ``seat`` over the plays of the hand after ``action``."""
        return statistics.fmean(self.outcomes(state, seat, action, seed))

    def outcomes(self, state: GameState, seat: int, action: Action, seed: int) -> list[float]:
        """The chip change of ``seat`` in each play of the hand after ``action``."""
        return play_outs(state, seat, action, self.plays, seed,
                         lambda i, s: rollout_player(self.game, random.Random(seed + i * 8 + s)), redeal=True)

    def choose(self, state: GameState, seat: int) -> Action:
        """The candidate with the best mean on the real hands, when it beats the normal level's
        choice clearly (paired, one-sided at :data:`CLEAR_Z`); else that choice. Taking the
        best of noisy means outright would chase the plays' luck."""
        prior = self.normal.choose(state.seat_copy(seat, random.Random(len(state.history))), seat)
        options = [prior, *(a for a in candidates(state, seat) if a != prior)]
        if len(options) == 1:
            return prior
        seed = self.rng.getrandbits(30)
        plays = [self.outcomes(state, seat, action, seed) for action in options]
        best = max(range(len(options)), key=lambda i: statistics.fmean(plays[i]))
        gains = [b - p for b, p in zip(plays[best], plays[0])]
        spread = statistics.stdev(gains) if len(gains) > 1 else 0.0
        clear = statistics.fmean(gains) > CLEAR_Z * spread / len(gains) ** 0.5 if spread else bool(sum(gains) > 0)
        return options[best] if best and clear else prior


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--b", default="normal")
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--matches", type=int, default=24)
    parser.add_argument("--plays", type=int, default=20)
    parser.add_argument("--hands", type=int, default=10)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args(argv)
    game = games.registry().find(args.game) or games.get(args.game)
    make_bot, choose_for = bots.make_bot, bots.choose_for
    bots.make_bot = lambda g, level, rng: PeekingBot(g, rng, args.plays) if level == "peek" else make_bot(g, level, rng)
    bots.choose_for = lambda bot, state, seat: (bot.choose(state, seat) if getattr(bot, "sees_all", False)
                                                else choose_for(bot, state, seat))
    try:
        shares: list[float] = []
        for match in range(args.matches):
            share = 0.0
            for a_seat in range(args.seats):
                levels = ["peek" if s == a_seat else args.b for s in range(args.seats)]
                state = bots.play(game, levels, bots.match_seed(game.id, args.seed, match), args.hands)
                held = [state.holding(s) for s in range(args.seats)]
                share += held[a_seat] / (sum(held) or 1)
            shares.append(share / args.seats)
            print(f"match {match + 1}: peek share {shares[-1]:.3f}", flush=True)
    finally:
        bots.make_bot, bots.choose_for = make_bot, choose_for
    mean, low, high = bots.interval(shares)
    print(f"peek share of chips {mean:.3f} (95% CI {low:.3f} to {high:.3f}; luck {1 / args.seats:.3f})")
    result = {"game": game.id, "b": args.b, "seats": args.seats, "matches": args.matches, "plays": args.plays,
              "hands": args.hands, "seed": args.seed, "share": round(mean, 4),
              "share_ci95": [round(low, 4), round(high, 4)], "shares": [round(s, 4) for s in shares],
              "sd": round(statistics.stdev(shares), 4) if len(shares) > 1 else 0.0}
    print(json.dumps(result))
    return result


if __name__ == "__main__":
    main()
