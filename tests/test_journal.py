"""Issue 31: nothing lost on kill -9 but the move being made. After every move the table
appends it to the match's journal (cardtable/journal.py); resuming an autosave plays the
journal's later moves on it through the rules, and a damaged, out-of-order or illegal line
ends the recovery there. ``tools/kill_test.py`` kills real tables 100 times."""

from __future__ import annotations

import json
import random

from uihelp import Driver, variant_spec

from cardtable import games, journal, saves
from cardtable.engine.game import CHANCE
from cardtable.variants import load_deck_by_id


def played(moves: int, game_id: str = "texas_holdem"):
    game = games.get(game_id)
    state = game.new_state(game.read_settings(game.defaults()), load_deck_by_id(game.decks[0]),
                           ["A", "B", "C"], random.Random(3))
    rng = random.Random(3)
    while len(state.history) < moves and state.to_act is not None:
        seat = state.to_act
        legal = [] if seat == CHANCE else state.legal_actions(seat)
        calm = [a for a in legal if type(a).__name__ in ("Check", "Call")] or legal
        state.apply(state.chance_action() if seat == CHANCE else rng.choice(calm))
    return game, state


def test_the_moves_after_an_autosave_are_played_back(tmp_path):
    game, state = played(40)
    book = journal.Journal("m1", tmp_path)
    for n, action in enumerate(state.history, 1):
        book.append(n, action)
    # an autosave that lagged 15 moves: the state of move 25
    _, state25 = played(25)
    payload = {"state": json.loads(json.dumps(state25.to_json())), "seats": []}
    again, added = journal.recover(game, payload, "m1", tmp_path)
    assert added == 15 and again["state"]["history"] == json.loads(json.dumps(state.to_json()))["history"]
    assert again["state"]["state"] == json.loads(json.dumps(state.to_json()))["state"]


def test_a_damaged_or_illegal_line_ends_the_recovery(tmp_path):
    game, state = played(30)
    _, state20 = played(20)
    payload = {"state": json.loads(json.dumps(state20.to_json()))}
    lines = [json.dumps({"n": n, "a": a.to_json()}) for n, a in enumerate(state.history, 1)]
    lines[22] = "{damaged"  # move 23
    journal.journal_path("m2", tmp_path).write_text("\n".join(lines) + "\n")
    assert journal.recover(game, payload, "m2", tmp_path)[1] == 2  # moves 21 and 22, then the damage
    lines[22] = json.dumps({"n": 23, "a": {"type": "poker.raise", "seat": 0, "to": 10 ** 9}})
    journal.journal_path("m2", tmp_path).write_text("\n".join(lines) + "\n")
    assert journal.recover(game, payload, "m2", tmp_path)[1] == 2  # an illegal move stops it too
    lines[22] = json.dumps({"n": 25, "a": json.loads(lines[24])["a"]})  # a gap
    journal.journal_path("m2", tmp_path).write_text("\n".join(lines) + "\n")
    assert journal.recover(game, payload, "m2", tmp_path)[1] == 2
    assert journal.moves_after("nobody", 0, tmp_path) == []


def test_a_table_journals_each_move_and_resume_recovers_what_the_autosave_lacks(app):
    from cardtable.ui.menu import game_table_module
    from cardtable.ui.setup_scene import SeatConfig

    spec = variant_spec(app, "texas_holdem")
    table = game_table_module(spec.game).TABLE
    seats = [SeatConfig("Bot 1", "normal"), SeatConfig("Bot 2", "normal"), SeatConfig("Bot 3", "normal")]
    scene = table.start(app, spec, seats, 200, seed=4)
    keeper = scene.match_keeper()
    for _ in range(12):
        state = scene.state
        seat = state.to_act
        scene.perform(state.chance_action() if seat == CHANCE else scene.bots[seat].choose(state, seat))
    keeper.flush()
    made = len(scene.state.history)
    path = journal.journal_path(keeper.match)
    assert len(path.read_text().splitlines()) == made
    newest = saves.interrupted_save()
    assert newest is not None and len(newest.envelope["payload"]["state"]["history"]) == made
    # as if the last five moves' autosaves never reached the disk (the writer lagging, then a kill)
    state = scene.state
    again = games.get("texas_holdem")
    replayed = again.state.new(again.read_settings(state.genesis["settings"]), scene.deck, list(state.names),
                               random.Random(0))
    for action in state.history[:made - 5]:
        replayed.apply(action)
    payload = {**newest.envelope["payload"], "state": replayed.to_json()}
    recovered, added = journal.recover(again, payload, keeper.match)
    assert added == 5 and recovered["state"]["history"] == json.loads(json.dumps(state.to_json()))["history"]
    scene.exit()
    Driver(app).step()
    assert not path.exists()  # left on purpose, on disk whole: the journal has done its work
