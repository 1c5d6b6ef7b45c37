"""The free table's undo history is capped by its estimated memory as well as by steps."""

from __future__ import annotations

import random

import pytest

from cardtable import variants
from cardtable.engine.table import HISTORY_BYTES, MAX_UNDO, Table, step_bytes

MB = 2**20


@pytest.fixture(scope="module")
def infinite():
    return variants.load_deck_by_id("infinite")


def state(table: Table):
    """What an undo must restore exactly."""
    return table.to_json(), dict(table.piles), set(table.stacks)


def test_many_big_steps_keep_the_history_under_its_cap_and_the_newest_undo_exactly(infinite):
    table = Table(infinite, random.Random(5))
    table.history_cap = 6 * MB  # (a few big steps: the default holds some 40)
    table.flip(next(iter(table.piles)))
    seen = []
    for _ in range(8):
        for step in ("spread", "gather"):
            seen.append(state(table))
            if step == "spread":
                table.spread(next(iter(table.piles)), "grid")
            else:
                table.gather()
            assert table.history_bytes <= table.history_cap
    last, kept = state(table), len(table.undo_stack)
    assert 2 <= kept < 17 and table.dropped == 17 - kept
    assert table.history_bytes == sum(map(step_bytes, table.undo_stack))
    for before in reversed(seen[-kept:]):
        assert table.undo() in ("spread (grid)", "gather")
        assert state(table) == before
    assert table.undo() is None and not table.undo_stack
    # Undone steps move to the redo stack: the history holds as much as before, no more.
    assert table.history_bytes <= table.history_cap and len(table.redo_stack) == kept
    while table.redo() is not None:
        pass
    assert state(table) == last


def test_the_default_cap_holds_over_a_long_session_of_sliced_big_steps(infinite):
    table = Table(infinite, random.Random(8))
    table.flip(next(iter(table.piles)))
    for _ in range(26):  # 52 big steps of some 1.4 MB: more than 64 MB
        table.spread_job(next(iter(table.piles)), "grid").finish()
        table.gather_job().finish()
        assert table.history_bytes <= HISTORY_BYTES
    assert table.dropped > 0 and len(table.undo_stack) >= 40
    gathered = state(table)
    assert table.undo_job().finish() == "gather"
    spread = state(table)
    assert len(table.piles) == 12_000 and table.history_bytes == sum(map(step_bytes, table.undo_stack)) \
        + sum(map(step_bytes, table.redo_stack))
    assert table.undo_job().finish() == "spread (grid)" and len(table.piles) == 1
    assert table.redo_job().finish() == "spread (grid)" and state(table) == spread
    assert table.redo_job().finish() == "gather" and state(table) == gathered


def test_a_step_bigger_than_the_cap_is_still_undoable_once(infinite):
    table = Table(infinite, random.Random(6))
    table.history_cap = 1_000
    table.spread(next(iter(table.piles)), "row")
    assert len(table.undo_stack) == 1 and table.history_bytes > table.history_cap
    spread = state(table)
    table.gather()
    assert len(table.undo_stack) == 1 and table.dropped == 1
    assert table.undo() == "gather" and state(table) == spread
    assert table.undo() is None
    assert table.redo() == "gather" and table.undo() == "gather" and state(table) == spread


def test_a_big_step_is_estimated_at_one_to_two_megabytes(infinite):
    table = Table(infinite, random.Random(7))
    table.spread(next(iter(table.piles)), "grid")
    table.gather()
    assert all(1 * MB < step_bytes(change) < 2 * MB for change in table.undo_stack)
    assert HISTORY_BYTES // (2 * MB) >= 30  # the default keeps a good many of them


def test_small_steps_are_capped_by_count_and_the_redo_stack_is_let_go_with_a_new_step():
    table = Table(variants.load_deck_by_id("standard52"), random.Random(1))
    pid = next(iter(table.piles))
    for _ in range(MAX_UNDO + 5):
        table.flip(pid)
    assert len(table.undo_stack) == MAX_UNDO and table.dropped == 5
    held = table.history_bytes
    table.undo()
    table.undo()
    assert table.history_bytes == held and len(table.redo_stack) == 2
    table.shuffle(pid)
    assert not table.redo_stack and table.history_bytes == sum(map(step_bytes, table.undo_stack))


def test_a_loaded_table_starts_with_an_empty_history():
    table = Table(variants.load_deck_by_id("standard52"), random.Random(1))
    table.spread(next(iter(table.piles)), "grid")
    loaded = Table.from_json(table.to_json(), table.deck)
    assert loaded.history_bytes == 0 and loaded.dropped == 0
    loaded.gather()
    assert loaded.undo() == "gather" and loaded.history_bytes > 0
