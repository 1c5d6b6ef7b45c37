"""How fast the strong level's rollouts run, game by game.

    python benchmarks/rollouts.py [--games ID,ID] [--seats 2] [--seconds 1.5] [--seed 1]

For each game, on a few mid-game states (normal bots play 3-30 moves from a seeded
deal), each figure is measured for about ``--seconds`` of CPU time
(:func:`time.process_time`: a busy machine slows the clock on the wall, not the work):

* ``random actions/s``: the engine alone, random legal moves on copies (the floor every
  rollout stands on: a rollout cannot be faster than the moves it makes);
* ``seat copies/s``: :meth:`GameState.seat_copy` (a deep copy, the log rewritten);
* ``snapshot copies/s``: :class:`cardtable.bots.worlds.Snapshot` copies (what a
  rollout starts from);
* ``worlds/s``: worlds made as the strong level makes one a decision's world after
  world (:class:`cardtable.bots.worlds.Worlds`: the hidden cards dealt again in place;
  before it, a seat copy and a snapshot of it);
* ``light rollouts/s`` and ``rollouts/s``: the rest of the round played out by the
  light random policy, and by the policy the strong level uses in that game (its
  normal bot's cheap rollout player where there is one), each from a snapshot copy;
* ``in 250 ms``: how many rollouts of the strong level's policy fit in the default
  budget;
* ``settled on one world/s``: where the game's normal bot settles every candidate on one
  play of a world (``settle_candidates``: Alethkar Poker's secret bet), the candidates so
  played out a second, the world's ``complete_world`` guess included (measured on the
  states where it applies).

Prints one line a game, then one JSON object.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cardtable import games  # noqa: E402
from cardtable.bots.base import choose_for  # noqa: E402
from cardtable.bots.random_bot import RandomBot  # noqa: E402
from cardtable.bots.strong import StrongBot, candidates, light_choice  # noqa: E402
from cardtable.bots.worlds import Snapshot  # noqa: E402

try:
    from cardtable.bots.worlds import Worlds  # noqa: E402
except ImportError:  # a tree from before it (measured back to back)
    Worlds = None  # type: ignore[assignment,misc]
from cardtable.engine.game import CHANCE, GameState  # noqa: E402
from cardtable.variants import load_deck_by_id  # noqa: E402


def mid_game(game: Any, seats: int, seed: int) -> GameState:
    """A state a few moves into a match, with a seat (not chance) to act."""
    rng = random.Random(seed)
    names = [f"P{s + 1}" for s in range(seats)]
    state = game.new_state(game.read_settings(game.defaults()), load_deck_by_id(game.decks[0]), names,
                           random.Random(seed))
    bots = [game.bot(random.Random(seed * 10 + s), "normal") for s in range(seats)]
    for _ in range(rng.randint(3, 30)):
        if state.to_act is None:
            break
        seat = state.to_act
        state.apply(state.chance_action() if seat == CHANCE else choose_for(bots[seat], state, seat))
    while state.to_act == CHANCE:
        state.apply(state.chance_action())
    return state


def rate(work: Any, seconds: float) -> float:
    """Units of ``work()`` a second (each call returns how many units it did), after one
    call not counted (tables a bot builds on first use); CPU time."""
    work()
    done = 0
    started = time.process_time()
    while True:
        done += work()
        elapsed = time.process_time() - started
        if elapsed >= seconds:
            return done / elapsed


def measure(game: Any, seats: int, seconds: float, seed: int) -> dict[str, Any]:
    """Every figure of one game."""
    states = [s for s in (mid_game(game, seats, seed + i) for i in range(4)) if s.to_act is not None]
    strong = game.bot(random.Random(seed), "strong")
    assert isinstance(strong, StrongBot)
    rng = random.Random(seed)
    copies = [s.seat_copy(s.to_act, rng) for s in states]
    snaps = [Snapshot(c) for c in copies]
    turn = [0]

    def pick() -> int:
        turn[0] = (turn[0] + 1) % len(states)
        return turn[0]

    def random_actions() -> int:
        world = snaps[pick()].make(random.Random(rng.getrandbits(32)))
        player = RandomBot(random.Random(rng.getrandbits(32)))
        made = 0
        for _ in range(200):
            seat = world.to_act
            if seat is None:
                break
            world.apply(world.chance_action() if seat == CHANCE else player.choose(world, seat))
            made += 1
        return made

    def seat_copies() -> int:
        i = pick()
        states[i].seat_copy(states[i].to_act, rng)
        return 1

    def snapshot_copies() -> int:
        snaps[pick()].make(random.Random(0))
        return 1

    made = [Worlds(c, c.to_act) for c in copies] if Worlds is not None else []
    roots = [s.make(random.Random(0)) for s in snaps]  # what the strong level copied before

    def worlds() -> int:
        i = pick()
        if made:
            made[i].deal(rng)
        else:
            Snapshot(roots[i].seat_copy(copies[i].to_act, rng))
        return 1

    def rollouts(bot: StrongBot) -> Any:
        def one() -> int:
            i = pick()
            action = light_choice(copies[i], copies[i].to_act, rng)
            seed_of = rng.getrandbits(64)
            bot._rollout(snaps[i], seed_of, copies[i].to_act, action, _round(copies[i]),
                         copies[i].holding(copies[i].to_act), float("inf"))
            return 1
        return one

    settle = strong.settle_candidates
    offers = [candidates(c, c.to_act) for c in copies]
    settled_in = [i for i, c in enumerate(copies) if settle is not None
                  and settle(snaps[i].make(random.Random(0)), c.to_act, offers[i], random.Random(0)) is not None]

    def settled() -> int:
        assert settle is not None
        i = settled_in[pick() % len(settled_in)]
        seat = copies[i].to_act
        world = snaps[i].make(random.Random(rng.getrandbits(32)))
        if strong.complete_world is not None:
            strong.complete_world(world, seat, random.Random(rng.getrandbits(32)))
        settle(world, seat, offers[i], random.Random(rng.getrandbits(32)))
        return len(offers[i])

    light = StrongBot(random.Random(seed), rollouts=1)
    figures = {
        "random_actions_per_s": rate(random_actions, seconds),
        "seat_copies_per_s": rate(seat_copies, seconds),
        "snapshot_copies_per_s": rate(snapshot_copies, seconds),
        "worlds_per_s": rate(worlds, seconds),
        "light_rollouts_per_s": rate(rollouts(light), seconds),
        "rollouts_per_s": rate(rollouts(strong), seconds),
    }
    if settled_in:  # the game plays every candidate out on one world at once
        figures["settled_rollouts_per_s"] = rate(settled, seconds)
    figures = {k: round(v, 1) for k, v in figures.items()}
    figures["policy"] = "rollout_bot" if strong.rollout_bot is not None else strong.policy.__name__
    figures["rollouts_in_250_ms"] = int(figures["rollouts_per_s"] * 0.25)
    return figures


def _round(state: GameState) -> int:
    from cardtable.bots.strong import _target_round
    return _target_round(state)


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", default="", help="game ids, comma-separated (default: every game)")
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=1.5, help="seconds a figure")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    wanted = [g for g in args.games.split(",") if g]
    chosen = [games.get(g) for g in wanted] if wanted else list(games.registry().with_rules())
    result: dict[str, Any] = {"seats": args.seats, "seed": args.seed, "games": {}}
    for game in chosen:
        figures = measure(game, args.seats, args.seconds, args.seed)
        result["games"][game.id] = figures
        print(f"{game.id}: random actions/s {figures['random_actions_per_s']:,.0f}; seat copies/s "
              f"{figures['seat_copies_per_s']:,.0f}; snapshot copies/s {figures['snapshot_copies_per_s']:,.0f}; "
              f"worlds/s {figures['worlds_per_s']:,.0f}; "
              f"light rollouts/s {figures['light_rollouts_per_s']:,.0f}; rollouts/s ({figures['policy']}) "
              f"{figures['rollouts_per_s']:,.0f}, {figures['rollouts_in_250_ms']} in 250 ms"
              + (f"; settled on one world/s {figures['settled_rollouts_per_s']:,.0f}, "
                 f"{int(figures['settled_rollouts_per_s'] * 0.25)} in 250 ms"
                 if "settled_rollouts_per_s" in figures else ""), flush=True)
    print(json.dumps(result))
    return result


if __name__ == "__main__":
    main()
