"""Big table steps prepared a slice at a time (TableJob) end exactly as the plain steps do."""

from __future__ import annotations

import gc
import random

import pytest

from cardtable import variants
from cardtable.engine.spatial import GridIndex
from cardtable.engine.table import Table
from cardtable.engine.table_bulk import SLICE_PILES, BulkSide


@pytest.fixture(scope="module")
def infinite():
    return variants.load_deck_by_id("infinite")


def fresh(deck) -> Table:
    table = Table(deck, random.Random(4))
    table.flip(next(iter(table.piles)))
    return table


def picture(table: Table):
    """Everything a step changes that anyone can see or ask."""
    regions = [(-50, -50, 700, 500), (5_000, 2_000, 1_300, 900), (0, 0, 30_000, 20_000)]
    return (table.to_json(), dict(table.piles), set(table.stacks), [table.index.query(r) for r in regions],
            [c.label for c in table.undo_stack], [c.label for c in table.redo_stack], table.revision)


def sliced(table: Table, name: str, *args):
    """Run a job one slice at a time; the table answers as before it until its last slice."""
    before = (table.revision, dict(table.piles))
    job = getattr(table, f"{name}_job")(*args)
    slices = 1
    while not job.done:
        assert (table.revision, table.piles) == before and table.pending is job
        job.step()
        slices += 1
    assert table.pending is None
    return job.result, slices


def test_sliced_spread_gather_undo_redo_end_as_the_plain_steps(infinite):
    plain, cut = fresh(infinite), fresh(infinite)
    for step in ("spread", "gather", "undo", "undo", "redo", "redo", "undo"):
        args = (next(iter(plain.piles)), "grid") if step == "spread" else ()
        expected = getattr(plain, step)(*args)
        got, slices = sliced(cut, step, *args)
        assert got == expected and slices > 1
        assert picture(cut) == picture(plain)
        assert cut.last_step is not None and plain.last_step is not None
        assert cut.last_step[0] == plain.last_step[0]
        assert dict(cut.last_step[1]) == dict(plain.last_step[1]) and dict(cut.last_step[2]) == dict(plain.last_step[2])


def test_an_undo_after_a_sliced_step_restores_the_table_exactly(infinite):
    table = fresh(infinite)
    start = picture(table)[:4]
    sliced(table, "spread", next(iter(table.piles)), "grid")
    spread = picture(table)[:4]
    sliced(table, "gather")
    table.undo()
    assert picture(table)[:4] == spread
    table.undo()
    assert picture(table)[:4] == start


def test_a_change_while_a_job_runs_finishes_the_job_first(infinite):
    table = fresh(infinite)
    job = table.spread_job(next(iter(table.piles)), "grid")
    assert not job.done and len(table.piles) == 1
    with pytest.raises(RuntimeError):
        _ = job.result
    assert table.undo() == "spread (grid)"  # the spread is finished first, then taken back
    assert job.done and len(job.result) == 12_000 and table.pending is None and len(table.piles) == 1
    assert table.redo() == "spread (grid)" and len(table.piles) == 12_000


def test_small_steps_are_done_in_their_first_slice():
    table = Table(variants.load_deck_by_id("standard52"), random.Random(1))
    job = table.spread_job(next(iter(table.piles)), "row")
    assert job.done and len(job.result) == 52 and table.pending is None
    assert table.undo_job().done and len(table.piles) == 1


def test_big_steps_keep_their_history_as_columns_the_collector_stops_tracking(infinite):
    table = fresh(infinite)
    table.spread(next(iter(table.piles)), "grid")
    table.gather()
    gc.collect()
    for change in table.undo_stack[-2:]:
        for side in (change.before, change.after):
            assert isinstance(side, BulkSide)
            assert not any(map(gc.is_tracked, (side.ids, side.xs, side.ys, side.zs, side.cards, side.faces)))
    # ... and are still mappings of the piles, as small steps' dicts are.
    spread = table.undo_stack[-2]
    pid = next(iter(spread.after))
    pile = spread.after[pid]
    assert pile is not None and len(pile.cards) == 1 and len(spread.after) == 12_001
    assert spread.after[next(iter(spread.before))] is None


