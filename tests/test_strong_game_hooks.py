"""What the strong level asks Sabacc's and Alethkar Poker's bots (issue 18): Sabacc's cheap
rollout player makes the normal bot's very choices, and Alethkar Poker's one-world settling
of every bag bet gives what playing each out would."""

from __future__ import annotations

import random

import pytest

from cardtable import games
from cardtable.bots.strong import StrongBot
from cardtable.bots.worlds import Worlds
from cardtable.engine.game import CHANCE
from cardtable.games.alethkar_poker.bot import AlethkarBot
from cardtable.games.alethkar_poker.planning import bet_maker, complete_world, settle_candidates
from cardtable.games.alethkar_poker.rules import BagBet, Phase
from cardtable.games.sabacc.bot import SabaccBot
from cardtable.games.sabacc.rollout_bot import RolloutSabaccBot
from cardtable.variants import load_deck_by_id


def _states(game_id, seats, seed, rounds, *, every=1):
    """Seat-to-act states of a game played by normal bots (now and then a random move)."""
    game = games.get(game_id)
    state = game.new_state(game.read_settings(game.defaults()), load_deck_by_id(game.decks[0]),
                           [f"P{s}" for s in range(seats)], random.Random(seed))
    bots = [game.bot(random.Random(seed * 10 + s), "normal") for s in range(seats)]
    rng = random.Random(seed)
    made = 0
    while state.to_act is not None and state.round_number <= rounds:
        seat = state.to_act
        if seat == CHANCE:
            state.apply(state.chance_action())
            continue
        made += 1
        if made % every == 0:
            yield state
        actions = state.legal_actions(seat)
        state.apply(rng.choice(actions) if rng.random() < 0.3 else bots[seat].choose(state, seat))


@pytest.mark.parametrize("seats", [2, 3, 5])
def test_sabaccs_rollout_player_chooses_as_the_normal_bot(seats):
    compared = 0
    for state in (s for seed in range(4) for s in _states("sabacc", seats, seats * 10 + seed, rounds=6)):
        seat = state.to_act
        normal = SabaccBot(random.Random(compared), "normal").choose(state, seat)
        assert RolloutSabaccBot(random.Random(compared), "normal").choose(state, seat) == normal
        if str(state.phase) == "bet":
            odds = [bot.draw_odds(state, seat, 1.5) for bot in (SabaccBot(random.Random(0)),
                                                                 RolloutSabaccBot(random.Random(0)))]
            assert vars(odds[0]) == vars(odds[1])
        compared += 1
    assert compared > 40


def test_sabaccs_normal_bot_lends_the_cheap_player_to_the_strong_level():
    assert isinstance(SabaccBot(random.Random(1)).rollout_bot(random.Random(2)), RolloutSabaccBot)


def _bets(seats, seed):
    """Seat copies at Alethkar Poker's secret bet, some after others have bet."""
    for state in _states("alethkar_poker", seats, seed, rounds=4):
        if state.phase == Phase.BET:
            yield state.seat_copy(state.to_act, random.Random(seed))


def _played_out(world, seat, action, make):
    """``action`` then the round played to its end: the later bets by ``make``'s bots,
    every discard the normal bot's; the change of ``seat``'s holdings and its top hand."""
    before = world.holdings(seat)
    world.apply(action)
    discarder = AlethkarBot(random.Random(0))
    while world.phase in (Phase.BET, Phase.DISCARD):
        mover = world.to_act
        if world.phase == Phase.BET:
            world.apply(BagBet(seat=mover, amount=make(mover).bet(world, mover)))
        else:
            world.apply(discarder.discard(world, mover))
    return float(world.holdings(seat) - before), seat in world.results.winners


@pytest.mark.parametrize("seats", [2, 4])
def test_alethkar_settles_every_bag_bet_on_one_world_as_playing_each_out_would(seats):
    settled = 0
    for copy in _bets(seats, seed=seats + 3):
        seat = copy.to_act
        actions = copy.legal_actions(seat)
        got = settle_candidates(copy, seat, actions, bet_maker(AlethkarBot(random.Random(1)).rollout_bot, 7))
        assert got is not None
        for action, result in zip(actions, got):
            world = copy._copy()
            assert _played_out(world, seat, action, bet_maker(AlethkarBot(random.Random(1)).rollout_bot, 7)) \
                == result
        settled += 1
    assert settled >= 6


