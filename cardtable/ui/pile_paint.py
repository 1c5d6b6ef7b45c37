"""Blitting piles onto a table view's layer: the card-by-card way for stacks and lifted
cards, and C-level ``map`` calls over arrays for the common case of one card a pile (a
zoomed-out frame blits 12,000 swatches, a 29 px one 1,400 faces, without a Python call each).

Screen positions are ``round(world * zoom) - origin``, ``origin`` being the camera's offset on
the zoomed world grid (see :meth:`cardtable.ui.table_view.TableView.origin`).
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Iterable
from itertools import compress, repeat
from operator import add, and_, getitem, is_, itemgetter, mul, not_, sub

import pygame

from cardtable.engine.table import CARD_H, CARD_W, Pile, Table
from cardtable.ui.face_cache import FaceCache

LADDER_RATIO = 1.06
"""Card widths snap to a ladder of widths this far apart (zooming reuses drawn faces)."""

Piles = list[tuple[int, Pile]]
"""``(pile id, pile)`` pairs, bottom to top."""
Pending = dict[int, tuple[int, int, int, int]]
"""Piles showing a stand-in, and where: ``x, y, w, h`` in zoomed-world pixels."""


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


def places(records: list[Pile], zoom: float, origin: tuple[int, int]) -> tuple[list[int], list[int]]:
    """The screen ``x`` and ``y`` of each pile's top left, ``round(world * zoom) - origin``,
    worked out with C-level maps (no Python call per pile)."""
    xs = list(map(sub, map(round, map(mul, map(itemgetter(0), records), repeat(zoom))), repeat(origin[0])))
    ys = list(map(sub, map(round, map(mul, map(itemgetter(1), records), repeat(zoom))), repeat(origin[1])))
    return xs, ys


def pile_places(corners: Iterable[tuple[float, float]], zoom: float, origin: tuple[int, int],
                bounds: pygame.Rect) -> list[pygame.Rect]:
    """The pixels each pile with its corner at one of ``corners`` (world units) may cover at
    ``zoom`` seen from ``origin``, its stack's edge cards below and right of its top card
    included, clipped to ``bounds``; those wholly outside left out."""
    width = snap_width(CARD_W * zoom)
    height = int(round(width * CARD_H / CARD_W))
    reach = 3 * max(1, width // 40) + 2
    ox, oy = origin
    places = (pygame.Rect(int(round(x * zoom)) - ox - 1, int(round(y * zoom)) - oy - 1, width + reach,
                          height + reach).clip(bounds) for x, y in corners)
    return [place for place in places if place.w and place.h]


def paint_swatches(layer: pygame.Surface, table: Table, zoom: float, origin: tuple[int, int],
                   hidden: dict[int, int], order: Piles, cache: FaceCache, pending: Pending) -> int:
    """The piles of ``order`` (bottom to top) as swatches, from per-card arrays: a zoomed-out
    frame of 12,000 cards with no Python call per card (those off the layer skipped); piles
    partly lifted are drawn after, by :func:`paint_piles`. Returns how many showed."""
    ox, oy = origin
    width = snap_width(CARD_W * zoom)
    deck = table.deck
    if hidden:
        partly = [(pid, p) for pid, p in order if 0 < hidden.get(pid, 0) < len(p.cards)]
        order = list(compress(order, map(not_, map(hidden.__contains__, map(itemgetter(0), order)))))
    piles = list(map(itemgetter(1), order))
    rows = (cache.back_row(deck, width), cache.swatch_row(deck, width))
    tops = map(itemgetter(-1), map(itemgetter(3), piles))
    ups = map(itemgetter(-1), map(itemgetter(4), piles))
    surfs: Iterable[pygame.Surface] = map(getitem, map(rows.__getitem__, ups), tops)
    xs, ys = places(piles, zoom, origin)
    w, h = layer.get_size()
    height = int(round(width * CARD_H / CARD_W))
    shows = list(map(and_, map(range(1 - width, w).__contains__, xs), map(range(1 - height, h).__contains__, ys)))
    layer.fblits(zip(compress(surfs, shows), compress(zip(xs, ys), shows)))
    drawn = sum(shows)
    if hidden and partly:
        drawn += paint_piles(layer, table, zoom, origin, hidden, partly, cache, pending)
    return drawn

def paint_piles(layer: pygame.Surface, table: Table, zoom: float, origin: tuple[int, int],
                hidden: dict[int, int], piles: Piles, cache: FaceCache, pending: Pending) -> int:
    """Blit ``piles`` (bottom to top) onto the layer, ``hidden`` cards lifted off their tops;
    faces not drawn yet (past the cache's budget) show stand-ins, listed in ``pending`` by
    pile with their place in zoomed-world pixels. Returns how many showed a card."""
    if not piles:
        return 0
    width = snap_width(CARD_W * zoom)
    edge = max(1, width // 40) if width >= 24 else 0
    records = list(map(itemgetter(1), piles))
    if (hidden and any(map(hidden.__contains__, map(itemgetter(0), piles)))) or (
            edge and max(map(len, map(itemgetter(3), records))) > 1):
        return paint_stacks(layer, table, zoom, origin, hidden, piles, cache, pending)
    return paint_single(layer, table, zoom, origin, piles, records, cache, pending)

def paint_single(layer: pygame.Surface, table: Table, zoom: float, origin: tuple[int, int], piles: Piles,
                 records: list[Pile], cache: FaceCache, pending: Pending) -> int:
    """:func:`paint_piles` for piles showing one card each (none lifted, no stack edges):
    positions and faces looked up with C-level maps, faces not drawn yet drawn while the
    budget lasts, then stand-ins."""
    ox, oy = origin
    width = snap_width(CARD_W * zoom)
    deck = table.deck
    tops = list(map(itemgetter(-1), map(itemgetter(3), records)))
    ups = map(itemgetter(-1), map(itemgetter(4), records))
    rows = (cache.back_row(deck, width), cache.face_row(deck, width))
    surfs: list[pygame.Surface | None] = list(map(getitem, map(rows.__getitem__, ups), tops))
    xs, ys = places(records, zoom, origin)
    missing = list(compress(range(len(surfs)), map(is_, surfs, repeat(None))))
    drawn = 0
    while drawn < len(missing):
        surf = cache.get(deck, tops[missing[drawn]], True, width, keyed=True)
        if surf is None:
            break  # the budget is spent
        surfs[missing[drawn]] = surf
        drawn += 1
    rest = missing[drawn:]
    if rest:  # past the budget: stand-ins, listed to be swapped for their faces later
        cards = list(map(tops.__getitem__, rest))
        deque(map(surfs.__setitem__, rest, cache.stand_ins(deck, width, cards)), maxlen=0)
        height = int(round(width * CARD_H / CARD_W))
        where = zip(map(add, map(xs.__getitem__, rest), repeat(ox)),
                    map(add, map(ys.__getitem__, rest), repeat(oy)), repeat(width), repeat(height))
        pending.update(zip(map(itemgetter(0), map(piles.__getitem__, rest)), where))
    layer.fblits(zip(surfs, zip(xs, ys)))  # type: ignore[arg-type]  # (no None left)
    return len(surfs)

def paint_stacks(layer: pygame.Surface, table: Table, zoom: float, origin: tuple[int, int],
                 hidden: dict[int, int], piles: Piles, cache: FaceCache, pending: Pending) -> int:
    """:func:`paint_piles` one pile at a time: stacks show their edge cards, lifted cards
    leave what lies under them."""
    width = snap_width(CARD_W * zoom)
    ox, oy = origin
    deck = table.deck
    edge = max(1, width // 40) if width >= 24 else 0
    back = cache.back(deck, width, keyed=True)
    blits: list[tuple[pygame.Surface, tuple[int, int]]] = []
    append = blits.append
    drawn = 0
    for pid, pile in piles:
        n = len(pile.cards) - hidden.get(pid, 0)
        if n <= 0:
            continue
        sx, sy = int(round(pile.x * zoom)) - ox, int(round(pile.y * zoom)) - oy
        if n > 1 and edge:
            for layer_no in range(min(3, (n + 9) // 10), 0, -1):
                append((back, (sx + layer_no * edge, sy + layer_no * edge)))
        top = pile.cards[n - 1]
        surf = cache.get(deck, top, pile.faces[n - 1], width, keyed=True)
        if surf is None:
            surf = cache.stand_in(deck, top, width, keyed=True)
            pending[pid] = (sx + ox, sy + oy, surf.get_width(), surf.get_height())
        append((surf, (sx, sy)))
        drawn += 1
    layer.fblits(blits)
    return drawn
