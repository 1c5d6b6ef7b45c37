"""The free table: cards lying on felt in piles, with undo and redo.

Pure Python and pixel-free: positions are world units (a card is
:data:`CARD_W` x :data:`CARD_H`); the UI turns them into pixels.

Every card lies in exactly one :class:`Pile` (a loose card is a pile of one). A
pile is immutable; every change replaces some piles with new ones and is recorded
as one :class:`Change` on the undo stack, so undo and redo are exact and cheap
even when a spread creates 12,000 piles. A pile's ``z`` orders piles bottom to top:
whatever a player touches last goes on top.

A step on thousands of piles can also be run a slice at a time (:meth:`Table.spread_job`,
``gather_job``, ``undo_job``, ``redo_job``: see :mod:`cardtable.engine.table_bulk`), the
table changing only in its last slice, so that no frame of the UI has to do all of it.

The history keeps at most :data:`MAX_UNDO` steps and about :data:`HISTORY_BYTES` of
memory (estimated by :func:`step_bytes`), letting the oldest go first.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping
from itertools import chain, filterfalse, islice, repeat
from operator import itemgetter, lt
from typing import Any, TypeVar

from cardtable.engine.cards import Deck
from cardtable.engine.game import rng_from_json, rng_to_json
from cardtable.engine.piles import CARD_H, CARD_W, Change, Pile
from cardtable.engine.spatial import GridIndex, Rect
from cardtable.engine.step_size import side_bytes, step_bytes
from cardtable.engine.table_bulk import (
    BULK_PILES,
    CHUNK,
    FACE_ONE,
    SLICE_PILES,
    BulkPut,
    BulkSide,
    Steps,
    TableJob,
    flip_many_steps,
    move_many_steps,
    run,
    slices,
)

__all__ = ["CARD_H", "CARD_W", "HISTORY_BYTES", "Change", "Pile", "Table", "TableJob", "step_bytes"]

GAP = 12
FAN_STEP = 24
MAX_UNDO = 200
HISTORY_BYTES = 64 * 2**20
"""About how much memory the undo history may hold: a big step on the Infinite Deck is
1-2 MB (200 of them would be 300 MB and more), so some 40 of those are kept."""
BULK = BULK_PILES
"""A step touching this many piles or more updates the index in one pass."""
DAMAGE_KEEP = 64
"""How many revisions :meth:`Table.damage_since` can look back."""
DAMAGE_PILES = 256
"""A step touching more piles than this records "everything changed" instead of their places."""
T = TypeVar("T")

# Lattice steps tried by Table.free_spot, nearest first; below and right win ties.
_LATTICE = sorted(((i, j) for i in range(-12, 13) for j in range(-12, 13)),
                  key=lambda ij: (ij[0] ** 2 * (CARD_W + GAP) ** 2 + ij[1] ** 2 * (CARD_H + GAP) ** 2,
                                  ij[1] < 0, ij[0] < 0))


def _spread_shape(n: int, mode: str, columns: int | None) -> tuple[int, int, int, int]:
    """Columns, rows, width and height of a spread of ``n`` cards (see :meth:`Table.spread`)."""
    if mode == "grid":
        cols = columns or max(1, round(math.sqrt(n * 16 / 9 * CARD_H / CARD_W)))
        rows = -(-n // cols)
        return cols, rows, min(cols, n) * (CARD_W + GAP) - GAP, rows * (CARD_H + GAP) - GAP
    if mode in ("row", "fan"):
        step = CARD_W + GAP if mode == "row" else FAN_STEP
        return n, 1, (n - 1) * step + CARD_W, CARD_H
    raise ValueError(f"unknown spread mode {mode!r}")


class Table:
    """A deck's cards on the felt, the moves made on them, and undo/redo.

    >>> from cardtable.engine.cards import Card, Deck
    >>> deck = Deck("d", "D", "standard", tuple(Card(i, f"c{i}", f"c{i}", str(i), i) for i in range(3)))
    >>> t = Table(deck, random.Random(1))
    >>> pid = t.pile_ids()[0]
    >>> len(t.piles[pid].cards), t.piles[pid].top_face_up
    (3, False)
    >>> _ = t.flip(pid); t.piles[pid].top_face_up
    True
    >>> t.undo(); t.piles[pid].top_face_up
    'flip'
    False
    """

    def __init__(self, deck: Deck, rng: random.Random, *, at: tuple[float, float] = (0.0, 0.0)) -> None:
        self.deck = deck
        self.rng = rng
        self.piles: dict[int, Pile] = {}
        self.undo_stack: list[Change] = []
        self.redo_stack: list[Change] = []
        self.revision = 0
        self.last_step: tuple[str, Mapping[int, Pile | None], Mapping[int, Pile | None]] | None = None
        """The last step done, undone or redone: ``(label, piles before, piles after)``."""
        self.index = GridIndex(max_size=(CARD_W, CARD_H))
        self._damage: list[tuple[int, list[Rect] | None]] = []  # (revision, world rects it touched)
        self.stacks: set[int] = set()
        """Ids of the piles on the felt holding more than one card."""
        self.hands: set[int] = set()
        """Ids of the piles that are players' private hands (see :meth:`deal_hands`)."""
        self._where: tuple[int, dict[int, tuple[int, int]]] | None = None  # revision, card -> place
        self._next_pid = 1
        self._next_z = 1
        self.pending: TableJob[Any] | None = None
        """A big step under way (see :meth:`spread_job`): any other change finishes it first."""
        self.litter: list[object] | None = None
        """If a list, what big steps replace (the pile dict, stacks and index rectangles before
        them, the redo history they drop) goes in it rather than being freed in their last
        slice, for the caller to let go of a slice at a time
        (:func:`~cardtable.engine.table_release.let_go`): freeing a move of 12,000 piles'
        took 1-2 ms of that slice."""
        self._ones: list[tuple[int]] = []
        self._new_history()
        n = len(deck)
        self._put({self._new_pid(): Pile(at[0], at[1], self._new_z(), tuple(range(n)), (False,) * n)})

    # -- queries ------------------------------------------------------------------
    def pile_ids(self) -> list[int]:
        """Pile ids, bottom to top."""
        return sorted(self.piles, key=lambda pid: self.piles[pid].z)

    def pile_at(self, x: float, y: float, *, exclude: int | None = None) -> int | None:
        """The topmost pile whose top card covers the world point, or ``None``."""
        best, best_z = None, -1
        for pid in self.index.query_point(x, y):
            z = self.piles[pid].z
            if z > best_z and pid != exclude:
                best, best_z = pid, z
        return best

    def piles_in(self, region: tuple[float, float, float, float]) -> list[int]:
        """Ids of the piles overlapping a world rectangle, bottom to top."""
        piles = self.piles
        return sorted(self.index.query(region), key=lambda pid: piles[pid].z)

    def where(self, card: int) -> tuple[int, int]:
        """``(pile id, depth)`` of a card; depth 0 is the top of the pile."""
        cached = self._where
        if cached is None or cached[0] != self.revision:
            places: dict[int, tuple[int, int]] = {}
            for pid, pile in self.piles.items():
                n = len(pile.cards)
                for i, c in enumerate(pile.cards):
                    places[c] = (pid, n - 1 - i)
            cached = self._where = (self.revision, places)
        return cached[1][card]

    def is_face_up(self, card: int) -> bool:
        """Whether a card shows its face."""
        pid, depth = self.where(card)
        pile = self.piles[pid]
        return pile.faces[len(pile.cards) - 1 - depth]

    def bounds(self) -> tuple[float, float, float, float]:
        """The smallest world rectangle ``(x, y, w, h)`` holding every card on the felt."""
        felt = [p for p in self.piles.values() if p.owner is None] if self.hands else self.piles.values()
        xs = [p.x for p in felt]
        ys = [p.y for p in felt]
        x0, y0 = min(xs), min(ys)
        return (x0, y0, max(xs) + CARD_W - x0, max(ys) + CARD_H - y0)

    def card_count(self) -> int:
        """How many cards lie on the table (always the whole deck)."""
        return sum(len(p.cards) for p in self.piles.values())

    # -- moves (each one undoable step) ------------------------------------------------
    def touch(self, pid: int) -> None:
        """Bring a pile to the top of the z-order (not an undo step)."""
        self._finish()
        pile = self.piles[pid]
        if pile.z != self._next_z - 1:
            self._put({pid: pile._replace(z=self._new_z())})

    def move(self, pid: int, count: int | None, x: float, y: float, *, onto: int | None = None,
             flip: bool = False) -> int:
        """Move the top ``count`` cards of a pile (``None``: all) to ``(x, y)`` or onto a pile.

        Returns the id of the pile the cards end up in.
        """
        self._finish()
        pile = self.piles[pid]
        n = len(pile.cards) if count is None else max(1, min(count, len(pile.cards)))
        if onto == pid:
            onto = None
        moved_cards, moved_faces = pile.cards[-n:], pile.faces[-n:]
        if flip:
            moved_cards, moved_faces = moved_cards[::-1], tuple(not f for f in moved_faces[::-1])
        after: dict[int, Pile | None] = {}
        rest = len(pile.cards) - n
        after[pid] = pile._replace(cards=pile.cards[:rest], faces=pile.faces[:rest]) if rest else None
        if onto is not None:
            target = self.piles[onto]
            dest = onto
            after[onto] = target._replace(z=self._new_z(), cards=target.cards + moved_cards,
                                  faces=target.faces + moved_faces)
        elif rest == 0:
            dest = pid
            after[pid] = Pile(x, y, self._new_z(), moved_cards, moved_faces)
        else:
            dest = self._new_pid()
            after[dest] = Pile(x, y, self._new_z(), moved_cards, moved_faces)
        self._commit("move", after)
        return dest

    def flip(self, pid: int) -> int:
        """Turn a pile over: the order reverses and every card changes side."""
        self._finish()
        pile = self.piles[pid]
        self._commit("flip", {pid: pile._replace(z=self._new_z(), cards=pile.cards[::-1],
                                           faces=tuple(not f for f in pile.faces[::-1]))})
        return pid

    def shuffle(self, pid: int) -> int:
        """Shuffle a pile with the table's generator; every card ends face down."""
        self._finish()
        pile = self.piles[pid]
        cards = list(pile.cards)
        self.rng.shuffle(cards)
        self._commit("shuffle", {pid: pile._replace(z=self._new_z(), cards=tuple(cards),
                                              faces=(False,) * len(cards))})
        return pid

    def deal(self, pid: int, count: int, *, face_up: bool = False,
             within: tuple[float, float, float, float] | None = None) -> list[int]:
        """Deal the top ``count`` cards of a pile into a row of single cards, face down
        (face up with ``face_up``), in free space below the pile: never on another pile
        (inside ``within`` where there is room: see :meth:`free_spot`)."""
        self._finish()
        pile = self.piles[pid]
        count = max(0, min(count, len(pile.cards)))
        if count == 0:
            return []
        after: dict[int, Pile | None] = {}
        rest = len(pile.cards) - count
        after[pid] = pile._replace(cards=pile.cards[:rest], faces=pile.faces[:rest]) if rest else None
        made = []
        width = count * (CARD_W + GAP) - GAP
        x, y = self.free_spot(width, CARD_H, (pile.x, pile.y + CARD_H + GAP * 2),
                              ignore=() if rest else (pid,), within=within)
        for i in range(count):
            card = pile.cards[-1 - i]
            new = self._new_pid()
            after[new] = Pile(x + i * (CARD_W + GAP), y, self._new_z(), (card,), (face_up,))
            made.append(new)
        self._commit("deal", after)
        return made

    def spread(self, pid: int, mode: str = "grid", *, columns: int | None = None,
               at: tuple[float, float] | None = None) -> list[int]:
        """Lay a pile's cards out one by one: ``"grid"`` (rows and columns), ``"row"``
        (side by side) or ``"fan"`` (an overlapping row whose every card still shows
        its corner). A grid is about 16:9 unless ``columns`` is given. The layout goes
        at ``at`` (its top-left corner) when given, else in free space nearest the pile
        (the pile's own place first): never on another pile (see :meth:`spread_size`).
        Returns the new piles' ids, the top card's first.
        """
        return self._now(self._spread(pid, mode, columns, at))

    def spread_job(self, pid: int, mode: str = "grid", *, columns: int | None = None,
                   at: tuple[float, float] | None = None) -> TableJob[list[int]]:
        """:meth:`spread` as a :class:`TableJob`, its first slice run (any error raised) now."""
        return self._start(self._spread(pid, mode, columns, at))

    def spread_size(self, pid: int, mode: str = "grid", *, columns: int | None = None) -> tuple[float, float]:
        """The world width and height the :meth:`spread` of a pile takes (a caller that
        chooses where it goes, say in the part of the felt a player sees, passes ``at``).

        >>> from cardtable.engine.cards import Card, Deck
        >>> deck = Deck("d", "D", "standard", tuple(Card(i, f"c{i}", f"c{i}", str(i), i) for i in range(6)))
        >>> t = Table(deck, random.Random(1))
        >>> t.spread_size(t.pile_ids()[0], "grid", columns=3), t.spread_size(t.pile_ids()[0], "row")
        ((324, 292), (660, 140))
        """
        return _spread_shape(len(self.piles[pid].cards), mode, columns)[2:]

    def _spread(self, pid: int, mode: str, columns: int | None, at: tuple[float, float] | None) -> Steps[list[int]]:
        pile = self.piles[pid]
        n = len(pile.cards)
        cols, rows, w, h = _spread_shape(n, mode, columns)
        sx = FAN_STEP if mode == "fan" else CARD_W + GAP
        x0, y0 = at if at is not None else self.free_spot(w, h, (pile.x, pile.y), ignore=(pid,))
        big = n >= SLICE_PILES
        # C-level passes, no Python call per card: the columns' x repeated for every row,
        # each row's y repeated for every column, ids and z values by range.
        if big:
            yield
        xs = ([x0 + k * sx for k in range(cols)] * rows)[:n]
        if big:
            yield
        ys = list(chain.from_iterable(map(repeat, [y0 + r * (CARD_H + GAP) for r in range(rows)], repeat(cols))))[:n]
        if big:
            yield  # (with the ids below, 0.35-0.63 ms in one slice: the dearest of a spread's key frame)
        made = list(range(self._next_pid, self._next_pid + n))
        self._next_pid += n
        zs = range(self._next_z, self._next_z + n)
        self._next_z += n
        # Top card first, so the order on the felt reads like the pile from the top down;
        # every card's one-card tuples are shared (fewer objects for the collector).
        if big and not self._ones:  # (made once per table, a slice at a time)
            ones: list[tuple[int]] = []
            for start in slices(len(self.deck)):
                ones += zip(range(start, min(start + CHUNK, len(self.deck))))
                yield
            self._ones = ones
        ones, top_first = self._one_card_tuples(), pile.cards[::-1]
        cards: list[tuple[int]] = []
        for start in slices(n):
            if big:
                yield
            cards += map(ones.__getitem__, top_first[start:start + CHUNK])
        faces = list(map(FACE_ONE.__getitem__, pile.faces[::-1]))
        new: list[Pile | None] = [None]
        for start in slices(n):
            if big:
                yield
            part = slice(start, start + CHUNK)
            new += map(tuple.__new__, repeat(Pile), zip(xs[part], ys[part], zs[part], cards[part], faces[part],
                                                        repeat(None)))
        after = BulkSide(tuple(made), tuple(xs), tuple(ys), tuple(zs), tuple(cards), tuple(faces), None, (pid,))
        yield from self._commit_steps(f"spread ({mode})", [pid, *made], new, after)
        return made

    def take(self, pid: int, count: int, *, within: tuple[float, float, float, float] | None = None) -> int:
        """Lift the top ``count`` cards of a pile into a new pile in free space beside it
        (inside ``within`` where there is room: see :meth:`free_spot`)."""
        self._finish()
        pile = self.piles[pid]
        if count >= len(pile.cards):
            return pid
        x, y = self.free_spot(CARD_W, CARD_H, (pile.x + CARD_W + GAP * 2, pile.y), within=within)
        return self.move(pid, count, x, y)

    def move_many(self, pids: Iterable[int], dx: float, dy: float) -> None:
        """Move whole piles together by ``(dx, dy)``, as one step; they keep their order."""
        self._now(move_many_steps(self, pids, dx, dy))

    def move_many_job(self, pids: Iterable[int], dx: float, dy: float) -> TableJob[None]:
        """:meth:`move_many` as a :class:`TableJob`, its first slice run now."""
        return self._start(move_many_steps(self, pids, dx, dy))

    def flip_many(self, pids: Iterable[int]) -> None:
        """Turn several piles over where they lie, as one step."""
        self._now(flip_many_steps(self, pids))

    def flip_many_job(self, pids: Iterable[int]) -> TableJob[None]:
        """:meth:`flip_many` as a :class:`TableJob`, its first slice run now."""
        return self._start(flip_many_steps(self, pids))

    def is_free(self, rect: tuple[float, float, float, float], ignore: Iterable[int] = ()) -> bool:
        """True when no pile (other than ``ignore``) lies within half a gap of ``rect``."""
        x, y, w, h = rect
        found = self.index.query((x - GAP / 2, y - GAP / 2, w + GAP, h + GAP))
        return not found.difference(ignore)

    def free_spot(self, w: float, h: float, near: tuple[float, float], *,
                  ignore: Iterable[int] = (), within: tuple[float, float, float, float] | None = None
                  ) -> tuple[float, float]:
        """The top-left corner of a free ``w`` x ``h`` rectangle nearest ``near``.

        Tries places on a card-sized lattice around ``near`` (nearest first; below and
        to the right win ties), found through the grid index; with ``within`` (a world
        rectangle: the part of the felt a player sees), the nearest free place wholly
        inside it wins over any outside it. If none is free, the place below
        everything on the table.
        """
        skip = set(ignore)
        nx, ny = near
        sx, sy = CARD_W + GAP, CARD_H + GAP
        first: tuple[float, float] | None = None
        # (a rectangle bigger than ``within`` cannot lie inside it: the nearest free place anywhere)
        left, top, right, bottom = (within[0], within[1], within[0] + within[2] - w, within[1] + within[3] - h) \
            if within is not None and w <= within[2] and h <= within[3] else (-math.inf, -math.inf, math.inf, math.inf)
        for i, j in _LATTICE:
            x, y = nx + i * sx, ny + j * sy
            inside = left <= x <= right and top <= y <= bottom
            if (inside or first is None) and self.is_free((x, y, w, h), skip):
                if inside:
                    return (x, y)
                first = (x, y)
        if first is not None:
            return first
        bx, by, _bw, bh = self.bounds()
        return (bx, by + bh + GAP * 2)

    def gather(self, pids: Iterable[int] | None = None, *, at: tuple[float, float] | None = None) -> int:
        """Put piles (default: every pile on the felt) into one pile at ``at`` (default: the first's place).

        Cards keep their sides; piles higher in the z-order end up nearer the top.
        Returns the id of the pile they end up in.
        """
        return self._now(self._gather(pids, at))

    def gather_job(self, pids: Iterable[int] | None = None, *,
                   at: tuple[float, float] | None = None) -> TableJob[int]:
        """:meth:`gather` as a :class:`TableJob`, its first slice run (any error raised) now."""
        return self._start(self._gather(pids, at))

    def _gather(self, pids: Iterable[int] | None, at: tuple[float, float] | None) -> Steps[int]:
        ids = list(self.piles if pids is None else set(pids))
        if self.hands:
            ids = list(filterfalse(self.hands.__contains__, ids))  # hands stay in their players' hands
        if not ids:
            raise ValueError("nothing to gather")
        big = len(ids) >= SLICE_PILES
        piles: list[Pile] = []
        zs: list[int] = []
        for start in slices(len(ids)):
            if big:
                yield
            part = list(map(self.piles.__getitem__, ids[start:start + CHUNK]))
            piles += part
            zs += map(itemgetter(2), part)
        if big:
            yield
        if all(map(lt, zs, islice(zs, 1, None))):  # (the table's own order is often by z already)
            chosen = ids
        else:
            order = sorted(range(len(ids)), key=zs.__getitem__)  # by z, C-level
            if big:
                yield
            chosen, piles = list(map(ids.__getitem__, order)), list(map(piles.__getitem__, order))
        keep = chosen[0]
        x, y = at if at is not None else (piles[0].x, piles[0].y)
        cards: list[int] = []
        faces: list[bool] = []
        for start in slices(len(piles)):
            if big:
                yield
            part = piles[start:start + CHUNK]
            cards += chain.from_iterable(map(itemgetter(3), part))
            faces += chain.from_iterable(map(itemgetter(4), part))
        new: list[Pile | None] = [None] * len(chosen)
        new[0] = Pile(x, y, self._new_z(), tuple(cards), tuple(faces))
        if big:
            yield
        yield from self._commit_steps("gather", chosen, new)
        return keep

    # -- players' private hands -------------------------------------------------------
    def hand_of(self, seat: int) -> int | None:
        """The pile id of ``seat``'s hand, or ``None`` if they hold no card."""
        return next((pid for pid in self.hands if self.piles[pid].owner == seat), None)

    def deal_hands(self, pid: int, count: int, players: int) -> dict[int, int]:
        """Deal ``count`` cards to each of ``players`` seats' private hands from the top of a
        pile, one at a time round the table (as far as the pile goes), as one step.

        Cards in a hand lie face down as far as the table is concerned (only their owner
        sees them); returns seat -> hand pile id.
        """
        self._finish()
        pile = self.piles[pid]
        if pile.owner is not None:
            raise ValueError("deal from a pile on the felt, not from a hand")
        n = max(0, min(count * players, len(pile.cards)))
        if n == 0:
            return {}
        after: dict[int, Pile | None] = {}
        rest = len(pile.cards) - n
        after[pid] = pile._replace(cards=pile.cards[:rest], faces=pile.faces[:rest]) if rest else None
        dealt = pile.cards[::-1][:n]
        made: dict[int, int] = {}
        for seat in range(players):
            cards = dealt[seat::players]
            if not cards:
                continue
            hand = self.hand_of(seat)
            if hand is None:
                hand = self._new_pid()
                after[hand] = Pile(0.0, 0.0, self._new_z(), cards, (False,) * len(cards), seat)
            else:
                held = self.piles[hand]
                after[hand] = held._replace(cards=held.cards + cards, faces=held.faces + (False,) * len(cards))
            made[seat] = hand
        self._commit("deal to players", after)
        return made

    def play_from_hand(self, hand: int, index: int, x: float, y: float, *, onto: int | None = None,
                       face_up: bool = True) -> int:
        """Put card ``index`` of a hand on the felt at ``(x, y)`` or onto a pile, face up
        unless told; returns the pile it lands in."""
        self._finish()
        held = self.piles[hand]
        if held.owner is None:
            raise ValueError("not a hand")
        card = held.cards[index]
        cards, faces = held.cards[:index] + held.cards[index + 1:], held.faces[:index] + held.faces[index + 1:]
        after: dict[int, Pile | None] = {hand: held._replace(cards=cards, faces=faces) if cards else None}
        if onto is not None and onto in self.piles and self.piles[onto].owner is None:
            target = self.piles[onto]
            dest = onto
            after[onto] = target._replace(z=self._new_z(), cards=target.cards + (card,),
                                          faces=target.faces + (face_up,))
        else:
            dest = self._new_pid()
            after[dest] = Pile(x, y, self._new_z(), (card,), (face_up,))
        self._commit("play from hand", after)
        return dest

    def to_hand(self, pid: int, seat: int, count: int | None = 1) -> int:
        """Take the top ``count`` cards of a felt pile (``None``: all) into ``seat``'s hand;
        returns the hand's pile id."""
        self._finish()
        pile = self.piles[pid]
        if pile.owner is not None:
            raise ValueError("take into a hand from a pile on the felt")
        n = len(pile.cards) if count is None else max(1, min(count, len(pile.cards)))
        cards = pile.cards[-n:]
        rest = len(pile.cards) - n
        after: dict[int, Pile | None] = {
            pid: pile._replace(cards=pile.cards[:rest], faces=pile.faces[:rest]) if rest else None}
        hand = self.hand_of(seat)
        if hand is None:
            hand = self._new_pid()
            after[hand] = Pile(0.0, 0.0, self._new_z(), cards, (False,) * n, seat)
        else:
            held = self.piles[hand]
            after[hand] = held._replace(cards=held.cards + cards, faces=held.faces + (False,) * n)
        self._commit("take into hand", after)
        return hand

    # -- undo and redo -------------------------------------------------------------
    history_cap = HISTORY_BYTES
    """The estimated bytes the history may hold (:data:`HISTORY_BYTES`; a table may set its own)."""

    @property
    def history_bytes(self) -> int:
        """The estimated memory the undo and redo history holds (see :func:`step_bytes`)."""
        return sum(self._undo_bytes) + sum(self._redo_bytes)

    def undo(self) -> str | None:
        """Take back the last step; returns its label, or ``None`` if there is none."""
        return self._now(self._swap(self.undo_stack, self.redo_stack, back=True))

    def redo(self) -> str | None:
        """Do again the last step taken back; returns its label, or ``None``."""
        return self._now(self._swap(self.redo_stack, self.undo_stack, back=False))

    def undo_job(self) -> TableJob[str | None]:
        """:meth:`undo` as a :class:`TableJob`, its first slice run now."""
        return self._start(self._swap(self.undo_stack, self.redo_stack, back=True))

    def redo_job(self) -> TableJob[str | None]:
        """:meth:`redo` as a :class:`TableJob`, its first slice run now."""
        return self._start(self._swap(self.redo_stack, self.undo_stack, back=False))

    def _swap(self, source: list[Change], dest: list[Change], *, back: bool) -> Steps[str | None]:
        """Undo (``back``) or redo the last change of ``source``, moving it to ``dest``. A big
        change puts back its stored columns (the layout it recorded), a slice at a time."""
        if not source:
            return None
        change = source[-1]
        side, other = (change.before, change.after) if back else (change.after, change.before)
        if isinstance(side, BulkSide):
            ids, new = yield from side.unpack()
            put = BulkPut(self, ids, new)
            yield from put.prepare()
            put.apply()
            self.last_step = (change.label, put.before, put.after)
        else:
            self._put(side)
            self.last_step = (change.label, other, side)
        source.pop()
        dest.append(change)
        sizes = (self._undo_bytes, self._redo_bytes) if back else (self._redo_bytes, self._undo_bytes)
        sizes[1].append(sizes[0].pop())
        return change.label

    # -- persistence -----------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The table (not its undo history) as JSON-safe data."""
        return {
            "deck": self.deck.id,
            "rng": rng_to_json(self.rng),
            "piles": [[p.x, p.y, p.z, list(p.cards), [int(f) for f in p.faces]]
                      + ([p.owner] if p.owner is not None else [])
                      for p in (self.piles[i] for i in self.pile_ids())],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any], deck: Deck) -> Table:
        """Rebuild a table written by :meth:`to_json` for ``deck``."""
        if data["deck"] != deck.id:
            raise ValueError(f"this table was saved with deck {data['deck']!r}, not {deck.id!r}")
        piles = [Pile(x, y, 0, tuple(cards), tuple(bool(f) for f in faces), owner[0] if owner else None)
                 for x, y, _z, cards, faces, *owner in data["piles"]]
        return cls.from_piles(deck, rng_from_json(data["rng"]), dict(enumerate(piles, 1)), renumber=True)

    @classmethod
    def from_piles(cls, deck: Deck, rng: random.Random, piles: Mapping[int, Pile], *,
                   renumber: bool = False) -> Table:
        """A table of ``piles`` by id (each deck card exactly once), with no history: a
        copy of a table another computer holds keeps its ids, so operations name the same
        piles there. ``renumber``: new ids and z values, in the order given."""
        table = cls.__new__(cls)
        table.deck, table.rng = deck, rng
        table.piles, table.undo_stack, table.redo_stack = {}, [], []
        table.revision, table._next_pid, table._next_z = 0, 1, 1
        table.index = GridIndex(max_size=(CARD_W, CARD_H))
        table._damage = []
        table.stacks = set()
        table.hands = set()
        table._where = None
        table.last_step = None
        table.pending = None
        table.litter = None
        table._ones = []
        table._new_history()
        if renumber:
            table._put({table._new_pid(): p._replace(z=table._new_z()) for p in piles.values()})
        else:
            table._next_pid = max(piles, default=0) + 1
            table._next_z = max((p.z for p in piles.values()), default=0) + 1
            table._put(dict(piles))
        table._check_complete()
        return table

    # -- internals -------------------------------------------------------------------
    def _new_pid(self) -> int:
        self._next_pid += 1
        return self._next_pid - 1

    def _new_z(self) -> int:
        self._next_z += 1
        return self._next_z - 1

    def _finish(self) -> None:
        """Finish the big step under way, if any (every change of the table calls this first)."""
        if self.pending is not None:
            self.pending.finish()

    def _start(self, steps: Steps[T]) -> TableJob[T]:
        self._finish()
        job = TableJob(self, steps)
        self.pending = job
        job.step()
        return job

    def _now(self, steps: Steps[T]) -> T:
        self._finish()
        return TableJob(self, steps).finish()

    def _one_card_tuples(self) -> list[tuple[int]]:
        """``(card,)`` for every card of the deck, made once."""
        if not self._ones:
            self._ones = list(zip(range(len(self.deck))))
        return self._ones

    def _commit(self, label: str, after: Mapping[int, Pile | None]) -> None:
        if len(after) >= BULK:
            run(self._commit_steps(label, list(after), list(after.values())))
            return
        piles = self.piles
        before = dict(zip(after, map(piles.get, after)))
        after = dict(after)
        self._put(after)
        self._record(Change(label, before, after))
        self.last_step = (label, before, after)

    def _commit_steps(self, label: str, ids: list[int], new: list[Pile | None],
                      after: BulkSide | None = None, before: BulkSide | None = None,
                      moved: bool = False) -> Steps[None]:
        """A step on many piles, prepared a slice at a time and recorded as columns (its sides
        made already, if given: ``before`` only of piles all on the table; ``moved``: see
        :attr:`~cardtable.engine.table_bulk.BulkPut.moved`)."""
        put = BulkPut(self, ids, new, moved)
        yield from put.prepare()
        if before is None:
            before = yield from BulkSide.build(ids, put.old)
        if after is None:
            after = yield from BulkSide.build(ids, new)
        change = Change(label, before, after)
        big = len(ids) >= SLICE_PILES
        if big:
            yield
        # (not in the last slice, which puts the piles in place; a side a slice: 0.3-0.5 ms each)
        size = side_bytes(before)
        if big:
            yield
        size += side_bytes(after)
        if big:
            yield
        put.apply()
        self._record(change, size)
        self.last_step = (label, put.before, put.after)

    def _new_history(self) -> None:
        self._undo_bytes: list[int] = []  # step_bytes of each change, as undo_stack
        self._redo_bytes: list[int] = []  # ... and as redo_stack
        self.dropped = 0
        """How many of the oldest steps the history has let go (see :data:`HISTORY_BYTES`)."""

    def _record(self, change: Change, size: int | None = None) -> None:
        if self.litter is not None:
            self.litter += self.redo_stack
        self.redo_stack.clear()
        self._redo_bytes.clear()
        self.undo_stack.append(change)
        sizes = self._undo_bytes
        sizes.append(step_bytes(change) if size is None else size)
        # The oldest go first; the newest step stays undoable however big it is.
        total, drop = sum(sizes), 0
        while len(sizes) - drop > 1 and (len(sizes) - drop > MAX_UNDO or total > self.history_cap):
            total -= sizes[drop]
            drop += 1
        if drop:
            if self.litter is not None:
                self.litter += self.undo_stack[:drop]
            del self.undo_stack[:drop], sizes[:drop]
            self.dropped += drop

    def damage_since(self, revision: int) -> list[Rect] | None:
        """The world rectangles (card-sized) whose look changed after ``revision``: every
        place a pile left or took, in or out of a stack, turned or moved up in the z-order.
        ``None`` when too much changed to list, or ``revision`` is too far back."""
        if revision == self.revision:
            return []
        log = self._damage
        if revision > self.revision or not log or log[0][0] > revision + 1:
            return None
        found: list[Rect] = []
        for rev, rects in log:
            if rev > revision:
                if rects is None:
                    return None
                found += rects
        return found

    def _put(self, states: Mapping[int, Pile | None]) -> None:
        if len(states) >= BULK:
            put = BulkPut(self, list(states), list(states.values()))
            run(put.prepare())
            put.apply()
            return
        piles = self.piles
        damage: list[Rect] = [(old.x, old.y, CARD_W, CARD_H) for pid in states if (old := piles.get(pid)) is not None]
        damage += [(p.x, p.y, CARD_W, CARD_H) for p in states.values() if p is not None]
        self._put_few(states)
        self.revision += 1
        self._damage.append((self.revision, damage))
        del self._damage[:-DAMAGE_KEEP]

    def _put_few(self, states: Mapping[int, Pile | None]) -> None:
        """:meth:`_put` pile by pile (hands included)."""
        piles, index, stacks, hands = self.piles, self.index, self.stacks, self.hands
        for pid, pile in states.items():
            old = piles.get(pid)
            if pile is None:
                piles.pop(pid, None)
                index.remove(pid)
                stacks.discard(pid)
                hands.discard(pid)
                continue
            piles[pid] = pile
            if pile.owner is not None:  # a hand: off the felt
                hands.add(pid)
                stacks.discard(pid)
                index.remove(pid)
                continue
            hands.discard(pid)
            if len(pile.cards) > 1:
                stacks.add(pid)
            else:
                stacks.discard(pid)
            if old is None or old.owner is not None or (old.x, old.y) != (pile.x, pile.y):
                index.insert(pid, (pile.x, pile.y, CARD_W, CARD_H))

    def _check_complete(self) -> None:
        seen = sorted(c for p in self.piles.values() for c in p.cards)
        if seen != list(range(len(self.deck))):
            raise ValueError("the saved table does not hold every card of its deck exactly once")

