"""A headless UI fuzzer: random mouse and key events into every scene, with checks.

:func:`run_fuzz` builds the real :class:`~cardtable.ui.app.App` on SDL's dummy
drivers, with its own throwaway ``CARDTABLE_HOME`` (holding two broken user
variants so the menu lists errors), and posts random events one at a time, running
a frame after each: clicks (buttons 1, 3 and the wheel buttons 4 and 5), drags,
wheel turns, keys (letters, digits, arrows, Enter, Escape, Tab, Space, F1, F3, F11,
Ctrl+Z/Y/S), typed text and window resizes to random sizes, half of the clicks
aimed at something clickable on the top scene.

A *director* makes sure the run goes everywhere: every few hundred events it opens
a variant (through the menu, or by pushing its scene), fills the setup screen with
computers in most seats and one or two people (so pass screens appear) and starts
it; or it opens an overlay (help, settings, the deck browser, the standings, or any
other scene of ``cardtable.ui`` built from the app alone, such as saves or
statistics screens). At a table it often lets the person to act play a random
legal action through the table's own ``act``.

Every table's state gets its ``apply`` wrapped (on that instance only), so after each
engine action the game's invariants are checked (``engine.checks.problems_after_action``: the game's
``cardtable.engine.<name>_checks.all_problems`` plus the engine contract), and every
``json_every`` actions its JSON round trip. Any exception is caught and recorded
with the seed, the event index, the scene stack, the last events and the state's
JSON, and the app goes back to the menu. The process's memory (RSS) is sampled
through the run; a late window much larger than an early one is flagged.
Escape on the menu would quit the app: the fuzzer notes it and keeps running.
SIGINT or SIGTERM ends the run early, with the report of the events so far.

Tables deal from the operating system's randomness, so a replay with the same seed
posts the same events but may see other cards; the state JSON in a failure lets a
test rebuild the exact table.
"""

from __future__ import annotations

import contextlib
import gc
import importlib
import inspect
import os
import pkgutil
import random
import resource
import signal
import statistics
import tempfile
import threading
import time
import traceback
from collections import Counter, deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = ["run_fuzz", "FuzzReport", "FuzzFailure", "rss_bytes"]

TABLE_EPISODE = (150, 450)   # events spent on a table before the director moves on
OTHER_EPISODE = (40, 120)    # events spent on the menu or an overlay
MEMORY_SAMPLES = 60          # about this many memory samples over a run
MEMORY_SLACK = 96 * 2**20    # a late window may exceed the early one by this much...
MEMORY_RATIO = 1.5           # ...and this factor before it counts as growing without bound
BROKEN_VARIANTS = {
    "fuzz_broken_syntax.yaml": "schema_version: 1\nvariant:\n  id: broken\n  name: [unclosed\n",
    "fuzz_bad_seats.yaml": ("schema_version: 1\nvariant:\n  id: fuzz_bad\n  name: Bad seats\n"
                            "  game: free_table\n  decks: [standard52]\n  seats: {min: 5, max: 2}\n"),
}


@dataclass
class FuzzFailure:
    """One thing that went wrong: an exception, a broken invariant or memory growth."""

    kind: str                     # "exception", "invariant" or "memory"
    index: int                    # the event index at which it showed
    seed: int
    message: str
    scenes: list[str] = field(default_factory=list)
    recent_events: list[str] = field(default_factory=list)
    state_json: dict[str, Any] | None = None

    def __str__(self) -> str:
        where = " > ".join(self.scenes) or "no scene"
        return f"{self.kind} at event {self.index} (seed {self.seed}, {where}): {self.message}"


