"""The window's scale in one piece and in two halves at once (:mod:`cardtable.ui.parallel_scale`).

    python benchmarks/parallel_scale.py [--size 1920x1080] [--frames 500]

Scales a picture 0.9 of the window's size up to the window (a wheel's zoom-in frame), each
way ``--frames`` times, alternating, and prints each way's median and 90th percentile of the
wall clock and its median CPU time (every thread of the process), in milliseconds, and the
ratio of the halves' wall-clock median to the one piece's. Then the way the app would choose
here now (:class:`~cardtable.ui.parallel_scale.SplitChoice`, from its own timed scales).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from cardtable.ui import parallel_scale  # noqa: E402
from cardtable.ui.parallel_scale import PROBES, SplitChoice, halves, scale_into  # noqa: E402


def main(argv: list[str] | None = None) -> dict[str, dict[str, float]]:
    """Run the comparison and print it; returns the figures by way."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="1920x1080")
    parser.add_argument("--frames", type=int, default=500)
    args = parser.parse_args(argv)
    width, height = (int(v) for v in args.size.split("x"))
    pygame.display.init()
    window = pygame.display.set_mode((width, height))
    source = pygame.Surface((width * 9 // 10, height * 9 // 10), 0, window)
    for x in range(0, source.get_width(), 7):
        pygame.draw.line(source, (x % 256, 90, 200), (x, 0), (source.get_width() - x, source.get_height()))
    dest = pygame.Surface((width, height), 0, window)
    ways = {"one piece": lambda: pygame.transform.scale(source, (width, height), dest),
            "two halves": lambda: halves(source, (width, height), dest)}
    times: dict[str, list[float]] = {name: [] for name in ways}
    cpu: dict[str, list[float]] = {name: [] for name in ways}
    for way in ways.values():
        way()  # (the helper thread started, the caches warm)
    for _ in range(args.frames):
        for name, way in ways.items():
            began, used = time.perf_counter(), time.process_time()
            way()
            times[name].append((time.perf_counter() - began) * 1000)
            cpu[name].append((time.process_time() - used) * 1000)
    figures = {}
    for name in ways:
        ordered = sorted(times[name])
        figures[name] = {"median_ms": statistics.median(ordered), "p90_ms": ordered[int(0.9 * len(ordered))],
                         "cpu_median_ms": statistics.median(cpu[name])}
        print(f"{name}: median {figures[name]['median_ms']:.3f} ms, p90 {figures[name]['p90_ms']:.3f} ms, "
              f"CPU median {figures[name]['cpu_median_ms']:.3f} ms")
    print(f"two halves / one piece (wall-clock medians): "
          f"{figures['two halves']['median_ms'] / figures['one piece']['median_ms']:.2f}")
    kept, choice = parallel_scale.CHOICE, SplitChoice()
    parallel_scale.CHOICE = choice
    try:
        for _ in range(2 * PROBES):
            scale_into(source, (width, height), dest)
    finally:
        parallel_scale.CHOICE = kept
    wall, cpu = choice.figures or (0.0, 0.0)
    print(f"chosen here now: {'two halves' if choice.split else 'one piece'} (halves / one piece per pixel: "
          f"wall clock {wall:.2f}, CPU {cpu:.2f}, over {PROBES} scales each way)")
    return figures


if __name__ == "__main__":
    main()
