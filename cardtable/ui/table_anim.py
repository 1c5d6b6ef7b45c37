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
from operator import and_, is_not, itemgetter, lt, ne, not_
from typing import NamedTuple, TypeVar, cast

import pygame

from cardtable.engine.table import CARD_H, CARD_W, Pile, Table
from cardtable.engine.table_bulk import run
from cardtable.ui.camera import Camera

T = TypeVar("T")
DURATION = 0.35
MAX_FLIGHTS = 600
NEAR_ALL = 256
"""A step on at most this many piles looks at each; a bigger one asks the table's index."""


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
        self._prepared: tuple[tuple, list] | None = None  # surfaces and pixel paths for one zoom

    @classmethod
    def from_step(cls, before: Mapping[int, Pile | None], after: Mapping[int, Pile | None],
                  camera: Camera, now: float, table: Table | None = None) -> TableAnimation | None:
        """The animation of a step, or ``None`` when nothing changed place near the view
        (:meth:`build` run to its end at once)."""
        return run(cls.build(before, after, camera, now, table))

    @classmethod
    def build(cls, before: Mapping[int, Pile | None], after: Mapping[int, Pile | None], camera: Camera,
              now: float, table: Table | None = None) -> Generator[None, None, TableAnimation | None]:
        """:meth:`from_step` a slice at a time (each ``next`` a millisecond or two; the value
        at the end is the animation).

        Only piles near the view take part: those the step left there fly from, those it
        made there wait hidden (``table``, the table after the step, finds them through
        its index). Single cards are handled in C-level passes, stacks card by card.
        """
        vx, vy, vw, vh = camera.view_rect()
        mx, my = vw * 0.25 + CARD_W, vh * 0.25 + CARD_H
        box = (vx - mx, vy - my, vx + vw + mx, vy + vh + my)
        if table is not None and len(after) > NEAR_ALL:
            found = table.index.query((box[0], box[1], box[2] - box[0], box[3] - box[1]))
            ends = [(pid, pile) for pid in found if (pile := after.get(pid)) is not None]
            yield
        else:
            ends = _near(_present(after), box)
        ends = [(pid, pile) for pid, pile in ends if pile.owner is None] if len(ends) <= NEAR_ALL else ends
        left = _near_piles(cast(list[Pile], list(compress(before.values(), before.values()))), box)  # no pairs made
        if len(before) > NEAR_ALL:
            yield
        if len(left) <= NEAR_ALL:  # a player's hand is not on the felt: nothing flies from it
            left = [pile for pile in left if pile.owner is None]
        # Single cards in one C-level pass (a gather leaves thousands); stacks card by card.
        single = list(map((1).__eq__, map(len, map(itemgetter(3), left))))
        ones = list(compress(left, single))
        was: dict[int, tuple[float, float]] = dict(zip(map(itemgetter(0), map(itemgetter(3), ones)),
                                                       zip(map(itemgetter(0), ones), map(itemgetter(1), ones))))
        for pile in compress(left, map(not_, single)):
            was.update(zip(pile.cards, repeat((pile.x, pile.y))))
        if len(left) + len(ends) > NEAR_ALL:
            yield
        flights: list[Flight] = []
        hidden: dict[int, int] = {}
        # Cards landing alone (a spread makes thousands): C-level passes.
        lone = list(map((1).__eq__, map(len, map(itemgetter(3), map(itemgetter(1), ends)))))
        pids, piles = list(map(itemgetter(0), ends)), list(map(itemgetter(1), ends))
        lone_pids, lone_piles = list(compress(pids, lone)), list(compress(piles, lone))
        cards = list(map(itemgetter(0), map(itemgetter(3), lone_piles)))
        starts = list(map(was.get, cards))
        ats = list(zip(map(itemgetter(0), lone_piles), map(itemgetter(1), lone_piles)))
        moved = list(map(ne, starts, ats))
        hidden.update(zip(compress(lone_pids, moved), repeat(1)))
        if len(lone_pids) > NEAR_ALL:
            yield
        # Cards that came from far off the view (no start) do not fly.
        flying = cast("list[tuple[int, bool, tuple[float, float], tuple[float, float]]]",
                      list(compress(zip(cards, map(itemgetter(0), map(itemgetter(4), lone_piles)), starts, ats),
                                    map(and_, moved, map(is_not, starts, repeat(None))))))
        flights += (Flight(card, face, start[0], start[1], at[0], at[1])
                    for card, face, start, at in _spread_out(flying, MAX_FLIGHTS))
        for n, (pid, pile) in enumerate(compress(ends, map(not_, lone))):
            if n % 500 == 499:
                yield
            at = (pile.x, pile.y)
            starts = list(map(was.get, pile.cards))
            if starts.count(at) == len(starts):
                continue  # nothing in this pile moved
            hidden[pid] = len(pile.cards)
            if len(flights) < MAX_FLIGHTS:
                near = cast("list[tuple[int, bool, tuple[float, float]]]",
                            list(compress(zip(pile.cards, pile.faces, starts),
                                          map(and_, map(is_not, starts, repeat(None)), map(ne, starts, repeat(at))))))
                flights += (Flight(card, face, start[0], start[1], pile.x, pile.y)
                            for card, face, start in _spread_out(near, MAX_FLIGHTS - len(flights)))
        if not hidden:
            return None
        return cls(flights, hidden, now)

    def progress(self, now: float) -> float:
        """0 at the start, 1 when every card has landed."""
        return min(1.0, max(0.0, (now - self.started) / self.duration))

    def done(self, now: float) -> bool:
        """True once the cards have landed."""
        return self.progress(now) >= 1.0

    def hidden_in(self, table: Table) -> dict[int, int]:
        """The waiting piles that still exist (a later step may have removed some).

        The same dict comes back until the table changes, so the layer can tell it
        has not changed by its identity.
        """
        key = (id(table), table.revision)
        if getattr(self, "_hidden_key", None) != key:
            self._hidden_now = {pid: n for pid, n in self.hidden.items() if pid in table.piles}
            self._hidden_key = key
        return self._hidden_now

    def prepare(self, table: Table, camera: Camera, view) -> None:
        """Find every flight's picture and its path in pixels at this zoom (the first
        :meth:`draw` at a zoom does it; a held frame can do it beforehand)."""
        key = (camera.zoom, id(table))
        if self._prepared is None or self._prepared[0] != key:
            zoom, width = camera.zoom, view.card_width(camera)
            deck, cache = table.deck, view.cache
            paths = []
            for f in self.flights:
                surf = cache.get(deck, f.card, f.face_up, width, keyed=True) or cache.stand_in(deck, f.card, width)
                paths.append((surf, f.x0 * zoom, f.y0 * zoom, (f.x1 - f.x0) * zoom, (f.y1 - f.y0) * zoom))
            self._prepared = (key, paths)

    def draw(self, surface: pygame.Surface, table: Table, camera: Camera, view, now: float) -> None:
        """Draw every flight at its place for ``now``."""
        t = ease_out(self.progress(now))
        ox, oy = view.origin(camera)
        self.prepare(table, camera, view)
        assert self._prepared is not None
        surface.fblits([(surf, (int(x + dx * t) - ox, int(y + dy * t) - oy))
                        for surf, x, y, dx, dy in self._prepared[1]])

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


def _near_piles(piles: list[Pile], box: tuple[float, float, float, float]) -> list[Pile]:
    """:func:`_near` for piles alone (a gather leaves 12,000: no pair made for each)."""
    if len(piles) <= NEAR_ALL:
        return piles
    x0, y0, x1, y1 = box
    xs, ys = list(map(itemgetter(0), piles)), list(map(itemgetter(1), piles))
    inside = map(and_, map(and_, map(lt, repeat(x0), xs), map(lt, xs, repeat(x1))),
                 map(and_, map(lt, repeat(y0), ys), map(lt, ys, repeat(y1))))
    return list(compress(piles, inside))


def _present(piles: Mapping[int, Pile | None]) -> list[tuple[int, Pile]]:
    """The ``(pile id, pile)`` pairs of a step's side that are not ``None`` (C-level)."""
    return cast(list[tuple[int, Pile]], list(compress(piles.items(), piles.values())))
