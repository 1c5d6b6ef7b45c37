"""Stud's bring-in in a betting round (``BettingRound(completing=True)``), worked by hand:
completed (the full bet, then raises from it) and not completed (everyone calls it)."""

from __future__ import annotations

from cardtable.engine.betting import BettingRound, BettingRules, Call, Fold, Raise
from cardtable.engine.chips import HandChips

FIXED = BettingRules(limit="fixed", min_bet=4, raise_cap=3)


def round_with_bring_in(stacks=(50, 50, 50, 50), bring_in_seat=1, amount=1):
    chips = HandChips(list(stacks))
    chips.post(bring_in_seat, amount)
    return chips, BettingRound(rules=FIXED, chips=chips, first_to_act=(bring_in_seat + 1) % len(stacks),
                               completing=True)


def test_not_completed_everyone_calls_the_bring_in_and_the_round_ends():
    chips, betting = round_with_bring_in()
    for seat in (2, 3, 0):
        options = betting.legal_options(seat)
        assert options.call_amount == 1 and options.can_raise and options.min_raise_to == options.max_raise_to == 4
        betting.apply(Call(seat=seat))
    # bringing it in was the bring-in's action (it has no option, unlike a big blind)
    assert betting.to_act is None and chips.round_bets == [1, 1, 1, 1] and chips.pot_total == 4


def test_completed_the_full_bet_reopens_the_betting_and_raises_go_up_by_the_bet():
    chips, betting = round_with_bring_in()
    betting.apply(Call(seat=2))  # calls the bring-in of 1
    assert betting.why_illegal(Raise(seat=3, to=5)) == "fixed limit: the raise is to exactly 4"
    event = betting.apply(Raise(seat=3, to=4), name="Cy")
    assert event.public == "Cy completes to 4" and betting.raises == 0 and not betting.completing
    assert betting.legal_options(0).min_raise_to == 8
    betting.apply(Raise(seat=0, to=8))
    assert betting.raises == 1
    betting.apply(Fold(seat=1))  # the bring-in gives up its chip
    # seat 2 only called the bring-in: after the completion it may raise
    options = betting.legal_options(2)
    assert options.can_raise and options.call_amount == 7 and options.min_raise_to == 12
    betting.apply(Raise(seat=2, to=12))
    betting.apply(Call(seat=3))
    betting.apply(Call(seat=0))
    assert betting.to_act is None and chips.round_bets == [12, 1, 12, 12] and betting.raises == 2


def test_the_completing_round_goes_through_json_exactly():
    _, betting = round_with_bring_in()
    again = BettingRound.from_json(betting.to_json())
    assert again.completing and again.to_json() == betting.to_json()
    betting.apply(Raise(seat=2, to=4))
    assert "completing" not in betting.to_json()
