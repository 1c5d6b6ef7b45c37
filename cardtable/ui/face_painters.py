"""The drawing kit and the four full-face painters behind :class:`cardtable.ui.faces.FaceArt`.

A painter is a function ``paint(kit, card, width, height) -> Surface`` that copies a
cached blank (background and border, drawn once per colour and width) and blits cached
text and symbol stamps onto it. Nothing here is re-rasterised per card: text comes from
the :class:`~cardtable.ui.fonts.FontBook` cache and composed pieces (corner indices,
their 180-degree turns, glows) from :class:`Kit`'s stamp cache, so a full face costs
a surface copy and a handful of blits.

All geometry scales with the card width ``w`` (``s = w / 100``: the numbers in this
module are in hundredths of a card width), so faces stay readable from 56 to ~600 px.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence

import pygame

from cardtable.engine.cards import RGB, Card
from cardtable.ui.fonts import FontBook, LruCache

Layers = tuple[tuple[float, tuple[int, ...]], ...]
"""Concentric rounded rectangles ``(inset_px, colour)``, outermost first."""

WHITE: RGB = (252, 252, 249)
INK_BLACK: RGB = (24, 24, 24)
GOLD: RGB = (212, 160, 23)
GOLD_DARK: RGB = (140, 98, 0)
IVALI_NEUTRAL: RGB = (236, 232, 222)
IVALI_TEXT: RGB = (38, 30, 44)
SABACC_BG: RGB = (15, 19, 27)
INFINITE_PAPER: RGB = (251, 248, 240)
WILD_RED: RGB = (176, 16, 30)


# -- colour helpers -----------------------------------------------------------------

def hex_rgb(text: str, default: RGB = IVALI_NEUTRAL) -> RGB:
    """``"#9cc3e6"`` as ``(156, 195, 230)``; ``default`` for an empty or bad string."""
    text = text.strip().lstrip("#")
    if len(text) != 6:
        return default
    try:
        return (int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16))
    except ValueError:
        return default


def mix(a: Sequence[int], b: Sequence[int], t: float) -> RGB:
    """The colour ``t`` of the way from ``a`` to ``b`` (0 gives ``a``, 1 gives ``b``)."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t),
            round(a[2] + (b[2] - a[2]) * t))


def luma(c: Sequence[int]) -> float:
    """Perceived brightness of ``c`` from 0 (black) to 1 (white)."""
    return (0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]) / 255


def readable_on_light(c: RGB, limit: float = 0.42) -> RGB:
    """``c``, darkened until it reads as text on white paper (light yellows turn ochre)."""
    level = luma(c)
    return c if level <= limit else mix(c, (0, 0, 0), 1 - limit / level)


def glow_colour(c: RGB) -> RGB:
    """``c`` brightened to glow on a dark background (dark purples turn violet)."""
    level = luma(c)
    return c if level >= 0.55 else mix(c, (255, 255, 255), min(0.75, 0.55 - level + 0.25))


def minus(text: str) -> str:
    """``text`` with ASCII hyphen-minus signs printed as the typographic minus ``−``."""
    return text.replace("-", "\u2212")


# -- the kit ------------------------------------------------------------------------

