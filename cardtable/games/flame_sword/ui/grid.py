"""The Flame Sword grid on screen: 100 cards in a 10 x 10 block, row and column numbers at
its edges, hit tests for cells and lines, and outlines for lines and cards.

The grid only draws what it is given (face-up cards, ``None`` for face down), so it
cannot show a hidden card. Faces come from the table's :class:`FaceCache` at one
width, so after the first frame a grid is 100 cached blits.
"""

from __future__ import annotations

import pygame

from cardtable.games.flame_sword.rules import GRID_SIDE
from cardtable.games.flame_sword.state import line_cells_of
from cardtable.ui.faces import SWATCH_BELOW
from cardtable.ui.theme import THEME

LINE_COLOURS = ((255, 220, 80), (110, 200, 255), (255, 130, 200), (150, 235, 120),
                (255, 160, 90), (190, 150, 255), (120, 235, 220), (240, 240, 240))
"""Outline colours of the seats' lines at the showdown (by seat)."""


class GridView:
    """Where the grid's cells and labels are, and how to draw them.

    ``place(area)`` fits the grid (with its labels) into ``area``; the cells are then
    in :attr:`cells` (row by row) and the labels in :attr:`row_labels` and
    :attr:`column_labels`.
    """

    def __init__(self, app, faces, deck) -> None:
        self.app, self.faces, self.deck = app, faces, deck
        self.cells: list[pygame.Rect] = []
        self.row_labels: list[pygame.Rect] = []
        self.column_labels: list[pygame.Rect] = []
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.card_width = 20

    def place(self, area: pygame.Rect) -> None:
        """Fit the grid and its labels into ``area``, centred."""
        px = self.app.px
        label = px(18)
        gap = max(2, px(3)) if area.height > 400 else 2
        width_fit = (area.width - label - gap * (GRID_SIDE - 1)) / GRID_SIDE
        height_fit = ((area.height - label - gap * (GRID_SIDE - 1)) / GRID_SIDE) / 1.4
        cw = max(SWATCH_BELOW, int(min(width_fit, height_fit)))  # below that a card is a mere swatch
        ch = round(cw * 1.4)
        self.card_width = cw
        total_w = GRID_SIDE * cw + (GRID_SIDE - 1) * gap
        total_h = GRID_SIDE * ch + (GRID_SIDE - 1) * gap
        left = area.centerx - (total_w + label) // 2 + label
        top = area.centery - (total_h + label) // 2 + label
        self.rect = pygame.Rect(left, top, total_w, total_h)
        self.cells = [pygame.Rect(left + c * (cw + gap), top + r * (ch + gap), cw, ch)
                      for r in range(GRID_SIDE) for c in range(GRID_SIDE)]
        self.row_labels = [pygame.Rect(left - label - gap, self.cells[r * GRID_SIDE].y, label, ch)
                           for r in range(GRID_SIDE)]
        self.column_labels = [pygame.Rect(self.cells[c].x, top - label - gap, cw, label)
                              for c in range(GRID_SIDE)]

    # -- hit tests --------------------------------------------------------------------------
    def cell_at(self, pos: tuple[int, int]) -> int | None:
        """The cell under ``pos``, or None."""
        if not self.rect.collidepoint(pos):
            return None
        for i, rect in enumerate(self.cells):
            if rect.collidepoint(pos):
                return i
        return None

    def line_at(self, pos: tuple[int, int]) -> str | None:
        """The line ("row 3", "column 7") whose number is under ``pos``, or None."""
        for i, rect in enumerate(self.row_labels):
            if rect.inflate(4, 0).collidepoint(pos):
                return f"row {i + 1}"
        for i, rect in enumerate(self.column_labels):
            if rect.inflate(0, 4).collidepoint(pos):
                return f"column {i + 1}"
        return None

    def line_rect(self, line: str) -> pygame.Rect:
        """The rectangle round a line's ten cells."""
        cells = line_cells_of(line)
        return self.cells[cells[0]].union(self.cells[cells[-1]])

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, grid: list[int | None], *, hover_cell: int | None = None,
             last_flipped: int | None = None, lit_line: str | None = None) -> None:
        """Draw the cards (face-up faces, backs for ``None``; empty slots before the deal),
        the row and column numbers, and marks for the hovered cell and the last flip."""
        px, fonts = self.app.px, self.app.fonts
        cw = self.card_width
        if not grid:
            for rect in self.cells:
                pygame.draw.rect(surface, THEME.felt_dark, rect, 1, border_radius=max(2, cw // 8))
        else:
            surface.blit(self._card_layer(grid), self.rect)
        size = max(10, px(13))
        for i, rect in enumerate(self.row_labels):
            lit = lit_line == f"row {i + 1}"
            img = fonts.render(str(i + 1), size, THEME.highlight if lit else THEME.text_dim, bold=lit)
            surface.blit(img, img.get_rect(center=rect.center))
        for i, rect in enumerate(self.column_labels):
            lit = lit_line == f"column {i + 1}"
            img = fonts.render(str(i + 1), size, THEME.highlight if lit else THEME.text_dim, bold=lit)
            surface.blit(img, img.get_rect(center=rect.center))
        if last_flipped is not None and grid:
            pygame.draw.rect(surface, THEME.accent, self.cells[last_flipped].inflate(4, 4), 2,
                             border_radius=max(2, cw // 8))
        if hover_cell is not None:
            pygame.draw.rect(surface, THEME.focus, self.cells[hover_cell].inflate(4, 4), 3,
                             border_radius=max(2, cw // 8))

    def _card_layer(self, grid: list[int | None]) -> pygame.Surface:
        """The 100 cards as one surface, painted again only when a card turns or the size
        changes (a still grid is one blit a frame, not a hundred)."""
        key = (tuple(grid), tuple(self.rect), self.card_width)
        cached = getattr(self, "_layer", None)
        if cached is not None and cached[0] == key:
            return cached[1]
        layer = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        back = self.faces.back(self.deck, self.card_width)
        for cell, card in enumerate(grid):
            rect = self.cells[cell].move(-self.rect.x, -self.rect.y)
            face = back if card is None else self.faces.get(self.deck, card, True, self.card_width, force=True)
            layer.blit(face, rect)
        self._layer = (key, layer)
        return layer

    def outline_line(self, surface: pygame.Surface, line: str, colour, width: int, inset: int = 0) -> None:
        """A frame round a line (``inset`` pixels further out, so several can show)."""
        rect = self.line_rect(line).inflate(6 + 2 * inset, 6 + 2 * inset)
        pygame.draw.rect(surface, colour, rect, width, border_radius=self.app.px(6))

    def mark_cards(self, surface: pygame.Surface, grid: list[int | None], cards: set[int], colour,
                   line: str | None = None) -> None:
        """Frame the grid cells holding any of ``cards`` (the cards a hand uses) and, in its
        ``line``, shade the cards it leaves out: the ten that count stand out."""
        box = self.line_rect(line) if line else None
        for cell, card in enumerate(grid):
            rect = self.cells[cell]
            if card is not None and card in cards:
                pygame.draw.rect(surface, colour, rect.inflate(2, 2), 2, border_radius=max(2, self.card_width // 8))
            elif box is not None and box.contains(rect):
                shade = pygame.Surface(rect.size, pygame.SRCALPHA)
                shade.fill((0, 0, 0, 150))
                surface.blit(shade, rect)
