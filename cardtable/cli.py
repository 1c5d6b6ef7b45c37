"""The command-line tools: ``cardtable rank`` and ``cardtable simulate``.

``cardtable rank GAME CARD ...`` prints the value of a hand as one JSON object, e.g.
``cardtable rank ivali "Gula 3 of Fire" "Omec 5 of Air" ...``.

``cardtable simulate GAME --games N --seats K --seed S [--bots normal|tough|random|mixed]
[--max-rounds R] [--json-every J]`` plays N matches of computer players with no window,
checks the invariants after every action (chips conserved, every card in one place,
no hidden card in another seat's view or in a public log line, somebody always able
to act, and every J actions a JSON round trip whose copy plays on), prints a summary
and ends with one JSON line. The exit code is 0 when every check passed, 1 if any
failed, 2 for bad arguments.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import random
import sys
from typing import Any, Sequence, TextIO

__all__ = ["main", "build_parser", "simulate_ivali", "make_bots", "GAME_TOOLS", "game_tools"]

GAME_TOOLS: dict[str, str] = {
    "ivali": "cardtable.games.shenja_ivali.tools",
    "shenja_ivali": "cardtable.games.shenja_ivali.tools",
    "ipso": "cardtable.games.ipso.tools",
    "alethkar": "cardtable.games.alethkar_poker.tools",
    "alethkar_poker": "cardtable.games.alethkar_poker.tools",
    "sabacc": "cardtable.games.sabacc.tools",
    "flame_sword": "cardtable.games.flame_sword.tools",
    "flame": "cardtable.games.flame_sword.tools",
}
"""Each name the tools accept for a game, and the module with that game's tools.

A game's tools module has ``rank(cards: list[str]) -> dict`` (ValueError for bad
cards) and ``simulate(*, games, seats, seed, bots, max_rounds, json_every, log) -> dict``
returning a summary shaped like :func:`simulate_ivali`'s.
"""

BOT_CHOICES = ("normal", "tough", "random", "mixed")


class _Parser(argparse.ArgumentParser):
    """An argument parser that raises instead of exiting, so ``main`` returns codes."""

    def error(self, message: str) -> None:  # type: ignore[override]
        """Raise the usage error (argparse would print it and exit)."""
        raise _UsageError(f"{self.prog}: {message}")


class _UsageError(Exception):
    pass


def build_parser() -> argparse.ArgumentParser:
    """The parser of ``cardtable rank`` and ``cardtable simulate``."""
    parser = _Parser(prog="cardtable", description="cardtable's command-line tools.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    rank = commands.add_parser("rank", help="the value of a hand, as JSON")
    rank.add_argument("variant", help="the game (ivali, ipso, alethkar, sabacc, flame_sword)")
    rank.add_argument("cards", nargs="+", help='card names, e.g. "Gula 3 of Fire"')
    sim = commands.add_parser("simulate", help="play computer matches headless and check them")
    sim.add_argument("variant", help="the game (ivali, ipso, alethkar, sabacc, flame_sword)")
    sim.add_argument("--games", type=int, default=10, help="matches to play (default 10)")
    sim.add_argument("--seats", type=int, default=4, help="players, 2 to 8 (default 4)")
    sim.add_argument("--seed", type=int, default=0, help="the seed of everything (default 0)")
    sim.add_argument("--bots", choices=BOT_CHOICES, default="random",
                     help="who plays: every seat normal, tough or random bots, or mixed "
                          "(normal, random, tough round the table); default random")
    sim.add_argument("--max-rounds", type=int, default=0,
                     help="stop a match after this many rounds (default 0: play to the end)")
    sim.add_argument("--json-every", type=int, default=25,
                     help="JSON round trip every this many actions (default 25; 0: never)")
    return parser


def main(argv: Sequence[str] | None = None, *, out: TextIO | None = None,
         err: TextIO | None = None) -> int:
    """Run a tool; return the exit code (0 fine, 1 a check failed, 2 bad input)."""
    out = out or sys.stdout
    err = err or sys.stderr
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        args = build_parser().parse_args(argv)
    except _UsageError as exc:
        print(exc, file=err)
        return 2
    except SystemExit as exc:  # --help
        return int(exc.code or 0)
    if args.command == "rank":
        return _rank(args, out, err)
    return _simulate(args, out, err)


def game_tools(name: str) -> Any | None:
    """The tools module of the game called ``name``, or None if there is none (yet)."""
    module = GAME_TOOLS.get(name.lower())
    if module is None or importlib.util.find_spec(module) is None:
        return None
    return importlib.import_module(module)


def _known() -> str:
    return ", ".join(sorted(n for n in GAME_TOOLS if game_tools(n) is not None))


def _rank(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    tools = game_tools(args.variant)
    if tools is None:
        print(f"cardtable rank: ranking hands of {args.variant!r} is not available "
              f"(known: {_known()})", file=err)
        return 2
    try:
        result = tools.rank(list(args.cards))
    except ValueError as exc:
        print(f"cardtable rank: {exc}", file=err)
        return 2
    print(json.dumps(result), file=out)
    return 0


def _ivali_settings() -> Any:
    """The bundled Shenja Ivali variant's settings (the defaults if it is missing)."""
    from cardtable.games.shenja_ivali.rules import ShenjaIvaliSettings
    from cardtable.simulation import bundled_settings
    return bundled_settings("shenja_ivali", ShenjaIvaliSettings)


