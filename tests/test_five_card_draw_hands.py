"""The standard poker hand ranking (Five-Card Draw's, and every YAML game's ``high``) against
an independent reference and known facts."""

from __future__ import annotations

import itertools
import json
import random

import pytest

from cardtable import games
from cardtable.engine.fast_hands import deck_codes, size
from cardtable.engine.fast_hands import high as fast_high
from cardtable.engine.poker_hands import (
    KINDS,
    all_keys,
    evaluate,
    evaluate_codes,
    evaluate_pairs,
    kind_counts,
    pairs_of,
    parse_code,
)
from cardtable.variants import load_deck_by_id

RANKS = "23456789TJQKA"


def reference(codes):
    """A textbook evaluator written independently: (category, tie-break list)."""
    values = sorted((RANKS.index(c[:-1].replace("10", "T")) + 2 for c in codes), reverse=True)
    suits = {c[-1] for c in codes}
    flush = len(suits) == 1
    uniq = sorted(set(values), reverse=True)
    straight = None
    if len(uniq) == 5 and uniq[0] - uniq[4] == 4:
        straight = uniq[0]
    if uniq == [14, 5, 4, 3, 2]:
        straight = 5
    by_count = sorted(uniq, key=lambda v: (values.count(v), v), reverse=True)
    counts = sorted((values.count(v) for v in uniq), reverse=True)
    if straight and flush:
        return (8, [straight])
    if counts == [4, 1]:
        return (7, by_count)
    if counts == [3, 2]:
        return (6, by_count)
    if flush:
        return (5, values)
    if straight:
        return (4, [straight])
    if counts == [3, 1, 1]:
        return (3, by_count)
    if counts == [2, 2, 1]:
        return (2, by_count)
    if counts == [2, 1, 1, 1]:
        return (1, by_count)
    return (0, values)


ALL = [r + s for r in RANKS for s in "CDHS"]


def test_random_hands_order_like_the_reference():
    rng = random.Random(5)
    for _ in range(4000):
        a, b = rng.sample(ALL, 5), rng.sample(ALL, 5)
        ra, rb = reference(a), reference(b)
        va, vb = evaluate_codes(a), evaluate_codes(b)
        assert (va.key > vb.key) == (ra > rb) and (va.key == vb.key) == (ra == rb), (a, b)
        assert va.kind == KINDS[ra[0]]


@pytest.mark.parametrize("better,worse", [
    ("AS 2D 3C 4H 5S", "AS KD QC JH 9S"),          # the wheel beats ace high
    ("2D 3C 4H 5S 6S", "AS 2D 3C 4H 5D"),          # a six-high straight beats the wheel
    ("AH KH QH JH TH", "9S 8S 7S 6S 5S"),          # royal over a straight flush
    ("5S 4S 3S 2S AS", "KD KC KH KS 2C"),          # steel wheel over four kings
    ("KS KD 2C 2D 3H", "QS QD JC JD AH"),          # two pair: the higher pair first
    ("KS KD 3C 3D 2H", "KH KC 2S 2D AH"),          # then the lower pair
    ("KS KD 3C 3D 5H", "KH KC 3S 3H 4H"),          # then the kicker
    ("9S 9D AC 7D 4H", "9H 9C KS QD JH"),          # pair: kickers, highest first
    ("9S 9D AC 7D 5H", "9H 9C AS 7C 4H"),          # down to the last kicker
    ("AS QS 9S 6S 3S", "AD QD 9D 6D 2D"),          # flush: every card counts
    ("3S 3D 3C 2H 2D", "AS KS QS JS 9S"),          # full house over flush
    ("2S 2D 2C AH KD", "AS AD KC KH QD"),          # trips over two pair
    ("AS KD QC JH TS", "KS QD JC TH 9S"),          # ace-high straight is the top straight
])
def test_known_orderings(better, worse):
    assert evaluate_codes(better.split()) > evaluate_codes(worse.split())
    assert reference(better.split()) > reference(worse.split())


def test_suits_never_break_ties():
    assert evaluate_codes("AS KD QC JH 9S".split()).key == evaluate_codes("AD KS QH JC 9D".split()).key


