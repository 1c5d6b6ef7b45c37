"""The free table: any deck on green felt, handled by hand, with no rules enforced."""

from __future__ import annotations

from cardtable.games.definition import GameDefinition

GAME = GameDefinition.package(
    __name__,
    name="Free table",
    seats=(1, 8),
    decks=("standard52", "ivali", "sabacc", "infinite"),
)
"""The free table, as the registry sees it: no state, no bots, any bundled deck."""
