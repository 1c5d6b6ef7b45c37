"""Flame Sword's state machine: blinds, the Called Shot, the deal, the flips, the
showdown, and the Underdog and the winner's blind carried from hand to hand."""

from __future__ import annotations

import json
import random

import pytest

from cardtable.engine.betting import Call, Check, Fold
from cardtable.games.flame_sword.rules import CallShot, Deal, FlameSwordSettings, Flip, Phase, StartHand
from cardtable.games.flame_sword.state import FlameSwordState, line_cells_of
from cardtable.engine.game import CHANCE, IllegalAction
from cardtable.variants import load_deck_by_id

DECK = load_deck_by_id("infinite")
SETTINGS = FlameSwordSettings(starting_chips=1000, blind=10)


def new(n: int = 3, seed: int = 1, **kwargs) -> FlameSwordState:
    return FlameSwordState.new(SETTINGS, DECK, [f"P{i}" for i in range(n)], random.Random(seed), **kwargs)


def chance(state: FlameSwordState) -> None:
    assert state.to_act == CHANCE
    state.apply(state.chance_action())


def no_calls(state: FlameSwordState) -> None:
    while state.phase == Phase.CALL:
        state.apply(CallShot(seat=state.to_act))


def passive_step(state: FlameSwordState) -> None:
    """Chance acts, nobody calls a shot, everyone checks or calls, flips the first face-down cell."""
    seat = state.to_act
    if seat == CHANCE:
        state.apply(state.chance_action())
    elif state.phase == Phase.CALL:
        state.apply(CallShot(seat=seat))
    elif state.phase == Phase.FLIP:
        state.apply(Flip(seat=seat, cell=state.face_up.index(False)))
    else:
        options = state.betting_options(seat)
        state.apply(Check(seat=seat) if options.can_check else Call(seat=seat))


def play_hand_passively(state: FlameSwordState) -> None:
    while state.phase not in (Phase.REVEAL, Phase.GAME_OVER):
        passive_step(state)


def to_first_bet(state: FlameSwordState) -> None:
    chance(state)
    no_calls(state)
    chance(state)


def test_settings_defaults_and_problems():
    assert FlameSwordSettings.from_settings({}) == FlameSwordSettings()
    assert FlameSwordSettings.from_settings({"blind": 7}).small_blind == 3
    with pytest.raises(ValueError, match="order must be one of source, measured"):
        FlameSwordSettings.from_settings({"order": "random"})
    with pytest.raises(ValueError, match="2 to 8 players"):
        FlameSwordState.new(SETTINGS, DECK, ["solo"], random.Random(1))


def test_first_hand_blinds_small_big_and_the_dealers_extra_blind():
    state = new(4, dealer=0)
    assert state.phase == Phase.START and state.to_act == CHANCE
    chance(state)
    assert state.blind_seats == {"small": 1, "big": 2, "extra": 0}
    assert state.stacks == [990, 995, 990, 1000]
    assert state.chips.pot_total == 25
    assert state.chips.round_bets == [0, 5, 10, 0]  # the extra blind is dead money
    assert state.chips.dead == 10


def test_called_shot_goes_round_from_the_dealers_left_and_is_public():
    state = new(3, dealer=0)
    chance(state)
    assert state.phase == Phase.CALL and state.to_act == 1
    shot = tuple(range(100, 110))
    assert "exactly 10" in state.why_illegal(CallShot(seat=1, cards=shot[:9]))
    assert "named twice" in state.why_illegal(CallShot(seat=1, cards=(5,) * 10))
    assert "turn" in state.why_illegal(CallShot(seat=2, cards=()))
    state.apply(CallShot(seat=1, cards=shot))
    state.apply(CallShot(seat=2))
    state.apply(CallShot(seat=0))
    assert state.phase == Phase.DEAL
    for seat in (None, 0, 1, 2):
        assert state.view(seat)["called"] == [[], list(shot), []]
    assert DECK[100].code in state.log_for(None)[-3]


