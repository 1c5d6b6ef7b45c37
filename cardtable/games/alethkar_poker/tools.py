"""Alethkar Poker's command-line tool, as :mod:`cardtable.cli` calls it (``rank``).

``cardtable rank alethkar AS KS QS JS 10S`` prints the value of five cards and how
they are counted; given seven cards it keeps the best five and names the two to
discard. (``cardtable simulate alethkar`` is :func:`cardtable.simulation.simulate_game`.)
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["rank", "parse_cards"]

_CODE = re.compile(r"^(10|[2-9]|[TJQKA])([CDHS])$", re.IGNORECASE)


def parse_cards(args: list[str]) -> list[Any]:
    """Cards of the standard deck from codes like ``AS 10H th``, one or several an
    argument (commas allowed). Raises ValueError naming what it cannot read."""
    from cardtable.variants import load_deck_by_id
    deck = load_deck_by_id("standard52")
    words = " ".join(args).replace(",", " ").split()
    cards = []
    for word in words:
        match = _CODE.match(word)
        if match is None:
            raise ValueError(f"cannot read {word!r} as a card: expected codes like AS, 10H, QD "
                             "(rank 2-10, J, Q, K, A; suit C, D, H, S)")
        rank = match.group(1).upper().replace("T", "10")
        cards.append(deck.find(rank + match.group(2).upper()))
    seen = [c.code for c in cards]
    twice = sorted({c for c in seen if seen.count(c) > 1})
    if twice:
        raise ValueError(f"{twice[0]} is named twice")
    return cards


def rank(cards: list[str]) -> dict[str, Any]:
    """The value of five Alethkar Poker cards (or the best five of six or seven).

    Returns ``{"variant": "alethkar", "value": N, "combinations": [{"name", "cards",
    "value"}, ...], "cards": [...]}``, and for more than five cards also
    ``"discard": [two codes]``.
    """
    from cardtable.games.alethkar_poker.rules import AlethkarSettings
    from cardtable.games.alethkar_poker.values import best_five
    parsed = parse_cards(cards)
    if not 5 <= len(parsed) <= 7:
        raise ValueError(f"an Alethkar Poker hand is five cards (or seven to choose from), "
                         f"got {len(parsed)}")
    settings = _settings() if parsed else AlethkarSettings()
    choice = best_five(parsed, ace_low_straight=settings.ace_low_straight)
    result: dict[str, Any] = {
        "variant": "alethkar", "value": choice.value,
        "combinations": [{"name": c.name, "cards": c.codes, "value": c.value}
                         for c in choice.split.combinations],
        "cards": [c.code for c in choice.split.cards]}
    if choice.discard:
        result["discard"] = [c.code for c in choice.discard]
    return result


def _settings() -> Any:
    """The bundled Alethkar Poker variant's settings (the defaults if it is missing)."""
    from cardtable.games.alethkar_poker import GAME
    from cardtable.simulation import bundled_settings
    return bundled_settings(GAME)
