"""Each game's own hand evaluator by name (:mod:`cardtable.engine.named_evaluators`): a game
written in a user's variant file alone on the Ivali deck, its showdown naming ``shenja_ivali``,
played headless to the end and ranked from the command line; each of the five games' evaluators
ordering hands exactly as the game's own evaluation does; an evaluator named with a deck it
cannot read refused at its file, line and column; and the computer players' odds on it."""

from __future__ import annotations

import itertools
import json
import random

import pytest
from written_games import run_cli

from cardtable import games, variants
from cardtable.engine.named_evaluators import lookup, names
from cardtable.games.alethkar_poker.values import best_five, best_split
from cardtable.games.flame_sword.hands import best_hand
from cardtable.games.ipso.hands import evaluate as ipso_evaluate
from cardtable.games.sabacc.hands import evaluate as sabacc_evaluate
from cardtable.games.shenja_ivali.hands import evaluate as ivali_evaluate
from cardtable.yaml_games.odds import Estimate, Model, Opponent

SECOND_FLOP = """\
schema_version: 1
variant:
  id: ivali_second_flop
  name: Shenja Ivali with a second flop
  summary: Two Ivali cards each, a flop and a second flop; the best five of eight win.
  seats: {min: 2, max: 6}
  decks: [ivali]
  game:
    flow:
      - antes: {amount: ante}
      - deal: {hole: 2}
      - bet: {name: before the flop}
      - board: {count: 3, name: flop}
      - bet: {name: on the flop}
      - board: {count: 3, name: second flop}
      - bet: {name: on the second flop, big: true}
      - showdown: {high: shenja_ivali}
      - settle: {}
  settings:
    ante: 1
    starting_chips: 40
  rules: |
    Two cards each, then a flop of three and a second flop of three; the best five of your
    eight cards win, ranked as in Shenja Ivali.
"""

OWN = ("alethkar_poker", "flame_sword", "ipso", "sabacc", "shenja_ivali")


def cards_of(deck_id: str, *codes: str):
    deck = variants.load_deck_by_id(deck_id)
    return [deck.find(code) for code in codes]


def same_order(keys_a, keys_b) -> bool:
    """Whether two lists of keys order their hands alike, pair by pair (ties included)."""
    def cmp(x, y):
        return (x > y) - (x < y)
    return all(cmp(keys_a[i], keys_a[j]) == cmp(keys_b[i], keys_b[j])
               for i, j in itertools.combinations(range(len(keys_a)), 2))


# -- (a) a game written in YAML alone, on the Ivali deck ------------------------------------------

def test_a_second_flop_ivali_game_plays_headless_to_the_end_and_ranks(user_folder):
    (user_folder / "ivali_second_flop.yaml").write_text(SECOND_FLOP, encoding="utf-8")
    entry = next(e for e in variants.discover() if e.path.name == "ivali_second_flop.yaml")
    assert entry.error is None and entry.user, entry.error
    code, out, err = run_cli("simulate", "ivali_second_flop", "--games", "12", "--seats", "4", "--seed", "3")
    assert code == 0, err
    summary = json.loads(out.strip().splitlines()[-1])
    assert summary["finished"] == 12 and summary["invariants"]["failed"] == 0, summary["invariants"]
    # the computer players value hands by the evaluator itself (no fast path for it)
    code, out, err = run_cli("simulate", "ivali_second_flop", "--games", "1", "--bots", "normal", "--max-rounds",
                             "4", "--seats", "3", "--seed", "3")
    assert code == 0, err
    summary = json.loads(out.strip().splitlines()[-1])
    assert summary["rounds"] >= 1 and summary["invariants"]["failed"] == 0, summary["invariants"]

    # five threes of the five planets, all Fire: Royal Eclipse, the best of the table's 43 kinds
    code, out, err = run_cli("rank", "ivali_second_flop", "Earth 3 of Fire", "Irath 3 of Fire", "/",
                             "Omec 3 of Fire", "Libera 3 of Fire", "Gula 3 of Fire", "Gula 1 of Air",
                             "Omec 2 of Water", "Earth 5 of Air")
    assert code == 0, err
    assert json.loads(out)["high"]["label"] == "Royal Eclipse" and json.loads(out)["high"]["rank"] == 1
    code, out, err = run_cli("rank", "ivali_second_flop", "Gula 1 of Air, Omec 1 of Water, Earth 2 of Air")
    assert code == 2 and "shenja_ivali values 5 or more cards, not 3" in err


