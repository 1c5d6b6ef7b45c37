"""The command-line tools: ``cardtable rank``, ``simulate``, ``save check``, ``history export``,
``history import``, ``host`` and ``join``.

``cardtable save check FILE...`` replays each save's moves and prints "FILE: OK" or why
it cannot be played; exit code 1 when any cannot. ``cardtable history export SAVE [--hand N]``
prints a saved match's finished hands (or hand N) as Poker Hand History (PHH) for the poker
games PHH names (Hold'em, Omaha, Omaha Hi/Lo, Seven-Card Stud), as PHH's shape with
cardtable's extension (docs/hand-histories.md) for every other game with rules; ``cardtable history import
FILE.phh [--out SAVE]`` opens a PHH hand of Texas Hold'em, Omaha or Omaha Hi/Lo as a save
(in the saves folder the app lists, or at SAVE), prints where, and exits 1 with the reason
for a file it cannot open.

``cardtable rank GAME CARD ...`` prints the value of a hand as one JSON object, e.g.
``cardtable rank ivali "Gula 3 of Fire" "Omec 5 of Air" ...``.

``cardtable simulate GAME --games N --seats K --seed S [--bots normal|tough|strong|random|mixed ...]
[--max-rounds R] [--json-every J] [--save-dir DIR]`` plays N matches of computer players with no window,
checks the invariants after every action (chips conserved, every card in one place,
no hidden card in another seat's view or in a public log line, somebody always able
to act, and every J actions a JSON round trip whose copy plays on), prints a summary
and ends with one JSON line. The exit code is 0 when every check passed, 1 if any
failed, 2 for bad arguments.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from cardtable.engine.words import figure, plural

__all__ = ["main", "build_parser", "game_tools", "COMMANDS"]

BOT_CHOICES = ("normal", "tough", "random", "mixed", "strong")

COMMANDS = ("rank", "simulate", "save", "history", "host", "join")
"""The tools' names: ``cardtable NAME ...`` runs the tool, not the window."""


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
    rank.add_argument("variant",
                      help="the game (its id or short name: ivali, ipso, alethkar, sabacc, flame_sword, ...)")
    rank.add_argument("cards", nargs="+", help='card names, e.g. "Gula 3 of Fire"')
    sim = commands.add_parser("simulate", help="play computer matches headless and check them")
    sim.add_argument("variant", help="the game (its id or short name: ivali, ipso, alethkar, sabacc, flame_sword, ...)")
    sim.add_argument("--games", type=int, default=10, help="matches to play (default 10)")
    sim.add_argument("--seats", type=int, default=4, help="players, 2 to 8 (default 4)")
    sim.add_argument("--seed", type=int, default=0, help="the seed of everything (default 0)")
    sim.add_argument("--bots", choices=BOT_CHOICES, default=["random"], nargs="+",
                     help="who plays: every seat normal, tough, strong or random bots, or mixed "
                          "(normal, random, tough round the table); several levels go round the table "
                          "(--bots strong normal: seat 1 strong, seat 2 normal, seat 3 strong...); default random")
    sim.add_argument("--max-rounds", type=int, default=0,
                     help="stop a match after this many rounds (default 0: play to the end)")
    sim.add_argument("--json-every", type=int, default=25,
                     help="JSON round trip every this many actions (default 25; 0: never)")
    sim.add_argument("--save-dir", default=None,
                     help="also write each match as a save file in this folder (made if need be)")
    save = commands.add_parser("save", help="check save files")
    save_commands = save.add_subparsers(dest="save_command", required=True, parser_class=_Parser)
    check = save_commands.add_parser("check", help="replay each save and say OK or why it cannot be played")
    check.add_argument("files", nargs="+", help="save files (.json)")
    history = commands.add_parser("history", help="hand histories: export a saved match's hands (PHH, or its "
                                                  "cardtable extension), import a PHH hand as a save")
    history_commands = history.add_subparsers(dest="history_command", required=True, parser_class=_Parser)
    export = history_commands.add_parser("export", help="a saved match's hands as Poker Hand History (PHH) where "
                                                        "PHH has the game, else PHH's shape with cardtable's "
                                                        "extension (docs/hand-histories.md)")
    export.add_argument("save", help="a save file (.json)")
    export.add_argument("--hand", type=int, default=None, help="one hand (1 = the first); default: every finished hand")
    opening = history_commands.add_parser("import", help="a Poker Hand History (PHH) hand opened as a save")
    opening.add_argument("file", help="a PHH file (.phh) of one hand, or of several (.phhs, with --hand): "
                                      "variant NT, FT, PO or FO/8")
    opening.add_argument("--hand", type=int, default=None, help="which hand of a file of several (1 for the first)")
    opening.add_argument("--out", default=None,
                         help="where to write the save (a new file; default: a new file in the saves folder)")
    from cardtable.net.commands import add_parsers
    add_parsers(commands)  # cardtable host / cardtable join (play over the local network)
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
    if args.command == "save":
        return _save_check(args, out, err)
    if args.command == "history":
        return (_history_import if args.history_command == "import" else _history_export)(args, out, err)
    if args.command in ("host", "join"):
        from cardtable.net import commands
        return (commands.host_command if args.command == "host" else commands.join_command)(args, out, err)
    return _simulate(args, out, err)


