"""Flame Sword's state machine: blinds, the Called Shot, the deal, the flips, the
showdown, and the Underdog and the winner's blind carried from hand to hand."""

from __future__ import annotations

import json
import random

import pytest

from cardtable.engine.betting import Call, Check, Fold, Raise
from cardtable.engine.game import CHANCE, IllegalAction
from cardtable.games.flame_sword import rules
from cardtable.games.flame_sword.rules import FlameSwordSettings, Phase
from cardtable.games.flame_sword.state import FlameSwordState, line_cells_of
from cardtable.games.flame_sword.view import line_preview
from cardtable.variants import load_deck_by_id

DECK = load_deck_by_id("infinite")
SETTINGS = FlameSwordSettings(starting_chips=1000, blind=10)
DEAD = FlameSwordSettings(starting_chips=1000, blind=10, extra_blind="dead")


def new(n: int = 3, seed: int = 1, settings: FlameSwordSettings = SETTINGS, **kwargs) -> FlameSwordState:
    return FlameSwordState.new(settings, DECK, [f"P{i}" for i in range(n)], random.Random(seed), **kwargs)


def chance(state: FlameSwordState) -> None:
    assert state.to_act == CHANCE
    state.apply(state.chance_action())


def no_calls(state: FlameSwordState) -> None:
    while state.phase == Phase.CALL:
        state.apply(rules.CallShot(seat=state.to_act))


def passive_step(state: FlameSwordState) -> None:
    """Chance acts, nobody calls a shot, everyone checks or calls, flips the first face-down cell."""
    seat = state.to_act
    if seat == CHANCE:
        state.apply(state.chance_action())
    elif state.phase == Phase.CALL:
        state.apply(rules.CallShot(seat=seat))
    elif state.phase == Phase.FLIP:
        state.apply(rules.Flip(seat=seat, cell=state.face_up.index(False)))
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
    assert state.chips.round_bets == [10, 5, 10, 0]  # the extra blind is live: the dealer's bet
    assert state.chips.dead == 0


def test_the_dead_setting_keeps_the_extra_blind_out_of_the_bets():
    state = new(4, dealer=0, settings=DEAD)
    chance(state)
    assert state.stacks == [990, 995, 990, 1000]
    assert state.chips.pot_total == 25
    assert state.chips.round_bets == [0, 5, 10, 0]  # dead money
    assert state.chips.dead == 10


def test_extra_blind_setting_defaults_to_live_and_is_checked():
    assert FlameSwordSettings().extra_blind == "live"
    assert FlameSwordSettings.from_settings({"extra_blind": "dead"}).live_extra_blind is False
    assert FlameSwordSettings.from_settings({}).to_settings()["extra_blind"] == "live"
    with pytest.raises(ValueError, match="extra_blind must be one of live, dead"):
        FlameSwordSettings.from_settings({"extra_blind": "half"})


def _first_round(settings: FlameSwordSettings) -> FlameSwordState:
    """Four seats, dealer 0: small 1, big 2, the dealer's extra blind; 3 calls first."""
    state = new(4, dealer=0, settings=settings)
    to_first_bet(state)
    assert state.betting_round == 0 and state.to_act == 3
    state.apply(Call(seat=3))
    assert state.to_act == 0
    return state


def test_a_live_extra_blind_checks_its_option_when_nobody_raised():
    state = _first_round(SETTINGS)
    options = state.betting_options(0)
    assert options.can_check and not options.can_call and options.can_raise
    state.apply(Check(seat=0))  # the option: nothing more to put in
    state.apply(Call(seat=1))
    assert state.phase == Phase.BET and state.to_act == 2
    assert state.betting_options(2).can_check
    state.apply(Check(seat=2))
    assert state.phase == Phase.FLIP
    assert state.stacks == [990, 990, 990, 990] and state.chips.pot_total == 40


def test_a_live_extra_blind_may_raise_its_option_and_the_others_answer():
    state = _first_round(SETTINGS)
    state.apply(Raise(seat=0, to=30))
    assert state.to_act == 1 and state.betting_options(1).call_amount == 25
    for seat in (1, 2, 3):
        state.apply(Call(seat=seat))
    assert state.phase == Phase.FLIP and state.chips.pot_total == 120


