"""The standard evaluators (:mod:`cardtable.engine.hand_evaluators`) order hands exactly as
an independent poker engine does: pokerkit, over many seeded random deals per evaluator
(which of two hands is better, or that they tie, and whether a low qualifies)."""

from __future__ import annotations

import random

import pokerkit
import pytest

from cardtable.engine.hand_evaluators import EVALUATORS
from cardtable.variants import load_deck_by_id

DECK = list(load_deck_by_id("standard52"))
DEALS = 1000


def _code(card) -> str:
    return ("T" if card.rank == "10" else card.rank) + card.suit[0].lower()


def _theirs(kind, hole, board):
    try:
        return kind.from_game("".join(map(_code, hole)), "".join(map(_code, board)))
    except ValueError:  # pokerkit's word for "no hand qualifies"
        return None


def _order(a, b) -> int:
    if a is None or b is None:
        return (a is not None) - (b is not None)
    return (a > b) - (a < b)


CASES = {  # evaluator: (pokerkit's hand type, hole cards, board cards)
    "high": ("StandardHighHand", 2, 5),
    "omaha_high": ("OmahaHoldemHand", 4, 5),
    "low_a5": ("RegularLowHand", 7, 0),
    "low_27": ("StandardLowHand", 5, 0),
    "low8": ("EightOrBetterLowHand", 2, 5),
    "omaha_low8": ("OmahaEightOrBetterLowHand", 4, 5),
}


def test_every_standard_evaluator_is_checked():
    assert set(CASES) == set(EVALUATORS)


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_evaluator_orders_hands_as_pokerkit_does(name):
    kind_name, holes, boards = CASES[name]
    kind = getattr(pokerkit, kind_name)
    evaluator = EVALUATORS[name]
    rng = random.Random(f"oracle:{name}")
    seen = set()
    for _ in range(DEALS):
        cards = rng.sample(DECK, 2 * holes + boards)
        board = cards[2 * holes:]
        hands = [cards[:holes], cards[holes:2 * holes]]
        mine = [evaluator.value(h, board) for h in hands]
        theirs = [_theirs(kind, h, board) for h in hands]
        assert [m is None for m in mine] == [t is None for t in theirs], (name, cards)
        order = _order(*[m.key if m is not None else None for m in mine])
        assert order == _order(*theirs), (name, [c.code for c in cards])
        seen.add(order)
    assert seen >= {-1, 1}  # both sides won somewhere: the deals are not all one way
