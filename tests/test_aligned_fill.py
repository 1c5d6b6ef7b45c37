"""The felt fill that blits a row's unaligned first pixels: the same pixels as a plain fill."""

from __future__ import annotations

import pygame
import pytest

from cardtable.ui.scaled_picture import aligned_fill

RECTS = [(0, 0, 640, 480), (1, 0, 639, 480), (1795 % 640, 70, 125, 400), (5, 5, 3, 3), (15, 0, 1, 480),
         (17, 9, 200, 1), (600, 470, 100, 100), (-20, -5, 50, 50), (0, 0, 0, 10), (633, 2, 7, 7)]


def _surfaces() -> list[pygame.Surface]:
    plain = pygame.Surface((640, 480))
    alpha = pygame.Surface((640, 480), pygame.SRCALPHA)
    keyed = pygame.Surface((640, 480))
    keyed.set_colorkey((1, 2, 3))
    odd_pitch = pygame.Surface((641, 480))
    return [plain, alpha, keyed, odd_pitch, plain.subsurface((3, 7, 600, 400))]


@pytest.mark.parametrize("rect", RECTS)
@pytest.mark.parametrize("kind", range(5))
def test_an_aligned_fill_colours_what_a_plain_fill_colours(rect, kind):
    got, want = _surfaces()[kind], _surfaces()[kind]
    for surface in (got, want):
        surface.fill((200, 100, 50, 255))
    aligned_fill(got, (21, 94, 52), pygame.Rect(rect))
    want.fill((21, 94, 52), rect)
    assert pygame.image.tobytes(got, "RGBA") == pygame.image.tobytes(want, "RGBA")


def test_a_taller_fill_after_a_short_one_fills_every_row():
    """The column of felt kept for the unaligned pixels grows when a taller band needs it."""
    aligned_fill(pygame.Surface((64, 10)), (9, 8, 7), pygame.Rect(3, 0, 20, 10))
    surface = pygame.Surface((64, 2000))
    surface.fill((0, 0, 0))
    aligned_fill(surface, (9, 8, 7), pygame.Rect(3, 0, 20, 2000))
    assert all(surface.get_at((x, y))[:3] == (9, 8, 7) for x in (3, 12, 22) for y in (0, 999, 1999))
    assert surface.get_at((2, 1999))[:3] == (0, 0, 0) and surface.get_at((23, 1999))[:3] == (0, 0, 0)
