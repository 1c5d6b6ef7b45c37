"""The strong level reads the opponents' moves from its own seat's view only (issue 18).

A round is played twice from the same moment: on the real state and on a twin that
differs only in the cards hidden from the strong seat. The opponents make the same moves
in both (chosen on the real state), so the strong seat sees the same things; it must
then make the same decisions with the same seed, its reading of the moves included.
"""

from __future__ import annotations

import random

import pytest

from cardtable import games
from cardtable.bots.base import choose_for
from cardtable.bots.reading import AGREE, DISAGREE, Reader, kind
from cardtable.bots.strong import StrongBot
from cardtable.engine.betting import Bet, Call, Check, Raise
from cardtable.engine.game import CHANCE
from cardtable.variants import load_deck_by_id

READING = [g for g in games.registry().with_rules() if g.id != "flame_sword"]  # no rollout bot there


def _twin_rounds(game, seats: int, seed: int, rounds: int = 3):
    """Pairs of decisions of the strong seat on the real state and on its twin, and the
    evidence each had."""
    names = [f"P{s}" for s in range(seats)]
    state = game.new_state(game.read_settings(game.defaults()), load_deck_by_id(game.decks[0]), names,
                           random.Random(seed))
    while state.to_act == CHANCE:
        state.apply(state.chance_action())
    strong = state.to_act  # first to act: it decides before any move names a card
    twin = state.seat_copy(strong, random.Random(seed + 1))
    twin.history = list(state.history)
    mine, theirs = game.bot(random.Random(5), "strong"), game.bot(random.Random(5), "strong")
    others = {s: game.bot(random.Random(s), "normal") for s in range(seats) if s != strong}
    pairs = []
    for _ in range(300):
        seat = state.to_act
        if seat is None or state.round_number > rounds:
            break
        if seat == CHANCE:
            action = state.chance_action()
        elif seat == strong:
            if state.view(seat) != twin.view(seat):
                break  # it drew from the stock, which the twin orders otherwise
            action = choose_for(mine, state, seat)
            pairs.append((action, choose_for(theirs, twin, seat), len(mine.reader.evidence),
                          len(theirs.reader.evidence)))
        else:
            action = choose_for(others[seat], state, seat)
        if twin.why_illegal(action) is not None:
            break  # a move naming cards the twin deals elsewhere: the two part here
        state.apply(action)
        twin.apply(action)
    return pairs


@pytest.mark.parametrize("seats", [2, 4])
@pytest.mark.parametrize("game", READING, ids=[g.id for g in READING])
def test_reading_depends_only_on_the_seats_view(game, seats):
    if not game.seats[0] <= seats <= game.seats[1]:
        pytest.skip(f"{game.name} does not seat {seats}")
    pairs = [pair for seed in range(3, 7) for pair in _twin_rounds(game, seats, seed)]
    assert pairs
    for real, twin, read_real, read_twin in pairs:
        assert real == twin and read_real == read_twin, game.id


def test_some_moves_are_read():
    read = sum(r for game in READING for _, _, r, _ in _twin_rounds(game, 2, seed=3))
    assert read > 0


def test_kinds_and_odds():
    assert kind(Bet(seat=0, to=5)) == kind(Raise(seat=1, to=9)) == "raise"
    assert kind(Call(seat=0)) != kind(Check(seat=0))
    reader = Reader()
    rng = random.Random(1)
    assert reader.accept(0, rng)
    kept = sum(reader.accept(1, rng) for _ in range(2000)) / 2000
    assert abs(kept - DISAGREE / AGREE) < 0.04


def test_a_fresh_strong_bot_reads_nothing():
    game = games.get("five_card_draw")
    bot = game.bot(random.Random(1), "strong")
    assert isinstance(bot, StrongBot) and bot.reader.evidence == []
