"""Ipso's ``seat_copy``: what a computer player is given holds only what its seat may know.

Random legal games of 2 to 5 seats; at many points, for every seat ``s``:

(a) the copy looks the same to ``s``: ``copy.view(s) == state.view(s)``;
(b) the copy is a sound game (cards and chips conserved, views, liveness). The log
    check is left out: the copy's log is the seat's reading, its private lines
    ("Ann gets ...") made ordinary lines, which the check rightly refuses in a real log;
(c) the copy depends only on what ``s`` sees: a state differing only in cards hidden
    from ``s`` gives the same copy;
(d) the copy plays on;
(e) every bot level chooses the same for ``s`` from both states.
"""

from __future__ import annotations

import random

import pytest

from cardtable import games
from cardtable.bots.base import choose_for
from cardtable.engine.game import CHANCE
from cardtable.games.ipso.rules import Exchange
from cardtable.variants import load_deck_by_id

GAME = games.get("ipso")
DECK = load_deck_by_id(GAME.decks[0])


def new_game(seed: int, seats: int):
    settings = GAME.read_settings(GAME.defaults())
    names = [f"P{s + 1}" for s in range(seats)]
    return GAME.new_state(settings, DECK, names, random.Random(seed), seed % seats)


def step(state, rng: random.Random) -> None:
    """One move: chance's, or a random legal one (exchanges favoured, so the face-down
    discard pile fills)."""
    if state.to_act == CHANCE:
        state.apply(state.chance_action())
        return
    actions = state.legal_actions(state.to_act)
    swaps = [a for a in actions if isinstance(a, Exchange)]
    if swaps and rng.random() < 0.6:
        state.apply(rng.choice(swaps))
    else:
        state.apply(GAME.bot(rng, "random").choose(state.seat_copy(state.to_act, random.Random(0)),
                                                  state.to_act))


def check_seat(state, seat: int, *, bots: bool) -> None:
    copy = state.seat_copy(seat, random.Random(1))
    assert copy.view(seat) == state.view(seat)                                     # (a)
    problems = (GAME.checks.chip_problems(copy) + GAME.checks.card_problems(copy)
                + GAME.checks.liveness_problems(copy) + GAME.checks.view_problems(copy))
    assert not problems, problems                                                  # (b)
    assert copy.history == [] and copy.log_for(seat) == state.log_for(seat)
    other = state.seat_copy(seat, random.Random(7))
    assert other.view(seat) == state.view(seat)
    assert (other.seat_copy(seat, random.Random(1)).to_json()["state"]
            == copy.to_json()["state"])                                            # (c)
    if bots and state.to_act == seat:
        for level in GAME.bot_levels:                                              # (e)
            mine = choose_for(GAME.bot(random.Random(5), level), state, seat)
            theirs = choose_for(GAME.bot(random.Random(5), level), other, seat)
            assert mine == theirs, (level, mine, theirs)
    rng = random.Random(3)                                                         # (d)
    for _ in range(4):
        if copy.to_act is None:
            break
        step(copy, rng)
    assert not GAME.checks.card_problems(copy) + GAME.checks.chip_problems(copy)


@pytest.mark.parametrize("seed,seats", [(1, 2), (2, 3), (3, 4), (4, 5), (5, 4), (6, 3)])
def test_seat_copies_hold_only_what_the_seat_knows(seed: int, seats: int) -> None:
    state = new_game(seed, seats)
    rng = random.Random(seed)
    for moves in range(160):
        if state.to_act is None:
            break
        if moves % 4 == 0:
            for seat in range(seats):
                check_seat(state, seat, bots=moves % 8 == 0)
        step(state, rng)


def test_hidden_slots_cover_exactly_the_hidden_cards() -> None:
    state = new_game(11, 4)
    rng = random.Random(11)
    downs = 0
    for _ in range(200):
        if state.to_act is None:
            break
        step(state, rng)
        downs = max(downs, len(state.down_discard))
        for seat in range(state.seats):
            slots = state._hidden_slots(seat)
            cards = [c[i] for c, i in slots]
            assert len(set(cards)) == len(cards)
            seen = set(state.hands[seat]) | set(state.flip) | set(state.up_discard)
            seen |= {c for _, c in state.cut_cards}
            seen |= {c for s, h in enumerate(state.hands) if state.shown[s] for c in h}
            assert not seen & set(cards)
            # the seat's own face-down discards stay where it put them
            mine = {c for c, by in zip(state.down_discard, state.down_by) if by == seat}
            assert not mine & set(cards)
            copy = state.seat_copy(seat, random.Random(2))
            assert [c for c, by in zip(copy.down_discard, copy.down_by) if by == seat] == \
                [c for c, by in zip(state.down_discard, state.down_by) if by == seat]
            assert copy.hands[seat] == state.hands[seat]
    assert downs > 0


def test_a_bot_reads_no_hidden_card_over_whole_games() -> None:
    """Bots choosing on the copy play the same game as bots on a copy of another deal."""
    for seed in (21, 22):
        state = new_game(seed, 3)
        bots = [GAME.bot(random.Random(seed + s), ("normal", "tough", "normal")[s]) for s in range(3)]
        for _ in range(150):
            if state.to_act is None:
                break
            if state.to_act == CHANCE:
                state.apply(state.chance_action())
                continue
            seat = state.to_act
            twin = state.seat_copy(seat, random.Random(99))
            expected = choose_for(GAME.bot(random.Random(0), bots[seat].level), twin, seat)
            action = choose_for(GAME.bot(random.Random(0), bots[seat].level), state, seat)
            assert action == expected
            state.apply(choose_for(bots[seat], state, seat))
