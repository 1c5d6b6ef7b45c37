"""Ipso's command-line tool, as :mod:`cardtable.cli` calls it (``rank``).

``cardtable rank ipso AS 2S 3S 4S`` prints ``{"variant": "ipso", "rank": 3, "kind":
"Bouncer", "value": 4}``: rank 1 (Quad) to 8 (High Card & Tags) and the value
compared between hands of one kind (the quad's or prial's pip, the top of a
sequence, otherwise the sum of the pips).
"""

from __future__ import annotations

from typing import Any

__all__ = ["rank"]


def rank(cards: list[str]) -> dict[str, Any]:
    """The worth of four Ipso cards named by their codes (ValueError when they are not)."""
    from cardtable.games.ipso.hands import hand_value_of
    hand = hand_value_of(cards)
    return {"variant": "ipso", "rank": hand.rank, "kind": hand.kind, "value": hand.value}
