"""Procedural card art: every face and back drawn with pygame.draw and text, no images.

:class:`FaceArt` draws a card at any pixel width, choosing the level of detail from
the width (see :data:`SWATCH_BELOW` and :data:`CORNER_BELOW`):

* ``"swatch"`` - a plain rounded rectangle in the card's dominant colour, so a
  zoomed-out spread of thousands of cards still shows its colours;
* ``"corner"`` - a big rank and suit symbol only (plus the colour mark letter in the
  Infinite Deck), readable at 18-55 px;
* ``"full"`` - the complete face of the deck's style (see
  :mod:`cardtable.ui.face_painters`), readable from 56 px up to a card filling the screen.

Cards live in world units of :data:`CARD_W` x :data:`CARD_H`; the renderer multiplies by
its zoom to get the pixel width it asks for. ``FaceArt`` caches the pieces it draws
with (blank cards, text, corner indices) but not whole faces: the renderer keeps its
own LRU of finished faces.
"""

from __future__ import annotations

import pygame

from cardtable.engine.cards import RGB, Card, Deck
from cardtable.ui import face_painters as fp
from cardtable.ui.fonts import FontBook, LruCache

__all__ = ["CARD_W", "CARD_H", "SWATCH_BELOW", "CORNER_BELOW", "SIGN_FROM", "FaceArt", "card_height",
           "dominant_colour", "swatch_sign"]

CARD_W = 100
"""Card width in world units."""
CARD_H = 140
"""Card height in world units (the 5:7 aspect of a poker card)."""

SWATCH_BELOW = 18
"""Cards narrower than this many pixels are drawn as plain swatches of their dominant
colour: at 17 px and below a rank or symbol would be a smudge of 5-6 px type."""
CORNER_BELOW = 56
"""Cards at least :data:`SWATCH_BELOW` but narrower than this are drawn with a big rank
and symbol only: below 56 px the full layout's small type (names, pips) falls under
about 7 px and stops being legible, while one rank and symbol stay 15-20 px tall."""


SIGN_FROM = 10
"""Swatches at least this wide carry their sign (:func:`swatch_sign`) in a contrasting ink,
so a zoomed-out card is not told by colour alone; narrower, a card is a few pixels and
carries only its colour (hover magnify or zooming in shows it)."""


def card_height(width: int) -> int:
    """Pixel height of a card ``width`` pixels wide (``round(width * 1.4)``)."""
    return round(width * CARD_H / CARD_W)


def short_ranks(ranks: tuple[str, ...] | list[str]) -> dict[str, str]:
    """Corner-sized spellings of a deck's ranks: ranks of up to 3 characters as they are,
    longer ones cut to the shortest prefix (at least 2 letters) that keeps every rank
    distinct.

    >>> short_ranks(["10", "Ace", "Sorceress", "Infinity"])
    {'10': '10', 'Ace': 'Ace', 'Sorceress': 'So', 'Infinity': 'In'}
    >>> short_ranks(["10", "Jack", "Queen", "Quest"])
    {'10': '10', 'Jack': 'Jack', 'Queen': 'Quee', 'Quest': 'Ques'}
    """
    longest = max((len(r) for r in ranks), default=0)
    for n in range(2, longest + 1):
        short = {r: r if len(r) <= 3 else r[:n] for r in ranks}
        if len(set(short.values())) == len(short):
            return short
    return {r: r for r in ranks}


def dominant_colour(card: Card, deck: Deck) -> RGB:
    """The colour a card is known by at a glance: its ink (standard, sabacc, infinite)
    or its planet background (ivali)."""
    if deck.style == "ivali":
        return fp.ivali_background(card)
    return card.ink


def swatch_sign(card: Card, deck: Deck) -> str:
    """What a swatch shows on its colour, the thing that colour stands for: the colour's
    mark letters (infinite), the planet's symbol (ivali), else the suit's symbol."""
    if deck.style == "infinite":
        return card.mark
    if deck.style == "ivali":
        return "\u221e" if "infinity" in card.tags else card.get("planet_symbol")
    return card.symbol