def game_tools(name: str) -> Any | None:
    """The game called ``name`` (its id or an alias) when it has tools, or None."""
    from cardtable import games
    game = games.find(name)
    return game if game is not None and game.tools else None


def _known() -> str:
    from cardtable import games
    return ", ".join(sorted(name for game in games.games() if game.tools
                            for name in (game.id, *game.aliases)))


def _rank(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    tools = game_tools(args.variant)
    if tools is None:
        print(f"cardtable rank: ranking hands of {args.variant!r} is not available "
              f"(known: {_known()})", file=err)
        return 2
    try:
        result = tools.rank(list(args.cards))  # GameDefinition.rank
    except ValueError as exc:
        print(f"cardtable rank: {exc}", file=err)
        return 2
    print(json.dumps(result), file=out)
    return 0


def _simulate(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from cardtable import games
    from cardtable.simulation import simulate_game
    game = games.find(args.variant)
    if game is None or not game.has_rules:
        print(f"cardtable simulate: simulating {args.variant!r} is not available "
              f"(known: {_known()})", file=err)
        return 2
    low, high = game.seats
    problems = []
    if args.games < 1:
        problems.append("--games must be at least 1")
    if not low <= args.seats <= high:
        problems.append(f"--seats must be {low} to {high}")
    if "mixed" in args.bots and len(args.bots) > 1:
        problems.append("--bots mixed goes alone (it is normal, random, tough round the table already)")
    if args.max_rounds < 0 or args.json_every < 0:
        problems.append("--max-rounds and --json-every cannot be negative")
    if problems:
        print("cardtable simulate: " + "; ".join(problems), file=err)
        return 2
    try:
        summary = simulate_game(game, games=args.games, seats=args.seats, seed=args.seed, bots=",".join(args.bots),
                                max_rounds=args.max_rounds, json_every=args.json_every, log=out,
                                save_dir=args.save_dir)
    except OSError as exc:
        print(f"cardtable simulate: cannot write the saves: {exc}", file=err)
        return 2
    except ValueError as exc:
        print(f"cardtable simulate: {exc}", file=err)
        return 2
    print_summary(summary, out, err)
    return 0 if summary["invariants"]["failed"] == 0 else 1


def _save_check(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """``cardtable save check FILE...``: each file read, its checksum checked, its moves
    replayed from how its match began and compared with the state it holds (a save this
    app vouched for is trusted: see cardtable.save_trust; here nothing is: every file is
    replayed). "path: OK" or "path: the reason"; 1 when any is bad."""
    from cardtable import save_checks, saves

    bad = 0
    check = save_checks.checker()
    for name in args.files:
        try:
            envelope = saves.load_save(name)
            problem = check({**envelope, "sha256": None})  # (not trusted: replayed whatever wrote it)
        except saves.SaveError as exc:
            problem = exc.reason
        except Exception as exc:  # noqa: BLE001 - any file at all: a reason, never a traceback
            problem = f"cannot be read ({type(exc).__name__}: {exc})"
        bad += problem is not None
        print(f"{name}: {'OK' if problem is None else problem}", file=out if problem is None else err)
    return 1 if bad else 0


def _history_export(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """``cardtable history export SAVE [--hand N]``: the save checked (replayed), then its hand N,
    or every finished hand, printed as PHH or its extension; 1 with the reason when it cannot be."""
    from cardtable import saves
    from cardtable.hand_history import PhhError, export_save

    try:
        text = export_save(args.save, hand=args.hand).text
    except (saves.SaveError, PhhError) as exc:
        print(f"cardtable history export: {getattr(exc, 'reason', exc)}", file=err)
        return 1
    print(text, end="", file=out)
    return 0


def _history_import(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """``cardtable history import FILE.phh [--out SAVE]``: the hand opened as a match of its
    game, written as a save (checked as ``save check`` would first), where it was written
    printed, with what the file did not say; 1 with the reason when it cannot be."""
    from cardtable import save_checks, saves
    from cardtable.simulation import bundled_variant, match_save
    from cardtable.storage import StorageError, read_user_file
    from cardtable.yaml_games.phh import PhhError
    from cardtable.yaml_games.phh_read import MAX_BYTES, open_hand

    try:
        raw = read_user_file(args.file, limit=MAX_BYTES)
        text, number = one_hand(raw.decode("utf-8"), args.hand, args.file)
        opened = open_hand(text, source=args.file)
        variant = bundled_variant(opened.game)
        levels: list[str | None] = [None] * len(opened.state.names)  # (the file says nothing of computers)
        where = f"{Path(args.file).name[:60]}" + (f", hand {number}" if number is not None else "")
        data = match_save(opened.game, variant, opened.state, levels, saves.new_match_id(), imported=where)
        problem = save_checks.checker()({**saves.decode(data), "sha256": None})
        if problem is not None:
            raise PhhError(f"{args.file}: the hand does not make a save that plays: {problem}")
        if args.out is not None and Path(args.out).exists():
            raise PhhError(f"{args.out} exists already: name a new file with --out")
        path = saves.write_save(args.out or saves.named_save_path(variant), data, keep_previous=True)
    except StorageError as exc:
        print(f"cardtable history import: {args.file}: {exc.reason}", file=err)
        return 1
    except UnicodeDecodeError:
        print(f"cardtable history import: {args.file}: is not text (UTF-8)", file=err)
        return 1
    except saves.SaveError as exc:
        print(f"cardtable history import: {args.file}: {exc.reason}", file=err)
        return 1
    except PhhError as exc:  # (its text names the file and the action)
        print(f"cardtable history import: {exc}", file=err)
        return 1
    print(f"{opened.game.name} hand from {args.file} written to {path}", file=out)
    for note in opened.notes:
        print(f"  {note}", file=out)
    return 0


_HAND_HEADER = re.compile(r"^\[(\d+)\][ \t]*$", re.MULTILINE)


def one_hand(text: str, hand: int | None, source: str) -> tuple[str, int | None]:
    """The text of one hand of a PHH file and its number in the file: the whole text of a
    one-hand file; hand ``hand`` of a file of several (PHHS: each hand under ``[N]``).
    PhhError saying how to choose when a file of several is given no ``hand``, or there is
    no such hand."""
    from cardtable.yaml_games.phh import PhhError

    parts = _HAND_HEADER.split(text)
    if len(parts) < 3:  # (no [N] header: one hand)
        if hand not in (None, 1):
            raise PhhError(f"{source} holds one hand, not a hand {hand}")
        return text, None
    hands = {int(number): body for number, body in zip(parts[1::2], parts[2::2])}
    if hand is None:
        raise PhhError(f"{source} holds {len(hands)} hands: choose one with --hand N "
                       f"(1 to {max(hands)})")
    if hand not in hands:
        raise PhhError(f"{source} has no hand {hand} (it holds hands {min(hands)} to {max(hands)})")
    return hands[hand], hand


def print_summary(summary: dict[str, Any], out: TextIO, err: TextIO) -> None:
    """``simulate``'s closing lines: the matches and the checks in words (counts written as
    the tables write them), each problem found on ``err``, then the summary as one JSON line."""
    invariants = summary["invariants"]
    print(f"{plural(summary['games'], 'match', 'matches')} of {summary['seats']} ({summary['bots']} bots, seed "
          f"{summary['seed']}): {plural(summary['rounds'], 'round')}, {plural(summary['actions'], 'action')}, "
          f"{figure(summary['finished'])} played to the end, in {summary['seconds']:.1f} s", file=out)
    print(f"invariant checks: {figure(invariants['checked'])}, failed: {figure(invariants['failed'])}", file=out)
    if "play" in summary:
        print(f"play digest: {summary['play']} (every action, log line and holding); "
              f"moves: {summary['moves']} (the same without the log)", file=out)
    for problem in invariants["problems"]:
        print(f"  {problem}", file=err)
    print(json.dumps(summary), file=out)
