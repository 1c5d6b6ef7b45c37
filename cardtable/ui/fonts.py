"""The bundled fonts, loaded lazily, and a bounded cache of rendered text.

Everything cardtable prints goes through one :class:`FontBook`: it loads DejaVu Sans
(regular and bold, shipped in ``assets/fonts``) per ``(size, bold)`` on first use and
keeps the rendered text surfaces in a least-recently-used cache, so drawing a card face
blits cached glyph surfaces instead of rasterising text every time.

pygame's default font is never used: it lacks the suit and planet symbols.

Rendering uses :mod:`pygame.font` (SDL_ttf) rather than :mod:`pygame.freetype`:
measured in pygame-ce 2.5.8 on short antialiased labels ("10", "Sorceress", "TRUMP"),
``pygame.font`` took 8.8 / 8.5 / 16 us at 14 / 28 / 60 px against 6.3 / 19.6 / 41 us for
``freetype``, and its surfaces share one line height per size, which keeps baselines
aligned. :mod:`pygame.freetype` is used only for :meth:`FontBook.has_glyph`, because it
reports a missing glyph reliably (``get_metrics(ch) == [None]``).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable
from pathlib import Path
from typing import Generic, TypeVar

import pygame
import pygame.freetype

from cardtable.paths import asset_path

__all__ = ["FontBook", "LruCache", "REGULAR_FONT", "BOLD_FONT"]

REGULAR_FONT = "DejaVuSans.ttf"
"""File name of the regular face inside ``assets/fonts``."""
BOLD_FONT = "DejaVuSans-Bold.ttf"
"""File name of the bold face inside ``assets/fonts``."""

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

Colour = tuple[int, int, int] | tuple[int, int, int, int]


class LruCache(Generic[K, V]):
    """A small dict that forgets its least recently used entries beyond ``capacity``.

    With ``weigh`` and ``max_weight`` it also forgets the oldest entries while the
    weights of what it holds add up to more than ``max_weight`` (rendered text is
    bounded by bytes: a count alone lets a few thousand large surfaces pile up).

    >>> c: LruCache[str, int] = LruCache(2)
    >>> c.put("a", 1); c.put("b", 2); _ = c.get("a"); c.put("c", 3)
    >>> sorted(c.keys())
    ['a', 'c']
    >>> w: LruCache[str, int] = LruCache(10, weigh=lambda v: v, max_weight=5)
    >>> w.put("a", 3); w.put("b", 2); w.put("c", 4)
    >>> sorted(w.keys()), w.weight
    (['c'], 4)
    """

    def __init__(self, capacity: int, *, weigh=None, max_weight: int | None = None) -> None:
        if capacity < 1:
            raise ValueError("an LruCache needs a capacity of at least 1")
        self.capacity = capacity
        self._data: OrderedDict[K, V] = OrderedDict()
        self._weigh = weigh
        self.max_weight = max_weight
        self.weight = 0
        """The summed weight of the entries held (0 without ``weigh``)."""

    def get(self, key: K) -> V | None:
        """The value stored under ``key`` (now the most recently used), or None."""
        value = self._data.get(key)
        if value is not None:
            self._data.move_to_end(key)
        return value

    def put(self, key: K, value: V) -> None:
        """Store ``value`` under ``key``, dropping the oldest entries while over capacity."""
        old = self._data.get(key)
        if old is not None and self._weigh is not None:
            self.weight -= self._weigh(old)
        self._data[key] = value
        self._data.move_to_end(key)
        if self._weigh is not None:
            self.weight += self._weigh(value)
        while len(self._data) > self.capacity or (
                self.max_weight is not None and self.weight > self.max_weight and len(self._data) > 1):
            _, dropped = self._data.popitem(last=False)
            if self._weigh is not None:
                self.weight -= self._weigh(dropped)

    def keys(self) -> list[K]:
        """The stored keys, oldest first."""
        return list(self._data)

    def clear(self) -> None:
        """Forget everything."""
        self._data.clear()
        self.weight = 0

    def __len__(self) -> int:
        return len(self._data)


def _surface_bytes(surface: pygame.Surface) -> int:
    return surface.get_width() * surface.get_height() * surface.get_bytesize()


def _display_ready() -> bool:
    return pygame.display.get_init() and pygame.display.get_surface() is not None


class FontBook:
    """The bundled fonts by ``(size, bold)``, and a cache of rendered text.

    Args:
        fonts_dir: folder holding ``DejaVuSans.ttf`` and ``DejaVuSans-Bold.ttf``;
            defaults to the bundled ``assets/fonts``.
        text_cache_size: how many rendered text surfaces to keep (LRU).
        text_cache_bytes: the most bytes of rendered text surfaces to keep (24 MB).
        font_cache_size: how many ``(size, bold)`` font objects to keep open (LRU).

    Surfaces returned by :meth:`render` and :meth:`render_tight` are shared by every
    caller asking for the same text: blit them, never draw on them. When a display
    mode is set they are ``convert_alpha()``-ed for fast blitting.
    """

    def __init__(self, fonts_dir: Path | None = None, *, text_cache_size: int = 4000,
                 font_cache_size: int = 96, text_cache_bytes: int = 24 << 20) -> None:
        folder = Path(fonts_dir) if fonts_dir is not None else asset_path("fonts")
        self._paths = {False: folder / REGULAR_FONT, True: folder / BOLD_FONT}
        for path in self._paths.values():
            if not path.is_file():
                raise FileNotFoundError(f"bundled font missing: {path}")
        self._fonts: LruCache[tuple[int, bool], pygame.font.Font] = LruCache(font_cache_size)
        self._text: LruCache[tuple[str, int, Colour, bool, bool], pygame.Surface] = \
            LruCache(text_cache_size, weigh=_surface_bytes, max_weight=text_cache_bytes)
        self._sizes: LruCache[tuple[str, int, bool], tuple[int, int]] = LruCache(text_cache_size)
        self._fit: LruCache[tuple[str, int, int, int, bool], int] = LruCache(text_cache_size)
        self._probe: dict[bool, pygame.freetype.Font] = {}
        self._glyphs: dict[str, bool] = {}

    # -- fonts -------------------------------------------------------------------

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        """The bundled DejaVu Sans at ``size`` pixels (bold if asked), loaded on first use."""
        size = max(1, int(size))
        key = (size, bool(bold))
        font = self._fonts.get(key)
        if font is None:
            if not pygame.font.get_init():
                pygame.font.init()
            font = pygame.font.Font(self._paths[bool(bold)], size)
            self._fonts.put(key, font)
        return font

    def size_of(self, text: str, size: int, bold: bool = False) -> tuple[int, int]:
        """The ``(width, height)`` :meth:`render` would give ``text``, without rendering."""
        key = (text, max(1, int(size)), bool(bold))
        found = self._sizes.get(key)
        if found is None:
            found = self.font(size, bold).size(text)
            self._sizes.put(key, found)
        return found

    def fit_size(self, text: str, max_width: int, size: int, bold: bool = False,
                 min_size: int = 6) -> int:
        """The largest font size ``<= size`` (and ``>= min_size``) at which ``text`` fits
        in ``max_width`` pixels; ``min_size`` if even that is too wide."""
        key = (text, int(max_width), int(size), int(min_size), bool(bold))
        found = self._fit.get(key)
        if found is None:
            found = max(1, int(size))
            width = self.size_of(text, found, bold)[0]
            while found > min_size and width > max_width:
                # Text width is nearly proportional to size: jump, then step.
                guess = int(found * max_width / max(width, 1))
                found = max(min_size, min(found - 1, guess))
                width = self.size_of(text, found, bold)[0]
            self._fit.put(key, found)
        return found

    # -- text --------------------------------------------------------------------

    def render(self, text: str, size: int, colour: Colour, bold: bool = False) -> pygame.Surface:
        """``text`` antialiased on a transparent surface one line high (cached, shared)."""
        return self._render(text, size, colour, bold, False)

    def render_tight(self, text: str, size: int, colour: Colour, bold: bool = False) -> pygame.Surface:
        """Like :meth:`render`, cropped to the drawn pixels: for centring a symbol by its ink
        rather than by the font's line box. An empty rendering stays 1x1."""
        return self._render(text, size, colour, bold, True)

    def _render(self, text: str, size: int, colour: Colour, bold: bool, tight: bool) -> pygame.Surface:
        size = max(1, int(size))
        colour = tuple(int(c) for c in colour)  # type: ignore[assignment]
        key = (text, size, colour, bool(bold), tight)
        surface = self._text.get(key)
        if surface is None:
            if tight:
                loose = self._render(text, size, colour, bold, False)
                box = loose.get_bounding_rect()
                if box.width == 0 or box.height == 0:
                    box = pygame.Rect(0, 0, 1, 1)
                surface = loose.subsurface(box).copy()
            else:
                surface = self.font(size, bold).render(text or " ", True, colour)
            if _display_ready():
                surface = surface.convert_alpha()
            self._text.put(key, surface)
        return surface

    # -- glyph coverage ----------------------------------------------------------

    def has_glyph(self, ch: str) -> bool:
        """True if both bundled faces (regular and bold) draw ``ch`` with a real glyph.

        Whitespace counts as present. Uses :mod:`pygame.freetype`, which reports a
        missing glyph as ``None`` instead of drawing the font's empty box.
        """
        if len(ch) != 1:
            raise ValueError(f"has_glyph takes one character, got {ch!r}")
        found = self._glyphs.get(ch)
        if found is None:
            if ch.isspace():
                found = True
            else:
                if not pygame.freetype.get_init():
                    pygame.freetype.init()
                found = True
                for bold, path in self._paths.items():
                    probe = self._probe.get(bold)
                    if probe is None:
                        probe = self._probe[bold] = pygame.freetype.Font(path, 16)
                    if probe.get_metrics(ch) == [None]:
                        found = False
            self._glyphs[ch] = found
        return found

    def missing_glyphs(self, text: str) -> list[str]:
        """The distinct characters of ``text`` that :meth:`has_glyph` rejects, in order."""
        seen: list[str] = []
        for ch in text:
            if ch not in seen and not self.has_glyph(ch):
                seen.append(ch)
        return seen

    def clear(self) -> None:
        """Drop every cached text surface (after setting a display mode, say, so the
        next renders are converted to the display's pixel format)."""
        self._text.clear()
