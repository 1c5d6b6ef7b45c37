"""Ipso's hands: the eight kinds and their edges, and the source's resolve examples."""

from __future__ import annotations

import io
import itertools
import json

import pytest

from cardtable.cli import main
from cardtable.games.ipso.hands import KINDS, cut_winners, hand_value_of


def kind(*codes: str) -> str:
    return hand_value_of(codes).kind


def beats(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    return hand_value_of(a).key > hand_value_of(b).key


@pytest.mark.parametrize("codes, expected", [
    (("7S", "7H", "7D", "7C"), "Quad"),
    (("AS", "AH", "AD", "AC"), "Quad"),
    (("7S", "7H", "7D", "KC"), "Prial & Rider"),
    (("2S", "2H", "2D", "JC"), "Prial & Rider"),
    (("QS", "QH", "QD", "KC"), "Prial & Rider"),
    (("AS", "2S", "3S", "4S"), "Bouncer"),
    (("9H", "10H", "JH", "QH"), "Bouncer"),
    (("10D", "JD", "QD", "KD"), "Bouncer"),
    (("AS", "2H", "3S", "4S"), "Run"),
    (("10C", "JD", "QD", "KD"), "Run"),
    (("6S", "8S", "JS", "QS"), "Flush"),
    (("JS", "QS", "KS", "AS"), "Flush"),          # J-Q-K-A is no sequence: Aces are low
    (("QS", "QH", "7D", "7C"), "Pairso"),
    (("QS", "QH", "7D", "9C"), "Pair & Kickers"),
    (("7S", "7H", "7D", "9C"), "Pair & Kickers"),  # a prial with a non-face fourth card
    (("7S", "7H", "7D", "AC"), "Pair & Kickers"),  # an Ace is not a face card
    (("QS", "2H", "4D", "6C"), "High Card & Tags"),
    (("JH", "QD", "KS", "AC"), "High Card & Tags"),  # no J-Q-K-A run either
    (("KH", "AD", "2S", "3C"), "High Card & Tags"),  # sequences do not wrap
])
def test_every_kind_and_its_edges(codes, expected):
    assert kind(*codes) == expected


def test_ranks_follow_the_source_order():
    examples = [("7S", "7H", "7D", "7C"), ("7S", "7H", "7D", "KC"), ("AS", "2S", "3S", "4S"),
                ("AS", "2H", "3S", "4S"), ("6S", "8S", "JS", "QS"), ("QS", "QH", "7D", "7C"),
                ("QS", "QH", "7D", "9C"), ("QS", "2H", "4D", "6C")]
    hands = [hand_value_of(e) for e in examples]
    assert [h.rank for h in hands] == list(range(1, 9))
    assert [h.kind for h in hands] == list(KINDS)
    for better, worse in itertools.combinations(examples, 2):
        assert beats(better, worse)
    # the weakest of a better kind still beats the strongest of a worse one
    assert beats(("AS", "AH", "AD", "AC"), ("KS", "KH", "KD", "QC"))
    assert beats(("AS", "2H", "3S", "4S"), ("9S", "JS", "QS", "KS"))


@pytest.mark.parametrize("winner, loser", [
    (("6S", "8S", "JS", "QS"), ("3H", "4H", "7H", "KH")),   # flush 37 beats 27
    (("QS", "QH", "8D", "8C"), ("KS", "KH", "6D", "6C")),   # pairso 40 beats 38
    (("QS", "QH", "7D", "9C"), ("KS", "KH", "5D", "7C")),   # pair & kickers 40 beats 38
    (("9S", "4H", "6D", "7C"), ("QS", "2H", "4D", "6C")),   # high card 26 beats 24
    (("8S", "8H", "8D", "8C"), ("7S", "7H", "7D", "7C")),   # the higher quad
    (("8S", "8H", "8D", "JC"), ("7S", "7H", "7D", "KC")),   # the higher prial, whatever the rider
    (("2C", "3C", "4C", "5C"), ("AH", "2H", "3H", "4H")),   # the higher bouncer
    (("10S", "JH", "QD", "KC"), ("9S", "10H", "JD", "QC")),  # the higher run
])
def test_the_source_resolve_examples(winner, loser):
    assert beats(winner, loser)
    assert not beats(loser, winner)


def test_values_are_the_source_sums():
    assert hand_value_of(["6S", "8S", "JS", "QS"]).value == 37
    assert hand_value_of(["3H", "4H", "7H", "KH"]).value == 27
    assert hand_value_of(["KS", "KH", "6D", "6C"]).value == 38
    assert hand_value_of(["QS", "QH", "8D", "8C"]).value == 40


def test_equal_values_tie_so_the_pack_is_cut():
    a, b = hand_value_of(["AS", "2S", "3S", "4S"]), hand_value_of(["AH", "2H", "3H", "4H"])
    assert a.key == b.key
    assert hand_value_of(["9S", "4H", "6D", "7C"]).key == hand_value_of(["9H", "4S", "6C", "7D"]).key
    assert cut_winners([1, 3], [5, 12]) == [3]
    assert cut_winners([1, 3, 4], [12, 2, 12]) == [1, 4]


def test_bad_hands_are_refused():
    for bad in (["AS", "2S", "3S"], ["AS", "AS", "2S", "3S"], ["AS", "2S", "3S", "1X"]):
        with pytest.raises(ValueError):
            hand_value_of(bad)


def test_the_rank_command():
    out, err = io.StringIO(), io.StringIO()
    assert main(["rank", "ipso", "AS", "2S", "3S", "4S"], out=out, err=err) == 0
    assert json.loads(out.getvalue()) == {"variant": "ipso", "rank": 3, "kind": "Bouncer", "value": 4}
    out = io.StringIO()
    assert main(["rank", "ipso", "QS", "QH", "7D", "9C"], out=out, err=err) == 0
    assert json.loads(out.getvalue()) == {"variant": "ipso", "rank": 7, "kind": "Pair & Kickers", "value": 40}
    err = io.StringIO()
    assert main(["rank", "ipso", "AS", "ZZ", "3S", "4S"], out=io.StringIO(), err=err) == 2
    assert "ZZ" in err.getvalue()
