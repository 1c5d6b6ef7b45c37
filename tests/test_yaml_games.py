"""Games written in a variant file alone (:mod:`cardtable.yaml_games`): the bundled ones
simulated to the end and ranked from the command line, a game a user writes into their
own variants folder (Pineapple) found and played headless to the end, and every kind of
broken flow refused at its file, line and column without stopping anything else."""

from __future__ import annotations

import json
import random

import pytest
from harness import BUNDLED_YAML_GAMES
from written_games import PINEAPPLE, example_text, run_cli

from cardtable import games, variants
from cardtable.engine.game import CHANCE
from cardtable.simulation import simulate_game

PINEAPPLE_TEXT = example_text(PINEAPPLE)


@pytest.mark.parametrize("game_id", BUNDLED_YAML_GAMES)
def test_each_bundled_yaml_game_plays_every_match_to_the_end_from_the_command_line(game_id):
    game = games.get(game_id)
    seats = min(6, game.seats[1])
    # Random players take a thousand hands to finish a fixed-limit match (pots stay small):
    # here those games play 5 matches of 30 hands, every invariant checked all the same.
    fixed = game.defaults()["limit"] == "fixed"
    matches = ["--games", "5", "--max-rounds", "30"] if fixed else ["--games", "20"]
    code, out, err = run_cli("simulate", game_id, *matches, "--seats", str(seats), "--seed", "1")
    assert code == 0, err
    summary = json.loads(out.strip().splitlines()[-1])
    assert fixed or summary["finished"] == 20, summary
    assert summary["invariants"]["failed"] == 0
    assert summary["invariants"]["checked"] > 20 * seats


@pytest.mark.parametrize("name,cards,high,low", [
    ("holdem", ["AS", "KS", "/", "QS", "JS", "10S", "2D", "3C"], "Royal Flush", None),
    ("omaha", ["AS", "2D", "3C", "4H", "/", "KS", "QS", "JS", "10S", "9S"], "Ace High", None),
    ("omaha_hilo", ["AS", "2D", "KC", "KH", "/", "KS", "3H", "4S", "8H", "JC"], "Three Kings", "8-4-3-2-A"),
    ("stud", ["2C", "2D", "2H", "5S", "5D", "9C", "KD"], "Full House, Twos over Fives", None),
    ("5cd", ["AS", "AD", "7C", "7H", "2S"], "Two Pair, Aces and Sevens", None),
])
def test_rank_values_a_hand_of_each_game_by_its_showdown(name, cards, high, low):
    code, out, err = run_cli("rank", name, *cards)
    assert code == 0, err
    result = json.loads(out)
    assert result["high"]["label"] == high
    if low is not None:
        assert low in result["low"]["label"]


def test_rank_refuses_omaha_without_a_board():
    code, _, err = run_cli("rank", "omaha", "AS", "KS", "QS", "JS", "10S")
    assert code == 2 and "two hole cards" not in err and "from the board" in err


def test_a_game_a_user_writes_appears_and_plays_headless_to_the_end(user_folder):
    (user_folder / "pineapple.yaml").write_text(PINEAPPLE_TEXT, encoding="utf-8")
    entry = next(e for e in variants.discover() if e.path.name == "pineapple.yaml")
    assert entry.error is None and entry.user and entry.spec.game == PINEAPPLE
    game = games.get(PINEAPPLE)
    assert game.seats == (2, 8) and game.table == "cardtable.yaml_games.ui.table"
    assert [s.key for s in game.settings][:2] == ["small_blind", "big_blind"]
    assert game.state.FLOW.describe().startswith(
        "blinds, deal 3 hole cards, betting before the flop, flop, betting on the flop, discard 1")
    for bots in ("random", "normal"):
        summary = simulate_game(game, games=3, seats=4, seed=2, bots=bots)
        assert summary["finished"] == 3 and summary["invariants"]["failed"] == 0, summary["invariants"]


def test_a_pineapple_hand_discards_one_card_each_after_the_flop(user_folder):
    (user_folder / "pineapple.yaml").write_text(PINEAPPLE_TEXT, encoding="utf-8")
    game = games.get(PINEAPPLE)
    deck = variants.load_deck_by_id("standard52")
    state = game.new_state(game.rules({}), deck, ["Ada", "Bo", "Cy"], random.Random(3))
    rng = random.Random(4)
    while state.phase.value != "discard":
        seat = state.to_act
        state.apply(state.chance_action() if seat == CHANCE else _calling(state, seat))
    seat = state.to_act
    hand = state.hand_of(seat)
    assert len(hand) == 3 and len(state.board) == 3
    assert "exactly 1 card" in state.why_illegal(state.DISCARD(seat=seat, cards=()))
    assert "exactly 1 card" in state.why_illegal(state.DISCARD(seat=seat, cards=tuple(hand[:2])))
    state.apply(state.DISCARD(seat=seat, cards=(hand[0],)))
    assert state.hand_of(seat) == hand[1:] and hand[0] in state.discards
    assert "discards 1 card" in state.log_for(None)[-1] and state.card_name(hand[0]) not in state.log_for(None)[-1]
    while state.phase.value == "discard":
        seat = state.to_act
        state.apply(rng.choice(state.legal_actions(seat)))
    assert [len(state.hand_of(s)) for s in range(3) if state.in_hand[s]] == [2] * sum(state.in_hand)


def _calling(state, seat):
    from cardtable.engine.betting import Call, Check
    options = state.betting_options(seat)
    return Check(seat=seat) if options.can_check else Call(seat=seat)


