"""Letting go of a big free table over several frames (:func:`dismantle`).

Freeing all 12,000 piles of the Infinite Deck and a few steps of history at once took about
9 ms of one frame; emptying the table a slice a frame spreads that cost out.
"""

from __future__ import annotations

import sys
import time
from collections import deque
from collections.abc import Iterator
from itertools import islice

from cardtable.engine.piles import Change
from cardtable.engine.table import Table
from cardtable.engine.table_bulk import BulkSide, Pairs

__all__ = ["dismantle", "let_go"]

AT_ONCE_S = 0.00005
"""What is left of a dict, set or list :func:`let_go` frees at once when freeing its first part
foretells no more than this for the rest: a table's pile dict whose piles live on frees 12,000
entries in about 0.1 ms, twice that a part at a time (a step of 1,000 piles took two frames
more), where 12,000 rectangles or piles freed with their entries take 0.5-1 ms. The foretelling
can be off by more than twice (the rest of a list of 12,000 foretold under 0.2 ms took 0.3-0.5):
the rest goes at once only when even that leaves it a small slice."""


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


def let_go(things: list[object], chunk: int = 500) -> Iterator[None]:
    """Free ``things`` (what big steps replaced: see :attr:`Table.litter
    <cardtable.engine.table.Table.litter>`) a slice per ``next``, taking them out of the list:
    a dict, set or list nothing else holds is emptied ``chunk`` entries a slice (the rest at once
    if that is cheap: :data:`AT_ONCE_S`); a long tuple so too, as a list; what has ``parts()``
    (a step's :class:`~cardtable.engine.piles.Change`, its sides' columns, the lists of
    :class:`~cardtable.engine.table_bulk.Pairs`) is let go of part by part; anything else goes
    in a slice of its own. (With 2,000 entries a slice, and a step or a column freed whole, a
    slice took up to 0.3-0.44 ms, and the frames letting go of a group move's litter came to
    twice an empty frame's cost; with 500, most take under 0.1 ms.)

    >>> things = [{i: str(i) for i in range(5)}, [1, 2]]
    >>> slices = let_go(things, chunk=2)
    >>> sum(1 for _ in slices), things  # (the dict's rest at once: see AT_ONCE_S)
    (3, [])
    """
    while things:
        thing = things.pop()
        alone = sys.getrefcount(thing) == 2  # (``thing`` and the call's: nothing else holds it)
        if alone and isinstance(thing, (Change, BulkSide, Pairs)):  # (what holds a big step's piles)
            things += thing.parts()
        elif alone and isinstance(thing, tuple) and len(thing) > chunk:
            things.append(list(thing))  # (the tuple goes at once: what it held lives on in the list)
        elif alone and isinstance(thing, (list, dict, set)):
            while len(thing) > chunk:
                start = time.perf_counter()
                if isinstance(thing, list):
                    del thing[-chunk:]
                else:
                    part = list(islice(thing, chunk))  # (C-level passes: a Python loop took twice as long)
                    if isinstance(thing, dict):
                        deque(map(thing.__delitem__, part), maxlen=0)
                    else:
                        thing.difference_update(part)
                    del part
                spent = time.perf_counter() - start
                yield
                if spent * len(thing) / chunk < AT_ONCE_S:
                    break  # (what it holds lives on elsewhere: the rest is cheaper freed at once)
        del thing
        yield
