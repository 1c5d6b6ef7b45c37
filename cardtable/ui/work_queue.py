"""Generators run a slice at a time within a time budget per frame: work longer than a frame
(a big step of the free table, letting go of a big table) spread over frames that stay short.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Iterator
from typing import Any

NEXT_FRAME = object()
"""Yielded by queued work to end this frame's share of the work: what follows starts the
next frame's (a slice that takes a frame of its own)."""


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

    def __bool__(self) -> bool:
        """:attr:`busy`."""
        return bool(self._jobs)
