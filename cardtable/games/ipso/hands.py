"""Ipso's four-card hands: the eight kinds, Aces low, and how ties are resolved.

Pip values (the source's "Pip or Stud values"): A=1, 2 to 10 at face value, J=11,
Q=12, K=13. The kinds, best first (``rank`` 1 to 8):

1. Quad - four of a rank; the higher quad wins.
2. Prial & Rider - three of a rank plus a King, Queen or Jack; the higher prial wins.
   (A prial whose fourth card is not a face card is a Pair & Kickers: rules/README.md.)
3. Bouncer - four in sequence, one suit (A-2-3-4 yes, J-Q-K-A no: Aces are low).
4. Run - four in sequence, not all one suit.
5. Flush - four of a suit, not in sequence.
6. Pairso - two pairs.
7. Pair & Kickers - one pair (or a prial without a rider) and two other cards.
8. High Card & Tags - anything else.

Within a kind the hand's ``value`` decides: the quad's or prial's pip, the top pip
of a sequence, otherwise the sum of the four pips. Equal values tie, and the game
cuts the pack to part them (see :func:`cut_winners`).

>>> hand_value_of(["6S", "8S", "JS", "QS"]).label
'Flush (37)'
>>> hand_value_of(["AH", "2H", "3H", "4H"]).kind
'Bouncer'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from cardtable.engine.cards import Card

__all__ = ["KINDS", "PIPS", "FACE_RANKS", "IpsoHand", "pip", "evaluate", "evaluate_pips",
           "hand_value_of", "cut_winners"]

KINDS = ("Quad", "Prial & Rider", "Bouncer", "Run", "Flush", "Pairso", "Pair & Kickers",
         "High Card & Tags")
"""The eight kinds, best first: ``KINDS[rank - 1]``."""

PIPS = {"A": 1, "J": 11, "Q": 12, "K": 13, **{str(n): n for n in range(2, 11)}}
"""The pip value of each rank label of the standard deck (Aces low)."""

FACE_RANKS = frozenset({11, 12, 13})
"""The pips of the face cards that may ride a prial."""


def pip(card: Card) -> int:
    """The Ipso pip value of a standard card (A=1 ... K=13).

    Raises ValueError for a card that is not of the standard 52.
    """
    try:
        return PIPS[card.rank]
    except KeyError:
        raise ValueError(f"{card.code!r} is not a card of the standard 52") from None


@dataclass(frozen=True)
class IpsoHand:
    """The worth of a four-card hand.

    ``rank`` 1 (Quad) to 8 (High Card & Tags); ``kind`` its name; ``value`` the
    number compared between hands of the same kind; ``total`` the sum of the pips.
    ``key`` orders hands: higher is better, equal keys tie (the pack is cut).
    """

    rank: int
    kind: str
    value: int
    total: int

    @property
    def key(self) -> tuple[int, int]:
        """The sort key: better kinds first, then the value."""
        return (9 - self.rank, self.value)

    @property
    def label(self) -> str:
        """The kind and the number that decides ties ("Pairso (40)")."""
        return f"{self.kind} ({self.value})"


def evaluate_pips(pips: Sequence[int], suits: Sequence[str]) -> IpsoHand:
    """The worth of four cards given as pip values and suits.

    >>> evaluate_pips([11, 12, 13, 1], "SSSS").kind
    'Flush'
    """
    if len(pips) != 4 or len(suits) != 4:
        raise ValueError(f"an Ipso hand has four cards, not {len(pips)}")
    counts = Counter(pips)
    shape = sorted(counts.values(), reverse=True)
    total = sum(pips)
    ordered = sorted(pips)
    one_suit = len(set(suits)) == 1

    def hand(rank: int, value: int) -> IpsoHand:
        return IpsoHand(rank, KINDS[rank - 1], value, total)

    if shape == [4]:
        return hand(1, ordered[0])
    if shape == [3, 1]:
        prial = next(p for p, n in counts.items() if n == 3)
        rider = next(p for p, n in counts.items() if n == 1)
        if rider in FACE_RANKS:
            return hand(2, prial)
        return hand(7, total)
    sequence = len(counts) == 4 and ordered[3] - ordered[0] == 3
    if sequence:
        return hand(3 if one_suit else 4, ordered[3])
    if one_suit:
        return hand(5, total)
    if shape == [2, 2]:
        return hand(6, total)
    if shape == [2, 1, 1]:
        return hand(7, total)
    return hand(8, total)


def evaluate(cards: Iterable[Card]) -> IpsoHand:
    """The worth of four standard cards.

    >>> from cardtable.variants import load_deck_by_id
    >>> deck = load_deck_by_id("standard52")
    >>> evaluate(deck.find(c) for c in ["QS", "QH", "7D", "9C"])
    IpsoHand(rank=7, kind='Pair & Kickers', value=40, total=40)
    """
    cards = list(cards)
    return evaluate_pips([pip(c) for c in cards], [c.suit for c in cards])


def hand_value_of(codes: Sequence[str]) -> IpsoHand:
    """The worth of four cards named by their codes ("AS", "10H"); ValueError if bad."""
    from cardtable.variants import load_deck_by_id  # here: the engine core needs no YAML
    deck = load_deck_by_id("standard52")
    if len(codes) != 4:
        raise ValueError(f"an Ipso hand has four cards, got {len(codes)}")
    cards = []
    for code in codes:
        try:
            cards.append(deck.find(code))
        except KeyError:
            raise ValueError(f"no card {code!r} in the standard 52 (write e.g. AS, 10H, QD)") from None
    if len({c.index for c in cards}) != 4:
        raise ValueError("a card is named twice")
    return evaluate(cards)


def cut_winners(tied: Sequence[int], cuts: Sequence[int]) -> list[int]:
    """Who is still tied after one cut: ``cuts[i]`` is the pip of ``tied[i]``'s card.

    >>> cut_winners([0, 2, 3], [9, 12, 12])
    [2, 3]
    """
    best = max(cuts)
    return [seat for seat, value in zip(tied, cuts) if value == best]