def test_the_deal_hole_cards_a_face_down_grid_and_the_stock():
    state = new(3, dealer=0)
    to_first_bet(state)
    assert [len(h) for h in state.hands] == [4, 4, 4]
    assert len(state.grid) == 100 and not any(state.face_up)
    assert state.stock_count == 12_000 - 112
    view = state.view(1)
    assert view["hands"][1] == state.hands[1]
    assert view["hands"][0] == [None] * 4 and view["grid"] == [None] * 100
    assert set(state.hands[1]).isdisjoint(state.grid)
    with pytest.raises(IllegalAction):
        state.apply(Deal(cards=tuple(range(112))))


def test_preflop_starts_left_of_the_big_blind_and_later_rounds_left_of_the_dealer():
    state = new(4, dealer=0)
    to_first_bet(state)
    assert state.phase == Phase.BET and state.betting_round == 0 and state.to_act == 3
    heads_up = new(2, dealer=0)
    to_first_bet(heads_up)
    assert heads_up.blind_seats == {"small": 1, "big": 0, "extra": 0}
    assert heads_up.to_act == 1


def test_the_flop_goes_counterclockwise_from_the_dealers_right_skipping_folded_seats():
    state = new(4, dealer=1)
    to_first_bet(state)
    # dealer 1: small 2, big 3, first to act 0
    state.apply(Fold(seat=0))
    while state.phase == Phase.BET:
        passive_step(state)
    assert state.phase == Phase.FLIP and state.flip_target == 60
    assert state.flip_order() == [3, 2, 1]
    flippers = []
    while state.phase == Phase.FLIP:
        flippers.append(state.to_act)
        passive_step(state)
    assert flippers[:6] == [3, 2, 1, 3, 2, 1] and len(flippers) == 60
    assert 0 not in flippers
    assert state.phase == Phase.BET and state.betting_round == 1 and state.to_act == 2  # dealer's left
    assert sum(state.face_up) == 60


def test_flips_reach_80_then_the_river_turns_the_rest():
    state = new(3, dealer=0)
    to_first_bet(state)
    while state.betting_round != 2 or state.phase != Phase.BET:
        passive_step(state)
    assert state.face_up_count == 80
    while state.phase == Phase.BET and state.betting_round == 2:
        passive_step(state)
    assert state.face_up_count == 100 and state.betting_round == 3
    assert state.view(None)["grid"] == state.grid
    assert "The river" in " ".join(state.log_for(None)[-3:])


def test_a_flip_of_a_face_up_card_is_refused():
    state = new(3, dealer=0)
    to_first_bet(state)
    while state.phase != Phase.FLIP:
        passive_step(state)
    seat = state.to_act
    state.apply(Flip(seat=seat, cell=42))
    assert state.why_illegal(Flip(seat=state.to_act, cell=42)) == "the card at row 5, column 3 is already face up"
    assert state.why_illegal(Flip(seat=state.to_act, cell=100)).startswith("there is no grid cell")


def test_showdown_awards_the_pot_and_names_each_hands_line():
    state = new(3, dealer=0)
    play_hand_passively(state)
    result = state.results
    assert result.showdown and set(result.hands) == {0, 1, 2}
    for seat, hand in result.hands.items():
        assert hand.line in [f"row {i}" for i in range(1, 11)] + [f"column {i}" for i in range(1, 11)]
        pool = set(state.hands[seat]) | {state.grid[c] for c in line_cells_of(hand.line)}
        assert set(hand.cards) <= pool and len(hand.cards) == 10
    best = max(h.key for h in result.hands.values())
    assert {s for s, h in result.hands.items() if h.key == best} == set(result.winners)
    assert sum(state.stacks) == 3000 and sum(result.net) == 0
    outcome = state.round_outcome()
    assert outcome["round"] == 1 and outcome["winners"] == list(result.winners)
    assert outcome["hands"] == {str(s): h.kind for s, h in result.hands.items()}


