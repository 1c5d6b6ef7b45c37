"""The free table's status line (deck, piles, zoom, the card under the cursor) and the
magnified card Alt shows: what is drawn over the felt about the pile under the cursor."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from cardtable.ui.table_view import snap_width
from cardtable.ui.text import figure, plural
from cardtable.ui.theme import THEME


class StatusLine:
    """Mixed into the free table's scene, whose table, camera, view, mouse, hand bar and
    tool bar it reads."""

    _status_rect: pygame.Rect | None

    if TYPE_CHECKING:
        def __getattr__(self, name: str) -> Any:
            """The scene's own attributes (its table, camera, view, mouse, bars)."""

    def _draw_status(self, surface: pygame.Surface, hover: int | None) -> None:
        table = self.table
        on_felt = len(table.piles) - len(table.hands)
        parts = [table.deck.name, plural(on_felt, "pile"),
                 f"zoom {self.camera.zoom * 100:.0f}%"]
        if hover is not None:
            pile = table.piles[hover]
            card = table.deck.cards[pile.top]
            # A face-down card's name is hidden information: never show it.
            parts.append(card.name if pile.top_face_up else "face down")
            if len(pile.cards) > 1:
                parts.append(f"pile of {figure(len(pile.cards))}")
        text = "   ·   ".join(parts)
        img = self.app.fonts.render(text, self.app.px(14), THEME.text)
        bar = self.hand_bar()
        bottom = bar.rect.top if bar is not None else surface.get_height()
        r = img.get_rect(bottomleft=(self.app.px(12), bottom - self.app.px(8)))
        bg = r.inflate(self.app.px(14), self.app.px(6))
        pygame.draw.rect(surface, THEME.felt_dark, bg, border_radius=bg.height // 2)
        surface.blit(img, r)
        self._status_rect = bg

    def toast_avoid(self) -> pygame.Rect | None:
        """The status line as last drawn: the app's toast goes above it where they would
        meet (a narrow window, a long line)."""
        return self._status_rect

    def _draw_magnifier(self, surface: pygame.Surface, pid: int) -> None:
        pile = self.table.piles[pid]
        width = min(snap_width(surface.get_height() * 0.45 / 1.4), 420)
        img = self.view.cache.get(self.table.deck, pile.top, pile.top_face_up, width, force=True)
        x = self.mouse[0] + 24
        if x + img.get_width() > surface.get_width():
            x = self.mouse[0] - 24 - img.get_width()
        y = min(max(self.toolbar_height() + 8, self.mouse[1] - img.get_height() // 2),
                surface.get_height() - img.get_height() - 8)
        surface.blit(img, (x, y))

