"""An Ipso hand's result in Ipso's words, from the seat view alone: who took the pot and
how much, with which hand against the best hand beaten, what each hand's number is (a
total of pip values, or the rank of a quad, a prial or a sequence's top card) and the
rule that decided, the cut of the pack included.

>>> from cardtable.engine.view import Showdown, ShownHand
>>> hands = (ShownHand(seat=0, key=(1, 35), label="High Card & Tags (35)"),
...          ShownHand(seat=1, key=(2, 13), label="Pair & Kickers (13)"))
>>> results = Showdown(round=1, showdown=True, hands=hands, winners=(1,), net=(-13, 13))
>>> result_text(["Ada", "Bo"], results, pot=26, cuts=(), card_words=str)
"Bo wins 26 chips with Pair & Kickers (pips total 13) against Ada's High Card & Tags (pips total 35): \
Pair & Kickers ranks above High Card & Tags, whatever the totals."
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cardtable.engine.view import Showdown, ShownHand
from cardtable.engine.words import plural
from cardtable.ui.result_words import named, number_at, possessive, runner_up

__all__ = ["hand_words", "result_text"]

_RANK_WORDS = {1: "Aces", 11: "Jacks", 12: "Queens", 13: "Kings"}
_TOP_WORDS = {1: "Ace", 11: "Jack", 12: "Queen", 13: "King"}
_NUMBER_WORDS = {"Quad": "of {ranks}", "Prial & Rider": "of {ranks}", "Bouncer": "{top} high", "Run": "{top} high"}
"""What the number of a kind that is no total says; every other kind's number is the
total of its four pip values (A=1 ... K=13)."""
_SAME_KIND = {"Quad": "the higher quad wins", "Prial & Rider": "the higher prial wins",
              "Bouncer": "the higher sequence wins", "Run": "the higher sequence wins"}


def _kind_value(hand: ShownHand) -> tuple[str, int]:
    """The kind's name and its number (the view's key holds the number; the label the name)."""
    return hand.label.rsplit(" (", 1)[0], number_at(hand.key, 1)


def hand_words(hand: ShownHand) -> str:
    """A shown hand with what its number means: "Flush (pips total 37)", "Quad of
    Kings", "Run, 9 high"."""
    kind, value = _kind_value(hand)
    form = _NUMBER_WORDS.get(kind)
    if form is None:
        return f"{kind} (pips total {value})"
    text = form.format(ranks=_RANK_WORDS.get(value, f"{value}s"), top=_TOP_WORDS.get(value, str(value)))
    return f"{kind} {text}" if text.startswith("of") else f"{kind}, {text}"


def _rule(best: ShownHand, beaten: ShownHand, names: Sequence[str], cuts: Sequence[tuple[int, int]],
          card_words: Callable[[int], str]) -> str:
    """The rule that put ``best`` above ``beaten``."""
    (kind, value), (other, other_value) = _kind_value(best), _kind_value(beaten)
    if kind != other:
        totals = kind not in _NUMBER_WORDS and other not in _NUMBER_WORDS
        whatever = ", whatever the totals" if totals and other_value > value else ""
        return f"{kind} ranks above {other}{whatever}"
    if value != other_value:
        return f"both {kind}, so {_SAME_KIND.get(kind, 'the higher total wins (pips: A=1 ... K=13)')}"
    cut = ", ".join(f"{names[seat]} {card_words(card)}" for seat, card in cuts)
    return (f"both {kind}, equal: the pack was cut ({cut}) and the highest card won" if cut
            else f"both {kind}, equal")


def result_text(names: Sequence[str], results: Showdown, *, pot: int, cuts: Sequence[tuple[int, int]],
                card_words: Callable[[int], str]) -> str:
    """The hand's result in one sentence or two: the winner, the pot, the hands and the
    deciding rule (``pot``: what the winner took; ``cuts``: the cuts dealt to part equal
    hands, ``(seat, card)`` in order; ``card_words`` names a card)."""
    winner = results.winners[0]
    takes = f"{names[winner]} wins {plural(pot, 'chip')}"
    shown = results.hand(winner)
    if not results.showdown or shown is None:
        return f"{takes}: everyone else folded."
    beaten = runner_up(results, [winner])
    if beaten is None:
        return f"{takes} with {hand_words(shown)}."
    ties = [h.seat for h in results.hands if h.key == beaten.key and h.seat != winner]
    against = f"{named([possessive(n) for n in names], ties)} {hand_words(beaten)}"
    return f"{takes} with {hand_words(shown)} against {against}: {_rule(shown, beaten, names, cuts, card_words)}."
