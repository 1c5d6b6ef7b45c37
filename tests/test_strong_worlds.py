"""The strong level's machinery: cheap snapshot copies, paired comparisons of candidates
on common worlds, and the decisions a normal bot says are not worth rollouts."""

from __future__ import annotations

import random

import pytest
from test_strong_bot import GAMES, IDS, mid_game_states

from cardtable import games
from cardtable.bots.strong import Estimate, StrongBot, _best, _pruned, candidates, light_choice
from cardtable.bots.worlds import Snapshot
from cardtable.engine.betting import Call, Check, Fold
from cardtable.engine.game import CHANCE
from cardtable.games.flame_sword.rules import Phase


def _without_trail(data):
    return {k: v for k, v in data.items() if k not in ("history", "log", "rng")}


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_snapshot_copies_are_whole_and_independent(game):
    for state in mid_game_states(game, count=2, seed=21):
        before = state.to_json()
        snapshot = Snapshot(state)
        assert state.to_json() == before  # writing it set nothing aside for good
        one, two = snapshot.make(random.Random(1)), snapshot.make(random.Random(1))
        assert _without_trail(one.to_json()) == _without_trail(before)
        assert one.deck is state.deck and one.history == [] and one.log == []
        seat = one.to_act
        action = one.chance_action() if seat == CHANCE else one.legal_actions(seat)[0]
        one.apply(action)
        assert _without_trail(two.to_json()) == _without_trail(before)
        assert state.to_json() == before


def _estimate(action, values, prior=False):
    estimate = Estimate(action, prior=prior)
    for value in values:
        estimate.add(value, value > 0)
    return estimate


def test_a_rival_must_beat_the_prior_world_by_world():
    prior = _estimate(Check(seat=0), [0.0, 10.0, -10.0, 5.0, -5.0, 0.0], prior=True)
    steady = _estimate(Call(seat=0), [2.0, 12.0, -8.0, 7.0, -3.0, 2.0])  # +2 in every world
    assert _best([prior, steady], prior.action) is steady
    noisy = _estimate(Call(seat=0), [30.0, -20.0, 10.0, -15.0, 25.0, -20.0])  # higher mean, no pattern
    assert noisy.mean > prior.mean
    assert _best([prior, noisy], prior.action) is prior
    slight = _estimate(Call(seat=0), [3.0, 8.0, -7.5, 3.5, -3.0, -1.0])  # ahead on average, not by enough
    assert _best([prior, slight], prior.action) is prior


def test_clearly_worse_candidates_are_dropped_but_never_the_prior():
    prior = _estimate(Check(seat=0), [-1.0, -2.0, -1.5, -2.5], prior=True)
    best = _estimate(Call(seat=0), [5.0, 6.0, 4.0, 5.5])
    bad = _estimate(Fold(seat=0), [-9.0, -9.5, -8.0, -9.0])
    kept = _pruned([prior, best, bad], prior.action)
    assert prior in kept and best in kept and bad not in kept


def test_a_flip_is_played_as_the_normal_bot_plays_it():
    game = games.get("flame_sword")
    for state in mid_game_states(game, count=10, seed=5):
        if state.phase == Phase.FLIP:
            break
    else:
        pytest.skip("no flip among the sampled states")
    seat = state.to_act
    bot = game.bot(random.Random(1), "strong")
    plan = bot.plan(state.seat_copy(seat, random.Random(2)), seat)
    assert plan.rollouts == 0 and state.why_illegal(plan.action) is None
    assert any(e.prior and e.action == plan.action for e in plan.estimates)


def test_rollout_players_come_from_the_normal_bot_when_it_offers_them():
    for game in GAMES:
        bot = game.bot(random.Random(1), "strong")
        assert isinstance(bot, StrongBot)
        if getattr(bot.normal, "rollout_bot", None) is None:  # optional: see the next test
            assert bot.rollout_bot is None and bot.policy in (getattr(bot.normal, "rollout_choice", None), light_choice)
            continue
        made = bot.rollout_bot(random.Random(2))
        assert isinstance(made, type(bot.normal))  # itself, or a cheaper copy of itself


class _NoRolloutBot:
    """A normal bot offering none of the strong level's optional hooks."""

    def __init__(self, inner) -> None:
        self.inner = inner

    def choose(self, state, seat):
        return self.inner.choose(state, seat)


def test_a_normal_bot_without_a_rollout_bot_plans_by_the_default_policy():
    game = games.get("ipso")
    state = next(s for s in mid_game_states(game, count=10, seed=3) if len(candidates(s, s.to_act)) >= 2)
    seat = state.to_act
    bot = StrongBot(random.Random(2), normal=_NoRolloutBot(game.bot(random.Random(1), "normal")), rollouts=12)
    assert bot.rollout_bot is None and bot.policy is light_choice
    plan = bot.plan(state.seat_copy(seat, random.Random(3)), seat)
    assert plan.rollouts > 0 and state.why_illegal(plan.action) is None
    assert state.why_illegal(bot.choose(state.seat_copy(seat, random.Random(4)), seat)) is None


class _Chooses:
    """A stand-in bot that always plays the legal action at ``index`` (of the candidates)."""

    def __init__(self, index: int) -> None:
        self.index = index

    def choose(self, state, seat):
        return candidates(state, seat)[self.index]


def test_the_choice_to_beat_is_the_priors_and_the_rollouts_stay_the_normal_bots():
    game = games.get("ipso")
    state = next(s for s in mid_game_states(game, count=10, seed=3) if len(candidates(s, s.to_act)) >= 2)
    seat = state.to_act
    normal = game.bot(random.Random(1), "normal")
    normal.choose = _Chooses(0).choose  # type: ignore[method-assign]
    bot = StrongBot(random.Random(2), normal=normal, prior=_Chooses(1), rollouts=40)
    plan = bot.plan(state.seat_copy(seat, random.Random(3)), seat)
    (marked,) = [e for e in plan.estimates if e.prior]
    assert marked.action == candidates(state, seat)[1] and bot.rollout_bot == normal.rollout_bot


def test_a_game_whose_bot_names_a_strong_prior_gets_that_level_as_the_choice_to_beat():
    for game in GAMES:
        bot = game.bot(random.Random(1), "strong")
        level = getattr(game.bot_class(), "strong_prior", None)
        if level is None:
            assert bot.prior is bot.normal
        else:
            assert bot.prior is not bot.normal and bot.prior.level == level and bot.normal.level == "normal"
