"""The gestures on a big selection, a resize and a big pile, as scenarios of
``benchmarks/render.py`` (kept apart to keep that file short).

Every scenario here is on the Infinite Deck's 12,000 cards spread face up, all of them on
screen (Fit: zoom about 0.085 at 1,920 x 1,080). Each reports its gesture's frames: the
gesture's own frame and every frame after it until the table takes input again (a big step
holds its picture meanwhile, :attr:`~cardtable.ui.scene.Scene.busy`). :data:`ACCEPT_FRAMES`
keeps, by part, how many frames after each gesture that took, and :data:`ACCEPT_MS` how long by
the wall clock: a held frame's share of the work follows the empty frame's cost, so a smaller
window (a cheaper empty frame) takes more frames for the same wait.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pygame

from cardtable.engine.table import CARD_H, CARD_W
from cardtable.games.free_table.ui.table import FreeTableScene
from cardtable.ui.app import App

ACCEPT_FRAMES: dict[str, list[int]] = {}
"""Frames after each gesture's own frame until the table took input again, by part."""
ACCEPT_MS: dict[str, list[float]] = {}
"""Wall-clock milliseconds from each gesture's frame to the end of the last frame before the
table took input again (what the player waits), by part."""
LONGEST_WAIT = 600
"""Frames a gesture may keep the table busy before the benchmark gives up on it."""
BANDS = 4
"""Rubber bands drawn in each cycle of :meth:`Gestures.selection` (the last one's selection is
the cycle's): with one, a run had three release frames and their 95th percentile was the slowest
of the three."""


def _post(kind: int, **fields) -> None:
    pygame.event.post(pygame.event.Event(kind, **fields))


