"""Work longer than a frame, done a slice at a time: the free table's big steps.

A spread, gather, undo or redo of 12,000 cards, the listing of its piles in the grid
index and the building of its flight take tens of milliseconds together. The scene
queues them (:class:`~cardtable.ui.work_queue.WorkQueue`) as generators, each ``next``
one slice of a fraction of a millisecond, and runs slices for 1.2 ms of each frame
(:func:`slice_budget`), showing the last picture meanwhile.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TypeVar

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

def job_steps(job: TableJob[T]) -> Generator[None, None, T]:
    """A table job's remaining slices as a generator whose value is the job's result."""
    while not job.step():
        yield
    return job.result
