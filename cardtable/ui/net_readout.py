"""F3's network lines at a networked table: stacked above the frame time, in the table's
free corner (:meth:`~cardtable.ui.game_table.GameTableScene.readout_corner`), so they
cover neither the log panel nor the hosting badge.

The host's window and a remote player's show the same round trip, worded alike
(:func:`round_trip_text`): a ping's, from writing it to reading its answer on the
network's thread (the host pings each player; a player pings the host), never a
frame's wait."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from cardtable.ui.theme import THEME

__all__ = ["draw_readout_lines", "round_trip_text", "ms_text"]

_SIZE = 13
_FRAME_TIME_SIZE = 14  # the app's frame-time line, which sits at the corner itself


def ms_text(value: float | None) -> str:
    """Milliseconds as F3 shows them ("0.70 ms", "16 ms"; "–" when unknown)."""
    if value is None:
        return "–"
    return f"{value:.2f} ms" if value < 10 else f"{value:.0f} ms"


def round_trip_text(value: float | None) -> str:
    """The round trip as both ends' F3 says it: "round trip 0.70 ms"."""
    return f"round trip {ms_text(value)}"


def draw_readout_lines(table: Any, surface: pygame.Surface, lines: Sequence[str]) -> list[pygame.Rect]:
    """Draw ``lines`` (top to bottom) right-aligned above the frame-time line at the
    table's readout corner; the boxes drawn."""
    px, fonts = table.app.px, table.app.fonts
    right, bottom = table.readout_corner()
    bottom -= fonts.size_of("0", px(_FRAME_TIME_SIZE))[1] + 6 + 2
    boxes = []
    for line in reversed(lines):
        img = fonts.render(line, px(_SIZE), THEME.highlight)
        box = img.get_rect(bottomright=(right, bottom)).inflate(12, 4)
        pygame.draw.rect(surface, (0, 0, 0), box, border_radius=4)
        surface.blit(img, img.get_rect(center=box.center))
        boxes.append(box)
        bottom = box.top - 2
    return boxes[::-1]