def test_the_ivali_game_deals_no_wild_and_shows_the_tables_names(user_folder):
    (user_folder / "ivali_second_flop.yaml").write_text(SECOND_FLOP, encoding="utf-8")
    game = games.get("ivali_second_flop")
    deck = variants.load_deck_by_id("ivali")
    state = game.new_state(game.rules({}), deck, ["Ada", "Bo"], random.Random(5))
    playing = state.playing_cards()
    assert len(playing) == 100 and not any("wild" in deck[c].tags for c in playing)
    rng = random.Random(6)
    while state.results is None:
        seat = state.to_act
        state.apply(state.chance_action() if seat < 0 else rng.choice(state.legal_actions(seat)))
    shown = [line for line in state.log_for(None) if " shows " in line]
    labels = {value.label for value in state.results.hands.values()}
    assert not shown or all(any(label in line for label in labels) for line in shown)


# -- (b) each game's evaluator orders hands as the game does ---------------------------------------

def test_every_game_declares_its_own_evaluator_by_its_id():
    for game_id in OWN:
        game = games.get(game_id)
        assert [e.name for e in game.evaluators] == [game_id]
        assert set(game.evaluators[0].decks) <= set(game.decks)
    assert set(OWN) <= set(names())


def test_shenja_ivali_by_name_orders_hands_as_the_game():
    deck = variants.load_deck_by_id("ivali")
    regular = [c for c in deck if "wild" not in c.tags]
    rng = random.Random(1)
    hands = [rng.sample(regular, 5) for _ in range(120)]
    by_name = lookup("shenja_ivali")
    assert same_order([by_name.value(h[:2], h[2:]).key for h in hands], [ivali_evaluate(h).key for h in hands])
    seven = rng.sample(regular, 7)
    best = max((ivali_evaluate(list(five)) for five in itertools.combinations(seven, 5)), key=lambda v: v.key)
    assert by_name.value(seven[:2], seven[2:]).key == best.key
    eclipse = cards_of("ivali", "Earth 3 of Fire", "Irath 3 of Fire", "Omec 3 of Fire", "Libera 3 of Fire",
                       "Gula 3 of Fire")
    gachika = cards_of("ivali", "Earth 1 of Fire", "Earth 2 of Air", "Irath 3 of Water", "Omec 4 of Earth",
                       "Gula 1 of Air")
    assert by_name.value(eclipse, []).label == "Royal Eclipse"
    assert by_name.value(gachika, []).label == "Gachika"
    assert by_name.value(eclipse, []) > by_name.value(gachika, [])


def test_ipso_by_name_orders_hands_as_the_game():
    deck = list(variants.load_deck_by_id("standard52"))
    rng = random.Random(2)
    hands = [rng.sample(deck, 4) for _ in range(150)]
    by_name = lookup("ipso")
    assert same_order([by_name.value(h, []).key for h in hands], [ipso_evaluate(h).key for h in hands])
    bouncer = cards_of("standard52", "AH", "2H", "3H", "4H")
    flush = cards_of("standard52", "6S", "8S", "JS", "QS")
    assert by_name.value(bouncer, []).kind == "Bouncer" and by_name.value(flush, []).label == "Flush (37)"
    assert by_name.value(bouncer, []) > by_name.value(flush, [])
    # the best four of five: the bouncer, not the flush the king would spoil
    assert by_name.value(bouncer, cards_of("standard52", "KC")).kind == "Bouncer"


