"""The strong level in Sabacc at more than two seats: a special hand kept from the die, and the
hand's first bet answered with a raise that rolls it again."""

from __future__ import annotations

import random

from test_sabacc_cli_bots import state_with

from cardtable import games
from cardtable.engine.betting import Bet, Call, Check, Fold, Raise
from cardtable.engine.game import CHANCE
from cardtable.games.sabacc import rules
from cardtable.games.sabacc.bot import SabaccBot
from cardtable.games.sabacc.state import Phase

# Four seats, P0 deals: the cards go to seats 1, 2, 3, 0, then again.
FIRST_PURE = ("Ace of Coins", "2 of Coins", "3 of Coins", "4 of Coins", "8 of Sabers", "5 of Coins",
              "6 of Coins", "7 of Coins")  # seat 1 holds 15 + 8 = 23
SECOND_PURE = ("9 of Coins", "Ace of Coins", "3 of Coins", "4 of Coins", "9 of Sabers", "8 of Sabers",
               "6 of Coins", "7 of Coins")  # seat 2 holds 23, seat 1 holds 18


def test_the_strong_level_checks_a_pure_sabacc_the_normal_bot_bets_into_three():
    state = state_with(FIRST_PURE, seats=4)
    assert state.phase == Phase.BET and state.to_act == 1
    assert isinstance(SabaccBot(random.Random(0)).choose(state, 1), Bet)  # the normal bot's: the die may break it
    weighed = SabaccBot(random.Random(0), "weighed")
    assert weighed.choose(state, 1) == Check(seat=1)
    assert not weighed.worth_planning(state, 1)  # no rollouts to talk it out of the check
    strong = games.get("sabacc").bot(random.Random(0), "strong")
    assert strong.choose(state, 1) == Check(seat=1)
    heads_up = state_with(FIRST_PURE[:4])  # heads-up the opening's own weighing decides
    assert SabaccBot(random.Random(0)).keep_special(heads_up, 1) is None


def _after_a_bet(top: tuple[str, ...], seats: int = 4, to: int = 200):
    """The deal of ``top`` after seat 1's bet of ``to``, the die's blue (no shift), and its
    draw dropped."""
    state = state_with(top, seats=seats)
    state.apply(Bet(seat=1, to=to))
    state.apply(rules.RollDie(colour=rules.BLUE))  # no shift
    state.apply(rules.Draw(seat=1))
    state.apply(rules.Drop(seat=1))
    assert state.phase == Phase.BET
    return state


def test_the_strong_level_calls_with_a_pure_sabacc_where_the_normal_bot_raises():
    state = _after_a_bet(SECOND_PURE, to=100)
    assert state.to_act == 2
    assert isinstance(SabaccBot(random.Random(0)).choose(state, 2), Raise)
    assert SabaccBot(random.Random(0), "weighed").choose(state, 2) == Call(seat=2)
    assert games.get("sabacc").bot(random.Random(0), "strong").choose(state, 2) == Call(seat=2)


FIRST_BET = ("9 of Coins", "2 of Coins", "3 of Coins", "4 of Coins", "9 of Sabers", "5 of Coins",
             "6 of Coins", "7 of Coins")  # seat 1 holds 18, seat 2 holds 5


def test_the_first_to_answer_the_first_bet_among_four_raises_the_least():
    state = _after_a_bet(FIRST_BET)
    assert state.to_act == 2
    assert SabaccBot(random.Random(0)).choose(state, 2) == Call(seat=2)  # the normal bot's
    weighed = SabaccBot(random.Random(0), "weighed")
    least = state.betting_options(2).min_raise_to
    assert weighed.choose(state, 2) == Raise(seat=2, to=least)
    assert not weighed.worth_planning(state, 2)
    assert games.get("sabacc").bot(random.Random(0), "strong").choose(state, 2) == Raise(seat=2, to=least)
    state.apply(Raise(seat=2, to=least))
    state.apply(rules.RollDie(colour=rules.BLUE))
    state.apply(rules.Draw(seat=2))
    state.apply(rules.Drop(seat=2))
    assert weighed.raise_first_bet(state, 3) is None  # the bet was answered: seat 3 meets a raise
    called = _after_a_bet(FIRST_BET)
    called.apply(Call(seat=2))
    called.apply(rules.Draw(seat=2))
    called.apply(rules.Drop(seat=2))
    assert weighed.raise_first_bet(called, 3) is None  # called already: not the first to answer
    heads_up = _after_a_bet(FIRST_BET[:4], seats=2)
    assert heads_up.to_act == 0 and weighed.raise_first_bet(heads_up, 0) is None


