"""Sabacc's command-line tool, as :mod:`cardtable.cli` calls it (``rank``).

``cardtable rank sabacc "The Idiot" "2 of Coins" "3 of Staves"`` prints
``{"variant": "sabacc", "total": 5, "special": "idiots_array", "bomb_out": false}``.
"""

from __future__ import annotations

from typing import Any

__all__ = ["rank"]


def rank(cards: list[str]) -> dict[str, Any]:
    """The total of the Sabacc cards named (one name an argument, or several split by
    commas), whether it is a special hand, and whether it bombs out.

    A face card may be named without its copy number ("The Idiot"); a value in
    brackets after a name is allowed ("Moderation (-14)"). Raises ValueError for an
    unknown card, a card named more often than the deck has it, or no cards.
    """
    from cardtable.games.sabacc.hands import evaluate, parse_hand
    from cardtable.variants import load_deck_by_id
    names = [part.strip() for arg in cards for part in str(arg).split(",") if part.strip()]
    if not names:
        raise ValueError("name at least one card, e.g. \"7 of Flasks\" or \"The Idiot\"")
    hand = evaluate(parse_hand(names, load_deck_by_id("sabacc")))
    return {"variant": "sabacc", "total": hand.total, "special": hand.special,
            "bomb_out": hand.bomb_out}
