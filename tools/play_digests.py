"""Every rules game's seeded play as digests: ``python tools/play_digests.py [--write FILE]
[--check FILE] [--quick]``.

For each game of the registry, at its fewest seats, 4 (where it seats 4) and its most, with
seeds 0 to 2 and mixed then random computer players, it runs what ``cardtable simulate``
runs and prints the ``play`` digest (every action, log line and holding). ``--write``
keeps them as JSON; ``--check`` compares with a kept file and exits 1 naming each
difference, so a change to the rules' code that plays differently is told from one that
does not (a difference in the log's words alone is told apart). ``--quick`` plays one
seed at the fewest seats and caps matches at 12 rounds (what the test runs).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any


def digests(*, quick: bool = False, only: str | None = None) -> dict[str, dict[str, Any]]:
    """``{"game/seats/seed/bots": {"play": digest, "actions": n, "failed": n}}``."""
    from cardtable import games
    from cardtable.simulation import simulate_game
    out: dict[str, dict[str, Any]] = {}
    for game in games.games():
        if not game.has_rules or (only and game.id != only):
            continue
        low, high = game.seats
        # the quick run (the test's) plays the fewest seats; the full one 4 and the most too
        for seats in sorted({low} if quick else {low, min(max(4, low), high), high}):
            for seed in (range(1) if quick else range(3)):
                for bots in ("mixed", "random"):
                    summary = simulate_game(game, games=2, seats=seats, seed=seed, bots=bots,
                                            max_rounds=12 if quick else 40, json_every=25)
                    out[f"{game.id}/{seats}/{seed}/{bots}"] = {
                        "play": summary["play"], "moves": summary["moves"], "actions": summary["actions"],
                        "failed": summary["invariants"]["failed"]}
    return out


def main(argv: list[str] | None = None) -> int:
    """Print, write or check the digests; 1 when a check finds a difference."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--write", help="keep the digests in this JSON file")
    parser.add_argument("--check", help="compare with the digests kept in this JSON file")
    parser.add_argument("--quick", action="store_true", help="one seed, 12 rounds a match")
    parser.add_argument("--game", help="only this game id")
    args = parser.parse_args(argv)
    found = digests(quick=args.quick, only=args.game)
    for key, value in found.items():
        print(key, value["play"], value["actions"], "failed" if value["failed"] else "ok")
    if args.write:
        with open(args.write, "w", encoding="utf-8") as f:
            json.dump(found, f, indent=1, sort_keys=True)
            f.write("\n")
    if args.check:
        with open(args.check, encoding="utf-8") as f:
            kept = json.load(f)
        differ = [key for key in found if key in kept and kept[key]["play"] != found[key]["play"]]
        moved = [key for key in differ if kept[key].get("moves") != found[key]["moves"]]
        for key in differ:
            print(f"differs: {key} ({'moves' if key in moved else 'log lines only'})", file=sys.stderr)
        print(f"{len(found) - len(differ)} of {len(found)} the same; "
              f"{len(found) - len(moved)} the same moves and holdings")
        return 1 if differ else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
