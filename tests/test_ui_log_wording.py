"""The log speaks of every seat by name, its own seat included ("Ann takes", never "You
take" beside "Bo takes"), and names cards as players know them ("Endurance", not the
deck's internal id "Endurance #2")."""

from __future__ import annotations

import random

from cardtable import games
from cardtable.engine.game import CHANCE
from cardtable.variants import load_deck_by_id


def _play(game_id: str, seed: int, until, names=("Ann", "Bo", "Cy"), limit: int = 4000):
    """A match of random legal moves until ``until(state)`` holds; the state."""
    game = games.get(game_id)
    state = game.state.new(game.rules({}), load_deck_by_id(game.decks[0]), list(names), random.Random(seed))
    rng = random.Random(seed)
    for _ in range(limit):
        if until(state) or state.is_over:
            return state
        seat = state.to_act
        action = state.chance_action() if seat == CHANCE else rng.choice(state.legal_actions(seat))
        state.apply(action)
    return state


def _lines_of(state, seat: int) -> list[str]:
    return [e.private[seat] for e in state.log if seat in e.private]


def test_ipso_a_face_down_exchange_names_the_player_in_their_own_line():
    state = _play("ipso", 5, lambda s: any("face-down discard" in t for e in s.log for t in e.private.values()))
    private = [t for e in state.log for t in e.private.values() if "face-down discard" in t]
    assert private, "no face-down exchange was played"
    assert all(not t.startswith("You ") for t in private)
    assert any(t.startswith(f"{name} takes ") for name in ("Ann", "Bo", "Cy") for t in private)


def test_sabacc_private_lines_name_the_player_and_never_a_face_cards_copy_number():
    state = _play("sabacc", 3, lambda s: len(s.log) > 80)
    private = [t for e in state.log for t in e.private.values()]
    assert private
    assert not [t for t in private if t.lower().startswith(("you ", "shift: you "))]
    texts = [t for seat in range(3) for t in state.log_for(seat)]
    assert not [t for t in texts if "#" in t], [t for t in texts if "#" in t][:3]
    face = next(c for c in state.deck if "face" in c.tags)
    assert state.card_name(face.index) == face.name and "#" in face.code