def test_a_deferred_insert_settles_a_slice_at_a_time():
    index, now = GridIndex(cell=256, max_size=(100, 140)), GridIndex(cell=256, max_size=(100, 140))
    ids = list(range(2_500))  # (more than one slice of 1,000)
    xs = [float(i % 90) * 112 for i in ids]
    ys = [float(i // 90) * 152 for i in ids]
    index.insert_corners(ids, xs, ys, defer=True)
    now.insert_corners(ids, xs, ys)
    assert not index.settle(1000) and index.deferred
    while not index.settle(1000):
        pass
    assert not index.deferred
    assert index.query((0, 0, 5_000, 5_000)) == now.query((0, 0, 5_000, 5_000))


@pytest.mark.parametrize("every", [1, 3, 40])
def test_sliced_group_moves_and_flips_and_their_undo_end_as_the_plain_steps(infinite, every):
    """move_many and flip_many (a selection of all, a third or a few of 12,000 spread piles,
    one of them a stack) as jobs, then undone and redone as jobs: the same tables, steps and
    history as the plain methods."""
    plain, cut = fresh(infinite), fresh(infinite)
    for table in (plain, cut):
        table.spread(next(iter(table.piles)), "grid")
        table.gather(sorted(table.piles)[5:25])  # (a stack of 20 is turned over card by card)
    chosen = sorted(plain.piles)[::every]
    for step, args in (("move_many", (chosen, 37.5, -12.25)), ("flip_many", (chosen[::2],)), ("undo", ()),
                       ("undo", ()), ("redo", ()), ("flip_many", (chosen,)), ("move_many", (chosen[:3], 1.0, 2.0))):
        expected = getattr(plain, step)(*args)
        got, slices = sliced(cut, step, *args)
        assert got == expected
        if args:
            assert (slices > 1) == (len(args[0]) >= SLICE_PILES)
        assert picture(cut) == picture(plain)
        assert cut.last_step is not None and plain.last_step is not None
        assert cut.last_step[0] == plain.last_step[0]
        assert dict(cut.last_step[1]) == dict(plain.last_step[1]) and dict(cut.last_step[2]) == dict(plain.last_step[2])
        assert [(dict(c.before), dict(c.after)) for c in cut.undo_stack[-1:]] == \
            [(dict(c.before), dict(c.after)) for c in plain.undo_stack[-1:]]


def test_a_group_move_and_flip_keep_the_pre_slicing_meaning(infinite):
    """The piles, in z order, each moved (or turned over) and raised above every other pile."""
    table = fresh(infinite)
    table.spread(next(iter(table.piles)), "grid")
    stack = table.gather(sorted(table.piles)[:4])
    others = sorted(table.piles)[10:13]
    was = {pid: table.piles[pid] for pid in (stack, *others)}
    table.move_many([others[2], stack, others[0]], 10.0, 20.0)
    top = max(p.z for p in table.piles.values())
    moved = sorted((stack, others[0], others[2]), key=lambda p: was[p].z)
    assert [table.piles[p].z for p in moved] == [top - 2, top - 1, top]
    assert all((table.piles[p].x, table.piles[p].y) == (was[p].x + 10.0, was[p].y + 20.0) for p in moved)
    assert table.piles[others[1]] == was[others[1]]
    table.flip_many([stack])
    pile, old = table.piles[stack], was[stack]
    assert pile.cards == old.cards[::-1] and pile.faces == tuple(not f for f in old.faces[::-1])


def test_what_a_big_step_replaces_goes_to_the_litter_and_is_let_go_a_slice_at_a_time(infinite):
    from cardtable.engine.table_release import let_go

    kept, littered = fresh(infinite), fresh(infinite)
    litter: list[object] = []
    littered.litter = litter
    for table in (kept, littered):
        table.spread(next(iter(table.piles)), "grid")
        table.undo()
        table.redo()
        table.move_many(list(table.piles), 40.0, -25.0)  # (drops the redo history: none left here)
    old_piles = [thing for thing in litter if isinstance(thing, dict) and len(thing) == 12_000]
    assert old_piles and all(thing is not littered.piles for thing in old_piles)
    littered.index.settle(400, litter)  # (the grid a listing empties goes there too)
    slices = sum(1 for _ in let_go(litter, chunk=1000))
    assert not litter and slices > len(old_piles)  # (a slice a thing at least, more for the big ones)
    assert picture(littered) == picture(kept)
