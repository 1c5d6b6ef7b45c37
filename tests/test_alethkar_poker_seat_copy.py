"""Alethkar Poker's seat copy: what a computer player is given is the game as its seat
may know it, and nothing more.

Over random matches of 2 to 7 seats, at many points and for every seat ``s``:

* the copy looks the same to ``s`` (``view(s)``) and keeps the game's invariants;
* the copy depends only on what ``s`` can see: a state differing only in cards (and
  other seats' stack/bag split) hidden from ``s`` gives the very same copy;
* the copy plays on;
* every bot level chooses the same action from the state and from such a twin.
"""

from __future__ import annotations

import random

import harness

from cardtable import games
from cardtable.bots.base import choose_for
from cardtable.engine.game import redeal
from cardtable.games.alethkar_poker.rules import BagBet, Phase
from cardtable.games.alethkar_poker.state import AlethkarState
from cardtable.variants import load_deck_by_id

GAME = games.get("alethkar_poker")
DECK = load_deck_by_id(GAME.decks[0])


def new_table(seed: int) -> AlethkarState:
    rng = random.Random(f"seat-copy-table:{seed}")
    seats = 2 + seed % 6
    values = dict(GAME.defaults(), buy_in=rng.choice((1, 1, 2)),
                  ace_low_straight=rng.random() < 0.7)
    settings = GAME.read_settings(values)
    stacks = [rng.choice((rng.randint(values["buy_in"], 5), rng.randint(10, 40))) for _ in range(seats)]
    state = GAME.state.new(settings, DECK, [f"P{s}" for s in range(seats)], random.Random(seed),
                           rng.randrange(seats), stacks=stacks)
    assert isinstance(state, AlethkarState)
    return state


def copy_problems(c: AlethkarState, seat: int) -> list[str]:
    """The game's checks on a copy. The log check runs from the copy's end: it is made
    to run after each action, against the cards public *now*, and the copy's log is
    the seat's own reading of it (its private lines, naming its own cards and bag)."""
    return GAME.checks.all_problems(c, log_start=len(c.log), views=[None, seat])


def twin(state: AlethkarState, seat: int, seed: int) -> AlethkarState:
    """``state`` with everything hidden from ``seat`` changed, history kept: the hidden
    cards dealt again and the other players' chips moved between stack and bag."""
    other = state._copy()
    other.history, other.log = state.history, state.log  # read only here
    rng = random.Random(seed)
    redeal(other._hidden_slots(seat), rng)
    for s in range(other.seats):
        if s != seat and other.stacks[s]:
            moved = rng.randint(0, other.stacks[s])
            other.stacks[s] -= moved
            other.bags[s] += moved
    assert other.view(seat) == state.view(seat)
    return other


def check_point(state: AlethkarState, seat: int, *, deep: bool) -> None:
    mine = state.seat_copy(seat, random.Random(1))
    # (a) the seat sees the same game
    assert mine.view(seat) == state.view(seat)
    assert mine.log_for(seat) == state.log_for(seat)
    assert mine.history == []
    # nothing the seat knows has moved; its own discards stay where it put them
    assert mine.hands[seat] == state.hands[seat]
    for s in range(state.seats):
        if state.shown[s]:
            assert mine.hands[s] == state.hands[s]
    assert sorted(mine.deck_order + mine.discards + sum(mine.hands, [])) == \
        sorted(state.deck_order + state.discards + sum(state.hands, []))
    assert [mine.holdings(s) for s in range(state.seats)] == [state.holdings(s) for s in range(state.seats)]
    assert (mine.stacks[seat], mine.bags[seat]) == (state.stacks[seat], state.bags[seat])
    # (b) the game's checks pass on the copy
    assert copy_problems(mine, seat) == []
    # (c) independence from what the seat cannot see
    if not deep:
        harness.copy_is_independent(state, seat, mine)
        return
    hidden_twin = twin(state, seat, 11)
    other = harness.copy_is_independent(state, seat, mine, hidden_twin)
    # (d) a copy plays on: what the real state allows, the copy allows too
    for action in state.legal_actions(seat):  # the seat's own moves stay legal
        assert mine.why_illegal(action) is None
    if state.phase == Phase.BET and state.to_act not in (seat, None):  # any real bet fits the copy
        assert mine.why_illegal(BagBet(seat=state.to_act, amount=state.stacks[state.to_act])) is None
    harness.copy_plays_on(GAME, mine, lambda c: copy_problems(c, seat))
    # (e) every bot level decides alike on the state, its seat copy and a twin
    if state.to_act == seat:
        for level in GAME.bot_levels:
            chosen = [choose_for(GAME.bot(random.Random(5), level), s, seat)
                      for s in (state, other, hidden_twin)]
            assert chosen[0] == chosen[1] == chosen[2], (level, chosen)
            assert state.why_illegal(chosen[0]) is None


def test_seat_copies_keep_the_view_and_hide_the_rest():
    phases = set()
    for state, done in harness.played_points(GAME, new_table, range(8), 60):
        deep = done % 5 == 0 or state.phase in (Phase.REVEAL, Phase.GAME_OVER)
        for seat in range(state.seats):
            check_point(state, seat, deep=deep)
        phases.add(state.phase)
    assert {Phase.SHUFFLE, Phase.BET, Phase.DISCARD, Phase.REVEAL} <= phases


def test_hidden_slots_cover_exactly_what_the_seat_cannot_see():
    state = new_table(3)
    bots = [GAME.bot(random.Random(s), "random") for s in range(state.seats)]
    while state.phase != Phase.DISCARD or state.discarded.count(True) < 2:
        harness.step(state, bots)
    for seat in range(state.seats):
        hidden = {(id(c), i) for c, i in state._hidden_slots(seat)}
        view = state.view(seat)
        for owner, cards in enumerate(state.hands):
            for i in range(len(cards)):
                assert ((id(cards), i) in hidden) == (view["hands"][owner][i] is None)
        assert all((id(state.deck_order), i) in hidden for i in range(len(state.deck_order)))
        own = [i for i in range(len(state.discards)) if (id(state.discards), i) not in hidden]
        assert len(own) == (2 if state.discarded[seat] and state.in_round[seat] else 0)
