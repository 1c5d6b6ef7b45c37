"""What a table view draws over its cached picture each frame (a mixin of
:class:`~cardtable.ui.table_view.TableView`): the hovered pile's highlight, stack counts,
grips, selection outlines and the cards held under the cursor.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from cardtable.engine.table import CARD_H, CARD_W, Pile, Table
from cardtable.engine.words import figure
from cardtable.ui.camera import Camera
from cardtable.ui.theme import THEME


class TableOverlays:
    """Drawing over the table's picture (see the module)."""

    if TYPE_CHECKING:
        def __getattr__(self, name: str) -> Any:
            """The view's own attributes (its layer, cache, camera helpers...)."""

    def _draw_highlight(self, surface: pygame.Surface, table: Table, camera: Camera, pid: int) -> None:
        pile = table.piles[pid]
        width = self.card_width(camera)
        height = int(round(width * CARD_H / CARD_W))
        sx, sy = self.to_screen(camera, pile.x, pile.y)
        pygame.draw.rect(surface, THEME.highlight, (sx - 2, sy - 2, width + 4, height + 4),
                         max(1, width // 40), border_radius=max(2, width // 12))

    def draw_counts(self, surface: pygame.Surface, table: Table, camera: Camera, fonts,
                    hidden: dict[int, int] | None = None) -> None:
        """Small badges with the number of cards on piles of more than one card."""
        width = self.card_width(camera)
        if width < 40:
            return
        hidden = hidden or {}
        size = max(11, width // 8)
        vx, vy, vw, vh = camera.view_rect()
        for pid in table.stacks:
            pile = table.piles[pid]
            if not (vx - CARD_W < pile.x < vx + vw and vy - CARD_H < pile.y < vy + vh):
                continue
            n = len(pile.cards) - hidden.get(pid, 0)
            if n > 1:
                sx, sy = self.to_screen(camera, pile.x, pile.y)
                img = fonts.render(figure(n), size, THEME.text, bold=True)  # "12,000", as everywhere
                r = img.get_rect(midtop=(sx + width // 2, sy + int(width * 1.4) + 4))
                pygame.draw.rect(surface, (0, 0, 0), r.inflate(10, 4), border_radius=r.height // 2)
                surface.blit(img, r)

    def grip_rect(self, camera: Camera, pile: Pile) -> pygame.Rect:
        """The "move pile" grip of a pile on screen: a small square at its top-right corner."""
        width = self.card_width(camera)
        g = max(14, min(26, width // 5))
        sx, sy = self.to_screen(camera, pile.x, pile.y)
        return pygame.Rect(sx + width - g - max(2, width // 30), sy + max(2, width // 30), g, g)

    def draw_grips(self, surface: pygame.Surface, table: Table, camera: Camera,
                   hidden: dict[int, int] | None = None, hot: int | None = None) -> None:
        """Draw the grip of every pile of more than one card in view (cards wide enough)."""
        if self.card_width(camera) < 40:
            return
        hidden = hidden or {}
        vx, vy, vw, vh = camera.view_rect()
        for pid in table.stacks:
            pile = table.piles[pid]
            if hidden.get(pid) or not (vx - CARD_W < pile.x < vx + vw and vy - CARD_H < pile.y < vy + vh):
                continue
            r = self.grip_rect(camera, pile)
            pygame.draw.rect(surface, THEME.button_hover if pid == hot else THEME.panel, r,
                             border_radius=max(2, r.w // 4))
            pygame.draw.rect(surface, THEME.highlight if pid == hot else THEME.border, r, 1,
                             border_radius=max(2, r.w // 4))
            dot = max(1, r.w // 10)
            for i in (1, 2, 3):
                for j in (1, 2, 3):
                    pygame.draw.circle(surface, THEME.text, (r.x + r.w * i // 4, r.y + r.h * j // 4), dot)

    def draw_outlines(self, surface: pygame.Surface, table: Table, camera: Camera, pids: set[int]) -> None:
        """Outline the piles of a selection that are in view (from a cached picture, see
        :mod:`~cardtable.ui.selection_outlines`)."""
        self.outlines.draw(surface, self, table, camera, pids)

    def draw_lifted(self, surface: pygame.Surface, table: Table, camera: Camera, pile: Pile, count: int,
                    screen_pos: tuple[int, int]) -> pygame.Rect:
        """Draw the top ``count`` cards of ``pile`` held under the cursor; returns the area drawn."""
        width = self.card_width(camera)
        height = int(round(width * CARD_H / CARD_W))
        x, y = screen_pos
        off = max(3, width // 16)
        shadow = pygame.Surface((width, height), pygame.SRCALPHA)
        pygame.draw.rect(shadow, THEME.shadow, shadow.get_rect(), border_radius=max(2, width // 12))
        surface.blit(shadow, (x + off, y + off))
        if count > 1:
            back = self.cache.back(table.deck, width)
            step = max(1, width // 40)
            for layer_no in range(min(3, count - 1), 0, -1):
                surface.blit(back, (x + layer_no * step, y + layer_no * step))
        surf = self.cache.get(table.deck, pile.cards[-1], pile.faces[-1], width, force=True)
        assert surf is not None  # force=True always draws
        surface.blit(surf, (x, y))
        return pygame.Rect(x, y, width + off + 3 * max(1, width // 40), height + off + 3 * max(1, width // 40))
