"""What a click or a key asks of a list of rows, one highlighted (the menu's variants,
the saved games): both screens read their list's events here."""

from __future__ import annotations

from collections.abc import Sequence

import pygame


def list_move(event: pygame.event.Event, rows: Sequence[tuple[int, pygame.Rect]],
              selected: int) -> tuple[bool, int] | None:
    """``(True, i)``: open row ``i`` (a click on the highlighted row, or Enter);
    ``(False, i)``: highlight row ``i`` (a click on another row, Up or Down); None when
    the event is not for the list. ``rows``: the index and box of each row shown."""
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        for i, row in rows:
            if row.collidepoint(event.pos):
                return i == selected, i
        return None
    if event.type == pygame.KEYDOWN:
        if event.key in (pygame.K_DOWN, pygame.K_UP):
            return False, selected + (1 if event.key == pygame.K_DOWN else -1)
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return True, selected
    return None
