"""Steps on thousands of piles: prepared a slice at a time, applied at once, kept compact.

A spread, gather, undo or redo of the 12,000-card Infinite Deck makes or restores
12,000 piles: done in one go it takes longer than a frame. So such a step is a
generator run by a :class:`TableJob`: it prepares its piles and their index entries
in slices of :data:`CHUNK` piles without touching the table (which answers
as before the step meanwhile), then :meth:`BulkPut.apply` puts them in place in a few
C-level passes. Run to its end at once, the same generator is the plain step.

The undo history of such a step is kept as columns of plain tuples
(:class:`BulkSide`), not as :class:`~cardtable.engine.piles.Pile` objects: Python's
collector never stops tracking a tuple subclass, so a history of 12,000-pile steps
would be walked by every full collection (20 ms and more, growing with the history,
in the middle of some frame), while tuples of numbers it stops tracking.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Generator, ItemsView, Iterable, Iterator, Mapping, Sequence, ValuesView
from itertools import chain, compress, islice, repeat
from operator import add, and_, is_not, itemgetter, lt, ne, not_
from typing import TYPE_CHECKING, Any, Generic, TypeVar, cast

from cardtable.engine.piles import CARD_H, CARD_W, Pile
from cardtable.engine.spatial import Staged, copied_in_slices

if TYPE_CHECKING:
    from cardtable.engine.table import Table

BULK_PILES = 64
"""A step on this many piles or more is recorded as columns (the table's ``BULK``)."""
SLICE_PILES = 500
"""A step on fewer piles than this is never sliced."""
CHUNK = 500
"""Piles each pass of one slice of a big step handles (a slice is then a few tenths of a
millisecond: a frame runs 1.2 ms of them)."""

CHEAP_CHUNK = 4 * CHUNK
"""Piles a slice of a pass of dict or set operations alone handles (each costs a fraction
of the passes that make tuples)."""

FACE_ONE = ((False,), (True,))
"""The ``faces`` of a single card, by its side (shared: a spread makes no new ones)."""

T = TypeVar("T")
Steps = Generator[None, None, T]
"""A step as slices: each ``next`` runs one; the generator's value is the step's result."""


def run(steps: Steps[T]) -> T:
    """Run every slice of ``steps`` now; its value."""
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            return cast(T, stop.value)


def slices(n: int) -> range:
    """The starts of the slices of ``n`` piles (:data:`CHUNK` each)."""
    return range(0, n, CHUNK)


class TableJob(Generic[T]):
    """A table step under way: :meth:`step` runs one slice of it (a fraction of a millisecond);
    the table changes only in the last slice, all at once. While it runs, every other
    change of the table finishes it first, so nothing sees or makes a half-done step."""

    def __init__(self, table: Table, steps: Steps[T]) -> None:
        self._table = table
        self._steps = steps
        self.done = False
        self._result: T | None = None

    def step(self) -> bool:
        """Run the next slice; True once the step is done (and its result ready)."""
        if self.done:
            return True
        try:
            next(self._steps)
        except StopIteration as stop:
            self.done, self._result = True, stop.value
        except BaseException:
            self.done = True
            raise
        finally:
            if self.done and self._table.pending is self:
                self._table.pending = None
        return self.done

    @property
    def steps(self) -> Steps[T]:
        """The generator of the step's slices (run by :meth:`step` only)."""
        return self._steps

    def finish(self) -> T:
        """Run every slice left; the step's result."""
        while not self.step():
            pass
        return self.result

    @property
    def result(self) -> T:
        """What the step returns (the same as the plain method's), once done."""
        if not self.done:
            raise RuntimeError("the step is not done yet")
        return self._result  # type: ignore[return-value]


class BulkSide(Mapping[int, "Pile | None"]):
    """One side of a big step (the piles before it, or after it) as columns of plain
    tuples: ``ids`` and a column per field of the piles present, and the ids ``absent``
    on that side (a pile the step made, or removed). A mapping like the small steps'
    dicts; :meth:`unpack` makes its piles a slice at a time."""

    __slots__ = ("ids", "xs", "ys", "zs", "cards", "faces", "owners", "absent", "_at")

    def __init__(self, ids: tuple[int, ...], xs: tuple[float, ...], ys: tuple[float, ...], zs: tuple[int, ...],
                 cards: tuple[tuple[int, ...], ...], faces: tuple[tuple[bool, ...], ...],
                 owners: tuple[int | None, ...] | None, absent: tuple[int, ...]) -> None:
        self.ids, self.xs, self.ys, self.zs = ids, xs, ys, zs
        self.cards, self.faces, self.owners, self.absent = cards, faces, owners, absent
        self._at: dict[int, int] | None = None

    def parts(self) -> list[object]:
        """Its columns (to be let go of by :func:`~cardtable.engine.table_release.let_go`)."""
        return [self.ids, self.xs, self.ys, self.zs, self.cards, self.faces, self.owners, self.absent, self._at]

    @classmethod
    def build(cls, ids: Sequence[int], piles: Sequence[Pile | None]) -> Steps[BulkSide]:
        """The side holding ``piles[i]`` (``None``: absent) under ``ids[i]``, in C-level
        passes, a column a slice when there are many."""
        big = len(ids) >= SLICE_PILES
        absent: tuple[int, ...] = ()
        present: list[bool] = []
        for start in range(0, len(ids), CHEAP_CHUNK):
            if big:
                yield
            present += map(is_not, piles[start:start + CHEAP_CHUNK], repeat(None))
        if not all(present):
            kept_ids: list[int] = []
            kept: list[Pile | None] = []
            gone: list[int] = []
            for start in slices(len(ids)):
                if big:
                    yield
                mask = present[start:start + CHUNK]
                kept_ids += compress(ids[start:start + CHUNK], mask)
                kept += compress(piles[start:start + CHUNK], mask)
                gone += compress(ids[start:start + CHUNK], map(not_, mask))
            absent, ids, piles = tuple(gone), kept_ids, kept
        columns: list[list[Any]] = [[] for _ in range(6)]
        for start in slices(len(piles)):
            if big:
                yield
            # (a transpose in C: a third of the time of a pass a field)
            for column, values in zip(columns, zip(*piles[start:start + CHUNK])):
                column += values
        xs, ys, zs, cards, faces, owners = map(tuple, columns)
        if big:
            yield
        return cls(tuple(ids), xs, ys, zs, cards, faces, owners if any(map(is_not, owners, repeat(None))) else None,
                   absent)

    def piles(self, start: int = 0, stop: int | None = None) -> list[Pile]:
        """The piles present, from ``start`` to ``stop`` in the order of ``ids``."""
        part = slice(start, stop)
        owners = repeat(None) if self.owners is None else self.owners[part]
        return list(map(tuple.__new__, repeat(Pile), zip(self.xs[part], self.ys[part], self.zs[part],
                                                         self.cards[part], self.faces[part], owners)))

    def unpack(self) -> Steps[tuple[list[int], list[Pile | None]]]:
        """Every id and its pile (``None`` if absent), made a slice at a time."""
        made: list[Pile | None] = []
        for start in slices(len(self.ids)):
            if start:
                yield
            made += self.piles(start, start + CHUNK)
        return list(chain(self.ids, self.absent)), made + [None] * len(self.absent)

    def __getitem__(self, pid: int) -> Pile | None:
        if self._at is None:
            self._at = dict(chain(zip(self.ids, range(len(self.ids))), zip(self.absent, repeat(-1))))
        i = self._at[pid]
        return None if i < 0 else self.piles(i, i + 1)[0]

    def __iter__(self) -> Iterator[int]:
        return chain(self.ids, self.absent)

    def __len__(self) -> int:
        return len(self.ids) + len(self.absent)


class Pairs(Mapping[int, "Pile | None"]):
    """``ids[i]`` -> ``piles[i]`` without a dict until one is looked up (a big step's piles
    before and after it, which the free table only counts and walks: two dicts of 12,000
    took 1.5 ms to make and about as long to free).

    >>> pairs = Pairs([4, 7], ["a", None])
    >>> len(pairs), list(pairs), list(pairs.values()), pairs[7], dict(pairs)
    (2, [4, 7], ['a', None], None, {4: 'a', 7: None})
    >>> list(pairs.items()), pairs.get(4), pairs.get(5), 7 in pairs, 5 in pairs
    ([(4, 'a'), (7, None)], 'a', None, True, False)
    """

    __slots__ = ("_ids", "_piles", "_at")

    def __init__(self, ids: Sequence[int], piles: Sequence[Pile | None]) -> None:
        self._ids, self._piles = ids, piles
        self._at: dict[int, Pile | None] | None = None

    def _dict(self) -> dict[int, Pile | None]:
        if self._at is None:
            self._at = dict(zip(self._ids, self._piles))
        return self._at

    def __getitem__(self, pid: int) -> Pile | None:
        return self._dict()[pid]

    def __contains__(self, pid: object) -> bool:
        return pid in self._dict()

    @property
    def get(self) -> Callable[..., Pile | None]:
        """The ``get`` of its dict, made at the first look (C-level in ``map``: a flight's
        landing looks up thousands)."""
        return self._dict().get

    def items(self) -> _PairItems:
        """The pairs, in the order of the ids (no look-ups)."""
        return _PairItems(self)

    def __iter__(self) -> Iterator[int]:
        return iter(self._ids)

    def __len__(self) -> int:
        return len(self._ids)

    def parts(self) -> list[object]:
        """Its two lists (to be let go of by :func:`~cardtable.engine.table_release.let_go`)."""
        return [self._ids, self._piles]

    def values(self) -> _PairValues:
        """The piles, in the order of the ids (no look-ups)."""
        return _PairValues(self)


class _PairItems(ItemsView[int, "Pile | None"]):
    """:meth:`Pairs.items`: its ids and piles side by side."""

    _mapping: Pairs

    def __iter__(self) -> Iterator[tuple[int, Pile | None]]:
        return zip(self._mapping._ids, self._mapping._piles)


class _PairValues(ValuesView["Pile | None"]):
    """:meth:`Pairs.values`: its piles as they lie in their list."""

    _mapping: Pairs

    def __iter__(self) -> Iterator[Pile | None]:
        return iter(self._mapping._piles)


class BulkPut:
    """Piles put in place of others (``new[i]`` under ``ids[i]``; ``None`` removes one):
    :meth:`prepare` works everything out from the table as it stands, a slice at a time,
    and :meth:`apply` changes the table at once. A big step works out the table's new pile
    dict, stacks and index beside the old ones (copies changed a slice at a time), so that
    applying it swaps them in; one that touches players' hands changes them in place.

    ``before`` and ``after`` (dicts of the piles replaced and put) are what
    :attr:`Table.last_step <cardtable.engine.table.Table.last_step>` reports."""

    def __init__(self, table: Table, ids: list[int], new: list[Pile | None], moved: bool = False) -> None:
        self.table, self.ids, self.new = table, ids, new
        self.moved = moved
        """True when every pile lies on the felt before and elsewhere after (a group move): the
        index is not asked which are listed or moved (four passes over 12,000, 1-1.5 ms)."""
        self.old: list[Pile | None] = []
        self.before: Mapping[int, Pile | None] = {}
        self.after: Mapping[int, Pile | None] = {}
        self._few: dict[int, Pile | None] = {}
        self._ids: list[int] = ids
        self._damage: list[tuple[float, float, float, float]] | None = None
        self._gone: list[int] = []
        self._kept_ids: list[int] = []
        self._kept: list[Pile] = []
        self._moved: tuple[list[int], list[float], list[float], list[tuple[float, float, float, float]]] = \
            ([], [], [], [])
        self._stacks: list[int] = []
        self._indexed: list[int] = []  # the moved piles in the index before the step
        # The table's pile dict, stacks and index after the step (see the class), if worked out.
        self._staged: tuple[dict[int, Pile], set[int], Staged] | None = None

    def prepare(self) -> Steps[None]:
        """Work the step out (yielding between slices when it is big)."""
        from cardtable.engine.table import DAMAGE_PILES

        table, ids, new = self.table, self.ids, self.new
        big = len(ids) >= SLICE_PILES
        get = table.piles.get
        owned = False
        kept: list[Pile] = []
        for start in slices(len(ids)):
            if big:
                yield
            part_ids, part_new = ids[start:start + CHUNK], new[start:start + CHUNK]
            part_old = list(map(get, part_ids))
            self.old += part_old
            if None in part_new:
                present = list(map(is_not, part_new, repeat(None)))
                part_kept = cast(list[Pile], list(compress(part_new, present)))
                self._kept_ids += compress(part_ids, present)
                self._gone += compress(part_ids, map(not_, present))
            else:  # (every pile kept: a move's, a flip's; no passes to pick them)
                part_kept = cast(list[Pile], part_new)
                self._kept_ids += part_ids
            kept += part_kept
            owned = owned or any(map(is_not, map(itemgetter(5), part_kept), repeat(None)))
        self.before, self.after = Pairs(ids, self.old), Pairs(ids, new)
        if len(ids) <= DAMAGE_PILES:
            self._damage = [(p.x, p.y, CARD_W, CARD_H) for p in chain(self.old, new) if p is not None]
        if table.hands or owned:
            # Players' hands (a few piles off the felt) go one by one, the felt piles in bulk.
            hands = table.hands
            self._few = {pid: p for pid, p in zip(ids, new) if pid in hands or (p is not None and p.owner is not None)}
            ids = [pid for pid in ids if pid not in self._few]
            new = list(map(self.after.__getitem__, ids))
            present = list(map(is_not, new, repeat(None)))
            kept = cast(list[Pile], list(compress(new, present)))
            self._gone = list(compress(ids, map(not_, present)))
            self._kept_ids = list(compress(ids, present))
            if big:
                yield
        self._ids = ids
        self._kept = kept
        if big:
            yield
        yield from self._place(big)
        if big and not self._few:
            yield from self._stage()

    def _place(self, big: bool) -> Steps[None]:
        """The kept piles' corners, which of them the index must list anew, which are stacks."""
        index, kept, kept_ids = self.table.index, self._kept, self._kept_ids
        mids, mxs, mys, mrects = self._moved
        for start in slices(len(kept)):
            if big:
                yield
            part, part_ids = kept[start:start + CHUNK], kept_ids[start:start + CHUNK]
            xs, ys, _, cards, _, _ = zip(*part)  # (one transpose in C, not a pass a field)
            rects = index.corner_rects(xs, ys)
            # Only the piles that are new to the index or lie elsewhere now are indexed again
            # (of those, the ones in the index already must leave their old cells). A group
            # move's are all listed and all elsewhere: known without looking (see moved), or found.
            known = self.moved and not self._few
            placed = [] if known else index.placed(part_ids)
            fresh = not known and not any(placed)  # (all new to the index: a spread's piles)
            moved = [] if known or fresh else list(map(ne, placed, rects))
            if known or fresh or (all(moved) and all(map(is_not, placed, repeat(None)))):
                if not fresh:  # (listed: they leave their old cells)
                    self._indexed += part_ids
                mids += part_ids  # (all new to the index, a spread's, or all moved: no pass to pick them)
                mxs += xs
                mys += ys
                mrects += rects
            else:
                self._indexed += compress(part_ids, map(and_, moved, map(is_not, placed, repeat(None))))
                mids += compress(part_ids, moved)
                mxs += compress(xs, moved)
                mys += compress(ys, moved)
                mrects += compress(rects, moved)
            self._stacks += compress(part_ids, map(lt, repeat(1), map(len, cards)))

    def _stage(self) -> Steps[None]:
        """The table's pile dict, stacks and index after the step, worked out beside the
        old ones a slice at a time (:meth:`apply` swaps them in). Dict and set passes cost
        a fraction of the others: their slices are :data:`CHEAP_CHUNK` piles."""
        table, step = self.table, CHEAP_CHUNK
        piles = yield from copied_in_slices(table.piles, step)
        for start in range(0, len(self._gone), step):
            yield
            deque(map(piles.pop, self._gone[start:start + step], repeat(None)), maxlen=0)
        for start in range(0, len(self._kept), step):
            yield
            piles.update(zip(self._kept_ids[start:start + step], self._kept[start:start + step]))
        stacks = yield from copied_in_slices(table.stacks, step)
        for start in range(0, len(self._ids), step):
            yield
            stacks.difference_update(self._ids[start:start + step])
        stacks.update(self._stacks)
        ids, xs, ys, rects = self._moved
        index = yield from table.index.stage(self._gone, ids, xs, ys, rects, self._indexed, step)
        self._staged = (piles, stacks, index)

    def apply(self) -> None:
        """Put the prepared piles in place, as one revision of the table."""
        from cardtable.engine.table import DAMAGE_KEEP

        table = self.table
        if self._staged is not None:
            replaced = [table.piles, table.stacks]
            table.piles, table.stacks, staged = self._staged
            self._staged = None
            replaced.append(table.index.swap_in(staged))
            if table.litter is not None:
                table.litter += replaced
        else:
            piles, index = table.piles, table.index
            table._put_few(self._few)
            ids, xs, ys, rects = self._moved
            index.remove_many(self._gone)
            # Listed in their cells later (a slice of a frame, or the first query: GridIndex.settle).
            index.insert_corners(ids, xs, ys, defer=True, rects=rects, indexed=self._indexed)
            deque(map(piles.pop, self._gone, repeat(None)), maxlen=0)
            piles.update(zip(self._kept_ids, self._kept))
            table.stacks.difference_update(self._ids)
            table.stacks.update(self._stacks)
        table.revision += 1
        table._damage.append((table.revision, self._damage))
        del table._damage[:-DAMAGE_KEEP]


def _chosen(table: Table, pids: Iterable[int]) -> Steps[tuple[list[int], list[Pile]]]:
    """``pids`` (each once) by z, bottom first, and their piles: C-level passes, a slice each."""
    ids = list(dict.fromkeys(pids))  # (each once, in the order given: a selection comes by z already)
    big = len(ids) >= SLICE_PILES
    piles: list[Pile] = []
    for start in slices(len(ids)):
        if big:
            yield
        piles += map(table.piles.__getitem__, ids[start:start + CHUNK])
    if big:
        yield
    zs = list(map(itemgetter(2), piles))
    if all(map(lt, zs, islice(zs, 1, None))):
        return ids, piles
    # Sorted a slice at a time: runs of CHEAP_CHUNK sorted each in its slice, then merged (a
    # sort finds the runs: a fraction of sorting 12,000 at once, 1.4-1.7 ms in one slice).
    order: list[int] = []
    for start in range(0, len(ids), CHEAP_CHUNK):
        if big:
            yield
        order += sorted(range(start, min(len(ids), start + CHEAP_CHUNK)), key=zs.__getitem__)
    if big:
        yield
    order.sort(key=zs.__getitem__)
    if big:
        yield
    return list(map(ids.__getitem__, order)), list(map(piles.__getitem__, order))


def _to_the_top(table: Table, chosen: list[int]) -> tuple[bool, int]:
    """The z values ``chosen`` take, in order, to lie on top (taken from the table's count):
    whether the step is big enough to be sliced, and the first z."""
    first = table._next_z
    table._next_z += len(chosen)
    return len(chosen) >= SLICE_PILES, first


def move_many_steps(table: Table, pids: Iterable[int], dx: float, dy: float) -> Steps[None]:
    """:meth:`~cardtable.engine.table.Table.move_many` as slices (see the module): the piles
    by z, each moved and raised to the top in that order. Its history's two sides share
    the cards' columns (a move changes none)."""
    chosen, piles = yield from _chosen(table, pids)
    if not chosen:
        return
    big, first = _to_the_top(table, chosen)
    if len(chosen) < BULK_PILES:
        table._commit("move", {pid: p._replace(x=p.x + dx, y=p.y + dy, z=first + i)
                               for i, (pid, p) in enumerate(zip(chosen, piles))})
        return
    before = yield from BulkSide.build(chosen, piles)
    xs: list[float] = []
    ys: list[float] = []
    new: list[Pile | None] = []
    for start in slices(len(chosen)):
        if big:
            yield
        part = slice(start, start + CHUNK)
        part_xs = list(map(add, before.xs[part], repeat(dx)))
        part_ys = list(map(add, before.ys[part], repeat(dy)))
        xs += part_xs
        ys += part_ys
        new += map(tuple.__new__, repeat(Pile), zip(part_xs, part_ys, range(first + start, first + start + CHUNK),
                                                    before.cards[part], before.faces[part],
                                                    repeat(None) if before.owners is None else before.owners[part]))
    if big:
        yield
    after = BulkSide(before.ids, tuple(xs), tuple(ys), tuple(range(first, first + len(chosen))), before.cards,
                     before.faces, before.owners, ())
    yield from table._commit_steps("move", chosen, new, after, before, moved=(dx, dy) != (0, 0))


class _Turned(dict[tuple[bool, ...], tuple[bool, ...]]):
    """A pile's faces -> its faces once turned over (each card's other side, in the other
    order), worked out once for each different tuple (most are one card's, shared)."""

    def __missing__(self, faces: tuple[bool, ...]) -> tuple[bool, ...]:
        turned = FACE_ONE[not faces[0]] if len(faces) == 1 else tuple(not f for f in faces[::-1])
        self[faces] = turned
        return turned


def flip_many_steps(table: Table, pids: Iterable[int]) -> Steps[None]:
    """:meth:`~cardtable.engine.table.Table.flip_many` as slices: each pile turned over where
    it lies (its cards in the other order, each on its other side) and raised to the top, in
    C-level passes. Its history's two sides share the places' columns."""
    chosen, piles = yield from _chosen(table, pids)
    if not chosen:
        return
    big, first = _to_the_top(table, chosen)
    turned = _Turned()
    if len(chosen) < BULK_PILES:
        table._commit("flip", {pid: p._replace(z=first + i, cards=p.cards[::-1], faces=turned[p.faces])
                               for i, (pid, p) in enumerate(zip(chosen, piles))})
        return
    before = yield from BulkSide.build(chosen, piles)
    cards: list[tuple[int, ...]] = []
    faces: list[tuple[bool, ...]] = []
    new: list[Pile | None] = []
    for start in slices(len(chosen)):
        if big:
            yield
        part = slice(start, start + CHUNK)
        part_cards = [c if len(c) == 1 else c[::-1] for c in before.cards[part]]
        part_faces = list(map(turned.__getitem__, before.faces[part]))
        cards += part_cards
        faces += part_faces
        new += map(tuple.__new__, repeat(Pile), zip(before.xs[part], before.ys[part],
                                                    range(first + start, first + start + CHUNK), part_cards,
                                                    part_faces,
                                                    repeat(None) if before.owners is None else before.owners[part]))
    if big:
        yield
    after = BulkSide(before.ids, before.xs, before.ys, tuple(range(first, first + len(chosen))), tuple(cards),
                     tuple(faces), before.owners, ())
    yield from table._commit_steps("flip", chosen, new, after, before)


def _commit(table: Table, label: str, ids: list[int], new: list[Pile | None]) -> Steps[None]:
    """Record and apply the step, as :meth:`~cardtable.engine.table.Table._commit` does (a
    few piles at once, many as slices)."""
    if len(ids) >= BULK_PILES:
        yield from table._commit_steps(label, ids, new)
    else:
        table._commit(label, dict(zip(ids, new)))
