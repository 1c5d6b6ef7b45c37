"""The table view's fixed budgets of work a frame, followed to the empty frame measured now.

The view spreads long work over frames in slices of fixed seconds: a new zoom's picture
(:data:`~cardtable.ui.layer_build.BUILD_SLICE_S`), a jump's (``JUMP_SLICE_S``), faces meanwhile
(``JUMP_FACES_S``), a big step's picture (``PREPARE_SLICE_S``), faces ahead of a pan
(``PREFETCH_S``). Each was sized on one machine so that such a frame comes to about two empty
frames there; a fixed figure makes it three to four on a machine twice as fast and leaves a slow
one's work crawling. :func:`follow_floor` scales each by the empty frame measured now
(:class:`~cardtable.ui.frame_floor.FrameFloor`) against the one they were sized for.
"""

from __future__ import annotations

SIZED_FOR_S = 0.0011
"""The measured empty frame the view's budgets were sized for: about 1.1 ms, on the machine
where they were set. Where :class:`~cardtable.ui.frame_floor.FrameFloor` now reads 0.55-0.62 ms
at 1920x1080 they come to about half: a frame's total is its own cost plus the budget, and the
whole figures put frames painting a jump's bands, a new size's picture or a new zoom's at 3-4
times ``benchmarks/render.py``'s empty frame (0.47 ms median; the measure, the fastest of a few
off-screen tries filled with the felt's green, reads 1.2-1.3 times that). Halved, the resize's
frames after its own came to about one empty frame and those after a jump's fill from 1.3-1.5 to
1.0-1.4 ms (medians); a 12,000 selection's flip or undo takes a few more frames at worst."""
MOST = 4.0
"""The most a budget grows, in times its own figure (a machine that slow gets many frames anyway)."""


def follow_floor(seconds: float, floor: float | None) -> float:
    """``seconds`` of a budget sized for :data:`SIZED_FOR_S`, for an empty frame of ``floor``
    seconds (unchanged when it is not measured; at most :data:`MOST` times as much).

    >>> follow_floor(0.0004, None), follow_floor(0.0004, 0.0011)
    (0.0004, 0.0004)
    >>> round(follow_floor(0.0004, 0.00055), 6), round(follow_floor(0.0004, 0.1), 6)
    (0.0002, 0.0016)
    """
    if floor is None:
        return seconds
    return min(MOST * seconds, seconds * floor / SIZED_FOR_S)
