"""Frame times of the table renderer, headless at 1920x1080: ``python benchmarks/render.py``.

Each scenario drives the real app (the same code as a player's) with posted events
and times whole frames (``App.step``: events, update, draw, present). Printed for
each: median, 95th percentile and slowest frame in ms, the ratios to the floor measured
in the same run, and how many frames took over 16 ms (with the floor again, as many
frames as the longest scenario, for the machine's own count at that length). Then the
time from launch to the first interactive frame, the time to lay out the 12,000-card
deck, and the peak resident memory. The last line is JSON with every figure.

Then, for the gestures of :mod:`render_gestures` (a selection of 1,000 and of 12,000 piles:
idle, drag, drop, flip, undo; a resize each way; Shift+press on the 12,000-card pile; the wheel),
the frames after each until the table takes input again. Every ratio is to the floor measured
again as long as the longest scenario, at the end of the run. Before each scenario a few empty
frames are timed again: the run says whether the machine stayed quiet (:func:`quietness`), since
its figures mean something only if it did.

Options: ``--frames N`` (default 300), ``--size WxH`` (default 1920x1080), ``--only NAME,...``,
``--cpu`` (frames timed in this process's CPU time rather than the wall clock).
The machines are shared and noisy: compare figures from one run, not across runs.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable

# This checkout's cardtable, not whichever the environment has installed (a script's folder,
# benchmarks/, is on the path, not the checkout's).
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("CARDTABLE_HOME", tempfile.mkdtemp(prefix="cardtable-bench-"))

import pygame  # noqa: E402

from cardtable.engine.table import CARD_H, CARD_W  # noqa: E402
from cardtable.games.free_table.ui.table import FreeTableScene  # noqa: E402
from cardtable.ui import parallel_scale  # noqa: E402
from cardtable.ui.app import App  # noqa: E402
from cardtable.ui.deck_browser import DeckBrowser  # noqa: E402
from cardtable.ui.menu import MenuScene  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from render_gestures import ACCEPT_FRAMES, ACCEPT_MS, Gestures  # noqa: E402

CLOCK = [time.perf_counter]
"""What frames are timed with: the wall clock, or with ``--cpu`` this process's CPU time
(steadier on a shared machine: waiting for a core does not count)."""


def percentiles(samples: list[float]) -> tuple[float, float, float]:
    """Median, 95th percentile and the slowest frame."""
    ordered = sorted(samples)
    return (statistics.median(ordered), ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))], ordered[-1])


def post(kind: int, **fields) -> None:
    pygame.event.post(pygame.event.Event(kind, **fields))


def time_frames(app: App, frames: int, before_frame) -> list[float]:
    """Run ``frames`` frames, calling ``before_frame(i)`` to post that frame's input."""
    times: list[float] = []
    for i in range(frames):
        before_frame(i)
        timed_step(app, times)
    return times


def empty_frame() -> Callable[[], None]:
    """One frame of an empty table, to call: fill, blit one full-screen surface, flip."""
    screen = pygame.display.get_surface()
    felt = pygame.Surface(screen.get_size()).convert()
    felt.fill((21, 94, 52))

    def frame() -> None:
        pygame.event.pump()
        screen.fill((0, 0, 0))
        screen.blit(felt, (0, 0))
        pygame.display.flip()
    return frame


def _empty_frames(frames: int) -> tuple[list[float], list[float]]:
    """An empty table (:func:`empty_frame`) at the display's size, ``frames`` times after 30:
    each frame's milliseconds by the run's clock, and by the wall clock."""
    frame = empty_frame()
    times, walls = [], []
    for _ in range(frames + 30):
        start, wall = CLOCK[0](), time.perf_counter()
        frame()
        times.append((CLOCK[0]() - start) * 1000)
        walls.append((time.perf_counter() - wall) * 1000)
    return times[30:], walls[30:]


def floor(frames: int) -> list[float]:
    """The floor: ``frames`` empty frames (:func:`_empty_frames`) by the run's clock."""
    return _empty_frames(frames)[0]


QUIET_CHECK_FRAMES = 40
"""Empty frames timed before each scenario to watch the machine (see :func:`quietness`)."""

QUIET_SPREAD = 1.10
"""The most the slowest check's median may be over the fastest's (to two places, as printed) for
a run to count as made on a quiet machine. (pyperf, for comparison, calls a result unstable when
its values' standard deviation reaches 10% of their mean; this bound is on medians taken through
a run, not on one sample's values.)"""


