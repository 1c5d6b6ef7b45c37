"""The log in one voice, in every game: each seat reads every line in the third person,
its own included ("Ann discards 9H 10S" beside "Bo discards two cards", never "You
discard" beside "Ann shows"), and what a line tells one seat alone stays in that seat's
reading of the log.

Each game is played by seeded random moves, as each seat reads it through ``log_for``.
"""

from __future__ import annotations

import random
import re

import pytest

from cardtable import games
from cardtable.engine.game import CHANCE
from cardtable.variants import load_deck_by_id

NAMES = ("Ann", "Bo", "Cy")
GAMES = sorted(g for g in games.registry().games if g != "free_table")
SECOND_PERSON = re.compile(r"\b(?:you|your|yours)\b", re.IGNORECASE)


def played(game_id: str, seed: int, rounds: int = 3, settings: dict | None = None, names=NAMES):
    """A match of ``game_id`` between ``names`` after ``rounds`` rounds of seeded random
    legal moves."""
    game = games.get(game_id)
    state = game.state.new(game.rules(settings or {}), load_deck_by_id(game.decks[0]), list(names),
                           random.Random(seed))
    rng = random.Random(seed)
    for _ in range(4000):
        if state.is_over or state.round_number > rounds:
            break
        seat = state.to_act
        state.apply(state.chance_action() if seat == CHANCE else rng.choice(state.legal_actions(seat)))
    return state


@pytest.mark.parametrize("game_id", GAMES)
def test_every_seat_reads_every_line_in_the_third_person(game_id):
    for seed in range(4):
        state = played(game_id, seed)
        for seat in range(state.seats):
            wrong = [t for t in state.log_for(seat) if SECOND_PERSON.search(t)]
            assert wrong == [], (game_id, seed, NAMES[seat], wrong[:3])


@pytest.mark.parametrize("game_id", GAMES)
def test_a_private_line_names_its_seat_and_is_that_seats_alone(game_id):
    private_lines = 0
    for seed in range(4):
        state = played(game_id, seed)
        for event in state.log:
            for seat, text in event.private.items():
                private_lines += 1
                assert NAMES[seat] in text, (game_id, text)
                others = [s for s in [None, *range(state.seats)] if s not in event.private]
                assert all(event.text_for(s) == event.public for s in others)
                assert all(text not in state.log_for(s) for s in [None, *range(state.seats)] if s != seat)
    assert private_lines, f"{game_id}: no line was for one seat alone"


def test_alethkar_a_secret_bet_and_a_discard_read_by_name():
    state = played("alethkar_poker", 1, rounds=1)
    ann = state.log_for(0)
    assert any(re.fullmatch(r"Ann (puts \d+ in their bag|adds nothing to their bag) and checks "
                            r"\(bag \d+, stack \d+\)", t) for t in ann), ann
    own_discard = re.compile(r"Ann discards (?!two cards)\S+ \S+")
    assert any(own_discard.fullmatch(t) for t in ann), ann
    assert "Ann discards two cards" in state.log_for(1)
    assert not any(own_discard.fullmatch(t) for t in state.log_for(1))


def test_ivali_the_deal_and_the_draw_read_by_name():
    state = played("shenja_ivali", 1, rounds=2)
    bo = state.log_for(1)
    deal = next(t for t in bo if " deals four cards to each of " in t)
    assert deal.split("; Bo gets ")[1].count(" of ") == 4, deal
    assert any(t.startswith("Ann discards ") and " and draws " in t and " of " in t for t in state.log_for(0))


def test_ipso_a_winner_who_keeps_the_deal_chooses_to_deal():
    lines = [t for seed in range(6) for t in played("ipso", seed, rounds=4).log_for(None) if " chooses " in t]
    assert lines and not [t for t in lines if re.match(r"(\w+) chooses \1 ", t)], lines
    assert any(re.fullmatch(r"\w+ chooses to deal the next hand", t) for t in lines), lines


def test_sabacc_a_hand_value_is_one_bracket():
    lines = [t for seed in range(8) for seat in range(3) for t in played("sabacc", seed, rounds=4).log_for(seat)]
    assert any("a bomb-out)" in t for t in lines), "no hand went over 23 in a private line"
    assert not [t for t in lines if re.search(r"\([^()]*\(", t)], [t for t in lines if re.search(r"\([^()]*\(", t)][:3]


@pytest.mark.parametrize("game_id", ["five_card_draw", "shenja_ivali", "flame_sword"])
def test_a_side_pot_is_named_then_its_chips(game_id):
    five = ("Ann", "Bo", "Cy", "Di", "Ed")
    lines = [t for seed in range(8) for t in played(game_id, seed, rounds=6, names=five).log_for(None)
             if "side pot" in t.lower()]
    assert lines, "no side pot was played"
    assert not [t for t in lines if "the side pot" in t], lines[:3]
    assert all(re.search(r"wins side pot \d+ \([\d,]+\)|^Side pot \d+ \([\d,]+\) is split", t) for t in lines), lines
