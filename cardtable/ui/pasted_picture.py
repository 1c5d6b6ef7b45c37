"""A group's picture pasted into the table view's layer after a step moved only that group
(a mixin of :class:`~cardtable.ui.table_view.TableView`): the layer becomes the table's new
picture without repainting it."""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

import pygame

from cardtable.engine.table import Table
from cardtable.engine.table_bulk import run
from cardtable.ui.camera import Camera

PASTE_BAND = 128
"""Rows of a dropped group's picture :meth:`PastedPicture.paste_steps` pastes a slice."""


class PastedPicture:
    """The view's pasting of a moved group's picture (see the module)."""

    _drawn_revision: int
    _drawn_hidden: dict[int, int]
    _drawn_hidden_obj: object
    _held: tuple[tuple[Any, ...], pygame.Surface] | None

    if TYPE_CHECKING:
        def __getattr__(self, name: str) -> Any:
            """The view's own attributes (its layer, camera helpers, what it drew last...)."""

    def paste(self, table: Table, camera: Camera, picture: pygame.Surface, at: tuple[int, int],
              lifted: dict[int, int], steps: int = 1) -> bool:
        """After a step that moved only the piles ``lifted`` (every card of each) and raised them
        to the top, their picture as the layer showed them, put at ``at``: the layer becomes the
        table's new picture without repainting it, if it is the picture without them of the
        table just before the step at this camera (True), else nothing is done (False).
        ``steps`` 0: no step, the piles put back where they lay (``at`` where the picture was
        taken), a drag given up (the picture repainted instead: one frame of 38 ms at 12,000 piles)."""
        return run(self.paste_steps(table, camera, picture, at, lifted, steps))

    def paste_steps(self, table: Table, camera: Camera, picture: pygame.Surface, at: tuple[int, int],
                    lifted: dict[int, int], steps: int = 1) -> Generator[None, None, bool]:
        """:meth:`paste` a slice per ``next``: the look whether it can, then the picture
        :data:`PASTE_BAND` rows at a time (a window-sized one at once took 1.2-2 ms); the value
        is whether it pasted. Nothing may draw on the layer meanwhile (a big step's held frames)."""
        if (self._layer is None or self._layer_key != (id(table), camera.zoom, self._layer.get_size())
                or self._layer_origin != self.origin(camera) or self._drawn_revision != table.revision - steps
                or self._drawn_hidden != lifted or self._build is not None or self._prepared is not None
                or self._pending):
            return False
        layer = self._layer
        width, height = picture.get_size()
        for top in range(0, height, PASTE_BAND):
            yield
            layer.blit(picture, (at[0], at[1] + top), (0, top, width, min(PASTE_BAND, height - top)))
        self._drawn_revision = table.revision
        self._drawn_hidden, self._drawn_hidden_obj = {}, None
        self._held = None if self._held is None else ((), self._held[1])  # (its scaled picture is stale)
        return True
