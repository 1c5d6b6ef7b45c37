"""How long the computer players of the games written in a variant file take a decision.

    python benchmarks/yaml_bots.py [--levels normal tough] [--seats 8] [--hands 12] [--matches 2]
        [--seed 1] [--games texas_holdem omaha ...] [--no-written] [--old]

Every seat of a table at ``--seats`` (or the game's most, if fewer) is the level measured;
each decision is timed as the table asks for it (:func:`~cardtable.bots.base.choose_for`: the
seat's copy made, then the bot's choice). Besides the bundled YAML games, the examples of
``docs/examples`` (a draw game and Crazy Pineapple, as a player would write them: a ``draw`` and a
``discard`` step) are measured from a temporary user folder, unless ``--no-written``.

Printed, one line a game and level: the decisions, their median, 95th percentile and slowest
milliseconds, the same for the draw or discard decisions alone, and, with ``--old``, the ratio of
the median to that of the equity the bot had before (every hand valued by the named evaluators
on Card objects, 120 deals: ``old_equity`` here), measured on the first few decisions of each
game. Then one JSON object.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

EXAMPLES = Path(__file__).resolve().parents[1] / "docs" / "examples"
"""The example games written in YAML (a draw where an ace draws four, Crazy Pineapple)."""


def yaml_games(written: bool, only: list[str] | None) -> list[Any]:
    """The games written in YAML the registry finds in a fresh home: the bundled ones, with
    the examples too when ``written``; only those of ``only`` when given."""
    home = Path(tempfile.mkdtemp(prefix="cardtable-bench-"))
    if written:
        write_games(home)
    os.environ["CARDTABLE_HOME"] = str(home)
    from cardtable import games
    found = [g for g in games.registry().with_rules() if g.table == "cardtable.yaml_games.ui.table"]
    return [g for g in found if not only or g.id in only]


def write_games(home: Path) -> None:
    """The example games, in the user variant folder of ``home`` (CARDTABLE_HOME)."""
    folder = home / "data" / "variants"
    folder.mkdir(parents=True, exist_ok=True)
    for path in sorted(EXAMPLES.glob("*.yaml")):
        (folder / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")


def old_equity(state: Any, seat: int, samples: int = 120) -> float:
    """The equity FlowBot worked out before fast_hands (commit 7939171), for the ratio."""
    from cardtable.engine.flow.steps import Deal
    from cardtable.engine.flow.streets import Board, BoardShowdown, DealUp, DiscardDown
    from cardtable.engine.hand_evaluators import EVALUATORS
    rng = random.Random(0)
    view = state.seat_view(seat)
    flow = state.FLOW
    showdown = next(s for s in flow.steps if isinstance(s, BoardShowdown))
    hand_size = board_size = 0
    for step in flow.steps:
        hand_size += step.hole if isinstance(step, Deal) else 1 if isinstance(step, DealUp) else \
            -step.count if isinstance(step, DiscardDown) else 0
        board_size += step.count if isinstance(step, Board) else 0
    mine = [c for c in view.seats[seat].hand if c is not None]
    board = list(view.zone("board").cards)
    seen = set(mine) | set(board)
    for info in view.seats:
        seen |= set(info.up) | {c for c in info.hand if c is not None}
    unseen = [c for c in range(len(state.deck)) if c not in seen]
    others = [info for info in view.seats if info.seat != seat and info.in_hand]
    high = EVALUATORS[showdown.high]
    low = EVALUATORS[showdown.low] if showdown.low else None
    deck = state.deck
    won = 0.0
    for _ in range(samples):
        pool = unseen[:]
        rng.shuffle(pool)
        full_board = board + pool[:board_size - len(board)]
        at = board_size - len(board)
        my_hand = mine + pool[at:at + max(0, hand_size - len(mine))]
        at += max(0, hand_size - len(mine))
        hands = [my_hand]
        for info in others:
            known = [c for c in info.hand if c is not None] or list(info.up)
            need = max(0, hand_size - len(known))
            hands.append(known + pool[at:at + need])
            at += need
        cards = [deck[c] for c in full_board]
        highs = [high.value([deck[c] for c in h], cards) for h in hands]
        won += float(highs[0].key == max(v.key for v in highs))
        if low is not None:
            [low.value([deck[c] for c in h], cards) for h in hands]
    return won / samples


def measure(game: Any, level: str, seats: int, hands: int, matches: int, seed: int, old: bool) -> dict[str, Any]:
    from cardtable.bots.base import choose_for
    from cardtable.engine.game import CHANCE
    from cardtable.variants import load_deck_by_id
    seats = min(seats, game.seats[1])
    times: list[float] = []
    draws: list[float] = []
    olds: list[float] = []
    deck = load_deck_by_id(game.decks[0])
    for match in range(matches):
        state = game.new_state(game.read_settings(game.defaults()), deck, [f"P{s}" for s in range(seats)],
                               random.Random(f"{seed}:{match}"))
        bots = [game.bot(random.Random(f"{seed}:{match}:{s}"), level) for s in range(seats)]
        while state.to_act is not None and state.round_number <= hands:
            seat = state.to_act
            if seat == CHANCE:
                state.apply(state.chance_action())
                continue
            drawing = state.phase.value in ("draw", "discard")
            started = time.perf_counter()
            action = choose_for(bots[seat], state, seat)
            spent = (time.perf_counter() - started) * 1000.0
            (draws if drawing else times).append(spent)
            if old and not drawing and len(olds) < 6 and state.betting_options(seat) is not None:
                started = time.perf_counter()
                old_equity(state, seat)
                olds.append((time.perf_counter() - started) * 1000.0)
            state.apply(action)
    every = times + draws
    result: dict[str, Any] = {"game": game.id, "level": level, "seats": seats, "decisions": len(every),
                              **figures(every, "")}
    if draws:
        result.update(figures(draws, "draw_"))
    if olds:
        result["old_median_ms"] = round(statistics.median(olds), 1)
        result["old_ratio"] = round(statistics.median(olds) / max(statistics.median(times), 1e-6), 1)
    return result


def figures(values: list[float], prefix: str) -> dict[str, float]:
    ordered = sorted(values)
    return {f"{prefix}median_ms": round(statistics.median(ordered), 2),
            f"{prefix}p95_ms": round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], 2),
            f"{prefix}max_ms": round(ordered[-1], 1), f"{prefix}count": len(ordered)}


def main(argv: list[str] | None = None) -> list[dict[str, Any]]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--levels", nargs="+", default=["normal", "tough"])
    parser.add_argument("--seats", type=int, default=8)
    parser.add_argument("--hands", type=int, default=12, help="hands a match at most")
    parser.add_argument("--matches", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", nargs="+", default=None, help="game ids (default: every YAML game)")
    parser.add_argument("--no-written", action="store_true", help="only the bundled YAML games")
    parser.add_argument("--old", action="store_true", help="also time the equity as it was (slow)")
    args = parser.parse_args(argv)
    found = yaml_games(not args.no_written, args.games)
    results = []
    for game in found:
        for level in args.levels:
            result = measure(game, level, args.seats, args.hands, args.matches, args.seed, args.old)
            results.append(result)
            draw = (f"; draws/discards {result['draw_count']}: median {result['draw_median_ms']} ms, "
                    f"p95 {result['draw_p95_ms']} ms" if "draw_count" in result else "")
            old = (f"; the old equity alone {result['old_median_ms']} ms a bet, {result['old_ratio']}x this "
                   f"median" if "old_ratio" in result else "")
            print(f"{game.id} {level} at {result['seats']} seats: {result['decisions']} decisions, median "
                  f"{result['median_ms']} ms, p95 {result['p95_ms']} ms, max {result['max_ms']} ms{draw}{old}",
                  flush=True)
    print(json.dumps(results))
    return results


if __name__ == "__main__":
    main()
