"""A table view's cached picture repainted at a new zoom a slice at a time, off screen.

When the zoom settles at a new value the whole picture must be painted again: 12,000
swatches or 1,400 faces, 5-15 ms at once. A :class:`LayerBuild` paints it into a second
surface over several frames instead, each frame's slice limited to
:data:`BUILD_SLICE_S`, while the view keeps showing its old picture scaled; when the
build is done the view swaps the two surfaces and repairs whatever changed meanwhile.

The picture after a jump is built the same way from bands of the view instead of piles
(each band painted as a pan's strip is, felt and all: no query of the whole view at once).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pygame

from cardtable.engine.table import Pile

BUILD_SLICE_S = 0.0004
"""Seconds of painting a frame gives a build (at least one chunk is painted), for an empty frame
measured at :data:`~cardtable.ui.floor_budget.SIZED_FOR_S`: the table view follows it to the one
measured now (:func:`~cardtable.ui.floor_budget.follow_floor`); a frame painting a new zoom's
picture, the old one held, came to 2.0-2.2 empty frames with it at 1920x1080."""
BUILD_CHUNK = 400
"""Piles painted between two looks at the clock."""
FACE_CHUNK = 60
"""Piles painted between two looks at the clock where they show faces (a 29 px face's blit
and look-ups are about 3 us, a swatch's a fraction of that)."""

MAX_DAMAGE = 160
"""A change touching more places than this repaints the whole layer instead of each place."""

Piles = list[tuple[int, Pile]]
PaintSlice = Callable[[pygame.Surface, list[Any], dict[int, tuple[int, int, int, int]]], int | None]
"""Paints a chunk of what a build is made of (piles bottom to top, or bands of the view) onto a
surface, listing stand-ins in the given dict; returns the cards it painted when it counts them
(:attr:`LayerBuild.painted`), else None."""


class Shown:
    """The piles ``(id, pile)`` a build's painter painted a card of, listed while they are few
    (:func:`~cardtable.ui.sparse_picture.list_shown`; ``piles`` None once they are many). A
    holder of its own, not the build: a painter that held its build would make a cycle through
    the view, which the view's frozen objects never let the collector free."""

    __slots__ = ("piles",)

    def __init__(self) -> None:
        self.piles: list[Any] | None = []


class LayerBuild:
    """One picture under way: the piles to paint, bottom to top (or the bands), and how far it got.

    Attributes:
        key: what the finished picture shows ``(table id, zoom, size)``.
        origin: the camera's pixel offset the picture is painted for.
        revision: the table's revision its piles were taken at.
        surface: the picture (filled with the felt at the start, unless ``felt`` is ``None``:
            then each chunk's painting fills what it paints).
        pending: stand-ins painted in it, as the view lists them.
        pile_s: seconds a pile (or band) took to paint, a running mean (None before the first).
        painted: cards painted so far, when every chunk's painting counts them (else None).
        shown: the piles it painted a card of, when its painter lists them (else None).
        faces: whether it paints faces (smaller chunks: :data:`FACE_CHUNK`).
        chunk: how many piles (or bands) a chunk is when :meth:`step` is not told.
    """

    def __init__(self, key: tuple, origin: tuple[int, int], revision: int, surface: pygame.Surface,
                 felt: tuple[int, int, int] | None, piles: list[Any], paint: PaintSlice, *,
                 faces: bool = False, chunk: int | None = None, shown: Shown | None = None) -> None:
        self.key, self.origin, self.revision, self.surface = key, origin, revision, surface
        self.faces, self.chunk = faces, chunk
        self.pending: dict[int, tuple[int, int, int, int]] = {}
        self.pile_s: float | None = None  # seconds a pile (or band) took, a running mean
        self.painted: int | None = 0 if felt is not None else None
        self.shown = shown
        self._piles, self._paint, self._next = piles, paint, 0
        if felt is not None:
            surface.fill(felt)

    @property
    def left(self) -> int:
        """How many piles (or bands) are still to paint."""
        return len(self._piles) - self._next

    @property
    def done(self) -> bool:
        """Whether every pile (or band) is painted."""
        return self._next >= len(self._piles)

    def step(self, seconds: float | None = None, chunk_size: int | None = None) -> bool:
        """Paint chunks of ``chunk_size`` piles or bands (unless given, :attr:`chunk`, else
        :data:`BUILD_CHUNK`, at most :data:`FACE_CHUNK` for a build of faces; either no more than
        :attr:`pile_s` says the slice holds, a quarter before any pile is timed) for about
        ``seconds`` (:data:`BUILD_SLICE_S` unless given; one chunk at least, and no chunk begun
        that the last one's time says would end past it); whether done."""
        start = time.perf_counter()
        seconds = BUILD_SLICE_S if seconds is None else seconds
        deadline = start + seconds
        if chunk_size is None:
            chunk_size = self.chunk if self.chunk is not None else (
                min(BUILD_CHUNK, FACE_CHUNK) if self.faces else BUILD_CHUNK)
            if seconds > 0:
                # No more than the slice holds at the last piles' pace (a quarter chunk to time
                # them first): 400 swatches took 0.3 ms, past a slice of 0.15-0.2 ms once the
                # slices followed the floor.
                fits = chunk_size // 4 if self.pile_s is None else int(seconds / self.pile_s)
                chunk_size = max(1, min(chunk_size, fits))
        size = max(1, chunk_size)
        last = 0.0
        while not self.done:
            chunk = self._piles[self._next:self._next + size]
            drawn = self._paint(self.surface, chunk, self.pending)
            self.painted = None if drawn is None or self.painted is None else self.painted + drawn
            self._next += len(chunk)
            now = time.perf_counter()
            last, start = now - start, now
            each = last / len(chunk)
            self.pile_s = each if self.pile_s is None else 0.7 * self.pile_s + 0.3 * each
            if now + last > deadline:
                break
        return self.done

    @property
    def few_shown(self) -> list[Any] | None:
        """The piles the finished picture shows on bare felt, when its chunks counted their
        cards and its painter listed the few piles they showed (:attr:`shown`); else None."""
        if self.shown is None or not self.done or self.painted is None:
            return None
        return self.shown.piles

    def finish(self) -> None:
        """Paint the rest at once."""
        while not self.step(1.0):
            pass
