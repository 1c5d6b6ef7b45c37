"""``pygame.transform.scale`` of a big picture on two cores: the top half scaled by the caller
while a helper thread scales the bottom half, when that is measured to pay here and now.

A wheel's frame is almost only the scale of the whole window (SDL's nearest-neighbour stretch,
0.67 ms at 1920x1080 here, where a blit of the window takes 0.35). pygame-ce lets go of the GIL
while SDL stretches, so two halves scale at once: 0.40 ms for the same picture, for 7% more
CPU in all (``python benchmarks/parallel_scale.py``). Each half is scaled on its own, so a row
of the result may come from the source row next to the one a single scale takes: at most one
row off, in a picture shown only while the zoom moves or until the new zoom's is painted.

Two cores are not always two free cores: on this machine, from one process to the next, the
halves took 0.44 to 0.77 ms against 0.68 to 0.80 in one piece, for 1.14 to 2.07 times its CPU
(four runs of the benchmark in a row; the last one slower both ways). So :class:`SplitChoice`
times the scales themselves, some each way, and keeps the halves only where they are clearly
quicker for little more CPU; it times them again every two seconds, and at once when the
halves in force come to cost more than the choice allows.
"""

from __future__ import annotations

import os
import queue
import statistics
import threading
import time
from collections import deque
from collections.abc import Callable

import pygame

SPLIT_PIXELS = 400_000
"""Pictures smaller than this (destination pixels) are scaled in one piece: handing half to the
helper costs some 40 us, more than it saves below about this size (at 800x500, 400,000 pixels,
two halves took 0.119 ms against 0.132; at 560x360, 0.089 against 0.069)."""

PROBES = 5
"""Scales timed each way before :class:`SplitChoice` chooses (every big scale is a real one)."""
EVERY_S = 2.0
"""Seconds a choice holds before the scales are timed again: the host changes its mind (in one
run of the benchmark the halves took 1.11 times one piece's wall clock over 500 scales each
way, and 0.59 in the ten scales timed a second later). Timing costs five scales the slower
way, under one frame in a hundred of a wheel turned without a pause."""
WALL_GAIN = 0.9
"""The halves are kept only if their wall-clock time per pixel is at most this share of one
piece's: a smaller gain is within what the hand-off and the machine's noise take back."""
CPU_COST = 1.15
"""...and their CPU time (both threads) at most this many times one piece's: on two free cores
they took 1.04 to 1.14 times; more means the cores are shared (another program, or two logical
cores of one physical one), and there the wall-clock gain fell to 0.80 and then to a loss. (At
1.25, halves kept at 1.19 times cost a wheel's frames more CPU than one piece would, for a wall
clock gain the frames did not need: one piece keeps them within three empty frames too.)"""
WATCHED = 8
"""While the halves are in force the last this many are timed too, and once their mean per pixel
passes :data:`WALL_GAIN` or :data:`CPU_COST` times one piece's (as last timed), or the dearest
of them :data:`CPU_SPIKE` times its CPU, the scales are timed again at once rather than after
:data:`EVERY_S`: in one run of ``benchmarks/render.py --cpu`` the halves, chosen at 1.14 times one
piece's CPU, came to 1.2 times it (1.5 ms at the 95th percentile against 0.9) within the two
seconds, and a wheel's frames to 3.9 times an empty frame."""
CPU_SPIKE = 1.5
"""See :data:`WATCHED`: with the cores free the halves' dearest twentieth came to 1.07-1.18 times
one piece's median CPU; with a core shared, to 1.8 times, while their mean stayed near 1.2 (the
wheel's frames then reached 3.1 times an empty frame at the 95th percentile, CPU time)."""

_jobs: queue.SimpleQueue[tuple[pygame.Surface, tuple[int, int], pygame.Surface]] = queue.SimpleQueue()
_done: queue.SimpleQueue[tuple[BaseException | None, float]] = queue.SimpleQueue()
_helper: list[threading.Thread] = []


