"""``pygame.transform.scale`` of a big picture on two cores: the top half scaled by the caller
while a helper thread scales the bottom half.

A wheel's frame is almost only the scale of the whole window (SDL's nearest-neighbour stretch,
0.67 ms at 1920x1080 here, where a blit of the window takes 0.35). pygame-ce lets go of the GIL
while SDL stretches, so two halves scale at once: 0.40 ms for the same picture, for 7% more
CPU in all (``python benchmarks/parallel_scale.py``). Each half is scaled on its own, so a row
of the result may come from the source row next to the one a single scale takes: at most one
row off, in a picture shown only while the zoom moves or until the new zoom's is painted.
"""

from __future__ import annotations

import os
import queue
import threading

import pygame

SPLIT_PIXELS = 400_000
"""Pictures smaller than this (destination pixels) are scaled in one piece: handing half to the
helper costs some 40 us, more than it saves below about this size (at 800x500, 400,000 pixels,
two halves took 0.119 ms against 0.132; at 560x360, 0.089 against 0.069)."""

_jobs: queue.SimpleQueue[tuple[pygame.Surface, tuple[int, int], pygame.Surface]] = queue.SimpleQueue()
_done: queue.SimpleQueue[BaseException | None] = queue.SimpleQueue()
_helper: list[threading.Thread] = []


def _work() -> None:
    """The helper thread: scale each job handed to it and say when it is done (or why not)."""
    while True:
        source, size, dest = _jobs.get()
        try:
            pygame.transform.scale(source, size, dest)
        except BaseException as error:  # handed back to the caller, who re-raises it
            _done.put(error)
        else:
            _done.put(None)


def _started() -> bool:
    """Whether the helper runs (started the first time; never on a one-core machine)."""
    if not _helper:
        if (os.cpu_count() or 1) < 2:
            return False
        thread = threading.Thread(target=_work, name="cardtable-scale", daemon=True)
        thread.start()
        _helper.append(thread)
    return True


def scale_into(source: pygame.Surface, size: tuple[int, int], dest: pygame.Surface) -> None:
    """``pygame.transform.scale(source, size, dest)`` (``dest`` of ``size``), the bottom half
    scaled by the helper thread when the picture is big enough to gain (see the module).
    Called from one thread at a time (the window's)."""
    width, height = size
    sw, sh = source.get_size()
    if width * height < SPLIT_PIXELS or height < 2 or sh < 2 or not _started():
        pygame.transform.scale(source, size, dest)
        return
    top = height // 2
    cut = min(max(1, round(top * sh / height)), sh - 1)
    _jobs.put((source.subsurface((0, cut, sw, sh - cut)), (width, height - top),
               dest.subsurface((0, top, width, height - top))))
    failed: BaseException | None = None
    try:
        pygame.transform.scale(source.subsurface((0, 0, sw, cut)), (width, top),
                               dest.subsurface((0, 0, width, top)))
    finally:
        # Wait for the helper even when this half failed: it is still writing into ``dest``.
        failed = _done.get()
    if failed is not None:
        raise failed
