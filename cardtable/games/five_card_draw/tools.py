"""Five-Card Draw's command-line tool: ``cardtable rank five_card_draw AS KS QS JS TS``."""

from __future__ import annotations

from typing import Any

from cardtable.games.five_card_draw.hands import evaluate_codes

__all__ = ["rank"]


def rank(cards: list[str]) -> dict[str, Any]:
    """The poker value of five cards named by code (words or comma-separated:
    "AS KS QS JS TS", "10h,jh,..."): ``{"variant", "rank", "kind", "label", "key"}``
    with rank 1 (a royal flush) the best of 7,462. ValueError for a bad card,
    a repeated card, or a count other than five."""
    codes = " ".join(cards).replace(",", " ").split()
    if len(codes) != 5:
        raise ValueError(f"a poker hand is five cards, got {len(codes)}: {' '.join(codes)}")
    value = evaluate_codes(codes)
    return {"variant": "five_card_draw", "rank": value.rank, "kind": value.kind, "label": value.label,
            "key": list(value.key)}
