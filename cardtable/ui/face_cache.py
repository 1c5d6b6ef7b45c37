"""The renderer's cache of finished card faces, with a per-frame time budget for new ones.

Faces are drawn on demand, kept in an LRU bounded in bytes, and at most a frame's
budget of time is spent drawing new ones: past it :meth:`FaceCache.get` answers
``None`` and the caller shows a stand-in that is swapped for the face in a later frame.

Faces for the felt (``keyed=True``, see :func:`keyed_on_felt`) are also listed in one
row per deck and width, indexed by card (``None`` where not drawn yet), so a frame can
look up a thousand faces with C-level ``map`` calls instead of one Python call each.
"""

from __future__ import annotations

import math
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator
from typing import Literal, cast, overload

import pygame

from cardtable.engine.cards import Deck
from cardtable.engine.table import CARD_H, CARD_W
from cardtable.engine.table_release import SLICE_S, emptied_in_slices
from cardtable.ui.faces import SWATCH_BELOW, FaceArt, dominant_colour, swatch_sign
from cardtable.ui.theme import THEME

FACE_CACHE_BYTES = 96 * 1024 * 1024
FACE_BUDGET_S = 0.001
"""Seconds from the start of a frame's drawing after which no new face is drawn (bar the
first, and none that would end past it): the rest show stand-ins and fill in over the next
frames. Small enough that a frame that draws faces stays within three times an empty frame,
whose fill and blit take about as long as the layer's blit and the tool bar (a 29 px face
takes about 30 us with its repaint, a full one 150 us: 1,400 faces at 29 px fill in over
about 45 frames). A table view that scrolls gives faces less (its scroll and strips count)."""
FACE_FLOOR_SHARE = 0.8
"""New faces' budget in a frame where the empty frame's time is measured
(:class:`~cardtable.ui.frame_floor.FrameFloor`): this many times it, in place of
:data:`FACE_BUDGET_S` (a fixed 1 ms was sized against an empty frame of about 1.1 ms: where one
takes 0.5 ms, frames drawing faces came to 3.5-4 times it). See :func:`face_budget`. The
measure (a felt-coloured fill and a blit, 0.6 ms at 1920x1080) is above the empty frame a player
sees (a blit and a flip, 0.47 ms), and the frame's own work (the layer's blit, the bars) comes on
top of the budget: 1.2 put frames filling in 29 px faces at 3.1-3.9 times the empty frame at
the 95th percentile, 0.8 at 2.1-2.5 (about ten 29 px faces a frame: 1,400 fill in over 140)."""
FACE_BUDGET_MIN_S = 0.00015
"""Seconds for new faces a frame keeps after the work it must do (a pan's strips, a repair)."""
STAND_IN_ROW_FROM = 400
"""Once this many stand-ins were asked for at a width (at once, or in all) and every colour's
stand-in there is made, they come from the deck's stand-in row (made once per width: a map over
the deck's colours, about 0.3 ms for 12,000 cards); before, one by one (each colour's made when
first needed: about 0.1 ms each, 20 colours in the Infinite Deck)."""

Row = list[pygame.Surface | None]
"""Surfaces indexed by card (``None``: not drawn yet)."""


def keyed_on_felt(surface: pygame.Surface) -> pygame.Surface:
    """A per-pixel-alpha card as an opaque copy laid on the felt, its felt-coloured pixels
    made transparent by an RLE colour key. Blitted onto the felt it gives exactly the
    pixels the original would (its few half-transparent corner pixels were blended with
    the felt already); it blits about 3x faster (1,416 faces at 29 px: 2.7 ms, not 7.6)."""
    display = pygame.display.get_surface()
    # Made in the display's format, not made and converted (a quarter of the work at 29 px).
    out = pygame.Surface(surface.get_size(), 0, display) if display is not None else pygame.Surface(surface.get_size())
    out.fill(THEME.felt)
    out.blit(surface, (0, 0))
    out.set_colorkey(THEME.felt, pygame.RLEACCEL)
    return out