def _flow_file(flow: str, *, seats: str = "", settings: str = "", decks: str = "[standard52]") -> str:
    return (f"schema_version: 1\nvariant:\n  id: broken\n  name: Broken\n{seats}  decks: {decks}\n"
            f"  game:\n    flow:\n{flow}  settings:\n    starting_chips: 50\n{settings}")


BROKEN = [  # (flow lines, marker on the line the error is at, column of the marker, what it says)
    ("      - deal: {hole: 2}\n      - flop: {count: 3}\n", "flop", "no step 'flop'"),
    ("      - deal: {hole: 2}\n      - bet: {name: x}\n      - showdown: {high: best}\n      - settle: {}\n",
     "showdown", "no hand evaluator 'best'"),
    ("      - deal: {hole: 5}\n      - bet: {name: x}\n      - draw: {up_to: 9}\n      - showdown: {high: high}\n"
     "      - settle: {}\n", "draw", "up_to is 9, but a hand holds 5 cards"),
    ("      - deal: {hole: 2, face: up}\n      - settle: {}\n", "face", "deal has no parameter 'face'"),
    ("      - deal: {hole: -1}\n", "-1", "hole must be from 0"),
    ("      - deal: {hole: 7}\n      - bet: {name: x}\n      - showdown: {high: high}\n      - settle: {}\n",
     "deal", "at 8 players this deals the 56th card of a 52-card deck"),
    ("      - antes: {amount: ante}\n      - bet: {name: x}\n      - deal: {hole: 5}\n", "bet",
     "a betting round before any card is dealt"),
    ("      - antes: {amount: ante}\n      - showdown: {high: high}\n      - settle: {}\n", "showdown",
     "a showdown with no cards to show"),
    ("      - deal: {hole: 2}\n      - bet: {name: x, opener: big_blind_left}\n", "big_blind_left",
     "opener big_blind_left needs a blinds step"),
    ("      - deal: {hole: 4}\n      - bet: {name: x}\n      - showdown: {high: omaha_high}\n      - settle: {}\n",
     "showdown", "omaha_high makes a hand of exactly 2 hole cards and 3 from the board"),
    ("      - deal: {hole: 5}\n      - bet: {name: x}\n      - showdown: {high: high}\n", "flow:",
     "the flow never settles"),
    ("      - deal: {hole: 5}\n      - bet: {name: x}\n      - settle: {}\n", "settle",
     "a settle with no showdown before it"),
]


@pytest.mark.parametrize("flow,marker,message", BROKEN, ids=[b[2][:30] for b in BROKEN])
def test_a_broken_flow_is_refused_at_its_file_line_and_column_and_the_rest_goes_on(user_folder, flow, marker,
                                                                                   message):
    text = _flow_file(flow)
    path = user_folder / "broken.yaml"
    path.write_text(text, encoding="utf-8")
    (user_folder / "pineapple.yaml").write_text(PINEAPPLE_TEXT, encoding="utf-8")
    entries = {e.path.name: e for e in variants.discover()}
    error = entries["broken.yaml"].error
    assert entries["broken.yaml"].spec is None and error is not None
    line = next(n for n, row in enumerate(text.splitlines(), 1) if marker in row)
    assert error.startswith(f"{path}:{line}:"), error
    assert message in error, error
    assert entries["pineapple.yaml"].spec is not None  # the other file still loads
    assert "broken" not in games.registry().games


@pytest.mark.parametrize("settings,marker,message", [
    ("    ante: 0\n", "ante: 0", "ante must be a whole number from 1"),
    ("    antes: 2\n", "antes: 2", "unknown setting 'antes': the flow names none such"),
    ("    ace_bonus: yes please\n", "yes please", "ace_bonus must be true or false"),
])
def test_a_setting_the_flow_names_is_checked_where_the_file_gives_it(user_folder, settings, marker, message):
    flow = ("      - antes: {amount: ante}\n      - deal: {hole: 5}\n      - bet: {name: x}\n"
            "      - draw: {up_to: 3, ace_bonus: ace_bonus}\n      - showdown: {high: high}\n      - settle: {}\n")
    text = _flow_file(flow, settings=settings)
    path = user_folder / "broken.yaml"
    path.write_text(text, encoding="utf-8")
    error = next(e for e in variants.discover() if e.path.name == "broken.yaml").error
    line = next(n for n, row in enumerate(text.splitlines(), 1) if marker in row)
    assert error is not None and error.startswith(f"{path}:{line}:") and message in error, error


def test_a_deck_the_poker_hands_cannot_read_is_refused_at_its_line(user_folder):
    text = _flow_file("      - deal: {hole: 2}\n      - bet: {name: x}\n      - showdown: {high: high}\n"
                      "      - settle: {}\n", decks="[sabacc]")
    path = user_folder / "broken.yaml"
    path.write_text(text, encoding="utf-8")
    error = next(e for e in variants.discover() if e.path.name == "broken.yaml").error
    line = next(n for n, row in enumerate(text.splitlines(), 1) if "decks:" in row)
    assert error is not None and error.startswith(f"{path}:{line}:") and "standard cards" in error, error


def test_a_user_file_cannot_take_a_bundled_games_id(user_folder):
    taken = PINEAPPLE_TEXT.replace(f"id: {PINEAPPLE}", "id: texas_holdem")
    (user_folder / "mine.yaml").write_text(taken, encoding="utf-8")
    entry = next(e for e in variants.discover() if e.path.name == "mine.yaml")
    assert entry.spec is None and "variant/id: the game id 'texas_holdem' is taken by" in entry.error
    assert games.declared_in["texas_holdem"].parent == variants.variant_dirs()[0][0]
