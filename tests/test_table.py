"""The free table's model: moves, undo and redo, and its invariants under random play."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.engine.cards import Card, Deck
from cardtable.engine.table import CARD_H, CARD_W, Table


def small_deck(n: int = 10) -> Deck:
    return Deck("small", "Small", "standard", tuple(Card(i, f"c{i}", f"card {i}", str(i), i) for i in range(n)))


def snapshot(table: Table):
    return sorted((p.x, p.y, p.cards, p.faces) for p in table.piles.values())


def test_a_new_table_is_one_face_down_pile_of_the_whole_deck():
    table = Table(small_deck(), random.Random(1))
    (pile,) = table.piles.values()
    assert pile.cards == tuple(range(10)) and not any(pile.faces)


def test_drag_top_card_then_drop_it_onto_another_pile():
    table = Table(small_deck(), random.Random(1))
    (pid,) = table.piles
    loose = table.move(pid, 1, 300, 0)
    assert table.piles[loose].cards == (9,) and len(table.piles[pid].cards) == 9
    table.move(loose, None, 0, 0, onto=pid)
    assert table.piles[pid].cards[-1] == 9 and loose not in table.piles


def test_flip_turns_a_pile_over_and_reverses_it():
    table = Table(small_deck(4), random.Random(1))
    (pid,) = table.piles
    table.flip(pid)
    assert table.piles[pid].cards == (3, 2, 1, 0) and all(table.piles[pid].faces)


def test_shuffle_is_seeded_and_ends_face_down():
    orders = []
    for _ in range(2):
        table = Table(small_deck(20), random.Random(7))
        (pid,) = table.piles
        table.flip(pid)
        table.shuffle(pid)
        orders.append(table.piles[pid].cards)
        assert not any(table.piles[pid].faces)
    assert orders[0] == orders[1] and orders[0] != tuple(range(20))[::-1]


def test_deal_makes_a_row_below_the_pile():
    table = Table(small_deck(), random.Random(1))
    (pid,) = table.piles
    made = table.deal(pid, 3, face_up=True)
    piles = [table.piles[m] for m in made]
    assert [p.cards for p in piles] == [(9,), (8,), (7,)]
    assert all(p.faces == (True,) for p in piles)
    assert [p.x for p in piles] == sorted(p.x for p in piles)
    assert all(p.y >= CARD_H for p in piles)


@pytest.mark.parametrize("mode", ["grid", "fan"])
def test_spread_then_gather_puts_every_card_back_in_one_pile(mode):
    table = Table(small_deck(30), random.Random(1))
    (pid,) = table.piles
    made = table.spread(pid, mode)
    assert len(made) == 30 == len(table.piles)
    positions = {(table.piles[m].x, table.piles[m].y) for m in made}
    assert len(positions) == 30
    if mode == "grid":  # no two cards of a grid overlap
        xs = sorted({x for x, _ in positions})
        assert min(b - a for a, b in zip(xs, xs[1:])) >= CARD_W
    table.gather()
    (pile,) = table.piles.values()
    assert sorted(pile.cards) == list(range(30))


def test_touch_brings_a_pile_to_the_top_and_pile_at_finds_the_topmost():
    table = Table(small_deck(), random.Random(1))
    (pid,) = table.piles
    a = table.move(pid, 1, 0, 0)           # lands exactly on the pile, as a new pile on top
    assert table.pile_at(10, 10) == a
    table.touch(pid)
    assert table.pile_at(10, 10) == pid
    assert table.pile_at(-5, -5) is None


def test_undo_and_redo_walk_back_and_forth_exactly():
    table = Table(small_deck(12), random.Random(3))
    (pid,) = table.piles
    states = [snapshot(table)]
    for step in (lambda: table.flip(pid), lambda: table.deal(pid, 4), lambda: table.spread(pid, "fan"),
                 table.gather):
        step()
        states.append(snapshot(table))
    for expected in reversed(states[:-1]):
        assert table.undo() is not None
        assert snapshot(table) == expected
    assert table.undo() is None
    for expected in states[1:]:
        assert table.redo() is not None
        assert snapshot(table) == expected
    assert table.redo() is None


def test_a_new_move_clears_redo():
    table = Table(small_deck(), random.Random(1))
    (pid,) = table.piles
    table.flip(pid)
    table.undo()
    table.shuffle(pid)
    assert table.redo() is None


def test_json_round_trip_keeps_every_pile_and_the_generator():
    table = Table(small_deck(20), random.Random(5))
    (pid,) = table.piles
    table.deal(pid, 5, face_up=True)
    copy = Table.from_json(json.loads(json.dumps(table.to_json())), table.deck)
    assert snapshot(copy) == snapshot(table)
    a = max(table.piles, key=lambda p: len(table.piles[p].cards))
    b = max(copy.piles, key=lambda p: len(copy.piles[p].cards))
    table.shuffle(a)
    copy.shuffle(b)
    assert table.piles[a].cards == copy.piles[b].cards


def test_loading_a_table_with_a_missing_card_is_refused():
    table = Table(small_deck(5), random.Random(5))
    data = table.to_json()
    data["piles"][0][3].pop()
    with pytest.raises(ValueError, match="every card"):
        Table.from_json(data, table.deck)


OPS = st.lists(st.tuples(st.sampled_from(["move", "drop", "flip", "shuffle", "deal", "grid", "fan", "gather",
                                          "undo", "redo", "touch"]),
                         st.integers(0, 10_000), st.integers(-2000, 2000), st.integers(-2000, 2000)),
               max_size=40)


@settings(max_examples=150, deadline=None)
@given(OPS, st.integers(1, 40))
def test_random_moves_never_lose_or_duplicate_a_card_and_undo_all_restores(ops, size):
    table = Table(small_deck(size), random.Random(size))
    start = snapshot(table)
    for op, pick, x, y in ops:
        pids = sorted(table.piles)
        pid = pids[pick % len(pids)]
        other = pids[(pick // 7) % len(pids)]
        if op == "move":
            table.move(pid, 1 + pick % 3, x, y)
        elif op == "drop":
            table.move(pid, None if pick % 2 else 1, x, y, onto=other)
        elif op == "flip":
            table.flip(pid)
        elif op == "shuffle":
            table.shuffle(pid)
        elif op == "deal":
            table.deal(pid, pick % 5, face_up=bool(pick % 2))
        elif op in ("grid", "fan"):
            table.spread(pid, op)
        elif op == "gather":
            table.gather(pids[: 1 + pick % len(pids)])
        elif op == "undo":
            table.undo()
        elif op == "redo":
            table.redo()
        else:
            table.touch(pid)
        cards = sorted(c for p in table.piles.values() for c in p.cards)
        assert cards == list(range(size))
        assert all(len(p.cards) == len(p.faces) > 0 for p in table.piles.values())
        assert table.stacks == {pid for pid, p in table.piles.items() if len(p.cards) > 1}
        assert set(table.index._rects) == set(table.piles)
    while table.undo() is not None:
        pass
    assert snapshot(table) == start


def _overlap(a, b) -> bool:
    return a.x < b.x + CARD_W and b.x < a.x + CARD_W and a.y < b.y + CARD_H and b.y < a.y + CARD_H


def _no_two_overlap(table, fan=()) -> bool:
    """No two piles overlap (the cards of ``fan`` may overlap one another)."""
    piles = list(table.piles.items())
    return not any(_overlap(a, b) and not (p in fan and q in fan)
                   for i, (p, a) in enumerate(piles) for q, b in piles[i + 1:])


def test_deal_deals_face_down_unless_asked_for_face_up_whatever_the_pile_shows():
    table = Table(small_deck(), random.Random(1))
    (pid,) = table.piles
    table.flip(pid)
    down = table.deal(pid, 2)
    up = table.deal(pid, 2, face_up=True)
    assert [table.piles[m].faces for m in down] == [(False,), (False,)]
    assert [table.piles[m].faces for m in up] == [(True,), (True,)]


def test_a_second_deal_and_a_spread_go_in_free_space_never_on_a_pile():
    table = Table(small_deck(30), random.Random(1))
    (pid,) = table.piles
    table.deal(pid, 5)
    table.deal(pid, 5)
    assert _no_two_overlap(table)
    table.move(pid, 3, 0, -400)
    other = table.pile_at(1, -399)
    table.spread(other, "grid")
    fan = set(table.spread(pid, "fan"))
    assert _no_two_overlap(table, fan)
    table.deal(min(fan), 1)
    assert _no_two_overlap(table, fan)


def test_take_move_many_and_flip_many_are_one_undo_step_each():
    table = Table(small_deck(10), random.Random(1))
    (pid,) = table.piles
    new = table.take(pid, 3)
    assert len(table.piles[new].cards) == 3 and _no_two_overlap(table)
    row = table.spread(new, "row")
    assert len({table.piles[m].y for m in row}) == 1
    before = {p: (table.piles[p].x, table.piles[p].y) for p in row}
    table.move_many(row, 50, 20)
    assert all((table.piles[p].x, table.piles[p].y) == (x + 50, y + 20) for p, (x, y) in before.items())
    table.flip_many(row)
    assert all(table.piles[p].top_face_up for p in row)
    assert table.undo() == "flip" and not any(table.piles[p].top_face_up for p in row)
    assert table.undo() == "move"
    assert {p: (table.piles[p].x, table.piles[p].y) for p in row} == before
