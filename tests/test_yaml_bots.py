"""The computer players of the games written in a variant file (cardtable/yaml_games/bot.py).

Every level of every bundled YAML game plays short matches to the end with every invariant
holding; no level reads a hidden card of a draw or discard game either (the bundled games are
in tests/test_bots_hidden.py, which walks the registry); and the choices that take a model of
their own: a Five-Card Draw written in YAML keeps a pair and draws three, a Pineapple written in
YAML lets go of the card whose loss costs the least equity. The draw and Pineapple games are
written into the user's variant folder of the test's own CARDTABLE_HOME, as a player would.
"""

from __future__ import annotations

import random

import pytest
from written_games import DRAW, PINEAPPLE, write_examples

from cardtable import games, paths
from cardtable.bots.base import choose_for, play_step
from cardtable.engine.betting import Call, Check
from cardtable.engine.fast_hands import deck_codes
from cardtable.engine.flow.actions import Discard
from cardtable.engine.game import CHANCE
from cardtable.variants import load_deck_by_id
from cardtable.yaml_games import checks
from cardtable.yaml_games.odds import Estimate

YAML_TABLE = "cardtable.yaml_games.ui.table"
GAMES = [g for g in games.registry().with_rules() if g.table == YAML_TABLE]
LEVELS = ("random", "normal", "tough", "strong")
DECK = load_deck_by_id("standard52")
INDEX = {card.code: i for i, card in enumerate(DECK)}

@pytest.fixture
def written():
    """The draw and Pineapple games, written in the user's variant folder and registered."""
    write_examples(paths.user_variants_dir(), DRAW, PINEAPPLE)
    games.registry.cache_clear()
    try:
        yield games.get(DRAW), games.get(PINEAPPLE)
    finally:
        games.registry.cache_clear()


def test_the_bundled_yaml_games_are_found():
    assert {"texas_holdem", "omaha", "omaha_hilo", "seven_card_stud"} <= {g.id for g in GAMES}
    assert all(set(LEVELS) <= set(g.bot_levels) for g in GAMES)


def play_out(game, seats: int, level: str, seed: int, most: int = 4000) -> object:
    """A short-stacked match of ``level`` bots (strong: beside normal ones) played to the
    end, every invariant checked after every action and a JSON round trip now and then."""
    settings = game.read_settings(dict(game.profile.short_match))
    state = game.new_state(settings, DECK, [f"P{s}" for s in range(seats)], random.Random(seed))
    kinds = [level if level != "strong" or s < 2 else "normal" for s in range(seats)]
    bots = [game.bot(random.Random(f"{seed}:{s}"), kind) for s, kind in enumerate(kinds)]
    for done in range(most):
        if state.to_act is None:
            return state
        before = len(state.log)
        play_step(state, bots)
        assert checks.all_problems(state, log_start=before) == [], (game.id, level, done)
        if done % 15 == 14:
            state, trip = checks.round_trip(state)
            assert trip == [], (game.id, level, done)
    raise AssertionError(f"{game.id} at {seats} seats ({level}) did not end in {most} actions")


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_every_level_plays_every_yaml_game_to_the_end(game, level):
    for seats in sorted({2, min(game.seats[1], 5)}):  # the most seats: test_yaml_games' simulate
        state = play_out(game, seats, level, seed=seats)
        assert state.is_over
        assert sum(state.stacks) == state.total_chips


def test_the_written_games_play_to_the_end(written):
    for game in written:
        for level in ("normal", "strong"):  # every level reads no hidden card of theirs, below
            assert play_out(game, 3, level, seed=5).is_over


def _give(state, seat: int, codes: str, *, board: str = "") -> None:
    """Swap the named cards into ``seat``'s hand (and onto the board) from wherever they lie:
    every card stays in exactly one place."""
    places = [state.deck_order, *state.hands, state.board, state.burned]
    for target, text in ((state.hands[seat], codes), (state.board, board)):
        for i, code in enumerate(text.split()):
            want = INDEX[code]
            pile = next(p for p in places if want in p)
            j = pile.index(want)
            pile[j], target[i] = target[i], pile[j]


