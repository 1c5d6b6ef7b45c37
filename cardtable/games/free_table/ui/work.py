"""Work longer than a frame, done a slice at a time: the free table's big steps.

A spread, gather, undo or redo of 12,000 cards, the listing of its piles in the grid
index and the building of its flight take tens of milliseconds together. The scene
queues them (:class:`~cardtable.ui.work_queue.WorkQueue`) as generators, each ``next``
one slice of a fraction of a millisecond, and runs slices for a few times an empty frame's
time each frame (:func:`slice_budget`), each only if it is foretold to end in that time,
showing the last picture meanwhile.
"""

from __future__ import annotations

import statistics
import time
from collections import deque
from collections.abc import Callable, Generator, Iterator
from typing import Any, TypeVar

from cardtable.engine.table import TableJob

WORK_BUDGET_S = 0.0012
"""Seconds of queued work a frame runs when the empty frame's cost is not known (see
:func:`slice_budget`)."""
FLOOR_SHARE = 1.5
"""What a frame carrying queued work costs in all, in measured empty frames
(:class:`~cardtable.ui.frame_floor.FrameFloor`): its work is that less what the frame costs
besides (:class:`HeldCost`), so it stays within three times an empty one on a fast machine as on
a slow one (a fixed 1.2 ms, sized against an empty frame of about 1.1 ms, put held frames at 3-4
times one of 0.5-0.76 ms). The measure (off-screen surfaces, the fastest of a few tries) reads
1.2-1.3 times the median of ``benchmarks/render.py``'s empty frame. Each slice is foretold to
fit (:class:`~cardtable.ui.work_queue.WorkQueue`), and what a big step replaced is let go of
after it, not in its frames.

Measured in CPU time (``--only key_steps_12000,selection_1000,selection_12000 --cpu``, three
runs each, alternating, on a shared machine): at 1.8 the worst scenario's 95th percentile came to
2.5-3.3 times the empty frame's (the key's spread at 2.9 and 3.3 in two runs), a group move of
12,000 took input after 19-20 frames, a flip of it 31-33; at 1.5, 2.4-2.5 (the big steps' held
frames 1.8-2.3), a group move 21-23 frames, a flip 36-40, an undo 32-37. The margin under three
times is what a busy moment of the machine takes; a group move keeps one under its 30 frames.
(Earlier, at 2.0 and at 1.7: 2.0-3.6 and 1.7-3.1 times, a group move 20-24 and 24-28 frames, when
its work was 25-30 ms rather than 20.)"""
MIN_SHARE = 0.5
"""The least work a frame runs, in empty frames (a big step must end within some tens of frames
however much the frame costs besides)."""
MAX_BUDGET_S = 0.004
"""The most work a frame runs, however slow an empty frame."""
DEFAULT_EXTRA_SHARE = 0.25
"""What a held frame costs besides its work, in empty frames, until measured (:class:`HeldCost`)."""
EXTRA_MAX_SHARE = 1.0
"""The most that figure counts, in empty frames: a frame's own events, update and draw come to
a fraction of one on a quiet machine (0.05-0.1 ms against 0.5). The figure is the main thread's
CPU time (:class:`HeldCost`), so time the machine gives to other work between frames is not
counted at all: counted by the wall clock, it made a group move of 12,000 take half as many
frames again on a loaded machine, and capped at this share, still took 31-37 frames (its bar: 30)
in 4 of 20 runs where the CPU figure had 1 of 20 (39 frames, the machine not quiet in that run);
alternating runs of ``benchmarks/render.py --only selection_12000,key_steps_12000``, ten each way
by the wall clock and in CPU time, 2026-11-30 20:43-20:57, the held scenarios' worst ratio to the
empty frame 1.94-2.41 with the CPU figure and 1.95-3.21 without."""
EXTRA_SAMPLES = 9
"""Held frames the running figure of :class:`HeldCost` looks back on (the median counts: a frame
the machine interrupted is no measure)."""


_fine_thread_clock: list[bool] = []


def thread_clock_is_fine() -> bool:
    """Whether ``time.thread_time`` ticks finely enough to time a frame's parts (Linux and macOS:
    nanoseconds; Windows: 15.6 ms, which would read most frames as costing nothing), found once
    by watching it tick for at most 2 ms of wall clock."""
    if not _fine_thread_clock:
        start = time.thread_time()
        until = time.perf_counter() + 0.002
        step = None
        while step is None and time.perf_counter() < until:
            now = time.thread_time()
            if now != start:
                step = now - start
        _fine_thread_clock.append(step is not None and step <= 0.0005)
    return _fine_thread_clock[0]


