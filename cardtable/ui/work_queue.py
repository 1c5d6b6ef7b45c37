"""Generators run a slice at a time within a time budget per frame: work longer than a frame
(a big step of the free table, letting go of a big table) spread over frames that stay short.

A slice's cost is foretold from where its work stands (:func:`where`: the code and instruction
its innermost generator waits at, the same for each slice a loop makes): :class:`WorkQueue`
runs the next slice only if, as long as the last ones from there took (:data:`SEEN`), it would
end by the frame's deadline. Checked after each slice instead, a frame ran as far past its deadline as its
last slice was long (slices of 0.1-1.4 ms: held frames' slowest twentieth 3.3-3.6 times an
empty frame where their median was 2.5 times).
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Iterator
from typing import Any

NEXT_FRAME = object()
"""Yielded by queued work to end this frame's share of the work: what follows starts the
next frame's (a slice that takes a frame of its own)."""
SEEN = 3
"""Slices from a place its foretold cost looks back on: the middle one counts (of two, the
dearer). One the machine interrupted is no measure: the dearest of the last few, halved
toward each cheaper one after it, stopped frames early for several slices after each such
interruption on a loaded machine, a big step taking a fifth more frames."""
SLICE_COSTS: dict[object, tuple[float, ...]] = {}
"""By place (see :func:`where`): the foretold seconds of its next slice, then those of its last
:data:`SEEN`; shared by the queues timed with the wall clock (the app's scenes do the same work
in the same places)."""
_UNSEEN = (0.0,)


def where(steps: Iterator[Any]) -> object:
    """Where queued work stands: the code and instruction its innermost generator waits at,
    following ``yield from`` and an iterator's ``inner`` (the generator it runs a slice of
    at each ``next``, as :func:`~cardtable.games.free_table.ui.work.job_steps` has).

    >>> def inner():
    ...     yield
    ...     yield
    >>> def outer():
    ...     yield from inner()
    >>> steps = outer(); next(steps)
    >>> where(steps) == where(steps) and where(steps)[0].co_name
    'inner'
    """
    at: Any = steps
    while True:
        inner = getattr(at, "gi_yieldfrom", None)
        if inner is None:
            inner = getattr(at, "inner", None)
        if inner is None:
            break
        at = inner
    frame = getattr(at, "gi_frame", None)
    return type(at) if frame is None else (frame.f_code, frame.f_lasti)


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

    def __init__(self, clock: Callable[[], float] = time.perf_counter,
                 costs: dict[object, tuple[float, ...]] | None = None, after: Callable[[], None] | None = None) -> None:
        self._jobs: deque[tuple[Iterator[Any], Callable[[Any], None] | None]] = deque()
        self._clock = clock
        self.after = after
        """Called after each slice (the free table freezes what the slice made)."""
        self._costs = costs if costs is not None else SLICE_COSTS if clock is time.perf_counter else {}

    @property
    def busy(self) -> bool:
        """True while some work is left."""
        return bool(self._jobs)

    def add(self, steps: Iterator[Any], then: Callable[[Any], None] | None = None) -> None:
        """Queue ``steps``; ``then`` gets its value when it ends."""
        self._jobs.append((steps, then))

    def run(self, deadline: float, fresh: bool = True) -> bool:
        """Run slices while the next would likely end by ``deadline`` (a ``clock`` time), each
        as long as the last ones from the same place (:func:`where`, :data:`SEEN`); if ``fresh`` (the frame's
        first call), the first whatever it costs, none if the deadline has passed already.
        True once nothing is left."""
        costs, ran = self._costs, not fresh
        while self._jobs:
            steps, then = self._jobs[0]
            at = where(steps)
            start = self._clock()
            if start > deadline or (ran and start + costs.get(at, _UNSEEN)[0] > deadline):
                break
            ran = True
            try:
                mark = next(steps)
            except StopIteration as stop:
                self._jobs.popleft()
                if then is not None:
                    then(stop.value)
                mark = None
            except BaseException:
                self._jobs.popleft()
                raise
            if self.after is not None:
                self.after()
            seen = costs.get(at, _UNSEEN)[1:][1 - SEEN:] + (self._clock() - start,)
            costs[at] = (sorted(seen)[len(seen) // 2], *seen)
            if mark is NEXT_FRAME:
                break
        return not self._jobs

    def finish(self) -> None:
        """Run everything left now (tests, and leaving the table)."""
        while not self.run(float("inf")):
            pass

    def __bool__(self) -> bool:
        """:attr:`busy`."""
        return bool(self._jobs)
