"""Issue 31: a save is its history. Loading replays the moves from how the match began
(:mod:`cardtable.engine.replay`) and refuses a save whose state says anything its moves do
not, naming the first move that does not replay or the first place it differs; checked on
every registered game with its checksum made good again, as a hand edit or a buggy writer
would leave it."""

from __future__ import annotations

import json
import random

import pytest

from cardtable import games
from cardtable.engine.game import CHANCE
from cardtable.engine.replay import MAX_NAME, ReplayError, difference, replay
from cardtable.save_checks import load_state
from cardtable.saves import SaveError
from cardtable.variants import load_deck_by_id

PLAYED = [g for g in games.games() if g.state is not None]


def played(game, moves: int = 120, seats: int = 3, seed: int = 5):
    """A match of ``game`` with ``moves`` random legal moves made (chance's too)."""
    state = game.new_state(game.read_settings(game.defaults()), load_deck_by_id(game.decks[0]),
                           [f"P{n}" for n in range(seats)], random.Random(seed))
    rng = random.Random(seed)
    for _ in range(moves):
        if state.to_act is None:
            break
        seat = state.to_act
        if seat == CHANCE:
            state.apply(state.chance_action())
            continue
        legal = state.legal_actions(seat)
        names = [type(a).__name__ for a in legal]  # a long match: stay in, and mostly without raising
        calm = ([a for a, n in zip(legal, names) if n in ("Check", "Call")]
                or [a for a, n in zip(legal, names) if n not in ("AllIn", "Fold", "Raise", "Bet")] or legal)
        state.apply(rng.choice(calm))
    return state


def payload(state) -> dict:
    """A save's payload for ``state`` as it is read back from the file (plain JSON)."""
    return {"state": json.loads(json.dumps(state.to_json())),
            "seats": [{"name": name, "bot": None} for name in state.names]}


def refused(game, data) -> str:
    with pytest.raises(SaveError) as caught:
        load_state(game.id, data)
    return caught.value.reason


@pytest.mark.parametrize("game", PLAYED, ids=lambda g: g.id)
def test_a_save_is_the_state_its_moves_reach(game):
    state = played(game)
    assert state.genesis is not None and state.genesis["names"] == list(state.names)
    loaded = load_state(game.id, payload(state))
    assert loaded is not state and loaded.to_json() == json.loads(json.dumps(state.to_json()))
    assert loaded.genesis == state.genesis
    again = replay(game.state, payload(state)["state"], deck=load_deck_by_id(game.decks[0]),
                   read_settings=game.read_settings)
    assert again.to_json() == loaded.to_json()
    if loaded.to_act is not None and loaded.to_act == CHANCE:  # the generator goes on as it would have
        assert loaded.chance_action() == state.chance_action()


@pytest.mark.parametrize("game", PLAYED, ids=lambda g: g.id)
def test_a_history_that_does_not_replay_is_refused_naming_the_move(game):
    state = played(game)
    history = payload(state)["state"]["history"]
    assert len(history) >= 6
    for name, changed in (("reversed", history[::-1]), ("doubled", history[:3] + history[2:]),
                          ("dropped", history[:2] + history[3:]), ("emptied", []),
                          ("truncated", history[:-2])):
        data = payload(state)
        data["state"]["history"] = changed
        reason = refused(game, data)
        assert "does not replay" in reason or "is not what its moves give" in reason, (name, reason)
    data = payload(state)
    data["state"]["history"] = history[::-1]
    assert "move 1 does not replay" in refused(game, data)


@pytest.mark.parametrize("game", PLAYED, ids=lambda g: g.id)
def test_a_state_edited_by_hand_is_refused_naming_the_place(game):
    state = played(game)
    inner = payload(state)["state"]["state"]
    edits = []
    if isinstance(inner.get("shown"), list) and not all(inner["shown"]):
        edits.append(("shown", lambda s: s.__setitem__("shown", [True] * len(s["shown"]))))
    hands = inner.get("hands")
    if isinstance(hands, list) and len(hands) >= 2 and hands[0] != hands[1]:
        edits.append(("hands", lambda s: s.__setitem__("hands", [s["hands"][1], s["hands"][0], *s["hands"][2:]])))
    if "phase" in inner and inner["phase"] != "game_over":
        edits.append(("phase", lambda s: s.__setitem__("phase", "game_over")))
    for key in ("total_chips", "total_credits"):
        if isinstance(inner.get(key), int):
            def more(s, key=key):
                s[key] += 1_000_000
                chips = s.get("chips")
                if isinstance(chips, dict):
                    chips["stacks"][0] += 1_000_000
                elif isinstance(s.get("stacks"), list):
                    s["stacks"][0] += 1_000_000
            edits.append((key, more))
    assert edits, game.id
    for name, edit in edits:
        data = payload(state)
        edit(data["state"]["state"])
        reason = refused(game, data)
        assert reason, name


def test_a_name_too_long_to_be_a_players_is_refused():
    game = games.get("texas_holdem")
    state = played(game, moves=10)
    data = payload(state)
    data["state"]["genesis"]["names"][0] = "x" * 100_000
    assert f"{MAX_NAME}-character names" in refused(game, data)


def test_a_save_written_before_the_genesis_loads_as_before():
    game = games.get("ipso")
    state = played(game)
    data = payload(state)
    del data["state"]["genesis"]
    loaded = load_state(game.id, data)
    assert loaded.genesis is None and loaded.to_json()["history"] == data["state"]["history"]


def test_the_difference_names_the_first_place():
    assert difference({"a": {"b": [1, 2, 3]}}, {"a": {"b": [1, 2, 4]}}) == "a.b[2] is 3 in the save, 4 by its moves"
    assert difference({"h": [1]}, {"h": [1, 2]}) == "h holds 1 items in the save, 2 by its moves"
    assert difference({"x": 1}, {"x": 1}) is None
    assert ReplayError(3, "why").move == 3 and str(ReplayError(3, "why")) == "move 3 does not replay: why"


def test_a_vouched_save_is_built_without_its_moves_looked_over_and_another_is_checked_whole(monkeypatch):
    from cardtable import save_checks

    game = games.get("ipso")
    data = payload(played(game))
    looked = []
    for name in ("_history_problems", "_log_problems"):
        real = getattr(save_checks, name)
        monkeypatch.setattr(save_checks, name, lambda *args, real=real: looked.append(1) or real(*args))
    state = load_state(game.id, data, trusted=True)
    assert state.to_json() == data["state"] and not looked  # played here or replayed whole once: not again
    data["state"]["log"][-1]["private"] = {"7": "a line for no seat"}
    assert "line" in refused(game, data) and looked  # a save not vouched for is still checked move by move
    data["state"]["history"] = "not a list"
    with pytest.raises(SaveError, match="history is not a list"):
        load_state(game.id, data, trusted=True)
