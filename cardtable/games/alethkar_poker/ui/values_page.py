"""The help overlay's value table for Alethkar Poker: every row of the source's table
with an example, and how a hand is counted."""

from __future__ import annotations

import pygame

from cardtable.games.alethkar_poker.values import VALUE_TABLE
from cardtable.ui.theme import THEME

NOTES = (
    "A hand is split into these combinations, each card counted once; the cards left over",
    "count at their single values. The hand is worth the largest total of any split.",
    "Example: A♠ A♥ A♦ K♠ Q♠ is Triple Aces 92 + King 6 + Queen 5 = 103; keeping the",
    "spade flush A♠ K♠ Q♠ 5♠ 3♠ instead would only be worth 100.",
)


SHORT = {
    "Ace, King, Queen, Jack, 10 of same suit": "A K Q J 10, one suit",
    "Five consecutive cards of same suit": "Five in a row, one suit",
    "Five cards in consecutive order": "Five in a row",
    "Five cards in the same suit": "Five of one suit",
}
"""Shorter names for the five-card rows, for narrow windows."""


class AlethkarValuesPage:
    """Draws the value table in three columns (the table is long but every row is short)."""

    title = "Values"

    def __init__(self, app, variant=None) -> None:
        self.app = app

    def row_height(self) -> int:
        """Pixels per row."""
        return self.app.px(24)

    def _rows_per_column(self) -> int:
        return (len(VALUE_TABLE) + 2) // 3

    def content_height(self) -> int:
        """The page's height (for scrolling)."""
        return self.row_height() * (self._rows_per_column() + 1) + self.app.px(22) * (len(NOTES) + 1)

    def draw(self, surface: pygame.Surface, body: pygame.Rect, scroll: int) -> None:
        """Paint the notes and the table inside ``body``."""
        px, fonts = self.app.px, self.app.fonts
        clip = surface.get_clip()
        surface.set_clip(body)
        y = body.y - scroll
        for line in NOTES:
            surface.blit(fonts.render(line, px(15), THEME.text), (body.x, y))
            y += px(22)
        y += px(12)
        per = self._rows_per_column()
        col_w = body.width // 3
        rh = self.row_height()
        for i, (name, value) in enumerate(VALUE_TABLE):
            col, row = divmod(i, per)
            x = body.x + col * col_w
            top = y + row * rh
            if row % 2 == 0:
                pygame.draw.rect(surface, THEME.field, (x, top, col_w - px(12), rh))
            label = name
            if fonts.font(px(14)).size(label)[0] > col_w - px(70):
                label = SHORT.get(name, name)
            surface.blit(fonts.render(label, px(14), THEME.text), (x + px(6), top + px(3)))
            number = fonts.render(str(value), px(14), THEME.highlight, bold=True)
            surface.blit(number, number.get_rect(topright=(x + col_w - px(20), top + px(3))))
        surface.set_clip(clip)
