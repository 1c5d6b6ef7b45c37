"""What a person at the free table can see, and putting what a key makes there.

A mixin of :class:`~cardtable.games.free_table.ui.table.FreeTableScene`. The felt in view
is the window below the tool bar, above the hand bar (while anyone holds a hand) and the
status line, inside the felt's line. A key acts on a pile in it (the one under the pointer,
else the one last touched if it shows), and what a spread or a gather makes lands in it:
a layout goes in free space there, the view zooming out (no further than
:data:`LEAST_CARD_PX` a card) when it is too big for it; one bigger still begins there.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from cardtable.engine.table import CARD_H, CARD_W, GAP

LEAST_CARD_PX = 40
"""The narrowest a card is drawn (pixels) when the view zooms out to show a whole spread: a
narrower card shows no count badge or grip, and its corner is hard to read."""
STATUS_ROOM = 36
"""Pixels (at scale 1) the status line takes at the bottom of the felt."""
MARGIN = 12
"""Pixels (at scale 1) kept clear around the felt in view."""

FIT_ROOM = 0.95
"""A spread the view zooms out for takes at most this much of the felt in view's width or
height: room to spare for a free place in it."""

WorldRect = tuple[float, float, float, float]


class InView:
    """The felt in view and placing things in it (see the module's docstring)."""

    if TYPE_CHECKING:
        def __getattr__(self, name: str) -> Any:
            """The scene's own attributes (the app, the table, the camera, the bars...)."""

    def felt_in_view(self) -> pygame.Rect:
        """The screen rectangle of the felt a person sees: below the tool bar, above the
        hand bar and the status line, inside the felt's line."""
        px = self.app.px
        w, h = self.app.screen.get_size()
        bar = self.hand_bar()
        bottom = (bar.rect.top if bar is not None else h) - px(STATUS_ROOM)
        top = self.toolbar_height() + px(MARGIN)
        return pygame.Rect(px(MARGIN), top, max(1, w - 2 * px(MARGIN)), max(1, bottom - top))

    def world_in_view(self) -> WorldRect:
        """:meth:`felt_in_view` in world units."""
        r = self.felt_in_view()
        x, y = self.camera.to_world(r.x, r.y)
        z = self.camera.zoom
        return (x, y, r.w / z, r.h / z)

    def pile_in_view(self, pid: int) -> bool:
        """True when some of the pile's top card shows in the felt in view."""
        pile = self.table.piles[pid]
        return pygame.Rect(self.felt_in_view()).colliderect(self._on_screen((pile.x, pile.y, CARD_W, CARD_H)))

    def _on_screen(self, rect: WorldRect) -> pygame.Rect:
        x, y, w, h = rect
        sx, sy = self.camera.to_screen(x, y)
        z = self.camera.zoom
        return pygame.Rect(math.floor(sx), math.floor(sy), math.ceil(w * z), math.ceil(h * z))

    def fits_in_view(self, w: float, h: float, zoom: float | None = None) -> bool:
        """True when a ``w`` x ``h`` world rectangle fits the felt in view at ``zoom``
        (the camera's when not given)."""
        z = self.camera.zoom if zoom is None else zoom
        r = self.felt_in_view()
        return w * z <= r.w and h * z <= r.h

    def grid_columns(self, n: int) -> int:
        """The columns of a grid of ``n`` cards that shows biggest in the felt in view."""
        r = self.felt_in_view()
        aspect = r.w / r.h
        guess = math.sqrt(n * aspect * (CARD_H + GAP) / (CARD_W + GAP))
        best, best_zoom = 1, -1.0
        for cols in {max(1, min(n, c)) for c in (math.floor(guess) - 1, math.floor(guess), math.ceil(guess),
                                                    math.ceil(guess) + 1)}:
            rows = -(-n // cols)
            zoom = min(r.w / (cols * (CARD_W + GAP) - GAP), r.h / (rows * (CARD_H + GAP) - GAP))
            if zoom > best_zoom:
                best, best_zoom = cols, zoom
        return best

    def place_in_view(self, w: float, h: float, near: tuple[float, float], ignore: tuple[int, ...] = ()
                      ) -> tuple[float, float]:
        """Where a ``w`` x ``h`` layout made from the pile at ``near`` goes (its top-left
        corner, in free space): in the felt in view, the view zooming out around ``near``
        as far as it needs (no further than :data:`LEAST_CARD_PX` a card) and panning
        when there is no free room in view. A layout too big to show whole at that zoom
        goes nearest ``near`` and the view keeps its zoom, showing where it begins."""
        r = self.felt_in_view()
        least = self.app.px(LEAST_CARD_PX) / CARD_W
        fit = min(r.w / w, r.h / h) * FIT_ROOM
        whole = fit >= min(least, self.camera.zoom)
        if whole and fit < self.camera.zoom:
            sx, sy = self.camera.to_screen(near[0] + CARD_W / 2, near[1] + CARD_H / 2)
            self.camera.zoom_at(fit / self.camera.zoom, sx, sy)
        spot = self.table.free_spot(w, h, near, ignore=ignore, within=self.world_in_view() if whole else None)
        self.show_in_view((spot[0], spot[1], w, h))
        return spot

    def show_in_view(self, rect: WorldRect) -> None:
        """Pan (never zoom) so that a world rectangle lies in the felt in view: centred in
        it if it is not, or, if it is too big for it, its top-left corner at the felt's."""
        view = self.felt_in_view()
        shown = self._on_screen(rect)
        if view.contains(shown):
            return
        if shown.w <= view.w and shown.h <= view.h:
            dx, dy = view.centerx - shown.centerx, view.centery - shown.centery
        else:
            corner = self._on_screen((rect[0], rect[1], CARD_W, CARD_H))
            if view.contains(corner):
                return
            dx, dy = view.x - shown.x, view.y - shown.y
        self.camera.pan_pixels(dx, dy)

    def spot_in_view(self, w: float, h: float, at: tuple[float, float]) -> tuple[float, float]:
        """``at`` (a top-left corner) moved as little as needed for a ``w`` x ``h`` world
        rectangle there to lie in the felt in view (centred in it if it is too big)."""
        vx, vy, vw, vh = self.world_in_view()
        x = vx + (vw - w) / 2 if w > vw else min(max(at[0], vx), vx + vw - w)
        y = vy + (vh - h) / 2 if h > vh else min(max(at[1], vy), vy + vh - h)
        return (x, y)
