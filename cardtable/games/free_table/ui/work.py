"""Work longer than a frame, done a slice at a time: the free table's big steps.

A spread, gather, undo or redo of 12,000 cards, the listing of its piles in the grid
index and the building of its flight take tens of milliseconds together. The scene
queues them here as generators (each ``next`` one slice of a fraction of a millisecond) and
runs slices for 1.2 ms of each frame (:func:`slice_budget`), showing the last
picture meanwhile.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Generator, Iterator
from typing import Any, TypeVar

from cardtable.engine.table import TableJob

WORK_BUDGET_S = 0.0012
"""Seconds of queued work a frame runs: a little more than what presenting an empty frame
costs (a held frame draws nothing else), so a frame carrying work stays within a few times
an empty one (1.5 ms put the 95th percentile of held frames at 3.2 times an empty frame's,
and a step took no fewer milliseconds to show with it). The app runs frames back to back
while a scene is busy (:attr:`~cardtable.ui.scene.Scene.busy`), so a step still shows
within tens of milliseconds; the work's slices are each a fraction of this."""


def slice_budget(dt: float) -> float:
    """Seconds of queued work for a frame of ``dt`` seconds: :data:`WORK_BUDGET_S`, whatever
    the frame rate (frames run back to back while work is queued).

    >>> slice_budget(1 / 60), slice_budget(1 / 144)
    (0.0012, 0.0012)
    """
    return WORK_BUDGET_S


T = TypeVar("T")

NEXT_FRAME = object()
"""Yielded by queued work to end this frame's share of the work: what follows starts the
next frame's (a slice that takes a frame of its own)."""


def job_steps(job: TableJob[T]) -> Generator[None, None, T]:
    """A table job's remaining slices as a generator whose value is the job's result."""
    while not job.step():
        yield
    return job.result


class WorkQueue:
    """Generators run in order, a slice at a time, within a time budget per frame.

    >>> q, done = WorkQueue(), []
    >>> def work():
    ...     yield
    ...     return 7
    >>> q.add(work(), done.append)
    >>> q.run(time.perf_counter() + 1), done
    (True, [7])
    """

    def __init__(self, clock: Callable[[], float] = time.perf_counter) -> None:
        self._jobs: deque[tuple[Iterator[Any], Callable[[Any], None] | None]] = deque()
        self._clock = clock

    @property
    def busy(self) -> bool:
        """True while some work is left."""
        return bool(self._jobs)

    def add(self, steps: Iterator[Any], then: Callable[[Any], None] | None = None) -> None:
        """Queue ``steps``; ``then`` gets its value when it ends."""
        self._jobs.append((steps, then))

    def run(self, deadline: float) -> bool:
        """Run slices while the next would likely end by ``deadline`` (a ``clock`` time;
        none if it has passed already); True once nothing is left."""
        last = 0.0
        while self._jobs:
            start = self._clock()
            if start + last > deadline:
                break
            steps, then = self._jobs[0]
            try:
                if next(steps) is NEXT_FRAME:
                    break
            except StopIteration as stop:
                self._jobs.popleft()
                if then is not None:
                    then(stop.value)
            except BaseException:
                self._jobs.popleft()
                raise
            last = self._clock() - start
        return not self._jobs

    def finish(self) -> None:
        """Run everything left now (tests, and leaving the table)."""
        while not self.run(float("inf")):
            pass
