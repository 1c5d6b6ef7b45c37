"""The camera: which part of the endless felt the window shows, and how big.

World units are the engine's (a card is 100 x 140); screen units are pixels.
``zoom`` is pixels per world unit.
"""

from __future__ import annotations

MIN_ZOOM = 0.02
MAX_ZOOM = 8.0
ZOOMS_KEPT = 64
"""Zooms :meth:`Camera.zoom_at` remembers, to come back to exactly (see there)."""
SAME_ZOOM = 1e-9
"""Zooms this close, relatively, are the same zoom (a float drifts by about 1e-16 a notch)."""


class Camera:
    """Maps world points to screen pixels and back; zooms around a fixed point."""

    def __init__(self, size: tuple[int, int], *, zoom: float = 1.0, x: float = 0.0, y: float = 0.0) -> None:
        self.size = size
        self.zoom = zoom
        self.x = x  # world coordinate at the screen's left edge
        self.y = y  # world coordinate at the screen's top edge
        self._zooms: list[float] = []  # the last zooms zoom_at left, newest last

    def to_screen(self, wx: float, wy: float) -> tuple[float, float]:
        """The pixel where a world point appears."""
        return ((wx - self.x) * self.zoom, (wy - self.y) * self.zoom)

    def to_world(self, sx: float, sy: float) -> tuple[float, float]:
        """The world point under a pixel."""
        return (sx / self.zoom + self.x, sy / self.zoom + self.y)

    def view_rect(self) -> tuple[float, float, float, float]:
        """The world rectangle ``(x, y, w, h)`` the screen shows."""
        return (self.x, self.y, self.size[0] / self.zoom, self.size[1] / self.zoom)

    def pan_pixels(self, dx: float, dy: float) -> None:
        """Move the view so the felt follows the mouse by ``(dx, dy)`` pixels."""
        self.x -= dx / self.zoom
        self.y -= dy / self.zoom

    def zoom_at(self, factor: float, sx: float, sy: float) -> None:
        """Zoom by ``factor`` keeping the world point under pixel ``(sx, sy)`` in place. A zoom
        that comes back to one it left lately (ten wheel notches in, ten out) is exactly that one:
        the product drifted in its last digits, and the table view took it for a new zoom and
        painted the whole picture again (12,000 cards: about 30 frames of work).

        >>> camera = Camera((800, 600), zoom=0.0852)
        >>> for factor in [1.15] * 10 + [1 / 1.15] * 10:
        ...     camera.zoom_at(factor, 400, 300)
        >>> camera.zoom == 0.0852
        True
        """
        wx, wy = self.to_world(sx, sy)
        zoom = min(MAX_ZOOM, max(MIN_ZOOM, self.zoom * factor))
        seen = self._zooms
        if self.zoom not in seen[-1:]:
            seen.append(self.zoom)
        zoom = next((z for z in reversed(seen) if abs(z - zoom) <= SAME_ZOOM * z), zoom)
        if zoom not in seen[-1:]:
            seen.append(zoom)
        del seen[:-ZOOMS_KEPT]
        self.zoom = zoom
        self.x = wx - sx / self.zoom
        self.y = wy - sy / self.zoom

    def fit(self, rect: tuple[float, float, float, float], margin: float = 0.06,
            top_inset: float = 0.0, max_zoom: float = MAX_ZOOM, bottom_inset: float = 0.0) -> None:
        """Show the whole world rectangle, centred, with a margin (fraction of the screen).

        ``top_inset`` keeps that many pixels at the top free (for a tool bar), ``bottom_inset``
        that many at the bottom (for a hand bar); ``max_zoom`` caps the zoom (a single card
        need not fill the screen).
        """
        x, y, w, h = rect
        sw, sh = self.size[0], self.size[1] - top_inset - bottom_inset
        usable_w, usable_h = sw * (1 - 2 * margin), sh * (1 - 2 * margin)
        self.zoom = min(max_zoom, MAX_ZOOM, max(MIN_ZOOM, min(usable_w / max(w, 1), usable_h / max(h, 1))))
        self.x = x + w / 2 - sw / 2 / self.zoom
        self.y = y + h / 2 - (sh / 2 + top_inset) / self.zoom
