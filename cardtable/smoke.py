"""``cardtable --smoke``: load every bundled variant and deck, draw every screen, exit.

Used by CI on the packaged build: it proves the bundle finds its data files and
fonts and that every screen draws, without a real display (dummy SDL drivers).
Every screen is drawn at each of :data:`SIZES` and :data:`SCALES` and checked with
:mod:`cardtable.ui.layout_check` after every frame: a widget leaving the window, two
widgets overlapping or a label wider than its widget fails the smoke run, naming the
screen, the size and the widgets; then again in the high-contrast theme at scale 2.0
(:data:`THEMED_LOOKS`). Every game's lesson (its guided first hand, :mod:`cardtable.ui.lesson`)
is played to its end, a computer choosing the person's moves, the games taking the sizes and
scales 1.0 and 1.5 in turn (ten lessons over six looks: each plays one or two), and checked at every
frame in which no card is moving (a card in flight passes over others). Then a hand of every
game with rules is played by key events alone at 1366 x 768 (:mod:`cardtable.ui.smoke_keys`): the
person's turns announced, a focus ring drawn where Tab puts the focus; and the free table deals,
moves a card, spreads and gathers by keys alone, its focus ring checked round the focused pile.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import sys
import tempfile
import traceback
from collections.abc import Iterator
from typing import Any

from cardtable.paths import HOME_ENV_VAR

SIZES = ((1024, 640), (1366, 768), (1920, 1080))
"""The window sizes every screen is checked at: a small laptop, the common laptop, full HD."""

SCALES = (1.0, 1.5, 2.0)
"""The UI scales every screen is checked at: up to the largest the settings offer (2.0)."""

LESSON_SCALES = (1.0, 1.5)
"""The scales the lessons are played at (the lessons take the looks of these in turn)."""

THEMED_LOOKS = (("high contrast", (1366, 768), 2.0), ("high contrast", (1920, 1080), 2.0))
"""The looks every screen is checked at again in another theme than the standard: the
high-contrast theme at the largest text, at the common laptop and at full HD (issue 35)."""


def run_smoke() -> int:
    """Return 0 when everything loads and draws; print the reason and return 1 otherwise."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    with tempfile.TemporaryDirectory(prefix="cardtable-smoke-") as home, _own_home(home):
        try:
            return _smoke()
        except Exception:  # noqa: BLE001 - the smoke test reports anything at all
            traceback.print_exc()
            print("smoke: FAILED", file=sys.stderr)
            return 1


@contextlib.contextmanager
def _own_home(home: str) -> Iterator[None]:
    """Put every user folder under ``home`` for the run, whatever ``CARDTABLE_HOME`` the
    user's environment already names (the smoke run plays tables, which autosave and
    keep statistics: none of that may land among the user's own saves), and put the
    user's setting back afterwards."""
    before = os.environ.get(HOME_ENV_VAR)
    os.environ[HOME_ENV_VAR] = home
    try:
        yield
    finally:
        if before is None:
            os.environ.pop(HOME_ENV_VAR, None)
        else:
            os.environ[HOME_ENV_VAR] = before


def _smoke() -> int:
    from cardtable import games, variants

    problems = [f"game {b.id} ({b.source}) failed to load: {b.reason}"
                for b in games.registry().broken.values()]
    for game in games.games():
        print(f"smoke: game {game.id}: {game.name}, {game.seats[0]}-{game.seats[1]} seats")
    decks = variants.deck_files()
    for deck_id in sorted(decks):
        try:
            deck = variants.load_deck_by_id(deck_id)
            print(f"smoke: deck {deck_id}: {len(deck)} cards")
        except Exception as exc:  # noqa: BLE001
            problems.append(f"deck {deck_id}: {exc}")
    entries = variants.discover([(variants.variant_dirs()[0][0], False)])
    for entry in entries:
        if entry.spec is None:
            problems.append(entry.error or f"{entry.path}: not loaded")
        else:
            print(f"smoke: variant {entry.spec.id}: ok")
    if not entries:
        problems.append("no bundled variants found")
    if problems:
        for p in problems:
            print(f"smoke: {p}", file=sys.stderr)
        return 1

    layout: list[str] = []
    counts = {"frames": 0, "boxes": 0}
    looks = [(size, scale) for size in SIZES for scale in SCALES]
    lesson_looks = [(size, scale) for size, scale in looks if scale in LESSON_SCALES]
    for size, scale in looks:
        _draw_every_screen(size, scale, entries, layout, counts)
    for theme, size, scale in THEMED_LOOKS:
        _draw_every_screen(size, scale, entries, layout, counts, theme=theme)
    for n, (size, scale) in enumerate(lesson_looks):
        _play_every_lesson(size, scale, entries, layout, counts, turn=(n, len(lesson_looks)))
    from cardtable.ui.smoke_keys import StuckError, free_table_by_keys, play_every_hand_by_keys
    try:
        for line in play_every_hand_by_keys(entries):
            print(f"smoke: keys: {line}")
        print(f"smoke: keys: {free_table_by_keys(entries)}")
    except StuckError as exc:
        print(f"smoke: keys: FAILED: {exc}", file=sys.stderr)
        return 1
    if layout:
        for p in dict.fromkeys(layout):
            print(f"smoke: layout: {p}", file=sys.stderr)
        print(f"smoke: FAILED: {len(dict.fromkeys(layout))} layout problems", file=sys.stderr)
        return 1
    themed = "; ".join(f"{theme} at {w}x{h} scale {scale}" for theme, (w, h), scale in THEMED_LOOKS)
    print(f"smoke: layout checked at {', '.join(f'{w}x{h}' for w, h in SIZES)}, "
          f"scales {', '.join(map(str, SCALES))}; {themed}: {counts['frames']} frames, {counts['boxes']} boxes, "
          "nothing off the window, overlapping or cut short")
    print("smoke: ok")
    return 0


