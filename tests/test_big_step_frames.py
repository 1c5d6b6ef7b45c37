"""Big steps of the free table within the frame budget: the app runs frames back to back
while a scene is busy, each frame runs its budget of queued work (1.2 ms) and no more, the
table and its index change at once at the end of a step, flights are drawn from their
prepared columns, and the toast clears the status line (issue 17)."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pygame
from test_ui_free_table import centre_of, only_pile, open_table, until_shown

from cardtable import variants
from cardtable.engine.spatial import GridIndex
from cardtable.engine.table import CARD_H, CARD_W, Table
from cardtable.games.free_table.ui import big_steps
from cardtable.games.free_table.ui.work import (
    EXTRA_MAX_SHARE,
    FLOOR_SHARE,
    MIN_SHARE,
    WORK_BUDGET_S,
    HeldCost,
    slice_budget,
)
from cardtable.ui.frame_floor import FrameFloor
from cardtable.ui.scene import Scene
from cardtable.ui.table_anim import TableAnimation, ease_out
from cardtable.ui.work_queue import WorkQueue


class _Clock:
    """A stand-in for ``pygame.time.Clock`` that records the frame caps asked for."""

    def __init__(self) -> None:
        self.caps: list[int] = []

    def tick(self, fps: int = 0) -> int:
        self.caps.append(fps)
        return 1

    def get_fps(self) -> float:
        return 0.0


def test_the_app_does_not_wait_for_the_frame_cap_while_the_top_scene_is_busy(app):
    class Working(Scene):
        frames = 0

        @property
        def busy(self) -> bool:
            return self.frames < 3

        def update(self, dt: float) -> None:
            self.frames += 1
            if self.frames == 5:
                self.app.quit()

        def draw(self, surface: pygame.Surface) -> None:
            surface.fill((0, 0, 0))

    assert not Scene(app).busy  # a scene is not busy unless it says so
    clock = _Clock()
    app.clock = clock
    app.push(Working(app))
    app.run(fps=60)
    assert clock.caps == [0, 0, 0, 60, 60]


def test_each_frame_of_a_big_step_runs_its_budget_of_work_and_no_more(app, monkeypatch):
    d, scene = open_table(app, "infinite")
    scene.frame_floor = FrameFloor(fixed=WORK_BUDGET_S / FLOOR_SHARE)  # (a budget of WORK_BUDGET_S)
    tick = WORK_BUDGET_S / 8
    now = [0.0]

    def clock() -> float:  # every look at the clock: a slice's worth of time has passed
        now[0] += tick
        return now[0]
    monkeypatch.setattr(big_steps, "time", SimpleNamespace(perf_counter=clock, thread_time=clock))
    scene.work = WorkQueue(clock=clock)
    spent: list[float] = []
    run = scene.work.run

    def timed_run(deadline: float, fresh: bool = True) -> bool:
        start = now[0]
        try:
            return run(deadline, fresh)
        finally:
            spent.append(now[0] - start)
    scene.work.run = timed_run  # type: ignore[method-assign]
    d.move(centre_of(scene, only_pile(scene)))
    d.key(pygame.K_g)
    assert scene.busy and app.frame_cap(60) == 0
    frames = until_shown(d, scene, limit=400)
    assert not scene.busy and app.frame_cap(60) == 60
    assert len(scene.table.piles) == 12_000
    # Every frame ran work for its budget (a slice more at most: the one that tells it is spent)
    # and the step needed many of them: no frame took the step's work on at once.
    assert spent and max(spent) <= WORK_BUDGET_S + 3 * tick
    assert frames >= 10


def _held_frames(app, d, scene, floor: float, between) -> list[tuple[float, float, float]]:
    """Gather the Infinite Deck with G, ``between()`` before each frame; each held frame's work's
    start, its budget, and what the frame cost besides its work as figured then."""
    given: list[tuple[float, float, float]] = []
    cost = scene.held_cost
    began = cost.began

    def record(start: float, budget: float) -> None:
        given.append((start, budget, cost.extra(floor)))
        began(start, budget)
    cost.began = record  # type: ignore[method-assign]
    real_step = app.step

    def step(dt=None):
        between()
        real_step(1 / 144)
    app.step = step  # type: ignore[method-assign]
    d.move(centre_of(scene, only_pile(scene)))
    d.key(pygame.K_g)
    until_shown(d, scene, limit=2000)
    return given


def test_a_held_frame_s_work_is_its_share_of_floors_less_what_the_frame_costs_besides(app, monkeypatch):
    d, scene = open_table(app, "infinite")
    floor = 0.0005
    scene.frame_floor = FrameFloor(fixed=floor)
    now = [0.0]

    def clock() -> float:  # every look at the clock: some time has passed
        now[0] += 0.00005
        return now[0]
    monkeypatch.setattr(big_steps, "time", SimpleNamespace(perf_counter=clock, thread_time=clock))
    scene.work = WorkQueue(clock=clock)

    def between() -> None:
        now[0] += 0.0003  # each frame's own cost besides its work: its events, update and draw
    given = _held_frames(app, d, scene, floor, between)
    assert len(given) >= 10
    for _start, budget, extra in given:
        assert budget == slice_budget(1 / 144, floor, extra)
    # The figure is what the frames back to back cost beyond their budgets (their own 0.3 ms,
    # the clock's looks and the slice past the deadline), and the work is the share's rest.
    beyond = [b[0] - a[0] - a[1] for a, b in zip(given, given[1:])]
    assert sorted(beyond)[len(beyond) // 2] >= 0.0003
    assert given[-1][2] >= 0.0003 and given[-1][1] <= FLOOR_SHARE * floor - 0.0003


def test_the_held_cost_is_the_median_of_recent_frames_and_a_pause_starts_afresh():
    cost = HeldCost()
    floor = 0.001
    assert slice_budget(1 / 60, floor, cost.extra(floor)) == FLOOR_SHARE * floor - cost.extra(floor)
    for start in (0.0, 0.0015, 0.003, 0.0095, 0.011):  # the fourth frame was interrupted (5 ms late)
        cost.began(start, 0.001)
    assert abs(cost.extra(floor) - 0.0005) < 1e-9
    cost.paused()
    cost.began(1.0, 0.001)  # a frame with no work came between: no measure across it
    assert abs(cost.extra(floor) - 0.0005) < 1e-9
    # A machine busy between frames counts as one empty frame at most.
    for start in (2.0, 2.1, 2.2, 2.3, 2.4, 2.5, 2.6, 2.7, 2.8, 2.9):
        cost.began(start, 0.001)
    assert cost.extra(floor) == EXTRA_MAX_SHARE * floor
    # However costly the frame besides, the work is never less than MIN_SHARE floors.
    assert slice_budget(1 / 60, floor, 10 * floor) == MIN_SHARE * floor


def _random_corners(rng: random.Random, n: int, first: int = 0) -> dict[int, tuple[float, float]]:
    return {first + i: (rng.uniform(-3000, 3000), rng.uniform(-2000, 2000)) for i in range(n)}


def _queries(index: GridIndex, rng: random.Random) -> list[set[int]]:
    regions = [(rng.uniform(-3500, 3000), rng.uniform(-2500, 2000), rng.uniform(1, 3000), rng.uniform(1, 2000))
               for _ in range(30)]
    return [index.query(r) for r in regions] + [index.query((-1e6, -1e6, 2e6, 2e6))]


def test_a_staged_index_change_answers_as_before_until_swapped_in_then_as_one_made_in_place():
    rng = random.Random(5)
    for gone_share in (0.1, 0.9):  # a few taken out, then most (the index is made again from what stays)
        corners = _random_corners(rng, 3000)
        staged, plain = GridIndex(max_size=(CARD_W, CARD_H)), GridIndex(max_size=(CARD_W, CARD_H))
        for index in (staged, plain):
            index.insert_corners(list(corners), [c[0] for c in corners.values()], [c[1] for c in corners.values()])
        ids = list(corners)
        rng.shuffle(ids)
        gone = ids[:int(len(ids) * gone_share)]
        moved = ids[int(len(ids) * gone_share):][:500]
        new = _random_corners(rng, 700, first=10_000)
        placed = {**{pid: (rng.uniform(-3000, 3000), rng.uniform(-2000, 2000)) for pid in moved}, **new}
        xs, ys = [c[0] for c in placed.values()], [c[1] for c in placed.values()]
        before = _queries(staged, random.Random(1))
        steps = staged.stage(gone, list(placed), xs, ys, staged.corner_rects(xs, ys), moved, 400)
        slices = 0
        try:
            while True:
                next(steps)
                slices += 1
        except StopIteration as stop:
            change = stop.value
        assert slices > 3  # a slice at a time
        assert _queries(staged, random.Random(1)) == before and len(staged) == 3000
        staged.swap_in(change)
        plain.remove_many(gone)
        plain.insert_corners(list(placed), xs, ys)
        while not staged.settle(300):  # (listed in their cells a slice at a time, or by the first query)
            pass
        assert _queries(staged, random.Random(2)) == _queries(plain, random.Random(2))
        assert len(staged) == len(plain) and all(pid in staged for pid in placed)


def test_a_big_step_leaves_the_table_as_it_was_until_its_last_slice():
    table = Table(variants.load_deck_by_id("infinite"), random.Random(1))
    pid = only_pile_of(table)
    piles, stacks, revision = table.piles, set(table.stacks), table.revision
    region = (-500.0, -500.0, 3000.0, 2000.0)
    found = table.index.query(region)
    job = table.spread_job(pid, "grid")
    slices = 1
    while not job.step():
        slices += 1
        assert table.piles is piles and list(table.piles) == [pid] and table.stacks == stacks
        assert table.revision == revision and table.index.query(region) == found
    assert slices > 12_000 // 500  # slices of at most a few hundred piles
    assert len(table.piles) == 12_000 and not table.stacks and table.revision == revision + 1
    twin = Table(variants.load_deck_by_id("infinite"), random.Random(1))
    twin.spread(only_pile_of(twin), "grid")
    assert twin.piles == table.piles and twin.index.query(region) == table.index.query(region)


def only_pile_of(table: Table) -> int:
    (pid,) = table.piles
    return pid


class _Recorder:
    """A surface stand-in that keeps what ``fblits`` was asked to draw."""

    def __init__(self) -> None:
        self.drawn: list[tuple[pygame.Surface, tuple[int, int]]] = []

    def fblits(self, blits) -> None:
        self.drawn = list(blits)


def test_flights_are_drawn_where_each_card_is_on_its_way(app):
    _d, scene = open_table(app, "standard52")
    camera, view, table = scene.camera, scene.view, scene.table
    table.spread(only_pile(scene), "grid")
    _label, before, after = table.last_step
    anim = TableAnimation.from_step(before, after, camera, 0.0, table)
    assert anim is not None and anim.flights
    surface = _Recorder()
    for now in (0.0, 0.1, 0.2, 0.35):
        anim.draw(surface, table, camera, view, now)  # type: ignore[arg-type]
        t, z = ease_out(anim.progress(now)), camera.zoom
        ox, oy = view.origin(camera)
        assert [at for _surf, at in surface.drawn] == [
            (int(f.x0 * z + (f.x1 - f.x0) * z * t) - ox, int(f.y0 * z + (f.y1 - f.y0) * z * t) - oy)
            for f in anim.flights]


def test_the_toast_clears_the_status_line_of_a_narrow_table(small_app):
    d, scene = open_table(small_app, "infinite")
    d.move(centre_of(scene, only_pile(scene)))
    d.key(pygame.K_g)
    until_shown(d, scene)
    assert small_app.toast_text.startswith("Spread 12,000 cards")
    drawn: list[pygame.Rect] = []
    draw_rect = pygame.draw.rect

    def spy(surface, colour, rect, *args, **kwargs):
        drawn.append(pygame.Rect(rect))
        return draw_rect(surface, colour, rect, *args, **kwargs)
    pygame.draw.rect = spy
    try:
        small_app._draw_toast()
    finally:
        pygame.draw.rect = draw_rect
    status = scene.toast_avoid()
    assert drawn and status is not None and not drawn[0].colliderect(status)
    assert drawn[0].bottom <= status.top and drawn[0].left < status.right  # lifted: it would have met it


def test_a_held_picture_is_presented_once_not_every_frame_of_the_work(app, monkeypatch):
    d, scene = open_table(app, "infinite")
    d.move(centre_of(scene, only_pile(scene)))
    flips: list[int] = []
    monkeypatch.setattr(pygame.display, "flip", lambda: flips.append(len(scene.table.piles)))
    d.key(pygame.K_g)
    d.step(3)
    assert scene.picture_held and flips == []  # the window shows the held picture already
    pygame.event.post(pygame.event.Event(pygame.WINDOWEXPOSED))
    d.step()
    assert flips == [1]  # ... unless the window changed: then it is shown again
    until_shown(d, scene)
    assert not scene.picture_held and flips == [1, 12_000]  # the step's picture is presented
    d.step()
    assert flips == [1, 12_000, 12_000]


def test_work_that_yields_next_frame_ends_the_frames_share_there():
    from cardtable.ui.work_queue import NEXT_FRAME

    ran: list[str] = []

    def work():
        ran.append("a")
        yield
        ran.append("b")
        yield NEXT_FRAME  # what follows takes a frame of its own
        ran.append("c")
        yield
        ran.append("d")
    queue = WorkQueue()
    queue.add(work())
    assert not queue.run(float("inf")) and ran == ["a", "b"]
    assert queue.run(float("inf")) and ran == ["a", "b", "c", "d"]


def test_the_frame_that_shows_a_big_step_presents_the_felt_its_staging_frame_painted(app, monkeypatch):
    d, scene = open_table(app, "infinite")
    pile = scene.table.piles[only_pile(scene)]
    scene.camera.zoom = 0.15  # (swatches: nothing left for later frames to paint in)
    scene.camera.x, scene.camera.y = pile.x - 600, pile.y - 600
    d.move(centre_of(scene, only_pile(scene)))
    d.key(pygame.K_g)
    until_shown(d, scene)
    d.step(40)  # (landed: the cards fill the view, the bands the app draws over too)
    assert scene.animation is None
    presented: list[pygame.Surface] = []
    monkeypatch.setattr(pygame.display, "flip", lambda: presented.append(app.screen.copy()))
    felt: list[bool] = []
    draw = scene.view.draw
    monkeypatch.setattr(scene.view, "draw", lambda *a, **k: (felt.append(scene.holding), draw(*a, **k))[1])
    d.key(pygame.K_c)  # gathered: 240 cards near the view fly from where they lay, the rest wait
    until_shown(d, scene)
    # The felt was painted once, in a held frame that was not presented, and not again in the
    # frame that shows the step (it only adds the bars and the toast).
    assert felt == [True] and len(presented) == 1 and not scene.holding
    full = pygame.Surface(app.screen.get_size(), 0, app.screen)
    scene.draw(full)  # (the whole picture drawn at once, the flights where they begin)
    screen, app.screen = app.screen, full
    try:
        app._draw_toast()
    finally:
        app.screen = screen
    assert felt == [True, False] and scene.animation is not None and scene.animation.progress(scene.clock) == 0
    assert pygame.image.tobytes(presented[0], "RGB") == pygame.image.tobytes(full, "RGB")


def test_input_during_a_big_steps_staging_frame_waits_for_its_picture(app):
    d, scene = open_table(app, "infinite")
    d.move(centre_of(scene, only_pile(scene)))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_g, mod=0, unicode="", scancode=0))
    while not scene.staging:
        d.step()  # (until the frame that paints the step's picture, unpresented; nothing queued)
    assert not scene._queued
    at = centre_of(scene, next(iter(scene.table.piles)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1, mod=0))
    d.step()  # the second staging frame (the flights over the cards): the press waits
    assert scene.press is None and scene.holding
    d.step()  # the frame that shows the step: the press is handled after it, not under it
    assert scene.press is None and not scene.holding
    d.step()
    assert scene.press is not None


def test_the_work_queue_foretells_a_slice_by_where_it_begins_and_stops_before_the_deadline():
    now = [0.0]
    queue = WorkQueue(clock=lambda: now[0])
    ran: list[str] = []

    def work():
        for _ in range(3):
            for _ in range(3):
                yield
                ran.append("cheap")
                now[0] += 0.001
            yield
            ran.append("dear")  # (from a place of its own: its cost is foretold there)
            now[0] += 0.004

    queue.add(work())
    ends = []
    for _ in range(6):  # frames of 5 ms of work each
        deadline = now[0] + 0.005
        queue.run(deadline)
        ends.append((now[0], deadline))
    assert ran[:4] == ["cheap"] * 3 + ["dear"]  # the first frame could not know: it ran past
    assert ends[0][0] > ends[0][1]
    # Once seen, the dear slice waits for a frame of its own rather than run past the deadline.
    assert ran[4:7] == ["cheap"] * 3 and ends[1][0] <= ends[1][1]
    assert all(end <= deadline for end, deadline in ends[1:])
    assert ran.count("dear") == 3


def test_a_held_frame_s_work_is_not_cut_for_time_the_machine_gave_to_others(app, monkeypatch):
    """Between held frames the wall clock runs on while this thread waits for a core: the
    frame's cost besides its work is its own CPU time, not that wait."""
    d, scene = open_table(app, "infinite")
    floor = 0.0005
    scene.frame_floor = FrameFloor(fixed=floor)
    wall, cpu = [0.0], [0.0]

    def wall_clock() -> float:
        wall[0] += 0.00005
        return wall[0]

    def cpu_clock() -> float:
        cpu[0] += 0.00001
        return cpu[0]
    monkeypatch.setattr(big_steps, "time", SimpleNamespace(perf_counter=wall_clock, thread_time=cpu_clock))
    monkeypatch.setattr(big_steps, "thread_clock_is_fine", lambda: True)  # (whatever this system's clock)
    scene.work = WorkQueue(clock=wall_clock)

    def between() -> None:
        wall[0] += 0.002  # the machine busy elsewhere between frames: 4 empty frames of waiting
        cpu[0] += 0.00005  # and the frame's own events, update and draw
    budgets = [budget for _start, budget, _extra in _held_frames(app, d, scene, floor, between)]
    assert len(budgets) >= 10
    # (counted by the wall clock the wait would have cut each budget to MIN_SHARE floors)
    assert min(budgets[3:]) >= FLOOR_SHARE * floor - 0.0002 > MIN_SHARE * floor


def test_the_held_cost_falls_back_to_the_wall_clock_where_the_thread_clock_ticks_coarsely(monkeypatch):
    from cardtable.games.free_table.ui import work

    ticks = iter(range(10**6))
    monkeypatch.setattr(work, "_fine_thread_clock", [])
    monkeypatch.setattr(work.time, "thread_time", lambda: 0.0156 * (next(ticks) // 1000))  # Windows' ticks
    assert work.thread_clock_is_fine() is False
    monkeypatch.setattr(work, "_fine_thread_clock", [])
    monkeypatch.setattr(work.time, "thread_time", lambda: 0.000001 * next(ticks))
    assert work.thread_clock_is_fine() is True
