"""Where the A level's chips come from and go, round by round, in ``benchmarks/bots.py``'s plays.

    python benchmarks/round_flows.py --game texas_holdem --b premium --seats 4 --matches 6 \\
        --hands 10 [--a strong] [--seed 1] [--first 0] [--big 60]

The same plays as ``bots.py`` with the same arguments (the same deals, seats and players), so a
run's share can be taken apart: each round the A level played is labelled by its moves in it
(``raise fold``: it raised, then folded to a raise; ``-``: it made none, its blind won or lost
without a move) and the chips it won or lost are summed by label. Printed: the rounds moving at
least ``--big`` chips (match, seat, round), then one line a label (chips, rounds, label), most
lost first, then the chips by round number, then one JSON object with all of it.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bots  # noqa: E402

from cardtable import games  # noqa: E402

_WORDS = {"AllIn": "all-in", "Bet": "bet", "Raise": "raise", "Call": "call", "Check": "check", "Fold": "fold"}


def label(moves: list[str]) -> str:
    """A round's label: the A level's moves in it, in order, as words (``-`` for none).

    >>> label(["Raise", "Fold"]), label([])
    ('raise fold', '-')
    """
    return " ".join(_WORDS.get(m, m.lower()) for m in moves) or "-"


class Flows:
    """The A level's chips a round in one play, summed into ``by_label`` and ``by_round``."""

    def __init__(self, a_seat: int, big: int, where: str, by_label: dict[str, list[int]],
                 by_round: dict[int, int], big_rounds: list[dict[str, Any]]) -> None:
        self.a_seat, self.big, self.where = a_seat, big, where
        self.by_label, self.by_round, self.big_rounds = by_label, by_round, big_rounds
        self.round: int | None = None
        self.start = 0
        self.moves: list[str] = []

    def watch(self, state: Any, seat: int, action: Any) -> None:
        """``bots.play``'s watch: closes a round when the next one has begun, notes A's moves."""
        if state.round_number != self.round:
            self.close(state)
            self.round, self.start, self.moves = state.round_number, state.holding(self.a_seat), []
        if seat == self.a_seat:
            self.moves.append(type(action).__name__)

    def close(self, state: Any) -> None:
        """Sum the round just played (the state is at the next one's first move, or the end)."""
        if self.round is None:
            return
        net = state.holding(self.a_seat) - self.start
        key = label(self.moves)
        entry = self.by_label.setdefault(key, [0, 0])
        entry[0] += net
        entry[1] += 1
        self.by_round[self.round] += net
        if abs(net) >= self.big:
            self.big_rounds.append({"where": self.where, "round": self.round, "chips": net, "moves": key})


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--a", default="strong")
    parser.add_argument("--b", default="normal")
    parser.add_argument("--matches", type=int, default=6)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hands", type=int, default=10)
    parser.add_argument("--big", type=int, default=60, help="chips a round must move to be listed")
    args = parser.parse_args(argv)
    game = games.registry().find(args.game) or games.get(args.game)
    by_label: dict[str, list[int]] = {}
    by_round: dict[int, int] = defaultdict(int)
    big_rounds: list[dict[str, Any]] = []
    for match in range(args.first, args.first + args.matches):
        seed = bots.match_seed(game.id, args.seed, match)
        for a_seat in range(args.seats):
            levels = [args.a if s == a_seat else args.b for s in range(args.seats)]
            flows = Flows(a_seat, args.big, f"match {match + 1} seat {a_seat + 1}", by_label, by_round, big_rounds)
            flows.close(bots.play(game, levels, seed, args.hands, watch=flows.watch))
    for big in big_rounds:
        print(f"{big['where']} round {big['round']}: {big['chips']:+d} ({big['moves']})")
    for key, (chips, count) in sorted(by_label.items(), key=lambda kv: kv[1][0]):
        print(f"{chips:+7d} {count:5d}  {key}")
    print("by round:", ", ".join(f"{r}: {c:+d}" for r, c in sorted(by_round.items())))
    result = {"game": game.id, "a": args.a, "b": args.b, "seats": args.seats, "seed": args.seed,
              "matches": args.matches, "first": args.first, "hands": args.hands,
              "by_moves": {k: {"chips": v[0], "rounds": v[1]} for k, v in by_label.items()},
              "by_round": dict(sorted(by_round.items())), "big_rounds": big_rounds}
    print(json.dumps(result))
    return result


if __name__ == "__main__":
    main()
