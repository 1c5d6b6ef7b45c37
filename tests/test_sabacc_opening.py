"""The strong level's opening in Sabacc (:mod:`cardtable.games.sabacc.opening`): the hand's
first move heads-up, weighed on many deals, where a bet's die may shift the hand."""

from __future__ import annotations

import random

from test_sabacc_cli_bots import DECK, state_with

from cardtable import games
from cardtable.engine.betting import Bet, Check
from cardtable.engine.game import Event
from cardtable.games.sabacc import bot as bot_module
from cardtable.games.sabacc import rules
from cardtable.games.sabacc.bot import CALLER_AT, CALLER_PRIOR, SabaccBot, _second, caller_belief
from cardtable.games.sabacc.opening import opening_values, second_values
from cardtable.games.sabacc.state import Phase

PURE = ("Ace of Coins", "1 of Flasks", "8 of Sabers", "1 of Staves")  # seat 1 holds 15 + 8 = 23
BOMBED = ("Master of Coins", "1 of Flasks", "Moderation", "1 of Staves")  # 14 - 14 = 0
TWENTY = ("10 of Coins", "1 of Flasks", "10 of Sabers", "1 of Staves")


def weighed(top: tuple[str, ...], seed: int = 0):
    state = state_with(top)
    assert state.phase == Phase.BET and state.to_act == 1
    return SabaccBot(random.Random(seed), "weighed").choose(state, 1)


def test_the_weighed_opening_checks_a_pure_sabacc_that_a_shift_would_break():
    assert SabaccBot(random.Random(0)).choose(state_with(PURE), 1) == Bet(seat=1, to=100)  # the normal bot's
    assert weighed(PURE) == Check(seat=1)
    state = state_with(PURE)
    hand = list(state.hands[1])
    unseen = [c for c in range(len(DECK)) if c not in hand]
    check, bet = opening_values(DECK, hand, unseen, [0, 100], state.hand_pot(), state.sabacc_pot,
                                random.Random(1), deals=600)
    assert check > bet + 100


def test_the_weighed_opening_bets_to_roll_the_die_on_a_bombed_hand():
    assert SabaccBot(random.Random(0)).choose(state_with(BOMBED), 1) == Check(seat=1)  # the normal bot's
    assert {weighed(BOMBED, seed) for seed in range(3)} == {Bet(seat=1, to=100)}


def test_the_weighed_opening_bets_the_pot_with_twenty_into_the_normal_level_and_everything_into_a_caller():
    assert SabaccBot(random.Random(0)).choose(state_with(TWENTY), 1) == Check(seat=1)  # the normal bot's
    state = state_with(TWENTY)
    hand = list(state.hands[1])
    unseen = [c for c in range(len(DECK)) if c not in hand]
    bets = [0, 100, 300, 3900]

    def best(caller: float) -> int:
        values = opening_values(DECK, hand, unseen, bets, state.hand_pot(), state.sabacc_pot, random.Random(1),
                                deals=600, stacks=(3900, 3900), caller=caller)
        return bets[values.index(max(values))]

    assert best(0.0) == 300 and best(1.0) == 3900  # the normal level folds a weak hand to everything
    # nothing seen yet: the prior belief in a caller is enough for everything with twenty
    assert caller_belief(state, 1) == CALLER_PRIOR
    assert {weighed(TWENTY, seed) for seed in range(3)} == {Bet(seat=1, to=3900)}
    state.log.append(Event(0, "P0 folds"))  # a caller never folds
    assert caller_belief(state, 1) == 0.0
    assert SabaccBot(random.Random(0), "weighed").choose(state, 1) == Bet(seat=1, to=300)


def test_the_belief_in_a_caller_grows_with_the_size_of_the_bets_called():
    state = state_with(TWENTY)
    state.log.append(Event(0, "P0 calls 100"))
    small = caller_belief(state, 1)
    state.log.append(Event(0, "P0 calls 3,900"))
    large = caller_belief(state, 1)
    assert CALLER_PRIOR <= small < CALLER_PRIOR + 0.01 and large > CALLER_AT
    state.log.append(Event(1, "P1 folds"))  # its own moves say nothing of the opponent
    assert caller_belief(state, 1) == large
    state.log.append(Event(0, "P0 bets 100"))
    assert caller_belief(state, 1) == 0.0
    assert caller_belief(state_with(TWENTY + ("2 of Coins", "3 of Coins"), seats=3), 1) == 0.0


