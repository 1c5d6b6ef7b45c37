"""Cards and decks: the immutable things every game and the free table share.

A :class:`Card` is one physical card of a deck definition. Two copies of the same
face (Sabacc has two of each face card) are two cards with different ``index``
values and the same ``code`` prefix, so every card on the table has one identity.

A :class:`Deck` is the ordered, immutable list of a deck definition's cards plus
what a renderer or a search needs to know about the deck as a whole.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field

RGB = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Card:
    """One card of a deck.

    Attributes:
        index: position in the deck definition; unique inside the deck.
        code: short, unique, stable spelling used in saves and on the command line
            ("AS", "Gula 3 of Fire", "Dragon of Embers", "Balance #2").
        name: the name a player says ("Ace of Spades").
        rank: rank label as printed in the corner ("A", "3", "Dragon", "-11").
        rank_order: position of the rank, low to high, inside its deck (0-based).
        suit: suit name ("Spades", "Fire", "Embers"); "" for cards without a suit.
        symbol: one glyph printed for the suit (may be "").
        ink: the colour the card's marks are printed in.
        colour: colour group the suit belongs to ("red", "black", "Crimson").
        mark: a short letter code for ``colour`` so colour-blind players can read it.
        value: the card's number for scoring, where the deck defines one.
        tags: extra facts ("trump", "face", "wild", "infinity", "elemental_wild").
        extra: style-specific fields as ``(key, value)`` pairs (the Ivali planet).
    """

    index: int
    code: str
    name: str
    rank: str
    rank_order: int
    suit: str = ""
    symbol: str = ""
    ink: RGB = (20, 20, 20)
    colour: str = ""
    mark: str = ""
    value: int | None = None
    tags: frozenset[str] = frozenset()
    extra: tuple[tuple[str, str], ...] = ()

    def get(self, key: str, default: str = "") -> str:
        """Return a style-specific field (``card.get("planet")``)."""
        for k, v in self.extra:
            if k == key:
                return v
        return default

    def search_text(self) -> str:
        """Lower-case text a deck search matches against."""
        parts = [self.name, self.code, self.suit, self.colour, self.mark, *self.tags]
        parts.extend(v for _, v in self.extra)
        return " ".join(p for p in parts if p).lower()


@dataclass(frozen=True, slots=True)
class ColourGroup:
    """A named colour that several suits share (the Infinite Deck has 20)."""

    name: str
    mark: str
    rgb: RGB
    trump: str = ""
    suits: tuple[tuple[str, str], ...] = ()  # (suit name, symbol)


@dataclass(frozen=True)
class Deck:
    """An ordered, immutable deck definition.

    Attributes:
        id: identifier used by variants and saves ("standard52", "infinite").
        name: display name.
        style: which face renderer draws it ("standard", "ivali", "sabacc", "infinite").
        cards: every card, in definition order; ``cards[i].index == i``.
        back: back colour and accent colour.
        colours: the deck's colour groups (for legends and the colour search).
        ranks: rank labels, low to high.
    """

    id: str
    name: str
    style: str
    cards: tuple[Card, ...]
    back: tuple[RGB, RGB] = ((30, 60, 140), (220, 200, 120))
    colours: tuple[ColourGroup, ...] = ()
    ranks: tuple[str, ...] = ()
    _by_code: Mapping[str, Card] = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self) -> None:
        by_code: dict[str, Card] = {}
        for position, card in enumerate(self.cards):
            if card.index != position:
                raise ValueError(f"card {card.code!r} has index {card.index}, expected {position}")
            if card.code.lower() in by_code:
                raise ValueError(f"two cards share the code {card.code!r}")
            by_code[card.code.lower()] = card
        object.__setattr__(self, "_by_code", by_code)

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __getitem__(self, index: int) -> Card:
        return self.cards[index]

    def find(self, code: str) -> Card:
        """Return the card spelled ``code`` (case-insensitive); KeyError with a hint if none."""
        card = self._by_code.get(code.strip().lower())
        if card is None:
            raise KeyError(f"no card {code!r} in the {self.name} deck")
        return card

    def search(self, query: str, within: Iterable[Card] | None = None) -> list[Card]:
        """Cards that have, for every word of ``query``, a word starting with it.

        Case does not matter, and "hearts" does not find "Sweethearts".

        >>> from cardtable.engine.cards import Card, Deck
        >>> d = Deck("t", "T", "standard", (Card(0, "AS", "Ace of Spades", "A", 12, "Spades"),
        ...                                 Card(1, "AH", "Ace of Sweethearts", "A", 12, "Sweethearts")))
        >>> [c.code for c in d.search("ace spa")], [c.code for c in d.search("hearts")]
        (['AS'], [])

        ``within`` restricts the search to those cards (to narrow earlier results).
        """
        words = query.lower().split()
        pool = self.cards if within is None else within
        if not words:
            return list(pool)
        index = self._words()
        return [c for c in pool if all(any(t.startswith(w) for t in index[c.index]) for w in words)]

    def _words(self) -> list[frozenset[str]]:
        cached = self.__dict__.get("_word_index")
        if cached is None:
            cached = [frozenset(c.search_text().split()) for c in self.cards]
            object.__setattr__(self, "_word_index", cached)
        return cached


def codes(cards: Iterable[Card]) -> list[str]:
    """The codes of ``cards``, in order (handy in logs and tests)."""
    return [c.code for c in cards]
