"""Saves splice the state's history and log as kept JSON text (issue 17): the bytes are
exactly those of writing the whole state again, across a JSON round trip and a seat copy."""

from __future__ import annotations

import json
import random

import pytest

import cardtable.games as games
from cardtable.bots.base import play_step
from cardtable.engine.game import JSONText
from cardtable.saves import _canonical, _spliced, decode, encode
from cardtable.simulation import bundled_settings, seat_bots
from cardtable.variants import load_deck_by_id


def _spliced_bytes(state) -> bytes:
    with state.spliced_json():
        data = state.to_json()
    assert isinstance(data["history"], JSONText) and isinstance(data["log"], JSONText)
    return _spliced(data)


@pytest.mark.parametrize("game_id", ["ipso", "alethkar_poker", "sabacc"])
def test_spliced_state_is_the_canonical_json(game_id: str) -> None:
    game = games.get(game_id)
    deck = load_deck_by_id(game.decks[0])
    state = game.state.new(bundled_settings(game), deck, ["A", "B", "C"], random.Random(3))
    bots, _ = seat_bots("random", 3, 1, 0, game.bot)
    for done in range(1, 181):
        if state.to_act is None:
            break
        play_step(state, bots)
        if done % 23 == 0 or done < 3:
            plain = _canonical(state.to_json())
            assert _spliced_bytes(state) == plain
            assert isinstance(state.to_json()["history"], list)  # outside: plain data again
        if done % 60 == 0:
            state = type(state).from_json(json.loads(_canonical(state.to_json())), deck=deck)
            assert _spliced_bytes(state) == _canonical(state.to_json())
        if done % 70 == 0:
            copy = state.seat_copy(0, random.Random(done))
            assert _spliced_bytes(copy) == _canonical(copy.to_json())


def test_encode_splices_and_the_save_checks() -> None:
    game = games.get("ipso")
    deck = load_deck_by_id(game.decks[0])
    state = game.state.new(bundled_settings(game), deck, ["A", "B", "C"], random.Random(5))
    bots, _ = seat_bots("random", 3, 1, 0, game.bot)
    for _ in range(50):
        play_step(state, bots)
    with state.spliced_json():
        spliced = encode(game="ipso", variant="ipso", match="m", payload={"state": state.to_json()})
    plain = encode(game="ipso", variant="ipso", match="m", payload={"state": state.to_json()})
    envelope = decode(spliced)
    assert envelope["payload"] == {"state": state.to_json()}
    assert json.loads(spliced)["sha256"] == json.loads(plain)["sha256"] or \
        json.loads(spliced)["saved_at"] != json.loads(plain)["saved_at"]
