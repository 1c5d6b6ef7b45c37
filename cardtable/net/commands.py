"""``cardtable host`` and ``cardtable join``: networked play from the command line.

``cardtable host --variant ID --seats remote,remote,normal,remote --port 7654 [--code CODE]
[--seed S] [--absent S] [--turn-seconds N]`` deals the match when every remote seat is
taken, prints the join code and port, and runs until the match ends or Ctrl+C.

``cardtable join HOST:PORT --code CODE [--name NAME] --bot LEVEL [--token TOKEN]`` takes a
seat and plays it headless: the host sends this seat its view and its legal actions, the
bot picks one. A person joins from the window instead (the menu's Join a table).

``cardtable join HOST:PORT --code CODE --watch`` watches instead: no seat, and every log
line every seat may read is printed as it comes, then the standings.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import random
import time
from collections.abc import Coroutine
from typing import Any, TextIO

__all__ = ["add_parsers", "host_command", "join_command", "DEFAULT_PORT"]

DEFAULT_PORT = 7654


def add_parsers(commands: Any) -> None:
    """Add ``host`` and ``join`` to the ``cardtable`` tools' sub-parsers."""
    from cardtable.games.definition import BOT_LEVELS
    from cardtable.net.turn_timer import DEFAULT_TURN_SECONDS
    host = commands.add_parser("host", help="host a match for players on the local network")
    host.add_argument("--variant", required=True, help="the variant or game (its id or short name)")
    host.add_argument("--seats", required=True,
                      help="each seat, comma-separated: remote (a person on another computer) or a computer "
                           f"level the game offers ({', '.join(BOT_LEVELS)} in every game); "
                           "e.g. remote,remote,normal,remote")
    host.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"TCP port (default {DEFAULT_PORT}; 0: any)")
    host.add_argument("--bind", default="0.0.0.0",
                      help="the address to listen on (default 0.0.0.0: every network of this computer)")
    host.add_argument("--code", default=None, help="the join code (default: six random letters and digits)")
    host.add_argument("--seed", type=int, default=None, help="the seed of the deal (default: random)")
    host.add_argument("--setting", action="append", default=[], metavar="KEY=VALUE",
                      help="a game setting (VALUE as JSON or text), e.g. --setting starting_chips=20")
    host.add_argument("--absent", type=float, default=60.0,
                      help="seconds a seat whose player has gone (closed the window, quit or lost the "
                           "connection) waits before a computer plays it, until they come back with "
                           "their seat token (default 60)")
    host.add_argument("--turn-seconds", type=float, default=DEFAULT_TURN_SECONDS, metavar="N",
                      help="seconds a connected player has for a turn before the computer plays it for "
                           f"them (the seat stays theirs; the log says so); 0: no limit "
                           f"(default {DEFAULT_TURN_SECONDS:g})")
    host.add_argument("--no-advertise", action="store_true", help="do not announce the table on the network")
    join = commands.add_parser("join", help="play a seat of a hosted match headless, with a bot, or watch it "
                                             "(a person joins from the window: Join a table)",
                               description="Play a seat of a hosted match headless: a computer (--bot) picks "
                                           "among the legal actions the host sends; or watch it (--watch), "
                                           "printing what every seat may see. A person joins from the "
                                           "window instead: the menu's Join a table.")
    join.add_argument("address", help="the host as HOST:PORT, e.g. 192.168.1.20:7654")
    join.add_argument("--code", required=True, help="the join code the host shows")
    join.add_argument("--name", default="", help="your name at the table")
    who = join.add_mutually_exclusive_group(required=True)
    who.add_argument("--bot", choices=("normal", "tough", "random"),
                     help="the computer that plays the seat here: it picks among the legal actions the "
                          "host sends; random picks any, normal/tough avoid folding")
    who.add_argument("--watch", action="store_true",
                     help="watch the match without a seat (a full table too): print the log every seat "
                          "may read as it comes, and the standings at the end; no hole card is ever sent")
    join.add_argument("--token", default=None,
                      help="the seat token join printed, to take the seat back (after a drop, a quit or "
                           "from another process); write --token=TOKEN, as a token may begin with '-'")
    join.add_argument("--seed", type=int, default=None, help="the bot's seed (default: random)")


def _setting_values(items: list[str]) -> dict[str, Any]:
    values: dict[str, Any] = {}
    for item in items:
        key, sep, text = item.partition("=")
        if not sep or not key.strip():
            raise ValueError(f"--setting wants KEY=VALUE, not {item!r}")
        try:
            values[key.strip()] = json.loads(text)
        except ValueError:
            values[key.strip()] = text
    return values


def resolve_variant(name: str) -> tuple[Any, dict[str, Any]]:
    """The game and settings of a bundled or user variant called ``name``, else of the
    game called ``name`` with its defaults. ValueError when there is none."""
    from cardtable import games
    from cardtable.variants import discover
    for entry in discover():
        if entry.spec is not None and entry.spec.id == name:
            game = games.find(entry.spec.game)
            if game is not None and game.has_rules:
                return game, dict(entry.spec.settings)
    game = games.find(name)
    if game is None or not game.has_rules:
        known = ", ".join(sorted(g.id for g in games.games() if g.has_rules))
        raise ValueError(f"no variant or game {name!r} with rules to host (games: {known})")
    return game, {}


