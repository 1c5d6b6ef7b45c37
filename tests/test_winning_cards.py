"""Issue 30: at a showdown the table rings the cards that made the winning hand (its hole
cards and the board's), so a newcomer sees which five counted; only cards shown face up."""

from __future__ import annotations

from uihelp import variant_spec

from cardtable.ui.menu import game_table_module
from cardtable.variants import load_deck_by_id
from cardtable.yaml_games.ui.hand_cards import best_cards


def ids(deck, codes: str) -> tuple[int, ...]:
    return tuple(deck.find(code).index for code in codes.split())


def test_omaha_s_best_five_use_exactly_two_hole_cards():
    deck = load_deck_by_id("standard52")
    hole, board = ids(deck, "AS KS 2D 3C"), ids(deck, "QS JS 10S 4H 5H")
    assert set(best_cards(deck, "omaha_high", hole, board)) == set(ids(deck, "AS KS QS JS 10S"))
    two_pair = ids(deck, "9C 9D 8C 8D")  # four cards of two pairs: only two of them play
    used = best_cards(deck, "omaha_high", two_pair, board)
    assert len(used) == 5 and len(set(used) & set(two_pair)) == 2


def test_hold_em_may_play_the_board():
    deck = load_deck_by_id("standard52")
    hole, board = ids(deck, "2C 7D"), ids(deck, "AS KS QS JS 10S")
    assert set(best_cards(deck, "high", hole, board)) == set(board)


def test_the_lesson_s_showdown_rings_the_five_that_won(app):
    spec = variant_spec(app, "omaha")
    table = game_table_module(spec.game).TABLE.play_lesson(app, spec)
    app.step(1 / 60)
    view = table.view
    assert view.showdown is not None and view.showdown.showdown
    winning = set().union(*(cards for cards, _ in table.winning_cards(view)))
    assert len(winning) == 5
    winner = view.showdown.pots[0].winners[0]
    assert len(winning & set(view.showdown.hand(winner).cards)) == 2  # Omaha: exactly two of the hole cards
    assert winning <= set(table.__dict__["_face_rects"])  # each one drawn face up, where the ring goes