@dataclass
class FuzzReport:
    """What a fuzz run did and found; ``ok`` when it found nothing."""

    events: int                   # asked for
    seed: int
    size: tuple[int, int]
    posted: int = 0               # events posted (fewer if the run stopped early)
    seconds: float = 0.0
    frames: int = 0
    scenes: Counter = field(default_factory=Counter)        # top scene class -> frames
    tables: Counter = field(default_factory=Counter)        # game id -> tables opened
    actions: Counter = field(default_factory=Counter)       # game id -> actions applied
    checks: int = 0
    round_trips: int = 0
    games_finished: int = 0
    quits_refused: int = 0
    interrupted: bool = False     # stopped early by SIGINT/SIGTERM
    failures: list[FuzzFailure] = field(default_factory=list)
    memory: list[tuple[int, int]] = field(default_factory=list)  # (event index, RSS bytes)

    @property
    def ok(self) -> bool:
        """True when no exception, no broken invariant and no memory growth was found."""
        return not self.failures

    @property
    def actions_applied(self) -> int:
        """Engine actions applied at every table together."""
        return sum(self.actions.values())

    @property
    def events_per_second(self) -> float:
        """Events posted per second of the run."""
        return self.posted / self.seconds if self.seconds else 0.0

    def memory_figures(self) -> tuple[int, int, int]:
        """RSS in bytes at the start, at the peak and at the end of the run."""
        values = [rss for _, rss in self.memory] or [0]
        return values[0], max(values), values[-1]

    def summary(self) -> str:
        """The figures as a few lines of text."""
        start, peak, end = (v / 2**20 for v in self.memory_figures())
        lines = [
            f"{self.posted} of {self.events} events, seed {self.seed}, window {self.size[0]}x{self.size[1]}: "
            f"{self.seconds:.1f} s, {self.events_per_second:.0f} events/s, {self.frames} frames",
            f"scenes visited: {len(self.scenes)} ({', '.join(f'{k} {v}' for k, v in self.scenes.most_common())})",
            f"tables opened: {dict(self.tables)}; actions applied: {self.actions_applied} "
            f"({dict(self.actions)}); games finished: {self.games_finished}",
            f"invariant checks: {self.checks}, JSON round trips: {self.round_trips}, "
            f"quits refused: {self.quits_refused}" + (" (interrupted)" if self.interrupted else ""),
            f"memory (RSS): start {start:.1f} MiB, peak {peak:.1f} MiB, end {end:.1f} MiB",
            f"failures: {len(self.failures)}" + "".join(f"\n  {f}" for f in self.failures[:20]),
        ]
        return "\n".join(lines)


