"""Bulk table steps (12,000 cards) and the damage log the renderer repaints from."""

from __future__ import annotations

import random

from cardtable import variants
from cardtable.engine.spatial import GridIndex
from cardtable.engine.table import CARD_H, CARD_W, Table


def brute(table: Table, region):
    x, y, w, h = region
    return {pid for pid, p in table.piles.items()
            if p.x < x + w and p.x + CARD_W > x and p.y < y + h and p.y + CARD_H > y}


def test_spread_gather_undo_redo_of_12000_keep_the_index_exact():
    table = Table(variants.load_deck_by_id("infinite"), random.Random(3))
    (pid,) = table.piles
    table.flip(pid)
    regions = [(-50, -50, 700, 500), (5_000, 2_000, 1_300, 900), (18_000, 11_000, 3_000, 3_000)]
    for step in ("spread", "gather", "undo", "redo", "undo", "undo", "redo"):
        if step == "spread":
            table.spread(next(iter(table.piles)), "grid")
        else:
            getattr(table, step)()
        assert set(table.index._rects) == set(table.piles)
        assert table.stacks == {p for p, pile in table.piles.items() if len(pile.cards) > 1}
        for region in regions:
            assert table.index.query(region) == brute(table, region)
        assert sorted(c for p in table.piles.values() for c in p.cards) == list(range(12_000))


def test_a_grid_spread_lays_the_cards_out_as_before():
    table = Table(variants.load_deck_by_id("standard52"), random.Random(1))
    (pid,) = table.piles
    top = table.piles[pid].cards[-1]
    made = table.spread(pid, "grid", columns=13)
    first, last = table.piles[made[0]], table.piles[made[-1]]
    assert first.cards == (top,) and (first.x, first.y) == (0.0, 0.0)
    assert (last.x, last.y) == (12 * (CARD_W + 12), 3 * (CARD_H + 12))
    assert [table.piles[p].z for p in made] == sorted(table.piles[p].z for p in made)


def test_damage_lists_where_a_step_changed_the_look():
    table = Table(variants.load_deck_by_id("standard52"), random.Random(1))
    (pid,) = table.piles
    made = table.spread(pid, "row")
    rev = table.revision
    assert table.damage_since(rev) == []
    a = table.piles[made[3]]
    table.move(made[3], None, 900, 900)
    assert set(table.damage_since(rev)) == {(a.x, a.y, CARD_W, CARD_H), (900, 900, CARD_W, CARD_H)}
    places = {(p.x, p.y, CARD_W, CARD_H) for p in table.piles.values()}
    table.gather()
    assert places <= set(table.damage_since(rev))
    assert table.damage_since(table.revision + 5) is None
    for _ in range(70):
        table.touch(next(iter(table.piles)))
        table.flip(next(iter(table.piles)))
    assert table.damage_since(rev) is None  # too far back to list


def test_a_step_on_thousands_of_piles_says_everything_changed():
    table = Table(variants.load_deck_by_id("infinite"), random.Random(1))
    rev = table.revision
    table.spread(next(iter(table.piles)), "grid")
    assert table.damage_since(rev) is None


def churned(index: GridIndex, rng: random.Random) -> dict[int, tuple[float, float, float, float]]:
    """``index`` after 3,000 random inserts, moves and removals of 300 items; the rects it
    should hold, by item (the brute-force answer to compare its queries with)."""
    rects = {}
    for _ in range(3000):
        item = rng.randrange(300)
        if rng.random() < 0.2:
            index.remove(item)
            rects.pop(item, None)
        else:
            rects[item] = (rng.uniform(-500, 500), rng.uniform(-500, 500), 100, 140)
            index.insert(item, rects[item])
    return rects


def test_corner_index_agrees_with_brute_force_after_random_moves():
    rng = random.Random(9)
    index = GridIndex(cell=64, max_size=(100, 140))
    rects = churned(index, rng)
    index.insert_many([(i + 1000, (rng.uniform(-500, 500), rng.uniform(-500, 500), 100, 140)) for i in range(200)])
    rects.update((i, index.rect(i)) for i in range(1000, 1200))
    for _ in range(200):
        x, y, w, h = (rng.uniform(-600, 600), rng.uniform(-600, 600), rng.uniform(1e-9, 400), rng.uniform(1e-9, 400))
        expected = {i for i, (rx, ry, rw, rh) in rects.items()
                    if rx < x + w and rx + rw > x and ry < y + h and ry + rh > y}
        assert index.query((x, y, w, h)) == expected


def test_a_deferred_bulk_insert_answers_every_query_as_if_listed_at_once():
    import random as _random

    from cardtable.engine.spatial import GridIndex
    rng = _random.Random(5)
    now, later = GridIndex(cell=256, max_size=(100, 140)), GridIndex(cell=256, max_size=(100, 140))
    for step in range(6):
        ids = rng.sample(range(400), 150)
        xs = [rng.uniform(-3000, 3000) for _ in ids]
        ys = [rng.uniform(-3000, 3000) for _ in ids]
        now.insert_corners(ids, xs, ys)
        later.insert_corners(ids, xs, ys, defer=True)
        assert later.deferred
        gone = rng.sample(range(400), 40)
        if step % 2:
            now.remove_many(gone)
            later.remove_many(gone)
        for _ in range(5):
            region = (rng.uniform(-3000, 3000), rng.uniform(-3000, 3000), rng.uniform(1, 2000), rng.uniform(1, 2000))
            assert later.query(region) == now.query(region)
        assert not later.deferred and len(later) == len(now)


def test_a_saved_table_of_many_piles_loads_its_hands_off_the_felt():
    deck = variants.load_deck_by_id("infinite")
    table = Table(deck, random.Random(2))
    table.spread(next(iter(table.piles)), "grid")
    pid = table.gather(list(table.piles)[:5000])
    table.deal_hands(pid, 3, 2)
    loaded = Table.from_json(table.to_json(), deck)
    assert len(loaded.hands) == 2 and all(loaded.piles[h].owner is not None for h in loaded.hands)
    assert set(loaded.index.query((-1e6, -1e6, 3e6, 3e6))) == set(loaded.piles) - loaded.hands
    assert loaded.stacks == {p for p, pile in loaded.piles.items() if len(pile.cards) > 1 and pile.owner is None}
