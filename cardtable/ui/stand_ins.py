"""Stand-ins swapped for their faces once drawn, within a frame's budget (a mixin of
:class:`~cardtable.ui.table_view.TableView`: the layer keeps a plain stand-in where a face was
not drawn yet, and later frames repaint those places).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from cardtable.engine.table import CARD_H, CARD_W, Pile, Table
from cardtable.ui.camera import Camera
from cardtable.ui.pile_paint import snap_width
from cardtable.ui.theme import THEME

PENDING_PRUNE = 2000
"""Stand-ins listed past which those no longer on screen are dropped from the list."""
PENDING_TILE = 256
"""Stand-ins whose faces are ready are repainted together per tile of this many pixels; a pan
draws the faces of the next tiles ahead of it."""
TILE_REPAINT_S = 0.00015
"""About what repainting a tile's stand-ins with their faces costs (set aside from the budget)."""


class StandIns:
    """Faces in place of stand-ins, newest first (see the module)."""

    _pending: dict[int, tuple[int, int, int, int]]
    _pending_prune: int

    if TYPE_CHECKING:
        def __getattr__(self, name: str) -> Any:
            """The view's own attributes (its layer, cache, camera helpers...)."""

    def _repaint_pending(self, table: Table, camera: Camera, hidden: dict[int, int],
                         origin: tuple[int, int]) -> None:
        """Swap stand-ins for their faces, newest first (a pan keeps those longest in view),
        drawing as many as this frame's budget allows. A lone card with nothing near is laid
        straight over its stand-in (felt, then its face: what a fresh paint gives); other
        places whose faces are ready are repainted together, one tile at a time."""
        ox, oy = origin
        layer = self._surface()
        w, h = layer.get_size()
        cache, deck, piles, zoom = self.cache, table.deck, table.piles, camera.zoom
        width = snap_width(CARD_W * zoom)
        reach = (3 * max(1, width // 40) + 1) / zoom  # a stack's edge cards, in world units
        drawn = ((width + 1) / zoom, (round(width * CARD_H / CARD_W) + 1) / zoom)
        if len(self._pending) > self._pending_prune:  # a long pan left many behind, off screen
            self._pending = {pid: area for pid, area in self._pending.items()
                             if area[0] - ox < w and area[0] - ox + area[2] > 0
                             and area[1] - oy < h and area[1] - oy + area[3] > 0}
            self._pending_prune = max(PENDING_PRUNE, 2 * len(self._pending))
        pending = self._pending
        tiles: dict[tuple[int, int], pygame.Rect] = {}
        for pid, area in list(reversed(pending.items())):
            x, y, pw, ph = area[0] - ox, area[1] - oy, area[2], area[3]
            pile = piles.get(pid)
            n = len(pile.cards) - hidden.get(pid, 0) if pile is not None else 0
            if n <= 0 or not (x < w and x + pw > 0 and y < h and y + ph > 0):
                del pending[pid]  # gone, lifted or off screen (drawn afresh when it comes back)
                continue
            face = None if pile is None else cache.get(deck, pile.cards[n - 1], pile.faces[n - 1], width,
                                                        keyed=True)
            if pile is None or face is None:
                break  # this frame's budget is spent: the rest wait, still listed
            del pending[pid]
            if (len(pile.cards) == 1 and n == 1 and area[:2] == (round(pile.x * zoom), round(pile.y * zoom))
                    and face.get_size() == area[2:] and self._alone(table, pid, pile, drawn, reach)):
                layer.fill(THEME.felt, (x, y, pw, ph))
                layer.blit(face, (x, y))
                continue
            tile = (area[0] // PENDING_TILE, area[1] // PENDING_TILE)
            rect = tiles.get(tile)
            if rect is None:
                cache.reserve(TILE_REPAINT_S)  # the repaint comes out of this frame's budget too
            tiles[tile] = pygame.Rect(x, y, pw, ph) if rect is None else rect.union((x, y, pw, ph))
        for rect in tiles.values():
            self._repaint(rect, table, camera, hidden, origin)

    @staticmethod
    def _alone(table: Table, pid: int, pile: Pile, size: tuple[float, float], reach: float) -> bool:
        """Whether no other pile's card, drawn ``size`` world units (a pixel more than its
        snapped width and height), meets ``pile``'s, nor is a stack whose edge cards
        (``reach`` world units below and right of it) could."""
        x, y, (cw, ch) = pile.x, pile.y, size
        for other in table.index.query((x - cw - reach, y - ch - reach, 2 * cw + 2 * reach, 2 * ch + 2 * reach)):
            if other != pid:
                o = table.piles[other]
                if len(o.cards) > 1 or (o.x < x + cw and o.x + cw > x and o.y < y + ch and o.y + ch > y):
                    return False
        return True
