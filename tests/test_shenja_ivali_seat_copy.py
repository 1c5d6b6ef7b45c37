"""Shenja Ivali's seat copy: what a computer player is given is the game as its seat
may know it, and nothing more.

Over random matches of 2 to 7 seats, at many points and for every seat ``s``:

* the copy looks the same to ``s`` (``view(s)``) and keeps the game's invariants;
* nothing ``s`` knows has moved: its hand, the shown hands, the flop cards in their
  takers' hands, its own discards and folded hand;
* the copy depends only on what ``s`` can see: a state differing only in cards hidden
  from ``s`` gives the very same copy;
* the copy plays on;
* every bot level chooses the same action from the state and from such a twin.
"""

from __future__ import annotations

import random

import harness

from cardtable import games
from cardtable.bots.base import choose_for
from cardtable.engine.game import CHANCE, redeal
from cardtable.games.shenja_ivali.rules import Phase
from cardtable.games.shenja_ivali.state import ShenjaIvaliState
from cardtable.variants import load_deck_by_id

GAME = games.get("shenja_ivali")
DECK = load_deck_by_id(GAME.decks[0])


def new_table(seed: int) -> ShenjaIvaliState:
    rng = random.Random(f"seat-copy-table:{seed}")
    seats = 2 + seed % 6
    values = dict(GAME.defaults(), ante=rng.choice((1, 2)), starting_chips=rng.choice((10, 20, 40)),
                  limit=rng.choice(("no_limit", "pot_limit", "fixed")),
                  max_discard=rng.choice((0, 1, 2, 2)))
    settings = GAME.read_settings(values)
    state = GAME.new_state(settings, DECK, [f"P{s}" for s in range(seats)], random.Random(seed),
                           rng.randrange(seats))
    assert isinstance(state, ShenjaIvaliState)
    return state


def copy_problems(c: ShenjaIvaliState) -> list[str]:
    """The game's checks on a copy. The log check runs from the copy's end: it is made
    to run after each action, against the cards public *now*, and the copy's log is
    the seat's own reading of it (its private lines, naming its own cards, now read as
    public lines)."""
    return GAME.checks.all_problems(c, log_start=len(c.log))


def twin(state: ShenjaIvaliState, seat: int, seed: int) -> ShenjaIvaliState:
    """``state`` with every card hidden from ``seat`` dealt again, history kept."""
    other = state._copy()
    other.history, other.log = list(state.history), list(state.log)
    redeal(other._hidden_slots(seat), random.Random(seed))
    assert other.view(seat) == state.view(seat)
    return other


def known_places(state: ShenjaIvaliState, seat: int) -> list:
    """What ``seat`` knows of where the cards are."""
    flop = set(state.flop)
    hands = [list(h) if s == seat or state.shown[s] else [c if c in flop else None for c in h]
             for s, h in enumerate(state.hands)]
    discards = [c if by == seat or c in flop else None
                for c, by in zip(state.discards, state.discarded_by)]
    return [hands, discards, len(state.deck_order)]


def check_point(state: ShenjaIvaliState, seat: int, *, deep: bool) -> None:
    mine = state.seat_copy(seat, random.Random(1))
    # (a) the seat sees the same game
    assert mine.view(seat) == state.view(seat)
    assert mine.log_for(seat) == state.log_for(seat)
    assert mine.history == []
    assert known_places(mine, seat) == known_places(state, seat)
    assert mine.discarded_by == state.discarded_by
    # (b) the game's checks pass on the copy (cards conserved, chips, views, liveness)
    assert copy_problems(mine) == []
    # (c) independence from what the seat cannot see
    harness.copy_is_independent(state, seat, mine, twin(state, seat, 11) if deep else None)
    if not deep:
        return
    # (d) a copy plays on: the seat's own moves stay legal, and play continues
    for action in state.legal_actions(seat):
        assert mine.why_illegal(action) is None
    harness.copy_plays_on(GAME, mine, copy_problems)


