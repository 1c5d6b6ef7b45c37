"""GridIndex queries against a brute-force pass over every rectangle: the same items, for
either way of listing them (every cell touched, or the corner's cell only)."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from cardtable.engine.spatial import GridIndex, copied_in_slices

MAX = (100.0, 140.0)

coords = st.floats(min_value=-2000, max_value=2000, allow_nan=False, allow_infinity=False)
sizes = st.tuples(st.floats(min_value=0.5, max_value=MAX[0]), st.floats(min_value=0.5, max_value=MAX[1]))
rects = st.builds(lambda x, y, wh: (x, y, wh[0], wh[1]), coords, coords, sizes)
regions = st.builds(lambda x, y, w, h: (x, y, w, h), coords, coords,
                    st.floats(min_value=1e-9, max_value=5000), st.floats(min_value=1e-9, max_value=5000))


def brute(items: dict[int, tuple[float, float, float, float]], region) -> set[int]:
    x, y, w, h = region
    return {i for i, (rx, ry, rw, rh) in items.items() if rx < x + w and rx + rw > x and ry < y + h and ry + rh > y}


@settings(max_examples=200, deadline=None)
@given(st.lists(rects, max_size=300), st.lists(regions, min_size=1, max_size=8),
       st.sampled_from([16.0, 64.0, 256.0]), st.booleans())
# A region whose top lies a float's rounding above a cell's edge, overlapping by 1e-9: the
# listing's and the query's last cells once came from an epsilon that swallowed the overlap.
@example(placed=[(0.0, 0.0, 1.0, 1.0)], queries=[(0.0, -2.2e-16, 1.0, 1e-9)], cell=16.0, corner=False)
@example(placed=[(0.0, 0.0, 1.0, 1.0)], queries=[(0.0, -2.2e-16, 1.0, 1e-9)], cell=16.0, corner=True)
def test_query_finds_what_a_pass_over_every_rectangle_finds(placed, queries, cell, corner):
    index = GridIndex(cell=cell, max_size=MAX if corner else None)
    items = dict(enumerate(placed))
    index.insert_many(items.items())
    for region in queries:
        assert index.query(region) == brute(items, region)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(coords, coords), min_size=64, max_size=400), st.lists(regions, min_size=1, max_size=6),
       st.data())
def test_bulk_corners_then_removals_query_like_a_brute_pass(corners, queries, data):
    index = GridIndex(max_size=MAX)
    ids = list(range(len(corners)))
    index.insert_corners(ids, [c[0] for c in corners], [c[1] for c in corners], defer=True)
    items = {i: (x, y, MAX[0], MAX[1]) for i, (x, y) in zip(ids, corners)}
    gone = data.draw(st.lists(st.sampled_from(ids), max_size=len(ids) // 2 + 70, unique=True))
    index.remove_many(gone)
    for i in gone:
        del items[i]
    for region in queries:
        assert index.query(region) == brute(items, region)


def test_a_view_sized_query_over_a_grid_of_cards():
    index = GridIndex(max_size=MAX)
    items = {i: ((i % 110) * 110.0, (i // 110) * 150.0, MAX[0], MAX[1]) for i in range(12000)}
    index.insert_many(items.items())
    for region in [(3000.0, 3000.0, 6620.0, 3724.0), (-50.0, -70.0, 300.0, 300.0), (1234.5, 987.6, 0.5, 0.5),
                   (-1e6, -1e6, 3e6, 3e6)]:
        assert index.query(region) == brute(items, region)


@settings(max_examples=120, deadline=None)
@given(st.lists(rects, max_size=300), st.lists(regions, min_size=1, max_size=6),
       st.sampled_from([16.0, 64.0, 256.0]), st.booleans(), st.integers(min_value=1, max_value=5))
def test_a_query_in_bands_finds_what_the_query_finds(placed, queries, cell, corner, rows):
    """query_steps (a band of the region a slice: a rubber band around thousands of piles)
    ends with the same set as query, edges touching a band's included."""
    index = GridIndex(cell=cell, max_size=MAX if corner else None)
    items = dict(enumerate(placed))
    index.insert_many(items.items())
    for region in queries:
        steps = index.query_steps(region, rows=rows, most=8)
        slices = 0
        while True:
            try:
                next(steps)
                slices += 1
            except StopIteration as done:
                found = done.value
                break
        assert found == index.query(region) == brute(items, region)
        assert slices <= 8


@pytest.mark.parametrize("kind", [dict, set])
@pytest.mark.parametrize("size", [0, 1, 9, 10, 11])
def test_a_copy_in_slices_is_a_copy_made_a_chunk_a_slice(kind, size):
    source = {i: (i, -i) for i in range(size)} if kind is dict else set(range(size))
    steps = copied_in_slices(source, 5)
    slices = 0
    while True:
        try:
            next(steps)
        except StopIteration as done:
            made = done.value
            break
        slices += 1
    assert made == source and made is not source and type(made) is kind
    assert slices == max(0, -(-size // 5) - 1)  # (a slice a chunk: the last returns the copy)


def test_a_source_changed_during_its_copy_in_slices_is_an_error_not_a_wrong_copy():
    source = {i: i for i in range(20)}
    steps = copied_in_slices(source, 5)
    next(steps)
    source[99] = 99
    with pytest.raises(RuntimeError):
        for _ in steps:
            pass
