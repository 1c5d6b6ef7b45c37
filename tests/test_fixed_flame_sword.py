"""The premium player's equity estimate in Flame Sword (:func:`cardtable.bots.fixed.equity`):
it deals the unseen cards by the game's sampled deal (``hidden_deal``), not by shuffling
the ~11,900-card stock every time, with the same distribution, and still ranks a strong
hand among the best and a weak one not."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cardtable import games
from cardtable.bots import fixed
from cardtable.engine.game import CHANCE
from cardtable.games.flame_sword import hands
from cardtable.games.flame_sword.rules import Phase
from cardtable.games.flame_sword.state import FlameSwordState
from cardtable.variants import load_deck_by_id

GAME = games.get("flame_sword")


def _state_at(bets: int, seed: int = 5) -> FlameSwordState:
    """A heads-up Flame Sword state at seat's first move of betting round ``bets``
    (0 before the flop, 3 at the river), every bet called."""
    state = GAME.new_state(GAME.read_settings(GAME.defaults()), load_deck_by_id(GAME.decks[0]),
                           ["A", "B"], random.Random(seed))
    caller = fixed.make("always_call", GAME, random.Random(seed))
    while not (state.phase == Phase.BET and state.betting_round == bets):
        seat = state.to_act
        state.apply(state.chance_action() if seat == CHANCE else caller.choose(state, seat))
    assert isinstance(state, FlameSwordState)
    return state


def test_the_estimate_never_shuffles_the_whole_unseen_pool(monkeypatch):
    """The whole pool is what ``_hidden_slots`` with its stock gives: asked for it, fail."""
    state = _state_at(0)
    seat = state.to_act
    given = state.seat_copy(seat, random.Random(1))
    asked = []
    whole = FlameSwordState._hidden_slots

    def slots(self, seat, *, stock=True):
        asked.append(stock)
        assert not stock, "the estimate shuffled the whole unseen pool"
        return whole(self, seat, stock=stock)

    monkeypatch.setattr(FlameSwordState, "_hidden_slots", slots)
    normal = GAME.bot(random.Random(2), "normal")
    for swap_own in (False, True):
        assert 0.0 <= fixed.equity(given, seat, random.Random(3), normal, swap_own=swap_own, deals=2) <= 1.0
    assert asked and not any(asked)


def test_a_random_hand_is_dealt_from_the_unseen_cards_and_the_seats_own():
    """``hidden_deal(seat, own=True)``: every card the seat has not seen, or holds, equally
    likely in each of its own places; nothing it sees elsewhere (the face-up grid, the
    other seats' shown hands) ever dealt; its own cards as likely as any unseen one."""
    state = _state_at(1).seat_copy(1, random.Random(4))
    seat = 1
    own = list(state.hands[seat])
    places, draw = state.hidden_deal(seat, own=True)
    hidden, _ = state.hidden_deal(seat)
    assert places[:len(hidden)] == hidden and len(places) == len(hidden) + len(own)
    assert all(container is state.hands[seat] for container, _ in places[len(hidden):])
    seen = {c for pile in (*state.hands, state.grid, state.mucked) for c in pile}
    seen -= {container[i] for container, i in places}
    pool = len(state.deck) - len(seen)
    rng = random.Random(6)
    draws = 20000
    bins = 8
    counts: Counter[int] = Counter()
    own_dealt = 0
    for _ in range(draws):
        cards = draw(rng)[:len(places)]
        assert len(cards) == len(places) and len(set(cards)) == len(cards) and not seen & set(cards)
        dealt_own = cards[len(hidden):]
        own_dealt += sum(1 for c in dealt_own if c in own)
        counts.update(c * bins // len(state.deck) for c in dealt_own)
    # each own card lands in the seat's own places with probability places/pool
    expected_own = draws * len(own) * len(own) / pool
    assert expected_own / 3 < own_dealt < expected_own * 3
    drawn = sum(counts.values())
    chi = sum((counts[b] - drawn / bins) ** 2 / (drawn / bins) for b in range(bins))
    assert chi < 7 + 6 * 14 ** 0.5 + 10  # far in the tail for a uniform deal (seen cards are few)


def _keyed(state: FlameSwordState, seat: int, hole: list[int]) -> tuple:
    hand, _ = hands.best_line(state.deck, hole, state.grid, called=state.called[seat] or (),
                              order=state.settings.order)
    return tuple(hand.key)


@pytest.mark.parametrize("seed", [5, 8])
def test_a_strong_hand_is_in_the_top_and_a_weak_one_is_not(seed):
    """At the river (the grid face up) the seat's hand is set to the best and to the worst
    of 150 random hole-card sets; premium's verdict plays the first and not the second."""
    state = _state_at(3, seed)
    seat = state.to_act
    rng = random.Random(seed)
    seen = {c for pile in (*state.hands, state.grid) for c in pile}
    size = len(state.hands[seat])
    options = []
    while len(options) < 150:
        hole = rng.sample(range(len(state.deck)), size)
        if not seen & set(hole):
            options.append(hole)
    options.sort(key=lambda h: _keyed(state, seat, h))
    normal = GAME.bot(random.Random(seed), "normal")
    for hole, top in ((options[-1], True), (options[0], False)):
        state.hands[seat][:] = hole
        given = state.seat_copy(seat, random.Random(seed))
        assert fixed.in_top(given, seat, random.Random(seed), normal, GAME.premium_share) is top