def test_alethkar_settles_only_the_secret_bet():
    for copy in _bets(2, seed=3):
        copy.apply(BagBet(seat=copy.to_act, amount=0))
        if copy.phase == Phase.DISCARD:
            seat = copy.to_act
            assert settle_candidates(copy, seat, copy.legal_actions(seat), bet_maker(AlethkarBot, 1)) is None
            assert not AlethkarBot(random.Random(1)).worth_planning(copy, seat)
            return
    raise AssertionError("no discard reached")


@pytest.mark.parametrize("seats", [2, 4])
def test_a_worlds_bags_are_guessed_for_those_who_bet_and_the_holdings_stay(seats):
    guessed = 0
    for copy in _bets(seats, seed=seats):
        seat = copy.to_act
        holdings = [copy.holdings(s) for s in range(copy.seats)]
        untouched = {s: (copy.stacks[s], copy.bags[s]) for s in range(copy.seats)
                     if s == seat or not copy.checked[s]}
        complete_world(copy, seat, bet_maker(AlethkarBot(random.Random(2)).rollout_bot, 5))
        assert [copy.holdings(s) for s in range(copy.seats)] == holdings
        assert all((copy.stacks[s], copy.bags[s]) == split for s, split in untouched.items())
        assert all(copy.stacks[s] >= 0 and copy.bags[s] >= copy.settings.buy_in or copy.stacks[s] == 0
                   for s in copy.players())
        guessed += sum(1 for s in copy.players() if s != seat and copy.checked[s] and copy.bags[s] > 1)
    assert guessed > 0  # the normal bot bets more than the buy-in with some hands


def test_worlds_lend_the_deck_to_an_adjustment_and_take_it_back():
    copy = next(_bets(2, seed=1))
    worlds = Worlds(copy, copy.to_act)
    seen = []
    worlds.adjust(lambda world: seen.append(world.deck is copy.deck))
    assert seen == [True] and "deck" not in vars(worlds.state)


@pytest.mark.parametrize("game_id", ["alethkar_poker", "sabacc"])
def test_the_strong_level_plans_these_games_the_same_for_the_same_seed(game_id):
    game = games.get(game_id)
    for state in _states(game_id, 3, 11, rounds=2, every=3):
        seat = state.to_act
        plans = []
        for _ in range(2):
            bot = game.bot(random.Random(4), "strong")
            assert isinstance(bot, StrongBot)
            bot.rollouts = 40
            plans.append(bot.plan(state.seat_copy(seat, random.Random(5)), seat))
        assert plans[0].action == plans[1].action
        assert [(e.action, e.values) for e in plans[0].estimates] == [(e.action, e.values) for e in plans[1].estimates]
        assert state.why_illegal(plans[0].action) is None


@pytest.mark.parametrize("seats", [2, 3, 5])
def test_alethkars_rollout_player_bets_as_the_bot_with_its_knobs(seats):
    from cardtable.games.alethkar_poker.bot import ROLLOUT_LEVEL
    from cardtable.games.alethkar_poker.rollout_bot import RolloutAlethkarBot

    compared = 0
    for seed in range(3):
        for state in _states("alethkar_poker", seats, seats * 7 + seed, rounds=8):
            if state.phase != Phase.BET:
                continue
            seat = state.to_act
            for knobs in (ROLLOUT_LEVEL, AlethkarBot(random.Random(0)).knobs):
                plain, quick = AlethkarBot(random.Random(compared)), RolloutAlethkarBot(random.Random(compared))
                plain.knobs = quick.knobs = knobs
                assert quick.bet(state, seat) == plain.bet(state, seat)
                assert quick.rng.getstate() == plain.rng.getstate()  # the same draws taken
            compared += 1
    assert compared > 20
    assert isinstance(AlethkarBot(random.Random(1)).rollout_bot(random.Random(2)), RolloutAlethkarBot)


