"""What a game table shows under the mouse: a plate's whole text where the plate cut it,
and another seat's small face-up cards drawn large.

On a crowded table (8 seats at 1,024 x 640, UI scale 1.5) the plates are compact and
cut long names ("Compute…"), and the other seats' cards are drawn 18-25 px wide. Each
frame the table notes what it cut (:meth:`TableHover.note_tip`) and which small cards
it drew (:meth:`TableHover.note_small_cards`); :meth:`TableHover.draw_hover` then shows
the cards large or the whole text beside the mouse. Nothing here is declared to the
layout check: it is drawn over the table only while the mouse rests there.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from cardtable.ui.theme import THEME

__all__ = ["TableHover", "LARGE_WIDTH", "SMALL_BELOW"]

LARGE_WIDTH = 90
"""How wide (unscaled) hovered cards are drawn."""

SMALL_BELOW = 70
"""Cards narrower than this (unscaled) show large on hover."""


class TableHover:
    """The hover pieces of :class:`~cardtable.ui.game_table.GameTableScene` (a mixin: it
    uses the scene's ``app``, ``felt``, ``faces``, ``deck``, ``mouse`` and ``passing``)."""

    app: Any
    felt: pygame.Rect
    faces: Any
    deck: Any
    mouse: tuple[int, int]
    passing: bool

    def begin_hover(self) -> None:
        """Start a frame: forget last frame's cut texts and small cards."""
        self.tips: list[tuple[pygame.Rect, list[str]]] = []
        self.seat_hands: dict[Any, tuple[pygame.Rect, list[int]]] = {}  # by seat (or a seat's other row)

    def note_tip(self, rect: pygame.Rect, lines: Sequence[str]) -> None:
        """``rect`` (a plate) shows ``lines`` whole on hover: it drew them cut."""
        tips = self.__dict__.setdefault("tips", [])
        for i, (known, old) in enumerate(tips):
            if known == rect:
                tips[i] = (known, [*old, *(line for line in lines if line not in old)])
                return
        tips.append((pygame.Rect(rect), list(lines)))

    def note_small_cards(self, seat: Any, box: pygame.Rect, cards: Sequence[int | None], width: int) -> None:
        """Another seat's face-up ``cards`` drawn ``width`` px wide in ``box`` (with its
        plate): hovering there shows them large, if they are small. ``seat`` is the seat,
        or a key of the seat's other row (Flame Sword's Called Shot)."""
        shown = [c for c in cards if c is not None]
        if shown and width < self.app.px(SMALL_BELOW):
            self.__dict__.setdefault("seat_hands", {})[seat] = (pygame.Rect(box), shown)

    def hovered_seat_cards(self) -> Any:
        """The seat whose small face-up cards (or plate beside them) are under the mouse."""
        hands = self.__dict__.get("seat_hands", {})
        return next((s for s, (box, _) in hands.items() if box.collidepoint(self.mouse)), None)

    def draw_hover(self, surface: pygame.Surface) -> None:
        """A hovered seat's small cards large, and a hovered plate's whole text (over the cards)."""
        if self.passing:
            return
        seat = self.hovered_seat_cards()
        row = self.show_seat_cards(surface, seat) if seat is not None else None
        tip = next((lines for rect, lines in self.__dict__.get("tips", []) if rect.collidepoint(self.mouse)), None)
        if tip:
            self.draw_tip(surface, tip, over=row)

    def show_seat_cards(self, surface: pygame.Surface, seat: Any) -> pygame.Rect:
        """Every shown card of ``seat`` large in a row beside the mouse; the row's rect."""
        px = self.app.px
        cards = self.seat_hands[seat][1]
        faces = [self.faces.get(self.deck, card, True, px(LARGE_WIDTH), force=True) for card in cards]
        row = pygame.Rect(0, 0, sum(f.get_width() + px(6) for f in faces) - px(6), faces[0].get_height())
        row.midleft = (self.mouse[0] + px(24), self.mouse[1])
        if row.right > self.felt.right:  # no room to the right: the row goes left of the mouse
            row.midright = (self.mouse[0] - px(24), self.mouse[1])
        self._show_large(surface, faces, row)
        return row

    def _show_large(self, surface: pygame.Surface, faces: list[pygame.Surface], rect: pygame.Rect) -> None:
        """Faces side by side in ``rect`` (kept on the felt) on a dark backing."""
        px = self.app.px
        rect.clamp_ip(self.felt)
        pygame.draw.rect(surface, (0, 0, 0), rect.inflate(px(6), px(6)), border_radius=px(10))
        x = rect.x
        for face in faces:
            surface.blit(face, (x, rect.y))
            x += face.get_width() + px(6)

    def draw_tip(self, surface: pygame.Surface, lines: Sequence[str], over: pygame.Rect | None = None) -> pygame.Rect:
        """``lines`` on a dark panel just below and right of the mouse (or just over
        ``over``, the cards shown large), kept in the window."""
        px, fonts = self.app.px, self.app.fonts
        images = [fonts.render(line, px(14), THEME.text, bold=i == 0) for i, line in enumerate(lines)]
        box = pygame.Rect(self.mouse[0] + px(14), self.mouse[1] + px(18), max(i.get_width() for i in images) + px(16),
                          sum(i.get_height() for i in images) + px(10))
        if over is not None:
            box.bottomleft = (over.x, over.y - px(8))
        box.clamp_ip(surface.get_rect())
        pygame.draw.rect(surface, (0, 0, 0), box, border_radius=px(6))
        pygame.draw.rect(surface, THEME.panel_edge, box, 1, border_radius=px(6))
        y = box.y + px(5)
        for img in images:
            surface.blit(img, (box.x + px(8), y))
            y += img.get_height()
        return box