def check() -> tuple[float, float]:
    """:data:`QUIET_CHECK_FRAMES` empty frames for :func:`quietness`: their median by the run's
    clock, and by the wall clock."""
    times, walls = _empty_frames(QUIET_CHECK_FRAMES)
    return statistics.median(times), statistics.median(walls)


def _spread(medians_ms: list[float]) -> float:
    """The slowest median over the fastest, to two places (as printed and judged)."""
    return round(max(medians_ms) / min(medians_ms), 2)


def quietness(checks_ms: list[float], wall_checks_ms: list[float] | None = None) -> dict[str, object]:
    """Whether the machine stayed quiet through a run: the medians of the empty frames timed
    before each scenario and of the floors, and the slowest over the fastest. (Timed between
    the scenarios, not during them: a burst inside a scenario can still pass unseen.) In a run
    timed in CPU time, the checks by the wall clock too (``wall_checks_ms``): CPU time does not
    see a core taken away, and the app's slices of work are timed by the wall clock (a CPU run
    quiet by CPU time alone had a 12,000 group move take 36 frames, against 22-26).

    A neighbour on a shared machine slows every frame that reads and writes the whole window;
    an empty frame is such a frame, so its median moving during a run says the scenarios
    beside it were timed on another machine than the floor they are divided by.

    >>> quietness([0.45, 0.47, 0.46])["quiet"]
    True
    >>> quietness([0.45, 0.58, 0.46])["spread"]
    1.29
    """
    spread = _spread(checks_ms)
    machine: dict[str, object] = {"checks_median_ms": [round(ms, 4) for ms in checks_ms], "spread": spread,
                                  "quiet": spread <= QUIET_SPREAD}
    if wall_checks_ms:
        wall_spread = _spread(wall_checks_ms)
        machine["wall_checks_median_ms"] = [round(ms, 4) for ms in wall_checks_ms]
        machine["wall_spread"] = wall_spread
        machine["quiet"] = spread <= QUIET_SPREAD and wall_spread <= QUIET_SPREAD
    return machine


def table_scene(app: App, deck_id: str) -> FreeTableScene:
    spec = next(e.spec for e in app.variant_entries if e.spec and e.spec.id == "free_table")
    return app.push(FreeTableScene(app, spec, deck_id=deck_id, seed=1))


def spread_infinite(app: App) -> FreeTableScene:
    """A free table with the whole Infinite Deck face up in a grid."""
    scene = table_scene(app, "infinite")
    (pid,) = scene.table.piles
    scene.table.flip(pid)
    scene.table.spread(pid, "grid")
    return scene


def settle(app: App, frames: int = 60) -> None:
    for _ in range(frames):
        app.step(1 / 144)


def landed(app: App, scene: FreeTableScene, limit: int = 600) -> None:
    """Step (one frame at least: a step made outside the app is seen by its next frame) until
    a step's work is done, its flight has landed and the view's picture is whole (big steps
    run a slice a frame: on a busy machine more frames than :func:`settle` gives)."""
    for _ in range(limit):
        app.step(1 / 144)
        work = getattr(scene, "work", None)
        if (scene.animation is None and getattr(scene, "_held", None) is None
                and not (work is not None and work.busy) and scene.view.settled):
            return


