"""The evaluators on card codes (:mod:`cardtable.engine.fast_hands`) agree exactly with the
named ones (:mod:`cardtable.engine.hand_evaluators`, themselves checked against pokerkit in
tests/test_hand_evaluators_oracle.py): the same strength for the same cards, over many seeded
random deals of every size a declared game may show down."""

from __future__ import annotations

import random

import pytest

from cardtable.engine.fast_hands import FAST, deck_codes, size, strength_of, value_of
from cardtable.engine.hand_evaluators import EVALUATORS
from cardtable.variants import load_deck_by_id

DECK = load_deck_by_id("standard52")
CARDS = list(DECK)
CODES = deck_codes(DECK)

SHAPES = {  # evaluator: (hole cards, board cards) shapes dealt
    "high": [(5, 0), (2, 5), (3, 5), (7, 0), (2, 3), (2, 4), (8, 0)],
    "omaha_high": [(4, 5), (4, 3), (4, 4), (5, 5), (2, 3), (6, 5)],
    "low_a5": [(5, 0), (7, 0), (2, 5)],
    "low_27": [(5, 0), (7, 0)],
    "low8": [(5, 0), (2, 5), (7, 0), (3, 5)],
    "omaha_low8": [(4, 5), (4, 3), (5, 5), (2, 3)],
}
DEALS = 400
"""Deals a shape (the slow Omaha evaluators try sixty hands a deal: fewer of theirs)."""


def test_every_standard_evaluator_has_a_fast_twin():
    assert set(FAST) == set(EVALUATORS) == set(SHAPES)
    assert all(FAST[name].low == EVALUATORS[name].low for name in FAST)


@pytest.mark.parametrize("name", sorted(SHAPES))
def test_the_fast_evaluator_agrees_with_the_named_one_on_random_deals(name):
    rng = random.Random(f"fast:{name}")
    slow, fast = EVALUATORS[name], FAST[name]
    for hole_count, board_count in SHAPES[name]:
        for _ in range(DEALS // 3 if name.startswith("omaha") else DEALS):
            dealt = rng.sample(range(len(CARDS)), hole_count + board_count)
            hole, board = dealt[:hole_count], dealt[hole_count:]
            expected = strength_of(name, slow.value([CARDS[i] for i in hole], [CARDS[i] for i in board]))
            got = fast.value([CODES[i] for i in hole], [CODES[i] for i in board])
            assert got == expected, (name, [CARDS[i].code for i in hole], [CARDS[i].code for i in board])
            assert 0 <= got <= size(name)


def test_one_board_prepared_once_values_every_hand_on_it():
    rng = random.Random(3)
    for name in ("high", "omaha_high", "omaha_low8", "low8"):
        fast = FAST[name]
        dealt = rng.sample(range(52), 5 + 4 * 6)
        board = [CODES[i] for i in dealt[:5]]
        ctx = fast.prepare(board)
        for seat in range(6):
            hole = [CODES[i] for i in dealt[5 + 4 * seat:9 + 4 * seat]]
            hole = hole if name.startswith("omaha") else hole[:2]
            assert fast.value_on(hole, ctx) == fast.value(hole, board)


def test_strengths_order_like_the_keys_and_no_low_is_zero():
    by_code = {card.code: i for i, card in enumerate(CARDS)}

    def codes(text):
        return [CODES[by_code[c]] for c in text.split()]

    high = FAST["high"]
    assert high.value(codes("AS KS"), codes("QS JS 10S 2D 3C")) == size("high")  # a royal flush
    assert high.value(codes("AS 2D"), codes("3C 4H 5S 9D KC")) < high.value(codes("6S 2D"), codes("3C 4H 5S 9D KC"))
    assert FAST["low8"].value(codes("KS QD 9C 9H 2S AS 3D"), []) == 0
    assert FAST["omaha_low8"].value(codes("AS 2D KC KH"), codes("3C 4H 5S QD JC")) == size("omaha_low8")


@pytest.mark.parametrize("name", sorted(SHAPES))
def test_the_value_found_on_codes_is_the_named_evaluators_value(name):
    """The showdown of the declared games values hands on codes (value_of): the very
    HandValue, key, kind, label and rank, the named evaluator gives."""
    rng = random.Random(f"value:{name}")
    for hole_count, board_count in SHAPES[name][:3]:
        for _ in range(DEALS // 6 if name.startswith("omaha") else DEALS // 3):
            dealt = rng.sample(range(len(CARDS)), hole_count + board_count)
            hole, board = dealt[:hole_count], dealt[hole_count:]
            expected = EVALUATORS[name].value([CARDS[i] for i in hole], [CARDS[i] for i in board])
            assert value_of(name, hole, board, DECK) == expected