def _showdown_with_underdog(seats: int) -> FlameSwordState:
    for seed in range(1, 40):
        state = new(seats, seed=seed, dealer=0)
        play_hand_passively(state)
        if state.phase == Phase.REVEAL and state.results.underdog is not None:
            return state
    raise AssertionError("no seed gave a showdown with a weakest hand")


def test_the_underdog_and_the_winners_blind_carry_to_the_next_hand():
    state = _showdown_with_underdog(4)
    result = state.results
    keys = {s: h.key for s, h in result.hands.items()}
    underdog = result.underdog
    assert keys[underdog] == min(keys.values()) < max(keys.values())
    winner = result.pots[0].winners[0]
    chance(state)  # hand 2
    assert state.hand_no == 2 and state.dealer == 1
    assert state.underdog == underdog
    assert state.blind_seats["extra"] == winner
    assert state.blind_seats["small"] == 2 and state.blind_seats["big"] == 3
    assert "Underdog" in state.log_for(None)[-2]
    no_calls(state)
    chance(state)
    for seat in range(4):
        assert len(state.hands[seat]) == (8 if seat == underdog else 4)
    assert state.stock_count == 12_000 - 100 - 4 * 4 - 4
    assert state.view(None)["underdog"] == underdog
    # The Underdog's hand uses all eight hole cards at the showdown.
    play_hand_passively(state)
    if state.results.showdown and underdog in state.results.hands:
        hand = state.results.hands[underdog]
        pool = set(state.hands[underdog]) | {state.grid[c] for c in line_cells_of(hand.line)}
        assert set(hand.cards) <= pool


def test_a_hand_won_by_folds_has_no_underdog_and_the_winner_posts_next():
    state = new(3, dealer=0)
    to_first_bet(state)  # first to act: seat 0 (left of big blind 2)
    state.apply(Fold(seat=0))
    state.apply(Fold(seat=1))
    assert state.phase == Phase.REVEAL
    assert state.results.showdown is False and state.results.underdog is None
    assert state.results.winners == (2,)
    assert state.stacks == [990, 995, 1015]
    chance(state)
    assert state.underdog is None and state.blind_seats["extra"] == 2
    assert state.blind_seats == {"small": 2, "big": 0, "extra": 2}


def test_json_round_trip_mid_hand_plays_on_identically():
    state = new(3, seed=5, dealer=0)
    to_first_bet(state)
    while state.phase != Phase.FLIP or state.face_up_count < 7:
        passive_step(state)
    copy = FlameSwordState.from_json(json.loads(json.dumps(state.to_json())), deck=DECK)
    assert copy.to_json() == state.to_json()
    for _ in range(40):
        passive_step(state)
        passive_step(copy)
    assert copy.to_json() == state.to_json()


def test_same_seed_same_deal_even_when_the_global_rng_is_stirred():
    a, b = new(3, seed=9), new(3, seed=9)
    to_first_bet(a)
    random.random()
    to_first_bet(b)
    assert a.hands == b.hands and a.grid == b.grid


def test_line_preview_uses_only_what_the_viewer_sees():
    state = new(3, dealer=0)
    to_first_bet(state)
    while state.phase != Phase.BET or state.betting_round != 1:
        passive_step(state)
    seat = state.to_act
    for line in ("row 1", "column 7"):
        seen = {state.grid[c] for c in line_cells_of(line) if state.face_up[c]}
        preview = state.line_preview(seat, line)
        if preview is not None:
            hand, cards = preview
            assert set(cards) <= set(state.hands[seat]) | seen


def test_start_hand_only_between_hands():
    state = new(3)
    chance(state)
    assert state.why_illegal(StartHand()) == "the hand has started"


def test_the_doctests_of_the_flame_sword_modules_pass():
    import doctest

    from cardtable.games.flame_sword import bot as flame_bot
    from cardtable.games.flame_sword import rules as flame_setup
    from cardtable.games.flame_sword import state as flame_sword
    for module in (flame_setup, flame_sword, flame_bot):
        result = doctest.testmod(module)
        assert result.failed == 0 and result.attempted > 0, module.__name__