def scenario_pan(app: App, frames: int) -> list[float]:
    scene = spread_infinite(app)
    scene.camera.zoom = 0.7
    settle(app)
    landed(app, scene)
    w, h = app.screen.get_size()
    # Drag the felt: 12 px a frame to the left, then back, as a player pans.
    post(pygame.MOUSEMOTION, pos=(w - 40, h // 2), rel=(0, 0), buttons=(0, 0, 0))
    app.step()
    scene.panning = True

    def pan(i: int) -> None:
        dx = -12 if (i // 150) % 2 == 0 else 12
        post(pygame.MOUSEMOTION, pos=(w // 2, h // 2), rel=(dx, 0), buttons=(0, 0, 1))
    times = time_frames(app, frames, pan)
    scene.panning = False
    app.scenes.pop()
    return times


def scenario_zoomed_out(app: App, frames: int) -> list[float]:
    scene = spread_infinite(app)
    scene.fit_all()
    landed(app, scene)
    assert scene.view.drawn_last_frame == 12_000
    w, h = app.screen.get_size()

    def hover(i: int) -> None:  # the cursor wanders over the cards (the hover highlight follows)
        post(pygame.MOUSEMOTION, pos=(200 + (i * 7) % (w - 400), 200 + (i * 3) % (h - 400)), rel=(1, 1),
             buttons=(0, 0, 0))
    times = time_frames(app, frames, hover)
    app.scenes.pop()
    return times


def scenario_drag(app: App, frames: int) -> list[float]:
    scene = spread_infinite(app)
    scene.camera.zoom = 0.7
    landed(app, scene)
    shown = scene.view.visible(scene.table, scene.camera.view_rect())
    _, pile = shown[len(shown) // 3]
    x, y = (int(v) for v in scene.camera.to_screen(pile.x + CARD_W / 2, pile.y + CARD_H / 2))
    post(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1, mod=0)
    post(pygame.MOUSEMOTION, pos=(x + 10, y + 10), rel=(10, 10), buttons=(1, 0, 0))
    settle(app, 5)
    w, h = app.screen.get_size()

    def drag(i: int) -> None:
        px = 100 + (i * 9) % (w - 200)
        post(pygame.MOUSEMOTION, pos=(px, y + 40), rel=(9, 0), buttons=(1, 0, 0))
    times = time_frames(app, frames, drag)
    post(pygame.MOUSEBUTTONUP, pos=(w // 2, y + 40), button=1, mod=0)
    app.step()
    app.scenes.pop()
    return times


def scenario_flame_sword(app: App, frames: int) -> list[float]:
    """The 10 x 10 grid (60 face up) and eight players' hands (one of eight cards), all on screen."""
    scene = table_scene(app, "infinite")
    table = scene.table
    (deck_pile,) = table.piles
    table.shuffle(deck_pile)
    step_x, step_y = CARD_W + 12, CARD_H + 12
    for i in range(100):
        pid = table.move(deck_pile, 1, 600 + (i % 10) * step_x, 300 + (i // 10) * step_y)
        if i % 5 < 3:
            table.flip(pid)
    for seat in range(8):
        n = 8 if seat == 0 else 4
        ox = 600 + (seat % 4) * 300 - 60 if seat < 4 else 600 + (seat % 4) * 300 - 60
        oy = 0 if seat < 4 else 300 + 10 * step_y + 60
        for j in range(n):
            pid = table.move(deck_pile, 1, ox + j * 28, oy)
            table.flip(pid)
    scene.fit_all()
    settle(app)
    w, h = app.screen.get_size()

    def hover(i: int) -> None:
        post(pygame.MOUSEMOTION, pos=(w // 3 + (i * 5) % (w // 3), h // 3 + (i * 3) % (h // 3)), rel=(1, 1),
             buttons=(0, 0, 0))
    times = time_frames(app, frames, hover)
    app.scenes.pop()
    return times


def scenario_spread_gather(app: App, frames: int) -> list[float]:
    """Frames while 12,000 cards fly out to a grid and back into a pile (the step itself untimed)."""
    scene = spread_infinite(app)
    scene.fit_all()
    landed(app, scene)
    times: list[float] = []
    while len(times) < frames:
        if len(scene.table.piles) == 1:
            scene.table.spread(next(iter(scene.table.piles)), "grid")
        else:
            scene.table.gather()
        app.step(1 / 144)  # the frame that starts the flight (and rebuilds the layer) is timed too
        times += time_frames(app, 50, lambda i: None)
    app.scenes.pop()
    return times[:frames]


def scenario_browser(app: App, frames: int) -> list[float]:
    scene = table_scene(app, "infinite")
    browser = app.push(DeckBrowser(app, scene.table.deck, scene.view.cache, on_find=lambda card: None))
    settle(app, 10)
    w, h = app.screen.get_size()

    def scroll(i: int) -> None:
        post(pygame.MOUSEWHEEL, x=0, y=-1 if (i // 150) % 2 == 0 else 1, precise_x=0.0,
             precise_y=-1.0 if (i // 150) % 2 == 0 else 1.0, flipped=False, which=0)
    times = time_frames(app, frames, scroll)
    assert browser.rows_drawn > 0
    app.scenes.pop()
    app.scenes.pop()
    return times


# -- the interactions issue 17 measured (each frame a gesture's own frame) ---------------------
def _fit_all_12000(app: App) -> FreeTableScene:
    scene = spread_infinite(app)
    scene.fit_all()
    landed(app, scene)
    return scene


def _pile_centre(scene: FreeTableScene, index: int) -> tuple[int, int]:
    """The screen centre of the ``index``-th pile in view (bottom to top)."""
    shown = scene.view.visible(scene.table, scene.camera.view_rect())
    _, pile = shown[index % len(shown)]
    x, y = scene.camera.to_screen(pile.x + CARD_W / 2, pile.y + CARD_H / 2)
    return int(x), int(y)


def timed_step(app: App, times: list[float]) -> None:
    """Run one frame and add its time to ``times``."""
    start = CLOCK[0]()
    app.step(1 / 144)
    times.append((CLOCK[0]() - start) * 1000)


def scenario_all_drag(app: App, frames: int) -> dict[str, list[float]]:
    """All 12,000 cards on screen: press on a card and start dragging it (the press frame and
    the frame the drag starts), drag it, drop it (the drop frame and the one after); then
    double-click a card to flip it (both clicks' frames and the one after)."""
    scene = _fit_all_12000(app)
    w, h = app.screen.get_size()
    start: list[float] = []
    drop: list[float] = []
    flip: list[float] = []
    # As many cycles as give each part about as many frames as a scenario of its own (a p95
    # of 60 frames is their third slowest: one frame the host took decides it).
    cycles = max(10, frames // 2)
    for i in range(cycles):
        x, y = _pile_centre(scene, i * 997)
        post(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(0, 0, 0))
        app.step(1 / 144)
        post(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1, mod=0)
        timed_step(app, start)
        post(pygame.MOUSEMOTION, pos=(x + 12, y + 8), rel=(12, 8), buttons=(1, 0, 0))
        timed_step(app, start)
        for k in range(4):
            post(pygame.MOUSEMOTION, pos=(x + 20 + k * 9, y + 12), rel=(9, 4), buttons=(1, 0, 0))
            app.step(1 / 144)
        post(pygame.MOUSEBUTTONUP, pos=(x + 50, y + 12), button=1, mod=0)
        timed_step(app, drop)
        timed_step(app, drop)
        x, y = _pile_centre(scene, i * 613 + 5)
        post(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(0, 0, 0))
        app.step(1 / 144)
        for _ in range(2):
            post(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1, mod=0)
            post(pygame.MOUSEBUTTONUP, pos=(x, y), button=1, mod=0)
            timed_step(app, flip)
        timed_step(app, flip)
        scene.last_click = (0.0, None)
    app.scenes.pop()
    return {"all_12000_start_drag": start, "all_12000_drop": drop, "all_12000_flip_one": flip}


def _wheel_frames(app: App, scene: FreeTableScene, frames: int, low: float, high: float) -> list[float]:
    """One wheel notch a frame at the screen's centre, in while the zoom is below ``high``
    and out until it is below ``low``, back and forth."""
    w, h = app.screen.get_size()
    post(pygame.MOUSEMOTION, pos=(w // 2, h // 2), rel=(0, 0), buttons=(0, 0, 0))
    app.step(1 / 144)
    direction = 1

    def notch(i: int) -> None:
        nonlocal direction
        if scene.camera.zoom >= high:
            direction = -1
        elif scene.camera.zoom <= low:
            direction = 1
        post(pygame.MOUSEWHEEL, x=0, y=direction, precise_x=0.0, precise_y=float(direction), flipped=False,
             which=0)
    return time_frames(app, frames, notch)


def scenario_all_wheel(app: App, frames: int) -> list[float]:
    """All 12,000 cards on screen, the wheel turning one notch a frame (in 4 notches, out 4)."""
    scene = _fit_all_12000(app)
    landed(app, scene)
    zoom = scene.camera.zoom
    times = _wheel_frames(app, scene, frames, zoom * 0.99, zoom * 1.15 ** 4 * 0.99)
    app.scenes.pop()
    return times


def _faces_29(app: App) -> FreeTableScene:
    """The 12,000 spread face up, zoomed so cards are 29 px wide (about 1,400 faces in view)."""
    scene = spread_infinite(app)
    scene.camera.zoom = 0.29
    scene.camera.x, scene.camera.y = 200.0, 400.0
    settle(app, 60)
    landed(app, scene)
    return scene


def scenario_faces_pan(app: App, frames: int) -> list[float]:
    """1,416 faces at 29 px, the felt dragged 12 px a frame towards faces never drawn."""
    scene = _faces_29(app)
    scene.view.cache.clear()
    settle(app, 30)
    w, h = app.screen.get_size()
    scene.panning = True

    def pan(i: int) -> None:
        post(pygame.MOUSEMOTION, pos=(w // 2, h // 2), rel=(-12, -3), buttons=(0, 0, 1))
    times = time_frames(app, frames, pan)
    scene.panning = False
    app.scenes.pop()
    return times


def scenario_faces_jump(app: App, frames: int) -> list[float]:
    """1,416 faces at 29 px: the view jumps to an area never drawn and its faces fill in
    (the jump frame and the frames after it), again and again."""
    scene = _faces_29(app)
    times: list[float] = []
    jump = 0
    while len(times) < frames:
        jump += 1
        scene.camera.x = 200.0 + (jump * 7_300) % 17_000
        scene.camera.y = 400.0 + (jump * 3_100) % 8_000
        times += time_frames(app, 30, lambda i: None)
    app.scenes.pop()
    return times[:frames]


def scenario_faces_wheel(app: App, frames: int) -> list[float]:
    """The 12,000 spread face up, the wheel turning one notch a frame between zoom 0.2 and 0.9."""
    scene = _faces_29(app)
    times = _wheel_frames(app, scene, frames, 0.2, 0.9)
    app.scenes.pop()
    return times


def scenario_shift_drag_stack(app: App, frames: int) -> list[float]:
    """Shift+drag of a 150-card stack across the spread at zoom 0.7, dropped and picked up again."""
    scene = spread_infinite(app)
    table = scene.table
    scene.camera.zoom = 0.7
    vx, vy, vw, vh = scene.camera.view_rect()
    landed(app, scene)  # (the spread's flight: not a frame of Shift+drag)
    stack = table.gather(table.piles_in((vx + vw * 0.4, vy + vh * 0.4, CARD_W * 10, CARD_H * 14))[:150])
    landed(app, scene)
    w, h = app.screen.get_size()
    times: list[float] = []
    pygame.key.set_mods(pygame.KMOD_SHIFT)
    try:
        while len(times) < frames:
            pile = table.piles[stack]
            x, y = (int(v) for v in scene.camera.to_screen(pile.x + CARD_W / 2, pile.y + CARD_H / 2))
            post(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(0, 0, 0))
            app.step(1 / 144)
            post(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1, mod=pygame.KMOD_SHIFT)
            timed_step(app, times)
            dx = 9 if x < w // 2 else -9
            for k in range(1, 40):
                post(pygame.MOUSEMOTION, pos=(x + k * dx, y + k), rel=(dx, 1), buttons=(1, 0, 0))
                timed_step(app, times)
            post(pygame.MOUSEBUTTONUP, pos=(x + 40 * dx, y + 40), button=1, mod=pygame.KMOD_SHIFT)
            timed_step(app, times)
            timed_step(app, times)
    finally:
        pygame.key.set_mods(0)
    app.scenes.pop()
    return times[:frames]


def scenario_key_steps(app: App, frames: int) -> dict[str, list[float]]:
    """At zoom 0.3, on the 12,000 cards: the frame of each key press (G spreads the pile,
    C gathers it, Ctrl+Z undoes the gather, Ctrl+Y redoes it), the frames after it until
    the step's picture first shows (the held frames doing the step, the indexing of its
    piles, the building of its flight and the painting of its picture a slice at a time,
    then the first frame of the flight), that first frame alone (all four keys'), and every
    later frame of the cards' flight."""
    scene = table_scene(app, "infinite")
    (pid,) = scene.table.piles
    scene.table.flip(pid)
    scene.camera.zoom = 0.3
    pile = scene.table.piles[pid]
    scene.camera.x, scene.camera.y = pile.x - 600, pile.y - 300
    settle(app, 10)
    mouse = (int(600 * 0.3 + 10), int(300 * 0.3 + 10))
    post(pygame.MOUSEMOTION, pos=mouse, rel=(0, 0), buttons=(0, 0, 0))
    app.step(1 / 144)
    keys = {"spread": (pygame.K_g, 0), "gather": (pygame.K_c, 0), "undo": (pygame.K_z, pygame.KMOD_CTRL),
            "redo": (pygame.K_y, pygame.KMOD_CTRL)}
    found: dict[str, list[float]] = {f"key_{name}_12000": [] for name in keys}
    found.update({f"key_{name}_12000_next_frames": [] for name in keys})
    flight: list[float] = []
    first: list[float] = []
    # Enough cycles for a p95 of each key's own frame that is not simply its slowest (50 at the
    # default 300 frames: about 2 s of wall clock a cycle on this machine, mostly the flights).
    cycles = max(20, frames // 6)
    for _ in range(cycles):
        for name, (key, mod) in keys.items():
            post(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)
            post(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0)
            began = time.perf_counter()  # (the wall clock: frames run back to back, as the app runs them)
            timed_step(app, found[f"key_{name}_12000"])
            held = 0
            while _step_showing(scene, held):  # the held frames, then the first shown
                timed_step(app, found[f"key_{name}_12000_next_frames"])
                held += 1
            first.append(found[f"key_{name}_12000_next_frames"][-1])
            HELD_FRAMES.setdefault(name, []).append(held)
            WALL_TO_PICTURE.setdefault(name, []).append((time.perf_counter() - began) * 1000)
            for _ in range(53):  # the rest of the flight (0.35 s at 144 frames a second) and its landing
                timed_step(app, flight)
        if len(scene.table.piles) != 1:
            raise RuntimeError("the key cycle did not end with one pile")
    found["key_steps_first_picture_frames"] = first
    found["key_steps_flight_frames"] = flight
    app.scenes.pop()
    return found


def _step_showing(scene: FreeTableScene, frames: int) -> bool:
    """True until the frame that first shows a big step's picture has run. (Code before
    the work queue, measured from ``git archive``, held two frames after the key.)"""
    work = getattr(scene, "work", None)
    if work is None:
        return frames < 2
    return work.busy or scene._held is not None


HELD_FRAMES: dict[str, list[int]] = {}
"""How many frames after each key the key steps' picture took to show (the first one
showing it included), by step."""
WALL_TO_PICTURE: dict[str, list[float]] = {}
"""Wall-clock milliseconds from each key to the end of the frame that first shows its
step's picture (the key's frame and every held frame included), by step."""


def first_frame_seconds(extra: str = "") -> float:
    """Seconds from launching a fresh Python process to its first interactive frame drawn."""
    code = ("import time, os\n"
            "from cardtable.ui.app import App\nfrom cardtable.ui.menu import MenuScene\n"
            "app = App(size=(1920, 1080))\napp.push(MenuScene(app))\n" + extra +
            "app.step()\nprint(time.time())\n")
    start = time.time()
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=os.environ, check=True)
    return float(out.stdout.strip().splitlines()[-1]) - start


def layout_seconds(app: App) -> tuple[float, float]:
    """Seconds to turn over and spread the 12,000 cards, and to draw the first frame after."""
    scene = table_scene(app, "infinite")
    (pid,) = scene.table.piles
    start = time.perf_counter()
    scene.table.flip(pid)
    scene.table.spread(pid, "grid")
    laid = time.perf_counter() - start
    scene.fit_all()
    app.step()
    framed = time.perf_counter() - start
    app.scenes.pop()
    return laid, framed


def scenario_leave_big_table(app: App, frames: int) -> list[float]:
    """Esc on the 12,000-card table after a big step and some reading of its faces: the frame
    that handles the key and leaves, and the menu's next frames until the table's faces are
    all let go, and one more (the one after leaving ran a full collection of the heap, 12 to
    39 ms, before 7d2d7d3). The menu is shown before the first table, as in the app (a table
    opened with ``--variant`` has the menu painted ahead, off screen)."""
    times: list[float] = []
    app.push(MenuScene(app))
    settle(app, 2)
    for _ in range(max(10, frames // 15)):
        scene = table_scene(app, "infinite")
        settle(app, 2)
        post(pygame.MOUSEMOTION, pos=(960, 540), rel=(0, 0), buttons=(0, 0, 0))
        post(pygame.KEYDOWN, key=pygame.K_f, mod=0, unicode="", scancode=0)  # face up
        post(pygame.KEYDOWN, key=pygame.K_g, mod=0, unicode="", scancode=0)
        landed(app, scene)
        # Read the cards for a while (faces drawn at 0.9, panning), so the table left holds
        # faces as a player's does (about 200, 12 MB; freed at once they took 2.5 ms of Esc).
        scene.camera.zoom = 0.9
        scene.panning = True
        for _ in range(120):
            post(pygame.MOUSEMOTION, pos=(960, 540), rel=(-40, 0), buttons=(0, 0, 1))
            app.step(1 / 144)
        scene.panning = False
        settle(app, 30)
        del scene
        post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
        timed_step(app, times)
        for _ in range(60):
            timed_step(app, times)
            if not app.releasing:
                break
        timed_step(app, times)
    app.scenes.pop()
    return times


def _gestures() -> Gestures:
    return Gestures(timed_step, spread_infinite, landed)


SCENARIOS = {
    "pan_12000_spread": scenario_pan, "zoomed_out_all_12000": scenario_zoomed_out,
    "drag_one_card": scenario_drag, "spread_gather_12000_animated": scenario_spread_gather,
    "flame_sword_grid_8_hands": scenario_flame_sword, "deck_browser_scroll": scenario_browser,
    "all_12000_drag_drop_flip": scenario_all_drag, "all_12000_wheel_zoom": scenario_all_wheel,
    "faces_29px_pan_undrawn": scenario_faces_pan, "faces_29px_fill_after_jump": scenario_faces_jump,
    "faces_wheel_zoom_0.2_0.9": scenario_faces_wheel, "shift_drag_150_stack": scenario_shift_drag_stack,
    "key_steps_12000": scenario_key_steps, "leave_12000_table": scenario_leave_big_table,
    "selection_1000": lambda app, frames: _gestures().selection(app, frames, 1000),
    "selection_12000": lambda app, frames: _gestures().selection(app, frames, 12_000),
    "resize": lambda app, frames: _gestures().resize(app, frames),
    "big_pile_and_wheel": lambda app, frames: _gestures().big_pile_and_wheel(app, frames),
}
"""Every scenario by name; one that returns a dict reports each of its parts by the part's name."""


def record(results: dict[str, dict[str, float]], name: str, samples: list[float],
           floor_ms: tuple[float, float, float]) -> None:
    """Add a scenario's median, p95 and slowest frame, and their ratios to the floor."""
    med, p95, worst = percentiles(samples)
    results[name] = {"median_ms": med, "p95_ms": p95, "max_ms": worst, "p95_vs_floor": p95 / floor_ms[1],
                     "median_vs_floor": med / floor_ms[0], "frames": len(samples),
                     "over_16ms": sum(ms > 16 for ms in samples)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=300)
    parser.add_argument("--size", default="1920x1080")
    parser.add_argument("--only", default="", help="comma-separated scenario names (skips the start-up figures)")
    parser.add_argument("--cpu", action="store_true", help="time frames in CPU time (time.process_time)")
    args = parser.parse_args()
    if args.cpu:
        CLOCK[0] = time.process_time
    size = tuple(int(v) for v in args.size.split("x"))

    only = set(args.only.split(",")) if args.only else None
    first_menu = first_infinite = 0.0
    if not args.only:
        first_menu = first_frame_seconds()
        first_infinite = first_frame_seconds(
            "from cardtable.games.free_table.ui.table import FreeTableScene\n"
            "spec = next(e.spec for e in app.variant_entries if e.spec and e.spec.id == 'free_table')\n"
            "app.push(FreeTableScene(app, spec, deck_id='infinite'))\n")

    app = App(size=size)  # (the app freezes what is loaded when it first shows a 12,000-card table)
    results: dict[str, dict[str, float]] = {}
    floor_times = floor(args.frames)
    floor_ms = percentiles(floor_times)
    results["floor"] = {"median_ms": floor_ms[0], "p95_ms": floor_ms[1], "max_ms": floor_ms[2],
                        "frames": len(floor_times), "over_16ms": sum(ms > 16 for ms in floor_times)}
    measured: dict[str, list[float]] = {}
    big_scales: dict[str, list[int]] = {}  # scenario -> window-sized scales in one piece, in two halves
    checks, wall_checks = [floor_ms[0]], []
    for name, fn in SCENARIOS.items():
        if only is None or name in only:
            # (the last scenario's tables let go of at once, untimed: what a scenario frees is its
            # own cost, which leave_12000_table times, not the next scenario's)
            app.release_now()
            by_clock, by_wall = check()
            checks.append(by_clock)
            wall_checks.append(by_wall)
            made = list(parallel_scale.CHOICE.made)
            got = fn(app, args.frames)
            scaled = [now - then for now, then in zip(parallel_scale.CHOICE.made, made)]
            if any(scaled):
                big_scales[name] = scaled
            for part, samples in (got.items() if isinstance(got, dict) else ((name, got),)):
                measured[part] = samples
    # A scenario's slowest frame grows with its number of frames on a shared machine (a core
    # taken away, the display server late): the floor again, as long as the longest scenario,
    # says how many frames over 16 ms the machine itself gives at that length; every ratio is
    # to it (the first floor only warms the machine up when a scenario is longer).
    longest = max((len(samples) for samples in measured.values()), default=0)
    floor_long = floor(int(longest)) if longest > args.frames else []
    if floor_long:
        med, p95, worst = percentiles(floor_long)
        floor_ms = (med, p95, worst)
        results["floor_as_long_as_the_longest"] = {"median_ms": med, "p95_ms": p95, "max_ms": worst,
                                                  "frames": len(floor_long),
                                                  "over_16ms": sum(ms > 16 for ms in floor_long)}
    for part, samples in measured.items():
        record(results, part, samples, floor_ms)
    machine = quietness(checks + [floor_ms[0]] if floor_long else checks, wall_checks if args.cpu else None)
    laid, framed = layout_seconds(app)
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    frames_after = {name: statistics.median(counts) for name, counts in HELD_FRAMES.items()}
    wall_to_picture = {name: statistics.median(ms) for name, ms in WALL_TO_PICTURE.items()}

    print(f"renderer at {size[0]}x{size[1]}, {args.frames} frames a scenario (SDL_VIDEODRIVER="
          f"{os.environ['SDL_VIDEODRIVER']}){', CPU time' if args.cpu else ''}")
    print(f"{'scenario':30} {'median ms':>10} {'p95 ms':>8} {'max ms':>8} {'median/floor':>13} {'p95/floor':>10}"
          f" {'frames':>7} {'>16 ms':>7}")
    for name, r in results.items():
        print(f"{name:30.30} {r['median_ms']:10.2f} {r['p95_ms']:8.2f} {r['max_ms']:8.2f}"
              f" {r.get('median_vs_floor', 1):13.2f} {r.get('p95_vs_floor', 1):10.2f}"
              f" {r['frames']:7d} {r['over_16ms']:7d}")
    if not args.only:
        print(f"start to first interactive frame (menu): {first_menu:.2f} s; "
              f"straight into the 12,000-card table: {first_infinite:.2f} s")
        print(f"lay out 12,000 cards (flip + spread): {laid * 1000:.0f} ms; "
              f"with the first frame: {framed * 1000:.0f} ms")
    if frames_after:
        print("frames from each key to its step's first picture (median): "
              + ", ".join(f"{name} {n:g}" for name, n in frames_after.items()))
        print("wall ms from each key to its step's first picture (median): "
              + ", ".join(f"{name} {ms:.1f}" for name, ms in wall_to_picture.items()))
    accept = {name: (statistics.median(n), max(n)) for name, n in ACCEPT_FRAMES.items()}
    if accept:
        print("frames after each gesture until the table takes input (median, most): "
              + ", ".join(f"{name} {m:g}/{most}" for name, (m, most) in accept.items()))
    waits = {name: (statistics.median(ms), max(ms)) for name, ms in ACCEPT_MS.items()}
    if waits:
        print("wall ms from each gesture until the table takes input (median, most): "
              + ", ".join(f"{name} {m:.1f}/{most:.1f}" for name, (m, most) in waits.items()))
    if big_scales:
        print("window-sized scales in one piece / in two halves (the wheel's frames, see ui/parallel_scale.py): "
              + ", ".join(f"{name} {one}/{two}" for name, (one, two) in big_scales.items()))
    print(f"peak RSS: {peak_mb:.0f} MB")
    medians = machine["checks_median_ms"]
    by_wall = f", by the wall clock {machine['wall_spread']:.2f}x" if "wall_spread" in machine else ""
    print(f"the machine {'stayed quiet' if machine['quiet'] else 'was NOT quiet'}: empty frames' medians "
          f"{min(medians):.3f} to {max(medians):.3f} ms through the run ({machine['spread']:.2f}x{by_wall}; "
          f"quiet is {QUIET_SPREAD:.2f}x or less)")
    print(json.dumps({"size": list(size), "frames": args.frames, "cpu_time": args.cpu, "scenarios": results,
                      "key_steps_frames_after_key": frames_after, "key_steps_wall_ms_to_picture": wall_to_picture,
                      "frames_until_input": accept, "wall_ms_until_input": waits, "big_scales": big_scales,
                      "machine": machine,
                      "first_frame_s": first_menu, "first_frame_infinite_s": first_infinite,
                      "layout_ms": laid * 1000, "layout_and_frame_ms": framed * 1000, "peak_rss_mb": peak_mb}))


if __name__ == "__main__":
    main()