class FaceArt:
    """Draws card faces and backs for every deck style at any width.

    Args:
        fonts: the font book all text comes from.

    The surfaces returned are per-pixel-alpha with rounded corners, converted to the
    display format when a display mode is set. Treat them as read-only: swatches and
    backs are shared between calls (one per colour/deck and width); full and corner
    faces are new surfaces on every call.
    """

    def __init__(self, fonts: FontBook) -> None:
        self.fonts = fonts
        self.kit = fp.Kit(fonts)
        self._swatches: LruCache[tuple[RGB, str, int], pygame.Surface] = LruCache(1024)
        self._backs: LruCache[tuple[object, ...], pygame.Surface] = LruCache(64)
        self._short: dict[tuple[str, ...], dict[str, str]] = {}
        # Placed pieces of corner faces (a rank, a mark badge) by what they are made from, for
        # the last few widths: 12,000 Infinite cards share 800 ranks and 20 badges a width.
        self._pieces: dict[int, dict[tuple, tuple[pygame.Surface, pygame.Rect]]] = {}

    @staticmethod
    def detail_for(width: int) -> str:
        """The level of detail drawn at ``width`` px: ``"swatch"``, ``"corner"`` or ``"full"``.

        >>> [FaceArt.detail_for(w) for w in (12, 17, 18, 55, 56, 600)]
        ['swatch', 'swatch', 'corner', 'corner', 'full', 'full']
        """
        if width < SWATCH_BELOW:
            return "swatch"
        if width < CORNER_BELOW:
            return "corner"
        return "full"

    def face(self, card: Card, deck: Deck, width: int) -> pygame.Surface:
        """``card`` of ``deck`` drawn ``width`` x ``round(width * 1.4)`` pixels."""
        w = _check_width(width)
        h = card_height(w)
        detail = self.detail_for(w)
        if detail == "swatch":
            return self._swatch(dominant_colour(card, deck), w, h, swatch_sign(card, deck))
        if detail == "corner":
            return self._corner(card, deck, w, h)
        try:
            painter = fp.PAINTERS[deck.style]
        except KeyError:
            raise ValueError(f"no face painter for deck style {deck.style!r}; "
                             f"known: {', '.join(fp.PAINTERS)}") from None
        return painter(self.kit, card, w, h)

    def back(self, deck: Deck, width: int) -> pygame.Surface:
        """The back of ``deck``'s cards: its back colour, an accent border and lattice,
        and the deck name when the card is wide enough. Shared: do not draw on it."""
        w = _check_width(width)
        h = card_height(w)
        colour, accent = deck.back
        detail = self.detail_for(w)
        if detail == "swatch":
            return self._swatch(colour, w, h)
        key = (deck.name if detail == "full" else "", colour, accent, w)
        surface = self._backs.get(key)
        if surface is None:
            surface = fp.converted(self._paint_back(deck.name if detail == "full" else "",
                                                  colour, accent, w, h))
            self._backs.put(key, surface)
        return surface

    # -- levels of detail --------------------------------------------------------

    def _swatch(self, colour: RGB, w: int, h: int, sign: str = "") -> pygame.Surface:
        """A block of ``colour`` with ``sign`` on it in black or white, from :data:`SIGN_FROM` px."""
        sign = sign if w >= SIGN_FROM else ""
        surface = self._swatches.get((colour, sign, w))
        if surface is None:
            surface = pygame.Surface((w, h), pygame.SRCALPHA)
            radius = max(1, round(w * 0.12)) if w >= 4 else 0
            pygame.draw.rect(surface, colour, surface.get_rect(), border_radius=radius)
            if sign:
                ink = (255, 255, 255) if fp.luma(colour) < 0.55 else (0, 0, 0)
                text = self.kit.fitted(sign, 0.8 * w, w - 2, ink, bold=True, min_size=5)
                surface.blit(text, text.get_rect(center=(w / 2, h / 2)))
            surface = fp.converted(surface)
            self._swatches.put((colour, sign, w), surface)
        return surface

    def _corner(self, card: Card, deck: Deck, w: int, h: int) -> pygame.Surface:
        """Big rank at the top left and a big symbol below the middle."""
        kit, s = self.kit, w / 100
        short = self._short.get(deck.ranks)
        if short is None:
            short = self._short[deck.ranks] = short_ranks(deck.ranks)
        rank, symbol, badge, bold = short.get(card.rank, card.rank), card.symbol, None, False
        if deck.style == "ivali":
            layers = fp.ivali_layers(card, w)
            rank_ink, symbol_ink = fp.IVALI_TEXT, card.ink
            bold = "wild" in card.tags
            if "infinity" in card.tags:
                rank, symbol = "", card.rank
            else:  # the planet by its symbol too, not by the card's colour alone
                badge = kit.text(card.get("planet_symbol"), max(24 * s, 7), fp.IVALI_TEXT)
        elif deck.style == "sabacc":
            layers = fp.sabacc_layers(card, w)
            symbol_ink = fp.glow_colour(card.ink)
            rank_ink = fp.mix(symbol_ink, (255, 255, 255), 0.35)
            rank = fp.minus(rank)
        elif deck.style == "infinite":
            layers = fp.infinite_layers(card, w)
            rank_ink = symbol_ink = fp.readable_on_light(card.ink)
            badge = fp.mark_badge(kit, card.mark, card.ink, max(20 * s, 6))
        else:
            layers = fp.standard_layers(w)
            rank_ink = symbol_ink = card.ink
        surf = kit.blank(w, h, layers).copy()
        pad = 9 * s
        room = w - 2 * pad - (badge.get_width() + 4 * s if badge is not None else 0)
        pieces = self._pieces_at(w)
        if rank:
            key: tuple = ("rank", rank, room, rank_ink)
            piece = pieces.get(key)
            if piece is None:
                text = kit.fitted(rank, 40 * s, room, rank_ink, bold=True, min_size=5)
                piece = pieces[key] = (text, text.get_rect(topleft=(round(pad), round(pad))))
            surf.blit(*piece)
        if badge is not None:
            key = ("badge", badge)
            piece = pieces.get(key)
            if piece is None:
                piece = pieces[key] = (badge, badge.get_rect(topright=(round(w - pad + 2 * s), round(pad - 2 * s))))
            surf.blit(*piece)
        if symbol:
            size = (72 if "elemental_wild" in card.tags else 52) * s
            mark = kit.boxed(symbol, size, 0.8 * w, 0.4 * h, symbol_ink, bold)
            surf.blit(mark, mark.get_rect(center=(round(w / 2), round(h * (0.66 if rank else 0.5)))))
        return surf

    def _pieces_at(self, w: int) -> dict[tuple, tuple[pygame.Surface, pygame.Rect]]:
        """The placed corner pieces kept for width ``w`` (the oldest width's dropped past four)."""
        pieces = self._pieces.get(w)
        if pieces is None:
            if len(self._pieces) >= 4:
                del self._pieces[next(iter(self._pieces))]
            pieces = self._pieces[w] = {}
        return pieces

    def _paint_back(self, name: str, colour: RGB, accent: RGB, w: int, h: int) -> pygame.Surface:
        """Back colour, an accent frame, a diamond lattice and a plaque with ``name``."""
        s = w / 100
        layers = ((0, fp.mix(colour, (0, 0, 0), 0.45)), (1.0 * s, colour), (5 * s, accent),
                  (6.4 * s, colour))
        surf = self.kit.blank(w, h, layers).copy()
        inset = round(10 * s)
        inner = pygame.Rect(inset, inset, w - 2 * inset, h - 2 * inset)
        lattice = pygame.Surface(inner.size, pygame.SRCALPHA)
        step = max(4, round(13 * s))
        line = (*accent, 95)
        span = inner.width + inner.height
        for x in range(-span, span, step):
            pygame.draw.line(lattice, line, (x, 0), (x + inner.height, inner.height), max(1, round(s)))
            pygame.draw.line(lattice, line, (x, inner.height), (x + inner.height, 0), max(1, round(s)))
        surf.blit(lattice, inner)
        pygame.draw.rect(surf, accent, inner, max(1, round(0.8 * s)), border_radius=round(3 * s))
        centre = (w / 2, h / 2)
        if name:
            label = self.kit.fitted(name, 10 * s, 64 * s, accent, bold=True)
            plaque = pygame.Rect(0, 0, label.get_width() + round(14 * s), label.get_height() + round(12 * s))
        else:
            label = None
            plaque = pygame.Rect(0, 0, round(30 * s), round(30 * s))
        plaque.center = (round(centre[0]), round(centre[1]))
        pygame.draw.rect(surf, colour, plaque, border_radius=round(5 * s))
        pygame.draw.rect(surf, accent, plaque, max(1, round(1.2 * s)), border_radius=round(5 * s))
        if label is not None:
            fp.put(surf, label, center=centre)
        else:
            diamond = [(plaque.centerx, plaque.top + 5 * s), (plaque.right - 5 * s, plaque.centery),
                       (plaque.centerx, plaque.bottom - 5 * s), (plaque.left + 5 * s, plaque.centery)]
            pygame.draw.polygon(surf, accent, diamond)
        return surf


def _check_width(width: int) -> int:
    w = int(width)
    if w < 1:
        raise ValueError(f"a card must be at least 1 px wide, got {width!r}")
    return w
