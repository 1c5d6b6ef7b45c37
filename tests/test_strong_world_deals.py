"""The strong level's worlds (:class:`cardtable.bots.worlds.Worlds`): dealt in place on one
snapshot, each the deal a seat copy would make for the same generator, uniform over the
cards the seat has not seen, never changing what the seat sees; and the rollout copies'
sampled deal in Flame Sword, uniform too, while the real game still shuffles whole."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from test_strong_bot import GAMES, IDS, mid_game_states

from cardtable import games
from cardtable.bots.worlds import SAMPLED_CHANCE, Snapshot, Worlds
from cardtable.engine.game import CHANCE
from cardtable.games.flame_sword.rules import Deal, Phase
from cardtable.variants import load_deck_by_id

BINS = 12
WORLDS = 1200


def _without_trail(data):
    return {k: v for k, v in data.items() if k not in ("history", "log", "rng")}


def _chi_square(counts, expected):
    return sum((counts.get(b, 0) - e) ** 2 / e for b, e in expected.items() if e > 0)


def _limit(df):
    # far in the tail (about z = 6): a fair deal fails it about once in a billion runs
    return df + 6.0 * (2.0 * df) ** 0.5 + 10.0


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_a_world_is_the_seat_copys_deal(game):
    for state in mid_game_states(game, count=3, seed=31):
        seat = state.to_act
        given = state.seat_copy(seat, random.Random(5))
        worlds = Worlds(given, seat)
        for k in range(3):
            mine, theirs = random.Random(k), random.Random(k)
            made = worlds.deal(mine).make(random.Random(0))
            expected = given.seat_copy(seat, theirs)
            assert _without_trail(made.to_json()) == _without_trail(expected.to_json())
            assert mine.getstate() == theirs.getstate()  # the same draws taken


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_worlds_deal_the_unseen_cards_uniformly_and_hide_nothing_seen(game):
    state = next(s for s in mid_game_states(game, count=6, seed=13) if s.to_act is not None)
    seat = state.to_act
    given = state.seat_copy(seat, random.Random(3))
    view = given.view(seat)
    worlds = Worlds(given, seat)
    pool = sorted(worlds.dealt())
    if not pool:
        pytest.skip("nothing hidden from the seat here")
    if hasattr(given, "hidden_deal"):  # the game's own deal (Flame Sword): from every unseen card
        seen = {c for pile in (*given.hands, given.grid, given.mucked) for c in pile} - set(pool)
        pool = [c for c in range(len(given.deck)) if c not in seen]
    share = Counter(hash(c) % BINS for c in pool)
    first, last = Counter(), Counter()
    rng = random.Random(17)
    for _ in range(WORLDS):
        snapshot = worlds.deal(rng)
        cards = worlds.dealt()
        assert len(set(cards)) == len(cards) and set(cards) <= set(pool)
        first[hash(cards[0]) % BINS] += 1
        last[hash(cards[-1]) % BINS] += 1
        assert snapshot.make(random.Random(0)).view(seat) == view
    expected = {b: WORLDS * n / len(pool) for b, n in share.items()}
    df = max(1, len(expected) - 1)
    assert _chi_square(first, expected) < _limit(df)
    assert _chi_square(last, expected) < _limit(df)
    assert given.view(seat) == view


def _flame_state_to_deal():
    game = games.get("flame_sword")
    state = game.new_state(game.read_settings(game.defaults()), load_deck_by_id(game.decks[0]),
                           ["A", "B", "C"], random.Random(4))
    while state.phase != Phase.DEAL:
        seat = state.to_act
        state.apply(state.chance_action() if seat == CHANCE else state.legal_actions(seat)[0])
    return state


def test_rollout_copies_sample_the_flame_sword_deal_uniformly():
    state = _flame_state_to_deal()
    assert not getattr(state, SAMPLED_CHANCE)
    copy = Snapshot(state).make(random.Random(0))
    assert getattr(copy, SAMPLED_CHANCE)
    size = len(state.deck)
    counts = Counter()
    deals = 400
    for k in range(deals):
        copy.rng = random.Random(k)
        deal = copy.chance_action()
        assert isinstance(deal, Deal) and copy.why_illegal(deal) is None
        counts.update(c * BINS // size for c in deal.cards)
    drawn = sum(counts.values())
    expected = {b: drawn * (min(size, (b + 1) * size // BINS) - b * size // BINS) / size for b in range(BINS)}
    assert _chi_square(counts, expected) < _limit(BINS - 1)


def test_the_real_flame_sword_deal_still_shuffles_the_whole_deck():
    state = _flame_state_to_deal()
    rng = random.Random(9)
    state.rng = random.Random(9)
    order = list(range(len(state.deck)))
    rng.shuffle(order)
    assert state.chance_action() == Deal(cards=tuple(order[:state._deal_size()]))
