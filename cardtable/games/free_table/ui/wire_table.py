"""The table a joined player's window draws: a copy of the host's, whose moves are sent
to the host instead of made here.

The free table's scene changes its table only through :class:`~cardtable.engine.table.Table`'s
methods, so a :class:`WireTable` in its place turns each of them into an operation of
:mod:`cardtable.net.free_wire` (naming the pile and how many cards it held, so that
the host can tell when someone else was first) and leaves the copy as it is: the
window shows the host's table as the host sends it, a refused move included.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from cardtable.engine.table import Table

__all__ = ["WireTable"]


class WireTable(Table):
    """A copy of a hosted table (made by :meth:`~cardtable.net.free_mirror.FreeTableMirror.table`);
    ``send(op)`` takes each operation; ``seat`` is the seat whose hand ``to_hand`` fills."""

    send: Callable[[dict[str, Any]], None] = staticmethod(lambda op: None)
    seat: int = 0

    def _op(self, kind: str, pid: int, **fields: Any) -> None:
        self.send({"kind": kind, "pile": pid, "size": len(self.piles[pid].cards), **fields})

    def move(self, pid: int, count: int | None, x: float, y: float, *, onto: int | None = None,
             flip: bool = False) -> int:
        """Ask the host to move the cards (see :meth:`Table.move`); returns ``pid``."""
        self._op("move", pid, count=count, x=float(x), y=float(y), onto=onto)
        return pid

    def move_many(self, pids: Iterable[int], dx: float, dy: float) -> None:
        """Ask the host to move each whole pile by ``(dx, dy)``."""
        for pid in sorted(set(pids), key=lambda p: self.piles[p].z):
            pile = self.piles[pid]
            self.move(pid, None, pile.x + dx, pile.y + dy)

    def flip(self, pid: int) -> int:
        """Ask the host to turn the pile over."""
        self._op("flip", pid)
        return pid

    def flip_many(self, pids: Iterable[int]) -> None:
        """Ask the host to turn each pile over."""
        for pid in sorted(set(pids)):
            self.flip(pid)

    def shuffle(self, pid: int) -> int:
        """Ask the host to shuffle the pile."""
        self._op("shuffle", pid)
        return pid

    def deal(self, pid: int, count: int, *, face_up: bool = False,
             within: tuple[float, float, float, float] | None = None) -> list[int]:
        """Ask the host to deal a row from the pile (it chooses where)."""
        pile = self.piles[pid]
        self._op("deal", pid, count=max(1, min(count, len(pile.cards))), face_up=face_up)
        return []

    def to_hand(self, pid: int, seat: int, count: int | None = 1) -> int:
        """Ask the host to put cards of a felt pile in this seat's hand."""
        self._op("take", pid, count=count)
        return pid

    def play_from_hand(self, hand: int, index: int, x: float, y: float, *, onto: int | None = None,
                       face_up: bool = True) -> int:
        """Ask the host to put a card of this seat's hand on the felt."""
        self._op("play", hand, index=index, x=float(x), y=float(y), onto=onto, face_up=face_up)
        return hand

    def put(self, piles: dict[int, Any]) -> None:
        """Make the copy what the host sent: ``piles`` by id (None: gone)."""
        self._put(piles)