def test_exact_counts_and_classes():
    counts = kind_counts()
    assert counts == {"High Card": 1302540, "One Pair": 1098240, "Two Pair": 123552,
                      "Three of a Kind": 54912, "Straight": 10200, "Flush": 5108, "Full House": 3744,
                      "Four of a Kind": 624, "Straight Flush": 40}
    assert len(all_keys()) == 7462
    assert evaluate_codes("AS KS QS JS TS".split()).rank == 1
    assert evaluate_codes("7S 5D 4C 3H 2S".split()).rank == 7462
    assert evaluate_codes("5S 4S 3S 2S AS".split()).rank == 10


def test_counts_by_brute_force_on_a_small_deck():
    """Every five of the 20 cards T-A in four suits, classified by the reference."""
    cards = [r + s for r in "TJQKA" for s in "CDHS"]
    tally = {}
    for hand in itertools.combinations(cards, 5):
        kind = evaluate_codes(hand).kind
        assert kind == KINDS[reference(hand)[0]]
        tally[kind] = tally.get(kind, 0) + 1
    assert tally["Straight Flush"] == 4 and tally["Four of a Kind"] == 5 * 16
    assert sum(tally.values()) == 15504


def test_labels_and_the_deck_cards():
    deck = load_deck_by_id("standard52")
    hand = [deck.find(c) for c in ("KH", "KD", "KS", "8H", "8D")]
    assert evaluate(hand).label == "Full House, Kings over Eights"
    assert evaluate_codes("6S 6D 2C 2H AS".split()).label == "Two Pair, Sixes and Twos"
    assert evaluate_codes("AS 2D 3C 4H 5S".split()).label == "Straight, Five high"
    assert parse_code("10h") == (10, "Hearts") and parse_code("Td") == (10, "Diamonds")


def rank(words):
    return games.get("five_card_draw").rank(words)


def test_rank_tool_prints_json():
    result = rank(["AS", "KS", "QS", "JS", "TS"])
    assert json.loads(json.dumps(result)) == {"variant": "five_card_draw",
                                              "high": {"rank": 1, "kind": "Straight Flush",
                                                       "label": "Royal Flush", "key": [8, 14]}}
    assert rank(["2c,3c,4c,5c,7d"])["high"]["kind"] == "High Card"


@pytest.mark.parametrize("words,message", [
    (["AS", "KS"], "five cards"),
    (["AS", "AS", "QS", "JS", "TS"], "twice"),
    (["AX", "KS", "QS", "JS", "TS"], "cannot read"),
    (["1S", "KS", "QS", "JS", "TS"], "not a card rank"),
])
def test_rank_tool_refuses_bad_hands(words, message):
    with pytest.raises(ValueError, match=message):
        rank(words)


def test_the_public_evaluator_agrees_with_the_fast_path_on_a_large_sample():
    """The public evaluate (Card objects) against fast_hands.high (codes) on every 13th of the
    2,598,960 hands (benchmarks/poker_hands.py goes through all of them), and against the
    slow pass over (rank, suit) pairs on some."""
    deck = load_deck_by_id("standard52")
    cards = list(deck)
    codes = deck_codes(deck)
    top = size("high") + 1
    slow = random.Random(3)
    seen = 0
    for five in itertools.islice(itertools.combinations(range(52), 5), 0, None, 13):
        seen += 1
        value = evaluate([cards[i] for i in five])
        assert value.rank == top - fast_high([codes[i] for i in five]), five
        if slow.random() < 0.01:
            assert value == evaluate_pairs(pairs_of([cards[i] for i in five]))
    assert seen == 2598960 // 13


def test_the_public_evaluator_refuses_what_it_always_refused():
    deck = load_deck_by_id("standard52")
    other = load_deck_by_id("standard52")
    five = [deck.find(c) for c in ("AS", "KS", "QS", "JS", "10S")]
    assert evaluate(five).label == "Royal Flush" and evaluate(tuple(five)).rank == 1
    for hand, message in [(five[:4], "five cards"), (five + [deck.find("2C")], "five cards"),
                          ([five[0], *five[:4]], "named twice"), ([other.find("AS"), *five[:4]], "named twice"),
                          ([five[0], five[0], five[0], five[0], deck.find("2C")], "named twice")]:
        with pytest.raises(ValueError, match=message):
            evaluate(hand)
    stranger = load_deck_by_id("sabacc")[0]
    with pytest.raises(ValueError):
        evaluate([stranger, *five[:4]])
