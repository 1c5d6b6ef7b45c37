"""A Shenja Ivali round's result in the game's words, from the seat view alone: pot by pot,
who took it and how much, with which hand against the best hand beaten, and what decided:
a higher kind on the source's hand table, or the tie-break layer and the groups it found
apart ("both Pear Tree; on the numerals, Ann's three 5s beat Bo's three 4s"; "on the
planets (Earth > Irath > Libera > Gula > Omec), Ann's two Earth cards beat Bo's two Irath
cards").

A hand's key (:class:`~cardtable.games.shenja_ivali.hands.HandValue`) is ``(44 - rank,
numerals, planets, elements)``, each layer its groups packed biggest first as base-64
digits of ``size * 8 + strength``; the strengths are the numeral, and the places of the
planet and the element in the table's orders.

>>> from cardtable.engine.view import PotResult, Showdown, ShownHand
>>> from cardtable.games.shenja_ivali.hands import DEFAULT_RULES
>>> three = lambda numeral: (3 * 8 + numeral) * 64 ** 4 + (1 * 8 + 2) * 64 ** 3 + (1 * 8 + 1) * 64 ** 2
>>> hands = (ShownHand(seat=0, key=(5, three(5), 0, 0), label="Pear Tree"),
...          ShownHand(seat=1, key=(5, three(4), 0, 0), label="Pear Tree"))
>>> pot = PotResult(name="main pot", amount=12, eligible=(0, 1), winners=(0,), shares=((0, 12),))
>>> result_text(["Ann", "Bo"], Showdown(round=2, showdown=True, hands=hands, pots=(pot,)), DEFAULT_RULES)
"Ann wins 12 chips with Pear Tree against Bo's Pear Tree: both Pear Tree; on the numerals, Ann's three 5s \
beat Bo's three 4s."
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine.view import Showdown, ShownHand
from cardtable.games.shenja_ivali.hands import ELEMENTS, PLANETS, IvaliRules
from cardtable.games.shenja_ivali.ui.hand_words import glossed, rank_of_key
from cardtable.ui.result_words import first_difference, number_at, pots_text

__all__ = ["groups", "result_text", "tie_words"]

_COUNTS = ("", "one", "two", "three", "four", "five")


def groups(packed: int) -> list[tuple[int, int]]:
    """A layer's groups ``(size, strength)``, biggest first, from its packed key."""
    digits = []
    for _ in range(5):
        packed, digit = divmod(packed, 64)
        digits.append(digit)
    return [(d // 8, d % 8) for d in reversed(digits) if d]


def _numerals(size: int, numeral: int) -> tuple[str, bool]:
    """A group of numerals in words, and whether they make one thing (a verb's number)."""
    if size <= 2:
        return (f"single {numeral}" if size == 1 else f"pair of {numeral}s"), True
    return f"{_COUNTS[size]} {numeral}s", False


def _named(size: int, name: str) -> tuple[str, bool]:
    """A group of planets or elements in words, and whether it is one card."""
    return (f"{name} card", True) if size == 1 else (f"{_COUNTS[size]} {name} cards", False)


def tie_words(best: ShownHand, beaten: ShownHand, rules: IvaliRules) -> str:
    """What put ``best`` above ``beaten``, ``{0}``/``{1}`` for their owners' possessives."""
    place = first_difference(best.key, beaten.key)
    if place is None:
        return "equal on every ranked layer"
    if place == 0:
        return (f"{glossed(best.label, rank_of_key(best.key))} ranks above "
                f"{glossed(beaten.label, rank_of_key(beaten.key))} on the hand table (F1, then Tab)")
    words = {1: ("the numerals", lambda s: str(s)),
             2: (f"the planets ({' > '.join(rules.planet_order)})",
                 lambda s: rules.planet_order[len(PLANETS) - s]),
             3: (f"the elements ({' > '.join(rules.element_order)})",
                 lambda s: rules.element_order[len(ELEMENTS) - s])}
    layer, name = words.get(place, ("a tie-break", str))
    mine, theirs = groups(number_at(best.key, place)), groups(number_at(beaten.key, place))
    a, b = next(((x, y) for x, y in zip(mine, theirs) if x != y), (mine[0], theirs[0]))
    say = _numerals if place == 1 else lambda size, s: _named(size, name(s))
    (won, one), (lost, _) = say(a[0], a[1]), say(b[0], b[1])
    return f"both {best.label}; on {layer}, {{0}} {won} {'beats' if one else 'beat'} {{1}} {lost}"


def result_text(names: Sequence[str], results: Showdown, rules: IvaliRules) -> str:
    """Every pot of the round: who took it, how much, with which hand against whose, and
    what decided (``rules``: the table's tie-break settings, its orders of planets and
    elements)."""
    return pots_text(names, results, lambda best, beaten: tie_words(best, beaten, rules),
                     split="equal hands, every ranked layer alike")