def _to_phase(state, phase: str) -> None:
    """Everyone checks or calls until the hand reaches ``phase``."""
    while state.phase.value != phase:
        seat = state.to_act
        if seat == CHANCE:
            state.apply(state.chance_action())
            continue
        legal = state.legal_actions(seat)
        state.apply(next((a for a in legal if isinstance(a, Check)), None)
                    or next((a for a in legal if isinstance(a, Call)), None) or legal[0])


@pytest.mark.parametrize("level", ["normal", "tough"])
def test_a_pair_is_kept_and_three_drawn(written, level):
    game = written[0]
    for seed in range(3):
        state = game.new_state(game.read_settings({}), DECK, ["Ada", "Bo", "Cy"], random.Random(seed))
        state.apply(state.chance_action())
        seat = state.players_from_left()[0]
        _give(state, seat, "KS KH 9D 6C 2S")
        assert checks.card_problems(state) == []
        _to_phase(state, "draw")
        assert state.to_act == seat
        action = choose_for(game.bot(random.Random(seed), level), state, seat)
        assert isinstance(action, Discard)
        assert sorted(DECK[c].code for c in action.cards) == ["2S", "6C", "9D"], (level, seed)


def test_a_made_straight_stands_pat_and_four_to_a_flush_draws_one(written):
    game = written[0]
    for hand, throw in (("9S 8D 7C 6H 5S", []), ("AH JH 7H 3H 9C", ["9C"])):
        state = game.new_state(game.read_settings({}), DECK, ["Ada", "Bo"], random.Random(2))
        state.apply(state.chance_action())
        seat = state.players_from_left()[0]
        _give(state, seat, hand)
        _to_phase(state, "draw")
        action = choose_for(game.bot(random.Random(1), "normal"), state, seat)
        assert sorted(DECK[c].code for c in action.cards) == throw


@pytest.mark.parametrize("hand,board,throws", [("AS AH 7C", "KD 8C 3S", {"7C"}),
                                               ("9H 8H 2C", "7H 6D KH", {"2C"}),
                                               ("QS QD 4C", "4H 4S JC", {"QS", "QD"})])
def test_pineapple_lets_go_of_the_card_that_costs_least(written, hand, board, throws):
    """The pair of aces keeps its aces; the straight-and-flush draw keeps its two hearts; with
    two fours on the board, the third four makes four of a kind with either queen, so a queen
    goes, not the four (a full house, fours full of queens, is less)."""
    game = written[1]
    state = game.new_state(game.read_settings({}), DECK, ["Ada", "Bo", "Cy"], random.Random(7))
    state.apply(state.chance_action())
    _to_phase(state, "discard")
    seat = state.to_act
    _give(state, seat, hand, board=board)
    assert checks.card_problems(state) == []
    bot = game.bot(random.Random(3), "normal")
    action = choose_for(bot, state, seat)
    assert {DECK[c].code for c in action.cards} <= throws and len(action.cards) == 1
    # on the bot's own model, sampled long, no other discard keeps more equity
    model, _ = bot.model(state, state.seat_view(seat), seat)
    codes = deck_codes(DECK)
    held = [INDEX[c] for c in hand.split()]
    options = tuple((tuple(codes[c] for c in held if c != gone), 0) for gone in held)
    long = Estimate(model, options, random.Random(11))
    long.run(1500)
    assert hand.split()[long.best()] in throws


