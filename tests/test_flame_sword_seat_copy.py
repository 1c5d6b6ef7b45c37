"""Flame Sword's seat copies: a computer player is given only what its seat may know.

:meth:`FlameSwordState.seat_copy` deals every card the seat cannot see (the other
seats' unshown hole cards, the face-down grid cells, the folded cards) again from the
cards it has not seen (those and the stock). Random games are played and, at many
points, for every seat ``s``:

(a) the copy looks the same to ``s``: ``copy.view(s) == state.view(s)``;
(b) the copy is a sound state: the game's checks find nothing wrong with it;
(c) the copy depends only on what ``s`` sees: a state that differs from ``state`` only
    in cards hidden from ``s`` gives the very same copy;
(d) the copy plays on;
(e) every computer level makes the same choice for ``s`` in ``state`` and in a state
    differing only in cards hidden from ``s``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from cardtable import games, variants
from cardtable.bots.base import choose_for
from cardtable.bots.random_bot import RandomBot
from cardtable.engine.betting import Call, Check
from cardtable.engine.game import CHANCE, redeal
from cardtable.games.flame_sword.rules import Phase
from cardtable.games.flame_sword.state import FlameSwordState

GAME = games.get("flame_sword")
SETTINGS = GAME.read_settings(GAME.defaults())
DECK = variants.load_deck_by_id(GAME.decks[0])


class Caller:
    """Checks or calls whenever it can (so hands reach the showdown), else acts at random."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.random = RandomBot(rng)

    def choose(self, state, seat):
        for action in state.legal_actions(seat):
            if isinstance(action, (Check, Call)):
                return action
        return self.random.choose(state, seat)


def moments(seed: int, seats: int, *, actions: int, every: int,
            bets: bool = False) -> Iterator[FlameSwordState]:
    """The states of a random game of ``seats`` seats, every ``every`` actions, at each
    hand's end and (``bets``) whenever a seat is to bet, for ``actions`` actions at most
    (random players and callers mixed)."""
    rng = random.Random(seed)
    names = [f"P{s + 1}" for s in range(seats)]
    state = GAME.new_state(SETTINGS, DECK, names, random.Random(seed), rng.randrange(seats))
    players = [(Caller if s % 2 else RandomBot)(random.Random(seed * 10 + s)) for s in range(seats)]
    for done in range(actions):
        if state.to_act is None:
            return
        if state.to_act == CHANCE:
            state.apply(state.chance_action())
        else:
            state.apply(choose_for(players[state.to_act], state, state.to_act))
        if (done % every == every - 1 or state.phase in (Phase.REVEAL, Phase.GAME_OVER)
                or bets and state.phase == Phase.BET):
            yield state


def hidden_from(state: FlameSwordState, seat: int) -> list[int]:
    """The cards in the places of ``state`` that ``seat`` cannot see, in order."""
    return [container[i] for container, i in state._hidden_slots(seat, stock=False)]


def scrambled(state: FlameSwordState, seat: int, rng: random.Random) -> FlameSwordState:
    """A state that differs from ``state`` only in cards hidden from ``seat``, made without
    :meth:`~FlameSwordState._hidden_slots`: every place ``view(seat)`` shows as None and
    every folded card get cards drawn at random from all the cards the seat cannot see."""
    other = state._copy()  # a deep copy sharing the deck
    other.history, other.log = list(state.history), list(state.log)
    view = state.view(seat)
    places = [(other.hands[owner], i) for owner, cards in enumerate(view["hands"])
              for i, card in enumerate(cards) if card is None]
    places += [(other.grid, i) for i, card in enumerate(view["grid"]) if card is None]
    places += [(other.mucked, i) for i in range(len(other.mucked))]
    visible = {c for cards in view["hands"] for c in cards if c is not None}
    visible |= {c for c in view["grid"] if c is not None}
    pool = [c for c in range(len(state.deck)) if c not in visible]
    for (container, i), card in zip(places, rng.sample(pool, len(places))):
        container[i] = card
    return other


def play_on(state: FlameSwordState, steps: int, seed: int) -> None:
    bot = RandomBot(random.Random(seed))
    for _ in range(steps):
        if state.to_act is None:
            return
        state.apply(state.chance_action() if state.to_act == CHANCE else bot.choose(state, state.to_act))


