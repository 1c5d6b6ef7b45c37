"""Which piles the table view shows, bottom to top (a mixin of
:class:`~cardtable.ui.table_view.TableView`): the felt's piles in z order, kept until the table
changes, worked out a slice at a time for a big step's picture, and the piles meeting a region."""

from __future__ import annotations

import sys
from collections.abc import Generator
from itertools import islice
from operator import itemgetter

from cardtable.engine.table import Pile, Table

ORDER_CHUNK = 3000
"""Piles a slice of :meth:`~cardtable.ui.table_view.TableView.prepare` takes from the table while
it sorts them by z."""


class PileOrder:
    """The view's piles in z order (see the module)."""

    _order: list[tuple[int, Pile]]
    _order_key: tuple[int, int] | None

    def ordered(self, table: Table) -> list[tuple[int, Pile]]:
        """``(pile id, pile)`` of the felt (not players' hands) bottom to top, recomputed only
        when the table changed (sorted by a C-level key: no Python call per pile)."""
        key = (id(table), table.revision)
        if self._order_key != key:
            hands = table.hands
            items = [it for it in table.piles.items() if it[0] not in hands] if hands else list(table.piles.items())
            zs = list(map(itemgetter(2), map(itemgetter(1), items)))
            self._order = list(map(items.__getitem__, sorted(range(len(items)), key=zs.__getitem__)))
            self._order_key = key
        return self._order

    def _ordered_steps(self, table: Table) -> Generator[None, None, None]:
        """:meth:`ordered` worked out a slice per ``next`` (12,000 piles take 4-5 ms at once,
        most of it making the pairs); given up if the table changes meanwhile."""
        key = (id(table), table.revision)
        if self._order_key == key:
            return
        hands = table.hands
        items: list[tuple[int, Pile]] = []
        pairs = iter(table.piles.items())
        while True:
            chunk = list(islice(pairs, ORDER_CHUNK))
            items += [it for it in chunk if it[0] not in hands] if hands else chunk
            if len(chunk) < ORDER_CHUNK:
                break
            yield
            if (id(table), table.revision) != key:
                return
        zs = list(map(itemgetter(2), map(itemgetter(1), items)))
        yield
        order = sorted(range(len(items)), key=zs.__getitem__)
        yield
        ordered = list(map(items.__getitem__, order))
        del order, items, zs
        yield
        if (id(table), table.revision) == key:
            # The last order's pairs (12,000 tuples) freed a part a slice, not with the swap.
            old, self._order, self._order_key = self._order, ordered, key
            del ordered
            while len(old) > ORDER_CHUNK and sys.getrefcount(old) == 2:  # (none else holds it)
                yield
                del old[-ORDER_CHUNK:]

    def visible(self, table: Table, region: tuple[float, float, float, float]) -> list[tuple[int, Pile]]:
        """The piles meeting a world region, bottom to top."""
        found = table.index.query(region)
        if len(found) * 3 > len(table.piles):
            return [(pid, p) for pid, p in self.ordered(table) if pid in found]
        pids = list(found)
        records = list(map(table.piles.__getitem__, pids))
        # Sorted as (z, pid, pile) triples: C-level comparisons, never reaching the pile.
        return list(map(itemgetter(1, 2), sorted(zip(map(itemgetter(2), records), pids, records))))
