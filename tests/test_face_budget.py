"""The face cache's frame budget: the first new face of a frame is drawn whatever the time
(unless the frame is past ``free_until``), later ones only if they would end before the
deadline, by the running mean of what faces at that width took (no timing asserted)."""

from __future__ import annotations

import math
import time

import pytest

from cardtable.ui.face_cache import FaceCache
from cardtable.ui.faces import FaceArt
from cardtable.ui.fonts import FontBook


@pytest.fixture(scope="module")
def deck(display_infinite):
    """The Infinite Deck, in a display (conftest's ``display_infinite``)."""
    return display_infinite


def test_the_first_face_of_a_frame_is_drawn_past_the_deadline_the_next_waits(deck):
    cache = FaceCache(FaceArt(FontBook()))
    cache.new_frame(0.0)
    assert cache.get(deck, 1, True, 40, keyed=True) is not None
    assert cache.get(deck, 2, True, 40, keyed=True) is None
    assert cache.spent()
    assert cache.get(deck, 1, True, 40, keyed=True) is not None  # drawn ones are always there


def test_past_free_until_not_even_the_first_face_is_drawn(deck):
    cache = FaceCache(FaceArt(FontBook()))
    cache.new_frame(0.0)
    cache.free_until = time.perf_counter() - 1.0
    assert cache.spent()
    assert cache.get(deck, 3, True, 40, keyed=True) is None
    assert cache.get(deck, 3, True, 40, keyed=True, force=True) is not None  # forced: always


def test_a_face_that_would_end_past_the_deadline_waits(deck):
    cache = FaceCache(FaceArt(FontBook()))
    cache.new_frame(60.0)  # a minute of budget
    assert cache.get(deck, 4, True, 40, keyed=True) is not None
    assert cache.get(deck, 5, True, 40, keyed=True) is not None  # faces fit in a minute
    cache._cost[40] = 3600.0  # as if a face at 40 px took an hour
    assert cache.get(deck, 6, True, 40, keyed=True) is None
    assert cache.get(deck, 6, True, 50, keyed=True) is not None  # another width's mean is its own
    assert not cache.spent()


def test_the_running_mean_follows_what_faces_took(deck):
    cache = FaceCache(FaceArt(FontBook()))
    cache.new_frame(60.0)
    for card in range(10, 16):
        cache.get(deck, card, True, 33, keyed=True)
    assert 0.0 < cache._cost[33] < 1.0
    cache.new_frame()
    assert cache.free_until == math.inf


def test_emptied_forgets_the_drawn_faces_a_chunk_at_a_time(deck):
    """A left table's faces are freed over frames (App.release_later), not all in one."""
    cache = FaceCache(FaceArt(FontBook()))
    cache.new_frame(math.inf)
    for card in range(25):
        assert cache.get(deck, card, True, 40, keyed=True) is not None
    assert len(cache) == 25 and cache.bytes > 0
    left = []
    for _ in cache.emptied(chunk=10, slice_s=math.inf):
        left.append(len(cache))
    assert left == [15, 5, 0] and cache.bytes == 0
