"""The free table: any deck on green felt, handled by hand, with no rules enforced."""

from __future__ import annotations

from cardtable.games.definition import GameDefinition

GAME = GameDefinition(
    id="free_table",
    name="Free table",
    seats=(1, 8),
    decks=("standard52", "ivali", "sabacc", "infinite"),
    table=f"{__name__}.ui.table",
)
"""The free table, as the registry sees it: no state, no bots, any bundled deck."""
