"""The free table's big steps, done over several frames without showing half of one.

A spread, gather, undo or redo of thousands of piles (the Infinite Deck's 12,000) is
too much work for one frame: the table step itself (a
:class:`~cardtable.engine.table.TableJob`), the listing of its piles in the grid index,
the building of its flight, the painting of the picture it first shows
(:meth:`~cardtable.ui.table_view.TableView.prepare`). :class:`BigSteps`, a mixin of
:class:`~cardtable.games.free_table.ui.table.FreeTableScene`, queues them in a
:class:`~cardtable.ui.work_queue.WorkQueue` and runs a slice of each frame's
time (:func:`~cardtable.games.free_table.ui.work.slice_budget`, a few times an empty frame's: the
app runs frames back to back meanwhile, see :attr:`busy`), showing the last picture until all of
it is done; what the player does meanwhile waits and is handled after, in
order, and what the step says (its toast, the buttons) comes with its picture. What the step
replaced (the table's pile dict, index and grid before it, the step before, a dropped redo
history) is let go of after it, a slice in each frame with no work queued
(:attr:`Table.litter <cardtable.engine.table.Table.litter>`,
:meth:`~cardtable.ui.app.App.release_later`), not all at once in one frame, and not while the
player waits for the step.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator
from typing import TYPE_CHECKING, Any, TypeVar

import pygame

from cardtable.engine.table import TableJob
from cardtable.engine.table_release import let_go
from cardtable.games.free_table.ui.work import HeldCost, job_steps, slice_budget, thread_clock_is_fine
from cardtable.ui.frame_floor import FRAME_FLOOR
from cardtable.ui.table_anim import TableAnimation
from cardtable.ui.theme import THEME
from cardtable.ui.work_queue import WorkQueue

HOLD_PILES = 1000
"""A step replacing this many piles or more is done over several frames (see the module)."""
HELD_BOTTOM_BAND = 100
"""Height (at scale 1) of the bottom band a held frame paints back: the app's toast lies in it."""
SETTLE_SLICE = 400
"""Piles listed in the grid index's cells per slice (a few tenths of a millisecond)."""

T = TypeVar("T")


