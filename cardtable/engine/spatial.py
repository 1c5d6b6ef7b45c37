"""A uniform-grid spatial index of rectangles: which piles lie in a region, fast.

Every item is a rectangle ``(x, y, w, h)`` in world units. The grid's cells are
square; an item is listed in every cell its rectangle touches. A query over a
region looks only at the cells that region covers, so culling a view of a few
hundred cards out of 12,000, or finding what lies under the cursor, costs a
handful of dictionary look-ups instead of a pass over every pile.
"""

from __future__ import annotations

from collections.abc import Iterable

Rect = tuple[float, float, float, float]


class GridIndex:
    """Rectangles by id in a grid of ``cell``-sized squares.

    >>> index = GridIndex(cell=100)
    >>> index.insert(1, (0, 0, 100, 140))
    >>> index.insert(2, (500, 500, 100, 140))
    >>> sorted(index.query((50, 50, 10, 10)))
    [1]
    >>> index.remove(1); sorted(index.query((0, 0, 1000, 1000)))
    [2]
    """

    def __init__(self, cell: float = 256.0) -> None:
        self.cell = float(cell)
        self._cells: dict[tuple[int, int], set[int]] = {}
        self._rects: dict[int, Rect] = {}

    def __len__(self) -> int:
        return len(self._rects)

    def __contains__(self, item: int) -> bool:
        return item in self._rects

    def _span(self, rect: Rect) -> tuple[range, range]:
        x, y, w, h = rect
        c = self.cell
        # The right and bottom edges are exclusive, so a rectangle that only touches
        # a cell's left edge is not listed there.
        return (range(int(x // c), int((x + w - 1e-9) // c) + 1),
                range(int(y // c), int((y + h - 1e-9) // c) + 1))

    def insert(self, item: int, rect: Rect) -> None:
        """Add ``item`` (or move it, if it is already in) at ``rect``."""
        if item in self._rects:
            self.remove(item)
        self._rects[item] = rect
        xs, ys = self._span(rect)
        cells = self._cells
        for cx in xs:
            for cy in ys:
                bucket = cells.get((cx, cy))
                if bucket is None:
                    cells[(cx, cy)] = {item}
                else:
                    bucket.add(item)

    def remove(self, item: int) -> None:
        """Take ``item`` out (no error if it is not there)."""
        rect = self._rects.pop(item, None)
        if rect is None:
            return
        xs, ys = self._span(rect)
        cells = self._cells
        for cx in xs:
            for cy in ys:
                bucket = cells.get((cx, cy))
                if bucket is not None:
                    bucket.discard(item)
                    if not bucket:
                        del cells[(cx, cy)]

    def rect(self, item: int) -> Rect:
        """The rectangle ``item`` was inserted with."""
        return self._rects[item]

    def query(self, region: Rect) -> set[int]:
        """Every item whose rectangle overlaps ``region`` (edges touching do not count)."""
        x, y, w, h = region
        x1, y1 = x + w, y + h
        xs, ys = self._span(region)
        found: set[int] = set()
        cells = self._cells
        if len(xs) * len(ys) > 4 * len(cells):
            # A region larger than the table: walk the occupied cells instead.
            candidates: Iterable[set[int]] = (b for (cx, cy), b in cells.items()
                                              if cx in xs and cy in ys)
        else:
            candidates = (cells[(cx, cy)] for cx in xs for cy in ys if (cx, cy) in cells)
        for bucket in candidates:
            found |= bucket
        rects = self._rects
        return {i for i in found if _overlaps(rects[i], x, y, x1, y1)}

    def query_point(self, px: float, py: float) -> set[int]:
        """Every item whose rectangle contains the point."""
        bucket = self._cells.get((int(px // self.cell), int(py // self.cell)), ())
        rects = self._rects
        return {i for i in bucket if _contains(rects[i], px, py)}


def _overlaps(r: Rect, x0: float, y0: float, x1: float, y1: float) -> bool:
    rx, ry, rw, rh = r
    return rx < x1 and rx + rw > x0 and ry < y1 and ry + rh > y0


def _contains(r: Rect, px: float, py: float) -> bool:
    rx, ry, rw, rh = r
    return rx <= px < rx + rw and ry <= py < ry + rh