def test_a_dead_extra_blind_must_call_the_big_blind_as_today():
    state = _first_round(DEAD)
    options = state.betting_options(0)
    assert not options.can_check and options.call_amount == 10
    state.apply(Call(seat=0))
    state.apply(Call(seat=1))
    state.apply(Check(seat=2))
    assert state.phase == Phase.FLIP
    assert state.stacks == [980, 990, 990, 990] and state.chips.pot_total == 50


def test_a_big_blind_who_also_owes_the_extra_blind_posts_both_live():
    heads_up = new(2, dealer=0)
    to_first_bet(heads_up)
    assert heads_up.blind_seats == {"small": 1, "big": 0, "extra": 0}
    assert heads_up.chips.round_bets == [20, 5]
    assert heads_up.betting_options(1).call_amount == 15
    heads_up.apply(Call(seat=1))
    assert heads_up.betting_options(0).can_check
    dead = new(2, dealer=0, settings=DEAD)
    to_first_bet(dead)
    assert dead.chips.round_bets == [10, 5] and dead.betting_options(1).call_amount == 5


def _settings_of(data):
    """The settings mapping inside a state's JSON."""
    if isinstance(data, dict):
        if "settings" in data and isinstance(data["settings"], dict) and "blind" in data["settings"]:
            return data["settings"]
        for value in data.values():
            found = _settings_of(value)
            if found is not None:
                return found
    return None


def test_a_save_from_before_the_setting_loads_with_the_dead_extra_blind_it_was_played_with():
    state = new(3, seed=4, dealer=0)
    play_hand_passively(state)
    data = json.loads(json.dumps(state.to_json()))
    assert _settings_of(data)["extra_blind"] == "live"
    resumed = FlameSwordState.from_json(data, deck=DECK)
    assert resumed.settings.extra_blind == "live"
    del _settings_of(data)["extra_blind"]
    old = FlameSwordState.from_json(data, deck=DECK)
    assert old.settings.extra_blind == "dead"
    chance(old)  # the next hand's extra blind is dead, as when the save was written
    assert old.chips.dead == 10
    assert FlameSwordSettings.from_saved({"blind": 10, "extra_blind": "live"}).extra_blind == "live"


def test_called_shot_goes_round_from_the_dealers_left_and_is_public():
    state = new(3, dealer=0)
    chance(state)
    assert state.phase == Phase.CALL and state.to_act == 1
    shot = tuple(range(100, 110))
    assert "exactly 10" in state.why_illegal(rules.CallShot(seat=1, cards=shot[:9]))
    assert "named twice" in state.why_illegal(rules.CallShot(seat=1, cards=(5,) * 10))
    assert "turn" in state.why_illegal(rules.CallShot(seat=2, cards=()))
    state.apply(rules.CallShot(seat=1, cards=shot))
    state.apply(rules.CallShot(seat=2))
    state.apply(rules.CallShot(seat=0))
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
        state.apply(rules.Deal(cards=tuple(range(112))))


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
    state.apply(rules.Flip(seat=seat, cell=42))
    assert state.why_illegal(rules.Flip(seat=state.to_act, cell=42)) == "the card at row 5, column 3 is already face up"
    assert state.why_illegal(rules.Flip(seat=state.to_act, cell=100)).startswith("there is no grid cell")


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
        # the table's preview, worked out from the seat's view alone, is the same
        from_view = line_preview(state.seat_view(seat), state.deck, state.settings.order, line)
        assert (from_view is None) == (preview is None)
        if preview is not None:
            assert from_view[0].key == preview[0].key and from_view[1] == preview[1]


def test_start_hand_only_between_hands():
    state = new(3)
    chance(state)
    assert state.why_illegal(rules.StartHand()) == "the hand has started"