def _move(state, action):
    """``action``, then the die's blue, a draw and its drop for whoever bet or called."""
    state.apply(action)
    while state.phase != Phase.BET and not state.is_over:
        if state.to_act == CHANCE:
            state.apply(rules.RollDie(colour=rules.BLUE))
        elif state.phase == Phase.DRAW:
            state.apply(rules.Draw(seat=state.to_act))
        else:
            state.apply(rules.Drop(seat=state.to_act))


def _war(top):
    """Seats 1, 2 and 3 raise by the least twice round, seat 0 calling once between."""
    state = state_with(top, seats=4)
    for round_ in range(2):
        for seat in (1, 2, 3):
            options = state.betting_options(seat)
            _move(state, (Bet if options.can_bet else Raise)(seat=seat, to=options.min_raise_to))
        if round_ == 0:
            _move(state, Call(seat=0))
    assert state.to_act == 0 and state.betting_options(0).call_amount
    return state


WAR_WEAK = ("2 of Coins", "3 of Coins", "4 of Coins", "Ace of Coins", "9 of Sabers", "8 of Sabers",
            "7 of Sabers", "2 of Staves")  # seat 0 holds 15 + 2 = 17
WAR_STRONG = ("2 of Coins", "3 of Coins", "4 of Coins", "9 of Coins", "9 of Sabers", "8 of Sabers",
              "7 of Sabers", "Mistress of Coins")  # seat 0 holds 9 + 13 = 22


def test_in_a_raise_war_a_call_is_priced_at_the_stacks():
    weighed = SabaccBot(random.Random(0), "weighed")
    weak = _war(WAR_WEAK)
    assert weighed.war_answer(weak, 0) == Fold(seat=0)
    assert weighed.choose(weak, 0) == Fold(seat=0) and not weighed.worth_planning(weak, 0)
    strong_hand = _war(WAR_STRONG)
    assert weighed.war_answer(strong_hand, 0) == Call(seat=0)
    once = state_with(WAR_WEAK, seats=4)  # each has raised once: no war yet
    for seat in (1, 2, 3):
        options = once.betting_options(seat)
        _move(once, (Bet if options.can_bet else Raise)(seat=seat, to=options.min_raise_to))
    assert once.to_act == 0 and weighed.war_answer(once, 0) is None


def test_the_strong_level_steals_from_players_seen_only_folding(monkeypatch):
    from test_sabacc_cli_bots import DECK

    from cardtable.games.sabacc.bot import _folders

    state = state_with(FIRST_BET, seats=4)
    _move(state, Bet(seat=1, to=200))
    for seat in (2, 3, 0):
        state.apply(Fold(seat=seat))
    assert state.to_act == CHANCE  # the next hand's shuffle
    state.apply(rules.SabaccShuffle(order=tuple(range(len(DECK)))))
    weighed = SabaccBot(random.Random(0), "weighed")
    while state.to_act != 1:
        seat = state.to_act
        assert weighed.steal(state, seat) is None  # seat 1 bet: it is no folder
        _move(state, Check(seat=seat))
    least = Bet(seat=1, to=state.betting_options(1).min_raise_to)
    assert weighed.steal(state, 1) == least
    chance = weighed.draw_odds(state, 1, 3).win
    monkeypatch.setattr("cardtable.games.sabacc.bot.PROBE_AT", chance + 0.01)
    assert weighed.steal(state, 1) is None  # too poor a hand to bet if called
    monkeypatch.undo()
    assert weighed.choose(state, 1) == least and not weighed.worth_planning(state, 1)
    _move(state, least)
    state.apply(Call(seat=2))
    assert _folders(state, 1) == {0, 3}  # seat 2 has paid now: no more steals against it