def copy_problems(seat_copy: FlameSwordState) -> list[str]:
    """The game's checks on a copy. The log check reads only the lines logged from now
    on: the copy's log is the log as its seat reads it, so its lines hold that seat's
    private lines (its own hole cards, which the check takes for lines everyone reads),
    and earlier hands' lines name cards that the redeal may have put in hidden places."""
    return GAME.checks.all_problems(seat_copy, log_start=len(seat_copy.log))


GAMES = [(1, 2, 240, 7), (2, 4, 260, 9), (3, 6, 240, 11)]
"""(seed, seats, actions, every): a few short games, so the whole file runs in seconds."""


@pytest.mark.parametrize("seed,seats,actions,every", GAMES)
def test_seat_copies_look_alike_are_sound_and_independent(seed, seats, actions, every):
    moved = shown = folded = 0
    for state in moments(seed, seats, actions=actions, every=every):
        before = state.to_json()
        for s in range(seats):
            mine = state.seat_copy(s, random.Random(1))
            assert mine.view(s) == state.view(s)  # (a)
            assert copy_problems(mine) == []  # (b)
            assert mine.history == [] and mine.log_for(s) == state.log_for(s)
            assert mine.deck is state.deck
            moved += hidden_from(mine, s) != hidden_from(state, s)
            shown += any(state.shown[o] for o in range(seats) if o != s)
            folded += bool(state.mucked)
            other = state.seat_copy(s, random.Random(7))  # (c)
            assert other.view(s) == state.view(s)
            assert other.seat_copy(s, random.Random(1)).to_json() == mine.to_json()
            other = scrambled(state, s, random.Random(seed * 100 + s))
            assert other.view(s) == state.view(s) and GAME.checks.card_problems(other) == []
            assert other.seat_copy(s, random.Random(1)).to_json() == mine.to_json()
            play_on(mine, 6, seed + s)  # (d)
            assert copy_problems(mine) == []
        assert state.to_json() == before, "seat_copy changed the state it copied"
    assert moved, "no copy dealt a hidden card anew"
    if seats > 2:
        assert shown and folded, "the game should reach a showdown and a fold"


@pytest.mark.parametrize("seed,seats,actions,every", GAMES[:2])
def test_every_level_chooses_alike_whatever_the_hidden_cards(seed, seats, actions, every):
    """(e): the same choice from ``state`` and from a state differing only in cards the
    seat cannot see (its copy dealt from another generator, with no history, so the
    bot's copies of the two differ in every hidden place), with fresh bots seeded alike."""
    asked = 0
    for state in moments(seed, seats, actions=actions, every=every * 3, bets=True):
        s = state.to_act
        if s is None or s == CHANCE:
            continue
        other = state.seat_copy(s, random.Random(7))
        for level in GAME.bot_levels:
            mine = choose_for(GAME.bot(random.Random(11), level), state, s)
            theirs = choose_for(GAME.bot(random.Random(11), level), other, s)
            assert mine == theirs, (level, state.phase)
            assert state.can(mine)
            asked += state.phase == Phase.BET
    assert asked >= 10


def test_the_stock_is_dealt_from_too():
    """The hidden places get cards from all the unseen cards, not only from the cards
    lying there (which would tell the seat which ~200 of 11,900 cards are in play)."""
    state = next(s for s in moments(5, 3, actions=200, every=1)
                 if s.phase in (Phase.BET, Phase.FLIP) and not any(s.shown))
    there = set(hidden_from(state, 0))
    dealt = state.seat_copy(0, random.Random(3))
    assert len(set(hidden_from(dealt, 0)) - there) > len(there) // 2
    # the shared redeal of the slots (stock included) gives a sound copy too
    slow = state._copy()
    redeal(slow._hidden_slots(0), random.Random(3))
    assert slow.view(0) == state.view(0)
    assert GAME.checks.card_problems(slow) == []
    assert set(hidden_from(slow, 0)) != there


def test_nothing_is_hidden_before_the_deal():
    state = GAME.new_state(SETTINGS, DECK, ["A", "B", "C"], random.Random(4), 0)
    state.apply(state.chance_action())  # the blinds: Called Shots next, no card out yet
    assert state.phase == Phase.CALL
    for s in range(3):
        assert state._hidden_slots(s) == []
        assert state.seat_copy(s, random.Random(1)).to_json()["state"] == state.to_json()["state"]