class Gestures:
    """Timing helpers bound to :mod:`render`'s clock and step (passed in: no import cycle)."""

    def __init__(self, timed_step: Callable[[App, list[float]], None],
                 spread: Callable[[App], FreeTableScene], landed: Callable[[App, FreeTableScene], None],
                 clock: Callable[[], float] = time.perf_counter) -> None:
        self.timed_step = timed_step
        self.spread = spread
        self.landed = landed
        self.clock = clock
        """The wall clock :data:`ACCEPT_MS` is timed by (tests give their own)."""

    def until_accepting(self, app: App, scene: FreeTableScene, part: str, times: list[float]) -> None:
        """Time the gesture's frame (its events posted), then the frames until the scene is
        no longer busy; count the latter in :data:`ACCEPT_FRAMES`, and time them all in
        :data:`ACCEPT_MS`."""
        began = self.clock()
        self.timed_step(app, times)
        waited = 0
        while scene.busy and waited < LONGEST_WAIT:
            self.timed_step(app, times)
            waited += 1
        ACCEPT_FRAMES.setdefault(part, []).append(waited)
        ACCEPT_MS.setdefault(part, []).append((self.clock() - began) * 1000)

    def fitted(self, app: App) -> FreeTableScene:
        """The 12,000 spread face up, all in view, the picture whole."""
        scene = self.spread(app)
        scene.fit_all()
        self.landed(app, scene)
        return scene

    def select(self, app: App, scene: FreeTableScene, count: int, times: list[float] | None = None) -> None:
        """Select about ``count`` piles with a rubber band from the empty felt above-left of the
        grid (its release frame timed into ``times``, if given)."""
        cam = scene.camera
        bx, by, bw, bh = scene.table.bounds()
        share = min(1.0, (count / len(scene.table.piles)) ** 0.5)
        x0, y0 = (int(v) - 3 for v in cam.to_screen(bx, by))
        x1, y1 = (int(v) + 1 for v in cam.to_screen(bx + bw * share, by + bh * share))
        x0, y0 = max(x0, 2), max(y0, scene.toolbar_height() + 2)
        _post(pygame.MOUSEMOTION, pos=(x0, y0), rel=(0, 0), buttons=(0, 0, 0))
        app.step(1 / 144)
        _post(pygame.MOUSEBUTTONDOWN, pos=(x0, y0), button=1, mod=0)
        app.step(1 / 144)
        if scene.band is None:
            raise RuntimeError("the rubber band did not start on empty felt")
        _post(pygame.MOUSEMOTION, pos=(x1, y1), rel=(x1 - x0, y1 - y0), buttons=(1, 0, 0))
        app.step(1 / 144)
        _post(pygame.MOUSEBUTTONUP, pos=(x1, y1), button=1, mod=0)
        if times is None:
            app.step(1 / 144)
        else:
            self.until_accepting(app, scene, "band_release", times)

    def selection(self, app: App, frames: int, count: int) -> dict[str, list[float]]:
        """A selection of ``count`` piles (:data:`BANDS` rubber bands): idle frames, dragging it,
        dropping it, F on it, and Ctrl+Z twice (the flip, then the move), in cycles."""
        name = f"selection_{count}"
        parts = {f"{name}_{p}": [] for p in ("band_release", "idle", "drag", "drop", "flip", "undo")}
        scene = self.fitted(app)
        cycles = max(3, frames // 100)
        for cycle in range(cycles):
            for _ in range(BANDS):
                scene.selected = set()
                self.select(app, scene, count, parts[f"{name}_band_release"])
                ACCEPT_FRAMES.setdefault(f"{name}_band_release", []).extend(ACCEPT_FRAMES.pop("band_release"))
                ACCEPT_MS.setdefault(f"{name}_band_release", []).extend(ACCEPT_MS.pop("band_release"))
            if not len(scene.selected) >= count * 0.9:
                raise RuntimeError(f"the band selected {len(scene.selected)} piles, not about {count}")
            chosen = min(scene.selected, key=lambda p: (scene.table.piles[p].y, scene.table.piles[p].x))
            pile = scene.table.piles[chosen]
            x, y = (int(v) for v in scene.camera.to_screen(pile.x + CARD_W / 2, pile.y + CARD_H / 2))
            for _ in range(frames // cycles // 3):
                self.timed_step(app, parts[f"{name}_idle"])
            _post(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(0, 0, 0))
            app.step(1 / 144)
            _post(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1, mod=0)
            app.step(1 / 144)
            steps = max(10, frames // cycles // 3)
            for k in range(1, steps + 1):
                _post(pygame.MOUSEMOTION, pos=(x + k * 2, y + k), rel=(2, 1), buttons=(1, 0, 0))
                self.timed_step(app, parts[f"{name}_drag"])
            for _ in range(LONGEST_WAIT):  # (a big group's picture is composed over frames: dropped once it shows)
                if not scene.busy:
                    break
                self.timed_step(app, parts[f"{name}_drag"])
            x, y = x + steps * 2, y + steps
            _post(pygame.MOUSEBUTTONUP, pos=(x, y), button=1, mod=0)
            self.until_accepting(app, scene, f"{name}_drop", parts[f"{name}_drop"])
            _post(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(0, 0, 0))
            _post(pygame.KEYDOWN, key=pygame.K_f, mod=0, unicode="f", scancode=0)
            self.until_accepting(app, scene, f"{name}_flip", parts[f"{name}_flip"])
            for _ in range(2):
                _post(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="", scancode=0)
                self.until_accepting(app, scene, f"{name}_undo", parts[f"{name}_undo"])
            self.landed(app, scene)
            if scene.table.revision and cycle == 0 and scene.table.undo_stack and \
                    scene.table.undo_stack[-1].label == "move":
                raise RuntimeError("Ctrl+Z did not undo the group move")
        app.scenes.pop()
        return parts

    def resize(self, app: App, frames: int) -> dict[str, list[float]]:
        """The window resized from its size to five sixths of it (1,920 x 1,080 to 1,600 x 900) and
        back, a stream of five sizes a frame each way (as dragging a window edge sends), then frames
        until the picture is whole."""
        scene = self.fitted(app)
        big = app.screen.get_size()
        # (a fixed 1,600 x 900 made "smaller" a bigger window in a run at 1,024 x 640)
        small = (big[0] * 5 // 6, big[1] * 5 // 6)
        parts: dict[str, list[float]] = {"resize_smaller": [], "resize_back": []}
        cycles = max(3, frames // 60)
        for _ in range(cycles):
            for part, (a, b) in (("resize_smaller", (big, small)), ("resize_back", (small, big))):
                for k in range(1, 6):
                    w = a[0] + (b[0] - a[0]) * k // 5
                    h = a[1] + (b[1] - a[1]) * k // 5
                    _post(pygame.VIDEORESIZE, w=w, h=h, size=(w, h))
                self.until_accepting(app, scene, part, parts[part])
                for _ in range(20):
                    self.timed_step(app, parts[part])
                    if scene.view.settled:
                        break
        app.scenes.pop()
        return parts

    def big_pile_and_wheel(self, app: App, frames: int) -> dict[str, list[float]]:
        """Shift+press on the 12,000-card pile (and its release), and ten wheel notches one a
        frame over the 12,000 spread, in and out again."""
        parts: dict[str, list[float]] = {"shift_press_12000_pile": [], "wheel_ten_notches": []}
        scene = self.fitted(app)
        w, h = app.screen.get_size()
        cycles = max(3, frames // 40)
        for _ in range(cycles):
            _post(pygame.MOUSEMOTION, pos=(w // 2, h // 2), rel=(0, 0), buttons=(0, 0, 0))
            app.step(1 / 144)
            for k in range(20):
                notch = 1 if (k // 10) % 2 == 0 else -1
                _post(pygame.MOUSEWHEEL, x=0, y=notch, precise_x=0.0, precise_y=float(notch), flipped=False,
                      which=0)
                self.timed_step(app, parts["wheel_ten_notches"])
        self.landed(app, scene)
        scene.table.gather()
        self.landed(app, scene)
        (pid,) = scene.table.piles
        pile = scene.table.piles[pid]
        x, y = (int(v) for v in scene.camera.to_screen(pile.x + CARD_W / 2, pile.y + CARD_H / 2))
        pygame.key.set_mods(pygame.KMOD_SHIFT)
        try:
            for _ in range(cycles):
                _post(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(0, 0, 0))
                app.step(1 / 144)
                _post(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1, mod=pygame.KMOD_SHIFT)
                self.until_accepting(app, scene, "shift_press_12000_pile", parts["shift_press_12000_pile"])
                _post(pygame.MOUSEBUTTONUP, pos=(x, y), button=1, mod=pygame.KMOD_SHIFT)
                self.until_accepting(app, scene, "shift_press_12000_pile", parts["shift_press_12000_pile"])
                scene.last_click = (0.0, None)
        finally:
            pygame.key.set_mods(0)
        app.scenes.pop()
        return parts