def test_sabacc_by_name_orders_hands_as_the_game():
    deck = list(variants.load_deck_by_id("sabacc"))
    rng = random.Random(3)
    hands = [rng.sample(deck, rng.randint(2, 4)) for _ in range(150)]
    by_name = lookup("sabacc")
    standing = [h for h in hands if not sabacc_evaluate(h).bomb_out]
    assert len(standing) > 20
    assert same_order([by_name.value(h, []).key for h in standing], [sabacc_evaluate(h).key for h in standing])
    bombed = [h for h in hands if sabacc_evaluate(h).bomb_out]
    assert bombed and all(by_name.value(b, []) < by_name.value(s, []) for b in bombed[:10] for s in standing)
    array = by_name.value(cards_of("sabacc", "The Idiot #1", "2 of Coins", "3 of Staves"), [])
    pure = by_name.value(cards_of("sabacc", "11 of Coins", "11 of Flasks", "1 of Sabers"), [])
    twenty = by_name.value(cards_of("sabacc", "11 of Coins", "9 of Flasks"), [])
    minus_twenty = by_name.value(cards_of("sabacc", "Balance #1", "The Evil One #1", "6 of Coins"), [])
    assert (array.label, pure.label, twenty.label, minus_twenty.label) == ("Idiot's Array", "Pure Sabacc", "+20",
                                                                           "-20")
    assert array > pure > twenty and twenty.key == minus_twenty.key


def test_flame_sword_by_name_orders_hands_as_the_game():
    deck = variants.load_deck_by_id("infinite")
    rng = random.Random(4)
    hands = [rng.sample(range(len(deck)), 10) for _ in range(25)]
    # hands rich in one rank and one colour too, so that more than High Card is compared
    hands += [[c for c in range(len(deck)) if deck[c].rank == deck[start].rank][:3]
              + rng.sample(range(len(deck)), 7) for start in rng.sample(range(len(deck)), 10)]
    by_name = lookup("flame_sword")
    theirs = [best_hand(deck, h).key for h in hands]
    ours = [by_name.value([deck[c] for c in h[:4]], [deck[c] for c in h[4:]]).key for h in hands]
    assert same_order(ours, theirs)
    fourteen = rng.sample(range(len(deck)), 14)
    assert by_name.value([deck[c] for c in fourteen], []).label == best_hand(deck, fourteen).label


def test_alethkar_poker_by_name_orders_hands_as_the_game():
    deck = list(variants.load_deck_by_id("standard52"))
    rng = random.Random(5)
    hands = [rng.sample(deck, 5) for _ in range(120)]
    by_name = lookup("alethkar_poker")
    assert same_order([by_name.value(h, []).key for h in hands], [(best_split(h).value,) for h in hands])
    triple = by_name.value(cards_of("standard52", "AS", "AH", "AD", "KS", "QS"), [])
    assert triple.key == (103,) and triple.label == "103: Triple Aces, King, Queen"
    seven = rng.sample(deck, 7)
    assert by_name.value(seven[:2], seven[2:]).key == (best_five(seven).value,)


# -- (c) a deck the evaluator cannot read ------------------------------------------------------------

@pytest.mark.parametrize("changes,marker,message", [
    ([("decks: [ivali]", "decks: [standard52]")], "shenja_ivali",
     "shenja_ivali reads only the ivali deck, but this game is played with standard52"),
    ([("high: shenja_ivali", "high: shenja")], "showdown", "no hand evaluator 'shenja' (known: high, omaha_high"),
    ([("high: shenja_ivali", "high: shenja_ivali, low: shenja_ivali")], "low: shenja_ivali",
     "shenja_ivali is not a low"),
    ([("hole: 2", "hole: 1"), ("count: 3, name: flop", "count: 1, name: flop"),
      ("count: 3, name: second flop", "count: 2, name: second flop")], "showdown",
     "shenja_ivali makes a hand of at least 5 cards, but here a hand and the board hold 4 cards"),
], ids=["wrong deck", "unknown", "not a low", "too few cards"])
def test_an_evaluator_that_cannot_value_the_game_is_refused_at_its_line(user_folder, changes, marker, message):
    text = SECOND_FLOP
    for old, new in changes:
        text = text.replace(old, new)
    path = user_folder / "ivali_second_flop.yaml"
    path.write_text(text, encoding="utf-8")
    error = next(e for e in variants.discover() if e.path.name == "ivali_second_flop.yaml").error
    line = next(n for n, row in enumerate(text.splitlines(), 1) if marker in row)
    assert error is not None and error.startswith(f"{path}:{line}:"), error
    assert message in error, error
    if "known:" in message:
        assert "shenja_ivali" in error.split("known:")[1]
    assert "ivali_second_flop" not in games.registry().games