@pytest.mark.parametrize("level", ["normal", "tough", "strong", "random"])
def test_the_written_games_read_no_hidden_card(written, level):
    """As tests/test_bots_hidden.py for the registry's games: the same choice on the real
    state and on a twin whose hidden cards differ, at the draw and the discard too."""
    for game in written:
        rng = random.Random(f"hidden:{game.id}")
        for moment in range(6):
            state = game.new_state(game.read_settings({}), DECK, ["A", "B", "C"], random.Random(rng.getrandbits(32)))
            players = [game.bot(random.Random(moment + s), "random") for s in range(3)]
            for _ in range(rng.randint(1, 40)):
                if state.to_act is None:
                    break
                play_step(state, players)
            while state.to_act == CHANCE:
                state.apply(state.chance_action())
            if state.to_act is None:
                continue
            seat = state.to_act
            twin = state.seat_copy(seat, random.Random(7))
            twin.history = list(state.history)
            mine = choose_for(game.bot(random.Random(11), level), state, seat)
            theirs = choose_for(game.bot(random.Random(11), level), twin, seat)
            assert mine == theirs, (game.id, level, moment)
            assert state.why_illegal(mine) is None


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_a_deep_copy_is_equal_and_its_own(game):
    """DeclaredState copies itself attribute by attribute (for the strong level's rollouts):
    the copy writes the same JSON, its betting round uses its own ledger, and playing it on
    leaves the original as it was."""
    import copy
    import json

    from cardtable.bots.random_bot import RandomBot
    state = game.new_state(game.read_settings(dict(game.profile.short_match)), DECK, ["A", "B", "C"],
                           random.Random(2))
    bots = [RandomBot(random.Random(s)) for s in range(3)]
    for step in range(150):
        if state.to_act is None:
            break
        twin = copy.deepcopy(state)
        before = json.dumps(state.to_json(), sort_keys=True)
        assert json.dumps(twin.to_json(), sort_keys=True) == before
        assert twin.chips is not state.chips and (twin.betting is None or twin.betting.chips is twin.chips)
        play_step(twin, [RandomBot(random.Random(step)) for _ in range(3)])
        play_step(twin, [RandomBot(random.Random(step)) for _ in range(3)]) if twin.to_act is not None else None
        assert json.dumps(state.to_json(), sort_keys=True) == before
        play_step(state, bots)


@pytest.mark.parametrize("game", GAMES[:2], ids=[g.id for g in GAMES[:2]])
def test_a_seat_copy_reads_the_log_as_the_seat_does_and_keeps_only_its_own_discards(game):
    """The seat copy's log is the seat's reading (kept between calls and only extended), and of
    the hand's discards it holds the seat's own alone, move after move."""
    state = game.new_state(game.read_settings(dict(game.profile.short_match)), DECK, ["A", "B", "C"],
                           random.Random(4))
    bots = [game.bot(random.Random(s), "random") for s in range(3)]
    discarded = False
    for step in range(120):
        if state.to_act is None:
            break
        for seat in range(3):
            ours = state.seat_copy(seat, random.Random(step))
            assert [e.text_for(seat) for e in ours.log] == state.log_for(seat)
            assert ours.thrown == [state.thrown[s] if s == seat else [] for s in range(3)]
        discarded |= any(state.thrown)
        play_step(state, bots)
    assert discarded or game.id != "five_card_draw"


@pytest.mark.parametrize("game_id", ["omaha_hilo", "five_card_draw", "seven_card_stud"])
def test_a_computer_decides_as_it_would_have_after_a_resume(game_id):
    """A computer player made again from its generator alone (as a save resumed mid-hand
    makes it: what it kept from its earlier decisions is gone) decides every move as the
    one that played the hand so far."""
    game = games.get(game_id)
    settings = game.read_settings(dict(game.profile.short_match))
    state = game.new_state(settings, DECK, [f"P{s}" for s in range(4)], random.Random(3))
    bots = [game.bot(random.Random(s), "normal") for s in range(4)]
    decided = 0
    for _ in range(400):
        seat = state.to_act
        if seat is None:
            break
        if seat == CHANCE:
            state.apply(state.chance_action())
            continue
        again = random.Random()
        again.setstate(bots[seat].rng.getstate())
        resumed = game.bot(again, "normal")
        action = choose_for(bots[seat], state, seat)
        assert choose_for(resumed, state, seat) == action, (game_id, len(state.history))
        assert resumed.rng.getstate() == bots[seat].rng.getstate()
        state.apply(action)
        decided += 1
    assert decided > 30
