"""The table view's picture shown scaled while the zoom moves or a new zoom's picture is
painted (a mixin of :class:`~cardtable.ui.table_view.TableView`), and the surfaces it paints on.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from cardtable.ui.camera import Camera
from cardtable.ui.parallel_scale import scale_into
from cardtable.ui.theme import THEME


def screen_surface(size: tuple[int, int]) -> pygame.Surface:
    """A surface in the display's format when there is a display: made in it, not made and
    converted (a copy of 8 MB at 1920x1080, measured 8-14 ms against under 1 ms)."""
    display = pygame.display.get_surface()
    return pygame.Surface(size, 0, display) if display is not None else pygame.Surface(size)


ROW_ALIGN = 64
"""Bytes a filled row's first pixel is aligned to for the fast fill (see :func:`aligned_fill`)."""

_heads: dict[tuple[tuple[int, int, int], tuple[int, ...]], pygame.Surface] = {}
"""Per colour and pixel format: the column :func:`aligned_fill` blits the unaligned pixels from."""


def aligned_fill(surface: pygame.Surface, colour: tuple[int, int, int],
                 rect: pygame.Rect | tuple[int, int, int, int]) -> None:
    """``surface.fill(colour, rect)``, as fast where the rows do not start on a 64-byte boundary.

    A fill whose rows start off such a boundary costs about 0.3 us more a row (measured with
    pygame-ce 2.5.8 and SDL 2.32: a band 125 px wide and 939 high at x = 1,795 took 0.33 ms, at
    x = 1,792 0.016 ms), so the pixels up to the boundary are blitted from a column of the colour
    and the rest filled: 0.019 ms for that band.
    """
    rect = pygame.Rect(rect).clip(surface.get_rect())
    bpp, pitch = surface.get_bytesize(), surface.get_pitch()
    if (not rect.w or not rect.h or pitch % ROW_ALIGN or bpp != 4
            or surface.get_flags() & pygame.SRCALPHA or surface.get_colorkey() is not None):
        surface.fill(colour, rect)
        return
    head = (-(surface._pixels_address + rect.x * bpp) % ROW_ALIGN) // bpp
    head = min(head, rect.w)
    if head:
        key = (colour, surface.get_masks())
        column = _heads.get(key)
        if column is None or column.get_height() < rect.h:
            column = _heads[key] = pygame.Surface((ROW_ALIGN // bpp, max(rect.h, surface.get_height())), 0,
                                                  surface)
            column.fill(colour)
        surface.blit(column, rect.topleft, (0, 0, head, rect.h))
    if rect.w > head:
        surface.fill(colour, (rect.x + head, rect.y, rect.w - head, rect.h))


def fill_around(surface: pygame.Surface, inner: pygame.Rect, bounds: pygame.Rect) -> None:
    """Fill with the felt what of ``bounds`` lies outside ``inner`` (above, below, left and right
    of it; all of it when they do not meet)."""
    inner = inner.clip(bounds)
    if not inner.w or not inner.h:
        aligned_fill(surface, THEME.felt, bounds)
        return
    for band in ((bounds.x, bounds.y, bounds.w, inner.y - bounds.y),
                 (bounds.x, inner.bottom, bounds.w, bounds.bottom - inner.bottom),
                 (bounds.x, inner.y, inner.x - bounds.x, inner.h),
                 (inner.right, inner.y, bounds.right - inner.right, inner.h)):
        if band[2] > 0 and band[3] > 0:
            aligned_fill(surface, THEME.felt, band)


class ScaledPicture:
    """The layer shown at another zoom than it was painted at (see the module)."""

    _held: tuple[tuple[Any, ...], pygame.Surface] | None
    layer_scaled: int

    if TYPE_CHECKING:
        def __getattr__(self, name: str) -> Any:
            """The view's own attributes (its layer, cache, camera helpers...)."""

    def _draw_held(self, surface: pygame.Surface, layer_zoom: float, camera: Camera) -> None:
        """The layer scaled as :meth:`_draw_scaled` does, for a zoom at rest while its picture is
        painted: scaled once into a picture kept for the frames that follow (a blit each, not a
        scale)."""
        key = (layer_zoom, camera.zoom, self.origin(camera), self._layer_origin, surface.get_size(),
               id(self._layer), self._drawn_revision)
        held = self._held
        if held is None or held[0] != key:
            picture = (held[1] if held is not None and held[1].get_size() == surface.get_size()
                       else screen_surface(surface.get_size()))
            self._draw_scaled(picture, layer_zoom, camera, counted=False)
            held = self._held = (key, picture)
        surface.blit(held[1], (0, 0))

    def _draw_scaled(self, surface: pygame.Surface, layer_zoom: float, camera: Camera, *,
                     counted: bool = True) -> None:
        """The layer scaled to the new zoom (the felt around it when zooming out);
        ``counted`` in :attr:`layer_scaled`."""
        f = camera.zoom / layer_zoom
        ox0, oy0 = self._layer_origin
        ox1, oy1 = self.origin(camera)
        w, h = surface.get_size()
        # A layer pixel p lands on screen at p * f + (o0 * f - o1).
        offx, offy = ox0 * f - ox1, oy0 * f - oy1
        lw, lh = self._surface().get_size()
        # The part of the layer that lands on screen, scaled straight into the screen
        # (no new surface, no second blit); off by at most a pixel while the zoom moves.
        x0, y0 = max(0.0, -offx / f), max(0.0, -offy / f)
        x1, y1 = min(float(lw), (w - offx) / f), min(float(lh), (h - offy) / f)
        src = pygame.Rect(math.floor(x0), math.floor(y0), math.ceil(x1) - math.floor(x0),
                          math.ceil(y1) - math.floor(y0)).clip(self._surface().get_rect())
        dest = pygame.Rect(round(src.x * f + offx), round(src.y * f + offy), round(src.w * f),
                           round(src.h * f)).clip(surface.get_rect())
        bounds = surface.get_rect()
        if not (src.w > 0 and src.h > 0 and dest.w > 0 and dest.h > 0):
            surface.fill(THEME.felt)  # (nothing of the layer lands on screen)
        else:
            if not dest.contains(bounds):
                # The bands around the picture, not the whole screen: zooming out by 0.7 to 0.95
                # at 1920x1080 the fill and scale took 0.67-1.03 ms so, 0.88-1.7 with the whole
                # screen filled, its 8 MB written twice (measured with the caches cold, as in a frame).
                fill_around(surface, dest, bounds)
            scale_into(self._surface().subsurface(src), dest.size, surface.subsurface(dest))
        self.layer_scaled += counted
