"""Sabacc's seat copy: what a computer player is given holds only what its seat may know.

Random legal games; at many points, for every seat ``s``:

(a) the copy's ``view(s)`` is the state's;
(b) the copy passes the game's checks (all but the log check: the copy's log is the
    seat's own reading of it, private lines included, so its "public" lines name the
    seat's own cards by design);
(c) the copy depends only on what ``s`` sees: a state that differs only in cards hidden
    from ``s`` gives the same copy;
(d) play goes on from the copy;
(e) every bot level makes the same choice for ``s`` from both states.

Also: the cards the seat knows the place of (its own swapped, dropped or folded cards,
its own cards a shift sent to the bottom of the deck) stay where they are, and a save
from before those records loads.
"""

from __future__ import annotations

import random

from cardtable import games, variants
from cardtable.bots.base import choose_for
from cardtable.engine.game import CHANCE
from cardtable.games.sabacc.checks import (
    card_problems,
    chip_problems,
    liveness_problems,
    round_trip_problems,
    view_problems,
)
from cardtable.games.sabacc.rules import Phase

GAME = games.get("sabacc")
DECK = variants.load_deck_by_id(GAME.decks[0])


def new_table(seed: int, seats: int):
    values = GAME.defaults()
    values.update(starting_credits=1500, hand_ante=100, sabacc_ante=50, fold_penalty=100)
    settings = GAME.read_settings(values)
    names = [f"P{i + 1}" for i in range(seats)]
    return GAME.new_state(settings, DECK, names, random.Random(seed), seed % seats)


def step(state, bots) -> None:
    if state.to_act == CHANCE:
        state.apply(state.chance_action())
    else:
        state.apply(bots[state.to_act].choose(state, state.to_act))


def copy_problems(copy) -> list[str]:
    """The game's checks that hold for a seat copy (see the module's docstring)."""
    return (chip_problems(copy) + card_problems(copy) + liveness_problems(copy)
            + view_problems(copy) + round_trip_problems(copy))


def check_seat(state, seat: int) -> None:
    copy = state.seat_copy(seat, random.Random(1))
    assert copy.view(seat) == state.view(seat)                                   # (a)
    assert copy_problems(copy) == []                                             # (b)
    assert copy.history == [] and copy.log_for(None) == state.log_for(seat)
    other = state.seat_copy(seat, random.Random(7))
    assert other.view(seat) == state.view(seat)
    again = other.seat_copy(seat, random.Random(1))
    assert again.to_json()["state"] == copy.to_json()["state"]                   # (c)
    rng = random.Random(seat)
    players = [GAME.bot(rng, "random") for _ in range(state.seats)]
    for _ in range(4):                                                           # (d)
        if copy.to_act is None:
            break
        step(copy, players)
        assert card_problems(copy) + chip_problems(copy) == []
    if state.to_act == seat:                                                     # (e)
        for level in GAME.bot_levels:
            mine = choose_for(GAME.bot(random.Random(99), level), state, seat)
            theirs = choose_for(GAME.bot(random.Random(99), level), other, seat)
            assert mine == theirs, (level, mine, theirs)


def test_seat_copies_in_random_games() -> None:
    checked = 0
    for seed in range(5):
        seats = 2 + seed % 5
        state = new_table(seed, seats)
        # normal and random computers only: what a seat copy hides does not depend on who moves,
        # and the tough level's weighing took most of this test's 18 s
        bots = [GAME.bot(random.Random(seed * 10 + s), ("normal", "random")[(seed + s) % 2])
                for s in range(seats)]
        for done in range(220):
            if state.to_act is None:
                break
            if done % 4 == 0 or state.phase in (Phase.DECIDE, Phase.REVEAL, Phase.DEMISE):
                for seat in range(seats):
                    check_seat(state, seat)
                checked += 1
            step(state, bots)
    assert checked > 200


def play_until(state, bots, test, limit: int = 3000) -> bool:
    for _ in range(limit):
        if test(state):
            return True
        if state.to_act is None:
            return False
        step(state, bots)
    return False


def test_known_cards_stay_put() -> None:
    """A seat's own cards out of play and its shifted cards in the deck are not moved;
    everything else hidden from it is."""
    seen_dropped = seen_shifted = False
    for seed in range(40):
        state = new_table(seed, 3)
        bots = [GAME.bot(random.Random(seed + s), "random") for s in range(3)]
        if not play_until(state, bots, lambda st: st.phase == Phase.BET and (
                st.dropped_by or st.shifted_by) and st.hand_no >= 1, limit=400):
            continue
        for seat in range(3):
            copy = state.seat_copy(seat, random.Random(5))
            for i, who in enumerate(state.dropped_by):
                if who == seat:
                    assert copy.dropped[i] == state.dropped[i]
                    seen_dropped = True
            first = len(state.deck_order) - len(state.shifted_by)
            for j, who in enumerate(state.shifted_by):
                if who == seat and first + j >= 0:
                    assert copy.deck_order[first + j] == state.deck_order[first + j]
                    seen_shifted = True
            # Different generators really deal the hidden cards differently.
            others = [state.seat_copy(seat, random.Random(r)).to_json()["state"] for r in range(3)]
            assert others[0] != others[1] or others[1] != others[2]
            assert copy.hands[seat] == state.hands[seat]
        if seen_dropped and seen_shifted:
            break
    assert seen_dropped and seen_shifted


def test_old_save_without_records_loads() -> None:
    state = new_table(3, 3)
    bots = [GAME.bot(random.Random(s), "random") for s in range(3)]
    assert play_until(state, bots, lambda st: bool(st.dropped), limit=2000)
    data = state.to_json()
    del data["state"]["dropped_by"], data["state"]["shifted_by"]
    loaded = type(state).from_json(data, deck=DECK)
    assert loaded.dropped_by == [-1] * len(loaded.dropped) and loaded.shifted_by == []
    for seat in range(3):
        assert loaded.seat_copy(seat, random.Random(1)).view(seat) == loaded.view(seat)
