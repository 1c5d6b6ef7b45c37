"""The rubber band's release: the piles in its region found, and their outline drawn, over
frames when that is more than a frame's share.

Around the Infinite Deck's 12,000 piles the release cost 5.5 to 7.5 ms in one frame (the
region's query, the outline around them and the toast). :class:`BandSelect`, a mixin of
:class:`~cardtable.games.free_table.ui.table.FreeTableScene`, runs the query a band of the
region at a time (:meth:`~cardtable.engine.spatial.GridIndex.query_steps`) while the release's
frame has time for it; what is left, and the outlines of a selection of
:data:`AT_ONCE_MOST` piles or more, is a big step's work (:mod:`big_steps`): the last picture
held meanwhile, input arriving meanwhile handled after, in order, and the new selection, its
outlines and its toast shown together.
"""

from __future__ import annotations

import time
from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from cardtable.engine.spatial import Rect
from cardtable.ui.text import plural

AT_ONCE_MOST = 500
"""A selection of up to this many piles, found within the release's frame, is shown at once."""


class BandSelect:
    """A rubber band's release (see the module)."""

    selected: set[int]

    if TYPE_CHECKING:
        def __getattr__(self, name: str) -> Any:
            """The scene's own attributes (the app, the table, the view, the work queue...)."""

    def select_band(self, region: Rect, add: bool) -> None:
        """Select the piles overlapping ``region`` (world units), added to the selection if ``add``."""
        query = self.table.index.query_steps(region)
        budget = self.frame_floor.seconds(self.app.screen.get_size())
        deadline = time.perf_counter() + budget
        found: set[int] | None = None
        try:
            while True:
                next(query)
                if time.perf_counter() > deadline:
                    break
        except StopIteration as done:
            found = done.value
        if found is not None:
            selected = (self.selected | found) if add else found
            if len(selected) <= AT_ONCE_MOST:
                self.selected = selected
                self._say_selected()
                return
        self.work.add(self._band_steps(query, found, add),
                      lambda _: self._when_shown.append(self._say_selected))

    def _band_steps(self, query: Generator[None, None, set[int]], found: set[int] | None,
                    add: bool) -> Generator[None, None, None]:
        """The rest of a band's query, then the outlines of what it selects drawn, a slice at a time."""
        if found is None:
            found = yield from query
        yield
        selected = (self.selected | found) if add else found
        yield
        yield from self.view.outlines.prepare_steps(self.app.screen, self.view, self.table, self.camera, selected)
        self.selected = selected
        yield
        self._prune_selection()  # (a pass over the selection: a slice of its own, not the frame that shows it)
        if self.selected:
            self.app.toast_lines(self._selected_words())  # (its words wrapped now, as they will show)

    def _selected_words(self) -> str:
        return f"{plural(len(self.selected), 'pile')} selected"

    def _say_selected(self) -> None:
        if self.selected:
            self.toast(self._selected_words(), 1.0)
