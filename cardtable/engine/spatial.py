"""A uniform-grid spatial index of rectangles: which piles lie in a region, fast.

Every item is a rectangle ``(x, y, w, h)`` in world units. The grid's cells are
square. By default an item is listed in every cell its rectangle touches. An index
made with ``max_size`` (every item at most that big, as cards are) lists an item only
in the cell of its top-left corner and widens each query by ``max_size`` instead: one
cell an item makes bulk inserts and removals cheap (:meth:`GridIndex.insert_many`,
:meth:`GridIndex.remove_many`), which is what a spread or gather of 12,000 cards needs.
A query over a region looks only at the cells that region covers, so culling a view of
a few hundred cards out of 12,000, or finding what lies under the cursor, costs a
handful of dictionary look-ups instead of a pass over every pile.
"""

from __future__ import annotations

from collections import defaultdict, deque
from collections.abc import Generator, Iterable, Sequence
from itertools import chain, compress, islice, product, repeat
from operator import floordiv, itemgetter, not_
from typing import Any, NamedTuple, TypeVar

Rect = tuple[float, float, float, float]

_ADD, _REMOVE, _CLEAR = 1, -1, 0
"""Kinds of deferred cell listing: list items in their cells, take them out, empty the grid."""

C = TypeVar("C", dict[Any, Any], set[Any])


def copied_in_slices(source: C, chunk: int) -> Generator[None, None, C]:
    """A copy of the dict or set ``source``, ``chunk`` entries a slice (a generator; its value
    is the copy): one ``dict()`` of a 12,000-pile table's rectangles was a slice of 0.2 to 1.4 ms,
    the slowest frames of a group move's work. ``source`` must not change meanwhile (its
    iterator says so if it does)."""
    made = type(source)()
    entries = iter(source.items()) if isinstance(source, dict) else iter(source)
    while True:
        made.update(islice(entries, chunk))
        if len(made) >= len(source):
            return made
        yield


class Staged(NamedTuple):
    """A bulk change of a :class:`GridIndex` worked out beforehand (see :meth:`GridIndex.stage`):
    the rectangles after it, and the cell listings still to make."""

    rects: dict[int, Rect]
    ops: list[tuple[int, Sequence[int], Sequence[float], Sequence[float]]]

_BULK = 64
"""From this many items on, insert_many and remove_many take their bulk paths."""
_FEW_CELLS = 64
"""A query over at most this many cells walks them one by one (the C-level passes of a
bigger one cost more to set up than they save)."""


