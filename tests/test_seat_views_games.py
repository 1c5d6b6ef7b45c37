"""Every game of the registry gives a typed seat view that hides what it must and goes
through plain JSON exactly.

Seeded matches of computer players (normal level), for every game with rules (the registry's,
never a list kept here). After every action, for every seat and for a spectator:

* the view is a :class:`~cardtable.engine.view.SeatView` and ``from_json(to_json())``
  of its JSON text is the same view, written the same way again;
* it shows no card hidden from its seat: in the seat's
  :meth:`~cardtable.engine.game.GameState.seat_copy` every such card is dealt again,
  and the seat's view of the copy must be the same view; a spectator's view must be
  the same in every seat's copy (it sees less than any seat);
* the legal actions it lists are the state's for the viewer when the viewer is to act,
  none otherwise.

And each match must reach a showdown whose every shown hand has a label and a kind, and
hands with a key to compare them by.
"""

from __future__ import annotations

import json
import random

import pytest

from cardtable import games
from cardtable.engine.game import CHANCE
from cardtable.engine.view import STATUSES, SeatView
from cardtable.variants import load_deck_by_id

GAMES = games.registry().with_rules()
ACTIONS = 220


def new_match(game, seed: int):
    """A seeded match of ``game`` at the most seats up to four, and its computer players (normal level)."""
    seats = min(game.seats[1], 4)
    state = game.new_state(game.read_settings(game.defaults()), load_deck_by_id(game.decks[0]),
                           [f"P{s + 1}" for s in range(seats)], random.Random(seed))
    return state, [game.bot(random.Random(f"view:{seed}:{s}"), "normal") for s in range(seats)]


def view_problems(state, rng: random.Random) -> list[str]:
    """What is wrong with the seat views of ``state`` now."""
    problems = []
    views = {seat: state.seat_view(seat) for seat in [None, *range(state.seats)]}
    for seat, view in views.items():
        if not isinstance(view, SeatView) or view.seat != seat:
            problems.append(f"seat {seat}: not its SeatView")
            continue
        text = json.dumps(view.to_json())
        back = SeatView.from_json(json.loads(text))
        if back != view or json.dumps(back.to_json()) != text:
            problems.append(f"seat {seat}: the view changed through JSON")
        if len(view.seats) != state.seats or any(s.status not in STATUSES for s in view.seats):
            problems.append(f"seat {seat}: the seats are not the table's")
        want = tuple(state.legal_actions(seat)) if seat is not None and seat == state.to_act else ()
        if view.legal != want:
            problems.append(f"seat {seat}: the legal actions are not the state's")
    for seat in range(state.seats):
        copy = state.seat_copy(seat, random.Random(rng.getrandbits(32)))
        if copy.seat_view(seat) != views[seat]:
            problems.append(f"seat {seat}'s view shows a card hidden from it")
        if copy.seat_view(None) != views[None]:
            problems.append(f"the spectator's view shows a card hidden from seat {seat}")
    return problems


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_every_view_hides_what_it_must_and_round_trips(game):
    state, players = new_match(game, 7)
    rng = random.Random(11)
    shown = []
    for done in range(ACTIONS):
        if state.to_act is None:
            break
        seat = state.to_act
        state.apply(state.chance_action() if seat == CHANCE else players[seat].choose(state, seat))
        problems = view_problems(state, rng)
        assert problems == [], f"after action {done + 1} ({type(state.history[-1]).__name__}): {problems}"
        showdown = state.seat_view(None).showdown
        if showdown is not None:
            shown += showdown.hands
    assert shown, "no hand was shown in the match"
    assert all(hand.label and hand.kind for hand in shown)
    assert any(hand.key for hand in shown), "no shown hand has a key to compare by"


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_the_biggest_view_of_a_whole_match_fits_a_message(game, capsys):
    """Every seat's view, as the host writes it in a ``state`` message, at every step of
    a match of the most seats, measured; the largest is printed (``pytest -s``)."""
    from cardtable.net import protocol

    low, high = game.seats
    state = game.new_state(game.read_settings(game.defaults()), load_deck_by_id(game.decks[0]),
                           [f"P{s + 1}" for s in range(high)], random.Random(5))
    players = [game.bot(random.Random(s), "random") for s in range(high)]
    biggest = 0
    for _ in range(2000):
        if state.to_act is None:
            break
        for seat in range(state.seats):
            size = len(protocol.encode({"type": "state", "view": state.seat_view(seat).to_json()}))
            biggest = max(biggest, size)
        seat = state.to_act
        state.apply(state.chance_action() if seat == CHANCE else players[seat].choose(state, seat))
    with capsys.disabled():
        print(f"\n{game.id}: biggest view message {biggest:,} bytes ({state.seats} seats, "
              f"{len(state.history)} actions)")
    assert biggest < protocol.MAX_MESSAGE // 4