def _play_every_lesson(size: tuple[int, int], scale: float, entries, layout: list[str],
                       counts: dict[str, int], turn: tuple[int, int] = (0, 1)) -> None:
    """Play the lessons whose turn it is to their end at ``size`` and ``scale`` (once a game:
    its first bundled variant), adding the layout problems of each frame with no card
    moving. ``turn`` is ``(n, of)``: the n-th of ``of`` looks plays every of-th game's lesson,
    so every lesson is played once and every look plays some."""
    from cardtable import games
    from cardtable.ui.app import App
    from cardtable.ui.layout_check import check_scene
    from cardtable.ui.menu import MenuScene, game_table_module

    app = App(size=size)
    app.settings = dataclasses.replace(app.settings, ui_scale=scale)
    app.push(MenuScene(app))
    where = f"{size[0]}x{size[1]} scale {scale}"

    def check(table: Any) -> None:
        if id(app.scenes.top) == id(table) and not table.cards.busy:  # (id: no narrowing of table to a Scene)
            counts["frames"] += 1
            counts["boxes"] += len(table.layout_boxes())
            layout.extend(f"{where}: lesson: {p}" for p in check_scene(table, app.screen.get_size()))

    seen: list[str] = []
    played: list[str] = []
    for spec in (e.spec for e in entries if e.spec is not None):
        if spec.game in seen or games.get(spec.game).lesson is None:
            continue
        seen.append(spec.game)
        if (len(seen) - 1) % turn[1] != turn[0]:
            continue
        played.append(spec.game)
        game_table_module(spec.game).TABLE.play_lesson(app, spec, after_frame=check)
    print(f"smoke: {where}: lessons played to their end: {', '.join(played)}")
    app.shutdown()


def _draw_every_screen(size: tuple[int, int], scale: float, entries, layout: list[str],
                       counts: dict[str, int], theme: str = "standard") -> None:
    """Draw the menu, settings (and its Keys page), saves, statistics, about and join screens
    and every variant's table (with its pass screen and help) at ``size`` and ``scale`` in
    ``theme``, adding each frame's layout problems to ``layout`` and the frames and boxes
    checked to ``counts``."""
    from cardtable.ui.app import App
    from cardtable.ui.layout_check import check_scene
    from cardtable.ui.menu import MenuScene, game_table_module
    from cardtable.ui.settings_scene import SettingsScene
    from cardtable.ui.theme import apply_theme

    class CheckedApp(App):
        def step(self, dt: float | None = None) -> None:
            super().step(dt)
            top = self.scenes.top
            if top is not None:
                counts["frames"] += 1
                counts["boxes"] += len(top.layout_boxes())
                where = f"{size[0]}x{size[1]} scale {scale}" + ("" if theme == "standard" else f" {theme}")
                layout.extend(f"{where}: {p}" for p in check_scene(top, self.screen.get_size()))

    app = CheckedApp(size=size)
    app.settings = dataclasses.replace(app.settings, ui_scale=scale, theme=theme)
    apply_theme(theme)
    app.push(MenuScene(app))
    app.step()
    app.push(SettingsScene(app))
    app.step()
    app.scenes.pop()
    from cardtable.ui.keys_scene import KeysScene
    keys_page = KeysScene(app)
    app.push(keys_page)
    app.step()
    keys_page.ask()  # (the row waiting for its new key, and the line that says so)
    app.step()
    app.scenes.pop()
    from cardtable.ui.about_scene import AboutScene
    from cardtable.ui.join_scene import JoinScene
    from cardtable.ui.saves_scene import SavesScene
    from cardtable.ui.stats_scene import StatsScene
    for screen in (SavesScene, StatsScene, AboutScene, JoinScene):
        app.push(screen(app))
        app.step()
        app.scenes.pop()
    look = f"{size[0]}x{size[1]} at scale {scale}" + ("" if theme == "standard" else f" in {theme}")
    print(f"smoke: {look}: saved games, statistics, about and join screens: drawn")
    try:
        for spec in (e.spec for e in entries if e.spec is not None):
            print(f"smoke: {game_table_module(spec.game).smoke(app, spec)}")
    finally:
        apply_theme("standard")
    app.shutdown()