class BigSteps:
    """Big steps over several frames (see the module's docstring)."""

    animation: TableAnimation | None
    _seen_step: object

    if TYPE_CHECKING:
        def __getattr__(self, name: str) -> Any:
            """The scene's own attributes (the app, the table, the camera, the view...)."""

    def init_big_steps(self) -> None:
        """Set up (the scene's ``__init__`` calls this)."""
        # (the view's method, not the scene's: a queue holding the scene made a cycle, frozen)
        self.work = WorkQueue(after=self.view.refreeze)
        """Big steps under way, a slice a frame; what each slice made is frozen (see :meth:`begin`)."""
        self.frame_floor = FRAME_FLOOR
        """What an empty frame costs here: each frame's share of the work follows it."""
        self.held_cost = HeldCost()
        """What a frame carrying work costs besides it: its share is the rest (see :func:`slice_budget`)."""
        self._held: list[tuple[pygame.Surface, tuple[int, int]]] | None = None  # see _hold
        self._litter: list[object] = []  # what big steps replaced, let go of a slice at a time
        self._held_size = (0, 0)
        self._queued: list[pygame.event.Event] = []  # input that came while the picture was held
        # When this frame's first event was handled: the wall clock, and HeldCost's clock.
        self._frame_mark: tuple[float, float] | None = None
        self._when_shown: list[Callable[[], None]] = []  # big steps' words, said with their picture
        self.dropped: tuple[int, Any, tuple[int, int], tuple[float, float] | None] | None = None
        """A group just dropped: the table's revision once moved, its picture, how far it moved on screen (see
        :meth:`~cardtable.games.free_table.ui.group_drag.GroupPicture.paste`) and on the table (None unless the
        group was the selection as it still is)."""
        self.staging = False
        """True in the last held frame of a big step, whose draw paints the step's picture
        unpresented (:meth:`stage`)."""
        self._staged = False  # the staging frames painted the step's felt on the screen (see stage)
        self._stage_over: tuple[dict[int, int], bool] | None = None  # the first painted the cards: see stage

    @property
    def busy(self) -> bool:
        """True while a big step's work is queued or its picture is still held (see
        :attr:`cardtable.ui.scene.Scene.busy`): the app runs the next frame at once."""
        return self.work.busy or self._held is not None

    @property
    def holding(self) -> bool:
        """True while the last picture shows for a big step under way."""
        return self._held is not None

    @property
    def picture_held(self) -> bool:
        """:attr:`holding` (see :attr:`cardtable.ui.scene.Scene.picture_held`): the held
        frames draw back what the window shows."""
        return self._held is not None

    def defer_input(self, event: pygame.event.Event) -> bool:
        """Keep ``event`` for later if a big step is under way (True), or input kept
        earlier still waits (to keep the order)."""
        if self._frame_mark is None:
            self._frame_mark = (time.perf_counter(), self._cpu_now())
        if self.work.busy or self._queued or self._held is not None:
            self._queued.append(event)
            return True
        return False

    def _replay(self) -> None:
        """Handle the input that waited for a big step, until another big step starts."""
        while self._queued and not self.work.busy:
            self._handle_now(self._queued.pop(0))

    @staticmethod
    def _cpu_now() -> float:
        """The clock :class:`HeldCost` is timed by: this thread's CPU time where it ticks finely."""
        return time.thread_time() if thread_clock_is_fine() else time.perf_counter()

    def run_big_steps(self, dt: float) -> bool:
        """A frame's share of the big steps' work (the scene's ``update`` calls this): True
        when the frame shows the last picture again, as long as any is left."""
        began, self._frame_mark = self._frame_mark, None
        if self.work.busy or self._watch_step():
            if self._held is None:
                self._hold(self.app.screen)
            # (the events of this frame count: a key that began a step ran its first slice)
            floor = self.frame_floor.seconds(self.app.screen.get_size())
            budget = slice_budget(dt, floor, self.held_cost.extra(floor))
            start, cpu_start = began or (time.perf_counter(), self._cpu_now())
            self.held_cost.began(cpu_start, budget)
            deadline = start + budget
            fresh = True
            while self.work.run(deadline, fresh) and self._watch_step():
                fresh = False  # a step just done: its indexing and flight follow, if they fit
            self.held_cost.worked(self._cpu_now())
            return True
        self.held_cost.paused()
        if self._held is not None and not self.staging and not self._staged:
            self.staging = True  # one more held frame: it paints the step's picture (see stage)
            if self.animation is not None:
                self.animation.started = self.clock  # (as it will show: the flights where they begin)
            return True
        if self._held is not None and self._stage_over is not None:  # a second one paints the flights
            if self.animation is not None:
                self.animation.started = self.clock
            return True
        if self._held is not None:
            self._held, self.staging = None, False  # (also when the deck changed while a picture was held)
            if self.animation is not None:
                self.animation.started = self.clock  # it flies from the first frame that shows it
            shown, self._when_shown = self._when_shown, []
            for say in shown:
                say()
            if self._queued:
                self.app.later(self._replay)
        return False

    def _watch_step(self) -> bool:
        """Start the flight of the table's last step if it is new; True when that is work
        for later frames (a step of :data:`HOLD_PILES` piles or more)."""
        step = self.table.last_step
        if step is None or step is self._seen_step or self.table.pending is not None:
            return False
        previous, self._seen_step = self._seen_step, step
        label, before, after = step
        big = len(before) + len(after) >= HOLD_PILES
        if not big:
            self._litter.clear()  # (a few hundred piles' worth: freed at once)
        if label == "move" and not big:  # a dropped card is already where the cursor left it: only other moves fly
            self.animation = None
            return False
        if not big:
            self.animation = TableAnimation.from_step(before, after, self.camera, self.clock, self.table)
            return False
        self.work.add(self._after_big_step(step, previous))
        return True

    def _after_big_step(self, step, previous: Any) -> Generator[object, None, None]:
        """A big step's piles listed in the index, what it and the step before (``previous``)
        replaced handed to the app to let go of after it, its flight built and the picture it
        first shows painted, a slice at a time."""
        table, camera, litter = self.table, self.camera, self._litter
        # The step before (the piles it replaced, 12,000 after a big one: 0.6-0.85 ms freed at
        # once in the frame that saw this step) goes with what this one replaced.
        if previous is not None:
            litter += previous[1:]
        del previous
        while not table.index.settle(SETTLE_SLICE, litter):
            yield None
        # What the steps replaced is let go of after the step, a slice per frame, not in its
        # work: the player waits for a step's picture, not for its garbage (a move of 12,000
        # piles freed 2-3 ms of it, some three frames).
        self.app.release_later(let_go(litter[:]))
        litter.clear()
        yield None
        label, before, after = step
        dropped, self.dropped = self.dropped, None
        if (label == "move" and dropped is not None and dropped[0] == table.revision
                and (yield from dropped[1].paste_steps(self.view, table, camera, dropped[2]))):
            # (the felt without the group, the group pasted on; no collection of its own: after
            # a drag's composing, 10 ms in one frame)
            self.animation = None
            yield from self._outlines_after(dropped[3])
            return
        animation = None
        if label not in ("move", "flip"):  # (a group dropped or turned over, or that undone, shows as it lies)
            animation = yield from TableAnimation.build(before, after, camera, self.clock, table)
        if animation is not None:
            yield None
            yield from animation.prepare_steps(table, camera, self.view)
        self.animation = animation
        yield None
        # The picture the step's first frame shows (its waiting piles left out), painted now:
        # that frame only swaps it in (painting it there took 3-5 ms).
        yield from self.view.prepare(table, camera, animation.hidden_in(table) if animation else None)
        yield from self._outlines_after()
        # (what the step's slices made was frozen after each, see begin: the young generation
        # a collection of the step's own frame took 1-2 ms to walk is gone)

    def _outlines_after(self, moved: tuple[float, float] | None = None) -> Generator[object, None, None]:
        """The selection's outlines as the step left it, drawn now a slice at a time: the frame
        that first shows the step only blits them (12,000 piles' outline took 1-2 ms of it). After
        a drop of the selection by ``moved`` on the table, one outline around it is moved with it
        (a pass over 12,000 piles was 4 slices of 1-3 ms)."""
        yield None
        self._prune_selection()
        if moved is not None and self.view.outlines.moved(self.app.screen, self.view, self.table, self.camera,
                                                          self.selected, *moved):
            return
        if self.selected:
            yield None
            yield from self.view.outlines.prepare_steps(self.app.screen, self.view, self.table, self.camera,
                                                        self.selected)

    def begin(self, job: TableJob[T], done: Callable[[T], None]) -> None:
        """Let ``job`` (a table step, its first slice run) finish over the next frames, the
        last picture showing meanwhile, then call ``done`` with its result (now, if done)."""
        if job.done:
            done(job.result)
        else:
            self.table.litter = self._litter  # (let go of after the step: see _after_big_step)
            # What it says (a toast, the buttons) waits for its picture, as the step does. What
            # each slice makes (a move of 12,000: as many named tuples, which the collector never
            # stops tracking, and their rectangles) is frozen at once, as the step's survivors are
            # after it (TableView.refreeze): the collections it set off were 4-10 ms of a drop's
            # 30-37 ms of work (a move of 12,000 alone: 28-33 ms, 22-24 so), and a table step makes no
            # cyclic garbage (none found after a move, flip, undo or redo of 12,000).
            # The same goes for the slices of the work after the step (its flight, its picture):
            # their young objects set off collections of a millisecond in a slice of a tenth.
            self.work.add(job_steps(job), lambda result: self._when_shown.append(lambda: done(result)))

    def _hold(self, screen: pygame.Surface) -> None:
        """Keep the last picture while a big step is under way. The screen still holds it
        (nothing draws on it meanwhile): only the bands where the app draws its frame-time
        readout (top right) and toast (bottom) are kept, to be painted back under them in a
        frame where the window changed, which is presented (a whole 1,920 x 1,080 copy took
        5 ms of the key's frame)."""
        w, h = screen.get_size()
        top, bottom = min(h, self.toolbar_height()), min(h, self.app.px(HELD_BOTTOM_BAND))
        self._held = [(screen.subsurface(area).copy(), area[:2])
                      for area in ((0, 0, w, top), (0, h - bottom, w, bottom))]
        self._held_size = (w, h)
        self._staged = self.staging = False
        self._stage_over = None

    def stage(self, surface: pygame.Surface) -> None:
        """Paint the step's picture, the felt with its flights where they begin, in a held frame,
        which is not presented and which the app draws nothing over, so that the frame which
        first shows it adds only the tool bar, status line and toast (:meth:`take_staged`):
        painting it there as well made that frame the slowest of a big step. Two such frames:
        the first paints the felt, its cards and outlines, the second the flights over them and
        what lies over those (both in one took 1.5-2.8 ms, the slowest held frame of a step)."""
        if surface.get_size() != self._held_size or self.app.window_changed:
            self._stage_over = None
            self.draw_held(surface)  # (this frame is presented as it is: the next paints it all)
            return
        if self._stage_over is None:
            _hover, hidden, busy = self.draw_felt_under(surface)
            self._stage_over = (hidden, busy)
            return
        (hidden, busy), self._stage_over = self._stage_over, None
        self.draw_felt_over(surface, hidden, busy)
        self._staged = True

    def take_staged(self, surface: pygame.Surface) -> bool:
        """In the frame after :meth:`stage`: True if the felt it painted is still on ``surface``
        (nothing drew over it since, the window did not change), False if it must be drawn."""
        staged, self._staged = self._staged, False
        return staged and surface.get_size() == self._held_size and not self.app.window_changed

    def draw_held(self, surface: pygame.Surface) -> None:
        """The last picture again (see :meth:`_hold`): nothing to do while the window has not
        changed (the app draws nothing over a held picture); bare felt if it changed size."""
        if self._held is None or surface.get_size() != self._held_size:
            surface.fill(THEME.felt)
        elif self.app.window_changed:  # (presented this frame, the app's toast and readout over it)
            for band, at in self._held:
                surface.blit(band, at)
