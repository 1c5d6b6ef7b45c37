"""Drawing a :class:`~cardtable.engine.table.Table` through a camera.

Only piles that intersect the view are drawn. Card faces come from a
byte-bounded LRU cache keyed by card and pixel width; widths snap to a ladder of
sizes about 6% apart so that zooming reuses faces instead of drawing new ones
every frame.
"""

from __future__ import annotations

import math
from collections import OrderedDict
import pygame

from ..engine.cards import Deck
from ..engine.table import CARD_H, CARD_W, Pile, Table
from .camera import Camera
from .faces import FaceArt
from .theme import THEME

LADDER_RATIO = 1.06
FACE_CACHE_BYTES = 96 * 1024 * 1024


def snap_width(width: float) -> int:
    """The ladder width nearest ``width`` (at least 2 px).

    >>> snap_width(100) in (99, 100, 101, 102, 103)
    True
    >>> snap_width(0.3)
    2
    """
    if width <= 8:
        return max(2, int(round(width)))
    step = round(math.log(width) / math.log(LADDER_RATIO))
    return max(2, int(round(LADDER_RATIO ** step)))


class FaceCache:
    """Rendered card faces and backs, least recently used dropped past a byte budget."""

    def __init__(self, art: FaceArt, max_bytes: int = FACE_CACHE_BYTES) -> None:
        self.art = art
        self.max_bytes = max_bytes
        self.bytes = 0
        self._items: OrderedDict[tuple, pygame.Surface] = OrderedDict()

    def __len__(self) -> int:
        return len(self._items)

    def get(self, deck: Deck, card: int, face_up: bool, width: int) -> pygame.Surface:
        """The surface for one card (its face, or its deck's back) at ``width`` pixels."""
        key = (deck.id, card if face_up else -1, width)
        surf = self._items.get(key)
        if surf is not None:
            self._items.move_to_end(key)
            return surf
        surf = self.art.face(deck.cards[card], deck, width) if face_up else self.art.back(deck, width)
        self._items[key] = surf
        self.bytes += surf.get_width() * surf.get_height() * 4
        while self.bytes > self.max_bytes and len(self._items) > 1:
            _, old = self._items.popitem(last=False)
            self.bytes -= old.get_width() * old.get_height() * 4
        return surf


class TableView:
    """Draws a table's piles, a lifted (dragged) pile, and hover highlights."""

    def __init__(self, art: FaceArt, cache: FaceCache | None = None) -> None:
        self.art = art
        self.cache = cache or FaceCache(art)
        self._order: list[tuple[int, Pile]] = []
        self._order_revision = -1
        self._order_table: Table | None = None
        self.drawn_last_frame = 0

    def ordered(self, table: Table) -> list[tuple[int, Pile]]:
        """``(pile id, pile)`` bottom to top, recomputed only when the table changed."""
        if self._order_table is not table or self._order_revision != table.revision:
            self._order = sorted(table.piles.items(), key=lambda item: item[1].z)
            self._order_revision, self._order_table = table.revision, table
        return self._order

    def visible(self, table: Table, camera: Camera) -> list[tuple[int, Pile]]:
        """The piles whose card rectangle meets the camera's view, bottom to top."""
        vx, vy, vw, vh = camera.view_rect()
        x0, y0, x1, y1 = vx - CARD_W, vy - CARD_H, vx + vw, vy + vh
        return [(pid, p) for pid, p in self.ordered(table) if x0 < p.x < x1 and y0 < p.y < y1]

    def draw(self, surface: pygame.Surface, table: Table, camera: Camera, *,
             hidden: dict[int, int] | None = None, highlight: int | None = None) -> None:
        """Draw the table. ``hidden`` maps pile id -> cards lifted off its top (being dragged)."""
        hidden = hidden or {}
        width = snap_width(CARD_W * camera.zoom)
        height = int(round(width * CARD_H / CARD_W))
        blits: list[tuple[pygame.Surface, tuple[int, int]]] = []
        deck = table.deck
        edge = max(1, width // 40) if width >= 24 else 0
        drawn = 0
        for pid, pile in self.visible(table, camera):
            n = len(pile.cards) - hidden.get(pid, 0)
            if n <= 0:
                continue
            sx, sy = camera.to_screen(pile.x, pile.y)
            sx, sy = int(sx), int(sy)
            if n > 1 and edge:
                back = self.cache.get(deck, pile.cards[0], False, width)
                for layer in range(min(3, (n + 9) // 10), 0, -1):
                    blits.append((back, (sx + layer * edge, sy + layer * edge)))
            blits.append((self.cache.get(deck, pile.cards[n - 1], pile.faces[n - 1], width), (sx, sy)))
            drawn += 1
        surface.fblits(blits)
        self.drawn_last_frame = drawn
        if highlight is not None and highlight in table.piles:
            pile = table.piles[highlight]
            sx, sy = camera.to_screen(pile.x, pile.y)
            pygame.draw.rect(surface, THEME.highlight, (int(sx) - 2, int(sy) - 2, width + 4, height + 4),
                             max(1, width // 40), border_radius=max(2, width // 12))

    def draw_counts(self, surface: pygame.Surface, table: Table, camera: Camera, fonts,
                    hidden: dict[int, int] | None = None) -> None:
        """Small badges with the number of cards on piles of more than one card."""
        width = snap_width(CARD_W * camera.zoom)
        if width < 40:
            return
        hidden = hidden or {}
        size = max(11, width // 8)
        for pid, pile in self.visible(table, camera):
            n = len(pile.cards) - hidden.get(pid, 0)
            if n > 1:
                sx, sy = camera.to_screen(pile.x, pile.y)
                img = fonts.render(str(n), size, THEME.text, bold=True)
                r = img.get_rect(midtop=(int(sx) + width // 2, int(sy) + int(width * 1.4) + 4))
                pygame.draw.rect(surface, (0, 0, 0), r.inflate(10, 4), border_radius=r.height // 2)
                surface.blit(img, r)

    def draw_lifted(self, surface: pygame.Surface, table: Table, camera: Camera, pile: Pile, count: int,
                    screen_pos: tuple[int, int]) -> None:
        """Draw the top ``count`` cards of ``pile`` held under the cursor, with a shadow."""
        width = snap_width(CARD_W * camera.zoom)
        height = int(round(width * CARD_H / CARD_W))
        x, y = screen_pos
        shadow = pygame.Surface((width, height), pygame.SRCALPHA)
        pygame.draw.rect(shadow, THEME.shadow, shadow.get_rect(), border_radius=max(2, width // 12))
        off = max(3, width // 16)
        surface.blit(shadow, (x + off, y + off))
        if count > 1:
            back = self.cache.get(table.deck, pile.cards[0], False, width)
            for layer in range(min(3, count - 1), 0, -1):
                surface.blit(back, (x + layer * max(1, width // 40), y + layer * max(1, width // 40)))
        surface.blit(self.cache.get(table.deck, pile.cards[-1], pile.faces[-1], width), (x, y))