def face_budget(floor: float | None) -> float:
    """Seconds of new faces a frame draws: :data:`FACE_FLOOR_SHARE` times ``floor``, an empty
    frame's seconds, or :data:`FACE_BUDGET_S` when it is not measured.

    >>> face_budget(None), round(face_budget(0.0005), 6)
    (0.001, 0.0004)
    """
    return FACE_BUDGET_S if floor is None else FACE_FLOOR_SHARE * floor

class FaceCache:
    """Rendered faces and backs; least recently used dropped past a byte budget.

    :meth:`new_frame` gives the frame a time budget for drawing new faces; once it
    is spent (or a new face would take longer than what is left of it, from the running
    mean of the time faces at that width took), :meth:`get` returns ``None`` for faces it
    does not have and the caller shows a stand-in (the faces come in over the next
    frames). The first new face of a frame is drawn whatever the deadline (so faces come in on a
    busy machine too), unless the frame is past :attr:`free_until`.

    Faces found through :meth:`face_row` do not count as used for the LRU (only
    :meth:`get` does): past the byte bound the faces drawn longest ago go first.
    """

    def __init__(self, art: FaceArt, max_bytes: int = FACE_CACHE_BYTES) -> None:
        self.art = art
        self.max_bytes = max_bytes
        self.bytes = 0
        self.deadline = math.inf
        self.drawn = 0  # faces drawn since the last new_frame()
        self.free_until = math.inf  # until when this frame's first new face is drawn whatever the deadline
        self._items: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self._shared: dict[tuple, pygame.Surface] = {}
        self._rows: dict[tuple, list[pygame.Surface]] = {}
        self._face_rows: dict[tuple[str, int], Row] = {}
        self._colours: dict[str, list[tuple[int, int, int]]] = {}
        self._looks: dict[str, list[tuple[tuple[int, int, int], str]]] = {}
        self._colour_cards: dict[str, dict[tuple[int, int, int], int]] = {}
        self._stand_ins_asked: dict[tuple[str, int], int] = {}
        self._cost: dict[int, float] = {}  # seconds a new face takes to draw, by width (a running mean)

    def __len__(self) -> int:
        return len(self._items)

    def clear(self) -> None:
        """Forget every drawn face (backs, swatches and stand-ins stay)."""
        self._items.clear()
        self._face_rows.clear()
        self.bytes = 0

    def emptied(self, chunk: int = 200, slice_s: float = SLICE_S) -> Iterator[None]:
        """Forget every drawn face up to ``chunk`` at a time, a slice of about ``slice_s`` per
        ``next`` (for :meth:`~cardtable.ui.app.App.release_later`: a full cache of 96 MB took
        1.3 to 3 ms to free at once, in the frame that left its table; 200 faces a slice, 0.4-0.8 ms)."""
        items = self._items
        self._face_rows.clear()

        def forget(n: int) -> None:
            for _ in range(n):
                _key, face = items.popitem(last=False)
                self.bytes -= face.get_width() * face.get_height() * 4
        yield from emptied_in_slices(items.__len__, forget, chunk, slice_s)
        self.bytes = 0

    def new_frame(self, budget_s: float | None = None) -> None:
        """Start a frame: new faces may be drawn for ``budget_s`` seconds from now
        (:data:`FACE_BUDGET_S` unless given)."""
        self.deadline = time.perf_counter() + (FACE_BUDGET_S if budget_s is None else budget_s)
        self.drawn = 0
        self.free_until = math.inf

    def extend(self, seconds: float) -> None:
        """Let new faces be drawn for at least ``seconds`` more from now."""
        self.deadline = max(self.deadline, time.perf_counter() + seconds)

    def reserve(self, seconds: float) -> None:
        """Set ``seconds`` of this frame's budget aside for work to do after the faces."""
        self.deadline -= seconds

    def spent(self) -> bool:
        """Whether this frame's budget is used up (a face was drawn and the time is past)."""
        now = time.perf_counter()
        return (bool(self.drawn) or now > self.free_until) and now > self.deadline

    @overload
    def get(self, deck: Deck, card: int, face_up: bool, width: int, *,
            force: Literal[True], keyed: bool = False) -> pygame.Surface: ...

    @overload
    def get(self, deck: Deck, card: int, face_up: bool, width: int, *,
            force: bool = False, keyed: bool = False) -> pygame.Surface | None: ...

    def get(self, deck: Deck, card: int, face_up: bool, width: int, *,
            force: bool = False, keyed: bool = False) -> pygame.Surface | None:
        """A card's face (or its deck's back) at ``width`` px, or ``None`` past the budget.

        ``keyed``: the face for the felt (see :func:`keyed_on_felt`), blitted about 3x faster.
        """
        if not face_up:
            return self.back(deck, width, keyed=keyed)
        if width < SWATCH_BELOW:
            return self.swatch(deck, card, width, keyed=keyed)
        key = (deck.id, card, width, keyed)
        items = self._items
        surf = items.get(key)
        if surf is not None:
            items.move_to_end(key)
            return surf
        if not force and (self.drawn or time.perf_counter() > self.free_until):
            now = time.perf_counter()
            # (A face that would end past the deadline waits: a 70 px face is about 0.2 ms.)
            if now + self._cost.get(width, 0.0) > self.deadline:
                return None
        self.drawn += 1
        began = time.perf_counter()
        surf = self.art.face(deck.cards[card], deck, width)
        if keyed:
            surf = keyed_on_felt(surf)
            self.face_row(deck, width)[card] = surf
        took = time.perf_counter() - began
        self._cost[width] = took if width not in self._cost else 0.8 * self._cost[width] + 0.2 * took
        items[key] = surf
        self.bytes += surf.get_width() * surf.get_height() * 4
        while self.bytes > self.max_bytes and len(items) > 1:
            (deck_id, old_card, old_width, old_keyed), old = items.popitem(last=False)
            self.bytes -= old.get_width() * old.get_height() * 4
            row = self._face_rows.get((deck_id, old_width)) if old_keyed else None
            if row is not None:
                row[old_card] = None
        return surf

    def face_row(self, deck: Deck, width: int) -> Row:
        """The felt faces (keyed) of ``deck`` drawn so far at ``width``, indexed by card,
        ``None`` for those not drawn yet (complete at swatch widths). Live: faces drawn
        later appear in it and faces the LRU drops leave it."""
        if width < SWATCH_BELOW:
            return cast(Row, self.swatch_row(deck, width))  # (never written to)
        key = (deck.id, width)
        row = self._face_rows.get(key)
        if row is None:
            row = self._face_rows[key] = [None] * len(deck)
        return row

    def back_row(self, deck: Deck, width: int) -> list[pygame.Surface]:
        """The deck's felt back (keyed) at ``width`` once per card (to index like a face row)."""
        key = ("back-row", deck.id, width)
        row = self._rows.get(key)
        if row is None:
            row = self._rows[key] = [self.back(deck, width, keyed=True)] * len(deck)
        return row

    def back(self, deck: Deck, width: int, *, keyed: bool = False) -> pygame.Surface:
        """The deck's back at ``width`` px (one shared surface per width)."""
        key = ("back", deck.id, width, keyed)
        surf = self._shared.get(key)
        if surf is None:
            surf = self.art.back(deck, width)
            surf = self._shared[key] = keyed_on_felt(surf) if keyed else surf
        return surf

    def swatch(self, deck: Deck, card: int, width: int, *, keyed: bool = False) -> pygame.Surface:
        """A tiny card as a block of its colour with its sign (shared per colour, sign and width)."""
        colour = dominant_colour(deck.cards[card], deck)
        key = ("swatch", colour, swatch_sign(deck.cards[card], deck), width, keyed)
        surf = self._shared.get(key)
        if surf is None:
            surf = self.art.face(deck.cards[card], deck, width)
            surf = self._shared[key] = keyed_on_felt(surf) if keyed else surf
        return surf

    def colours(self, deck: Deck) -> list[tuple[int, int, int]]:
        """Every card's dominant colour, indexed by card (worked out once per deck)."""
        colours = self._colours.get(deck.id)
        if colours is None:
            colours = self._colours[deck.id] = [dominant_colour(card, deck) for card in deck.cards]
        return colours

    def _firsts(self, deck: Deck) -> dict[tuple[int, int, int], int]:
        """A card of each of the deck's colours, by colour (worked out once per deck)."""
        firsts = self._colour_cards.get(deck.id)
        if firsts is None:
            firsts = self._colour_cards[deck.id] = dict(zip(reversed(self.colours(deck)),
                                                            range(len(deck) - 1, -1, -1)))
        return firsts

    def swatch_row(self, deck: Deck, width: int) -> list[pygame.Surface]:
        """Every card's swatch at ``width`` for the felt (keyed), indexed by card: one list per
        deck and width, made from the deck's colours without a call per card (a zoomed-out
        frame draws 12,000 swatches from it)."""
        return self._colour_row("swatch-row", deck, width, self.swatch, self.looks(deck))

    def stand_in_row(self, deck: Deck, width: int) -> list[pygame.Surface]:
        """Every card's stand-in at ``width`` (see :meth:`stand_in`), indexed by card."""
        return self._colour_row("stand-in-row", deck, width, self.stand_in)

    def looks(self, deck: Deck) -> list[tuple[tuple[int, int, int], str]]:
        """Every card's swatch look, its dominant colour and its sign (:func:`swatch_sign`),
        indexed by card (worked out once per deck)."""
        looks = self._looks.get(deck.id)
        if looks is None:
            looks = self._looks[deck.id] = [(dominant_colour(card, deck), swatch_sign(card, deck))
                                            for card in deck.cards]
        return looks

    def _colour_row(self, kind: str, deck: Deck, width: int, make: Callable[..., pygame.Surface],
                    by: list | None = None) -> list[pygame.Surface]:
        """A list indexed by card of ``make(deck, card, width, keyed=True)``, made once per
        colour (or per other look ``by`` gives for each card: every card of a look shares its
        surface) and kept per deck and width."""
        key = (kind, deck.id, width)
        row = self._rows.get(key)
        if row is None:
            looks = self.colours(deck) if by is None else by
            firsts = self._firsts(deck) if by is None else dict(zip(reversed(by), range(len(deck) - 1, -1, -1)))
            surfs = {look: make(deck, i, width, keyed=True) for look, i in firsts.items()}
            row = self._rows[key] = list(map(surfs.__getitem__, looks))
        return row

    def stand_ins(self, deck: Deck, width: int, cards: list[int]) -> Iterable[pygame.Surface]:
        """The stand-ins of ``cards`` at ``width``: from the deck's stand-in row when it is made
        or worth making (see :data:`STAND_IN_ROW_FROM`), else looked up one by one."""
        asked = self._stand_ins_asked[deck.id, width] = self._stand_ins_asked.get((deck.id, width), 0) + len(cards)
        if ("stand-in-row", deck.id, width) in self._rows or (asked >= STAND_IN_ROW_FROM and all(
                ("stand-in", colour, width, True) in self._shared for colour in self._firsts(deck))):
            return map(self.stand_in_row(deck, width).__getitem__, cards)
        return [self.stand_in(deck, card, width, keyed=True) for card in cards]

    def stand_in(self, deck: Deck, card: int, width: int, *, keyed: bool = False) -> pygame.Surface:
        """What shows for a face not drawn yet: a blank card with a band of its colour
        (``keyed``: for the felt, as faces are; a per-pixel-alpha one blits ~7x slower)."""
        colour = dominant_colour(deck.cards[card], deck)
        key = ("stand-in", colour, width, keyed)
        surf = self._shared.get(key)
        if surf is None:
            h = int(round(width * CARD_H / CARD_W))
            surf = pygame.Surface((width, h), pygame.SRCALPHA)
            radius = max(2, width // 12)
            pygame.draw.rect(surf, (246, 244, 236), surf.get_rect(), border_radius=radius)
            pygame.draw.rect(surf, colour, surf.get_rect(), max(2, width // 14), border_radius=radius)
            surf = self._shared[key] = keyed_on_felt(surf) if keyed else surf
        return surf
