"""benchmarks/round_flows.py: the A level's chips a round add up to its chips at the end of
each play, and each round is labelled by its own moves."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import bots  # noqa: E402
import round_flows  # noqa: E402

from cardtable import games  # noqa: E402


def _net_of_plays(game_id: str, a: str, b: str, seats: int, matches: int, hands: int) -> int:
    """A's chips won or lost over the same plays, from their last states alone."""
    game = games.get(game_id)
    total = 0
    for match in range(matches):
        seed = f"bots:{game.id}:1:{match}"
        for a_seat in range(seats):
            levels = [a if s == a_seat else b for s in range(seats)]
            stats = {lv: {"times": [], "cpu": [], "facing": 0, "folds": 0} for lv in {a, b}}
            first = bots.play(game, levels, seed, 0, stats, {"settled": 0, "told": 0, "showdowns": 0})
            last = bots.play(game, levels, seed, hands, stats, {"settled": 0, "told": 0, "showdowns": 0})
            total += last.holding(a_seat) - first.holding(a_seat)
    return total


def test_the_rounds_add_up_to_the_plays(capsys):
    args = ["--game", "five_card_draw", "--a", "random", "--b", "always_raise", "--seats", "3",
            "--matches", "2", "--hands", "4", "--big", "1"]
    result = round_flows.main(args)
    by_moves = result["by_moves"]
    assert sum(v["chips"] for v in by_moves.values()) == sum(result["by_round"].values())
    assert sum(result["by_round"].values()) == _net_of_plays("five_card_draw", "random", "always_raise", 3, 2, 4)
    assert sum(v["rounds"] for v in by_moves.values()) >= 2 * 3  # a round a play at least
    assert all(abs(big["chips"]) >= 1 for big in result["big_rounds"])
    assert "match 1 seat 1 round 1:" in capsys.readouterr().out


def test_an_always_caller_labels_its_rounds_with_calls_and_checks_only():
    result = round_flows.main(["--game", "texas_holdem", "--a", "always_call", "--b", "always_call",
                               "--seats", "2", "--matches", "1", "--hands", "3"])
    words = {w for key in result["by_moves"] for w in key.split()}
    assert words and words <= {"call", "check", "-"}