def test_after_the_first_move_a_believed_caller_meets_the_value_bet_without_rollouts(monkeypatch):
    monkeypatch.setattr(bot_module, "SECOND_DEALS", 0)  # the second move left to the rollouts
    state = state_with(("1 of Flasks", "Ace of Coins", "1 of Staves", "7 of Sabers"))  # seat 0 holds 22
    state.apply(Check(seat=1))
    state.apply(rules.Draw(seat=1))
    state.apply(rules.Drop(seat=1))
    bot = SabaccBot(random.Random(0), "weighed")
    assert state.to_act == 0 and bot.worth_planning(state, 0)
    for _ in range(3):
        state.log.append(Event(1, "P1 calls 1,000"))
    assert caller_belief(state, 0) > CALLER_AT
    value = bot.value_bet(state, 0)
    assert value is not None and value.to == state.betting_options(0).max_raise_to
    assert bot.choose(state, 0) == value and not bot.worth_planning(state, 0)


def test_only_the_hands_first_move_heads_up_is_weighed(monkeypatch):
    state = state_with(TWENTY)
    state.apply(Check(seat=1))
    state.apply(rules.Draw(seat=1))
    state.apply(rules.Drop(seat=1))
    assert state.phase == Phase.BET and state.to_act == 0
    bot = SabaccBot(random.Random(0), "weighed")
    monkeypatch.setattr(bot_module, "SECOND_DEALS", 0)  # the second move left to the rollouts
    assert bot.opening(state, 0) is None and bot.second_move(state, 0) is None and bot.worth_planning(state, 0)
    assert bot.choose(state, 0) == SabaccBot(random.Random(0)).choose(state, 0)
    three = state_with(TWENTY + ("2 of Coins", "3 of Coins"), seats=3)
    assert bot.opening(three, three.to_act) is None


def test_the_strong_level_plays_the_weighed_opening_without_rollouts():
    game = games.get("sabacc")
    bot = game.bot(random.Random(1), "strong")
    assert bot.prior.level == "weighed" and not bot.normal.worth_planning(state_with(PURE), 1)
    state = state_with(PURE)
    plan = bot.plan(state.seat_copy(1, random.Random(2)), 1, deciding=True)
    assert plan.action == Check(seat=1) and plan.rollouts == 0


def test_the_second_players_first_move_is_weighed_on_deals_that_fit_the_first_players_draw():
    state = state_with(("1 of Flasks", "Ace of Coins", "1 of Staves", "7 of Sabers"))  # seat 0 holds 22
    state.apply(Check(seat=1))
    state.apply(rules.Draw(seat=1))
    state.apply(rules.Drop(seat=1))
    bot = SabaccBot(random.Random(0), "weighed")
    assert _second(state, 0) == "drop" and not bot.worth_planning(state, 0)
    assert bot.second_move(state, 0) == Bet(seat=0, to=3900) == bot.choose(state, 0)
    seventeen = state_with(("9 of Coins", "1 of Flasks", "8 of Sabers", "1 of Staves"))
    seventeen.apply(Check(seat=1))
    seventeen.apply(rules.Draw(seat=1))
    seventeen.apply(rules.Drop(seat=1))
    assert bot.second_move(seventeen, 0) == Check(seat=0)
    seventeen.log.append(Event(1, "P1 folds"))  # as if an earlier hand's fold: no caller
    assert _second(seventeen, 0) == "drop" and bot.second_move(seventeen, 0) == Check(seat=0)
    assert bot.opening(state, 0) is None and bot.second_move(state_with(PURE), 1) is None
    three = state_with(TWENTY + ("2 of Coins", "3 of Coins"), seats=3)
    assert _second(three, three.to_act) is None


def test_a_deal_that_does_not_fit_the_first_players_placing_is_not_weighed():
    hand = [DECK.find("Ace of Coins").index, DECK.find("7 of Sabers").index]
    unseen = [c for c in range(len(DECK)) if c not in hand]
    kept = second_values(DECK, hand, unseen, "keep", [0], 200, 2000, random.Random(1), deals=400)
    dropped = second_values(DECK, hand, unseen, "drop", [0], 200, 2000, random.Random(1), deals=400)
    assert kept[0] < dropped[0]  # three cards kept are a better hand than two a draw did not help
