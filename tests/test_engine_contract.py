"""The game contract, exercised by a tiny game written only for this test.

"High card": chance deals one hidden card to each seat; each seat in turn stays
or folds; the highest card among those who stayed wins. Small, but it uses every
part of the contract: chance as an actor, typed frozen actions, one legality
check shared by ``can`` and ``apply``, hidden cards in views and the log, and a
JSON round trip that continues the same game.
"""

from __future__ import annotations

import json
import random
from dataclasses import FrozenInstanceError
from types import SimpleNamespace

import pytest

from cardtable.engine.game import CHANCE, Action, Event, GameState, IllegalAction, action_from_json


class Deal(Action):
    cards: tuple[int, ...]


class Stay(Action):
    pass


class Fold(Action):
    pass


class HighCard(GameState):
    def __init__(self, *, seats: int, rng: random.Random) -> None:
        super().__init__(seats=seats, rng=rng)
        self.hands: list[int | None] = [None] * seats
        self.folded = [False] * seats
        self.turn: int | None = CHANCE
        self.winner: int | None = None

    @classmethod
    def new(cls, settings, deck, names, rng, dealer=0, *, stacks=None):
        return cls(seats=len(names), rng=rng)

    @property
    def round_number(self):
        return 0 if self.turn == CHANCE else 1

    def standings(self):
        return [(f"seat {s}", int(s == self.winner)) for s in range(self.seats)]

    @property
    def to_act(self):
        return self.turn

    def _hidden_slots(self, seat):
        return [(self.hands, s) for s in range(self.seats)
                if s != seat and self.hands[s] is not None and self.view(seat)["hands"][s] is None]

    def legal_actions(self, seat):
        if seat != self.turn or seat == CHANCE:
            return []
        return [Stay(seat=seat), Fold(seat=seat)]

    def why_illegal(self, action):
        if self.turn is None:
            return "the game is over"
        if action.seat != self.turn:
            return f"it is not seat {action.seat}'s turn"
        if isinstance(action, Deal):
            if sorted(action.cards) != sorted(set(action.cards)) or len(action.cards) != self.seats:
                return "a deal gives one different card to every seat"
            return None
        if isinstance(action, (Stay, Fold)):
            return None
        return f"{action.kind} is not an action of this game"

    def _chance_action(self):
        return Deal(seat=CHANCE, cards=tuple(self.rng.sample(range(52), self.seats)))

    def _apply(self, action):
        if isinstance(action, Deal):
            self.hands = list(action.cards)
            self.turn = 0
            return Event(CHANCE, "the dealer deals one card each",
                         {s: f"you get card {c}" for s, c in enumerate(action.cards)})
        if isinstance(action, Fold):
            self.folded[action.seat] = True
        nxt = action.seat + 1
        self.turn = nxt if nxt < self.seats else None
        if self.turn is None:
            live = [s for s in range(self.seats) if not self.folded[s]] or [self.seats - 1]
            self.winner = max(live, key=lambda s: self.hands[s])
        return Event(action.seat, f"seat {action.seat} {'folds' if isinstance(action, Fold) else 'stays'}")

    def view(self, seat):
        return {"hands": [h if s == seat or (self.turn is None and not self.folded[s]) else None
                          for s, h in enumerate(self.hands)],
                "folded": list(self.folded), "to_act": self.turn}

    def _state_json(self):
        return {"hands": self.hands, "folded": self.folded, "turn": self.turn, "winner": self.winner}

    def _load_state_json(self, data, **spec):
        self.hands, self.folded = list(data["hands"]), list(data["folded"])
        self.turn, self.winner = data["turn"], data["winner"]


def play(state: HighCard, choose: random.Random) -> HighCard:
    while not state.is_over:
        if state.to_act == CHANCE:
            state.apply(state.chance_action())
        else:
            state.apply(choose.choice(state.legal_actions(state.to_act)))
    return state


def test_chance_is_an_actor_and_its_action_is_recorded():
    state = HighCard(seats=3, rng=random.Random(5))
    assert state.to_act == CHANCE
    deal = state.chance_action()
    assert isinstance(deal, Deal) and deal.seat == CHANCE
    state.apply(deal)
    assert state.history == [deal]
    assert state.to_act == 0


