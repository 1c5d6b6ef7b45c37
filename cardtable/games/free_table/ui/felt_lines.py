"""The rounded line around the free table's felt, as pictures made once a window size."""

from __future__ import annotations

import pygame

from cardtable.ui.theme import THEME

FELT_LINE_WIDTH = 2
FELT_LINE_RADIUS = 18


def _rounded_frame(box: pygame.Rect, width: int, radius: int, like: pygame.Surface
                   ) -> tuple[list[tuple[pygame.Surface, tuple[int, int]]], list[pygame.Rect]]:
    """The outline of ``box`` with rounded corners as four corner pictures to blit (colour-keyed,
    in the format of ``like``) and the rectangles of its four sides to fill."""
    r = max(0, min(radius, box.w // 2, box.h // 2))
    key = (255, 0, 255)
    corner = pygame.Surface((2 * r, 2 * r), 0, like)
    corner.fill(key)
    pygame.draw.rect(corner, THEME.felt_line, (0, 0, 2 * r, 2 * r), width, border_radius=r)
    corner.set_colorkey(key)
    places = [((0, 0), (box.left, box.top)), ((r, 0), (box.right - r, box.top)),
              ((0, r), (box.left, box.bottom - r)), ((r, r), (box.right - r, box.bottom - r))]
    corners = [(corner.subsurface((cx, cy, r, r)), at) for (cx, cy), at in places]
    sides = [pygame.Rect(box.left + r, box.top, box.w - 2 * r, width),
             pygame.Rect(box.left + r, box.bottom - width, box.w - 2 * r, width),
             pygame.Rect(box.left, box.top + r, width, box.h - 2 * r),
             pygame.Rect(box.right - width, box.top + r, width, box.h - 2 * r)]
    return corners, sides
