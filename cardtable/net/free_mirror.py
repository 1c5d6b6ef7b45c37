"""A joined player's copy of a hosted free table, built from what the host sends
(:mod:`cardtable.net.free_wire`).

The copy knows only what its seat was shown: the cards face up on the felt and the
cards of its own hand; the rest are backs. A window draws a
:class:`~cardtable.engine.table.Table`, which holds every card of the deck once, so
:meth:`FreeTableMirror.table` fills each back with a card the seat has *not* been
shown (any will do: a back is drawn as a back). That stand-in says nothing about
the real card, which the host never sent.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from cardtable.engine.cards import Deck
from cardtable.engine.piles import Pile
from cardtable.engine.table import Table
from cardtable.net.free_wire import read_pile

__all__ = ["FreeTableMirror"]


class FreeTableMirror:
    """The piles as the host last showed this seat (see the module's doc)."""

    def __init__(self) -> None:
        self.deck_id: str | None = None
        self.piles: dict[int, Pile] = {}
        """Pile id -> pile, each back as card ``-1``."""
        self.shown: dict[int, list[int | None]] = {}
        """Pile id -> the cards shown, None for each back (bottom to top)."""
        self.updates = 0
        """Whole updates taken (a piece followed by more counts once, with its last)."""
        self.filled: dict[int, Pile] = {}
        """Pile id -> pile with each back filled in (see :meth:`fill`)."""
        self._stand_in_at: dict[int, int] = {}  # card standing in for a back -> its pile
        self._dirty: set[int] = set()
        self._pending: list[Mapping[str, Any]] = []

    def receive(self, view: Mapping[str, Any]) -> bool:
        """Take one ``state`` message's ``view``; True when an update is complete (its
        last piece came) and the piles are up to date. ValueError when it is malformed."""
        if view.get("free") != 1 or not isinstance(view.get("piles"), list):
            raise ValueError("not a free table's view")
        self._pending.append(view)
        if view.get("more"):
            return False
        pieces, self._pending = self._pending, []
        for piece in pieces:
            if piece.get("full") and piece is pieces[0]:
                self._dirty.update(self.piles)
                self.piles.clear()
                self.shown.clear()
            deck = piece.get("deck")
            if isinstance(deck, str):
                self.deck_id = deck
            for data in piece["piles"]:
                pid, pile, cards = read_pile(data)
                self._dirty.add(pid)
                if pile is None:
                    self.piles.pop(pid, None)
                    self.shown.pop(pid, None)
                else:
                    self.piles[pid] = pile
                    self.shown[pid] = cards
        self.updates += 1
        return True

    def forget_partial(self) -> None:
        """Drop the pieces of an update cut short (the connection dropped mid-update: the
        host sends the whole table when we join again)."""
        self._pending = []

    def card_count(self) -> int:
        """How many cards the piles hold."""
        return sum(len(p.cards) for p in self.piles.values())

    def seen(self) -> set[int]:
        """Every card this seat is shown now."""
        return {c for cards in self.shown.values() for c in cards if c is not None}

    def fill(self, size: int) -> dict[int, Pile | None]:
        """The piles to put in the window's table since the last fill, each back filled
        with a card of the deck (of ``size`` cards) the seat is not shown: the piles
        that changed, and any pile whose stand-in card has just been shown for real
        elsewhere (it gets another). None for a pile gone. ValueError when the piles
        hold more cards than the deck."""
        dirty, self._dirty = self._dirty, set()
        shown_now = {c for pid in dirty for c in self.shown.get(pid, ()) if c is not None}
        redo = dirty | {self._stand_in_at[c] for c in shown_now if c in self._stand_in_at}
        for pid in redo:
            old = self.filled.pop(pid, None)
            if old is not None:
                for card in old.cards:
                    if self._stand_in_at.get(card) == pid:
                        del self._stand_in_at[card]
        used = self.seen() | set(self._stand_in_at)
        spare = iter(sorted(set(range(size)) - used))
        out: dict[int, Pile | None] = {}
        try:
            for pid in sorted(redo):
                pile = self.piles.get(pid)
                if pile is not None and -1 in pile.cards:
                    cards = []
                    for card in pile.cards:
                        if card < 0:
                            card = next(spare)
                            self._stand_in_at[card] = pid
                        cards.append(card)
                    pile = pile._replace(cards=tuple(cards))
                if pile is not None:
                    self.filled[pid] = pile
                out[pid] = pile
        except StopIteration:
            raise ValueError("the host's table holds more cards than its deck") from None
        return out

    def table(self, deck: Deck, cls: type[Table] = Table) -> Table:
        """A table (of ``cls``) of the piles with the same ids, each back a card this seat
        is not shown (ValueError when the piles do not hold the deck exactly once)."""
        self._dirty.update(self.piles)
        self.fill(len(deck))
        return cls.from_piles(deck, random.Random(0), dict(self.filled))