def host_command(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Run ``cardtable host``; 0 when the match was played to its end."""
    from cardtable.net import discovery
    from cardtable.net.host import Host, parse_seats, seat_kinds
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    try:
        game, settings = resolve_variant(args.variant)
        settings.update(_setting_values(args.setting))
        seats = parse_seats(args.seats, seat_kinds(game))
        if args.turn_seconds < 0:
            raise ValueError(f"--turn-seconds is 0 (no limit) or more, not {args.turn_seconds:g}")
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
        host = Host(game, seats, settings=settings, seed=seed, code=args.code, bind=args.bind, port=args.port,
                    absent_after=args.absent, turn_seconds=args.turn_seconds)
    except ValueError as exc:
        print(f"cardtable host: {exc}", file=err)
        return 2
    try:
        host.start()
    except OSError as exc:
        print(f"cardtable host: cannot listen on {args.bind}:{args.port}: {exc}", file=err)
        return 2
    print(f"Hosting {game.name} for {len(seats)} seats ({', '.join(seats)}), seed {seed}", file=out)
    print(f"Join code: {host.code}    port: {host.port}", file=out)
    address = "127.0.0.1" if args.bind.startswith("127.") else discovery.local_addresses()[0]
    print(f"Players join with: cardtable join {address}:{host.port} --code {host.code} --bot normal", file=out)
    print(f"Anyone watches with: cardtable join {address}:{host.port} --code {host.code} --watch", file=out)
    advertiser = None
    if not args.no_advertise:
        advertiser = discovery.Advertiser(f"cardtable {game.name}", host.port, game=game.id,  # no part of the code
                                          seats=",".join(seats))
        if not advertiser.start():
            print(f"(not announced on the network: {advertiser.problem})", file=out)
    out.flush()
    interrupted = False
    try:
        waiting = watching = -1
        guessing: str | None = None
        while not host.wait(0.5):
            if host.state is None and (host.waiting_for, host.watching) != (waiting, watching):
                waiting, watching = host.waiting_for, host.watching
                print(f"waiting for {waiting} player(s) to join... ({watching} watching)", file=out)
                out.flush()
            elif host.watching != watching:
                watching = host.watching
                print(f"{watching} watching", file=out)
                out.flush()
            if host.guessing() != guessing:
                guessing = host.guessing()
                if guessing:
                    print(guessing, file=out)
                    out.flush()
    except KeyboardInterrupt:
        interrupted = True
    finally:
        if advertiser is not None:
            advertiser.stop()
        time.sleep(0.2)  # the last views reach the players
        host.stop()
    if host.error:
        print(f"cardtable host: {host.error}", file=err)
        return 1
    if interrupted or host.state is None or not host.state.is_over:
        print("stopped before the end of the match", file=out)
        return 130 if interrupted else 1
    standings = host.state.standings()
    for name, value in standings:
        print(f"  {name}: {value}", file=out)
    print(json.dumps({"game": game.id, "seed": seed, "actions": len(host.state.history),
                      "standings": standings, "refused": host.refused_count}), file=out)
    return 0


def join_command(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Run ``cardtable join``; 0 when the match was played to its end."""
    from cardtable.net.client import Client, parse_address
    try:
        address, port = parse_address(args.address, DEFAULT_PORT)
    except ValueError as exc:
        print(f"cardtable join: {exc}", file=err)
        return 2
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    if args.watch:
        return _watch(Client(address, port, args.code, watch=True), f"{address}:{port}", out, err)

    client = Client(address, port, args.code, name=args.name, token=args.token, want_legal=True)

    async def play() -> None:
        welcome = await client.connect()
        print(f"Seat {welcome['seat'] + 1} of {welcome['seats']} at {welcome['game_name']}; "
              f"seat token {welcome['token']} (to come back: --token={welcome['token']})", file=out)
        out.flush()
        await client.play(args.bot, random.Random(seed), timeout=24 * 3600)
        await client.close()

    failed = _run_client(play(), f"{address}:{port}", err)
    if failed is not None:
        return failed
    if not client.over:
        print("the connection ended before the match did (come back with --token)", file=err)
        return 1
    for line in client.log[-3:]:
        print(f"  {line}", file=out)
    print(json.dumps({"seat": client.seat, "standings": client.standings}), file=out)
    return 0


def _run_client(work: Coroutine[Any, Any, None], where: str, err: TextIO) -> int | None:
    """Run a client's ``work`` to its end; None when it ran, else the exit code, the reason
    said on ``err`` (the host refused, it cannot be reached, or Ctrl+C)."""
    from cardtable.net.client import JoinRefused
    try:
        asyncio.run(work)
    except JoinRefused as exc:
        print(f"cardtable join: the host refused: {exc}", file=err)
        return 1
    except (OSError, TimeoutError) as exc:
        print(f"cardtable join: cannot reach {where}: {exc}", file=err)
        return 1
    except KeyboardInterrupt:
        return 130
    return None


def _watch(client: Any, where: str, out: TextIO, err: TextIO) -> int:
    """``cardtable join --watch``: print each log line and the turn as a spectator sees them."""
    printed = [0]

    def show(message: dict[str, Any]) -> None:
        if message["type"] == "lobby":
            print(f"waiting for {message['waiting']} player(s) to join "
                  f"({message.get('watching', 0)} watching)...", file=out)
        elif message["type"] == "state":
            for line in client.log[printed[0]:]:
                print(f"  {line}", file=out)
            printed[0] = len(client.log)
        out.flush()

    async def watch() -> None:
        welcome = await client.connect()
        print(f"Watching {welcome['game_name']}: {', '.join(welcome['names'])}", file=out)
        out.flush()
        await client.follow(show, timeout=24 * 3600)
        await client.close()

    failed = _run_client(watch(), where, err)
    if failed is not None:
        return failed
    if not client.over:
        print("the connection ended before the match did (watch again to follow it)", file=err)
        return 1
    print(json.dumps({"watched": True, "standings": client.standings}), file=out)
    return 0
