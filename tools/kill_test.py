"""kill -9 a table again and again: how many moves does resuming lose?

``python tools/kill_test.py [--runs 100] [--game shenja_ivali] [--load 1]`` starts a
headless table of computer players in a child process (its own CARDTABLE_HOME), lets it
play for a random 0.3 to 2.5 seconds while it prints the number of moves made after each
one (its autosave and journal written), kills it with SIGKILL, then recovers the match
as the app's Resume does (the newest autosave, then the moves journal after it,
:func:`cardtable.journal.recover`) and compares. ``--load N`` runs N busy processes
beside it (the machine under load, as the autosave writer thread then lags). Prints a
line a run and the worst loss; exit code 1 if any run lost more than one move.
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def child(game: str, seed: int) -> None:
    """Play a table of computers forever, printing the moves made after each."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    sys.path.insert(0, str(ROOT))
    from cardtable.engine.game import CHANCE
    from cardtable.ui.app import App
    from cardtable.ui.menu import MenuScene, game_table_module
    from cardtable.ui.setup_scene import SeatConfig

    app = App(size=(1024, 640))
    app.push(MenuScene(app))
    spec = next(e.spec for e in app.variant_entries if e.spec and e.spec.id == game)
    table = game_table_module(spec.game).TABLE
    seats = [SeatConfig(f"Bot {n + 1}", "normal") for n in range(4)]
    scene = table.start(app, spec, seats, 10 ** 6, seed=seed)
    while scene.state.to_act is not None:
        state = scene.state
        seat = state.to_act
        scene.perform(state.chance_action() if seat == CHANCE else scene.bots[seat].choose(state, seat))
        print(len(state.history), flush=True)


def recovered(home: str, game: str) -> tuple[int, int]:
    """The moves Resume would give back from ``home``'s newest autosave, and those the
    autosave alone holds."""
    os.environ["CARDTABLE_HOME"] = home
    sys.path.insert(0, str(ROOT))
    from cardtable import games, journal, saves

    save = saves.interrupted_save()
    if save is None or save.envelope is None:
        return 0, 0
    envelope = save.envelope
    payload, _ = journal.recover(games.get(envelope["game"]), envelope["payload"], envelope["match"])
    return len(payload["state"]["history"]), len(envelope["payload"]["state"]["history"])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=100)
    parser.add_argument("--game", default="shenja_ivali")
    parser.add_argument("--load", type=int, default=0)
    parser.add_argument("--child", action="store_true")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    if args.child:
        child(args.game, args.seed)
        return 0
    burners = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(args.load)]
    worst, losses = 0, []
    rng = random.Random(1)
    try:
        for run in range(args.runs):
            home = tempfile.mkdtemp(prefix="cardtable-kill-")
            env = {**os.environ, "CARDTABLE_HOME": home}
            proc = subprocess.Popen([sys.executable, __file__, "--child", "--game", args.game, "--seed", str(run)],
                                    stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, text=True)
            assert proc.stdout is not None
            made, until = 0, time.monotonic() + rng.uniform(0.3, 2.5) + 2.0  # (+2 s: the child starting)
            os.set_blocking(proc.stdout.fileno(), False)
            while time.monotonic() < until and proc.poll() is None:
                line = proc.stdout.readline()
                if line.strip().isdigit():
                    made = int(line)
                elif not line:
                    time.sleep(0.005)
            proc.send_signal(signal.SIGKILL)
            proc.wait()
            rest = proc.stdout.read() or ""
            made = max([made] + [int(x) for x in rest.split() if x.isdigit()])
            got, alone = recovered(home, args.game)
            lost = made - got
            losses.append(lost)
            worst = max(worst, lost)
            print(f"run {run + 1}: {made} moves made, {got} recovered ({alone} in the autosave alone), "
                  f"{max(0, lost)} lost", flush=True)
    finally:
        for burner in burners:
            burner.kill()
    print(f"{len(losses)} runs: worst loss {worst} moves; runs that lost any: {sum(1 for x in losses if x > 0)}")
    return 0 if worst <= 1 else 1


if __name__ == "__main__":
    sys.exit(main())
