"""The declared hand flow (:mod:`cardtable.engine.flow`): a flow reads as a list, refuses
what it cannot play, and every game whose hands run on it keeps no flow code of its own
and reads saves written before the flow's position was recorded."""

from __future__ import annotations

import random

import pytest

from cardtable import games
from cardtable.bots.base import play_step
from cardtable.bots.random_bot import RandomBot
from cardtable.engine import flow
from cardtable.engine.flow import SeatedFlowState
from cardtable.simulation import bundled_settings
from cardtable.variants import load_deck_by_id

FLOW_GAMES = [g for g in games.games() if g.has_rules and issubclass(g.state, SeatedFlowState)]


def test_at_least_the_games_ported_so_far_run_on_the_flow():
    assert {"five_card_draw", "shenja_ivali", "alethkar_poker", "sabacc", "ipso", "flame_sword"} <= {
        g.id for g in FLOW_GAMES}


def test_five_card_draw_is_declared_data_and_reads_as_a_list():
    from cardtable import games
    FLOW = games.get("five_card_draw").state.FLOW
    assert FLOW.describe() == ("antes, deal 5 hole cards, betting before the draw, draw, "
                               "betting after the draw, showdown, settle")


def test_alethkar_poker_reads_as_the_source_s_steps_on_a_flow_without_a_chip_ledger():
    from cardtable.engine.flow import FlowState
    from cardtable.games.alethkar_poker.state import AlethkarState
    from cardtable.games.alethkar_poker.steps import FLOW
    assert FLOW.describe() == "buy-in, deal 7 hole cards, secret bet, discard two, show, settle"
    assert not issubclass(AlethkarState, FlowState)


def test_sabaccs_hand_reads_as_a_list_its_turns_a_step_of_several_phases():
    from cardtable.games.sabacc.rules import DealDemise, RollDie, Shift
    from cardtable.games.sabacc.state import SabaccState
    from cardtable.games.sabacc.steps import FLOW
    assert FLOW.describe() == ("antes, sabacc ante, deal 2 hole cards, turns, showdown, bomb-outs, "
                               "sudden demise, settle")
    assert {RollDie, Shift, DealDemise} <= set(SabaccState.CHANCE_MOVES)
    turns = FLOW.steps.index(flow.Hook("turns"))
    assert [FLOW.position(phase, None) for phase in ("bet", "roll", "shift", "draw", "decide")] == [turns] * 5
    assert FLOW.position("demise", None) == FLOW.steps.index(flow.Hook("sudden demise"))
    assert FLOW.position("reveal", None) == -1


def test_ipso_reads_as_a_list_its_own_steps_hooks():
    from cardtable.games.ipso.steps import FLOW
    assert FLOW.describe() == (
        "antes and burial, deal 4 hole cards, flip, betting round 2, exchange phase 1, betting round 3, "
        "exchange phase 2, betting round 4, exchange phase 3, betting round 5, exchange phase 4, "
        "betting round 6, showdown, settle, next dealer")
    assert [type(s).__name__ for s in FLOW.playing if s.phase] == ["IpsoBet", "ExchangePhase"] * 4 + [
        "IpsoBet", "NextDealer"]


def test_a_flow_ends_with_its_settle_and_names_only_hooks_it_has():
    with pytest.raises(ValueError, match="one settle"):
        flow.HandFlow((flow.Antes(), flow.Deal(hole=2)))
    with pytest.raises(ValueError, match="hooks its game does not have: auction"):
        flow.HandFlow((flow.Hook("auction"), flow.Settle()))
    own = flow.Step()
    assert flow.HandFlow((flow.Hook("auction"), flow.Settle()), hooks={"auction": own}).playing[0] is own