def bots_agree(state: ShenjaIvaliState, seat: int) -> None:
    """(e) every bot level decides alike on the state and on twins of it."""
    others = [state.seat_copy(seat, random.Random(7)), twin(state, seat, 11)]
    for level in GAME.bot_levels:
        chosen = [choose_for(GAME.bot(random.Random(5), level), s, seat) for s in (state, *others)]
        assert chosen[0] == chosen[1] == chosen[2], (level, chosen)
        assert state.why_illegal(chosen[0]) is None


def test_seat_copies_keep_the_view_and_hide_the_rest():
    phases = set()
    decisions = 0
    for state, done in harness.played_points(GAME, new_table, range(7), 70):
        deep = done % 5 == 0 or state.phase in (Phase.REVEAL, Phase.GAME_OVER)
        for seat in range(state.seats):
            check_point(state, seat, deep=deep)
        phases.add(state.phase)
        if state.to_act not in (None, CHANCE) and done % 17 == 3:
            bots_agree(state, state.to_act)
            decisions += 1
    assert {Phase.SHUFFLE, Phase.BET, Phase.DRAW, Phase.AUCTION, Phase.REVEAL} <= phases
    assert decisions >= 12


def test_hidden_slots_cover_exactly_what_the_seat_cannot_see():
    for seed in range(4):
        state = new_table(seed + 20)
        bots = [GAME.bot(random.Random(s), "random") for s in range(state.seats)]
        for _ in range(200):  # into the final betting round, or as far as the match goes
            if state.to_act is None or (state.phase == Phase.BET and state.betting_round == 3):
                break
            harness.step(state, bots)
        flop = set(state.flop)
        for seat in range(state.seats):
            hidden = {(id(c), i) for c, i in state._hidden_slots(seat)}
            assert len(hidden) == len(state._hidden_slots(seat))
            view = state.view(seat)
            for owner, cards in enumerate(state.hands):
                for i, card in enumerate(cards):
                    seen = view["hands"][owner][i] is not None or card in flop
                    assert ((id(cards), i) in hidden) == (not seen)
            assert all((id(state.deck_order), i) in hidden for i in range(len(state.deck_order)))
            for i, card in enumerate(state.discards):
                known = state.discarded_by[i] == seat or card in flop
                assert ((id(state.discards), i) in hidden) == (not known)


def test_own_discards_and_folded_hand_stay_put():
    state = new_table(3)  # five seats
    bots = [GAME.bot(random.Random(s), "random") for s in range(state.seats)]
    while not (state.discards and len(set(state.discarded_by)) >= 2):
        assert state.to_act is not None
        harness.step(state, bots)
    for seat in set(state.discarded_by):
        for seed in range(5):
            mine = state.seat_copy(seat, random.Random(seed))
            for i, by in enumerate(state.discarded_by):
                if by == seat:
                    assert mine.discards[i] == state.discards[i]


def test_old_saves_without_discarded_by_hide_every_discard():
    state = new_table(3)
    bots = [GAME.bot(random.Random(s), "random") for s in range(state.seats)]
    while not state.discards:
        harness.step(state, bots)
    data = state.to_json()
    del data["state"]["discarded_by"]
    loaded = ShenjaIvaliState.from_json(data, deck=DECK)
    assert loaded.discarded_by == [-1] * len(loaded.discards)
    for seat in range(state.seats):
        assert loaded.seat_copy(seat, random.Random(1)).view(seat) == state.view(seat)


def test_seat_copy_shares_the_deck_and_settings_and_leaves_the_state_alone():
    state = new_table(4)
    bots = [GAME.bot(random.Random(s), "random") for s in range(state.seats)]
    for _ in range(12):
        harness.step(state, bots)
    before = state.to_json()
    mine = state.seat_copy(0, random.Random(3))
    assert mine.deck is state.deck and mine.settings is state.settings
    assert mine.chips is not state.chips and mine.hands is not state.hands
    if mine.betting is not None:
        assert mine.betting.chips is mine.chips  # one ledger, shared with the round
    assert state.to_json() == before
