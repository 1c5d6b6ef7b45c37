"""Sabacc hands: totals, bomb-outs, the two special hands and how hands compare.

The rules are the source's (``rules/sabacc_swg.txt``) with the decisions of
``rules/README.md``:

* A hand's *total* is the sum of its cards' values (face cards are negative, the
  Idiot is 0).
* A total over 23, under -23 or exactly 0 *bombs out*.
* **Pure Sabacc**: a total of exactly 23 or -23. **Idiot's Array**: exactly three
  cards, the Idiot, a 2 and a 3 of any suits (total 5). The Array beats Pure Sabacc;
  both beat every ordinary hand and win the sabacc pot too.
* Otherwise the higher *absolute* total wins: +20 and -20 tie (a sudden demise).

>>> from cardtable.variants import load_deck_by_id
>>> deck = load_deck_by_id("sabacc")
>>> evaluate([deck.find("The Idiot #1"), deck.find("2 of Coins"), deck.find("3 of Staves")]).special
'idiots_array'
>>> evaluate([deck.find("Ace of Coins"), deck.find("Demise #1"), deck.find("10 of Flasks")]).label
'+12'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.engine.cards import Card, Deck

__all__ = ["SabaccHand", "evaluate", "total_of", "bombs_out", "is_idiots_array", "hand_key",
           "demise_key", "parse_card", "parse_hand", "IDIOT", "PURE_SABACC", "IDIOTS_ARRAY",
           "SPECIAL_NAMES", "LIMIT"]

LIMIT = 23
"""The best absolute total; beyond it a hand bombs out."""

IDIOT = "The Idiot"
"""The name of the face card an Idiot's Array needs."""

PURE_SABACC = "pure_sabacc"
IDIOTS_ARRAY = "idiots_array"
SPECIAL_NAMES = {IDIOTS_ARRAY: "Idiot's Array", PURE_SABACC: "Pure Sabacc"}
"""The special hands' ids (as ``cardtable rank`` prints them) and names."""

_TIER = {IDIOTS_ARRAY: 2, PURE_SABACC: 1, None: 0}


@dataclass(frozen=True)
class SabaccHand:
    """The value of a hand.

    Attributes:
        total: the sum of the card values.
        special: ``"idiots_array"``, ``"pure_sabacc"`` or None.
        bomb_out: True when the total is over 23, under -23 or exactly 0.
        size: the number of cards.
    """

    total: int
    special: str | None
    bomb_out: bool
    size: int

    @property
    def label(self) -> str:
        """How the table names the hand: "Idiot's Array", "Pure Sabacc", "+20",
        "-17" or "bomb out (25)"."""
        if self.special:
            return SPECIAL_NAMES[self.special]
        if self.bomb_out:
            return f"bomb out ({signed(self.total)})"
        return signed(self.total)

    @property
    def key(self) -> tuple[int, int] | None:
        """Higher wins; equal keys tie; None for a bomb-out (it cannot win)."""
        return hand_key(self)

    def to_json(self) -> dict[str, object]:
        """Plain data (what the rank tool prints, plus the size and the label)."""
        return {"total": self.total, "special": self.special, "bomb_out": self.bomb_out,
                "size": self.size, "label": self.label}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SabaccHand:
        """Rebuild a hand written by :meth:`to_json`."""
        return cls(data["total"], data["special"], data["bomb_out"], data["size"])


def signed(total: int) -> str:
    """A total with its sign: "+20", "-20", "0"."""
    return f"+{total}" if total > 0 else str(total)


def total_of(cards: Iterable[Card]) -> int:
    """The sum of the cards' values.

    Raises ValueError for a card without a value (a card of another deck).
    """
    total = 0
    for card in cards:
        if card.value is None:
            raise ValueError(f"{card.code} has no Sabacc value")
        total += card.value
    return total


def bombs_out(total: int) -> bool:
    """True for a total over 23, under -23, or exactly 0.

    >>> [bombs_out(t) for t in (24, -24, 0, 23, -23, 1)]
    [True, True, True, False, False, False]
    """
    return total == 0 or abs(total) > LIMIT


def is_idiots_array(cards: Sequence[Card]) -> bool:
    """Exactly three cards: the Idiot, a 2 and a 3 (suit cards, any suits)."""
    if len(cards) != 3:
        return False
    idiots = [c for c in cards if "face" in c.tags and c.name == IDIOT]
    numbers = sorted(c.value for c in cards if "face" not in c.tags and c.value is not None)
    return len(idiots) == 1 and numbers == [2, 3]


def evaluate(cards: Sequence[Card]) -> SabaccHand:
    """The value of a hand of any size (an empty hand totals 0 and bombs out)."""
    total = total_of(cards)
    if is_idiots_array(cards):
        return SabaccHand(total, IDIOTS_ARRAY, False, len(cards))
    special = PURE_SABACC if abs(total) == LIMIT else None
    return SabaccHand(total, special, bombs_out(total), len(cards))


def hand_key(hand: SabaccHand) -> tuple[int, int] | None:
    """The comparison key at the showdown: (special tier, absolute total); None for a
    bomb-out. The Array (tier 2) beats Pure Sabacc (tier 1) beats the rest.

    >>> hand_key(SabaccHand(20, None, False, 2)) == hand_key(SabaccHand(-20, None, False, 3))
    True
    """
    if hand.bomb_out:
        return None
    return (_TIER[hand.special], abs(hand.total))


def demise_key(hand: SabaccHand) -> tuple[int, int]:
    """The key of a hand after its sudden-demise card: a hand that did not bomb out
    beats every one that did, by absolute total; among bomb-outs the total closest to
    23 (in absolute value) wins.

    >>> demise_key(SabaccHand(25, None, True, 3)) > demise_key(SabaccHand(-30, None, True, 3))
    True
    """
    if hand.bomb_out:
        return (0, -abs(abs(hand.total) - LIMIT))
    return (1 + _TIER[hand.special], abs(hand.total))


_COPY = re.compile(r"\s*#\s*(\d+)\s*$")
_VALUE = re.compile(r"\s*\(\s*[-+−]?\d+\s*\)\s*$")


def parse_card(name: str, deck: Deck, used: Iterable[int] = ()) -> Card:
    """The card called ``name``: a code ("7 of Flasks", "The Idiot #2") or a face
    card's name without its copy number ("The Idiot": the first copy not in
    ``used``). A value in brackets after the name, as the source writes cards
    ("Moderation (-14)"), is allowed. Case does not matter.

    Raises ValueError naming the card when there is no such card or every copy of it
    is used.
    """
    text = _VALUE.sub("", " ".join(str(name).split()))
    taken = set(used)
    if not text:
        raise ValueError("an empty card name")
    try:
        card = deck.find(text)
    except KeyError:
        card = None
    if card is not None:
        if card.index in taken:
            raise ValueError(f"{card.code} is named twice")
        return card
    if _COPY.search(text) is None:
        copies = [c for c in deck if c.name.lower() == text.lower()]
        free = [c for c in copies if c.index not in taken]
        if free:
            return free[0]
        if copies:
            raise ValueError(f"the deck has only {len(copies)} cards called {copies[0].name}")
    raise ValueError(f"no card {name!r} in the Sabacc deck: expected names like '7 of Flasks', "
                     "'Master of Coins' or 'The Idiot'")


def parse_hand(names: Sequence[str], deck: Deck) -> list[Card]:
    """The cards named in ``names`` (see :func:`parse_card`), each copy used once."""
    cards: list[Card] = []
    for name in names:
        cards.append(parse_card(name, deck, [c.index for c in cards]))
    return cards
