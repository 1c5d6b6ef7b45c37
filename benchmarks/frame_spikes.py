"""Where a slow frame's time went: ``python benchmarks/frame_spikes.py [SCENARIO ...]``.

Runs scenarios of ``benchmarks/render.py`` (default: ``key_steps_12000``, its longest) and,
for every frame over ``--over`` ms of wall clock (default 16), prints how that time splits:
the main thread's own CPU time (``time.thread_time``), its time waiting in the run queue
for a core (``/proc/thread-self/schedstat``, a few ms coarse), and the rest, with its
context switches, page faults and garbage collections. A rest with a switch "asleep" is a
wait (on the display server, say); a rest with no switch at all is time the host of a
virtual machine took its core away (steal time, which no clock of the guest's counts).
Linux only. ``--paced`` waits before each frame as ``App.run`` does (60 frames a second,
none while the scene is busy) instead of running frames back to back. Then the empty floor
of ``render.py`` for as many frames, split the same way. ``--stacks`` prints, for each
slow frame, the main thread's stack at the moment the frame passed the bar.
"""

from __future__ import annotations

import argparse
import faulthandler
import gc
import resource
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
import render  # noqa: E402  (sets the headless drivers, read when the app opens its window)

from cardtable.ui.app import App  # noqa: E402


def queued_ms() -> float:
    """The main thread's ms waiting in the run queue for a core, since it started (the
    kernel's count, brought up to date at its ticks: a few ms coarse)."""
    with open("/proc/thread-self/schedstat") as f:
        return int(f.read().split()[1]) / 1e6


class Split:
    """Per-frame figures around a timed call, and the slow frames' splits."""

    def __init__(self, over_ms: float, stacks: bool = False) -> None:
        self.over_ms = over_ms
        self.frames = 0
        self.slow: list[dict] = []
        # faulthandler's watchdog thread writes the stacks without the GIL, so it sees the
        # main thread inside a long C call too.
        self._stacks = tempfile.TemporaryFile("w+") if stacks else None
        self._collections: list[int] = []
        gc.callbacks.append(self._on_gc)

    def _on_gc(self, phase: str, info: dict) -> None:
        if phase == "start":
            self._collections.append(info["generation"])

    def time(self, call) -> float:
        """Run ``call()``; its wall ms (and its split, kept when it is over the bar)."""
        self._collections.clear()
        usage = resource.getrusage(resource.RUSAGE_THREAD)
        waited = queued_ms()
        if self._stacks is not None:
            self._stacks.seek(0)
            self._stacks.truncate()
            faulthandler.dump_traceback_later(self.over_ms / 1000, file=self._stacks)
        start, cpu = time.perf_counter(), time.thread_time()
        call()
        wall = (time.perf_counter() - start) * 1000
        if self._stacks is not None:
            faulthandler.cancel_dump_traceback_later()
        ran = (time.thread_time() - cpu) * 1000
        queued = queued_ms() - waited
        usage2 = resource.getrusage(resource.RUSAGE_THREAD)
        self.frames += 1
        if wall > self.over_ms:
            self.slow.append({
                "frame": self.frames, "wall": wall, "ran": ran, "run_queue": queued,
                "rest": wall - ran - queued,
                "slept": usage2.ru_nvcsw - usage.ru_nvcsw, "preempted": usage2.ru_nivcsw - usage.ru_nivcsw,
                "faults": usage2.ru_minflt - usage.ru_minflt + usage2.ru_majflt - usage.ru_majflt,
                "collections": len(self._collections), "stack": self._stack()})
        return wall

    def _stack(self) -> str:
        """The main thread's stack when the frame passed the bar, if it was taken."""
        if self._stacks is None:
            return ""
        self._stacks.seek(0)
        text = self._stacks.read()
        return text.split("\n\n")[0] if text else "(the watchdog did not run in time)"

    def report(self, name: str) -> None:
        print(f"{name}: {self.frames} frames, {len(self.slow)} over {self.over_ms:g} ms")
        for s in self.slow:
            print(f"  frame {s['frame']:6d}: wall {s['wall']:6.2f} = ran {s['ran']:6.2f} + run queue "
                  f"{s['run_queue']:5.2f} + rest {s['rest']:6.2f} ms; switches {s['slept']} asleep, "
                  f"{s['preempted']} preempted; {s['faults']} page faults; {s['collections']} collections")
            if s["stack"]:
                print("    " + s["stack"].replace("\n", "\n    "))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scenarios", nargs="*", default=["key_steps_12000"])
    parser.add_argument("--over", type=float, default=16.0, help="the wall ms a slow frame is over")
    parser.add_argument("--paced", action="store_true", help="wait before each frame as App.run does")
    parser.add_argument("--frames", type=int, default=300)
    parser.add_argument("--stacks", action="store_true",
                        help="print the main thread's stack at the moment a frame passes the bar")
    args = parser.parse_args()
    app = App(size=(1920, 1080))
    split = Split(args.over, args.stacks)

    def timed_step(app: App, times: list[float]) -> None:
        if args.paced:
            app.clock.tick(app.frame_cap(60))
        times.append(split.time(lambda: app.step(1 / 144)))

    render.timed_step = timed_step  # every scenario times each frame through it
    for name in args.scenarios:
        render.SCENARIOS[name](app, args.frames)
    split.report(", ".join(args.scenarios))
    floor = Split(args.over)
    empty_frame = render.empty_frame()
    for _ in range(split.frames):
        if args.paced:
            app.clock.tick(60)
        floor.time(empty_frame)
    floor.report("the floor (fill, blit, flip), as many frames")


if __name__ == "__main__":
    main()
