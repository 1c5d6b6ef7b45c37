"""The actions of the declared hand flow's own steps: chance's shuffle and reshuffle, and a
seat's discard. A game whose saves name these actions by a kind of its own subclasses them
with that kind (``class Discard(flow.Discard, kind="five_card_draw.discard")``)."""

from __future__ import annotations

from cardtable.engine.game import CHANCE, Action

__all__ = ["Shuffle", "Discard", "Reshuffle"]


class Shuffle(Action, kind="flow.shuffle"):
    """Chance's action that starts a hand: the order of every card played (deck indices,
    top first). The steps up to the first decision follow by themselves."""

    order: tuple[int, ...]
    seat: int = CHANCE


class Discard(Action, kind="flow.discard"):
    """Discard ``cards`` (deck indices from the seat's hand) and draw as many; an empty
    tuple stands pat."""

    cards: tuple[int, ...] = ()


class Reshuffle(Action, kind="flow.reshuffle"):
    """Chance's action when the stock runs out during a draw: the new stock's order, a
    shuffle of every discarded card except the drawing player's own."""

    order: tuple[int, ...]
    seat: int = CHANCE
