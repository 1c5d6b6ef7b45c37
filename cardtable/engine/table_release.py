"""Letting go of a big free table over several frames (:func:`dismantle`).

Freeing all 12,000 piles of the Infinite Deck and a few steps of history at once took about
9 ms of one frame; emptying the table a slice a frame spreads that cost out.
"""

from __future__ import annotations

import math
import sys
import time
from collections import deque
from collections.abc import Callable, Iterator
from functools import partial
from itertools import islice
from typing import Any

from cardtable.engine.piles import Change
from cardtable.engine.table import Table
from cardtable.engine.table_bulk import BulkSide, Pairs

__all__ = ["dismantle", "emptied_in_slices", "let_go"]

SLICE_S = 0.0001
"""About how long one slice of :func:`emptied_in_slices` takes (the letting go runs in the slack
of idle frames, 0.2-0.25 ms of a 1920x1080 frame here: with 2,000 piles a slice, a slice took
0.4-1.4 ms, up to five times that share, in the first frames of whatever came after a table)."""

AT_ONCE_S = 0.00005
"""What is left of a dict, set or list :func:`let_go` frees at once when freeing its first part
foretells no more than this for the rest: a table's pile dict whose piles live on frees 12,000
entries in about 0.1 ms, twice that a part at a time (a step of 1,000 piles took two frames
more), where 12,000 rectangles or piles freed with their entries take 0.5-1 ms. The foretelling
can be off by more than twice (the rest of a list of 12,000 foretold under 0.2 ms took 0.3-0.5):
the rest goes at once only when even that leaves it a small slice."""


def emptied_in_slices(count: Callable[[], int], take: Callable[[int], object], chunk: int,
                      slice_s: float = SLICE_S, at_once: float = 0.0,
                      clock: Callable[[], float] = time.perf_counter) -> Iterator[None]:
    """Call ``take(n)`` until ``count()`` is 0, one call per ``next``: ``n`` at most ``chunk``,
    sized from the last call's time to take about ``slice_s`` (what an entry costs to free
    differs tenfold between a pile and a rectangle, and between machines). It stops early, the
    rest left to its caller, once the last call foretells under ``at_once`` seconds for the rest.

    >>> left = list(range(10))
    >>> sizes = [len(left) for _ in emptied_in_slices(left.__len__, lambda n: left.__delitem__(slice(-n, None)),
    ...                                                 4, slice_s=float("inf"))]
    >>> sizes
    [6, 2, 0]
    """
    n = max(1, min(chunk, _FIRST_SLICE))
    while (left := count()) > 0:
        k = min(n, left)
        start = clock()
        take(k)
        spent = clock() - start
        yield
        if spent * count() < at_once * k:
            return  # (what it holds lives on elsewhere: the rest is cheaper freed at once)
        # (grow at most fourfold a slice: one quick slice, a timer's tick, is not a rate)
        fits = k * slice_s / spent if spent > 0 else math.inf
        n = int(max(1, min(chunk, 4 * k, fits)))


_FIRST_SLICE = 64
"""Entries in the first slice of :func:`emptied_in_slices`, before it has a cost to go by."""
_FEW = 8
"""Items of a tuple :func:`let_go` takes apart one by one, a slice each (a table's last step:
its label and two sides); a longer one up to a chunk goes whole (a column of a few hundred
piles' cards, whose items live on in the table, would cost a slice an item for nothing)."""


def dismantle(table: Table, chunk: int = 2000, slice_s: float = SLICE_S) -> Iterator[None]:
    """Empty ``table`` a slice per ``next``: its history a step at a time, each step taken apart
    (:func:`let_go`), then its piles and its index up to ``chunk`` entries at a time (slices of
    about ``slice_s``: see :func:`emptied_in_slices`), so that letting go of a big table frees
    its objects over several frames (all 12,000 piles of the Infinite Deck and a few steps of
    history at once took about 9 ms of one frame). The table is of no use after."""
    last: list[object] = [table.pending, table.last_step]  # (the last step's sides: 0.37 ms freed whole)
    table.pending = table.last_step = table._where = None
    table._damage.clear()
    yield from let_go(last)
    for stack in (table.undo_stack, table.redo_stack):
        while stack:
            yield from let_go([stack.pop()])  # (a step of 12,000 piles freed whole took 0.65 ms)
    table.stacks.clear()
    table.hands.clear()
    table._ones = []
    index = table.index
    for mapping in (table.piles, index._rects, index._grid):
        yield from emptied_in_slices(mapping.__len__, partial(_took, mapping), chunk, slice_s)


def _took(things: list[Any] | dict[Any, Any] | set[Any], n: int) -> None:
    """Free ``n`` entries of ``things``."""
    if isinstance(things, list):
        del things[-n:]
        return
    part = list(islice(things, n))  # (C-level passes: a Python loop took twice as long)
    if isinstance(things, dict):
        deque(map(things.__delitem__, part), maxlen=0)
    else:
        things.difference_update(part)


def let_go(things: list[object], chunk: int = 500, slice_s: float = SLICE_S) -> Iterator[None]:
    """Free ``things`` (what big steps replaced: see :attr:`Table.litter
    <cardtable.engine.table.Table.litter>`) a slice per ``next``, taking them out of the list:
    a dict, set or list nothing else holds, of more than 64 entries, is emptied up to ``chunk``
    entries a slice of about ``slice_s`` (:func:`emptied_in_slices`; the rest at once if that is
    cheap: :data:`AT_ONCE_S`), a smaller one freed whole;
    a long tuple so too, as a list, one of a few items item by item; what has ``parts()`` (a step's
    :class:`~cardtable.engine.piles.Change`, its sides' columns, the lists of
    :class:`~cardtable.engine.table_bulk.Pairs`) is let go of part by part; anything else goes
    in a slice of its own. (With 2,000 entries a slice, and a step or a column freed whole, a
    slice took up to 0.3-0.44 ms, and the frames letting go of a group move's litter came to
    twice an empty frame's cost; with 500 entries, 0.35-0.43 ms where a frame's share was 0.25.)

    >>> things = [{i: str(i) for i in range(5)}, [1, 2]]
    >>> slices = let_go(things, chunk=2)
    >>> sum(1 for _ in slices), things  # (each small enough for a slice of its own)
    (2, [])
    """
    while things:
        thing = things.pop()
        alone = sys.getrefcount(thing) == 2  # (``thing`` and the call's: nothing else holds it)
        if alone and isinstance(thing, (Change, BulkSide, Pairs)):  # (what holds a big step's piles)
            things += thing.parts()
        elif alone and isinstance(thing, tuple) and len(thing) > chunk:
            things.append(list(thing))  # (the tuple goes at once: what it held lives on in the list)
        elif alone and isinstance(thing, tuple) and len(thing) <= _FEW:
            things += thing  # (a table's last step, its sides in a tuple of three)
        elif alone and isinstance(thing, (list, dict, set)) and len(thing) > _FIRST_SLICE:
            yield from emptied_in_slices(thing.__len__, partial(_took, thing), chunk, slice_s, AT_ONCE_S)
        del thing
        yield
