"""What raising everything is worth when answering a bet in Sabacc, scored on the real cards.

    python benchmarks/sabacc_answers.py --b min_raise [--seats 2] [--matches 80] [--plays 40]
        [--seed 11] [--raisers]

The strong level plays ``bots.py``'s plays against ``--b`` (the same deals and seats). At each
of its answers to a bet where it may raise (with ``--raisers``, only where every opponent still
in the hand has bet or raised twice or more this play and never checked or folded), three
moves are played out ``--plays`` times each on the real state, the same seeds for each: the
biggest raise allowed, a call, and the strong level's own choice. The rest of the hand is played
by the weighed level in the strong level's seat and by ``--b`` in the others. Printed: one line
per answer, then, by the seat's chance to win after its coming draw (the normal bot's
``draw_odds`` against the opponents in the hand), the mean gain of everything over the call
and over strong's choice in credits, with 95% intervals; then one JSON object.

A decision's worth to the end of its hand only: a play that ends in a bust loses the hands
that were left, which whole matches (``benchmarks/bots.py``) count and this does not.
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
from strong_choices import play_outs  # noqa: E402

from cardtable import games  # noqa: E402
from cardtable.engine.betting import AllIn, Call, Raise  # noqa: E402
from cardtable.engine.game import Action  # noqa: E402
from cardtable.games.sabacc.bot import SabaccBot  # noqa: E402
from cardtable.games.sabacc.state import Phase, SabaccState  # noqa: E402
from cardtable.games.sabacc.table_reads import raisers  # noqa: E402

BANDS = ((0.0, 0.2), (0.2, 0.3), (0.3, 0.4), (0.4, 0.5), (0.5, 0.6), (0.6, 0.7), (0.7, 1.01))
"""The bands of the chance to win the answers are summed by."""


def _player(game: Any, level: str, rng: random.Random) -> Any:
    return SabaccBot(rng, "weighed") if level == "weighed" else bots.make_bot(game, level, rng)


def worth(game: Any, state: SabaccState, seat: int, action: Action, b: str, plays: int, seed: int) -> float:
    """The mean chip change of ``seat`` over ``plays`` plays of the hand after ``action`` on the
    real ``state``: ``seat`` moved by the weighed level, every other seat by ``b``."""
    return statistics.fmean(play_outs(state, seat, action, plays, seed, lambda i, s: _player(
        game, "weighed" if s == seat else b, random.Random(seed + i + s))))


def raisers_only(state: SabaccState, seat: int) -> bool:
    """Whether every opponent of ``seat`` still in the hand has bet or raised twice or more this
    play and never checked or folded (:func:`~cardtable.games.sabacc.table_reads.raisers`, calls
    not counted)."""
    return set(state.players_in()) - {seat} <= raisers(state, seat, least=2, per_call=0)


def everything(state: SabaccState, seat: int) -> Action | None:
    """The biggest raise ``seat`` may make, or None."""
    options = state.betting_options(seat)
    if options is None or not options.call_amount or not options.can_raise:
        return None
    for action in (Raise(seat=seat, to=options.max_raise_to), AllIn(seat=seat)):
        if state.why_illegal(action) is None:
            return action
    return None


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--b", default="min_raise")
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--matches", type=int, default=80)
    parser.add_argument("--plays", type=int, default=40)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--hands", type=int, default=10)
    parser.add_argument("--raisers", action="store_true", help="only where every opponent in the hand is a raiser")
    args = parser.parse_args(argv)
    game = games.get("sabacc")
    judge = SabaccBot(random.Random(5), "weighed")
    rows: list[dict[str, float]] = []
    for match in range(args.matches):
        for a_seat in range(args.seats):
            def watch(state: SabaccState, seat: int, action: Action, a_seat: int = a_seat, match: int = match) -> None:
                if seat != a_seat or state.phase != Phase.BET:
                    return
                biggest = everything(state, seat)
                if biggest is None or (args.raisers and not raisers_only(state, seat)):
                    return
                opponents = len(state.players_in()) - 1
                chance = judge.draw_odds(state, seat, opponents).win
                seed = (match * 1000 + len(rows)) * 1000
                row = {name: worth(game, state, seat, move, args.b, args.plays, seed)
                       for name, move in (("everything", biggest), ("call", Call(seat=seat)), ("chosen", action))}
                row.update(chance=chance, opponents=opponents, hand=state.round_number)
                rows.append(row)
                print(f"match {match + 1} seat {seat} hand {state.round_number} opponents {opponents} "
                      f"chance {chance:.2f} chose {type(action).__name__}: everything {row['everything']:+.0f}, "
                      f"call {row['call']:+.0f}, chosen {row['chosen']:+.0f}", flush=True)

            levels = ["strong" if s == a_seat else args.b for s in range(args.seats)]
            bots.play(game, levels, bots.match_seed(game.id, args.seed, match), args.hands, watch=watch)
    bands = []
    for low, high in BANDS:
        band: dict[str, Any] = {"chance": [low, min(high, 1.0)]}
        for rival in ("call", "chosen"):
            gains = [r["everything"] - r[rival] for r in rows if low <= r["chance"] < high]
            if len(gains) > 1:
                half = 1.96 * statistics.stdev(gains) / len(gains) ** 0.5
                band[f"over_{rival}"] = [round(statistics.fmean(gains), 1), round(half, 1), len(gains)]
                print(f"chance {low:.1f} to {min(high, 1.0):.1f}: everything over {rival} "
                      f"{statistics.fmean(gains):+.0f} (±{half:.0f}) over {len(gains)} answers")
        bands.append(band)
    result = {"b": args.b, "seats": args.seats, "matches": args.matches, "plays": args.plays, "seed": args.seed,
              "raisers": args.raisers, "answers": len(rows), "bands": bands}
    print(json.dumps(result))
    return result


if __name__ == "__main__":
    main()
