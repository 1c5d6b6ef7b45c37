"""Letting go of a big free table over several frames (:func:`dismantle`).

Freeing all 12,000 piles of the Infinite Deck and a few steps of history at once took about
9 ms of one frame; emptying the table a slice a frame spreads that cost out.
"""

from __future__ import annotations

from collections.abc import Iterator

from cardtable.engine.table import Table

__all__ = ["dismantle"]


def dismantle(table: Table, chunk: int = 2000) -> Iterator[None]:
    """Empty ``table`` a slice per ``next``: its history a step at a time, then its piles and
    its index ``chunk`` entries at a time, so that letting go of a big table frees its
    objects over several frames (all 12,000 piles of the Infinite Deck and a few steps of
    history at once took about 9 ms of one frame). The table is of no use after."""
    table.pending = None
    table.last_step = None
    table._where = None
    table._damage.clear()
    for stack in (table.undo_stack, table.redo_stack):
        while stack:
            stack.pop()
            yield
    table.stacks.clear()
    table.hands.clear()
    table._ones = []
    index = table.index
    for mapping in (table.piles, index._rects, index._grid):
        while mapping:
            for _ in range(min(chunk, len(mapping))):
                mapping.popitem()
            yield
