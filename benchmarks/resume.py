"""How long resuming the longest matches takes, now that a save is its history.

``python benchmarks/resume.py`` plays the longest matches a user can reach (issue 31):
Flame Sword at 8 seats to 10,000 actions, and an Ipso match of 3,000 hands at 5 seats
(deep stacks, computer-like calm play), writes each as a save file, and times, five
times each, median first:

* ``read``: reading the file and checking its checksum (``saves.load_save``): the floor,
  what any resume costs;
* ``first check``: the save checked as one this app did not write: every move replayed
  from the start through ``why_illegal`` and ``apply`` and the state compared with the
  saved one (``save_checks.save_problem``, the save not vouched for): what a save from
  elsewhere costs once, when first listed or resumed;
* ``resume``: the same check for a save this app wrote (vouched for by its checksum,
  :mod:`cardtable.save_trust`: no replay): what resuming one's own match costs every time.

Options: ``--flame-actions`` (10,000), ``--ipso-hands`` (3,000), ``--repeat`` (5).
Ratios are to the ``read`` floor measured in the same run. The machine is shared: read
the figures as rough.
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

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("CARDTABLE_HOME", tempfile.mkdtemp(prefix="cardtable-bench-"))

from cardtable import games, save_checks, saves  # noqa: E402
from cardtable.engine.game import CHANCE  # noqa: E402
from cardtable.variants import load_deck_by_id  # noqa: E402

CALM = ("Check", "Call", "Cover", "Skip", "Stand", "Keep", "Flip", "CallShot")


def long_match(game_id: str, seats: int, *, actions: int = 0, rounds: int = 0, seed: int = 1):
    """A match of ``game_id`` played calmly (deep stacks) to ``actions`` moves or ``rounds`` rounds."""
    game = games.get(game_id)
    values = {**game.defaults(), game.stack_setting: 10 ** 9}
    state = game.new_state(game.read_settings(values), load_deck_by_id(game.decks[0]),
                           [f"P{n}" for n in range(seats)], random.Random(seed))
    rng = random.Random(seed)
    while state.to_act is not None and (len(state.history) < actions or state.round_number <= rounds):
        if state.to_act == CHANCE:
            state.apply(state.chance_action())
            continue
        legal = state.legal_actions(state.to_act)
        calm = [a for a in legal if type(a).__name__ in CALM] or legal
        state.apply(rng.choice(calm))
    return game, state


def timed(work, repeat: int) -> float:
    """The median wall time of ``work()`` over ``repeat`` runs, in seconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def measure(label: str, game, state, repeat: int, folder: Path) -> dict[str, object]:
    """Write ``state`` as a save and time reading, the first check and a vouched resume."""
    payload = {"state": state.to_json(), "bot_rngs": {},
               "seats": [{"name": name, "bot": "normal"} for name in state.names]}
    path = folder / f"{game.id}.json"
    data = saves.encode(game=game.id, variant=game.id, match=label, payload=payload, summary={"names": []})
    path.write_bytes(data)
    read = timed(lambda: saves.load_save(path), repeat)
    first_check = timed(lambda: save_checks.load_state(game.id, saves.load_save(path)["payload"], trusted=False),
                        repeat)
    resume = timed(lambda: save_checks.load_state(game.id, saves.load_save(path)["payload"], trusted=True), repeat)
    row = {"actions": len(state.history), "rounds": state.round_number, "bytes": len(data),
           "read_s": round(read, 3), "first_check_s": round(first_check, 3), "resume_s": round(resume, 3)}
    print(f"{label}: {len(state.history):,} actions, {state.round_number:,} rounds, {len(data):,} bytes")
    print(f"  read (floor) {read:6.3f} s   first check (replay) {first_check:6.3f} s ({first_check / read:4.1f}x)"
          f"   resume (vouched) {resume:6.3f} s ({resume / read:4.1f}x)")
    return row


def main(argv: list[str] | None = None) -> None:
    """Play, write, measure and print (``argv``: the options, the command line's when None)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--flame-actions", type=int, default=10_000)
    parser.add_argument("--ipso-hands", type=int, default=3_000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    folder = Path(tempfile.mkdtemp(prefix="cardtable-bench-saves-"))
    results = {}
    game, state = long_match("flame_sword", 8, actions=args.flame_actions)
    results["flame_sword"] = measure("Flame Sword, 8 seats", game, state, args.repeat, folder)
    game, state = long_match("ipso", 5, rounds=args.ipso_hands)
    results["ipso"] = measure(f"Ipso, 5 seats, {args.ipso_hands:,} hands", game, state, args.repeat, folder)
    print(json.dumps(results))


if __name__ == "__main__":
    main()
