"""Alethkar Poker's value table, the best split of five cards and the best five of seven."""

from __future__ import annotations

import doctest
import random

import pytest

from cardtable.engine import chips
from cardtable.games.alethkar_poker import payout as alethkar_payout
from cardtable.games.alethkar_poker import rules as alethkar_setup
from cardtable.games.alethkar_poker import values as alethkar_values
from cardtable.games.alethkar_poker.values import (
    RANKS,
    VALUE_TABLE,
    best_five,
    best_split,
    block_value,
    quick_best_five,
    quick_value,
    set_partitions,
)
from cardtable.variants import load_deck_by_id

DECK = load_deck_by_id("standard52")


def cards(*codes: str):
    return [DECK.find(code) for code in codes]


def value(*codes: str, ace_low: bool = True) -> int:
    return best_split(cards(*codes), ace_low_straight=ace_low).value


# Every row of the source's table: (row name, value, a hand whose best split counts it,
# what the rest of that hand adds).
SOURCE_TABLE = [
    ("Ace, King, Queen, Jack, 10 of same suit", 250), ("Five consecutive cards of same suit", 240),
    ("Quadruple Aces", 230), ("Quadruple Kings", 220), ("Quadruple Queens", 210),
    ("Quadruple Jacks", 205), ("Quadruple 10s", 200), ("Quadruple 9s", 190), ("Quadruple 8s", 180),
    ("Quadruple 7s", 170), ("Quadruple 6s", 160), ("Quadruple 5s", 150), ("Quadruple 4s", 140),
    ("Quadruple 3s", 130), ("Quadruple 2s", 120), ("Five cards in consecutive order", 110),
    ("Five cards in the same suit", 100), ("Triple Aces", 92), ("Triple Kings", 88),
    ("Triple Queens", 84), ("Triple Jacks", 80), ("Triple 10s", 76), ("Triple 9s", 72),
    ("Triple 8s", 68), ("Triple 7s", 64), ("Triple 6s", 60), ("Triple 5s", 56), ("Triple 4s", 52),
    ("Triple 3s", 48), ("Triple 2s", 44), ("Pair Aces", 40), ("Pair Kings", 38), ("Pair Queens", 36),
    ("Pair Jacks", 34), ("Pair 10s", 32), ("Pair 9s", 30), ("Pair 8s", 28), ("Pair 7s", 26),
    ("Pair 6s", 24), ("Pair 5s", 22), ("Pair 4s", 20), ("Pair 3s", 18), ("Pair 2s", 16),
    ("Ace", 7), ("King", 6), ("Queen", 5), ("Jack", 4), ("10", 3), ("9", 2), ("8", 1), ("7", 0),
    ("6", -1), ("5", -2), ("4", -3), ("3", -4), ("2", -5),
]


def test_the_value_table_is_the_sources_row_for_row():
    assert list(VALUE_TABLE) == SOURCE_TABLE


@pytest.mark.parametrize("rank", range(13))
def test_groups_of_every_rank_count_their_table_row(rank):
    code = RANKS[rank]
    suits = "CDHS"
    table = dict(SOURCE_TABLE)
    plural = {"J": "Jacks", "Q": "Queens", "K": "Kings", "A": "Aces"}.get(code, f"{code}s")
    single = {"J": "Jack", "Q": "Queen", "K": "King", "A": "Ace"}.get(code, code)
    for size, row in ((1, single), (2, f"Pair {plural}"), (3, f"Triple {plural}"),
                      (4, f"Quadruple {plural}")):
        found = block_value(cards(*(code + s for s in suits[:size])))
        assert found == (row, table[row])


def test_five_card_rows_and_their_best_splits():
    royal = best_split(cards("AS", "KS", "QS", "JS", "10S"))
    assert royal.value == 250 and [c.name for c in royal.combinations] == [
        "Ace, King, Queen, Jack, 10 of same suit"]
    assert value("9H", "8H", "7H", "6H", "5H") == 240
    assert value("KD", "QD", "JD", "10D", "9D") == 240      # not the royal: no Ace
    assert value("AC", "KD", "QH", "JS", "10C") == 110       # Ace-high straight always counts
    assert value("2C", "9C", "5C", "KC", "JC") == 100
    assert value("AC", "2D", "3H", "4S", "5C") == 110        # A-2-3-4-5 by default
    assert value("AC", "2C", "3C", "4C", "5C") == 240
    assert value("AC", "2D", "3H", "4S", "5C", ace_low=False) == 7 - 5 - 4 - 3 - 2
    assert value("AC", "2C", "3C", "4C", "5C", ace_low=False) == 100  # still a flush
    assert value("QC", "KD", "AH", "2S", "3C") == 5 + 6 + 7 - 5 - 4   # no wrapping round
    assert block_value(cards("9H", "8H", "7H", "6H")) is None


