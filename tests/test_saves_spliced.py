"""Saves splice the state's history and log as kept JSON text (issue 17): the bytes are
exactly those of writing the whole state again, across a JSON round trip and a seat copy."""

from __future__ import annotations

import json
import random

import pytest

import cardtable.games as games
from cardtable.bots.base import play_step
from cardtable.engine.game import JSONText
from cardtable.saves import _canonical, _spliced, decode, encode, prepare
from cardtable.simulation import bundled_settings, seat_bots
from cardtable.variants import load_deck_by_id


def _spliced_bytes(state) -> bytes:
    with state.spliced_json():
        data = state.to_json()
    assert isinstance(data["history"], JSONText) and isinstance(data["log"], JSONText)
    return _spliced(data)()


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


def test_a_prepared_save_keeps_the_state_it_was_prepared_on() -> None:
    """An autosave is prepared on the game thread and its bytes made later by the writer
    thread: the moves played meanwhile must not leak into it (the kept texts are only
    appended to; a prepared save reads only the items it was made with)."""
    game = games.get("ipso")
    deck = load_deck_by_id(game.decks[0])
    state = game.state.new(bundled_settings(game), deck, ["A", "B", "C"], random.Random(7))
    bots, _ = seat_bots("random", 3, 1, 0, game.bot)
    pending = []
    for _ in range(60):
        play_step(state, bots)
        with state.spliced_json():
            save = prepare(game="ipso", variant="ipso", match="m", payload={"state": state.to_json()})
        pending.append((save, _canonical(state.to_json())))
        if state.to_act is None:
            break
    for save, then in pending:  # made only now, after every later move
        assert _canonical(decode(save.bytes())["payload"]["state"]) == then


def test_preparing_a_save_leaves_the_long_texts_for_the_writer_thread() -> None:
    """The game thread's part of an autosave must not read the kept history text (joining
    it grows with the match): only :meth:`PendingSave.bytes`, on the writer thread, does."""
    reads = []

    class Counted(JSONText):
        __slots__ = ()

        @property
        def json_bytes(self) -> bytes:
            reads.append(1)
            return JSONText.json_bytes.fget(self)  # type: ignore[attr-defined]

    text = Counted(parts=[b"1", b"2"], count=2)
    pending = prepare(game="ipso", variant="ipso", match="m", payload={"history": text, "n": 3})
    assert reads == []
    assert decode(pending.bytes())["payload"] == {"history": [1, 2], "n": 3}
    assert reads == [1]
