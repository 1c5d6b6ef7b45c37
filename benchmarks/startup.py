"""Start-up time: to the first menu frame and to the first Alethkar Poker table frame,
against a bare pygame window drawing one frame.

``python benchmarks/startup.py`` runs each case in a fresh Python process (``--runs``
times, default 5) and times it from the process's launch to its first frame on screen
(the child prints the moment it flipped the frame; its exit is not counted). The cases:

* ``bare``: ``import pygame``, a 1280x800 window, one frame;
* ``menu``: cardtable's App and the main menu, one frame (what every start pays);
* ``alethkar``: the menu, then an Alethkar Poker table with a person and two computer
  players (the table warms the bots' tables as it opens), one frame;
* ``command``: the ``cardtable`` command itself (``cardtable.app.main`` with no arguments:
  its argument parsing, the log file, the offer to resume an interrupted game), to its
  first frame of the menu.

It prints the median and the spread of each, and their cost above the bare window,
then one JSON line. ``--cases`` picks some of the cases (the bare window is always run:
the ratios are to it). ``--root DIR`` runs another checkout's code (say, an older commit
unpacked with ``git archive``) for a before/after figure. Headless (SDL's dummy video
driver) unless ``--window``; the machines are shared and noisy. Every run finds compiled
bytecode (in a temporary ``PYTHONPYCACHEPREFIX``, even when the shell sets
``PYTHONDONTWRITEBYTECODE``) and the user cache an earlier start left, as an installed
app's second start does; ``--cold`` gives every run an empty user folder instead (a first
start: every variant and deck checked in full).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CASES = {
    "bare": """
import pygame
pygame.init()
screen = pygame.display.set_mode((1280, 800))
screen.fill((20, 60, 40))
pygame.display.flip()
""",
    "menu": """
from cardtable.ui.app import App
from cardtable.ui.menu import MenuScene
app = App(size=(1280, 800))
app.push(MenuScene(app))
app.step()
""",
    "alethkar": """
from cardtable.ui.app import App
from cardtable.ui.menu import MenuScene, game_table_module
from cardtable.ui.setup_scene import SeatConfig
app = App(size=(1280, 800))
app.push(MenuScene(app))
app.step()
spec = next(e.spec for e in app.variant_entries if e.spec and e.spec.id == "alethkar_poker")
seats = [SeatConfig("Ada"), SeatConfig("Bot 2", "normal"), SeatConfig("Bot 3", "normal")]
game_table_module("alethkar_poker").TABLE.start(app, spec, seats, 40, seed=1)
app.step()
""",
    "command": """
from cardtable.ui.app import App
App.run = lambda self, fps=60: self.step()  # one frame, then back from main()
from cardtable.app import main
main([])
""",
}

CHILD = """
import os, sys, time
sys.path.insert(0, {root!r})
{body}
print("FRAME", time.time(), flush=True)
os._exit(0)
"""


def run_once(case: str, root: Path, env: dict[str, str]) -> tuple[float, float]:
    """Seconds from launching a fresh process to its first frame of ``case``, and the CPU
    seconds the process used (it ends at that frame): the CPU figure is the steadier one
    on a shared machine, where waiting for a core counts in the wall-clock time."""
    code = CHILD.format(root=str(root), body=CASES[case])
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.time()
    done = subprocess.run([sys.executable, "-c", code], cwd=root, env=env, capture_output=True,
                          text=True, check=False, timeout=120)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    for line in done.stdout.splitlines():
        if line.startswith("FRAME "):
            return float(line.split()[1]) - start, cpu
    raise RuntimeError(f"{case} drew no frame:\n{done.stdout}\n{done.stderr}")


def main() -> None:
    """Run every case ``--runs`` times and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--root", type=Path, default=ROOT)
    parser.add_argument("--window", action="store_true", help="open real windows (not headless)")
    parser.add_argument("--cold", action="store_true",
                        help="an empty user folder for every run: a first start, no checks remembered")
    parser.add_argument("--cases", nargs="+", choices=list(CASES), default=list(CASES),
                        help="the cases to time (the bare window is always timed)")
    args = parser.parse_args()
    cases = ["bare", *(case for case in CASES if case in args.cases and case != "bare")]
    # Compiled bytecode as an installed app has it (kept out of the tree), whatever the shell says.
    env = dict(os.environ, CARDTABLE_HOME=tempfile.mkdtemp(prefix="cardtable-startup-"),
               PYGAME_HIDE_SUPPORT_PROMPT="1", PYTHONPYCACHEPREFIX=tempfile.mkdtemp(prefix="cardtable-pyc-"))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if not args.window:
        env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    # Once each first, so every timed run finds compiled bytecode and the user cache a start
    # leaves (the deck checks), as every start but the very first does.
    for case in cases:
        run_once(case, args.root, env)
    times: dict[str, list[float]] = {case: [] for case in cases}
    cpus: dict[str, list[float]] = {case: [] for case in cases}
    for _ in range(args.runs):
        for case in cases:  # interleaved, so a busy spell of the machine hits every case
            if args.cold:
                env["CARDTABLE_HOME"] = tempfile.mkdtemp(prefix="cardtable-startup-")
            wall, cpu = run_once(case, args.root, env)
            times[case].append(wall)
            cpus[case].append(cpu)
    result: dict[str, object] = {"root": str(args.root), "runs": args.runs}
    bare = statistics.median(times["bare"])
    bare_cpu = statistics.median(cpus["bare"])
    print(f"Start-up to the first frame ({args.runs} fresh processes each, median; "
          "wall clock, and CPU time of the process):")
    for case, values in times.items():
        median, cpu = statistics.median(values), statistics.median(cpus[case])
        result[case] = {"median_s": round(median, 3), "min_s": round(min(values), 3),
                        "max_s": round(max(values), 3), "above_bare_s": round(median - bare, 3),
                        "x_bare": round(median / bare, 2), "cpu_s": round(cpu, 3),
                        "cpu_x_bare": round(cpu / bare_cpu, 2)}
        print(f"  {case:9s} {median:6.3f} s  (min {min(values):.3f}, max {max(values):.3f})"
              f"  {median / bare:4.1f}x bare   CPU {cpu:.3f} s ({cpu / bare_cpu:.1f}x bare)")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
