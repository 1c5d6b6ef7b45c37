"""Shenja Ivali's share of the pot all in before the flop, against the static figure.

    python benchmarks/ivali_all_in.py [--deals 7000] [--seed calib]

Deals ``--deals`` heads-up hands; before the flop the first to act goes all in and the other
calls; the flop and the draws are then played out, each player drawing as the normal level.
Each seat's hand is first weighed by :meth:`IvaliBot.random_equity` (a random fifth card,
against a random five-card hand, no draw: the static figure the strong level's exploits read).
Printed: the pots won for each stretch of static figure, fitted monotone (pool adjacent
violators), beside what :func:`~cardtable.games.shenja_ivali.bot.drawn_equity` maps the
stretch's middle to: the data behind :data:`~cardtable.games.shenja_ivali.bot.DRAWN_EQUITY`
(7,000 deals, 14,000 hands, fitted by hand to the blocks), which the strong level's call of
an all-in reads (``all_in_equity``). Then one JSON object.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cardtable import games  # noqa: E402
from cardtable.engine.betting import AllIn, Call  # noqa: E402
from cardtable.engine.game import CHANCE  # noqa: E402
from cardtable.games.shenja_ivali.bot import IvaliBot, drawn_equity  # noqa: E402
from cardtable.variants import load_deck_by_id  # noqa: E402


def all_in_deals(deals: int, seed: str) -> list[tuple[float, float]]:
    """(static figure, share of the pot won) for each seat of ``deals`` all-in hands."""
    game = games.get("shenja_ivali")
    settings, deck = game.read_settings(game.defaults()), load_deck_by_id(game.decks[0])
    judge = IvaliBot(random.Random(5), "keen")  # (the strong level's prior, as strong weighs)
    drawers = [game.bot(random.Random(7), "normal"), game.bot(random.Random(8), "normal")]
    found: list[tuple[float, float]] = []
    for i in range(deals):
        state: Any = game.new_state(settings, deck, ["A", "B"], random.Random(f"{seed}{i}"))
        while state.to_act == CHANCE:
            state.apply(state.chance_action())
        static = [judge.random_equity(state, s) for s in (0, 1)]
        state.apply(AllIn(seat=state.to_act))
        state.apply(Call(seat=state.to_act))
        for _ in range(1000):
            if state.to_act is None or state.round_outcome() is not None:
                break
            seat = state.to_act
            state.apply(state.chance_action() if seat == CHANCE else drawers[seat].choose(state, seat))
        winners = (state.round_outcome() or {}).get("winners") or ()
        found += [(static[s], 1.0 / len(winners) if s in winners else 0.0) for s in (0, 1)]
    return found


def monotone_blocks(points: list[tuple[float, float]]) -> list[tuple[float, float, int, float]]:
    """The points sorted by figure, pooled into blocks whose mean won share never falls
    (pool adjacent violators): (lowest figure, highest, hands, mean won) a block.

    >>> monotone_blocks([(0.1, 1.0), (0.2, 0.0), (0.3, 1.0)])
    [(0.1, 0.2, 2, 0.5), (0.3, 0.3, 1, 1.0)]
    """
    blocks: list[list[float]] = []  # [won, hands, lowest, highest]
    for figure, won in sorted(points):
        blocks.append([won, 1, figure, figure])
        while len(blocks) > 1 and blocks[-2][0] / blocks[-2][1] >= blocks[-1][0] / blocks[-1][1]:
            last = blocks.pop()
            blocks[-1][0] += last[0]
            blocks[-1][1] += last[1]
            blocks[-1][3] = last[3]
    return [(b[2], b[3], int(b[1]), b[0] / b[1]) for b in blocks]


def main(argv: list[str] | None = None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=7000)
    parser.add_argument("--seed", default="calib")
    args = parser.parse_args(argv)
    blocks = monotone_blocks(all_in_deals(args.deals, args.seed))
    rows = [{"from": round(lo, 3), "to": round(hi, 3), "hands": n, "won": round(won, 3),
             "drawn_equity": drawn_equity((lo + hi) / 2)} for lo, hi, n, won in blocks]
    print(f"{args.deals} deals all in before the flop, heads-up: pots won by static figure")
    for row in rows:
        print(f"{row['from']:.3f} to {row['to']:.3f}: {row['hands']:5d} hands, won {row['won']:.3f}"
              f" (drawn_equity of the middle {row['drawn_equity']:.3f})")
    result = {"deals": args.deals, "seed": args.seed, "blocks": rows}
    print(json.dumps(result))
    return result


if __name__ == "__main__":
    main()
