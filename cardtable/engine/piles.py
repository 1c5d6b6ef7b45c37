"""A pile of cards on the free table, and one undoable step of the table.

Kept apart from :mod:`cardtable.engine.table` so that the bulk steps of
:mod:`cardtable.engine.table_bulk` can use them; both are exported from there too.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import NamedTuple

CARD_W = 100
CARD_H = 140


class Pile(NamedTuple):
    """Cards stacked at one spot. ``cards`` and ``faces`` run bottom to top.

    A named tuple, not a frozen dataclass: a spread makes 12,000 of them in one step,
    and a tuple is made several times faster.
    """

    x: float
    y: float
    z: int
    cards: tuple[int, ...]
    faces: tuple[bool, ...]
    owner: int | None = None
    """The seat whose private hand this is (not on the felt: no place, never drawn there),
    or ``None`` for a pile on the felt."""

    @property
    def top(self) -> int:
        """The index of the card on top."""
        return self.cards[-1]

    @property
    def top_face_up(self) -> bool:
        """Whether the top card shows its face."""
        return self.faces[-1]

    def contains(self, x: float, y: float) -> bool:
        """True when the world point lies on this pile's top card."""
        return self.x <= x < self.x + CARD_W and self.y <= y < self.y + CARD_H


@dataclass(frozen=True, slots=True)
class Change:
    """One undoable step: the piles it replaced and the piles it made.

    ``before[pid]`` is ``None`` for a pile the step created; ``after[pid]`` is
    ``None`` for a pile it removed. A step on many piles keeps both sides as
    :class:`~cardtable.engine.table_bulk.BulkSide` columns.
    """

    label: str
    before: Mapping[int, Pile | None]
    after: Mapping[int, Pile | None]

    def parts(self) -> list[object]:
        """Its two sides (to be let go of by :func:`~cardtable.engine.table_release.let_go`)."""
        return [self.before, self.after]
