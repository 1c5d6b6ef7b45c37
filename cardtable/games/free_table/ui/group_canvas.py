"""The surface a big dragged group's picture is composed on, kept from one drag to the next.

A new window-sized surface cost 3.7-3.9 ms of CPU in the slice that made it (SDL zeroes its
8 MB as the memory first comes in), the slowest frame of a drag's lift; one reused costs
nothing (a drag of the same group, or of all the piles, again). :func:`lend` hands out the
kept surface when no picture made on it before is still alive (else a new one).
"""

from __future__ import annotations

import sys

import pygame

_kept: list[pygame.Surface] = []  # the surface kept (one at most)


def lend(size: tuple[int, int], like: pygame.Surface) -> pygame.Surface:
    """A surface of ``size`` in ``like``'s format, its pixels left as they were (the caller
    fills it): the kept one if it is that size and nothing else refers to it any more (the
    pictures made on it before are gone), else a new one, kept in its place when the kept one is
    free. (Not a part of a bigger kept surface: a window-sized blit from a subsurface took 1.2 ms
    against 0.5.)

    >>> screen = pygame.Surface((40, 30))
    >>> a = lend((20, 10), screen)
    >>> lend((20, 10), screen) is a  # (a still in use: a new one)
    False
    >>> del a
    >>> b = lend((20, 10), screen)
    >>> b is _kept[0], lend((30, 10), screen) is _kept[0]  # (b in use: not replaced)
    (True, False)
    >>> del b
    >>> c = lend((30, 10), screen)
    >>> c is _kept[0], c.get_size()
    (True, (30, 10))
    """
    kept = _kept[0] if _kept else None
    if kept is not None and sys.getrefcount(kept) > 3:  # (the list, this name, the call's argument)
        return pygame.Surface(size, 0, like)
    if (kept is None or kept.get_size() != size or kept.get_bitsize() != like.get_bitsize()
            or kept.get_masks() != like.get_masks()):
        kept = pygame.Surface(size, 0, like)
        _kept[:] = [kept]
    return kept


def release() -> None:
    """Let the kept surface go (the table it served leaves)."""
    _kept.clear()
