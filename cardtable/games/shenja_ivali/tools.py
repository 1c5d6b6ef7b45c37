"""Shenja Ivali's command-line tool: ``cardtable rank ivali CARD ...`` (see :mod:`cardtable.cli`)."""

from __future__ import annotations

import re
from typing import Any

from cardtable.games.shenja_ivali.hands import IvaliRules, evaluate, parse_card
from cardtable.variants import load_deck_by_id

__all__ = ["rank", "rank_ivali", "split_card_names"]


def rank(cards: list[str]) -> dict[str, Any]:
    """The value of five Shenja Ivali cards named on the command line."""
    return rank_ivali(cards, _ivali_settings().hands)


_ONE_CARD = re.compile(r"infinity\s*#\s*\d+|\S+\s+\S+\s+of\s+\S+", re.IGNORECASE)


def split_card_names(args: list[str]) -> list[str]:
    """Card names from command-line words: one name an argument, or the words of several.

    ``["Gula 3 of Fire", "Omec 5 of Air"]``, ``["Gula", "3", "of", "Fire", ...]`` and
    ``["Gula 3 of Fire, Omec 5 of Air"]`` all give the same names. Text that is no card
    name raises ValueError naming it.
    """
    text = " ".join(args).replace(",", " ")
    names: list[str] = []
    position = 0
    for match in _ONE_CARD.finditer(text):
        stray = text[position:match.start()].strip()
        if stray:
            raise ValueError(f"cannot read {stray!r} as a card: expected names like "
                             "'Gula 3 of Fire' ('<Planet> <numeral> of <Element>')")
        names.append(" ".join(match.group().split()))
        position = match.end()
    stray = text[position:].strip()
    if stray:
        raise ValueError(f"cannot read {stray!r} as a card: expected names like "
                         "'Gula 3 of Fire' ('<Planet> <numeral> of <Element>')")
    return names


def rank_ivali(args: list[str], rules: IvaliRules | None = None) -> dict[str, Any]:
    """The Shenja Ivali value of the five cards named in ``args``.

    Returns ``{"variant": "ivali", "rank": 11, "kind": "Shooting Stars", "label":
    "Shooting Stars"}`` (rank 1 is the best of 43; ``label`` carries the flush's
    element word where the kind takes one). Raises ValueError with a clear message
    for a card name it cannot read, a card given twice, a wild card, or a count
    other than five.
    """
    names = split_card_names(args)
    if len(names) != 5:
        listed = f": {', '.join(names)}" if names else ""
        raise ValueError(f"a Shenja Ivali hand is five cards, got {len(names)}{listed}")
    deck = load_deck_by_id("ivali")
    cards = [parse_card(name, deck) for name in names]
    value = evaluate(cards, rules or IvaliRules())
    return {"variant": "ivali", "rank": value.rank, "kind": value.kind, "label": value.label}


def _ivali_settings() -> Any:
    """The bundled Shenja Ivali variant's settings (the defaults if it is missing)."""
    from cardtable.games.shenja_ivali import GAME
    from cardtable.simulation import bundled_settings
    return bundled_settings(GAME)
