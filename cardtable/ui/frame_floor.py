"""What an empty frame costs on this machine, now: the yardstick of the work a frame may carry.

A frame that does a big step's queued work shows the last picture again and draws nothing, so
what it costs is that work; a fixed amount (1.2 ms) was sized against one machine's empty frame
(about 1.1 ms) and made such frames 3-4 times an empty one where that was 0.5-0.76 ms.
:class:`FrameFloor` times, every few seconds, what an empty frame is made of (a window-sized
fill and a window-sized blit, off screen), keeping the fastest of a few tries (a try the
machine interrupted is no measure of it), and takes the middle one of its last three measures.
"""

from __future__ import annotations

import time
from collections import deque

import pygame

from cardtable.ui.scaled_picture import screen_surface

EVERY_S = 5.0
"""Seconds a measure is kept (the machine's load changes; a measure costs about a floor)."""
TRIES = 3
"""Tries a measure takes; the fastest counts."""
KEPT = 3
"""Measures at the window's size the floor is the middle one of (the fastest while there are
fewer): one measure out of line either way does not count. A measure whose every try fell in a
slow spell of the machine (its tries are back to back, within about 2 ms) would otherwise set every
budget that follows the floor at up to four times its size for :data:`EVERY_S`. In one CPU-time
run of ``benchmarks/render.py`` (2026-12-01) the 12,000 group move took 8 frames instead of 23, for
the same 20 ms by the wall clock, and the held frames of both selection scenarios came to six empty
frames each; a measure fixed at three times the real one gives the same (9-10 frames, 5.2 times).
The fastest of the three would do for that, but it sits below the machine's usual measure (and
so would every budget, and a big step take more frames); a machine that stays slower is followed
after two measures, ten seconds."""


class FrameFloor:
    """The time of an empty frame at the window's size (see the module); ``fixed``: that
    time, never measured (tests)."""

    def __init__(self, fixed: float | None = None) -> None:
        self.fixed = fixed
        self._size: tuple[int, int] | None = None
        self._when = -EVERY_S
        self._seconds = 0.0
        self._kept: deque[float] = deque(maxlen=KEPT)  # the last measures at ``_size``
        self._surfaces: tuple[pygame.Surface, pygame.Surface] | None = None
        self.measures = 0
        """How many times it was measured (tests read it)."""

    def seconds(self, size: tuple[int, int]) -> float:
        """An empty frame's seconds at ``size``: the middle one of the last :data:`KEPT` measures
        there (see it), measured again when the last is older than :data:`EVERY_S`."""
        if self.fixed is not None:
            return self.fixed
        now = time.perf_counter()
        if size != self._size:
            self._kept.clear()
        if size != self._size or now - self._when > EVERY_S:
            self._kept.append(self._measure(size))
            self._seconds = sorted(self._kept)[(len(self._kept) - 1) // 2]
            self._size, self._when = size, time.perf_counter()
        return self._seconds

    def estimate(self, size: tuple[int, int]) -> float:
        """:meth:`seconds`, but at a size other than the last measure's, that measure scaled by
        the two sizes' areas: a measure at a new size makes two half-window surfaces (8 MB at
        1920x1080), too much for the frames of a resize, which draw faces with this budget."""
        if self.fixed is None and self._size is not None and size != self._size:
            area = self._size[0] * self._size[1]
            return self._seconds * (size[0] * size[1] / area if area else 1.0)
        return self.seconds(size)

    def _measure(self, size: tuple[int, int]) -> float:
        # Half a window each way round, twice: the surfaces cost half as much memory to keep.
        half = (size[0], max(1, size[1] // 2))
        if self._surfaces is None or self._surfaces[0].get_size() != half:
            self._surfaces = (screen_surface(half), screen_surface(half))
            # Written once untimed: a new surface's pages come in at its first write (a first
            # measure took 0.6-0.8 ms against 0.52 after, at 1920x1080, and a measure lasts
            # EVERY_S), and a source never written would be read from the kernel's one zero page.
            self._surfaces[0].fill((21, 94, 52))
            self._surfaces[1].blit(self._surfaces[0], (0, 0))
        source, target = self._surfaces
        self.measures += 1
        best = float("inf")
        for _ in range(TRIES):
            start = time.perf_counter()
            for _ in range(2):
                target.fill((21, 94, 52))
                target.blit(source, (0, 0))
            best = min(best, time.perf_counter() - start)
        return best


FRAME_FLOOR = FrameFloor()
"""The app's one measure (its surfaces are 8 MB at 1920x1080: one pair, not one a scene)."""
