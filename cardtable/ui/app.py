"""The application: the window, the main loop, shared services and the scene stack.

:class:`App` owns what every scene shares (settings, fonts, card art, the variant
list) and runs the loop: events go down the scene stack, then every visible scene
updates and draws. ``step()`` runs exactly one frame so tests can drive the app
by posting events and stepping.
"""

from __future__ import annotations

import dataclasses
import logging
import time
import weakref
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from cardtable import logs, paths, storage, variants
from cardtable import settings as settings_mod
from cardtable.ui.fonts import FontBook
from cardtable.ui.frame_floor import FRAME_FLOOR
from cardtable.ui.scene import Scene, SceneStack
from cardtable.ui.sound import Sounds
from cardtable.ui.text import take_cuts
from cardtable.ui.theme import THEME, apply_theme
from cardtable.ui.work_queue import WorkQueue

if TYPE_CHECKING:
    from cardtable.ui.faces import FaceArt

MIN_SIZE = (800, 560)
RELEASE_SLICE_S = 0.0005
"""The most seconds of a frame given to letting go of big things (:meth:`App.release_later`)."""
RELEASE_FLOOR_SHARE = 0.4
"""...and the most in empty frames (:data:`~cardtable.ui.frame_floor.FRAME_FLOOR`, measured):
the frames that let go of what a big step of 12,000 piles replaced come after it, while the
player sees the table at rest, and 0.5 ms of each made them twice an empty frame's cost
(1.1 ms at the median against 0.56 for the idle frames beside them, 0.5 ms of an empty one)."""
RELEASE_AFTER_FLOORS = 2.0
"""A frame whose own work (not its present) cost more than this many empty frames lets nothing
go (the letting go is for the slack of frames at rest: a frame that made the window's new
surfaces, 1.1-1.5 ms at 1920x1080, was 0.15-0.35 ms more with a slice of it)..."""
RELEASE_WAIT = 30
"""...for this many frames in a row at most (half a second at 60 frames a second), so that a
stream of dear frames (a drag of thousands of cards) does not keep a left table alive."""

_WINDOW_EVENTS = frozenset((pygame.VIDEORESIZE, pygame.VIDEOEXPOSE, pygame.WINDOWSIZECHANGED, pygame.WINDOWEXPOSED,
                            pygame.WINDOWSHOWN, pygame.WINDOWRESTORED))
"""Events after which a frame is presented even if the scene holds its picture."""
_RESIZES = frozenset((pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED))
"""Events of a new window size: a frame's are handled as one, its last (:meth:`App.step`)."""


def _size_of(event: pygame.event.Event) -> tuple[int, int]:
    """The new window size a resize event tells."""
    return (event.w, event.h) if event.type == pygame.VIDEORESIZE else (event.x, event.y)


SCALED_ROOM = (960, 560)
"""The window, in unscaled pixels, a table needs at any UI scale: the setting is honoured
in full where the window holds this many pixels times the scale (see :attr:`App.ui_scale`)."""

TITLE = "cardtable"
TOAST_SIZE = 18
"""The toast's type size (at scale 1)."""
TOAST_PAD = (14, 7)
"""Room (at scale 1) around the toast's text, across and down."""
TOAST_MARGIN = 12
"""Room (at scale 1) kept between the toast and the sides of the area it keeps to."""

_log = logging.getLogger(__name__)


def _nothing() -> None:
    """A weak reference to nothing (no control had the focus)."""
    return None