class Kit:
    """Cached building blocks for painters: blanks, text, composed stamps.

    Args:
        fonts: where text comes from.
        blank_cache: how many blank card backgrounds to keep (one per colour and width).
        stamp_cache: how many composed stamps (corner indices, glows, wrapped names).
    """

    def __init__(self, fonts: FontBook, *, blank_cache: int = 256, stamp_cache: int = 3000) -> None:
        self.fonts = fonts
        self._blanks: LruCache[Hashable, pygame.Surface] = LruCache(blank_cache)
        self._stamps: LruCache[Hashable, pygame.Surface] = LruCache(stamp_cache)

    # rounded card shapes

    @staticmethod
    def radius(w: int) -> int:
        """Corner radius of a card ``w`` pixels wide."""
        return max(2, round(w * 0.065))

    def blank(self, w: int, h: int, layers: Layers,
              decor: Callable[[pygame.Surface], None] | None = None,
              decor_key: Hashable = None, radius: int | None = None) -> pygame.Surface:
        """A cached ``w`` x ``h`` card shape: ``layers`` as antialiased concentric rounded
        rectangles (drawn supersampled, then smooth-scaled), then ``decor(surface)``.

        The surface is shared: painters must ``copy()`` it before drawing on it.
        """
        key = (w, h, layers, decor_key, radius)
        surface = self._blanks.get(key)
        if surface is None:
            r = self.radius(w) if radius is None else radius
            f = 4 if w <= 240 else 2  # powers of two: smoothscale keeps 255 exact
            big = pygame.Surface((w * f, h * f), pygame.SRCALPHA)
            edge = layers[0][1]
            big.fill((edge[0], edge[1], edge[2], 0))
            for inset, colour in layers:
                d = round(inset * f)
                rect = pygame.Rect(d, d, w * f - 2 * d, h * f - 2 * d)
                if rect.width > 0 and rect.height > 0:
                    pygame.draw.rect(big, colour, rect,
                                     border_radius=max(0, round((r - inset) * f)))
            surface = pygame.transform.smoothscale(big, (w, h))
            if decor is not None:
                decor(surface)
            surface = converted(surface)
            self._blanks.put(key, surface)
        return surface

    # text and stamps

    def text(self, text: str, size: float, colour: Sequence[int], bold: bool = False,
             tight: bool = True) -> pygame.Surface:
        """Cached rendering of ``text`` (cropped to its ink unless ``tight`` is False)."""
        render = self.fonts.render_tight if tight else self.fonts.render
        return render(text, max(1, round(size)), tuple(colour), bold)  # type: ignore[arg-type]

    def fitted(self, text: str, size: float, max_width: float, colour: Sequence[int],
               bold: bool = False, min_size: int = 6) -> pygame.Surface:
        """``text`` at ``size`` or smaller so that it fits in ``max_width`` (tight)."""
        fit = self.fonts.fit_size(text, max(1, int(max_width)), max(1, round(size)), bold, min_size)
        return self.text(text, fit, colour, bold)

    def boxed(self, text: str, size: float, max_width: float, max_height: float,
              colour: Sequence[int], bold: bool = False) -> pygame.Surface:
        """``text`` (tight) at ``size``, or smaller if its ink would overflow the box:
        keeps tall or wide symbols from running into the text around them."""
        surface = self.text(text, size, colour, bold)
        w, h = surface.get_size()
        if w <= max_width and h <= max_height:
            return surface
        return self.text(text, max(1.0, size * min(max_width / w, max_height / h)), colour, bold)

    def stamp(self, key: Hashable, build: Callable[[], pygame.Surface]) -> pygame.Surface:
        """The cached result of ``build()`` under ``key`` (converted for fast blits)."""
        surface = self._stamps.get(key)
        if surface is None:
            surface = converted(build())
            self._stamps.put(key, surface)
        return surface

    def turned(self, key: Hashable, build: Callable[[], pygame.Surface]) -> pygame.Surface:
        """The cached stamp ``key`` turned by 180 degrees (for bottom corner indices)."""
        return self.stamp(("turned", key), lambda: pygame.transform.rotate(self.stamp(key, build), 180))

    def glow(self, key: Hashable, text: str, size: float, colour: RGB, halo: RGB,
             bold: bool = True) -> pygame.Surface:
        """Cached ``text`` in ``colour`` over a soft, blurred ``halo`` (for sabacc)."""
        def build() -> pygame.Surface:
            core = self.text(text, size, colour, bold)
            pad = max(2, round(size / 8))
            out = pygame.Surface((core.get_width() + 2 * pad, core.get_height() + 2 * pad), pygame.SRCALPHA)
            out.fill((*halo, 0))
            out.blit(self.text(text, size, halo, bold), (pad, pad))
            out = pygame.transform.gaussian_blur(out, max(1, pad // 2))
            out.blit(core, (pad, pad))
            return out
        return self.stamp(key, build)

    def smooth(self, key: Hashable, size: tuple[int, int],
               draw: Callable[[pygame.Surface, int], object]) -> pygame.Surface:
        """Cached antialiased drawing: ``draw(surface, f)`` paints at ``f`` times the
        ``size`` (coordinates multiplied by ``f``), then the result is smooth-scaled down."""
        def build() -> pygame.Surface:
            f = 4 if max(size) <= 200 else 2
            big = pygame.Surface((size[0] * f, size[1] * f), pygame.SRCALPHA)
            draw(big, f)
            return pygame.transform.smoothscale(big, size)
        return self.stamp(key, build)

    def wrapped(self, key: Hashable, text: str, size: float, max_width: float, colour: RGB,
                bold: bool = False, max_lines: int = 3) -> pygame.Surface:
        """Cached ``text`` word-wrapped to ``max_width``, centred lines, shrunk until it
        fits in ``max_lines`` lines."""
        def build() -> pygame.Surface:
            size_now = max(1, round(size))
            while True:
                lines = wrap_words(self.fonts, text, size_now, max_width, bold)
                widest = max(self.fonts.size_of(line, size_now, bold)[0] for line in lines)
                if (len(lines) <= max(1, max_lines) and widest <= max_width) or size_now <= 6:
                    break
                size_now -= 1
            rendered = [self.fonts.render(line, size_now, colour, bold) for line in lines]
            step = round(self.fonts.font(size_now, bold).get_linesize() * 0.92)
            width = max(r.get_width() for r in rendered)
            out = pygame.Surface((width, step * (len(rendered) - 1) + rendered[-1].get_height()),
                                 pygame.SRCALPHA)
            for i, r in enumerate(rendered):
                out.blit(r, ((width - r.get_width()) // 2, i * step))
            return out
        return self.stamp(key, build)


def stack(pieces: Sequence[pygame.Surface], gap: float, align: str = "center") -> pygame.Surface:
    """A new surface with ``pieces`` stacked top to bottom ``gap`` px apart, aligned
    ``"left"``, ``"center"`` or ``"right"``."""
    width = max(p.get_width() for p in pieces)
    height = sum(p.get_height() for p in pieces) + round(gap) * (len(pieces) - 1)
    out = pygame.Surface((width, height), pygame.SRCALPHA)
    y = 0
    for p in pieces:
        x = {"left": 0, "right": width - p.get_width()}.get(align, (width - p.get_width()) // 2)
        out.blit(p, (x, y))
        y += p.get_height() + round(gap)
    return out


def wrap_words(fonts: FontBook, text: str, size: int, max_width: float, bold: bool) -> list[str]:
    """``text`` split greedily into lines no wider than ``max_width`` (a lone long word
    stays on its own line)."""
    lines: list[str] = []
    for word in text.split():
        if lines and fonts.size_of(f"{lines[-1]} {word}", size, bold)[0] <= max_width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines or [""]


def condensed(surface: pygame.Surface, max_width: float) -> pygame.Surface:
    """``surface`` squeezed horizontally to ``max_width`` if it is wider (a condensed "10")."""
    width = max(1, round(max_width))
    if surface.get_width() <= width:
        return surface
    return pygame.transform.smoothscale(surface, (width, surface.get_height()))


def put(dst: pygame.Surface, src: pygame.Surface, **anchor: float | tuple[float, float]) -> pygame.Rect:
    """Blit ``src`` with one rect anchor at a point, e.g. ``put(d, s, center=(50, 70))``."""
    rect = src.get_rect(**{k: (round(v[0]), round(v[1])) if isinstance(v, tuple) else round(v)
                           for k, v in anchor.items()})
    return dst.blit(src, rect)


def converted(surface: pygame.Surface) -> pygame.Surface:
    """``surface.convert_alpha()`` once a display mode is set (faster blits), else as is."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surface.convert_alpha()
    return surface


def corners(kit: Kit, surf: pygame.Surface, key: Hashable, build: Callable[[], pygame.Surface],
            x: float, y: float) -> None:
    """Blit the index stamp ``key`` at ``(x, y)`` from the top left, and turned by 180
    degrees at the same distance from the bottom right."""
    top = kit.stamp(key, build)
    bottom = kit.turned(key, build)
    w, h = surf.get_size()
    surf.blit(top, (round(x), round(y)))
    surf.blit(bottom, (w - round(x) - bottom.get_width(), h - round(y) - bottom.get_height()))


# -- standard -----------------------------------------------------------------------

L, M, R = 0.0, 0.5, 1.0
PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((M, 0), (M, 1)),
    3: ((M, 0), (M, 0.5), (M, 1)),
    4: ((L, 0), (R, 0), (L, 1), (R, 1)),
    5: ((L, 0), (R, 0), (M, 0.5), (L, 1), (R, 1)),
    6: ((L, 0), (R, 0), (L, 0.5), (R, 0.5), (L, 1), (R, 1)),
    7: ((L, 0), (R, 0), (M, 0.25), (L, 0.5), (R, 0.5), (L, 1), (R, 1)),
    8: ((L, 0), (R, 0), (M, 0.25), (L, 0.5), (R, 0.5), (M, 0.75), (L, 1), (R, 1)),
    9: ((L, 0), (R, 0), (L, 1 / 3), (R, 1 / 3), (M, 0.5), (L, 2 / 3), (R, 2 / 3), (L, 1), (R, 1)),
    10: ((L, 0), (R, 0), (M, 1 / 6), (L, 1 / 3), (R, 1 / 3), (L, 2 / 3), (R, 2 / 3), (M, 5 / 6),
         (L, 1), (R, 1)),
}
"""Classic pip positions for 2-10: ``(column, row)`` in the pip box, 0 to 1; pips below
the middle row are printed upside down."""

ROYAL = {"K": "\u265a", "Q": "\u265b", "J": "\u265e"}
"""The chess glyph crowning each court card (king, queen, knight for the knave)."""


def standard_layers(w: int) -> Layers:
    """White paper with a thin grey edge."""
    return ((0, (150, 150, 150)), (max(1.0, w / 100), WHITE))


def standard_index(kit: Kit, card: Card, w: int) -> pygame.Surface:
    """Rank over suit symbol over the suit's letter ("S" for Spades), as printed in the
    corners of a standard card: the suit by shape and by name, never by red or black alone."""
    s = w / 100
    rank = condensed(kit.text(card.rank, 19 * s, card.ink, bold=True), 17 * s)
    symbol = kit.text(card.symbol, 18 * s, card.ink)
    letter = kit.text(card.suit[:1], 11 * s, card.ink, bold=True)
    return stack((rank, symbol, letter), 2 * s)


def paint_standard(kit: Kit, card: Card, w: int, h: int) -> pygame.Surface:
    """A standard card: corner indices, classic pips, framed courts, one big ace."""
    s = w / 100
    surf = kit.blank(w, h, standard_layers(w)).copy()
    ink = card.ink
    corners(kit, surf, ("std-index", card.rank, card.symbol, card.suit[:1], ink, w),
            lambda: standard_index(kit, card, w), 4.5 * s, 6 * s)
    cx, cy = w / 2, h / 2
    if card.rank in ROYAL:
        box = pygame.Rect(round(23 * s), round(9 * s), w - 2 * round(23 * s), h - 2 * round(9 * s))
        frame = kit.stamp(("std-frame", ink, w, h), lambda: court_frame(box.size, ink, s))
        surf.blit(frame, box)
        put(surf, kit.text(ROYAL[card.rank], 26 * s, ink), center=(cx, box.top + 25 * s))
        put(surf, kit.text(card.rank, 46 * s, ink, bold=True), center=(cx, cy + 2 * s))
        put(surf, kit.text(card.symbol, 22 * s, ink), center=(cx, box.bottom - 20 * s))
    elif card.rank == "A":
        put(surf, kit.text(card.symbol, 64 * s, ink), center=(cx, cy))
    else:
        try:
            layout = PIPS[int(card.rank)]
        except (ValueError, KeyError):
            put(surf, kit.text(card.symbol, 48 * s, ink), center=(cx, cy))
            return surf
        up = kit.text(card.symbol, 24 * s, ink)
        down = kit.turned(("std-pip", card.symbol, ink, w), lambda: up)
        left, right, top, bottom = 33.5 * s, w - 33.5 * s, 21 * s, h - 21 * s
        for col, row in layout:
            x = left + (right - left) * col
            y = top + (bottom - top) * row
            put(surf, down if row > 0.5 else up, center=(x, y))
    return surf


def court_frame(size: tuple[int, int], ink: RGB, s: float) -> pygame.Surface:
    """The tinted, double-ruled panel behind a jack, queen or king."""
    frame = pygame.Surface(size, pygame.SRCALPHA)
    rect = frame.get_rect()
    pygame.draw.rect(frame, mix(ink, WHITE, 0.9), rect, border_radius=round(4 * s))
    pygame.draw.rect(frame, ink, rect, max(1, round(1.2 * s)), border_radius=round(4 * s))
    inner = rect.inflate(-round(6 * s), -round(6 * s))
    pygame.draw.rect(frame, mix(ink, WHITE, 0.45), inner, max(1, round(0.6 * s)),
                     border_radius=round(3 * s))
    return frame


# -- ivali --------------------------------------------------------------------------

def ivali_background(card: Card) -> RGB:
    """The planet colour behind an Ivali card (a neutral paper for the infinity wilds)."""
    if "infinity" in card.tags:
        return IVALI_NEUTRAL
    return hex_rgb(card.get("background"))


def ivali_layers(card: Card, w: int) -> Layers:
    """Planet-coloured card with an edge a shade darker."""
    bg = ivali_background(card)
    return ((0, mix(bg, (0, 0, 0), 0.45)), (max(1.0, w / 90), bg))


def paint_ivali(kit: Kit, card: Card, w: int, h: int) -> pygame.Surface:
    """An Ivali card: numeral and planet symbol top left, element symbol and numeral
    bottom right (never turned: ▲ and ▼ are different elements), and a medallion with
    the big numeral between the planet and element names."""
    s = w / 100
    bg = ivali_background(card)
    surf = kit.blank(w, h, ivali_layers(card, w)).copy()
    cx, cy = w / 2, h / 2
    if "infinity" in card.tags:
        sign = card.rank or "\u221e"
        top = kit.text(sign, 30 * s, card.ink, bold=True)
        put(surf, top, topleft=(7 * s, 8 * s))
        put(surf, top, bottomright=(w - 7 * s, h - 8 * s))
        put(surf, kit.text(sign, 64 * s, card.ink, bold=True), center=(cx, cy))
        dot = kit.smooth(("iv-dot", card.ink, w), (round(12 * s) + 2,) * 2, lambda d, f: pygame.draw.circle(
            d, card.ink, (d.get_width() / 2, d.get_height() / 2), 6 * s * f))
        put(surf, dot, center=(cx, cy - 31 * s))
        put(surf, dot, center=(cx, cy + 31 * s))
        put(surf, kit.text("Infinity", 10 * s, IVALI_TEXT, tight=False), center=(cx, cy + 48 * s))
        return surf
    text = IVALI_TEXT
    planet = card.get("planet")
    numeral = kit.text(card.rank, 26 * s, text, bold=True)
    wild = "elemental_wild" in card.tags
    element = kit.text(card.symbol, (34 if wild else 24) * s, card.ink, bold=wild)
    top_left = kit.stamp(("iv-tl", card.rank, card.get("planet_symbol"), w), lambda: stack(
        (numeral, kit.text(card.get("planet_symbol"), 21 * s, text)), 4 * s))
    bottom_right = kit.stamp(("iv-br", card.rank, card.symbol, card.ink, wild, w),
                             lambda: stack((element, numeral), 4 * s))
    put(surf, top_left, topleft=(7 * s, 6 * s))
    put(surf, bottom_right, bottomright=(w - 7 * s, h - 6 * s))
    r = 24 * s
    medal = kit.smooth(("iv-medal", bg, card.ink, w), (round(2 * r) + 2,) * 2, lambda d, f: ivali_medal(
        d, f, r, bg, card.ink, s))
    put(surf, medal, center=(cx, cy))
    put(surf, kit.text(card.rank, 38 * s, text, bold=True), center=(cx, cy))
    put(surf, kit.fitted(planet, 12 * s, 56 * s, text, bold=True), center=(cx, cy - 35 * s))
    label = "Wild" if wild else card.suit
    put(surf, kit.fitted(label, 12 * s, 56 * s, card.ink, bold=True), center=(cx, cy + 35 * s))
    return surf


def ivali_medal(d: pygame.Surface, f: int, r: float, bg: RGB, ink: RGB, s: float) -> None:
    """Paint the pale disc ringed in the element's colour that holds the big numeral
    (on ``d``, ``f`` times supersampled)."""
    centre = (d.get_width() / 2, d.get_height() / 2)
    pygame.draw.circle(d, mix(bg, (255, 255, 255), 0.6), centre, r * f)
    pygame.draw.circle(d, ink, centre, r * f, max(1, round(1.7 * s * f)))


# -- sabacc -------------------------------------------------------------------------

def sabacc_layers(card: Card, w: int) -> Layers:
    """Dark glass with a glowing edge in the suit's colour."""
    s = w / 100
    g = glow_colour(card.ink)
    return ((0, (6, 8, 12)), (1.2 * s, mix(g, SABACC_BG, 0.55)), (2.2 * s, g),
            (3.2 * s, mix(g, SABACC_BG, 0.5)), (4.4 * s, mix(g, SABACC_BG, 0.8)), (5.6 * s, SABACC_BG))


def sabacc_decor(ink: RGB, w: int, h: int) -> Callable[[pygame.Surface], None]:
    """Faint diagonal scan lines and a sheen band, the 'hologram' of the card."""
    s = w / 100

    def draw(surface: pygame.Surface) -> None:
        layer = pygame.Surface((w, h), pygame.SRCALPHA)
        g = glow_colour(ink)
        step = max(3, round(7 * s))
        for x in range(-h, w, step):
            pygame.draw.line(layer, (*g, 22), (x, h), (x + h, 0), max(1, round(0.5 * s)))
        band = [(0, round(h * 0.42)), (w, round(h * 0.2)), (w, round(h * 0.32)), (0, round(h * 0.54))]
        pygame.draw.polygon(layer, (255, 255, 255, 14), band)
        inset = round(8 * s)
        surface.blit(layer, (inset, inset), pygame.Rect(inset, inset, w - 2 * inset, h - 2 * inset))
    return draw


def paint_sabacc(kit: Kit, card: Card, w: int, h: int) -> pygame.Surface:
    """A Sabacc card: glowing value in the centre between the suit symbol and the name;
    face cards show their symbol large, their wrapped name and their value in a badge."""
    s = w / 100
    g = glow_colour(card.ink)
    bright = mix(g, (255, 255, 255), 0.35)
    surf = kit.blank(w, h, sabacc_layers(card, w), sabacc_decor(card.ink, w, h), "sabacc").copy()
    cx, cy = w / 2, h / 2
    label = minus(card.rank)
    if "face" in card.tags:
        corners(kit, surf, ("sb-fidx", label, card.symbol, card.ink, w),
                lambda: sabacc_index(kit, label, card.symbol, bright, g, w, 22), 8 * s, 8 * s)
        put(surf, kit.glow(("sb-fsym", card.symbol, card.ink, w), card.symbol, 40 * s, bright, g, bold=False),
            center=(cx, cy - 30 * s))
        put(surf, kit.wrapped(("sb-name", card.name, w), card.name, 12 * s, 68 * s, (236, 236, 244),
                              bold=True, max_lines=2), center=(cx, cy + 7 * s))
        badge = kit.stamp(("sb-badge", label, card.ink, w), lambda: sabacc_badge(kit, label, g, s))
        put(surf, badge, center=(cx, cy + 33 * s))
        return surf
    corners(kit, surf, ("sb-idx", card.rank, card.symbol, card.ink, w),
            lambda: sabacc_index(kit, card.rank, card.symbol, bright, g, w, 18), 8 * s, 8 * s)
    put(surf, kit.glow(("sb-sym", card.symbol, card.ink, w), card.symbol, 26 * s, g, g, bold=False),
        center=(cx, cy - 33 * s))
    value = "" if card.value is None else minus(str(card.value))
    put(surf, kit.glow(("sb-val", value, card.ink, w), value, 40 * s, bright, g), center=(cx, cy + 1 * s))
    put(surf, kit.wrapped(("sb-cname", card.name, w), card.name, 10 * s, 56 * s, (214, 218, 230),
                          bold=False, max_lines=2), center=(cx, cy + 32 * s))
    return surf


SABACC_INDEX_MIN = 9
"""The least type (pixels) of a Sabacc card's corner index: smaller, "13" reads as "1:"."""


def sabacc_index(kit: Kit, label: str, symbol: str, bright: RGB, g: RGB, w: int, room: float) -> pygame.Surface:
    """A Sabacc corner index: the label (condensed to ``room`` px per 100 px of card)
    over the suit symbol. A label that would be squeezed by more than a fifth ("13"
    then reads "1:") takes up to 40% of the card's width instead, in smaller type if it
    must; on a small card the label keeps :data:`SABACC_INDEX_MIN` px and the symbol,
    too small to read there, is left out."""
    s = w / 100
    size = max(15 * s, SABACC_INDEX_MIN)
    text = kit.text(label, size, bright, bold=True)
    width = room * s
    if text.get_width() > width * 1.25:
        width = max(width, min(text.get_width(), w * 0.4))
        text = kit.fitted(label, size, width, bright, bold=True, min_size=7)
    text = condensed(text, width)
    if 13 * s < 7:
        return text
    return stack((text, kit.text(symbol, 13 * s, g)), 2.5 * s)


def sabacc_badge(kit: Kit, label: str, g: RGB, s: float) -> pygame.Surface:
    """A glowing pill holding a face card's (negative) value."""
    text = kit.text(label, 17 * s, (255, 255, 255), bold=True)
    size = (max(text.get_width() + round(14 * s), round(36 * s)), text.get_height() + round(10 * s))

    def pill(d: pygame.Surface, f: int) -> None:
        rect = d.get_rect()
        pygame.draw.rect(d, mix(g, SABACC_BG, 0.55), rect, border_radius=rect.height // 2)
        pygame.draw.rect(d, g, rect, max(1, round(1.5 * s * f)), border_radius=rect.height // 2)
    out = kit.smooth(("sb-pill", size, g), size, pill).copy()
    put(out, text, center=(size[0] / 2, size[1] / 2))
    return out


# -- infinite -----------------------------------------------------------------------

def infinite_layers(card: Card, w: int) -> Layers:
    """Paper inside a border in the colour's rgb; trumps get a gold inner rule."""
    s = w / 100
    c = card.ink
    layers: list[tuple[float, tuple[int, ...]]] = [(0, mix(c, (0, 0, 0), 0.35)), (0.8 * s, c)]
    if "trump" in card.tags:
        layers += [(4.2 * s, GOLD), (5.6 * s, c), (6.2 * s, INFINITE_PAPER)]
    else:
        layers += [(4.6 * s, INFINITE_PAPER)]
    return tuple(layers)


def mark_badge(kit: Kit, mark: str, rgb: RGB, size: float) -> pygame.Surface:
    """A small rounded tag in the colour holding its mark letters ("Cr"), so colours can
    be told apart without colour vision."""
    def build() -> pygame.Surface:
        ink = (255, 255, 255) if luma(rgb) < 0.6 else (20, 20, 20)
        text = kit.text(mark or "?", size, ink, bold=True)
        pad = max(2, round(size * 0.3))
        height = round(size * 0.95) + 2 * pad
        width = max(height, text.get_width() + 2 * pad)
        radius = max(1, height // 4)

        def tag(d: pygame.Surface, f: int) -> None:
            pygame.draw.rect(d, rgb, d.get_rect(), border_radius=radius * f)
            pygame.draw.rect(d, mix(rgb, (0, 0, 0), 0.4), d.get_rect(), max(1, round(size * f / 12)),
                             border_radius=radius * f)
        out = kit.smooth(("tag", rgb, width, height), (width, height), tag).copy()
        put(out, text, center=(width / 2, height / 2))
        return out
    return kit.stamp(("mark", mark, rgb, round(size)), build)


def trump_badge(kit: Kit, size: float) -> pygame.Surface:
    """A gold disc with a white star: the sign of a trump suit."""
    def build() -> pygame.Surface:
        r = max(3, round(size / 2))
        out = pygame.Surface((2 * r + 1, 2 * r + 1), pygame.SRCALPHA)
        pygame.draw.circle(out, GOLD_DARK, (r, r), r)
        pygame.draw.circle(out, GOLD, (r, r), max(1, r - max(1, round(size / 14))))
        put(out, kit.text("\u2605", size * 0.78, (255, 255, 255)), center=(r + 0.5, r + 0.5))
        return out
    return kit.stamp(("trump", round(size)), build)


def paint_infinite(kit: Kit, card: Card, w: int, h: int) -> pygame.Surface:
    """An Infinite Deck card: rank and symbol in the corners, a big symbol over the suit
    name and the colour (mark badge + name); trumps carry gold stars and the word TRUMP."""
    s = w / 100
    ink = readable_on_light(card.ink)
    trump = "trump" in card.tags
    surf = kit.blank(w, h, infinite_layers(card, w)).copy()
    cx, cy = w / 2, h / 2
    pad = 9 * s if trump else 8 * s
    index = ("inf-idx", card.rank, card.symbol, ink, w)
    corners(kit, surf, index, lambda: stack(
        (kit.fitted(card.rank, 17 * s, 54 * s, ink, bold=True, min_size=5),
         kit.text(card.symbol, 16 * s, ink)), 3 * s, align="left"), pad, pad)
    if trump:
        star = trump_badge(kit, 17 * s)
        put(surf, star, topright=(w - pad, pad))
        put(surf, star, bottomleft=(pad, h - pad))
    put(surf, kit.boxed(card.symbol, 40 * s, 56 * s, 32 * s, ink), center=(cx, cy - 17 * s))
    put(surf, kit.fitted(card.suit, 13 * s, 74 * s, ink, bold=True), center=(cx, cy + 11 * s))
    badge = mark_badge(kit, card.mark, card.ink, 9 * s)
    name = kit.fitted(card.colour, 9.5 * s, 60 * s, (70, 70, 70))
    row_w = badge.get_width() + round(3 * s) + name.get_width()
    left = cx - row_w / 2
    put(surf, badge, midleft=(left, cy + 27 * s))
    put(surf, name, midleft=(left + badge.get_width() + 3 * s, cy + 27.5 * s))
    if trump:
        put(surf, kit.text("TRUMP", 9 * s, GOLD_DARK, bold=True), center=(cx, cy - 40 * s))
    return surf


PAINTERS: dict[str, Callable[[Kit, Card, int, int], pygame.Surface]] = {
    "standard": paint_standard,
    "ivali": paint_ivali,
    "sabacc": paint_sabacc,
    "infinite": paint_infinite,
}
"""The full-face painter of each deck style."""
