"""Cards flying to their new places after a spread, a deal, a gather, an undo.

An animation is made from the table's last step (the piles before and after):
every card whose pile moved flies from where it lay to where it lies now, while
its new pile waits hidden in the layer. Only flights that start or end near the
view are drawn (at most :data:`MAX_FLIGHTS`), so gathering 12,000 cards costs a
frame no more than drawing a screenful.
"""

from __future__ import annotations

from collections.abc import Generator, Mapping
from itertools import compress, repeat
from operator import add, and_, is_not, itemgetter, lt, mul, ne, not_, or_, sub
from typing import NamedTuple, TypeVar, cast

import pygame

from cardtable.engine.table import CARD_H, CARD_W, Pile, Table
from cardtable.engine.table_bulk import run
from cardtable.ui.camera import Camera

T = TypeVar("T")
DURATION = 0.35
MAX_FLIGHTS = 120
"""Flights drawn at most (taken evenly through those near the view): each frame of a flight
blits them all, 2.5 to 8 microseconds each at 30 px (a colour-keyed face; more on a busy
machine), the largest part of a flight frame after the picture itself (240 made its
95th percentile about 3.2 times an empty frame's; 160 took 0.27 ms of a spread's 1.29 ms
flight frame, in CPU time at 1920x1080)."""
NEAR_ALL = 256
"""A step on at most this many piles looks at each; a bigger one asks the table's index."""
MAX_BANDS = 64
"""A box over at most this many rows of the index's cells is searched through the index,
a row a slice; a taller one by looking at the step's piles."""
CHUNK = 500
"""Piles (or, twice as many, cards of one pile) a slice of :meth:`TableAnimation.build` handles."""
PREPARE_CHUNK = 150
"""Flights whose pictures a slice of :meth:`TableAnimation.prepare_steps` finds."""


class Flight(NamedTuple):
    """One card on its way: from ``(x0, y0)`` to ``(x1, y1)`` in world units (a named
    tuple: a big step makes hundreds)."""

    card: int
    face_up: bool
    x0: float
    y0: float
    x1: float
    y1: float


def ease_out(t: float) -> float:
    """Fast start, gentle landing (cubic), for ``t`` in 0..1.

    >>> ease_out(0), ease_out(1), round(ease_out(0.5), 3)
    (0, 1, 0.875)
    """
    return 1 - (1 - t) ** 3 if 0 < t < 1 else (0 if t <= 0 else 1)


