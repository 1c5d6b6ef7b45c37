"""The picture a big step's flight lands on, painted off screen a slice a frame while the
flying piles wait hidden, and swapped in when they land (a mixin of
:class:`~cardtable.ui.table_view.TableView`: repainting the whole view in the landing frame
took 8 to 18 ms).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import pygame

from cardtable.engine.table import Table
from cardtable.ui.camera import Camera
from cardtable.ui.faces import SWATCH_BELOW
from cardtable.ui.layer_build import MAX_DAMAGE, LayerBuild
from cardtable.ui.scaled_picture import screen_surface

LANDING_SLICE_S = 0.0004
"""Seconds a frame gives the picture a big flight lands on (a 12,000-card picture, about
15 ms, is done well within the 50 frames of a flight)."""
WARM_CHUNK = 1000
"""Cards whose colours a landing's warm-up looks at between two looks at the clock."""
LANDING_CHUNK = 60
"""Piles the landing's slice paints between two looks at the clock (a build's usual chunk
of faces would take several times its slice)."""
LANDING_FIRST_CHUNK = 20
"""Piles the landing's first chunk paints, which times a pile, when the frames left in the
flight are known (:meth:`TableView.draw`'s ``landing_frames``)."""
LANDING_SPREAD = (0.0002, 0.002, 3)
"""A landing paced by the flight's frames left: the least and most seconds a frame, and how
many frames before the landing it is to be done."""


def landing_slice(landing: LayerBuild, frames: int | None) -> tuple[float, int]:
    """This frame's seconds and chunk for ``landing`` with ``frames`` left before its piles
    land: the painting left spread evenly over them (but the last few), in chunks that fit
    it, so that no frame of the flight paints much more than another. Unknown frames, or no
    pile timed yet: :data:`LANDING_SLICE_S`, in chunks of :data:`LANDING_CHUNK` (one at
    least a frame: 1.2 ms of faces at 29 px, the slowest 5% of a flight's frames) or, to
    time a pile, :data:`LANDING_FIRST_CHUNK`."""
    if frames is None:
        return LANDING_SLICE_S, LANDING_CHUNK
    if landing.pile_s is None:
        return LANDING_SLICE_S, LANDING_FIRST_CHUNK
    least, most, margin = LANDING_SPREAD
    seconds = min(most, max(least, landing.left * landing.pile_s / max(1, frames - margin)))
    return seconds, max(1, min(LANDING_CHUNK, int(seconds / max(landing.pile_s, 1e-7))))


class Landings:
    """The picture a flight lands on, a slice a frame (see the module)."""

    _landing: LayerBuild | None
    _spare: pygame.Surface | None
    _warm: tuple[tuple, int, set[tuple[int, int, int]]] | None
    layer_landings: int
    landings_swapped: int

    if TYPE_CHECKING:
        def __getattr__(self, name: str) -> Any:
            """The view's own attributes (its layer, cache, builds, camera helpers...)."""

    def _advance_landing(self, table: Table, camera: Camera, key: tuple, origin: tuple[int, int],
                         hidden: dict[int, int], start: bool, frames: int | None = None) -> None:
        """While more piles are hidden than a repair takes on, paint a slice of the picture
        without them (begun again when the table or zoom changed; ``start``: whether one may
        be begun this frame; ``frames``: how many are left before the piles land, if known)."""
        if len(hidden) <= MAX_DAMAGE or self._build is not None:
            self._landing = None
            return
        landing = self._landing
        if landing is None or landing.key != key or landing.revision != table.revision:
            self._landing = None
            if not start or not self._landing_ready(table, camera):
                return
            landing = self._landing = self._start_build(table, camera, key, origin)
            self.layer_landings += 1
        if not landing.done:
            landing.step(*landing_slice(landing, frames))

    def _landing_ready(self, table: Table, camera: Camera) -> bool:
        """Whether a landing's picture can be begun: what its slices would otherwise make
        all at once is made first, a frame's slice at a time: the spare surface, then the
        stand-in of every colour in the deck (the faces of thousands of cards that never
        showed at this width cannot all be drawn in time; a new stand-in is about half a
        millisecond), found by walking the deck's cards a slice at a time."""
        size = self._surface().get_size()
        if self._spare is None or self._spare.get_size() != size:
            self._spare = screen_surface(size)
            return False
        width = self.card_width(camera)
        if width < SWATCH_BELOW:
            return True
        deck = table.deck
        key = (id(deck), width)
        if self._warm is None or self._warm[0] != key:
            self._warm = (key, 0, set())
        _, pos, seen = self._warm
        colours = self.cache.colours(deck)  # worked out once per deck, shared with the rows
        deadline = time.perf_counter() + LANDING_SLICE_S
        while pos < len(colours):
            chunk = colours[pos:pos + WARM_CHUNK]
            # Any card of each colour not met yet (the stand-ins are shared by colour).
            found = dict(zip(chunk, range(pos, pos + len(chunk))))
            for colour in found.keys() - seen:
                self.cache.stand_in(deck, found[colour], width, keyed=True)
                seen.add(colour)
            pos += len(chunk)
            if time.perf_counter() > deadline:
                break
        self._warm = (key, pos, seen)
        return pos >= len(colours)

    def _land(self, table: Table, key: tuple, hidden: dict[int, int]) -> None:
        """When the hidden piles show again (few are left hidden), make the picture painted
        without them the layer: the scroll and repair that follow catch up with any pan,
        step or lifted card since it was begun."""
        landing = self._landing
        if (landing is None or hidden is self._drawn_hidden_obj or len(hidden) > MAX_DAMAGE
                or len(self._drawn_hidden) <= MAX_DAMAGE):
            return
        self._landing = None
        if landing.key != key:
            return
        landing.finish()
        self._swap_in(landing)
        self.landings_swapped += 1
