"""The surface a big dragged group's picture is composed on, kept from one drag to the next.

A new window-sized surface cost 3.7-3.9 ms of CPU in the slice that made it (SDL zeroes its
8 MB as the memory first comes in), the slowest frame of a drag's lift; one reused costs
nothing. :func:`lend` hands out a part of the kept surface while no picture made on it
before is still alive (else a new one, not kept).
"""

from __future__ import annotations

import weakref

import pygame

_kept: list[pygame.Surface] = []  # the surface kept (one at most)
_lent: list[weakref.ref[pygame.Surface]] = []  # the part of it lent last


def lend(size: tuple[int, int], like: pygame.Surface) -> pygame.Surface:
    """A surface of ``size`` in ``like``'s format, its pixels left as they were (the caller
    fills it): a part of the kept surface, which grows to ``size`` and ``like``'s size if
    smaller, when nothing lent from it is still in use; else a new one.

    >>> screen = pygame.Surface((40, 30))
    >>> a = lend((20, 10), screen)
    >>> a.get_size(), a.get_parent() is not None
    ((20, 10), True)
    >>> b = lend((20, 10), screen)  # (a still in use)
    >>> b.get_parent() is None
    True
    >>> del a
    >>> c = lend((50, 10), screen)
    >>> c.get_parent().get_size()
    (50, 30)
    """
    if _lent and _lent[0]() is not None:
        return pygame.Surface(size, 0, like)
    kept = _kept[0] if _kept else None
    if (kept is None or kept.get_width() < size[0] or kept.get_height() < size[1]
            or kept.get_bitsize() != like.get_bitsize() or kept.get_masks() != like.get_masks()):
        width, height = like.get_size()
        kept = pygame.Surface((max(size[0], width), max(size[1], height)), 0, like)
        _kept[:] = [kept]
    part = kept.subsurface((0, 0, *size))
    _lent[:] = [weakref.ref(part)]
    return part


def release() -> None:
    """Let the kept surface go (the table it served leaves)."""
    _kept.clear()
    _lent.clear()
