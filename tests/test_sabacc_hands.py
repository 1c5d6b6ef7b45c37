"""Sabacc hands: totals, bomb-outs, the special hands, their order, and the rank tool's reading
of card names."""

from __future__ import annotations

import pytest

from cardtable.games.sabacc.hands import SabaccHand, bombs_out, demise_key, evaluate, hand_key, parse_card, parse_hand
from cardtable.variants import load_deck_by_id

DECK = load_deck_by_id("sabacc")


def hand(*names: str) -> SabaccHand:
    return evaluate(parse_hand(list(names), DECK))


def test_the_deck_is_the_classic_76_with_negative_faces():
    assert len(DECK) == 76
    faces = {c.name: c.value for c in DECK if "face" in c.tags}
    assert faces == {"Queen of Air and Darkness": -2, "Endurance": -8, "Balance": -11, "Demise": -13,
                     "Moderation": -14, "The Evil One": -15, "The Star": -17, "The Idiot": 0}
    assert sum(1 for c in DECK if "face" in c.tags) == 16
    assert DECK.find("Ace of Staves").value == 15 and DECK.find("Commander of Coins").value == 12


@pytest.mark.parametrize("names, total", [
    (("7 of Flasks", "9 of Sabers"), 16),
    (("Master of Coins", "Demise"), 1),
    (("The Star", "Balance", "4 of Coins"), -24),
    (("Queen of Air and Darkness", "Mistress of Staves", "The Idiot"), 11),
])
def test_totals_add_the_card_values(names, total):
    assert hand(*names).total == total


@pytest.mark.parametrize("names, total", [
    (("Ace of Coins", "9 of Sabers"), 24),
    (("The Star", "Endurance"), -25),
    (("Demise", "Balance"), -24),
    (("The Evil One", "Endurance", "1 of Coins"), -22),
    (("Balance", "11 of Flasks"), 0),
    (("The Idiot", "The Idiot"), 0),
])
def test_bomb_outs_over_23_under_minus_23_and_zero(names, total):
    value = hand(*names)
    assert value.total == total
    assert value.bomb_out == (total == 0 or abs(total) > 23)
    assert (value.key is None) == value.bomb_out


def test_24_minus_24_and_0_bomb_but_23_and_minus_23_do_not():
    assert [bombs_out(t) for t in (24, -24, 0)] == [True, True, True]
    assert [bombs_out(t) for t in (23, -23, 1, -1)] == [False] * 4


def test_pure_sabacc_is_23_or_minus_23():
    plus = hand("Ace of Coins", "8 of Staves")
    minus = hand("The Star", "Endurance", "2 of Sabers")
    assert (plus.total, plus.special, plus.label) == (23, "pure_sabacc", "Pure Sabacc")
    assert (minus.total, minus.special) == (-23, "pure_sabacc")
    assert not plus.bomb_out and plus.key == minus.key


def test_idiots_array_is_exactly_the_idiot_a_two_and_a_three():
    array = hand("The Idiot", "2 of Coins", "3 of Staves")
    assert (array.total, array.special, array.bomb_out, array.label) == (5, "idiots_array", False,
                                                                         "Idiot's Array")
    assert hand("The Idiot", "2 of Coins", "3 of Staves", "1 of Flasks").special is None
    assert hand("The Idiot", "2 of Coins", "4 of Staves").special is None
    # The Queen of Air and Darkness is worth -2 but is no "two card".
    assert hand("The Idiot", "Queen of Air and Darkness", "3 of Staves").special is None


def test_the_array_beats_pure_sabacc_beats_every_ordinary_hand():
    array = hand("The Idiot", "2 of Flasks", "3 of Flasks")
    pure = hand("The Star", "Endurance", "2 of Sabers")
    best_plain = hand("Ace of Coins", "7 of Staves")
    assert best_plain.total == 22 and best_plain.special is None
    assert array.key > pure.key > best_plain.key


def test_plus_20_and_minus_20_tie():
    plus = hand("10 of Coins", "10 of Flasks")
    minus = hand("The Star", "Demise", "10 of Sabers")
    assert (plus.total, minus.total) == (20, -20)
    assert hand_key(plus) == hand_key(minus)
    assert plus.label == "+20" and minus.label == "-20"


def test_demise_keys_prefer_live_hands_then_closest_to_23():
    live = SabaccHand(5, None, False, 3)
    near = SabaccHand(-25, None, True, 3)
    far = SabaccHand(31, None, True, 3)
    assert demise_key(live) > demise_key(near) > demise_key(far)
    assert demise_key(SabaccHand(24, None, True, 3)) == demise_key(SabaccHand(-24, None, True, 3))


def test_card_names_without_the_copy_number_take_a_free_copy():
    cards = parse_hand(["The Idiot", "the idiot", "Moderation (-14)", "master of coins"], DECK)
    assert [c.code for c in cards] == ["The Idiot #1", "The Idiot #2", "Moderation #1",
                                       "Master of Coins"]
    with pytest.raises(ValueError, match="only 2 cards called The Idiot"):
        parse_hand(["The Idiot", "The Idiot", "The Idiot"], DECK)
    with pytest.raises(ValueError, match="named twice"):
        parse_hand(["7 of Flasks", "7 of flasks"], DECK)
    with pytest.raises(ValueError, match="no card 'Ace of Cups'"):
        parse_card("Ace of Cups", DECK)


def test_the_doctests_of_the_sabacc_modules_pass():
    import doctest

    from cardtable.games.sabacc import bot as sabacc_bot
    from cardtable.games.sabacc import hands as sabacc_hands
    from cardtable.games.sabacc import rules as sabacc_setup
    from cardtable.games.sabacc import state as sabacc
    for module in (sabacc, sabacc_hands, sabacc_setup, sabacc_bot):
        result = doctest.testmod(module)
        assert result.failed == 0 and result.attempted > 0, module.__name__
