"""A layer showing few piles on bare felt, shown as a fill of the felt and those piles' places
(a mixin of :class:`~cardtable.ui.table_view.TableView`).

A big step's flight from one pile (a spread, the undo of a gather) hides every pile in view
until it lands, so the picture under the flights is the felt with at most a few piles on it
(those that did not move). Filling the window with the felt and blitting just those places
shows exactly what a blit of the whole picture would: a fill writes the window once, where the
blit also reads the 8 MB picture, which the frame's other work has pushed out of the cache
(0.3 ms against 0.7-1.0 at 1920x1080).
"""

from __future__ import annotations

from itertools import compress
from operator import itemgetter, lt
from typing import TYPE_CHECKING, Any

import pygame

from cardtable.engine.table import Pile
from cardtable.ui.layer_build import LayerBuild, Shown
from cardtable.ui.pile_paint import pile_places
from cardtable.ui.theme import THEME

FEW_SHOWN = 64
"""Piles a picture may show and still be shown as a fill and their places."""


def list_shown(shown: Shown, chunk: list[tuple[int, Pile]], lifted: dict[int, int], drawn: int) -> None:
    """After a build's chunk painted ``drawn`` cards (``lifted`` left out), add the piles of the
    chunk showing a card to ``shown``, whose list becomes None past :data:`FEW_SHOWN` (no pass
    over a chunk that painted nothing, nor once there are many)."""
    if drawn and shown.piles is not None:
        counts = map(len, map(itemgetter(3), map(itemgetter(1), chunk)))
        shown.piles += compress(chunk, map(lt, map(lifted.get, map(itemgetter(0), chunk), [0] * len(chunk)), counts))
        if len(shown.piles) > FEW_SHOWN:
            shown.piles = None


class SparsePicture:
    """The view's showing of a layer of few piles (see the module)."""

    _sparse: tuple[tuple[Any, ...], list[pygame.Rect], tuple[Any, ...]] | None
    layer_filled: int

    if TYPE_CHECKING:
        def __getattr__(self, name: str) -> Any:
            """The view's own attributes (its layer, what it drew last, its counts...)."""

    def _note_sparse(self, build: LayerBuild) -> None:
        """After ``build`` became the layer: the places of its piles if it shows few (else None),
        kept with the layer's state (:meth:`_layer_state`) to tell when anything paints on it."""
        shown = build.few_shown
        if shown is None:
            self._sparse = None
            return
        places = pile_places(((pile.x, pile.y) for _, pile in shown), build.key[1], build.origin,
                             self._surface().get_rect())
        # (the objects whose ids the state holds, kept alive so that no new one takes an id)
        self._sparse = (self._layer_state(), places, (self._layer, self._drawn_hidden_obj))

    def _layer_state(self) -> tuple[Any, ...]:
        """What changes whenever anything paints on the layer but its stand-ins' faces: its
        surface, what it shows and where, the table's revision and hidden piles drawn, and the
        counts of its repairs, scrolls and rebuilds."""
        return (id(self._layer), self._layer_key, self._layer_origin, self._drawn_revision,
                id(self._drawn_hidden_obj), self.layer_repairs, self.layer_scrolls, self.layer_rebuilds)

    def _show_layer(self, surface: pygame.Surface) -> None:
        """Blit the layer onto ``surface``: while it shows few piles on bare felt and nothing
        else painted on it since, a fill of the felt and a blit of each of their places."""
        sparse = self._sparse
        if sparse is not None and sparse[0] == self._layer_state():
            layer = self._surface()
            surface.fill(THEME.felt)
            surface.blits([(layer, place, place) for place in sparse[1]], doreturn=False)
            self.layer_filled += 1
        else:
            surface.blit(self._surface(), (0, 0))
