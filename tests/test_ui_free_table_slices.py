"""The free table's big steps done over several frames: the same table as a step done at
once, input during the held frames handled after, in order, and undo exact."""

from __future__ import annotations

import pygame
from test_ui_free_table import centre_of, only_pile, open_table, until_shown

from cardtable.games.free_table.ui.work import WORK_BUDGET_S, slice_budget
from cardtable.ui.work_queue import WorkQueue


def state(table):
    regions = [(-50, -50, 700, 500), (5_000, 2_000, 1_300, 900)]
    return (table.to_json(), dict(table.piles), set(table.stacks), [table.index.query(r) for r in regions],
            [c.label for c in table.undo_stack])


def test_a_spread_over_several_frames_ends_as_one_done_at_once(app):
    d, scene = open_table(app, "infinite")
    d.move(centre_of(scene, only_pile(scene)))
    d.key(pygame.K_g)
    while scene.work.busy:  # what the step says waits for its picture too
        assert not (app.toast_text or "").startswith("Spread")
        d.step()
    until_shown(d, scene)
    assert app.toast_text == "Spread 12,000 cards as a grid: Home shows them all"  # (too many to show whole)
    done = state(scene.table)
    app.scenes.pop()  # (its table is let go of a slice a frame from here on)
    _, twin = open_table(app, "infinite")  # same seed: the same deck order
    twin.table.spread(only_pile(twin), "grid")
    assert state(twin.table) == done


def test_input_while_the_picture_is_held_is_handled_after_in_order(app):
    d, scene = open_table(app, "infinite")
    d.move(centre_of(scene, only_pile(scene)))
    d.key(pygame.K_g)
    assert scene.work.busy
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(300, 200), rel=(1, 1), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_c, mod=0, unicode="c", scancode=0))
    d.step()
    assert scene.work.busy and scene.mouse != (300, 200) and len(scene.table.undo_stack) <= 1  # not gathered yet
    until_shown(d, scene)  # the spread shows, then the gather the player asked for meanwhile runs
    d.step()
    until_shown(d, scene)
    assert scene.mouse == (300, 200) and len(scene.table.piles) == 1
    assert [c.label for c in scene.table.undo_stack] == ["spread (grid)", "gather"]


def test_undo_and_redo_of_a_sliced_step_restore_it_exactly(app):
    d, scene = open_table(app, "infinite")
    d.move(centre_of(scene, only_pile(scene)))
    d.key(pygame.K_f)
    start = state(scene.table)[:4]
    d.key(pygame.K_g)
    until_shown(d, scene)
    spread = state(scene.table)[:4]
    d.key(pygame.K_c)
    until_shown(d, scene)
    for key, expected in ((pygame.K_z, spread), (pygame.K_z, start), (pygame.K_y, spread)):
        d.key(key, pygame.KMOD_CTRL)
        until_shown(d, scene)
        assert state(scene.table)[:4] == expected
    assert app.toast_text == "Redid spread (grid)"


def test_the_work_queue_runs_slices_while_the_next_would_end_in_time():
    now = [0.0]
    queue = WorkQueue(clock=lambda: now[0])
    ran, done = [], []

    def work(n):
        for i in range(n):
            ran.append(i)
            now[0] += 0.002  # each slice takes 2 ms
            yield
        return n
    queue.add(work(10), done.append)
    assert not queue.run(0.007) and ran == [0, 1, 2]  # a fourth would end at 8 ms
    assert not queue.run(now[0] - 1) and len(ran) == 3  # the frame's time is spent already: no slice
    queue.finish()
    assert len(ran) == 10 and done == [10] and not queue.busy
    # A frame carrying work stays short whatever the frame rate (the app runs them back to back).
    assert slice_budget(1 / 60) == slice_budget(1 / 144) == WORK_BUDGET_S <= 0.0015


def test_a_big_gather_flies_cards_from_all_over_the_spread_not_one_corner():
    import random

    from cardtable import variants
    from cardtable.engine.table import Table
    from cardtable.ui.camera import Camera
    from cardtable.ui.table_anim import MAX_FLIGHTS, TableAnimation

    table = Table(variants.load_deck_by_id("infinite"), random.Random(1))
    table.spread(next(iter(table.piles)), "grid")
    x, y, w, h = table.bounds()
    camera = Camera((1366, 768))
    camera.fit((x, y, w, h))
    table.gather()
    _label, before, after = table.last_step
    anim = TableAnimation.from_step(before, after, camera, 0.0, table)
    assert anim is not None and len(anim.flights) == MAX_FLIGHTS
    assert max(f.y0 for f in anim.flights) - min(f.y0 for f in anim.flights) > 0.9 * (h - 140)
    assert max(f.x0 for f in anim.flights) - min(f.x0 for f in anim.flights) > 0.9 * (w - 100)
