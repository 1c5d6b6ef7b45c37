"""The empty frame's measure the held frames' and faces' budgets follow (cardtable.ui.frame_floor):
one measure out of line does not set it."""

from __future__ import annotations

from types import SimpleNamespace

from cardtable.ui import frame_floor
from cardtable.ui.frame_floor import EVERY_S, KEPT, FrameFloor


def test_the_floor_is_the_middle_of_its_last_measures_and_follows_a_machine_that_stays_slower(monkeypatch):
    clock = [0.0]
    monkeypatch.setattr(frame_floor, "time", SimpleNamespace(perf_counter=lambda: clock[0]))
    measures = iter([0.5, 1.5, 0.6, 0.55, 1.6, 1.7, 1.8, 0.9])
    monkeypatch.setattr(FrameFloor, "_measure", lambda self, size: next(measures))
    floor = FrameFloor()
    readings = []
    for _ in range(7):
        readings.append(floor.seconds((200, 100)))
        assert floor.seconds((200, 100)) == readings[-1]  # (within EVERY_S: no new measure)
        clock[0] += EVERY_S + 0.1
    assert KEPT == 3
    # 1.5, one measure in a slow spell, never counts; two slower measures in three do.
    assert readings == [0.5, 0.5, 0.6, 0.6, 0.6, 1.6, 1.7]
    assert floor.seconds((300, 100)) == 0.9  # a new size: measured afresh, the old size's measures dropped
