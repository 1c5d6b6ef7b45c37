"""Every finished hand of every game with rules exported as text (cardtable.hand_history):
PHH where PHH names the game (Seven-Card Stud as F7S, played again by pokerkit to the same
stacks), else PHH's shape with cardtable's extension: valid TOML, one action for each move
of the save, the stacks running on from hand to hand."""

from __future__ import annotations

import json
import random
import tomllib
import warnings
from collections import Counter

import pytest
from pokerkit import notation
from test_phh import played

from cardtable import games
from cardtable.engine.game import CHANCE, action_from_json
from cardtable.engine.replay import replay
from cardtable.hand_history import CONSEQUENCES, card_token, export
from cardtable.variants import load_deck_by_id

RULED = [game.id for game in games.games() if game.has_rules]


def _hands_played(game_id: str, seats: int, seed: int, hands: int = 3):
    """``played``, random moves until ``hands`` hands are finished (or the match is)."""
    game = games.get(game_id)
    deck = load_deck_by_id(game.decks[0])
    state = game.new_state(game.read_settings(game.defaults()), deck, [f"P{n}" for n in range(seats)],
                           random.Random(seed))
    rng = random.Random(seed)
    while state.to_act is not None and state.round_number <= hands and len(state.history) < 3000:
        seat = state.to_act
        state.apply(state.chance_action() if seat == CHANCE else rng.choice(state.legal_actions(seat)))
    return game, deck, json.loads(json.dumps(state.to_json()))


def _moves(line: str) -> bool:
    """Whether an action line stands for a move of the save (not a deal, a board or a show)."""
    return not line.startswith(CONSEQUENCES) and " sm " not in line


@pytest.mark.parametrize("game_id", RULED)
def test_every_game_exports_its_finished_hands(game_id):
    game, deck, data = _hands_played(game_id, 3, 2)
    made = export(game, data, deck=deck)
    hands = tomllib.loads(made.text)
    assert made.hands == len(hands) >= 2 and made.suffix == ".phhs"
    moves = _moves_by_hand(game, data, deck)
    previous = None
    for number, hand in sorted(hands.items(), key=lambda item: int(item[0])):
        assert len(hand["players"]) == len(hand["starting_stacks"]) == len(hand["finishing_stacks"])
        if previous is not None:  # the stacks run on: each player ends a hand with what they begin the next
            ended = dict(zip(previous["players"], previous["finishing_stacks"]))
            assert all(ended[name] == stack for name, stack in zip(hand["players"], hand["starting_stacks"])
                       if name in ended)
        previous = hand
        if hand["variant"].startswith("cardtable."):  # the extension: one action for each move of the hand
            assert hand["variant"] == f"cardtable.{game_id}" and hand["hand"] == int(number)
            assert sum(_moves(line) for line in hand["actions"]) == moves[hand["hand"]]
            assert all(player in {f"p{n + 1}" for n in range(len(hand["players"]))} or player == "d"
                       for player in (line.split()[0] for line in hand["actions"]))
    one = export(game, data, deck=deck, hand=2)
    assert one.suffix == ".phh" and one.hands == 1 and tomllib.loads(one.text)["hand"] == 2


def _moves_by_hand(game, data, deck) -> Counter:
    """How many moves of the save each hand has: a move belongs to the hand it leaves the
    match in (the moves before the first deal, to the first)."""
    state = replay(game.state, data, deck=deck, read_settings=game.read_settings, moves=0)
    counts: Counter = Counter()
    for item in data["history"]:
        state.apply(action_from_json(item))
        counts[max(state.round_number, 1)] += 1
    return counts


def test_the_log_lines_are_comments_and_a_shuffle_order_is_left_out():
    game, deck, data = _hands_played("sabacc", 3, 5)
    text = export(game, data, deck=deck).text
    assert '"d shuffle",  # Hand 1: ' in text and "order=" not in text
    assert all(hand["actions"][0] == "d shuffle" for hand in tomllib.loads(text).values())


def test_card_tokens_are_one_word_and_name_one_card():
    for deck_id in {d for game in games.games() for d in game.decks}:
        deck = load_deck_by_id(deck_id)
        standard = deck_id == "standard52"
        tokens = [card_token(card, standard) for card in deck]
        assert len(set(tokens)) == len(tokens), deck_id
        assert not any(" " in t or "," in t for t in tokens), deck_id


@pytest.mark.parametrize("seats,seed", [(2, 1), (3, 0), (5, 2), (7, 3)])
def test_seven_card_stud_is_phh_f7s_and_plays_again_in_pokerkit(seats, seed):
    game, deck, data = played("seven_card_stud", seats, seed, moves=300)
    made = export(game, data, deck=deck)
    assert made.text.startswith("[1]\nvariant = 'F7S'") or 'variant = "F7S"' in made.text
    checked = 0
    for phh in notation.HandHistory.loads_all(made.text):
        if _beyond_f7s(phh):
            continue
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            state = list(phh)[-1]
        assert not state.status and list(state.stacks) == list(phh.finishing_stacks)
        checked += 1
    assert checked >= 3


def _beyond_f7s(phh) -> bool:
    """A hand our stud plays that F7S cannot: a bring-in due from a player all-in on the ante
    (ours posts nothing; PHH moves it on). (A round of a bet and three raises is both games'
    cap: the variant's raise_cap 3 counts the raises after the bet.)"""
    bring_in = next((int(a.split()[0][1:]) - 1 for a in phh.actions if a.endswith(" pb")), None)
    return bring_in is not None and phh.starting_stacks[bring_in] <= phh.antes[bring_in]


def test_a_match_still_in_play_has_no_hand_history_yet(tmp_path):
    """Its hands would show every player's cards, folded ones too: written once it is over
    (as a replay shows a match in play from one's own seat only)."""
    import io

    from cardtable import saves
    from cardtable.cli import main
    from cardtable.simulation import bundled_variant, match_save

    game = games.get("texas_holdem")
    deck = load_deck_by_id(game.decks[0])
    state = game.new_state(game.read_settings({**game.defaults(), "starting_chips": 5000}), deck,
                           ["Ada", "Bo", "Cy"], random.Random(4))
    rng = random.Random(4)
    while state.round_number <= 3:
        seat = state.to_act
        state.apply(state.chance_action() if seat == CHANCE else rng.choice(state.legal_actions(seat)))
    assert state.to_act is not None
    path = saves.write_save(tmp_path / "in_play.json", match_save(game, bundled_variant(game), state,
                                                                   [None, "normal", "normal"], "m1"))
    err = io.StringIO()
    assert main(["history", "export", str(path)], out=io.StringIO(), err=err) == 1
    assert "still being played" in err.getvalue()
