"""Cards flying to their new places after a spread, a deal, a gather, an undo.

An animation is made from the table's last step (the piles before and after):
every card whose pile moved flies from where it lay to where it lies now, while
its new pile waits hidden in the layer. Only flights that start or end near the
view are drawn (at most :data:`MAX_FLIGHTS`), so gathering 12,000 cards costs a
frame no more than drawing a screenful.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import pygame

from cardtable.engine.table import CARD_H, CARD_W, Pile, Table
from cardtable.ui.camera import Camera

DURATION = 0.35
MAX_FLIGHTS = 600


@dataclass(frozen=True, slots=True)
class Flight:
    """One card on its way: from ``(x0, y0)`` to ``(x1, y1)`` in world units."""

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
                  camera: Camera, now: float) -> TableAnimation | None:
        """The animation of a step, or ``None`` when nothing changed place."""
        was: dict[int, tuple[float, float]] = {}
        for pile in before.values():
            if pile is not None:
                for card in pile.cards:
                    was[card] = (pile.x, pile.y)
        vx, vy, vw, vh = camera.view_rect()
        margin_x, margin_y = vw * 0.25 + CARD_W, vh * 0.25 + CARD_H

        def near(x: float, y: float) -> bool:
            return vx - margin_x < x < vx + vw + margin_x and vy - margin_y < y < vy + vh + margin_y

        flights: list[Flight] = []
        hidden: dict[int, int] = {}
        for pid, pile in after.items():
            if pile is None:
                continue
            moving = False
            for card, face in zip(pile.cards, pile.faces):
                start = was.get(card)
                if start is None or start == (pile.x, pile.y):
                    continue
                moving = True
                if len(flights) < MAX_FLIGHTS and (near(*start) or near(pile.x, pile.y)):
                    flights.append(Flight(card, face, start[0], start[1], pile.x, pile.y))
            if moving:
                hidden[pid] = len(pile.cards)
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

    def draw(self, surface: pygame.Surface, table: Table, camera: Camera, view, now: float) -> None:
        """Draw every flight at its place for ``now``."""
        t = ease_out(self.progress(now))
        ox, oy = view.origin(camera)
        key = (camera.zoom, id(table))
        if self._prepared is None or self._prepared[0] != key:
            # Once per zoom: each flight's surface and its path in zoomed pixels.
            zoom, width = camera.zoom, view.card_width(camera)
            deck, cache = table.deck, view.cache
            paths = []
            for f in self.flights:
                surf = cache.get(deck, f.card, f.face_up, width) or cache.stand_in(deck, f.card, width)
                paths.append((surf, f.x0 * zoom, f.y0 * zoom, (f.x1 - f.x0) * zoom, (f.y1 - f.y0) * zoom))
            self._prepared = (key, paths)
        surface.fblits([(surf, (int(x + dx * t) - ox, int(y + dy * t) - oy))
                        for surf, x, y, dx, dy in self._prepared[1]])