def rss_bytes() -> int:
    """The process's resident memory now (Linux), else its peak so far."""
    try:
        with open("/proc/self/statm", encoding="ascii") as stream:
            return int(stream.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak if os.uname().sysname == "Darwin" else peak * 1024


def memory_growth(samples: list[tuple[int, int]]) -> str | None:
    """A message if the last quarter of the samples is far above the second quarter
    (the first quarter is warm-up: fonts, card art and caches filling), else None."""
    values = [rss for _, rss in samples]
    if len(values) < 8:
        return None
    quarter = len(values) // 4
    early = statistics.median(values[quarter: 2 * quarter])
    late = statistics.median(values[-quarter:])
    if late > early * MEMORY_RATIO + MEMORY_SLACK:
        return (f"memory grew from {early / 2**20:.1f} MiB to {late / 2**20:.1f} MiB "
                f"after the warm-up")
    return None


@contextlib.contextmanager
def _fuzz_home(home: Path | None) -> Iterator[Path]:
    """A CARDTABLE_HOME for the run (a temporary one unless given), with broken variants."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    before = os.environ.get("CARDTABLE_HOME")
    with tempfile.TemporaryDirectory(prefix="cardtable-fuzz-") as temp:
        root = Path(home) if home is not None else Path(temp)
        os.environ["CARDTABLE_HOME"] = str(root)
        try:
            from cardtable import paths
            user = paths.user_variants_dir()
            user.mkdir(parents=True, exist_ok=True)
            for name, text in BROKEN_VARIANTS.items():
                (user / name).write_text(text, encoding="utf-8")
            yield root
        finally:
            if before is None:
                os.environ.pop("CARDTABLE_HOME", None)
            else:
                os.environ["CARDTABLE_HOME"] = before


def run_fuzz(events: int, seed: int, size: tuple[int, int] = (1280, 800), *,
             home: Path | None = None, json_every: int = 10, max_failures: int = 25,
             progress: Callable[[FuzzReport, int], None] | None = None) -> FuzzReport:
    """Post ``events`` random events into the real app and return what was found.

    ``home``: the CARDTABLE_HOME to use (default: a temporary folder). ``json_every``:
    check a table's JSON round trip every this many of its actions. The run stops
    early after ``max_failures`` failures. ``progress(report, index)`` is called every
    1000 events.
    """
    with _fuzz_home(home):
        return _Fuzzer(events, seed, size, json_every, max_failures, progress).run()


class _Fuzzer:
    """One run: the app, the event maker, the director and the watchers."""

    def __init__(self, events: int, seed: int, size: tuple[int, int], json_every: int,
                 max_failures: int, progress: Callable[[FuzzReport, int], None] | None) -> None:
        import pygame

        from cardtable.ui.app import App
        from cardtable.ui.game_table import GameTableScene
        from cardtable.ui.menu import MenuScene
        self.pg, self.table_class = pygame, GameTableScene
        self.report = FuzzReport(events=events, seed=seed, size=size)
        self.rng = random.Random(f"fuzz:{seed}")
        self.json_every, self.max_failures, self.progress = json_every, max_failures, progress
        self.app = App(size=size)
        self.menu_class = MenuScene
        self.app.push(MenuScene(self.app))
        self.recent: deque[str] = deque(maxlen=30)
        self.episode_end = 0
        self.index = 0
        self.extra_scenes = _app_only_scenes()
        self.tables_started = self.episodes = 0

    # -- the run ---------------------------------------------------------------------
    def run(self) -> FuzzReport:
        report, every = self.report, max(100, self.report.events // MEMORY_SAMPLES)
        started = time.perf_counter()
        previous = self._catch_signals()
        try:
            for self.index in range(report.events):
                if self.progress is not None and self.index % 1000 == 0:
                    report.seconds = time.perf_counter() - started
                    self.progress(report, self.index)
                if self.index % every == 0:
                    gc.collect()
                    report.memory.append((self.index, rss_bytes()))
                if self.index >= self.episode_end:
                    self._guarded(self._direct)
                self._guarded(self._one_event)
                report.posted += 1
                self._watch_tables()
                if len(report.failures) >= self.max_failures:
                    break
                if self.stop:
                    report.interrupted = True
                    break
        finally:
            report.seconds = time.perf_counter() - started
            gc.collect()
            report.memory.append((self.index, rss_bytes()))
            if (grown := memory_growth(report.memory)) is not None:
                self._fail("memory", grown)
            with contextlib.suppress(Exception):
                self.app.shutdown()
            for signum, handler in previous.items():
                signal.signal(signum, handler)
        return report

    def _catch_signals(self) -> dict[int, Any]:
        """Make SIGINT and SIGTERM end the run early with its report (SDL would turn them
        into QUIT events, which the fuzzer refuses like any other quit)."""
        self.stop = False
        if threading.current_thread() is not threading.main_thread():
            return {}

        def stop(signum: int, frame: Any) -> None:
            self.stop = True

        previous: dict[int, Any] = {}
        for signum in (signal.SIGINT, signal.SIGTERM):
            previous[signum] = signal.getsignal(signum)
            signal.signal(signum, stop)
        return previous

    def _guarded(self, fn) -> None:
        """Run ``fn``; an exception is recorded and the app goes back to the menu."""
        try:
            fn()
        except Exception as exc:  # noqa: BLE001 - finding these is the point
            self._fail("exception", f"{type(exc).__name__}: {exc}\n{traceback.format_exc()}")
            self._reset()
        app = self.app
        if not app.running:  # Escape on the menu, the window's close box
            app.running = True
            self.report.quits_refused += 1
        if not app.scenes.scenes:
            app.push(self.menu_class(app))

    def _reset(self) -> None:
        """Clear the stack and the queue and open the menu again."""
        self.pg.event.clear()
        while self.app.scenes.scenes:
            try:
                self.app.scenes.pop()
            except Exception:  # noqa: BLE001 - a scene that fails to exit is already recorded
                pass
        self.app.push(self.menu_class(self.app))
        self.episode_end = self.index + 1

    def _fail(self, kind: str, message: str) -> None:
        table = self._table()
        state_json = None
        if table is not None and kind != "memory":
            with contextlib.suppress(Exception):
                state_json = table.state.to_json()
        self.report.failures.append(FuzzFailure(
            kind, self.index, self.report.seed, message,
            [type(s).__name__ for s in self.app.scenes.scenes], list(self.recent), state_json))

    def _step(self) -> None:
        dt = self.rng.choice((1 / 60, 1 / 60, 1 / 30, 0.1, 0.35, 0.8, 0.8))  # long ones let bots act
        self.app.step(dt)
        self.report.frames += 1
        top = self.app.scenes.top
        self.report.scenes[type(top).__name__ if top else "none"] += 1

    def _post(self, kind: int, **attrs: Any) -> None:
        event = self.pg.event.Event(kind, **attrs)
        self.recent.append(f"{self.index}: {self.pg.event.event_name(kind)} {attrs}")
        self.pg.event.post(event)

    # -- the events ----------------------------------------------------------------------
    def _one_event(self) -> None:
        """Post one random gesture (sometimes a purposeful one) and run a frame."""
        rng, table = self.rng, self._table()
        if table is not None and table is self.app.scenes.top and rng.random() < 0.25:
            self._human_move(table)
        roll = rng.random()
        if roll < 0.40:
            self._click(self._target(), rng.choice((1, 1, 1, 3, 4, 5)))
        elif roll < 0.50:
            self._drag()
        elif roll < 0.56:
            self._post(self.pg.MOUSEWHEEL, x=0, y=rng.choice((-3, -1, 1, 2)), precise_x=0.0,
                       precise_y=float(rng.choice((-1.5, 1.0))), flipped=False, which=0)
        elif roll < 0.62:
            self._post(self.pg.MOUSEMOTION, pos=self._target(), rel=(rng.randint(-30, 30), 0),
                       buttons=(0, 0, 0))
        elif roll < 0.90:
            self._key()
        elif roll < 0.95:
            text = rng.choice(("a", "Z", "7", " ", "é", "♠", "🂡", "-", "12", "ab c"))
            self._post(self.pg.TEXTINPUT, text=text)
        else:
            self._resize()
        self._step()

    def _target(self) -> tuple[int, int]:
        """A point on screen: half the time inside something clickable on the top scene."""
        w, h = self.app.screen.get_size()
        rects = _hot_rects(self.app.scenes.top) if self.rng.random() < 0.6 else []
        if rects:
            r = self.rng.choice(rects)
            return (self.rng.randint(r.left, max(r.left, r.right - 1)),
                    self.rng.randint(r.top, max(r.top, r.bottom - 1)))
        return (self.rng.randint(-5, w + 5), self.rng.randint(-5, h + 5))

    def _click(self, pos: tuple[int, int], button: int) -> None:
        self._post(self.pg.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        mod = self.pg.KMOD_SHIFT if self.rng.random() < 0.1 else 0
        self._post(self.pg.MOUSEBUTTONDOWN, pos=pos, button=button, mod=mod)
        self._post(self.pg.MOUSEBUTTONUP, pos=pos, button=button, mod=mod)

    def _drag(self) -> None:
        """A press, a few moves with the button held, a release (run over two frames)."""
        start, end = self._target(), self._target()
        button = self.rng.choice((1, 1, 3))
        held = (1, 0, 0) if button == 1 else (0, 0, 1)
        self._post(self.pg.MOUSEBUTTONDOWN, pos=start, button=button, mod=0)
        self._step()
        last = start
        for i in range(1, 4):
            p = (start[0] + (end[0] - start[0]) * i // 3, start[1] + (end[1] - start[1]) * i // 3)
            self._post(self.pg.MOUSEMOTION, pos=p, rel=(p[0] - last[0], p[1] - last[1]), buttons=held)
            last = p
        self._post(self.pg.MOUSEBUTTONUP, pos=end, button=button, mod=0)

    def _key(self) -> None:
        pg, rng = self.pg, self.rng
        keys = [pg.K_RETURN, pg.K_RETURN, pg.K_SPACE, pg.K_ESCAPE, pg.K_TAB, pg.K_UP, pg.K_DOWN,
                pg.K_LEFT, pg.K_RIGHT, pg.K_F1, pg.K_F3, pg.K_HOME, pg.K_BACKSPACE, pg.K_DELETE,
                pg.K_KP_ENTER, pg.K_PAGEUP, pg.K_PAGEDOWN, pg.K_SLASH]
        keys += [getattr(pg, f"K_{c}") for c in "abcdefghijklmnopqrstuvwxyz0123456789"]
        if rng.random() < 0.01:
            keys.append(pg.K_F11)  # full screen and back: rare, it resets the window
        mod = 0
        if rng.random() < 0.12:
            key, mod = rng.choice((pg.K_z, pg.K_y, pg.K_s, pg.K_a)), pg.KMOD_CTRL
        else:
            key = rng.choice(keys)
            mod = pg.KMOD_SHIFT if rng.random() < 0.1 else 0
        name = pg.key.name(key)
        unicode = name if len(name) == 1 else ""
        self._post(pg.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0)
        self._post(pg.KEYUP, key=key, mod=mod, unicode=unicode, scancode=0)

    def _resize(self) -> None:
        w, h = self.rng.randint(300, 2200), self.rng.randint(200, 1400)
        kind = self.rng.choice((self.pg.VIDEORESIZE, self.pg.WINDOWSIZECHANGED, self.pg.WINDOWRESIZED))
        if kind == self.pg.VIDEORESIZE:
            self._post(kind, w=w, h=h, size=(w, h))
        else:
            self._post(kind, x=w, y=h)

    def _human_move(self, table: Any) -> None:
        """The person whose turn it is plays a random legal action through the table."""
        from cardtable.engine.game import CHANCE
        state = table.state
        seat = state.to_act
        if seat is None or seat == CHANCE or table.is_bot(seat) or seat != table.viewer:
            return
        actions = state.legal_actions(seat)
        if actions:
            action = self.rng.choice(actions)
            self.recent.append(f"{self.index}: act {action}")
            table.act(action)

    # -- the director ----------------------------------------------------------------------
    def _direct(self) -> None:
        """Start the next episode: a table, an overlay or the menu."""
        rng = self.rng
        self.episodes += 1
        if self.episodes % 2:  # every other episode is a table, the variants in turn
            self._open_table()
            low, high = TABLE_EPISODE
            playable = sum(e.spec is not None for e in self.app.variant_entries)
            high = max(60, min(high, self.report.events // (2 * max(1, playable))))
            self.episode_end = self.index + rng.randint(min(low, high // 2), high)
        elif rng.random() < 0.7:
            self._open_overlay()
            self.episode_end = self.index + rng.randint(*OTHER_EPISODE)
        else:
            self._to_menu()
            self.episode_end = self.index + rng.randint(*OTHER_EPISODE)

    def _to_menu(self) -> Any:
        scenes = self.app.scenes
        while len(scenes.scenes) > 1:
            scenes.pop()
        if not isinstance(scenes.top, self.menu_class):
            scenes.pop()
            self.app.push(self.menu_class(self.app))
        self.app.step(1 / 60)
        return scenes.top

    def _open_table(self) -> None:
        """Open a playable variant (through the menu or by pushing it) and start it."""
        from cardtable.ui.menu import open_variant
        menu = self._to_menu()
        entries = menu.entries
        playable = sorted((i for i, e in enumerate(entries) if e.spec is not None),
                          key=lambda i: entries[i].spec.game == "free_table")  # games first
        index = playable[self.tables_started % len(playable)]  # round robin: every variant
        self.tables_started += 1
        spec = entries[index].spec
        if self.rng.random() < 0.6:
            menu.selected = index
            self._post(self.pg.KEYDOWN, key=self.pg.K_RETURN, mod=0, unicode="\r", scancode=0)
            self._step()
        else:
            open_variant(self.app, spec)
            self._step()
        setup: Any = self.app.scenes.top
        if hasattr(setup, "kinds") and hasattr(setup, "count") and hasattr(setup, "start"):
            low = max(2, spec.min_seats)
            setup.count = self.rng.randint(low, max(low, spec.max_seats))
            people = self.rng.choice((0, 1, 1, 2, 2))
            # computers at the levels the setup offers (never a remote seat: nobody would join)
            levels = getattr(setup, "levels", [None, "normal", "tough"])
            computers = [i for i, level in enumerate(levels) if level not in (None, "remote")]
            setup.kinds = [0 if i < people else self.rng.choice((computers[0], *computers))
                           for i in range(len(setup.kinds))]
            self.rng.shuffle(setup.kinds)
            if hasattr(setup, "chips"):
                setup.chips = self.rng.choice((10, 10, 20, 50, 100))  # few chips: matches end
            setup.layout()
            self._post(self.pg.KEYDOWN, key=self.pg.K_RETURN, mod=0, unicode="\r", scancode=0)
            self._step()
        top = self.app.scenes.top
        if self._table() is not None or type(top).__name__ == "FreeTableScene":
            self.report.tables[spec.game] += 1

    def _open_overlay(self) -> None:
        """Push help, settings, the deck browser, the standings or another app-only scene."""
        from cardtable.ui.deck_browser import DeckBrowser
        from cardtable.ui.help import HelpOverlay
        from cardtable.ui.standings import StandingsOverlay
        from cardtable.ui.table_view import FaceCache
        app, rng = self.app, self.rng
        table = self._table()
        specs = [e.spec for e in app.variant_entries if e.spec is not None]
        choices = ["help", "browser", "standings"] + [cls for cls in self.extra_scenes]
        choice = rng.choice(choices)
        if choice == "help":
            app.push(HelpOverlay(app, table.variant if table is not None else rng.choice(specs)))
        elif choice == "browser":
            from cardtable.variants import load_deck_by_id
            deck = getattr(table.state, "deck", None) if table is not None else None
            deck = deck or load_deck_by_id(rng.choice(("standard52", "ivali", "sabacc", "infinite")))
            app.push(DeckBrowser(app, deck, FaceCache(app.faces)))
        elif choice == "standings":
            rows = [(f"Player {i}", rng.randint(0, 500)) for i in range(rng.randint(1, 8))]
            app.push(StandingsOverlay(app, rows, over=rng.random() < 0.3, on_leave=lambda: None))
        else:
            app.push(choice(app))  # type: ignore[operator]  # the screens listed above
        self._step()

    # -- the watchers ----------------------------------------------------------------------
    def _table(self) -> Any | None:
        """The topmost game table in the stack playing a match of its own, if any (a
        replay's table gets random events only)."""
        for scene in reversed(self.app.scenes.scenes):
            if self._plays(scene):
                return scene
        return None

    def _plays(self, scene: Any) -> bool:
        """True for a game table holding its own match (a state to check and act on)."""
        from cardtable.match import TableMatch
        return isinstance(scene, self.table_class) and isinstance(getattr(scene, "match", None), TableMatch)

    def _watch_tables(self) -> None:
        """Hook every table that plays a match of its own (not a replay's or a remote
        window's views), so its state's invariants are checked after each action."""
        for scene in self.app.scenes.scenes:
            table: Any = scene
            if self._plays(table) and "perform" not in vars(table):
                self._hook(table, table.variant.game)

    def _hook(self, table: Any, game: str) -> None:
        """Wrap the table's ``perform`` (on the instance only: every action at a table,
        a person's, a computer's, chance's or a remote player's, goes through it) to
        check the state after every action.

        The table, not its state, is wrapped: a wrapper on the state would travel into
        every copy of it (the computer players' seat copies and rollouts) and play
        their moves on the real game. The table may have taken actions before the hook
        (the deal, as it opened): its state is checked now, its earlier log lines not.
        """
        perform = type(table).perform

        def checked_perform(action: Any) -> None:
            state = table.state
            before = len(state.log)
            perform(table, action)
            self._after_action(state, game, before)

        table.perform = checked_perform
        if table.state.history:
            self._after_action(table.state, game, len(table.state.log), count=False)

    def _after_action(self, state: Any, game: str, log_start: int, count: bool = True) -> None:
        from cardtable import games
        from cardtable.engine import checks
        report = self.report
        definition = games.get(game)
        try:
            problems = checks.problems_after_action(definition, state, log_start)
            report.checks += 1
            if self.json_every and len(state.history) % self.json_every == 0:
                problems += checks.game_round_trip_problems(definition, state)
                report.round_trips += 1
        except Exception as exc:  # noqa: BLE001 - a check that crashes is a finding too
            problems = [f"the checks raised {type(exc).__name__}: {exc}\n{traceback.format_exc()}"]
        for problem in dict.fromkeys(problems):
            self._fail("invariant", f"{game}: {problem}")
        if count:
            report.actions[game] += 1
            report.games_finished += state.to_act is None


def _hot_rects(scene: Any) -> list[Any]:
    """Rects worth clicking on a scene: its widgets, rows, cards and piles."""
    import pygame
    found: list[pygame.Rect] = []

    def collect(value: Any, depth: int) -> None:
        if len(found) > 200:
            return
        if isinstance(value, pygame.Rect):
            if value.width > 1 and value.height > 1:
                found.append(value)
        elif hasattr(value, "widgets") and depth < 3:
            for widget in getattr(value.widgets, "widgets", value.widgets) or ():
                if getattr(widget, "visible", True) and hasattr(widget, "rect"):
                    found.append(pygame.Rect(widget.rect))
            if depth:
                collect(getattr(value, "chips", None), depth + 1)
        elif isinstance(value, dict) and depth < 2:
            for item in list(value.values())[:60]:
                collect(item, depth + 1)
        elif isinstance(value, (list, tuple)) and depth < 2:
            for item in list(value)[:60]:
                collect(item, depth + 1)

    if scene is None:
        return found
    collect(scene, 0)
    for value in list(vars(scene).values()):
        if value is not scene:
            collect(value, 1)
    return found


def _app_only_scenes() -> list[type]:
    """Every scene class in ``cardtable.ui`` that is built from the app alone (settings,
    and saves or statistics screens when they exist), except the menu and the tables."""
    from cardtable import ui
    from cardtable.ui.scene import Scene
    found: list[type] = []
    for info in pkgutil.iter_modules(ui.__path__):
        if info.name in {"app", "menu", "scene", "fuzz"}:
            continue
        try:
            module = importlib.import_module(f"cardtable.ui.{info.name}")
        except Exception:  # noqa: BLE001 - another game's module still being written
            continue
        for cls in vars(module).values():
            if (inspect.isclass(cls) and issubclass(cls, Scene) and cls.__module__ == module.__name__
                    and not inspect.isabstract(cls) and _needs_only_app(cls)):
                found.append(cls)
    return found


def _needs_only_app(cls: type) -> bool:
    try:
        params = list(inspect.signature(cls).parameters.values())
    except (TypeError, ValueError):
        return False
    required = [p for p in params if p.default is p.empty
                and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]
    return [p.name for p in required] == ["app"]