class GridIndex:
    """Rectangles by id in a grid of ``cell``-sized squares.

    >>> index = GridIndex(cell=100)
    >>> index.insert(1, (0, 0, 100, 140))
    >>> index.insert(2, (500, 500, 100, 140))
    >>> sorted(index.query((50, 50, 10, 10)))
    [1]
    >>> index.remove(1); sorted(index.query((0, 0, 1000, 1000)))
    [2]
    >>> corner = GridIndex(cell=100, max_size=(100, 140))
    >>> corner.insert_many([(7, (90, 90, 100, 140)), (8, (400, 0, 100, 140))])
    >>> sorted(corner.query((180, 200, 5, 5))), sorted(corner.query_point(450, 10))
    ([7], [8])
    """

    def __init__(self, cell: float = 256.0, *, max_size: tuple[float, float] | None = None) -> None:
        self.cell = float(cell)
        self.max_size = max_size
        self._grid: defaultdict[tuple[int, int], set[int]] = defaultdict(set)
        self._rects: dict[int, Rect] = {}
        # Cell listings still to make, in order: (kind, ids, corner xs, corner ys); see settle.
        self._deferred: list[tuple[int, Sequence[int], Sequence[float], Sequence[float]]] = []
        self._settled = 0  # items of the first deferred listing made already

    @property
    def _cells(self) -> defaultdict[tuple[int, int], set[int]]:
        """The cells' lists, with every deferred insert listed first."""
        if self._deferred:
            self.settle()
        return self._grid

    @_cells.setter
    def _cells(self, cells: defaultdict[tuple[int, int], set[int]]) -> None:
        self._deferred, self._settled = [], 0  # (set only to rebuild from every rectangle)
        self._grid = cells

    @property
    def deferred(self) -> bool:
        """True while inserts made with ``defer`` are not yet listed in their cells."""
        return bool(self._deferred)

    def settle(self, limit: int | None = None, litter: list[object] | None = None) -> bool:
        """Make the cell listings of deferred inserts (and of a staged change's removals)
        now (any query makes them all first): all of them, or about ``limit`` items (a
        slice of a frame's work). True once none is left. A grid emptied on the way goes in
        ``litter``, if given, rather than being freed now (3,000 cells: half a millisecond)."""
        while self._deferred and (limit is None or limit > 0):
            kind, ids, xs, ys = self._deferred[0]
            if kind == _CLEAR:
                del self._deferred[0]
                if litter is not None:
                    litter.append(self._grid)
                self._grid = defaultdict(set)
                continue
            # (the first listing's done part is skipped, not cut off: cutting copied the rest
            # each slice, 1-2 ms over the 30 slices of a listing of 12,000)
            at = self._settled
            end = len(ids) if limit is None else min(len(ids), at + limit)
            if end < len(ids):
                self._settled = end
            else:
                del self._deferred[0]
                self._settled = 0
            if at or end < len(ids):
                ids, xs, ys = ids[at:end], xs[at:end], ys[at:end]
            if kind == _ADD:
                self._bucket(ids, xs, ys)
            else:
                self._unbucket(ids, xs, ys)
            if limit is not None:
                limit -= len(ids)
        return not self._deferred

    def stage(self, gone: Sequence[int], ids: Sequence[int], xs: Sequence[float], ys: Sequence[float],
              rects: Sequence[Rect], indexed: Sequence[int], chunk: int) -> Generator[None, None, Staged]:
        """A bulk change worked out without touching the index, ``chunk`` items a slice (a
        generator; its value goes to :meth:`swap_in`): ``gone`` taken out, ``ids`` added or
        moved to corners ``xs, ys`` (their ``rects`` from :meth:`corner_rects`; ``indexed``:
        those of them in the index already). Corner mode only."""
        if self.max_size is None:
            raise ValueError("stage needs an index made with max_size")
        old = self._rects
        rects_now = yield from copied_in_slices(old, chunk)
        leaving = [*gone, *indexed]
        ops: list[tuple[int, Sequence[int], Sequence[float], Sequence[float]]] = []
        if len(leaving) * 2 >= len(old):
            # Most of the index leaves: listed anew from an empty grid, those that stay first
            # (none when a whole table moves), then the ones added or moved, from their corners.
            for start in range(0, len(leaving), chunk):
                yield
                deque(map(rects_now.pop, leaving[start:start + chunk], repeat(None)), maxlen=0)
            ops.append((_CLEAR, (), (), ()))
            stay = list(rects_now)
            for start in range(0, len(stay), chunk):
                yield
                part = stay[start:start + chunk]
                kept = list(map(rects_now.__getitem__, part))
                ops.append((_ADD, part, list(map(itemgetter(0), kept)), list(map(itemgetter(1), kept))))
        else:
            for start in range(0, len(leaving), chunk):
                yield
                part = leaving[start:start + chunk]
                found = list(map(rects_now.pop, part, repeat(None)))
                if None in found:  # (not in the index)
                    part = list(compress(part, found))
                was: list[Rect] = list(filter(None, found))
                ops.append((_REMOVE, part, list(map(itemgetter(0), was)), list(map(itemgetter(1), was))))
        for start in range(0, len(ids), chunk):
            yield
            rects_now.update(zip(ids[start:start + chunk], rects[start:start + chunk]))
        ops.append((_ADD, ids, xs, ys))
        return Staged(rects_now, ops)

    def swap_in(self, staged: Staged) -> dict[int, Rect]:
        """Make a change worked out by :meth:`stage` the index's, at once (its cell listings
        are made by :meth:`settle` or the first query, as deferred inserts are); the
        rectangles it replaced (for the caller to let go of when it suits it)."""
        old, self._rects = self._rects, staged.rects
        self._deferred += staged.ops
        return old

    def __len__(self) -> int:
        return len(self._rects)

    def __contains__(self, item: int) -> bool:
        return item in self._rects

    def _span(self, rect: Rect) -> tuple[range, range]:
        x, y, w, h = rect
        return self._span_of(x, y, x + w, y + h)

    def _span_of(self, x: float, y: float, x1: float, y1: float) -> tuple[range, range]:
        """The cells a rectangle from ``(x, y)`` to ``(x1, y1)`` touches (see :meth:`_span`)."""
        c = self.cell
        # The right and bottom edges are exclusive (a rectangle that only touches a cell's
        # left edge is not listed there): the last cell is the one before the edge's
        # ceiling, by the same floor division as the first.
        # Both ends come from the same float sums the overlap test makes, so a rectangle and a
        # region overlapping by less than any fixed epsilon still share a cell; one no wider
        # than a float's step keeps its first cell.
        x0, y0 = int(x // c), int(y // c)
        return (range(x0, max(x0, int(-(-x1 // c)) - 1) + 1),
                range(y0, max(y0, int(-(-y1 // c)) - 1) + 1))

    def _home(self, rect: Rect) -> tuple[range, range]:
        """The cells an item is listed in."""
        if self.max_size is None:
            return self._span(rect)
        x, y, w, h = rect
        if w > self.max_size[0] or h > self.max_size[1]:
            raise ValueError(f"an item of {w} x {h} is larger than this index's {self.max_size}")
        cx, cy = int(x // self.cell), int(y // self.cell)
        return range(cx, cx + 1), range(cy, cy + 1)

    def insert(self, item: int, rect: Rect) -> None:
        """Add ``item`` (or move it, if it is already in) at ``rect``."""
        if item in self._rects:
            self.remove(item)
        self._rects[item] = rect
        xs, ys = self._home(rect)
        cells = self._cells
        for cx in xs:
            for cy in ys:
                cells[(cx, cy)].add(item)

    def insert_many(self, items: Iterable[tuple[int, Rect]]) -> None:
        """Add (or move) many items at once."""
        items = list(items)
        if self.max_size is None or len(items) < _BULK:
            for item, rect in items:
                self.insert(item, rect)
            return
        rects = list(map(itemgetter(1), items))
        if max(map(itemgetter(2), rects)) > self.max_size[0] or max(map(itemgetter(3), rects)) > self.max_size[1]:
            raise ValueError(f"an item is larger than this index's {self.max_size}")
        ids = list(map(itemgetter(0), items))
        self.remove_many(ids)
        self._rects.update(items)
        self._bucket(ids, list(map(itemgetter(0), rects)), list(map(itemgetter(1), rects)))

    def corner_rects(self, xs: Sequence[float], ys: Sequence[float]) -> list[Rect]:
        """The rectangles of items of ``max_size`` at these corners, for :meth:`insert_corners`
        (made beforehand, in a slice of a frame of their own)."""
        if self.max_size is None:
            raise ValueError("corner_rects needs an index made with max_size")
        w, h = self.max_size
        return list(zip(xs, ys, repeat(w), repeat(h)))

    def insert_corners(self, ids: Sequence[int], xs: Sequence[float], ys: Sequence[float], *,
                       defer: bool = False, rects: Sequence[Rect] | None = None,
                       indexed: Sequence[int] | None = None) -> None:
        """Add (or move) many items, each exactly ``max_size``, with top-left corners at
        ``xs[i], ys[i]``: C-level passes, no Python call per item (12,000 cards in a few ms).
        With ``defer`` the items are listed in their cells (about half the cost) by
        :meth:`settle` or the first query, whichever comes first. ``rects``: the items'
        rectangles from :meth:`corner_rects`, if made already; ``indexed``: those of the
        items in the index already, if known (the others need no look)."""
        if self.max_size is None:
            raise ValueError("insert_corners needs an index made with max_size")
        self.remove_many(ids if indexed is None else indexed)
        self._rects.update(zip(ids, self.corner_rects(xs, ys) if rects is None else rects))
        if defer:
            self._deferred.append((_ADD, ids, xs, ys))
        else:
            self._bucket(ids, xs, ys)

    def _bucket(self, ids: Sequence[int], xs: Sequence[float], ys: Sequence[float]) -> None:
        """List each item in its home cell (corner mode). The keys are float tuples: they
        hash and compare equal to the int tuples single inserts and queries use."""
        c = repeat(self.cell)
        keys = zip(map(floordiv, xs, c), map(floordiv, ys, c))
        deque(map(set.add, map(self._grid.__getitem__, keys), ids), maxlen=0)

    def _unbucket(self, ids: Sequence[int], xs: Sequence[float], ys: Sequence[float]) -> None:
        """Take each item out of its home cell (corner mode; the cells left empty go)."""
        c, grid = repeat(self.cell), self._grid
        keys = list(zip(map(floordiv, xs, c), map(floordiv, ys, c)))
        deque(map(set.discard, map(grid.__getitem__, keys), ids), maxlen=0)
        for key in set(keys):
            if not grid[key]:
                del grid[key]

    def remove(self, item: int) -> None:
        """Take ``item`` out (no error if it is not there)."""
        rect = self._rects.pop(item, None)
        if rect is None:
            return
        xs, ys = self._home(rect)
        cells = self._cells
        for cx in xs:
            for cy in ys:
                bucket = cells.get((cx, cy))
                if bucket is not None:
                    bucket.discard(item)
                    if not bucket:
                        del cells[(cx, cy)]

    def remove_many(self, items: Iterable[int]) -> None:
        """Take many items out at once (no error for those not there).

        Taking out most of the index rebuilds it from what stays, in one pass.
        """
        items = list(filter(self._rects.__contains__, items))
        if self.max_size is None or len(items) < _BULK:
            for item in items:
                self.remove(item)
            return
        rects = self._rects
        if len(items) * 2 >= len(rects):
            deque(map(rects.__delitem__, items), maxlen=0)
            self._cells = defaultdict(set)
            kept = list(rects.values())
            self._bucket(list(rects), list(map(itemgetter(0), kept)), list(map(itemgetter(1), kept)))
            return
        gone = list(map(rects.pop, items))
        cells = self._cells
        c = repeat(self.cell)
        keys = list(zip(map(floordiv, map(itemgetter(0), gone), c), map(floordiv, map(itemgetter(1), gone), c)))
        deque(map(set.discard, map(cells.__getitem__, keys), items), maxlen=0)
        for key in set(keys):
            if not cells[key]:
                del cells[key]

    def rect(self, item: int) -> Rect:
        """The rectangle ``item`` was inserted with."""
        return self._rects[item]

    def placed(self, items: Iterable[int]) -> list[Rect | None]:
        """The rectangle of each item (``None`` for one not in the index), C-level."""
        return list(map(self._rects.get, items))

    def query(self, region: Rect) -> set[int]:
        """Every item whose rectangle overlaps ``region`` (edges touching do not count)."""
        x, y, w, h = region
        return self._query(x, y, x + w, y + h)

    def query_steps(self, region: Rect, rows: int = 4, most: int = 64) -> Generator[None, None, set[int]]:
        """:meth:`query` a slice per ``next``: a band of the region ``rows`` cells high at a time
        (more when it would take over ``most`` bands); the value is the same set. The bands meet
        edge to edge (each one's bottom is the next one's top, the last one's the region's), so
        an item overlapping the region by any amount overlaps one of them, and none other does."""
        x, y, w, h = region
        x1, y1 = x + w, y + h
        step = self.cell * max(rows, -(-h // (self.cell * most)))
        found: set[int] = set()
        top = y
        while True:
            bottom = top + step
            if not bottom < y1:
                found |= self._query(x, top, x1, y1)
                return found
            found |= self._query(x, top, x1, bottom)
            top = bottom
            yield

    def _query(self, x: float, y: float, x1: float, y1: float) -> set[int]:
        """:meth:`query` of the region from ``(x, y)`` to ``(x1, y1)``."""
        c = self.cell
        ix0 = ix1 = iy0 = iy1 = 0
        if self.max_size is None:
            xs, ys = self._span_of(x, y, x1, y1)
        else:
            # Corners that can reach the region lie in (x - mw, x1) x (y - mh, y1).
            mw, mh = self.max_size
            xs, ys = range(int((x - mw) // c), int(x1 // c) + 1), range(int((y - mh) // c), int(y1 // c) + 1)
            # A cell wholly inside the region (its left edge right of x, its right edge at
            # x1 or left of it; the same down) holds only corners inside: those items
            # overlap the region without a test.
            ix0, ix1, iy0, iy1 = int(x // c) + 1, int(x1 // c), int(y // c) + 1, int(y1 // c)
        cells = self._cells
        span = len(xs) * len(ys)
        if span > 4 * len(cells) or span <= _FEW_CELLS:
            # A region larger than the table walks the occupied cells; a small one its own.
            if span > 4 * len(cells):
                x0, x1c, y0, y1c = xs.start, xs.stop, ys.start, ys.stop
                keys = [key for key in cells if x0 <= key[0] < x1c and y0 <= key[1] < y1c]
            else:
                keys = [key for key in product(xs, ys) if key in cells]
            # The cells' sets joined in C-level passes (a band over 12,000 piles: 3,000 cells).
            inside = [ix0 <= cx < ix1 and iy0 <= cy < iy1 for cx, cy in keys]
            sure = set().union(*map(cells.__getitem__, compress(keys, inside)))
            found = set().union(*map(cells.__getitem__, compress(keys, map(not_, inside))))
        else:
            # The cells wholly inside, and the bands round them (all of them when none is
            # inside), looked up and joined in C-level passes: no Python step per cell.
            inx = range(max(ix0, xs.start), max(min(ix1, xs.stop), xs.start))
            iny = range(max(iy0, ys.start), max(min(iy1, ys.stop), ys.start))
            get = cells.get
            if inx and iny:
                top, below = range(ys.start, iny.start), range(iny.stop, ys.stop)
                left, right = range(xs.start, inx.start), range(inx.stop, xs.stop)
                sure = set().union(*filter(None, map(get, product(inx, iny))))
                # Above and below the inside, corners lie inside across: only the test down;
                # left and right of it the other way round; the four corners need both.
                rows = set().union(*filter(None, map(get, chain(product(inx, top), product(inx, below)))))
                cols = set().union(*filter(None, map(get, chain(product(left, iny), product(right, iny)))))
                if rows:
                    sure.update(self._overlapping(rows, x, y, x1, y1, across=False))
                if cols:
                    sure.update(self._overlapping(cols, x, y, x1, y1, down=False))
                edges: Iterable[tuple[int, int]] = chain(product(left, top), product(right, top),
                                                         product(left, below), product(right, below))
            else:
                sure, edges = set(), product(xs, ys)
            found = set().union(*filter(None, map(get, edges)))
        if found:
            sure.update(self._overlapping(found, x, y, x1, y1))
        return sure

    def _overlapping(self, items: Iterable[int], x0: float, y0: float, x1: float, y1: float, *,
                     across: bool = True, down: bool = True) -> list[int]:
        """Those of ``items`` whose rectangles overlap ``(x0, y0)-(x1, y1)``, tested ``across``,
        ``down`` or both (the overlap test written out: no call per item, and
        the band of cells above the inside of a view needs only the test down)."""
        rs = self._rects
        if across and down:
            return [i for i in items if (r := rs[i])[0] < x1 and r[0] + r[2] > x0 and r[1] < y1 and r[1] + r[3] > y0]
        if down:
            return [i for i in items if (r := rs[i])[1] < y1 and r[1] + r[3] > y0]
        return [i for i in items if (r := rs[i])[0] < x1 and r[0] + r[2] > x0]

    def query_point(self, px: float, py: float) -> set[int]:
        """Every item whose rectangle contains the point."""
        rects = self._rects
        if self.max_size is None:
            bucket = self._cells.get((int(px // self.cell), int(py // self.cell)), ())
            return {i for i in bucket if _contains(rects[i], px, py)}
        return {i for i in self.query((px, py, 1e-9, 1e-9)) if _contains(rects[i], px, py)}


def _contains(r: Rect, px: float, py: float) -> bool:
    rx, ry, rw, rh = r
    return rx <= px < rx + rw and ry <= py < ry + rh