def test_mixed_hands_count_each_card_once():
    full_house = best_split(cards("AS", "AH", "AD", "KS", "KH"))
    assert full_house.value == 92 + 38
    assert [(c.name, c.value) for c in full_house.combinations] == [("Triple Aces", 92), ("Pair Kings", 38)]
    assert value("9S", "9H", "4D", "4S", "7H") == 30 + 20 + 0
    assert value("2S", "2H", "2D", "2C", "AH") == 120 + 7
    assert value("7S", "5H", "4D", "3S", "2H") == 0 - 2 - 3 - 4 - 5    # a negative hand
    split = best_split(cards("QH", "3S", "QS", "9D", "3C"))
    assert [c.codes for c in split.combinations] == [["QH", "QS"], ["3S", "3C"], ["9D"]]
    assert split.value == 36 + 18 + 2


def test_the_best_five_is_not_the_first_row_of_the_table_that_fits():
    # A flush (100, higher up the table) against Triple Aces + King + Queen (103).
    seven = cards("AS", "AH", "AD", "KS", "QS", "5S", "3S")
    choice = best_five(seven)
    assert choice.value == 103
    assert sorted(c.code for c in choice.discard) == ["3S", "5S"]
    # A straight (110) against Triple Aces + King + Queen (103): the straight wins here.
    choice = best_five(cards("AS", "AH", "AD", "KS", "QC", "JD", "10H"))
    assert choice.value == 110 and sorted(c.code for c in choice.discard) == ["AD", "AH"]
    # A straight (110) against Triple Aces + Pair Kings (130): the full house wins.
    choice = best_five(cards("AS", "AH", "AD", "KS", "KH", "QC", "JD"))
    assert choice.value == 130
    # A straight against a pair plus high cards: 9-K straight 110, not Pair 9s + K Q J (45).
    choice = best_five(cards("9S", "9H", "10D", "JC", "QS", "KH", "2C"))
    assert choice.value == 110 and sorted(c.code for c in choice.discard) == ["2C", "9H"]
    # A flush against two pairs and an Ace: 100 against 40 + 38 + 5 = 83.
    choice = best_five(cards("AS", "AH", "KS", "KH", "QS", "7S", "2S"))
    assert choice.value == 100


def test_quick_value_agrees_with_the_exhaustive_search():
    rng = random.Random(6)
    deck = list(DECK)
    for _ in range(800):
        hand = rng.sample(deck, 5)
        ace_low = rng.random() < 0.5
        assert quick_value(hand, ace_low_straight=ace_low) == best_split(hand, ace_low_straight=ace_low).value
    for _ in range(60):
        seven = rng.sample(deck, 7)
        value_, drop = quick_best_five(seven)
        assert value_ == best_five(seven).value
        assert best_split([c for i, c in enumerate(seven) if i not in drop]).value == value_


def test_set_partitions_are_every_split_once():
    parts = list(set_partitions([0, 1, 2, 3]))
    assert len(parts) == 15
    assert len({tuple(sorted(tuple(sorted(b)) for b in p)) for p in parts}) == 15


def test_bad_hands_are_refused():
    with pytest.raises(ValueError, match="five cards"):
        best_split(cards("AS", "KS"))
    with pytest.raises(ValueError, match="twice"):
        best_split(cards("AS", "AS", "KS", "QS", "JS"))
    ivali = load_deck_by_id("ivali")
    with pytest.raises(ValueError, match="standard 52"):
        best_split(list(ivali)[:5])


def test_the_doctests_of_the_alethkar_modules_pass():
    for module in (alethkar_values, alethkar_payout, alethkar_setup, chips):
        result = doctest.testmod(module)
        assert result.failed == 0 and result.attempted > 0, module.__name__
