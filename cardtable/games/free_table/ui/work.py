"""Work longer than a frame, done a slice at a time: the free table's big steps.

A spread, gather, undo or redo of 12,000 cards, the listing of its piles in the grid
index and the building of its flight take tens of milliseconds together. The scene
queues them (:class:`~cardtable.ui.work_queue.WorkQueue`) as generators, each ``next``
one slice of a fraction of a millisecond, and runs slices for a few times an empty frame's
time each frame (:func:`slice_budget`), showing the last picture meanwhile.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import TypeVar

from cardtable.engine.table import TableJob

WORK_BUDGET_S = 0.0012
"""Seconds of queued work a frame runs when the empty frame's cost is not known (see
:func:`slice_budget`)."""
FLOOR_SHARE = 2.5
"""Queued work a frame runs, in empty frames (:class:`~cardtable.ui.frame_floor.FrameFloor`):
such a frame costs that work and a little more (it draws nothing), so it stays within three
times an empty one on a fast machine as on a slow one (a fixed 1.2 ms, sized against an empty
frame of about 1.1 ms, put them at 3-4 times one of 0.5-0.76 ms). The measure is a fill and a
blit, the fastest of a few tries, while the bar is an empty frame's 95th percentile (with its
event pump and flip: 1.2-1.4 times it), so a held frame comes to about 2-2.5 times that; twice
the measure left a group move of 12,000 piles (about 30 ms of work) taking input after about 30
frames. On a loaded machine the measure can catch a busy moment: held frames then come nearer
three times the floor measured at another one."""
MIN_BUDGET_S = 0.0004
"""The least work a frame runs (a big step must end within some tens of frames)."""
MAX_BUDGET_S = 0.004
"""The most work a frame runs, however slow an empty frame."""


def slice_budget(dt: float, floor: float | None = None) -> float:
    """Seconds of queued work for a frame of ``dt`` seconds (the same at any frame rate: frames
    run back to back while work is queued): :data:`FLOOR_SHARE` times ``floor``, an empty
    frame's seconds, within :data:`MIN_BUDGET_S` and :data:`MAX_BUDGET_S`; without it
    :data:`WORK_BUDGET_S`.

    >>> slice_budget(1 / 60), slice_budget(1 / 144), slice_budget(1 / 60, 0.0004)
    (0.0012, 0.0012, 0.001)
    >>> slice_budget(1 / 60, 0.00001), slice_budget(1 / 60, 0.1)
    (0.0004, 0.004)
    """
    if floor is None:
        return WORK_BUDGET_S
    return min(MAX_BUDGET_S, max(MIN_BUDGET_S, FLOOR_SHARE * floor))


T = TypeVar("T")

def job_steps(job: TableJob[T], between: Callable[[], None] | None = None) -> Generator[None, None, T]:
    """A table job's remaining slices as a generator whose value is the job's result;
    ``between`` is called after each slice (the scene freezes what the slice made, see
    :meth:`~cardtable.games.free_table.ui.big_steps.BigSteps.begin`)."""
    while not job.step():
        if between is not None:
            between()
        yield
    return job.result
