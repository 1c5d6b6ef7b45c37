"""Shenja Ivali's hand names glossed in plain words, by the source's own key to its hand
table: "Gachika" is a pair among the numerals and one among the planets, "Clean House
Burning" a full house and a straight among them, all five cards of one element.

>>> glossed("Gachika", 43)
'Gachika (one pair in the numerals and one pair in the planets)'
>>> glossed("Clean House Burning", 4).removeprefix("Clean House Burning (full house in the numerals or the planets, ")
'straight in the other; a flush: all five of one element)'
"""

from __future__ import annotations

from cardtable.games.shenja_ivali.hands import KINDS

__all__ = ["PATTERN_WORDS", "gloss", "glossed", "short_gloss", "rank_of_key"]

PATTERN_WORDS = {"5": "five of a kind", "4": "four of a kind", "FH": "full house", "3": "three of a kind",
                 "2P": "two pairs", "1P": "one pair", "S": "straight"}
"""The source's key to its hand table: what each pattern of numerals or planets means."""


def gloss(rank: int) -> str:
    """What the kind of ``rank`` (1-43) is made of, in the key's words, best pattern first:
    one pattern in the numerals and one in the planets (either way round), and a flush
    when all five cards share an element."""
    kind = KINDS[rank - 1]
    first, second = (PATTERN_WORDS[p] for p in kind.patterns)
    flush = "; a flush: all five of one element" if kind.flush else ""
    if first == second:
        return f"{first} in the numerals and {second} in the planets{flush}"
    return f"{first} in the numerals or the planets, {second} in the other{flush}"


def short_gloss(rank: int) -> str:
    """The kind of ``rank`` in a few words, for a banner: "three of a kind + two pairs"."""
    kind = KINDS[rank - 1]
    return " + ".join([PATTERN_WORDS[p] for p in kind.patterns] + (["flush"] if kind.flush else []))


def glossed(label: str, rank: int) -> str:
    """A hand's name with its gloss: "Gachika (one pair + one pair)"."""
    return f"{label} ({gloss(rank)})"


def rank_of_key(key: tuple[object, ...]) -> int:
    """A shown hand's kind (its rank) from its key, whose first part is ``44 - rank``."""
    first = key[0]
    if not isinstance(first, int):
        raise ValueError(f"not a Shenja Ivali hand's key: {key!r}")
    return 44 - first
