"""What decided a pot at the table of the games written in a variant file, in poker's
words, from the seat view alone (the table's results say it pot by pot, half by half in a
Hi/Lo game, with :func:`~cardtable.ui.result_words.against`): a better kind ("Flush ranks
above Two Pair"), the card that broke a tie ("both Pair of Tens; Ann's second kicker, a
Queen, beats Bo's Jack"), or the lower low.

A standard high hand's key is ``(kind, ranks...)`` (:mod:`cardtable.engine.poker_hands`:
ranks 2 to 14, the groups first); a low's is the same negated, aces 1 for ace-to-five
(:mod:`cardtable.engine.low_hands`). A game's own evaluator's keys are its own: the line
then says only whether the kind or a tie-break decided.

>>> from cardtable.engine.view import PotResult, Showdown, ShownHand
>>> from cardtable.ui.result_words import against
>>> hands = (ShownHand(seat=0, key=(1, 10, 14, 12, 7), label="Pair of Tens"),
...          ShownHand(seat=1, key=(1, 10, 14, 11, 7), label="Pair of Tens"))
>>> pot = PotResult(name="main pot", amount=6, eligible=(0, 1), winners=(0,), shares=((0, 6),))
>>> against(["Ann", "Bo"], Showdown(round=1, showdown=True, hands=hands, pots=(pot,)), pot, poker_rule)
("Bo's Pair of Tens", "both Pair of Tens; Ann's second kicker, a Queen, beats Bo's Jack")
"""

from __future__ import annotations

from cardtable.engine.poker_hands import KINDS, RANK_NAMES
from cardtable.engine.view import ShownHand
from cardtable.ui.result_words import first_difference, number_at, ordinal

__all__ = ["poker_rule", "low_rule", "own_rule"]

_CARDS = tuple(("highest card" if n == 0 else f"{ordinal(n + 1)} card", "") for n in range(5))
_KICKERS = ("highest kicker", "second kicker", "third kicker")
PLACES: dict[int, tuple[tuple[str, str], ...]] = {
    0: _CARDS, 5: _CARDS,
    1: (("pair", "pair of {}"), *((k, "") for k in _KICKERS)),
    2: (("top pair", "top pair of {}"), ("second pair", "second pair of {}"), ("kicker", "")),
    3: (("three of a kind", "three {}"), *((k, "") for k in _KICKERS[:2])),
    4: (("top card", ""),), 8: (("top card", ""),),
    6: (("three of a kind", "three {}"), ("pair", "pair of {}")),
    7: (("four of a kind", "four {}"), ("kicker", "")),
}
"""For each kind (a key's first place), what each later place of the key is: its name,
and for a group the words that say it with the group's rank ("pair of {}")."""

_LOW_NAMES = {1: "Ace", 11: "Jack", 12: "Queen", 13: "King", 14: "Ace"}


def _a(word: str) -> str:
    return f"{'an' if word[:1] in 'AEIO8' else 'a'} {word}"


def _many(rank: int) -> str:
    return "Sixes" if rank == 6 else RANK_NAMES[rank] + "s"


def poker_rule(best: ShownHand, beaten: ShownHand) -> str:
    """What put one standard high hand above another, ``{0}``/``{1}`` their owners'."""
    place = first_difference(best.key, beaten.key)
    kind = number_at(best.key, 0)
    if place is None:
        return "equal hands"
    if place == 0:
        return f"{KINDS[kind]} ranks above {KINDS[number_at(beaten.key, 0)]}"
    name, group = PLACES[kind][min(place, len(PLACES[kind])) - 1]
    mine, theirs = number_at(best.key, place), number_at(beaten.key, place)
    both = best.label if best.label == beaten.label else KINDS[kind]  # "both Pair of Tens", else the kind
    if group:
        won, lost = group.format(_many(mine)), group.format(_many(theirs))
        verb = "beat" if won.startswith(("three", "four")) else "beats"
        return f"both {both}; {{0}} {won} {verb} {{1}} {lost}"
    return f"both {both}; {{0}} {name}, {_a(RANK_NAMES[mine])}, beats {{1}} {RANK_NAMES[theirs]}"


def low_rule(best: ShownHand, beaten: ShownHand) -> str:
    """What put one low below another (the lower low wins), ``{0}``/``{1}`` their owners'."""
    place = first_difference(best.key, beaten.key)
    if place is None:
        return "equal lows"
    if place == 0:
        return f"the lower hand wins: {best.label} is below {beaten.label}"
    mine, theirs = (-number_at(h.key, place) for h in (best, beaten))
    card = "top card" if place == 1 else f"{ordinal(place)}-highest card"
    return (f"the lower low wins, compared from the top card down: in the lows, {{0}} {card}, "
            f"{_a(_LOW_NAMES.get(mine, str(mine)))}, is lower than {{1}} {_LOW_NAMES.get(theirs, str(theirs))}")


def own_rule(best: ShownHand, beaten: ShownHand) -> str:
    """What put one hand above another under a game's own evaluator (its keys are its own)."""
    if first_difference(best.key, beaten.key) == 0:
        return f"{best.label} ranks above {beaten.label}"
    return "the same kind, parted by the game's tie-break"
