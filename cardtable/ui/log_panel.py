"""The log panel: what the table saw, newest at the bottom, as one seat may read it."""

from __future__ import annotations

import pygame

from cardtable.ui.text import wrap_font
from cardtable.ui.theme import THEME


class LogPanel:
    """Draws the last lines of a log that fit in ``rect``; the wheel scrolls back."""

    def __init__(self, app, rect: pygame.Rect) -> None:
        self.app, self.rect = app, pygame.Rect(rect)
        self.back = 0  # lines scrolled back from the newest
        self._painted: tuple[tuple, pygame.Surface] | None = None

    def handle(self, event: pygame.event.Event) -> bool:
        """Scroll with the wheel over the panel."""
        if event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(getattr(event, "pos", (-1, -1))):
            self.back = max(0, self.back + int(event.y) * 3)
            return True
        return False

    def draw(self, surface: pygame.Surface, lines: list[str]) -> None:
        """Paint the panel with ``lines`` (already filtered for the viewer).

        A still log is one blit: the panel is painted again only when what it would
        show changes (a Flame Sword hand logs a hundred lines and more).
        """
        recent = lines[-200:]
        key = (tuple(recent), tuple(self.rect), self.back, surface.get_size())
        if self._painted is not None and self._painted[0] == key:
            surface.blit(self._painted[1], self.rect)
            return
        self._paint(surface, recent)
        if self.rect.clip(surface.get_rect()) == self.rect:
            self._painted = (key, surface.subsurface(self.rect).copy())

    def row_top_below(self, y: int) -> int:
        """The top of the first row of text that starts at or below ``y`` (what covers the
        log's top down to ``y`` covers the rest of a row cut across down to here too)."""
        px = self.app.px
        top, line_h = self.rect.y + px(8), int(px(14) * 1.35)
        return top + max(0, -(-(y - top) // line_h)) * line_h

    def _paint(self, surface: pygame.Surface, lines: list[str]) -> None:
        px, fonts = self.app.px, self.app.fonts
        pygame.draw.rect(surface, THEME.panel, self.rect, border_radius=px(10))
        size = px(14)
        font = fonts.font(size)
        line_h = int(size * 1.35)
        inner = self.rect.inflate(-px(16), -px(16))
        rows: list[str] = []
        for line in lines:
            rows.extend(wrap_font(line, inner.width, font) or [""])
        fit = max(1, inner.height // line_h)
        self.back = min(self.back, max(0, len(rows) - fit))
        shown = rows[max(0, len(rows) - fit - self.back): len(rows) - self.back]
        y = inner.y
        for i, row in enumerate(shown):
            newest = self.back == 0 and i == len(shown) - 1
            surface.blit(fonts.render(row, size, THEME.text if newest else THEME.text_dim), (inner.x, y))
            y += line_h
