"""Issue 31: a saved poker match's hands as Poker Hand History (PHH), the open standard:
``cardtable history export SAVE [--hand N]``. Every hand written is played again by
pokerkit, an independent engine that reads PHH, and must end with the stacks ours did."""

from __future__ import annotations

import io
import json
import random
import warnings

import pytest
from pokerkit import notation

from cardtable import games
from cardtable.cli import main
from cardtable.engine.game import CHANCE
from cardtable.variants import load_deck_by_id
from cardtable.yaml_games.phh import PhhError, card_code, hand_history, match_history


def played(game_id: str, seats: int, seed: int, moves: int = 400, **settings):
    """A match of random moves (``settings`` over the game's defaults), its game, its deck
    and its save's state (a JSON round trip of ``to_json()``)."""
    game = games.get(game_id)
    deck = load_deck_by_id(game.decks[0])
    state = game.new_state(game.read_settings({**game.defaults(), **settings}), deck,
                           [f"P{n}" for n in range(seats)], random.Random(seed))
    rng = random.Random(seed)
    while state.to_act is not None and len(state.history) < moves:
        seat = state.to_act
        state.apply(state.chance_action() if seat == CHANCE else rng.choice(state.legal_actions(seat)))
    return game, deck, json.loads(json.dumps(state.to_json()))


@pytest.mark.parametrize("game_id,seats,seed", [("texas_holdem", 2, 11), ("texas_holdem", 6, 3), ("omaha", 3, 8),
                                                ("omaha_hilo", 5, 4), ("omaha_hilo", 2, 5)])
def test_every_hand_written_plays_again_in_pokerkit_to_the_same_stacks(game_id, seats, seed):
    game, deck, data = played(game_id, seats, seed)
    text = match_history(game, data, deck=deck)
    hands = list(notation.HandHistory.loads_all(text))
    assert len(hands) >= 1
    for phh in hands:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # pokerkit notes a fold that gave nothing up
            states = list(phh)  # each state as pokerkit plays the hand
        state = states[-1]
        assert not state.status, "pokerkit's hand is not over"
        assert list(state.stacks) == list(phh.finishing_stacks)  # the stacks our engine ended with


def test_one_hand_and_the_refusals():
    game, deck, data = played("texas_holdem", 3, 1)
    one = hand_history(game, data, 1, deck=deck)
    assert one.startswith('variant = "NT"') and "d dh p1 " in one and "hand = 1" in one
    with pytest.raises(PhhError, match="not 99"):
        hand_history(game, data, 99, deck=deck)
    ipso, ipso_deck, ipso_data = played("ipso", 3, 1, moves=60)
    with pytest.raises(PhhError, match="no PHH variant"):
        match_history(ipso, ipso_data, deck=ipso_deck)
    assert card_code(load_deck_by_id("standard52").find("10C")) == "Tc"


def test_the_command_line_exports_a_saved_match(tmp_path):
    out, err = io.StringIO(), io.StringIO()
    assert main(["simulate", "omaha", "--games", "1", "--seats", "3", "--seed", "2", "--save-dir", str(tmp_path)],
                out=io.StringIO(), err=err) == 0
    (save,) = tmp_path.glob("*.json")
    assert main(["history", "export", str(save), "--hand", "1"], out=out, err=err) == 0
    assert out.getvalue().startswith('variant = "PO"')
    ipso_dir = tmp_path / "ipso"
    main(["simulate", "ipso", "--games", "1", "--seats", "3", "--seed", "2", "--save-dir", str(ipso_dir)],
         out=io.StringIO(), err=io.StringIO())
    (other,) = ipso_dir.glob("*.json")
    out = io.StringIO()
    assert main(["history", "export", str(other)], out=out, err=io.StringIO()) == 0
    assert 'variant = "cardtable.ipso"' in out.getvalue()  # (PHH has no Ipso: its extension)