def slice_budget(dt: float, floor: float | None = None, extra: float | None = None) -> float:
    """Seconds of queued work for a frame of ``dt`` seconds (the same at any frame rate: frames
    run back to back while work is queued): :data:`FLOOR_SHARE` times ``floor``, an empty
    frame's seconds, less ``extra``, what the frame costs besides its work (by default
    :data:`DEFAULT_EXTRA_SHARE` times ``floor``), within :data:`MIN_SHARE` times ``floor`` and
    :data:`MAX_BUDGET_S`; without ``floor`` :data:`WORK_BUDGET_S`.

    >>> slice_budget(1 / 60), slice_budget(1 / 144)
    (0.0012, 0.0012)
    >>> round(slice_budget(1 / 60, 0.0004, 0.0002), 6), round(slice_budget(1 / 60, 0.0004, 0.0009), 6)
    (0.0004, 0.0002)
    >>> round(slice_budget(1 / 60, 0.0004), 6), slice_budget(1 / 60, 0.1)
    (0.0005, 0.004)
    """
    if floor is None:
        return WORK_BUDGET_S
    if extra is None:
        extra = DEFAULT_EXTRA_SHARE * floor
    return min(MAX_BUDGET_S, max(MIN_SHARE * floor, FLOOR_SHARE * floor - extra))


class HeldCost:
    """What a frame carrying queued work costs besides the work it was given, a running figure:
    the time from one such frame's end of work (:meth:`worked`; if not told, its start and
    budget) to the next's start (its event pump, update and draw), the median of the last
    :data:`EXTRA_SAMPLES` (the app runs such frames back to back, see
    :attr:`~cardtable.ui.scene.Scene.busy`). The times are the main thread's CPU time
    (``time.thread_time``, where :func:`thread_clock_is_fine`; else the wall clock): a wait for a
    core, or for the display, is not the frame's cost.

    >>> cost = HeldCost()
    >>> cost.extra(0.001)
    0.00025
    >>> for start in (0.0, 0.0013, 0.0026):
    ...     cost.began(start, 0.001)
    >>> round(cost.extra(0.001), 6)
    0.0003
    >>> cost.worked(0.0034); cost.began(0.0035, 0.001)
    >>> round(cost.extra(0.001), 6)
    0.0003
    """

    def __init__(self) -> None:
        self._last: tuple[float, float] | None = None
        self._samples: deque[float] = deque(maxlen=EXTRA_SAMPLES)

    def began(self, now: float, budget: float) -> None:
        """A frame's work begins at ``now`` (a time of the clock the class names) with ``budget`` seconds."""
        if self._last is not None:
            start, given = self._last
            self._samples.append(max(0.0, now - start - given))
        self._last = (now, budget)

    def worked(self, now: float) -> None:
        """The work of the frame that began last ended at ``now``: the frame's cost besides it
        is measured from there (the work queue stops short of its deadline, not past it)."""
        if self._last is not None:
            self._last = (now, 0.0)

    def paused(self) -> None:
        """A frame ran no queued work: the next that does is not measured against the last."""
        self._last = None

    def extra(self, floor: float) -> float:
        """The figure (see the class), at most :data:`EXTRA_MAX_SHARE` times ``floor``; until
        measured :data:`DEFAULT_EXTRA_SHARE` times it."""
        if not self._samples:
            return DEFAULT_EXTRA_SHARE * floor
        return min(EXTRA_MAX_SHARE * floor, statistics.median(self._samples))


T = TypeVar("T")

def job_steps(job: TableJob[T], between: Callable[[], None] | None = None) -> Generator[None, None, T]:
    """A table job's remaining slices as a generator whose value is the job's result;
    ``between`` is called after each slice (the scene freezes what the slice made, see
    :meth:`~cardtable.games.free_table.ui.big_steps.BigSteps.begin`). The work queue sees
    where in the job each slice begins (:func:`~cardtable.ui.work_queue.where`)."""
    yield from _JobSlices(job, between)
    return job.result


class _JobSlices(Iterator[None]):
    """A table job as an iterator, a slice a ``next``; its :attr:`inner` is the job's generator."""

    def __init__(self, job: TableJob[Any], between: Callable[[], None] | None) -> None:
        self.job, self.between = job, between

    @property
    def inner(self) -> Generator[None, None, Any]:
        """The generator the job runs (see :func:`~cardtable.ui.work_queue.where`)."""
        return self.job.steps

    def __next__(self) -> None:
        if self.job.step():
            raise StopIteration
        if self.between is not None:
            self.between()