class TableAnimation:
    """Flights from one table step, and the piles hidden until they land."""

    def __init__(self, flights: list[Flight], hidden: dict[int, int], started: float,
                 duration: float = DURATION) -> None:
        self.flights = flights
        self.hidden = hidden
        self.started = started
        self.duration = duration
        # For one zoom: the flights' surfaces, and their pixel starts and moves (x, y, dx, dy) as columns.
        self._prepared: tuple[tuple, tuple[list, ...]] | None = None

    @classmethod
    def from_step(cls, before: Mapping[int, Pile | None], after: Mapping[int, Pile | None],
                  camera: Camera, now: float, table: Table | None = None) -> TableAnimation | None:
        """The animation of a step, or ``None`` when nothing changed place near the view
        (:meth:`build` run to its end at once)."""
        return run(cls.build(before, after, camera, now, table))

    @classmethod
    def build(cls, before: Mapping[int, Pile | None], after: Mapping[int, Pile | None], camera: Camera,
              now: float, table: Table | None = None) -> Generator[None, None, TableAnimation | None]:
        """:meth:`from_step` a slice at a time (each ``next`` a few tenths of a millisecond;
        the value at the end is the animation).

        Only piles near the view take part: those the step left there fly from, those it
        made there wait hidden (``table``, the table after the step, finds them through
        its index). Single cards are handled in C-level passes, stacks card by card.
        """
        vx, vy, vw, vh = camera.view_rect()
        mx, my = vw * 0.25 + CARD_W, vh * 0.25 + CARD_H
        box = (vx - mx, vy - my, vx + vw + mx, vy + vh + my)
        big = len(before) + len(after) > NEAR_ALL
        # (Parallel columns rather than a tuple per pile or card: a big step's thousands of
        # small tuples set the collector off, and each collection walks the growing columns.)
        end_ids, end_piles = yield from _landing_near(after, box, table)
        gone = cast(list[Pile], list(filter(None, before.values())))  # no pairs made: a gather leaves 12,000
        left: list[Pile] = gone if len(gone) <= NEAR_ALL else []
        for start in range(0, len(gone) if len(gone) > NEAR_ALL else 0, CHUNK):
            yield
            left += _inside(gone[start:start + CHUNK], box)
        if len(left) <= NEAR_ALL:  # a player's hand is not on the felt: nothing flies from it
            left = [pile for pile in left if pile.owner is None]
        was_x, was_y = yield from _where_cards_were(left, big)
        hidden: dict[int, int] = {}
        # Cards landing alone (a spread makes thousands): C-level passes.
        fly: tuple[list[int], list[bool], list[float], list[float], list[float], list[float]] = \
            ([], [], [], [], [], [])
        stacks: list[tuple[int, Pile]] = []
        for start in range(0, len(end_ids), CHUNK):
            pids, piles = end_ids[start:start + CHUNK], end_piles[start:start + CHUNK]
            lone = list(map((1).__eq__, map(len, map(itemgetter(3), piles))))
            stacks += zip(compress(pids, map(not_, lone)), compress(piles, map(not_, lone)))
            lone_pids, lone_piles = list(compress(pids, lone)), list(compress(piles, lone))
            cards = list(map(itemgetter(0), map(itemgetter(3), lone_piles)))
            xs, ys = list(map(was_x.get, cards)), list(map(was_y.get, cards))
            ats_x, ats_y = list(map(itemgetter(0), lone_piles)), list(map(itemgetter(1), lone_piles))
            moved = list(map(or_, map(ne, xs, ats_x), map(ne, ys, ats_y)))
            hidden.update(zip(compress(lone_pids, moved), repeat(1)))
            # Cards that came from far off the view (no start) do not fly.
            flies = list(map(and_, moved, map(is_not, xs, repeat(None))))
            for column, values in zip(fly, (cards, map(itemgetter(0), map(itemgetter(4), lone_piles)),
                                            xs, ys, ats_x, ats_y)):
                column += compress(values, flies)  # type: ignore[operator]
            if big:
                yield
        flights: list[Flight] = []
        picked = _spread_out(list(range(len(fly[0]))), MAX_FLIGHTS)
        f_cards, f_faces, f_x0, f_y0, f_x1, f_y1 = fly
        for first in range(0, len(picked), PREPARE_CHUNK):
            flights += (Flight(f_cards[i], f_faces[i], f_x0[i], f_y0[i], f_x1[i], f_y1[i])
                        for i in picked[first:first + PREPARE_CHUNK])
            if big:
                yield
        for pid, pile in stacks:
            at_x, at_y = pile.x, pile.y
            still, near = True, cast(list[int], [])
            for start in range(0, len(pile.cards), CHUNK * 2):
                some = pile.cards[start:start + CHUNK * 2]
                xs, ys = list(map(was_x.get, some)), list(map(was_y.get, some))
                still = still and xs.count(at_x) == len(xs) and ys.count(at_y) == len(ys)
                if len(flights) < MAX_FLIGHTS:
                    near += compress(range(start, start + len(some)),
                                     map(and_, map(is_not, xs, repeat(None)),
                                         map(or_, map(ne, xs, repeat(at_x)), map(ne, ys, repeat(at_y)))))
                if big:
                    yield
            if still:
                continue  # nothing in this pile moved
            hidden[pid] = len(pile.cards)
            chosen = _spread_out(near, MAX_FLIGHTS - len(flights))
            for first in range(0, len(chosen), PREPARE_CHUNK):
                flights += (Flight(pile.cards[i], pile.faces[i], was_x[pile.cards[i]], was_y[pile.cards[i]],
                                   at_x, at_y) for i in chosen[first:first + PREPARE_CHUNK])
                if big:
                    yield
        if not hidden:
            return None
        return cls(flights, hidden, now)

    def progress(self, now: float) -> float:
        """0 at the start, 1 when every card has landed."""
        return min(1.0, max(0.0, (now - self.started) / self.duration))

    def left(self, now: float) -> float:
        """Seconds until every card has landed (0 once they have)."""
        return max(0.0, self.started + self.duration - now)

    def done(self, now: float) -> bool:
        """True once the cards have landed."""
        return self.progress(now) >= 1.0

    def hidden_in(self, table: Table) -> dict[int, int]:
        """The waiting piles that still exist (a later step may have removed some).

        The same dict comes back until the table changes, so the layer can tell it
        has not changed by its identity.
        """
        return run(self._hidden_steps(table))

    def _hidden_steps(self, table: Table) -> Generator[None, None, dict[int, int]]:
        """:meth:`hidden_in` a slice at a time (a spread in view hides thousands)."""
        key = (id(table), table.revision)
        if getattr(self, "_hidden_key", None) != key:
            pids, counts = list(self.hidden), list(self.hidden.values())
            found: dict[int, int] = {}
            for start in range(0, len(pids), CHUNK * 2):
                if start:
                    yield
                some = pids[start:start + CHUNK * 2]
                there = list(map(table.piles.__contains__, some))
                found.update(zip(compress(some, there), compress(counts[start:start + CHUNK * 2], there)))
            self._hidden_now, self._hidden_key = found, key
        return self._hidden_now

    def prepare(self, table: Table, camera: Camera, view) -> None:
        """Find every flight's picture and its path in pixels at this zoom (the first
        :meth:`draw` at a zoom does it; a held frame can do it beforehand, a slice at a
        time: :meth:`prepare_steps`)."""
        run(self.prepare_steps(table, camera, view))

    def prepare_steps(self, table: Table, camera: Camera, view) -> Generator[None, None, None]:
        """:meth:`prepare` a slice at a time (:data:`PREPARE_CHUNK` flights a slice); also
        works out which waiting piles still exist (:meth:`hidden_in`)."""
        key = (camera.zoom, id(table))
        if self._prepared is not None and self._prepared[0] == key:
            return
        zoom, width = camera.zoom, view.card_width(camera)
        deck, cache = table.deck, view.cache
        surfaces: list[pygame.Surface] = []
        flights = self.flights
        for start in range(0, len(flights), PREPARE_CHUNK):
            if start:
                yield
            # (keyed stand-ins, as the faces: a colour key blits in about a third of the time of alpha)
            surfaces += [cache.get(deck, f.card, f.face_up, width, keyed=True)
                         or cache.stand_in(deck, f.card, width, keyed=True)
                         for f in flights[start:start + PREPARE_CHUNK]]
        x0s, y0s = list(map(itemgetter(2), flights)), list(map(itemgetter(3), flights))
        paths = (surfaces, list(map(mul, x0s, repeat(zoom))), list(map(mul, y0s, repeat(zoom))),
                 list(map(mul, map(sub, map(itemgetter(4), flights), x0s), repeat(zoom))),
                 list(map(mul, map(sub, map(itemgetter(5), flights), y0s), repeat(zoom))))
        self._prepared = (key, paths)
        yield
        yield from self._hidden_steps(table)

    def draw(self, surface: pygame.Surface, table: Table, camera: Camera, view, now: float) -> None:
        """Draw every flight at its place for ``now``: C-level passes over the prepared
        paths (no Python call per card)."""
        t = ease_out(self.progress(now))
        ox, oy = view.origin(camera)
        self.prepare(table, camera, view)
        assert self._prepared is not None
        surfaces, xs, ys, dxs, dys = self._prepared[1]
        # int() truncates towards zero, as the flights were always placed.
        at_x = map(sub, map(int, map(add, xs, map(mul, dxs, repeat(t)))), repeat(ox))
        at_y = map(sub, map(int, map(add, ys, map(mul, dys, repeat(t)))), repeat(oy))
        surface.fblits(list(zip(surfaces, zip(at_x, at_y))))



