"""The table's picture across a change of the window's size (a mixin of
:class:`~cardtable.ui.table_view.TableView`).

A resize kept the zoom and the view's corner but painted the whole picture anew at the new
size in the frame that saw it (13 ms of painting and 7 ms of new surfaces with the Infinite
Deck's 12,000 cards). :meth:`ResizedLayer._draw_resized` shows the old picture instead (the
same pixels where the two sizes meet, bare felt beyond) and paints the new one off screen a
slice a frame, swapping it in once done; the frame that sees the size (and makes the window's
surfaces) and the one that makes the new picture's surface paint nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from cardtable.engine.table import Table
from cardtable.ui.camera import Camera
from cardtable.ui.layer_build import MAX_DAMAGE, LayerBuild
from cardtable.ui.scaled_picture import screen_surface
from cardtable.ui.theme import THEME


class ResizedLayer:
    """The old picture shown while the new size's is painted (see the module)."""

    layer_resized: int
    """Pictures at a new window size painted off screen (tests read it)."""
    layer_rebuilds: int
    _resized_seen: tuple[int, int] | None  # the new size whose picture is not begun yet, once seen
    _resized_onto: pygame.Surface | None  # the surface the new size's picture is to be painted on
    _sized: tuple[int, int] | None  # the size of the last frame drawn
    _spare: pygame.Surface | None  # the surface the next build paints on (the old layer after a swap)
    _build: LayerBuild | None
    _landing: LayerBuild | None
    _prepared: tuple[LayerBuild, dict[int, int]] | None
    _last_frame: tuple[Table, tuple[float, float, float, float], dict[int, int]] | None

    if TYPE_CHECKING:
        def __getattr__(self, name: str) -> Any:
            """The view's own attributes (its layer, builds, camera helpers...)."""

    def _draw_resized(self, surface: pygame.Surface, table: Table, camera: Camera, key: tuple,
                      origin: tuple[int, int], hidden: dict[int, int]) -> bool:
        """Show the old picture while the window's new size's is painted, a slice a frame; True
        when this frame showed it (False: the draw goes on as usual, with the new picture swapped
        in if it is done, or painted whole: a small table, a zoom, a move or cards lifted meanwhile)."""
        layer = self._layer
        size = surface.get_size()
        sized_before, self._sized = self._sized, size
        old = self._layer_key
        if (layer is None or layer.get_size() == size or hidden or old is None or old[0] != id(table)
                or old[1] != camera.zoom or self._layer_origin != origin or self._drawn_revision != table.revision
                or len(table.piles) <= MAX_DAMAGE):
            self._resized_seen = self._resized_onto = None
            return False
        build = self._build
        if build is None or build.key != key:
            self._landing = self._prepared = None  # (they paint on the spare surface, of the old size)
            onto = self._resized_onto
            if onto is not None and onto.get_size() == size:
                self._resized_seen = self._resized_onto = None
                self._build = self._start_build(table, camera, key, origin, onto=onto)
                self.layer_rebuilds += 1
                self.layer_resized += 1
            else:
                # The frame that sees a new size made the window's (set_mode, 3-4 ms): the new
                # picture's surface (3 ms) is made in the next frame the size holds, and painted
                # from the one after; a stream of sizes, a frame each, makes none meanwhile.
                self._resized_onto = self._surface_sized(size) if self._resized_seen == size else None
                self._resized_seen = size
        elif sized_before == size and self._step_build(build, table):
            # (Not in the frame that sees the size: back at a size whose picture was under way, a
            # slice of it in that frame made it 1.6 ms against 1.0-1.3, the window's surfaces made.)
            return False  # (swapped in: this frame shows it)
        surface.blit(layer, (0, 0))
        w, h = layer.get_size()
        if size[0] > w:
            surface.fill(THEME.felt, (w, 0, size[0] - w, size[1]))
        if size[1] > h:
            surface.fill(THEME.felt, (0, h, min(w, size[0]), size[1] - h))
        self._last_frame = (table, camera.view_rect(), hidden)
        return True

    def _surface_sized(self, size: tuple[int, int]) -> pygame.Surface:
        """A surface for the picture at a new window size: the spare one if it is of that size
        (the picture before the last resize, kept when the new one was swapped in: a window
        resized back, maximised and restored), else a new one (SDL zeroes it: 0.47 ms median at
        1920x1080 once the allocator has such blocks to hand back, 5.4-6 ms while it maps new pages)."""
        spare = self._spare
        if spare is not None and spare.get_size() == size:
            self._spare = None  # (the build paints on it now: no other may take it meanwhile)
            return spare
        return screen_surface(size)
