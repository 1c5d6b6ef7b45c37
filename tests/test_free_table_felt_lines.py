"""The free table's line around the felt: drawn from cached corners and sides, the same
pixels as one ``pygame.draw.rect`` with rounded corners."""

from __future__ import annotations

import pygame
import pytest

from cardtable.games.free_table.ui.table import FELT_LINE_RADIUS, FELT_LINE_WIDTH, _rounded_frame
from cardtable.ui.theme import THEME


@pytest.mark.parametrize("size", [(1024, 640), (1366, 768), (1920, 1080), (300, 200), (40, 40)])
def test_the_felt_line_from_pieces_is_the_rounded_rect(app, size):
    drawn, pieced = (pygame.Surface(size, 0, app.screen) for _ in range(2))
    box = pygame.Rect(6, 6, size[0] - 12, size[1] - 12)
    for surface in (drawn, pieced):
        surface.fill(THEME.felt)
    pygame.draw.rect(drawn, THEME.felt_line, box, FELT_LINE_WIDTH, border_radius=FELT_LINE_RADIUS)
    corners, sides = _rounded_frame(box, FELT_LINE_WIDTH, FELT_LINE_RADIUS, app.screen)
    pieced.fblits(corners)
    for side in sides:
        pieced.fill(THEME.felt_line, side)
    assert pygame.image.tobytes(pieced, "RGB") == pygame.image.tobytes(drawn, "RGB")
