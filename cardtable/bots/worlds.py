"""Cheap copies of a game state for rollouts.

A rollout plays a copy of a seat copy to the end of the round, many times a decision.
:meth:`~cardtable.engine.game.GameState.seat_copy` deep-copies the state and rewrites
its log; that costs 0.1-0.7 ms a copy. A :class:`Snapshot` keeps one copy of the state
without what never changes in a round (the deck, the settings: shared by every copy) and
without what a rollout does not need (the history, the log, the generator), and
:meth:`Snapshot.make` deep-copies that lean copy as often as needed. No bytes are written
or read back (no pickle): a copy is made of the objects themselves.

The state is only ever one the bot made itself (a copy of its seat copy): copying it
sets those attributes aside for a moment and puts them back. Its copies deal a new
round the cheap way where a game offers one (:data:`SAMPLED_CHANCE`).

A world (a guess at the cards a seat cannot see) need not be a whole new seat copy
either: :class:`Worlds` keeps one snapshot for a decision and deals its hidden places
again in place, world after world, drawing from the generator exactly as
:meth:`~cardtable.engine.game.GameState.seat_copy` would (the same deal for the same
generator, and the same draws taken from it).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

from cardtable.engine.game import GameState

__all__ = ["Snapshot", "Worlds", "SHARED", "DROPPED", "SAMPLED_CHANCE"]

SHARED = ("deck", "settings", "genesis")
"""Attributes every copy shares with the original: never changed during play (the
genesis, how the match began, holds the first generator's state: deep-copied, it was
most of the cost of a copy, about 0.25 ms of 0.3)."""
DROPPED = ("rng", "history", "log", "_history_text", "_log_text", "_splicing")
"""Attributes a copy does without: a new generator, an empty history and log."""
SAMPLED_CHANCE = "sampled_deal"
"""The attribute set on a snapshot's copies of a game whose state has it (Flame Sword):
chance then deals a random sample of the deck, as many cards as the round uses, instead
of shuffling it whole (the same deal in distribution, not the same cards)."""

Slots = list[tuple[Any, Any]]
Draw = Callable[[random.Random], list[Any]]


class Snapshot:
    """``state`` written once; :meth:`make` gives independent copies of it.

    >>> from cardtable import games
    >>> from cardtable.variants import load_deck_by_id
    >>> game = games.get("ipso")
    >>> state = game.new_state(game.read_settings(game.defaults()),
    ...                        load_deck_by_id(game.decks[0]), ["A", "B"], random.Random(1))
    >>> copy = Snapshot(state).make(random.Random(2))
    >>> copy.to_act == state.to_act and copy is not state and copy.deck is state.deck
    True
    """

    def __init__(self, state: GameState) -> None:
        attributes = state.__dict__
        self._shared: dict[str, Any] = {k: attributes[k] for k in SHARED if k in attributes}
        aside = {k: attributes.pop(k) for k in (*SHARED, *DROPPED) if k in attributes}
        try:
            self._lean: GameState = copy.deepcopy(state)
        finally:
            attributes.update(aside)
        if hasattr(type(state), SAMPLED_CHANCE):
            self._lean.__dict__[SAMPLED_CHANCE] = True

    def make(self, rng: random.Random) -> GameState:
        """A fresh copy whose chance actions draw from ``rng``, with no history or log."""
        state = copy.deepcopy(self._lean)
        state.__dict__.update(self._shared)
        state.rng = rng
        state.history = []
        state.log = []
        return state


class Worlds:
    """The worlds of one decision of ``seat`` on ``state`` (a seat copy, the bot's own):
    :meth:`deal` guesses the cards the seat cannot see again and gives the snapshot to
    play rollouts from, the same one every time, dealt anew in place.

    A deal is what :meth:`~cardtable.engine.game.GameState.seat_copy` of ``state``
    would deal for the same generator, drawn the same way (the cards of the hidden
    places, sorted, shuffled into them; or the game's own ``hidden_deal(seat)``), the
    fresh generator's seed drawn after it too: only the copying is saved (a deep copy
    for the seat copy and another for its snapshot, a world). What the seat sees is
    never changed. A world lasts until the next :meth:`deal` or :meth:`put`.

    >>> from cardtable import games
    >>> from cardtable.variants import load_deck_by_id
    >>> game = games.get("ipso")
    >>> state = game.new_state(game.read_settings(game.defaults()),
    ...                        load_deck_by_id(game.decks[0]), ["A", "B"], random.Random(1))
    >>> worlds = Worlds(state, 0)
    >>> worlds.deal(random.Random(2)).make(random.Random(3)).to_act == state.to_act
    True
    """

    def __init__(self, state: GameState, seat: int) -> None:
        self.snapshot = Snapshot(state)
        lean = self.snapshot._lean
        # the hidden places are those of the lean copy itself (their containers are its
        # lists); working them out may need the deck, lent for the moment
        lean.__dict__.update(self.snapshot._shared)
        try:
            self._places, self._draw = _hidden_deal(lean, seat)
        finally:
            for name in self.snapshot._shared:
                del lean.__dict__[name]

    @property
    def state(self) -> GameState:
        """The world dealt last, as it lies (no deck, settings, generator, history or
        log: for reading the hands; :meth:`Snapshot.make` gives a whole copy)."""
        return self.snapshot._lean

    def deal(self, rng: random.Random) -> Snapshot:
        """A new guess at the hidden cards, drawn from ``rng``; the snapshot holding it."""
        if self._places:
            self.put(self._draw(rng))
        rng.getrandbits(64)  # the seat copy's own generator: the same draws as seat_copy
        return self.snapshot

    def adjust(self, change: Callable[[GameState], None]) -> None:
        """Run ``change`` on the world dealt last, in place, the deck and settings lent to
        it for the moment (a game's own guess at what the seat copy hid besides cards:
        it must leave what the seat sees as it is)."""
        lean = self.snapshot._lean
        lean.__dict__.update(self.snapshot._shared)
        try:
            change(lean)
        finally:
            for name in self.snapshot._shared:
                del lean.__dict__[name]

    def dealt(self) -> list[Any]:
        """The cards of the hidden places now, in order (for :meth:`put`)."""
        return [container[index] for container, index in self._places]

    def put(self, cards: list[Any]) -> None:
        """Lay ``cards`` in the hidden places, in order (a deal made earlier)."""
        for (container, index), card in zip(self._places, cards):
            container[index] = card


def _hidden_deal(state: GameState, seat: int) -> tuple[Slots, Draw]:
    """The places hidden from ``seat`` and a draw of cards for them: the game's own
    ``hidden_deal`` where it has one, else the shared one of
    :func:`cardtable.engine.game.redeal` (the hidden cards sorted once, a shuffled copy a
    draw)."""
    own = getattr(state, "hidden_deal", None)
    if own is not None:
        places: Slots
        draw: Draw
        places, draw = own(seat)
        return places, draw
    slots = state._hidden_slots(seat)
    pool = sorted(container[index] for container, index in slots)

    def shuffled(rng: random.Random) -> list[Any]:
        cards = list(pool)
        rng.shuffle(cards)
        return cards

    return slots, shuffled
