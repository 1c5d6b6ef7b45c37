"""The replay viewer's positions (:mod:`cardtable.match_replay`), for every registered game
with rules: each position is what the match's moves give from its start, seen by each seat
as play showed it, stepped forwards and backwards; a match that does not replay is refused."""

from __future__ import annotations

import dataclasses
import random

import pytest

from cardtable import games
from cardtable.engine.game import CHANCE
from cardtable.engine.replay import ReplayError, replay
from cardtable.match_replay import MatchReplay
from cardtable.variants import load_deck_by_id

GAMES = [g for g in games.games() if g.state is not None]


def played(game, seats: int = 3, actions: int = 160, seed: int = 7):
    """A match of ``game`` played at random (deep enough for a few hands)."""
    state = game.new_state(game.read_settings(game.defaults()), load_deck_by_id(game.decks[0]),
                           [f"P{n}" for n in range(seats)], random.Random(seed))
    rng = random.Random(seed)
    while state.to_act is not None and len(state.history) < actions:
        state.apply(state.chance_action() if state.to_act == CHANCE
                    else rng.choice(state.legal_actions(state.to_act)))
    return state


def test_every_game_with_rules_is_replayed():
    assert len(GAMES) >= 10
    assert {"shenja_ivali", "alethkar_poker", "ipso", "sabacc", "flame_sword", "five_card_draw"} <= {
        g.id for g in GAMES}


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_each_position_is_what_the_moves_give_seen_as_play_showed_it(game, monkeypatch):
    monkeypatch.setattr("cardtable.match_replay.CHECKPOINT", 16)  # backwards steps cross many kept copies
    state = played(game)
    steps = MatchReplay(game, state)
    assert steps.last == len(state.history) and steps.state(steps.last).to_json() == state.to_json()
    data = state.to_json()
    positions = sorted({0, 1, steps.last, *range(0, steps.last, 11)}, reverse=True)  # backwards: the hard way
    for k in positions:
        alone = replay(game.state, data, deck=state.deck, read_settings=game.read_settings, moves=k)
        for seat in (None, *range(state.seats)):
            expected = dataclasses.replace(alone.seat_view(seat), legal=(), options=None)
            assert steps.view(k, seat) == expected, (k, seat)
            assert steps.log(k, seat) == alone.log_for(seat), (k, seat)
        assert steps.hand_of(k) == alone.round_number
        face_up = steps.face_up_view(k)
        assert [s.hand for s in face_up.seats] == [alone.seat_view(n).seats[n].hand for n in range(state.seats)]
        assert None not in [c for s in face_up.seats for c in s.hand]


@pytest.mark.parametrize("game", GAMES[:3], ids=lambda g: g.id)
def test_hands_are_found_where_the_round_changes(game):
    steps = MatchReplay(game, played(game, actions=300))
    assert steps.hands >= 2 and len(steps.hand_starts) == steps.hands
    for start in steps.hand_starts:
        assert steps.hand_of(start) == steps.hand_of(start - 1) + 1
        assert steps.next_hand(start - 1) == start
        assert steps.previous_hand(start + 1 if start < steps.last else start) in (start, steps.hand_starts[0])
    assert steps.previous_hand(steps.hand_starts[0]) == 0
    assert steps.next_hand(steps.hand_starts[-1]) == steps.last
    assert "of" in steps.hand_words(steps.hand_starts[0], "hand")
    assert steps.hand_words(0, "hand").endswith("before the deal")


def test_a_match_that_does_not_replay_is_refused_naming_the_move():
    game = games.get("texas_holdem")
    state = played(game, actions=60)
    state.history[5], state.history[6] = state.history[6], state.history[5]
    with pytest.raises(ReplayError) as refused:
        MatchReplay(game, state)
    assert refused.value.move in (6, 7)
    state.genesis = None
    with pytest.raises(ReplayError, match="how it began"):
        MatchReplay(game, state)


def test_the_match_itself_is_not_changed():
    game = games.get("ipso")
    state = played(game, actions=120)
    before = state.to_json()
    steps = MatchReplay(game, state)
    steps.view(3, 0)
    steps.view(steps.last, 1)
    assert state.to_json() == before
    with pytest.raises(IndexError):
        steps.state(steps.last + 1)