# -- the computer players' odds fall back to the evaluator itself -------------------------------------

def test_the_odds_of_a_game_valued_by_its_own_evaluator_are_exact():
    deck = variants.load_deck_by_id("ivali")
    by_code = {card.code: card.index for card in deck}
    mine = [by_code["Earth 5 of Earth"], by_code["Irath 5 of Earth"]]
    board = [by_code[c] for c in ("Libera 5 of Earth", "Gula 5 of Earth", "Omec 5 of Earth", "Gula 1 of Air",
                                  "Omec 2 of Water", "Earth 4 of Air")]
    unseen = tuple(c.index for c in deck if "wild" not in c.tags and c.index not in mine + board)
    # five fives of the five planets in Earth, the strongest element: no hand beats or ties it
    nuts = Model("shenja_ivali", "", tuple(board), 0, 0, (Opponent((), 2),) * 3, unseen, deck)
    estimate = Estimate(nuts, ((tuple(mine), 0),), random.Random(7))
    estimate.run(40)
    assert estimate.mean() == 1.0
    weak = [by_code["Earth 1 of Fire"], by_code["Irath 2 of Water"]]
    rest = tuple(c for c in unseen + tuple(mine) if c not in weak)
    estimate = Estimate(Model("shenja_ivali", "", tuple(board), 0, 0, (Opponent((), 2),) * 3, rest, deck),
                        ((tuple(weak), 0),), random.Random(7))
    estimate.run(40)
    assert estimate.mean() < 1.0


# -- at the table --------------------------------------------------------------------------------------

@pytest.fixture
def ivali_app(user_folder):
    """The app with the second-flop Ivali game in the user's variants folder."""
    from cardtable.ui.app import App
    from cardtable.ui.menu import MenuScene

    (user_folder / "ivali_second_flop.yaml").write_text(SECOND_FLOP, encoding="utf-8")
    games.registry.cache_clear()
    app = App(size=(1280, 800))
    app.push(MenuScene(app))
    try:
        yield app
    finally:
        app.shutdown()


def test_the_ivali_game_plays_at_the_table_to_the_showdown(ivali_app):
    import pygame
    from uihelp import people_turns, start_two_people_and_a_computer, variant_spec

    from cardtable.yaml_games.rules import Phase
    from cardtable.yaml_games.ui.hands_page import HandsPage
    from cardtable.yaml_games.ui.table import PokerTableScene

    page = HandsPage(ivali_app, variant_spec(ivali_app, "ivali_second_flop"))
    assert [row.name for row in page.rows()] == [
        "The hands rank as in Shenja Ivali: the best five cards, as Shenja Ivali ranks them (its 43 kinds)"]
    d, scene = start_two_people_and_a_computer(ivali_app, "ivali_second_flop", PokerTableScene)
    state = scene.state
    for _ in people_turns(d, scene, lambda state: state.phase == Phase.REVEAL, 6000):
        d.key(pygame.K_c)
    assert state.results is not None
    d.step(20)
    results = scene.view.showdown
    assert results is not None and results.showdown  # the people never fold
    for line, pot in zip(scene.result_lines, results.pots):
        high = results.hand(pot.winners[0])
        assert high is not None and high.label in line