def test_apply_refuses_with_the_same_reason_can_reports_and_changes_nothing():
    state = HighCard(seats=2, rng=random.Random(1))
    state.apply(state.chance_action())
    wrong = Stay(seat=1)
    assert not state.can(wrong)
    before = json.dumps(state.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction) as err:
        state.apply(wrong)
    assert err.value.reason == state.why_illegal(wrong) == "it is not seat 1's turn"
    assert json.dumps(state.to_json(), sort_keys=True) == before


def test_actions_are_frozen_and_round_trip_through_json():
    action = Deal(seat=CHANCE, cards=(3, 9))
    with pytest.raises(FrozenInstanceError):
        action.seat = 2  # type: ignore[misc]
    assert action_from_json(json.loads(json.dumps(action.to_json()))) == action
    with pytest.raises(ValueError, match="unknown action type"):
        action_from_json({"type": "NoSuchThing", "seat": 0})


def test_views_and_logs_hide_other_seats_cards():
    state = HighCard(seats=3, rng=random.Random(2))
    state.apply(state.chance_action())
    for seat in range(3):
        view = state.view(seat)
        assert view["hands"][seat] == state.hands[seat]
        assert [h for s, h in enumerate(view["hands"]) if s != seat] == [None, None]
        others = {state.hands[s] for s in range(3) if s != seat}
        assert not any(f"card {c}" in line for line in state.log_for(seat) for c in others)
    assert state.log_for(None) == ["the dealer deals one card each"]


def test_a_state_restored_from_json_continues_exactly_the_same_game():
    a = HighCard(seats=4, rng=random.Random(11))
    a.apply(a.chance_action())
    a.apply(Stay(seat=0))
    b = HighCard.from_json(json.loads(json.dumps(a.to_json())))
    assert b.to_json() == a.to_json()
    random.seed(999)  # stirring the global generator must change nothing
    play(a, random.Random(3))
    play(b, random.Random(3))
    assert (a.winner, a.history) == (b.winner, b.history)


def test_same_seed_same_game():
    games = [play(HighCard(seats=5, rng=random.Random(42)), random.Random(7)) for _ in range(2)]
    assert games[0].history == games[1].history


def test_seat_table_checks_a_new_table_for_every_game():
    import doctest

    import cardtable.engine.game as game_module
    from cardtable.engine.game import seat_table

    assert doctest.testmod(game_module).failed == 0
    with pytest.raises(ValueError, match="not 5"):
        seat_table("Game", ["A", "B"], None, 10, 5)
    with pytest.raises(ValueError, match="at least the buy-in"):
        seat_table("Game", ["A", "B"], [1, 0], 10, 0, least=1, least_text="the buy-in (1)")
    declared = SimpleNamespace(name="Declared", seats=(2, 3))  # a game's GAME, as far as seat_table reads it
    assert seat_table(declared, ["A", "B", "C"], None, 10, 0) == (["A", "B", "C"], [10, 10, 10])
    with pytest.raises(ValueError, match=r"^Declared needs 2 to 3 players, got 4$"):
        seat_table(declared, ["A", "B", "C", "D"], None, 10, 0)
    with pytest.raises(TypeError, match="declaration's"):
        seat_table(declared, ["A", "B"], None, 10, 0, seats=(2, 8))


def test_a_seat_copy_keeps_the_seats_view_and_deals_only_what_it_cannot_see():
    state = HighCard(seats=4, rng=random.Random(3))
    state.apply(state.chance_action())
    other = state.seat_copy(0, random.Random(9))  # differs from state only in cards seat 0 cannot see
    for source in (state, other):
        copy = source.seat_copy(0, random.Random(1))
        assert copy.view(0) == state.view(0)
        assert copy.history == [] and copy.log_for(None) == state.log_for(0)
    assert state.seat_copy(0, random.Random(1)).hands == other.seat_copy(0, random.Random(1)).hands
    assert sorted(other.hands) == sorted(state.hands)