def test_candidates_leave_out_a_free_fold_and_a_bet_that_is_all_in():
    from cardtable.bots.strong import candidates

    checked = 0
    for state in _states("sabacc", 2, 5, rounds=3):
        options = state.betting_options(state.to_act)
        if options is None:
            continue
        found = candidates(state, state.to_act)
        names = [type(a).__name__ for a in found]
        if options.can_check:
            assert "Fold" not in names and "Check" in names
            checked += 1
        if "AllIn" in names:
            assert all(getattr(a, "to", None) != options.all_in_to for a in found if type(a).__name__ != "AllIn")
    assert checked > 0


def test_sabacc_plans_only_the_rivals_its_worlds_get_right():
    from cardtable.engine.betting import AllIn, Bet, Call, Check, Fold, Raise
    from cardtable.games.sabacc.rules import Draw, Stand

    for state in _states("sabacc", 2, 9, rounds=4):
        seat = state.to_act
        bot = SabaccBot(random.Random(1))
        prior = bot.choose(state, seat)
        kept = bot.planning_candidates(state, seat, prior, [prior, *state.legal_actions(seat)])
        assert prior in kept
        if str(state.phase) == "draw":
            assert kept == [prior] and isinstance(prior, (Draw, Stand))
        elif str(state.phase) == "bet":
            calmer = {Bet: (Check, Fold), Raise: (Call, Fold), AllIn: (Check, Call, Fold, Bet, Raise),
                      Call: (Fold,), Check: (Fold, Bet), Fold: ()}[type(prior)]
            assert all(a == prior or isinstance(a, calmer) for a in kept)
            bets = [a for a in kept if isinstance(a, Bet)]
            if isinstance(prior, Check):  # only the least bet
                assert len(bets) <= 1 and all(b.to == state.betting_options(seat).min_raise_to for b in bets)


def test_a_deciding_strong_bot_plays_a_lone_candidate_at_once_and_the_hint_still_weighs_it():
    game = games.get("sabacc")
    for state in _states("sabacc", 2, 9, rounds=2):
        if str(state.phase) != "draw":
            continue
        seat = state.to_act
        bot = game.bot(random.Random(4), "strong")
        bot.rollouts = 12
        copy = state.seat_copy(seat, random.Random(5))
        assert bot.plan(copy, seat, deciding=True).rollouts == 0
        hint = bot.plan(copy, seat)
        assert hint.rollouts > 0 and hint.action == hint.estimates[0].action
        return
    raise AssertionError("no draw reached")


def test_a_snapshots_copies_share_how_the_match_began():
    copy = next(_bets(2, seed=1))
    assert copy.genesis is not None
    made = Worlds(copy, copy.to_act).snapshot.make(random.Random(3))
    assert made.genesis is copy.genesis  # never changed in play; deep-copied it was most of a copy's cost


@pytest.mark.parametrize("seats", [2, 4])
def test_alethkars_remembered_bets_are_the_rollout_players_seeded_by_the_situation(seats):
    from cardtable.games.alethkar_poker.planning import RememberedBets

    made = []

    def make_bot(rng):
        made.append(rng)
        return AlethkarBot(random.Random(1)).rollout_bot(rng)

    remembered = RememberedBets(make_bot)
    asked = 0
    for copy in _bets(seats, seed=seats + 11):
        for other in copy.players():
            fresh = RememberedBets(AlethkarBot(random.Random(9)).rollout_bot)
            amount = remembered(other).bet(copy, other)
            assert amount == fresh.bet(copy, other)  # whenever and by whomever asked: the same
            built = len(made)
            assert remembered(other).bet(copy, other) == amount and len(made) == built  # remembered
            assert 0 <= amount <= copy.stacks[other]
            asked += 1
    assert asked >= 8


def test_the_strong_level_asks_alethkars_rollout_player_once_a_situation():
    bot = AlethkarBot(random.Random(1))
    copy = next(_bets(2, seed=5))
    seat = copy.to_act
    first = bot.settle_candidates(copy, seat, copy.legal_actions(seat), random.Random(1))
    again = bot.settle_candidates(copy, seat, copy.legal_actions(seat), random.Random(2))
    assert first == again and bot._remembered_bets().known  # the same world, the bets remembered
