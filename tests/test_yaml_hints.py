"""The hint (H at the table) of the games written in a variant file speaks a player's words:
"Call: about 38% to win, the price is 20%", "Discard 9D, 6C, 2S: keep the pair of kings", and
never names a card the seat cannot see (only its own, the board and the cards face up)."""

from __future__ import annotations

import random
import re

import pytest
from test_yaml_bots import DECK, GAMES, _give, _to_phase, written  # noqa: F401 - written is a fixture

from cardtable.bots.base import choose_for
from cardtable.engine.betting import Call
from cardtable.engine.game import CHANCE
from cardtable.ui.hint import strong_bot, work_out
from cardtable.yaml_games.checks import CARD_CODE

CHANCE_WORDS = r"about (?:\d+%|under 1%|over 99%) (?:to win|of the pot)"
FIRST_LINE = re.compile(rf"^(?:Fold|Call|Check|Bet \d+|Raise to \d+|All-in): {CHANCE_WORDS}")


def visible_codes(state, seat: int) -> set[str]:
    """The codes of every card ``seat`` may see: its own, the board, every card face up."""
    view = state.seat_view(seat)
    cards = {c for info in view.seats for c in info.hand if c is not None} | set(view.zone("board").cards)
    cards |= {c for info in view.seats for c in info.up}
    return {state.card_name(c) for c in cards}


def a_call_to_make(game, seed: int):
    """A state of ``game`` (three players, normal bots) whose seat to act must pay to stay in."""
    state = game.new_state(game.read_settings(game.defaults()), DECK, ["Ada", "Bo", "Cy"], random.Random(seed))
    bots = [game.bot(random.Random(seed + s), "normal") for s in range(3)]
    for _ in range(3000):
        seat = state.to_act
        if seat is None:
            break
        if seat == CHANCE:
            state.apply(state.chance_action())
            continue
        options = state.betting_options(seat)
        if options is not None and options.can_call and options.call_amount > 0 and state.round_number > 1:
            return state, seat
        state.apply(choose_for(bots[seat], state, seat))
    raise AssertionError(f"no call to make in {game.id}")


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_a_yaml_games_hint_gives_its_chance_against_the_price(game):
    state, seat = a_call_to_make(game, seed=3)
    copy = state.seat_copy(seat, random.Random(1))
    hint = work_out(copy, seat, bot=strong_bot(game.id, 1))
    assert state.why_illegal(hint.action) is None
    first = hint.reasons[0]
    assert FIRST_LINE.match(first), first
    if isinstance(hint.action, Call) or first.startswith(("Call", "Fold")):
        assert re.search(r"the price is \d+%$", first), first
    seen = visible_codes(state, seat)
    named = {code for line in hint.lines for code in CARD_CODE.findall(line)}
    assert named <= seen, f"the hint names {named - seen}, which seat {seat} cannot see"
    assert hint.name == game.bot(random.Random(0), "normal").hint_name(copy, seat, hint.action)


def test_a_discard_hint_says_what_it_keeps(written):  # noqa: F811 - the fixture imported above
    game = written[0]
    state = game.new_state(game.read_settings({}), DECK, ["Ada", "Bo", "Cy"], random.Random(0))
    state.apply(state.chance_action())
    seat = state.players_from_left()[0]
    _give(state, seat, "KS KH 9D 6C 2S")
    _to_phase(state, "draw")
    copy = state.seat_copy(seat, random.Random(2))
    hint = work_out(copy, seat, bot=strong_bot(game.id, 2))
    assert hint.name == "Discard 9D, 6C, 2S"
    assert hint.reasons[0] == "Discard 9D, 6C, 2S: keep the pair of kings"
    assert re.fullmatch(rf"{CHANCE_WORDS[0].upper()}{CHANCE_WORDS[1:]} after the draw, against 2 players",
                        hint.reasons[1]), hint.reasons[1]
    assert {code for line in hint.lines for code in CARD_CODE.findall(line)} <= {"KS", "KH", "9D", "6C", "2S"}


def test_a_pineapple_hint_names_the_cards_kept_and_what_they_make(written):  # noqa: F811
    game = written[1]
    state = game.new_state(game.read_settings({}), DECK, ["Ada", "Bo", "Cy"], random.Random(7))
    state.apply(state.chance_action())
    _to_phase(state, "discard")
    seat = state.to_act
    _give(state, seat, "AS AH 7C", board="KD 8C 3S")
    hint = work_out(state.seat_copy(seat, random.Random(3)), seat, bot=strong_bot(game.id, 3))
    assert hint.reasons[0] == "Discard 7C: keep AS, AH (a pair of aces with the board)"
    assert {code for line in hint.lines for code in CARD_CODE.findall(line)} <= visible_codes(state, seat)