def test_the_doctests_of_the_flame_sword_modules_pass():
    import doctest

    from cardtable.games.flame_sword import bot as flame_bot
    from cardtable.games.flame_sword import rules as flame_setup
    from cardtable.games.flame_sword import state as flame_sword
    for module in (flame_setup, flame_sword, flame_bot):
        result = doctest.testmod(module)
        assert result.failed == 0 and result.attempted > 0, module.__name__


def test_a_showdown_says_which_step_decided_each_pot_in_the_log_and_the_result():
    layers = set()
    for seed in range(1, 12):
        state = new(3, seed=seed, dealer=0)
        play_hand_passively(state)
        result = state.results
        if not result.showdown:
            continue
        main = result.pots[0]
        hands = result.hands
        if len(main.winners) > 1:
            assert (main.layer, main.decided) == (6, "a split")
            continue
        winner = main.winners[0]
        others = [s for s in main.eligible if s != winner]
        best_other = max(others, key=lambda s: hands[s].key)
        assert (main.layer, main.decided) == rules.decided_by(hands[winner].key, hands[best_other].key)
        layers.add(main.layer)
        line = next(text for text in state.log_for(None) if "wins the main pot" in text)
        if main.layer == 0:
            assert f"a better kind than P{best_other}'s" in line
        else:
            assert f"decided by {main.decided} (tie-break {main.layer} of 6) against P{best_other}" in line
        again = rules.HandResult.from_json(json.loads(json.dumps(result.to_json())))
        assert again.pots[0].decided == main.decided and again.pots[0].layer == main.layer
    assert layers & {1, 2, 3, 4, 5}, "most showdowns are Rainbow x10 against Rainbow x10: a tie layer decides"


def test_results_saved_before_the_decision_was_recorded_still_load():
    state = new(3, seed=2, dealer=0)
    play_hand_passively(state)
    data = state.results.to_json()
    for pot in data["pots"]:
        del pot["decided"], pot["layer"]
    old = rules.HandResult.from_json(data)
    assert old.pots[0].decided == "" and old.pots[0].layer == -1


def test_decided_by_names_the_sources_layers_in_order():
    base = (50, (9, 9, 9, 2, 2), (7, 5), 2, (30, 12))
    assert rules.decided_by(base, (49,) + base[1:]) == (0, "a better kind")
    assert rules.decided_by(base, (50, (9, 9, 9, 2, 2), (7, 4), 2, (30, 12))) == (1, "higher cards")
    assert rules.decided_by((50, (5, 5, 5), (), 1, (3,)), (50, (5, 5, 5), (), 0, ())) == (2, "a trump")
    assert rules.decided_by(base, base[:3] + (1, (30,))) == (3, "more trumps")
    assert rules.decided_by(base, base[:3] + (2, (29, 12))) == (4, "a higher trump")
    assert rules.decided_by(base, base[:3] + (2, (30, 11))) == (5, "a higher second trump")
    assert rules.decided_by(base, base) == (6, "a split")
    assert rules.TIE_LAYERS[0] == "higher cards" and len(rules.TIE_LAYERS) == 6


def test_the_hand_is_a_declared_flow_that_reads_as_a_list():
    from cardtable.games.flame_sword.steps import FLOW
    assert FLOW.describe() == ("blinds, called shots, deal, betting before the flop, flop, betting after the flop, "
                               "turn, betting after the turn, river, betting after the river, showdown, settle")
    assert FLOW.betting_names == rules.BETTING_ROUND_NAMES


def test_a_save_from_before_the_flow_position_at_the_turn_loads_at_the_turn():
    """The flop and the turn are both the ``flip`` phase: an old save is placed by its target."""
    state = new(3, dealer=0)
    to_first_bet(state)
    seen = set()
    while state.phase != Phase.REVEAL:
        if state.phase == Phase.FLIP and state.flip_target not in seen:
            seen.add(state.flip_target)
            data = state.to_json()
            old = dict(data, state={k: v for k, v in data["state"].items() if k != "street"})
            back = FlameSwordState.from_json(old, deck=DECK)
            assert back.street == state.street and back.step.describe() == ("flop", "turn")[len(seen) - 1]
        passive_step(state)
    assert seen == set(rules.FLIP_TARGETS)