def make_bots(kind: str, seats: int, seed: int, game: int) -> tuple[list[Any], list[str]]:
    """The bots of one simulated Shenja Ivali match and the name of each one's kind
    (see :func:`cardtable.simulation.seat_bots`)."""
    from cardtable.games.shenja_ivali.bot import IvaliBot
    from cardtable.simulation import seat_bots
    return seat_bots(kind, seats, seed, game, IvaliBot)


def simulate_ivali(*, games: int, seats: int, seed: int, bots: str = "random",
                   max_rounds: int = 0, json_every: int = 25,
                   log: TextIO | None = None) -> dict[str, Any]:
    """Play ``games`` matches of bots with every check on; return the summary dict."""
    from cardtable.games.shenja_ivali import checks
    from cardtable.games.shenja_ivali.rules import Phase
    from cardtable.games.shenja_ivali.state import ShenjaIvaliState
    from cardtable.simulation import Simulation, simulate_matches
    from cardtable.variants import load_deck_by_id

    settings = _ivali_settings()
    deck = load_deck_by_id("ivali")
    sim = Simulation(
        variant="shenja_ivali",
        new_state=lambda names, game, seed: ShenjaIvaliState.new(
            settings, deck, names, random.Random(f"deal:{seed}:{game}"), dealer=game % len(names)),
        make_bots=make_bots,
        problems=lambda state, start, done: checks.all_problems(state, log_start=start),
        round_trip=checks.round_trip,
        rounds=lambda state: state.round_no,
        between_rounds=lambda state: state.phase == Phase.REVEAL,
        over=lambda state: state.phase == Phase.GAME_OVER,
        holding=lambda state, seat: state.chips.stacks[seat])
    return simulate_matches(sim, games=games, seats=seats, seed=seed, bots=bots,
                            max_rounds=max_rounds, json_every=json_every, log=log)


def _simulate(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    tools = game_tools(args.variant)
    if tools is None:
        print(f"cardtable simulate: simulating {args.variant!r} is not available "
              f"(known: {_known()})", file=err)
        return 2
    problems = []
    if args.games < 1:
        problems.append("--games must be at least 1")
    if not 2 <= args.seats <= 8:
        problems.append("--seats must be 2 to 8")
    if args.max_rounds < 0 or args.json_every < 0:
        problems.append("--max-rounds and --json-every cannot be negative")
    if problems:
        print("cardtable simulate: " + "; ".join(problems), file=err)
        return 2
    try:  # a game's own limits (Alethkar Poker seats at most 7) come back as ValueError
        summary = tools.simulate(games=args.games, seats=args.seats, seed=args.seed, bots=args.bots,
                                 max_rounds=args.max_rounds, json_every=args.json_every, log=out)
    except ValueError as exc:
        print(f"cardtable simulate: {exc}", file=err)
        return 2
    invariants = summary["invariants"]
    print(f"{summary['games']} matches of {summary['seats']} ({summary['bots']} bots, seed "
          f"{summary['seed']}): {summary['rounds']} rounds, {summary['actions']} actions, "
          f"{summary['finished']} played to the end, in {summary['seconds']:.1f} s", file=out)
    print(f"invariant checks: {invariants['checked']}, failed: {invariants['failed']}", file=out)
    for problem in invariants["problems"]:
        print(f"  {problem}", file=err)
    print(json.dumps(summary), file=out)
    return 0 if invariants["failed"] == 0 else 1
