"""The help overlay's table pages (a game's hands, its cards' values): the scaffolding once.

A page is a scrollable table of striped rows, optionally under a line of column
headings, with example cards drawn face up. A game's page names its deck, its rows and
row height, its columns and headings, and draws one row (:meth:`RowsPage.draw_row`);
this base clips to the page's body, skips rows out of sight, stripes every other row
and draws the example cards. The help overlay calls ``title``, ``content_height()``
and ``draw(surface, body, scroll)``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import pygame

from cardtable.ui.table_view import FaceCache
from cardtable.ui.theme import THEME
from cardtable.variants import load_deck_by_id

__all__ = ["RowsPage"]


class RowsPage:
    """A help page of striped rows: subclasses give ``deck_id``, ``row_px``, ``rows()``,
    ``columns()``, ``headings`` and ``draw_row()``."""

    title = "Hands"
    deck_id = "standard52"
    row_px = 66
    """Pixels per row (before the window's scale)."""
    headings: tuple[str, ...] = ()
    """Column headings, drawn in the first row's place; none: the rows start at the top."""

    def __init__(self, app, variant: Any = None) -> None:
        self.app = app
        self.variant = variant
        self.deck = load_deck_by_id(self.deck_id)
        self.faces = FaceCache(app.faces)

    # -- what a page says -------------------------------------------------------------------
    def rows(self) -> Sequence[Any]:
        """The table's rows, top first."""
        raise NotImplementedError

    def columns(self, body: pygame.Rect) -> list[int]:
        """The x of each column inside ``body``."""
        return [body.x]

    def draw_row(self, surface: pygame.Surface, i: int, row: Any, top: int, cols: list[int]) -> None:
        """Paint row ``i`` (``row``) with its top edge at ``top``."""
        raise NotImplementedError

    # -- geometry -----------------------------------------------------------------------------
    def row_height(self) -> int:
        """Pixels per row."""
        return self.app.px(self.row_px)

    def top_height(self) -> int:
        """Pixels above the first row (the headings' row, if any)."""
        return self.row_height() if self.headings else 0

    def bottom_height(self) -> int:
        """Pixels below the last row (a note under the table)."""
        return 0

    def content_height(self) -> int:
        """The whole page's height (for scrolling)."""
        return self.top_height() + self.row_height() * len(self.rows()) + self.bottom_height()

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, body: pygame.Rect, scroll: int) -> None:
        """Paint the rows that fall inside ``body``."""
        rh = self.row_height()
        clip = surface.get_clip()
        surface.set_clip(body)
        cols = self.columns(body)
        y = body.y - scroll
        self.draw_top(surface, body, cols, y)
        y += self.top_height()
        rows = self.rows()
        for i, row in enumerate(rows):
            top = y + i * rh
            if top + rh < body.y or top > body.bottom:
                continue
            if i % 2 == 0:
                pygame.draw.rect(surface, THEME.field, (body.x, top, body.width, rh))
            self.draw_row(surface, i, row, top, cols)
        self.draw_bottom(surface, body, y + len(rows) * rh)
        surface.set_clip(clip)

    def draw_top(self, surface: pygame.Surface, body: pygame.Rect, cols: list[int], y: int) -> None:
        """Paint what is above the rows from ``y``: the headings."""
        px, fonts = self.app.px, self.app.fonts
        for x, text in zip(cols, self.headings):
            surface.blit(fonts.render(text, px(15), THEME.accent, bold=True), (x, y + px(8)))

    def draw_bottom(self, surface: pygame.Surface, body: pygame.Rect, y: int) -> None:
        """Paint what is below the rows from ``y`` (nothing by default)."""

    def draw_cards(self, surface: pygame.Surface, cards: Iterable[int], x: int, y: int, width: int,
                   step: int) -> None:
        """The deck's cards ``cards`` (indices) face up, ``width`` wide, from (x, y) each
        ``step`` to the right of the last."""
        for j, card in enumerate(cards):
            face = self.faces.get(self.deck, card, True, width, force=True)
            if face is not None:
                surface.blit(face, (x + j * step, y))

    def text(self, surface: pygame.Surface, words: str, size: int, colour: Any, at: tuple[int, int],
             bold: bool = False) -> None:
        """``words`` at ``at`` in ``size`` (already scaled) and ``colour``."""
        surface.blit(self.app.fonts.render(words, size, colour, bold=bold), at)
