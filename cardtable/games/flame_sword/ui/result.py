"""A Flame Sword hand's result in the game's words, from the seat view alone: pot by pot,
who took it and how much, with which hand against the best hand that could have won it,
and what decided: a better kind, or which of the source's six tie layers and on which
cards ("both Rainbow x10; on higher cards (tie layer 1), Ann's fifth-highest card, a
Sorceress, beats Bo's 21").

>>> from cardtable.engine.view import PotResult, Showdown, ShownHand
>>> hands = (ShownHand(seat=0, key=(9, (30, 30, 30, 2, 2), (), 0, ()), label="Full House (Lady over 2s)"),
...          ShownHand(seat=1, key=(9, (29, 29, 29, 6, 6), (), 0, ()), label="Full House (Wizard over 6s)"))
>>> pot = PotResult(name="main pot", amount=40, eligible=(0, 1), winners=(0,), shares=((0, 40),))
>>> results = Showdown(round=1, showdown=True, hands=hands, pots=(pot,), winners=(0,), net=(20, -20))
>>> result_text(["Ann", "Bo"], results, {30: "Lady", 29: "Wizard", 6: "6", 2: "2"}.__getitem__)
"Ann wins 40 chips with Full House (Lady over 2s) against Bo's Full House (Wizard over 6s): both Full House \
(a 3 of a Kind and a Pair of two different ranks); on higher cards (tie-break 1 of 6), Ann's largest group, \
three Ladies, beats Bo's three Wizards."
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from cardtable.engine.view import Showdown, ShownHand
from cardtable.games.flame_sword.kinds import KIND_BY_NAME
from cardtable.games.flame_sword.rules import decided_by
from cardtable.ui.result_words import ordinal, pots_text, ranks_at

__all__ = ["result_text", "tie_words", "gloss", "with_article", "many"]

GROUPED = ("rank_groups", "mini_groups")
"""The families whose kind cards are groups of one rank (compared group by group)."""

RankName = Callable[[int], str]
"""A rank's name from its place in the rank order (0 low ... 39 Infinity)."""


def with_article(word: str) -> str:
    """"a Dragon", "an Ace", "an 8", "an 11", "a 21"."""
    spoken_vowel = word[:1].upper() in "AEIOU" or word.startswith("8") or word in ("11", "18")
    return f"{'an' if spoken_vowel else 'a'} {word}"


def many(word: str) -> str:
    """A rank's plural: "Ladies", "Princesses", "21s"."""
    if word.endswith("y") and not word[-2:-1].isdigit():
        return word[:-1] + "ies"
    return word + ("es" if word.endswith("s") else "s")


def _kind(hand: ShownHand) -> str:
    return hand.label.split(" (")[0]


def gloss(kind: str) -> str:
    """A kind's name with what it is, from the source's description, for a newcomer:
    "Rainbow x10 (ten cards, none of which share a color)"; the name alone when unknown."""
    found = KIND_BY_NAME.get(kind.lower())
    text = found.text.strip().rstrip(".") if found is not None else ""
    return f"{kind} ({text[:1].lower()}{text[1:]})" if text else kind


def _groups(ranks: Sequence[int]) -> list[tuple[int, int]]:
    """A grouped kind's ranks as (size, rank) groups, in the order the tie compares them."""
    groups: list[tuple[int, int]] = []
    for rank in ranks:
        if groups and groups[-1][1] == rank:
            groups[-1] = (groups[-1][0] + 1, rank)
        else:
            groups.append((1, rank))
    return groups


_COUNTS = ("three", "four", "five", "six", "seven", "eight", "nine", "ten")


def _group_words(size: int, rank: str) -> str:
    """"a Dragon", "a pair of Dragons", "three Dragons"."""
    if size < 3:
        return with_article(rank) if size == 1 else f"a pair of {many(rank)}"
    return f"{_COUNTS[size - 3] if size - 3 < len(_COUNTS) else size} {many(rank)}"


def _apart(mine: Sequence[int], theirs: Sequence[int]) -> tuple[int, int, int]:
    """The first place two rank lists differ, and their ranks there."""
    return next((n, a, b) for n, (a, b) in enumerate(zip(mine, theirs)) if a != b)


def _higher_cards(kind: str, key: Any, other: Any, rank: RankName) -> str:
    """Which cards "higher cards" (tie layer 1) found apart: "Ann's largest group, three
    Ladies, beats Bo's three Wizards"; ``{0}``/``{1}`` stand for the two owners."""
    family = KIND_BY_NAME[kind.lower()].family if kind.lower() in KIND_BY_NAME else ""
    if tuple(key[1]) != tuple(other[1]):
        if family in GROUPED:
            for n, (ours, yours) in enumerate(zip(_groups(key[1]), _groups(other[1]))):
                if ours != yours:
                    place = "largest group" if n == 0 else f"{ordinal(n + 1)} group"
                    words = _group_words(ours[0], rank(ours[1]))
                    return f"{{0}} {place}, {words}, beats {{1}} {_group_words(yours[0], rank(yours[1]))}"
        n, mine, theirs = _apart(key[1], other[1])
        place = "top card" if n == 0 else f"{ordinal(n + 1)}-highest card"
        return f"{{0}} {place}, {with_article(rank(mine))}, beats {{1}} {rank(theirs)}"
    n, mine, theirs = _apart(key[2], other[2])
    place = "best other card" if n == 0 else f"{ordinal(n + 1)} other card"
    return f"{{0}} {place}, {with_article(rank(mine))}, beats {{1}} {rank(theirs)}"


def tie_words(best: ShownHand, beaten: ShownHand, rank: RankName) -> str:
    """What put ``best`` above ``beaten``, with ``{0}`` and ``{1}`` for their owners'
    possessives: "a better kind: Flush ranks above Pair", "both Pair; on more trumps (tie layer 3), {0}
    3 trumps beat {1} 2"."""
    key, other = best.key, beaten.key
    layer, words = decided_by(key, other)
    if layer == 0:
        return f"{words}: {gloss(_kind(best))} ranks above {gloss(_kind(beaten))}"
    if layer == 6:
        return "equal through all six tie-breaks"
    detail = {
        1: lambda: _higher_cards(_kind(best), key, other, rank),
        2: lambda: "{0} hand holds a trump and {1} none",
        3: lambda: f"{{0}} {key[3]} trumps beat {{1}} {other[3]}",
    }.get(layer)
    if detail is None:  # layers 4 and 5: the trumps' ranks, highest first
        n, mine, theirs = _apart(ranks_at(key, 4), ranks_at(other, 4))
        place = "highest trump" if n == 0 else f"{ordinal(n + 1)} trump"
        text = f"{{0}} {place}, {with_article(rank(mine))}, beats {{1}} {rank(theirs)}"
    else:
        text = detail()
    return f"both {gloss(_kind(best))}; on {words} (tie-break {layer} of 6), {text}"


def result_text(names: Sequence[str], results: Showdown, rank: RankName) -> str:
    """Every pot of the hand: who took it, how much, with which hand against whose, and
    what decided (``rank`` names a rank by its place in the rank order)."""
    return pots_text(names, results, lambda best, beaten: tie_words(best, beaten, rank),
                     split="equal through all six tie-breaks (so the pot is split)")