class App:
    """The running program. Build it, push a first scene, then ``run()``.

    Args:
        settings_path: where settings live (default: the platform's config folder).
        size: a window size that overrides the remembered one.
    """

    def __init__(self, *, settings_path: Path | None = None, size: tuple[int, int] | None = None) -> None:
        self.settings_path = settings_path
        storage.clean_app_leftovers()  # temporary files that killed writes left (older than a minute)
        self._settings_due: float | None = None  # when a settled window size is written
        self.settings, self.warnings = settings_mod.load_settings(settings_path)
        for warning in self.warnings:
            _log.warning("settings: %s", warning)
        pygame.init()
        pygame.key.set_repeat(300, 40)
        pygame.display.set_caption(TITLE)
        if (icon := paths.asset_path("icon", "cardtable.png")).is_file():
            pygame.display.set_icon(pygame.image.load(icon))
        self.size = size or tuple(max(a, b) for a, b in zip(self.settings.window_size, MIN_SIZE))
        self.screen = self._open_window(self.settings.fullscreen)
        self._scale_key: tuple[tuple[int, int], float] | None = None  # see ui_scale
        self._scale = 1.0
        self.fonts = FontBook()
        self._faces: FaceArt | None = None
        self.sounds = Sounds(self.settings.sound)
        if self.sounds.error:
            _log.info("no sound: %s", self.sounds.error)
        self.scenes = SceneStack()
        self.clock = pygame.time.Clock()
        self.running = True
        self._releasing = WorkQueue()  # see release_later
        self._release_waited = 0  # frames in a row too dear to let anything go in (RELEASE_WAIT)
        self.window_changed = False
        """True in a frame whose events said the window was exposed or resized: what it showed
        may be gone, so that frame is drawn and presented whole."""
        self.frame_ms: list[float] = []
        self.toast_text = ""
        self.toast_until = 0.0
        self._toast_lines: tuple[tuple[str, int, int], list[str]] | None = None  # see toast_lines
        self._toast_of: weakref.ref[Scene] | None = None  # see toast
        self.variant_entries = variants.discover()
        from cardtable.speech import Speech
        self.speech = Speech(self.settings.speech)
        self._heard: tuple[Callable[[], Any], Callable[[], Any], str] | None = None  # see _speak_the_screen
        apply_theme(self.settings.theme)
        self._apply_keys()

    # -- services for scenes ---------------------------------------------------------
    @property
    def faces(self) -> FaceArt:
        """The card art every table draws with, made (and its module imported) when first
        asked for: the menu draws no card."""
        if self._faces is None:
            from cardtable.ui.faces import FaceArt
            self._faces = FaceArt(self.fonts)
        return self._faces

    @property
    def ui_scale(self) -> float:
        """The UI scale in use: the setting, shrunk where the window has too little room
        for a table laid out at it (:data:`SCALED_ROOM`), but never below 1.0 (nor above the
        setting): at 1,024 x 640 a table at 1.5 would be a 683 x 427 table, with names and
        lines cut to fit; there the larger type gives way first."""
        key = (self.screen.get_size(), self.settings.ui_scale)
        if self._scale_key != key:  # px() asks many times a frame
            (w, h), chosen = key
            fits = min(w / SCALED_ROOM[0], h / SCALED_ROOM[1])
            self._scale_key, self._scale = key, min(chosen, max(fits, 1.0))
        return self._scale

    def px(self, value: float) -> int:
        """Scale a layout size by the UI scale in use (:attr:`ui_scale`)."""
        return int(round(value * self.ui_scale))

    def update_settings(self, **changes: object) -> None:
        """Change settings and write them to disk at once (atomically)."""
        self.settings = dataclasses.replace(self.settings, **changes)  # type: ignore[arg-type]
        self.sounds.enabled = self.settings.sound
        self.speech.mode = self.settings.speech
        if apply_theme(self.settings.theme):
            self.scenes.resized(self.screen.get_size())  # (layers painted in the old colours are painted anew)
        self._settings_due = None
        if "key_map" in changes:
            self._apply_keys()
        try:
            settings_mod.save_settings(self.settings, self.settings_path)
        except OSError as exc:
            _log.warning("could not save the settings", exc_info=exc)
            self.toast(f"Could not save settings: {exc}")

    def _apply_keys(self) -> None:
        """Put the keys chosen in Settings in force (:mod:`cardtable.ui.key_map`); one the
        tables cannot take is refused with its reason, among the settings' warnings."""
        from cardtable.ui import key_map
        for refused in key_map.apply(self.settings.key_map):
            _log.warning("settings: %s", refused)
            self.warnings.append(refused)

    def toast(self, text: str, seconds: float = 2.5, *, of: Scene | None = None) -> None:
        """Show a short message at the bottom of the screen; one ``of`` a scene (what it
        just did) goes when that scene leaves, not onto the screen shown after it."""
        self.toast_text, self.toast_until = text, time.monotonic() + seconds
        self._toast_of = weakref.ref(of) if of is not None else None

    def reload_variants(self) -> None:
        """Read the variant folders again (after the user added a file)."""
        self.variant_entries = variants.discover()

    # -- window ---------------------------------------------------------------------
    def _open_window(self, fullscreen: bool) -> pygame.Surface:
        if fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(self.size, pygame.RESIZABLE)

    def toggle_fullscreen(self) -> None:
        """Switch between a window and full screen (F11); remembered in the settings."""
        fullscreen = not self.settings.fullscreen
        self.screen = self._open_window(fullscreen)
        self.update_settings(fullscreen=fullscreen)
        self.scenes.resized(self.screen.get_size())

    def _resized(self, size: tuple[int, int]) -> None:
        size = (max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1]))
        if self.settings.fullscreen:
            return
        self.size = size
        if self.screen.get_size() != size:
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.scenes.resized(size)
        # Dragging a window edge sends a stream of these: remember the size at once,
        # write it (an fsync) once the window has been still for a second.
        if size != self.settings.window_size:
            self.settings = dataclasses.replace(self.settings, window_size=size)
            self._settings_due = time.monotonic() + 1.0

    def _save_settings_if_due(self, now: float | None = None) -> None:
        due = self._settings_due
        if due is not None and (now is None or now >= due):
            self.update_settings()

    # -- loop -----------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        """Global keys first (quit, full screen, frame time), then the scene stack."""
        if event.type == pygame.QUIT:
            self.quit()
        elif event.type in _RESIZES:
            self._resized(_size_of(event))
        elif event.type == pygame.USEREVENT and hasattr(event, "call"):
            event.call()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F3:
            self.update_settings(show_frame_time=not self.settings.show_frame_time)
        else:
            self.scenes.handle(event)

    def step(self, dt: float | None = None) -> None:
        """Run one frame: events, update, draw, present."""
        start = time.perf_counter()
        self.window_changed = False
        size: tuple[int, int] | None = None
        for event in pygame.event.get():
            self.window_changed = self.window_changed or event.type in _WINDOW_EVENTS
            if event.type in _RESIZES:
                size = _size_of(event)  # (dragging a window edge sends a stream: the last size counts)
                continue
            self.handle(event)
            if not self.running:
                return
        # (set_mode tells the size it made in the next frame's events: laid out again for
        # nothing, the tool bar repainted, 0.3-0.5 ms in the frame after each resize.)
        if size is not None and (size != self.size or self.screen.get_size() != size):
            self._resized(size)
        self._save_settings_if_due(time.monotonic())
        if not self.scenes.scenes:
            self.running = False
            return
        self.scenes.update(dt if dt is not None else 1 / 60)
        self._speak_the_screen()
        top = self.scenes.top
        # A held picture is on screen already: presenting it again (a full-window copy to
        # the display, 2-4 ms under X11) would only slow the work it is held for, and what
        # the app draws over it would be drawn again over itself.
        held = top is not None and top.picture_held and not self.window_changed
        # No fill first: the lowest visible scene is opaque and paints every pixel.
        take_cuts()  # the texts cut short are this frame's (the layout check reads them after it)
        self.scenes.draw(self.screen)
        if not held:
            self._draw_toast()
            if self.settings.show_frame_time:
                self._draw_frame_time()
        # (The frame's own work, without the present: a flip is 2-4 ms under X11, more than two
        # empty frames of FRAME_FLOOR's, which times none; counted, no shown frame let anything go.)
        worked = time.perf_counter() - start
        if not held:
            pygame.display.flip()
        if self._releasing and not (top is not None and top.busy):
            # (not while the top scene's work runs: that work is sized to what its frames cost
            # besides, and the player waits for it; in a group move's frames and the next big
            # step's, 0.5 ms of letting go put their 95th percentile at 2.8-3.0 times an empty
            # frame's, against 2.1-2.5)
            self._release_slices(worked)
        if len(self.frame_ms) == 1 and self.settings.sound:
            # Once the first frame is on screen (at the second): synthesising would only delay it.
            self.sounds.prepare()
        self.frame_ms.append((time.perf_counter() - start) * 1000)
        del self.frame_ms[:-120]

    def _speak_the_screen(self) -> None:
        """Speech says a screen's title when it comes on top, then the control that has the
        keyboard focus, again when the focus moves (Tab) or its value changes (a switch
        flipped, a stepper stepped): where the person is, without seeing it."""
        top = self.scenes.top
        if top is None or not self.frame_ms:
            return  # (not before the first frame is on screen: looking for a screen reader takes a while)
        if not self.speech.on:
            return
        widgets = getattr(top, "widgets", None)
        focused = getattr(widgets, "focused", None) if widgets is not None else None
        spoken = getattr(focused, "spoken", None)
        words = spoken() if callable(spoken) else ""
        was_top, was_focused, was_words = (None, None, "") if self._heard is None else (
            self._heard[0](), self._heard[1](), self._heard[2])
        if top is not was_top:
            title = top.spoken_title()
            if title:
                self.speech.say(title, interrupt=True)
        typed = type(focused).__name__ == "TextInput" and focused is was_focused  # (typing: the reader echoes)
        if words and (top is not was_top or focused is not was_focused or (words != was_words and not typed)):
            self.speech.say(words, interrupt=top is was_top)
        self._heard = (weakref.ref(top), weakref.ref(focused) if focused is not None else _nothing, words)

    def run(self, fps: int = 60) -> None:
        """Run until the window closes, the last scene pops or SIGTERM/SIGINT arrives.

        An unexpected exception in a scene does not end the run: see :meth:`crashed`.
        Closing always goes through :meth:`shutdown`, so an open table is autosaved.
        """
        import signal

        previous = self._catch_signals()
        try:
            while self.running:
                dt = self.clock.tick(self.frame_cap(fps)) / 1000
                self.frame(min(dt, 0.1))
        finally:
            for signum, handler in previous.items():
                signal.signal(signum, handler)
            self.shutdown()

    def frame_cap(self, fps: int) -> int:
        """The frame rate :meth:`run` waits for before the next frame: ``fps``, or none
        (0: no wait) while the top scene is busy, so its queued work, a small slice a
        frame, goes on without sleeping between the slices."""
        top = self.scenes.top
        return 0 if top is not None and top.busy else fps

    def frame(self, dt: float | None = None) -> None:
        """:meth:`step`, with an unexpected exception turned into the crash screen."""
        try:
            self.step(dt)
        except Exception as exc:  # noqa: BLE001 - the crash handler: report, autosave, go on
            self.crashed(exc)

    def crashed(self, exc: Exception) -> None:
        """A scene raised: autosave every open table, write a crash report, show the crash screen.

        The stack is cleared (the tables are saved as interrupted, not left) and a fresh
        menu opens under the crash screen. A crash of the crash screen itself is raised.
        """
        from cardtable.ui.crash_scene import CrashScene
        from cardtable.ui.game_table import GameTableScene
        from cardtable.ui.menu import MenuScene

        top = self.scenes.top
        _log.error("unexpected error in %s", type(top).__name__, exc_info=exc)
        if isinstance(top, CrashScene):
            raise exc
        tables = [s for s in self.scenes.scenes if isinstance(s, GameTableScene)]
        saved_match = None
        for table in tables:
            try:
                keeper = table.match_keeper()
                keeper.closing(left=False)  # an interrupted game: offered again at start
                saved_match = keeper.match
            except Exception:  # noqa: BLE001 - the report and the screen still follow
                _log.exception("could not autosave the table after the error")
        report = logs.write_crash_report(exc, note=f"Raised in the scene {type(top).__name__}.")
        while self.scenes.scenes:
            scene = self.scenes.scenes.pop()
            if scene in tables:
                try:  # already saved; its exit() would mark the game as left on purpose
                    scene.release()
                except Exception:  # noqa: BLE001 - a broken scene must not stop the recovery
                    _log.exception("%s failed to let go of its resources", type(scene).__name__)
                continue
            try:
                scene.exit()
            except Exception:  # noqa: BLE001 - a broken scene must not stop the recovery
                _log.exception("%s failed to close after the error", type(scene).__name__)
        self.push(MenuScene(self))
        self.push(CrashScene(self, report=report, match=saved_match))

    def _catch_signals(self) -> dict[int, Any]:
        """SIGTERM and SIGINT stop the loop (the table is autosaved at shutdown)."""
        import signal

        def stop(signum: int, _frame: object) -> None:
            _log.info("signal %s: closing", signal.Signals(signum).name)
            self.running = False

        previous: dict[int, Any] = {}
        for signum in (signal.SIGTERM, signal.SIGINT):
            try:
                previous[signum] = signal.signal(signum, stop)
            except ValueError:  # not the main thread: keep the default
                pass
        return previous

    def quit(self) -> None:
        """Stop the loop after this frame, remembering the window."""
        self.running = False

    def shutdown(self) -> None:
        """Pop every scene (so each can save) and close the window."""
        while self.scenes.scenes:
            self.scenes.pop()
        self._save_settings_if_due()
        from cardtable.ui.table_parts import REMAPPED
        REMAPPED.clear()  # (the keys in force are this app's: the next one reads its own settings)
        pygame.quit()

    def push(self, scene: Scene) -> Scene:
        """Shortcut for ``self.scenes.push``."""
        return self.scenes.push(scene)

    def release_later(self, steps: Iterator[object]) -> None:
        """Let go of something big a slice per frame, after the frame is shown and while the
        top scene has no work queued (:attr:`~cardtable.ui.scene.Scene.busy`): each ``next`` of
        ``steps`` frees a part (for :data:`RELEASE_SLICE_S` of each frame at most, and
        :data:`RELEASE_FLOOR_SHARE` empty frames), so that leaving a big
        table, or what a big step replaced, is not freed all in one frame."""
        self._releasing.add(steps)

    def release_now(self) -> None:
        """Let go at once of everything handed to :meth:`release_later` (the render benchmark
        between its scenarios: one scenario's leftovers are not the next one's frames)."""
        self._releasing.finish()

    @property
    def releasing(self) -> bool:
        """True while something handed to :meth:`release_later` is still being let go."""
        return self._releasing.busy

    def _release_slices(self, spent: float = 0.0) -> None:
        """This frame's share of :meth:`release_later`, the frame's own work (its events, update
        and drawing, not its present) having cost ``spent`` seconds (none past
        :data:`RELEASE_AFTER_FLOORS`, :data:`RELEASE_WAIT` frames at most)."""
        floor = FRAME_FLOOR.estimate(self.screen.get_size())
        if spent > RELEASE_AFTER_FLOORS * floor and self._release_waited < RELEASE_WAIT:
            self._release_waited += 1
            return
        self._release_waited = 0
        self._releasing.run(time.perf_counter() + min(RELEASE_SLICE_S, RELEASE_FLOOR_SHARE * floor))

    def later(self, fn: Callable[[], None]) -> None:
        """Run ``fn`` at the start of the next frame (safe place to change the stack)."""
        pygame.event.post(pygame.event.Event(pygame.USEREVENT, {"call": fn}))

    # -- overlays drawn by the app -------------------------------------------------------
    def toast_area(self) -> pygame.Rect:
        """The part of the window a toast keeps to: the top scene's ``toast_area()`` (a game
        table's felt and the bar under it: never over its log panel), else the window."""
        area = getattr(self.scenes.top, "toast_area", None)
        found = area() if area is not None else None
        return found if found is not None else self.screen.get_rect()

    def toast_room(self) -> int:
        """How wide a line of a toast may be (pixels): wider text wraps to more lines."""
        return max(1, self.toast_area().width - 2 * self.px(TOAST_MARGIN) - 2 * self.px(TOAST_PAD[0]))

    def toast_lines(self, text: str | None = None) -> list[str]:
        """The lines a toast of ``text`` (the one showing when not given) takes: wrapped to
        :meth:`toast_room`."""
        text = self.toast_text if text is None else text
        size, room = self.px(TOAST_SIZE), self.toast_room()
        key = (text, size, room)
        if self._toast_lines is None or self._toast_lines[0] != key:
            from cardtable.ui.text import wrap
            lines = wrap(text, room, lambda line: self.fonts.size_of(line, size)[0]) or [""]
            self._toast_lines = (key, lines)
        return self._toast_lines[1]

    def toast_box(self) -> pygame.Rect:
        """Where the toast is drawn: centred along the bottom of :meth:`toast_area`, above the
        line a scene's ``toast_avoid()`` names where they would meet."""
        size, px = self.px(TOAST_SIZE), self.px
        lines = self.toast_lines()
        sizes = [self.fonts.size_of(line, size) for line in lines]
        area = self.toast_area()
        box = pygame.Rect(0, 0, max(w for w, _ in sizes) + 2 * px(TOAST_PAD[0]),
                          sum(h for _, h in sizes) + 2 * px(TOAST_PAD[1]))
        box.midbottom = (area.centerx, area.bottom - px(24) + px(TOAST_PAD[1]))
        avoid = getattr(self.scenes.top, "toast_avoid", None)  # a scene's line the toast must not cover
        if avoid is not None and (line := avoid()) is not None and box.colliderect(line):
            box.bottom = line.top - px(6)
        return box

    def _draw_toast(self) -> None:
        if not self.toast_text or time.monotonic() > self.toast_until:
            return
        if self._toast_of is not None and self._toast_of() not in self.scenes.scenes:
            self.toast_text = ""
            return
        box = self.toast_box()
        radius = min(box.height // 2, self.px(18))
        pygame.draw.rect(self.screen, THEME.panel, box, border_radius=radius)
        pygame.draw.rect(self.screen, THEME.panel_edge, box, 1, border_radius=radius)
        y = box.y + self.px(TOAST_PAD[1])
        for line in self.toast_lines():
            img = self.fonts.render(line, self.px(TOAST_SIZE), THEME.text)
            self.screen.blit(img, img.get_rect(midtop=(box.centerx, y)))
            y += img.get_height()

    def _draw_frame_time(self) -> None:
        recent = sorted(self.frame_ms[-60:]) or [0.0]
        median = recent[len(recent) // 2]
        worst = recent[-1]
        text = f"frame {median:.1f} ms (worst {worst:.1f})  {self.clock.get_fps():.0f} fps"
        img = self.fonts.render(text, self.px(14), THEME.highlight)
        corner = getattr(self.scenes.top, "readout_corner", None)  # a table's free corner: the log stays clear
        if corner is not None:
            bg = img.get_rect(bottomright=corner()).inflate(12, 6)
        else:
            bg = img.get_rect(topright=(self.screen.get_width() - 8, 8)).inflate(12, 6)
        pygame.draw.rect(self.screen, (0, 0, 0), bg, border_radius=4)
        self.screen.blit(img, img.get_rect(center=bg.center))