def test_blinds_go_in_from_the_dealers_left_and_the_first_round_opens_left_of_the_big_blind():
    from cardtable.games.flame_sword.state import FlameSwordState
    game = games.get("flame_sword")
    state = FlameSwordState.new(bundled_settings(game), load_deck_by_id(game.decks[0]), ["A", "B", "C", "D"],
                                random.Random(1), dealer=1)
    state.apply(state.chance_action())
    small, big = flow.Blinds().posts(state)
    assert (small.role, small.seat, big.role, big.seat) == ("small", 2, "big", 3)
    assert (small.amount, big.amount) == (state.settings.small_blind, state.settings.blind)
    assert state.big_blind_seat() == 3 and state.blind_seats["big"] == 3
    assert flow.Blinds(small=1, big=2).describe() == "blinds"
    while state.betting is None:
        play_step(state, [RandomBot(random.Random(s)) for s in range(4)])
    assert state.betting.to_act == 0


@pytest.mark.parametrize("game", FLOW_GAMES, ids=lambda g: g.id)
def test_a_flow_game_plays_its_hands_with_no_flow_code_of_its_own(game):
    for name in ("_apply", "_advance", "_settle", "_start_betting", "_showdown", "to_act"):
        assert name not in vars(game.state), f"{game.id} writes {name} itself"


@pytest.mark.parametrize("game", FLOW_GAMES, ids=lambda g: g.id)
def test_a_save_from_before_the_flow_position_loads_where_it_was(game):
    """Every state of a seeded match, written without ``street`` as older saves are, reads
    back to the same step and the same JSON: in every phase a step of the flow waits in,
    and between hands."""
    deck = load_deck_by_id(game.decks[0])
    seats = game.seats[0] + 1
    state = game.state.new(bundled_settings(game), deck, [f"P{s}" for s in range(seats)], random.Random(3))
    bots = [RandomBot(random.Random(s)) for s in range(seats)]
    seen = set()
    between_hands = False
    for _ in range(300):
        if state.is_over:
            break
        data = state.to_json()
        old = dict(data, state={k: v for k, v in data["state"].items() if k != "street"})
        back = type(state).from_json(old, deck=deck)
        assert back.street == state.street and back.to_json() == data
        seen.add(state.phase.value)
        between_hands = between_hands or (state.street == -1 and state.round_number > 0)
        play_step(state, bots)
    first_wait = next(step.phase for step in state.steps if step.phase)
    assert first_wait in seen and between_hands  # hands were played through, and between them


@pytest.mark.parametrize(("items", "message"), [
    ("deal", "a flow is a list of steps"),
    ([{"deal": {"hole": 2}, "bet": {}}, {"settle": {}}], "step 1: a step is one kind and its parameters"),
    ([{"shuffle": {}}, {"settle": {}}], "step 1 (shuffle): no step 'shuffle' (known: antes, blinds, bring_in, deal"),
    ([{"deal": {"hole": 2, "face": "up"}}, {"settle": {}}], "step 1 (deal): unknown parameter 'face'"),
    ([{"deal": {}}, {"settle": {}}], "step 1 (deal): missing hole"),
    ([{"antes": {"amount": True}}, {"settle": {}}], "amount must be a whole number or text, not True"),
    ([{"bet": {"name": "x", "opener": "left"}}, {"settle": {}}], "step 1 (bet): a betting round opens at"),
    ([{"hook": "flop"}, {"settle": {}}], "step 1 (hook): no step of the game's own called 'flop'"),
    ([{"deal": {"hole": 2}}], "a hand flow has one settle"),
])
def test_a_flow_written_as_data_is_refused_saying_which_step_and_why(items, message):
    from cardtable.engine.flow.reader import read_flow
    with pytest.raises(ValueError) as refused:
        read_flow(items)
    assert message in str(refused.value)


def test_every_flow_game_reads_its_hand_from_its_flow_file():
    """Each game's hand is data (``flow.yaml`` beside its code, or its variant file for a game
    written in YAML alone); what the game's own ``HAND_SIZE`` says, where it has one, is what
    the flow deals."""
    import importlib.resources

    from cardtable import games
    for game in FLOW_GAMES:
        if game.id in games.declared_in:
            continue  # its flow is its variant file's (cardtable/yaml_games/declaration.py)
        package = game.state.__module__.rpartition(".")[0]
        assert importlib.resources.files(package).joinpath("flow.yaml").is_file(), package
        rules = importlib.import_module(f"{package}.rules")
        if hasattr(rules, "HAND_SIZE"):
            assert rules.HAND_SIZE == game.state.FLOW.hole_cards, package