class SplitChoice:
    """Whether big scales go in two halves now: the scales are timed, :data:`PROBES` each way
    in turn, and the halves chosen only where they gain (:data:`WALL_GAIN`, :data:`CPU_COST`),
    until :data:`EVERY_S` has passed. ``clock``: the wall clock (tests give their own);
    ``fixed``: that way always, never timed (tests: the two ways' pictures may differ by a row,
    and which way a scale goes must not depend on the machine's speed)."""

    def __init__(self, clock: Callable[[], float] = time.perf_counter, fixed: bool | None = None) -> None:
        self._clock = clock
        self._samples: dict[bool, list[tuple[float, float]]] = {False: [], True: []}
        self.split: bool | None = fixed
        """The choice in force, None while the scales are being timed."""
        self._one: tuple[float, float] | None = None  # one piece's wall and CPU a pixel, last timed
        self._watched: deque[tuple[float, float]] = deque(maxlen=WATCHED)
        self._until = float("inf") if fixed is not None else 0.0
        self.figures: tuple[float, float] | None = None
        """The last choice's halves against one piece, per pixel: wall-clock and CPU ratios
        (the CPU ratio 0 where this system's thread clock is too coarse to tell)."""
        self.made = [0, 0]
        """Big scales made so far under this choice: in one piece, in two halves (the render
        benchmark reports them by scenario: which way a slow wheel's frames went)."""

    def next_split(self) -> bool:
        """Whether the next big scale goes in two halves (while timing, the way timed less)."""
        if self.split is not None:
            if self._clock() < self._until:
                return self.split
            self.split = None
        return len(self._samples[True]) <= len(self._samples[False])

    def timing(self) -> bool:
        """Whether the next big scale is to be timed and :meth:`record`-ed: while the choice is
        being made, and while halves chosen by timing are in force (:data:`WATCHED`)."""
        return self.split is None or (self.split is True and self._one is not None)

    def record(self, split: bool, pixels: int, wall: float, cpu: float) -> None:
        """A big scale's seconds, wall-clock and CPU (every thread's), at ``pixels`` pixels."""
        if pixels <= 0:
            return
        if self.split is not None:
            if self.timing():  # (the halves in force, watched)
                self._watch(wall / pixels, cpu / pixels)
            return
        self._samples[split].append((wall / pixels, cpu / pixels))
        if min(len(s) for s in self._samples.values()) < PROBES:
            return
        (wall2, cpu2), (wall1, cpu1) = (
            (statistics.median(w for w, _ in self._samples[way]), statistics.median(c for _, c in self._samples[way]))
            for way in (True, False))
        wall_ratio = wall2 / wall1 if wall1 > 0 else 1.0
        # A thread clock that ticks coarsely (Windows: 15.6 ms) reads 0 for a scale: wall clock only.
        cpu_ratio = cpu2 / cpu1 if cpu1 > 0 and cpu2 > 0 else 0.0
        self.figures = (wall_ratio, cpu_ratio)
        self.split = wall_ratio <= WALL_GAIN and cpu_ratio <= CPU_COST
        self._until = self._clock() + EVERY_S
        self._one = (wall1, cpu1)
        self._watched.clear()
        for samples in self._samples.values():
            samples.clear()

    def _watch(self, wall: float, cpu: float) -> None:
        """One scale of the halves in force, per pixel: time the two ways again now if the last
        :data:`WATCHED` cost more than the choice allows."""
        assert self._one is not None
        self._watched.append((wall, cpu))
        if len(self._watched) < WATCHED:
            return
        wall1, cpu1 = self._one
        mean_wall = statistics.fmean(w for w, _ in self._watched)
        mean_cpu = statistics.fmean(c for _, c in self._watched)
        dearest = max(c for _, c in self._watched)
        if mean_wall > WALL_GAIN * wall1 or (cpu1 > 0 and (mean_cpu > CPU_COST * cpu1 or dearest > CPU_SPIKE * cpu1)):
            self.split = None
            self._watched.clear()


CHOICE = SplitChoice()
"""The app's one choice (the window's scales are made from one thread)."""


def _work() -> None:
    """The helper thread: scale each job handed to it and say when it is done (or why not),
    with the CPU seconds it took."""
    while True:
        source, size, dest = _jobs.get()
        began = time.thread_time()
        try:
            pygame.transform.scale(source, size, dest)
        except BaseException as error:  # handed back to the caller, who re-raises it
            _done.put((error, time.thread_time() - began))
        else:
            _done.put((None, time.thread_time() - began))


def _started() -> bool:
    """Whether the helper runs (started the first time; never on a one-core machine)."""
    if not _helper:
        if (os.cpu_count() or 1) < 2:
            return False
        thread = threading.Thread(target=_work, name="cardtable-scale", daemon=True)
        thread.start()
        _helper.append(thread)
    return True


def _splittable(source: pygame.Surface, height: int) -> bool:
    """Whether a scale of ``source`` to ``height`` rows can go in halves (two rows each side,
    and a helper: not on one core)."""
    return height >= 2 and source.get_height() >= 2 and _started()


def scale_into(source: pygame.Surface, size: tuple[int, int], dest: pygame.Surface) -> None:
    """``pygame.transform.scale(source, size, dest)`` (``dest`` of ``size``), the bottom half
    scaled by the helper thread when the picture is big enough and :data:`CHOICE` says the
    halves pay (see the module). Called from one thread at a time (the window's)."""
    width, height = size
    if width * height < SPLIT_PIXELS or not _splittable(source, height):
        pygame.transform.scale(source, size, dest)
        return
    split = CHOICE.next_split()
    timed = CHOICE.timing()
    if timed:
        began, used = time.perf_counter(), time.thread_time()
    helper_cpu = halves(source, size, dest) if split else _one_piece(source, size, dest)
    CHOICE.made[split] += 1
    if timed:
        CHOICE.record(split, width * height, time.perf_counter() - began, time.thread_time() - used + helper_cpu)


def _one_piece(source: pygame.Surface, size: tuple[int, int], dest: pygame.Surface) -> float:
    """The scale in one piece; no helper CPU (0, as :func:`halves` returns it)."""
    pygame.transform.scale(source, size, dest)
    return 0.0


def halves(source: pygame.Surface, size: tuple[int, int], dest: pygame.Surface) -> float:
    """The scale in two halves at once, the bottom one by the helper thread; returns the
    helper's CPU seconds (in one piece, 0, where there is no helper: one core, or a picture
    under two rows)."""
    width, height = size
    if not _splittable(source, height):
        return _one_piece(source, size, dest)
    sw, sh = source.get_size()
    top = height // 2
    cut = min(max(1, round(top * sh / height)), sh - 1)
    _jobs.put((source.subsurface((0, cut, sw, sh - cut)), (width, height - top),
               dest.subsurface((0, top, width, height - top))))
    try:
        pygame.transform.scale(source.subsurface((0, 0, sw, cut)), (width, top),
                               dest.subsurface((0, 0, width, top)))
    finally:
        # Wait for the helper even when this half failed: it is still writing into ``dest``.
        failed, cpu = _done.get()
    if failed is not None:
        raise failed
    return cpu
