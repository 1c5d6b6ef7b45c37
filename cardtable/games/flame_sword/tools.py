"""Flame Sword's command-line tool, as :mod:`cardtable.cli` calls it (``rank``)."""

from __future__ import annotations

from typing import Any

from cardtable.engine.cards import Deck

__all__ = ["rank", "parse_flame_cards"]


def parse_flame_cards(args: list[str], deck: Deck) -> list[int]:
    """Deck indices of the cards named in ``args``, spelled "<rank> of <suit>".

    One name an argument, several in one argument, or the words of several all work
    (suits may have two words: "Ace of Flame Swords"); commas are ignored. ValueError
    names anything that is not a card of the Infinite Deck, or a card given twice.
    """
    ranks = {label.lower() for label in deck.ranks}
    words = " ".join(args).replace(",", " ").split()
    starts = [i for i in range(len(words) - 1)
              if words[i].lower() in ranks and words[i + 1].lower() == "of"]
    if not starts or starts[0] != 0:
        stray = " ".join(words[:starts[0]] if starts else words)
        raise ValueError(f"cannot read {stray!r} as a card: expected names like "
                         "'Dragon of Embers' ('<rank> of <suit>')")
    cards: list[int] = []
    for n, start in enumerate(starts):
        end = starts[n + 1] if n + 1 < len(starts) else len(words)
        name = " ".join(words[start:end])
        if end - start < 3:
            raise ValueError(f"{name!r} names no suit: expected '<rank> of <suit>'")
        try:
            index = deck.find(name).index
        except KeyError:
            raise ValueError(f"no card {name!r} in the Infinite Deck") from None
        if index in cards:
            raise ValueError(f"{name!r} is given twice")
        cards.append(index)
    return cards


def rank(cards: list[str]) -> dict[str, Any]:
    """The best Flame Sword hand of ten of the 10 to 18 cards named on the command line.

    Returns ``{"variant": "flame_sword", "rank": 8, "kind": "Rainbow x10", "cards":
    [the ten used, kind-making cards first]}``; rank 1 is Called Shot, 102 Pair, 103 High
    Card. ValueError for an unreadable card, a repeat, or fewer than 10 / more than 18.
    """
    from cardtable.games.flame_sword.hands import best_hand
    from cardtable.variants import load_deck_by_id

    deck = load_deck_by_id("infinite")
    indices = parse_flame_cards(cards, deck)
    if not 10 <= len(indices) <= 18:
        raise ValueError(f"a Flame Sword hand is the best ten of 10 to 18 cards, got {len(indices)}")
    hand = best_hand(deck, indices)
    return {"variant": "flame_sword", "rank": hand.rank, "kind": hand.kind,
            "cards": [deck[c].code for c in hand.cards]}
