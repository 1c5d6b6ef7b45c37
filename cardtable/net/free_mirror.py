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
                self.piles.clear()
                self.shown.clear()
            deck = piece.get("deck")
            if isinstance(deck, str):
                self.deck_id = deck
            for data in piece["piles"]:
                pid, pile, cards = read_pile(data)
                if pile is None:
                    self.piles.pop(pid, None)
                    self.shown.pop(pid, None)
                else:
                    self.piles[pid] = pile
                    self.shown[pid] = cards
        self.updates += 1
        return True

    def card_count(self) -> int:
        """How many cards the piles hold."""
        return sum(len(p.cards) for p in self.piles.values())

    def seen(self) -> set[int]:
        """Every card this seat is shown now."""
        return {c for cards in self.shown.values() for c in cards if c is not None}

    def table(self, deck: Deck) -> Table:
        """A :class:`Table` of the piles with the same ids, each back a card this seat
        is not shown (ValueError when the piles do not hold the deck exactly once)."""
        seen = self.seen()
        spare = iter(sorted(set(range(len(deck))) - seen))
        piles: dict[int, Pile] = {}
        try:
            for pid, pile in self.piles.items():
                if -1 in pile.cards:
                    pile = pile._replace(cards=tuple(next(spare) if c < 0 else c for c in pile.cards))
                piles[pid] = pile
        except StopIteration:
            raise ValueError("the host's table holds more cards than its deck") from None
        return Table.from_piles(deck, random.Random(0), piles)