def _landing_near(after: Mapping[int, Pile | None], box: tuple[float, float, float, float],
                  table: Table | None) -> Generator[None, None, tuple[list[int], list[Pile]]]:
    """The ids and piles of a step's side ``after`` that meet ``box`` (x0, y0, x1, y1), as the
    table's index finds them, a slice at a time; all of them when there are few."""
    ids: list[int] = []
    piles: list[Pile] = []
    cell = table.index.cell if table is not None else 1.0
    if table is not None and len(after) > NEAR_ALL and (box[3] - box[1]) / cell <= MAX_BANDS:
        # Through the index a band of the box at a time (all of it at once can be thousands
        # of piles, a slice of several ms).
        found: set[int] = set()
        for top in range(int(box[1] // cell), int(box[3] // cell) + 1):
            y0, y1 = max(box[1], top * cell), min(box[3], (top + 1) * cell)
            found |= table.index.query((box[0], y0, box[2] - box[0], y1 - y0))
            yield
        yield  # (the piles met looked up in slices of their own: the queue foretells a slice by where it begins)
        met = list(found)
        for start in range(0, len(met), CHUNK):
            some = met[start:start + CHUNK]
            got = list(map(after.get, some))
            present = list(map(is_not, got, repeat(None)))
            ids += compress(some, present)
            piles += cast(list[Pile], compress(got, present))
            yield
    elif table is not None and len(after) > NEAR_ALL:
        # A box of many bands (the view far out): the step's piles looked at a slice at a
        # time instead, tested as the index tests them.
        reach = (box[0] - CARD_W, box[1] - CARD_H, box[2], box[3])
        pids, made = list(after), list(after.values())
        for start in range(0, len(pids), CHUNK):
            yield
            landed = made[start:start + CHUNK]
            present = list(map(is_not, landed, repeat(None)))
            near = cast(list[Pile], list(compress(landed, present)))
            inside = _inside_mask(near, reach)
            ids += compress(compress(pids[start:start + CHUNK], present), inside)
            piles += compress(near, inside)
    else:
        pairs = _near(_present(after), box)
        ids, piles = list(map(itemgetter(0), pairs)), list(map(itemgetter(1), pairs))
    if len(ids) <= NEAR_ALL:  # a player's hand is not on the felt: nothing lands in it
        owned = list(map(is_not, map(itemgetter(5), piles), repeat(None)))
        ids, piles = list(compress(ids, map(not_, owned))), list(compress(piles, map(not_, owned)))
    return ids, piles


def _where_cards_were(left: list[Pile], big: bool) -> Generator[None, None, tuple[dict[int, float], dict[int, float]]]:
    """Each card of ``left`` by the x, and by the y, of the pile it lay in (single cards in
    C-level passes, stacks card by card), a slice at a time when ``big``."""
    was_x: dict[int, float] = {}
    was_y: dict[int, float] = {}
    for start in range(0, len(left), CHUNK):
        part = left[start:start + CHUNK]
        single = list(map((1).__eq__, map(len, map(itemgetter(3), part))))
        ones = list(compress(part, single))
        cards = list(map(itemgetter(0), map(itemgetter(3), ones)))
        was_x.update(zip(cards, map(itemgetter(0), ones)))
        was_y.update(zip(cards, map(itemgetter(1), ones)))
        for pile in compress(part, map(not_, single)):
            for first in range(0, len(pile.cards), CHUNK * 2):
                was_x.update(zip(pile.cards[first:first + CHUNK * 2], repeat(pile.x)))
                was_y.update(zip(pile.cards[first:first + CHUNK * 2], repeat(pile.y)))
                if big:
                    yield
        if big:
            yield
    return was_x, was_y

def _near(pairs: list[tuple[int, Pile]], box: tuple[float, float, float, float]) -> list[tuple[int, Pile]]:
    """The ``(pile id, pile)`` pairs whose corner lies inside ``box`` (x0, y0, x1, y1); all
    of them when there are few. C-level comparisons, no Python call per pile."""
    if len(pairs) <= NEAR_ALL:
        return pairs
    x0, y0, x1, y1 = box
    piles = list(map(itemgetter(1), pairs))
    xs, ys = list(map(itemgetter(0), piles)), list(map(itemgetter(1), piles))
    inside = map(and_, map(and_, map(lt, repeat(x0), xs), map(lt, xs, repeat(x1))),
                 map(and_, map(lt, repeat(y0), ys), map(lt, ys, repeat(y1))))
    return list(compress(pairs, inside))


def _spread_out(items: list[T], most: int) -> list[T]:
    """At most ``most`` of ``items``, taken evenly through them: when a big step flies only
    some of its cards, they come from (or go to) all over it, not from one corner.

    >>> _spread_out(list(range(10)), 4), _spread_out([1, 2], 5)
    ([0, 3, 6, 9], [1, 2])
    """
    if len(items) <= most:
        return items
    return items[::-(-len(items) // most)][:most] if most > 0 else []


def _inside_mask(piles: list[Pile], box: tuple[float, float, float, float]) -> list[bool]:
    """Whether each pile's corner lies inside ``box`` (x0, y0, x1, y1), C-level."""
    x0, y0, x1, y1 = box
    xs, ys = list(map(itemgetter(0), piles)), list(map(itemgetter(1), piles))
    return list(map(and_, map(and_, map(lt, repeat(x0), xs), map(lt, xs, repeat(x1))),
                    map(and_, map(lt, repeat(y0), ys), map(lt, ys, repeat(y1)))))


def _inside(piles: list[Pile], box: tuple[float, float, float, float]) -> list[Pile]:
    """The piles whose corner lies inside ``box`` (x0, y0, x1, y1), C-level (a gather leaves
    12,000: no pair made for each)."""
    x0, y0, x1, y1 = box
    xs, ys = list(map(itemgetter(0), piles)), list(map(itemgetter(1), piles))
    inside = map(and_, map(and_, map(lt, repeat(x0), xs), map(lt, xs, repeat(x1))),
                 map(and_, map(lt, repeat(y0), ys), map(lt, ys, repeat(y1))))
    return list(compress(piles, inside))


def _present(piles: Mapping[int, Pile | None]) -> list[tuple[int, Pile]]:
    """The ``(pile id, pile)`` pairs of a step's side that are not ``None`` (C-level)."""
    return cast(list[tuple[int, Pile]], list(compress(piles.items(), piles.values())))
