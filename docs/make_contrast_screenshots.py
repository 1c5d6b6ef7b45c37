"""Pictures to look at, not for the manual: ``python docs/make_contrast_screenshots.py FOLDER``.

Every game's table (each bundled variant: three seats on the person's first turn, the most
seats, the help, computers alone well into a hand) in the high-contrast theme at UI scale
2.0, at 1,366 x 768 and 1,920 x 1,080, and every game's lesson (the guided first hand) at
1,024 x 640 scale 1.0 and 1.5 and at 1,366 x 768 scale 2.0, saved as PNG files into FOLDER
(issue 35: the theme and the large text looked at, not only measured by ``cardtable --smoke``).
``--only GAME`` keeps one game.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("CARDTABLE_HOME", tempfile.mkdtemp(prefix="cardtable-contrast-"))

import pygame  # noqa: E402

TABLE_LOOKS = (((1366, 768), 2.0), ((1920, 1080), 2.0))
"""The high-contrast looks of every table."""

LATER_FRAMES = 1500
"""Frames (of 1/30 s) a table of computers plays before its picture: well into the hand."""

LESSON_LOOKS = (((1024, 640), 1.0, "standard"), ((1024, 640), 1.5, "standard"),
                ((1366, 768), 2.0, "high contrast"))
"""The looks of every lesson: the small laptop at two scales, the common laptop at the largest."""

LESSON_SHOTS = (2, 8, 14)
"""The frames of a lesson pictured (its first explanation and two later steps: a lesson is 15-70 frames)."""


def save(app, folder: Path, name: str) -> None:
    """The window as ``FOLDER/name.png``."""
    path = folder / f"{name}.png"
    pygame.image.save(app.screen, str(path))
    print(f"wrote {path}")


def tables(folder: Path, size: tuple[int, int], scale: float, only: str | None) -> None:
    """The menu, the settings and every variant's table at ``size`` and ``scale`` in high contrast."""
    from cardtable import games
    from cardtable.games.free_table.ui.table import FreeTableScene
    from cardtable.ui.app import App
    from cardtable.ui.help import HelpOverlay
    from cardtable.ui.menu import MenuScene, game_table_module
    from cardtable.ui.settings_scene import SettingsScene
    from cardtable.ui.setup_scene import SeatConfig

    app = App(size=size)
    app.update_settings(ui_scale=scale, theme="high contrast")
    look = f"{size[0]}x{size[1]}_s{scale}"
    app.push(MenuScene(app))
    app.step()
    if only is None:
        save(app, folder, f"hc_{look}_menu")
        app.push(SettingsScene(app))
        app.step()
        save(app, folder, f"hc_{look}_settings")
        app.scenes.pop()
    for spec in (e.spec for e in app.variant_entries if e.spec is not None):
        if only is not None and spec.game != only:
            continue
        name = f"hc_{look}_{spec.id}"
        if spec.game == "free_table":
            for deck_id in spec.decks:
                free_table(app, folder, FreeTableScene(app, spec, deck_id=deck_id, seed=1), f"{name}_{deck_id}")
            continue
        table = game_table_module(spec.game).TABLE
        low, high = games.get(spec.game).seats
        counts = sorted({max(low, spec.min_seats, min(3, high)), min(high, spec.max_seats)})
        for count in counts:
            seats = [SeatConfig("Ada")] + [SeatConfig(f"Computer {n}", bot="normal") for n in range(2, count + 1)]
            scene = table.start(app, spec, seats, table.smoke_stack, seed=count)
            for _ in range(240):
                app.step(1 / 30)
            save(app, folder, f"{name}_{count}seats")
            if count == min(counts):
                app.push(HelpOverlay(app, spec))
                app.step()
                save(app, folder, f"{name}_help")
            while app.scenes.top is not None and app.scenes.top is not scene:
                app.scenes.pop()
            app.scenes.pop()
        seats = [SeatConfig(f"Computer {n}", bot="normal") for n in range(1, counts[0] + 1)]
        scene = table.start(app, spec, seats, table.smoke_stack, seed=7)
        for _ in range(LATER_FRAMES):  # computers only: later in the hand (a flipped grid, a showdown)
            app.step(1 / 30)
        save(app, folder, f"{name}_later")
        while app.scenes.top is not None and app.scenes.top is not scene:
            app.scenes.pop()
        app.scenes.pop()
    app.update_settings(theme="standard")
    app.shutdown()


def free_table(app, folder: Path, scene, name: str) -> None:
    """The free table with its deck turned face up and spread as a grid, all of it in view
    (the Infinite Deck's 12,000 as swatches), then zoomed in twice (corner faces, full faces)."""
    import sys
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
    from uihelp import Driver

    from cardtable.engine.table import CARD_H, CARD_W

    d = Driver(app)
    app.push(scene)
    d.step()
    (pid,) = scene.table.piles
    pile = scene.table.piles[pid]
    d.move(tuple(int(v) for v in scene.camera.to_screen(pile.x + CARD_W / 2, pile.y + CARD_H / 2)))
    d.key(pygame.K_f)
    d.key(pygame.K_g)
    d.key(pygame.K_HOME)
    d.step(90)  # the cards fly to their places first
    save(app, folder, f"{name}_all")
    middle = (app.screen.get_width() // 2, app.screen.get_height() // 2)
    for n in (1, 2):
        for _ in range(4 if n == 1 else 5):
            d.wheel(3, middle)
        d.step(150)  # (faces not drawn yet show as stand-ins: a frame draws what its budget allows)
        save(app, folder, f"{name}_zoom{n}")
    app.toast_until = 0.0
    app.scenes.pop()


def lessons(folder: Path, size: tuple[int, int], scale: float, theme: str, only: str | None) -> None:
    """Every game's lesson at ``size`` and ``scale`` in ``theme``, pictured at :data:`LESSON_SHOTS`."""
    from cardtable import games
    from cardtable.ui.app import App
    from cardtable.ui.menu import MenuScene, game_table_module

    app = App(size=size)
    app.settings = dataclasses.replace(app.settings, ui_scale=scale, theme=theme)
    from cardtable.ui.theme import apply_theme
    apply_theme(theme)
    app.push(MenuScene(app))
    seen: set[str] = set()
    for spec in (e.spec for e in app.variant_entries if e.spec is not None):
        if spec.game in seen or games.get(spec.game).lesson is None or only not in (None, spec.game):
            continue
        seen.add(spec.game)
        frame = [0]
        name = f"lesson_{size[0]}x{size[1]}_s{scale}_{spec.game}"

        last: list[pygame.Surface] = []

        def shot(table, name=name, frame=frame, last=last) -> None:
            frame[0] += 1
            if frame[0] in LESSON_SHOTS:
                save(app, folder, f"{name}_{frame[0]}")
            last[:] = [app.screen.copy()]

        game_table_module(spec.game).TABLE.play_lesson(app, spec, after_frame=shot)
        pygame.image.save(last[0], str(folder / f"{name}_end.png"))  # the result, the lesson's last frame
    apply_theme("standard")
    app.shutdown()


def main() -> None:
    """Write the pictures into the folder named on the command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--only", help="one game's id")
    parser.add_argument("--no-lessons", action="store_true")
    parser.add_argument("--no-tables", action="store_true")
    args = parser.parse_args()
    args.folder.mkdir(parents=True, exist_ok=True)
    if not args.no_tables:
        for size, scale in TABLE_LOOKS:
            tables(args.folder, size, scale, args.only)
    if not args.no_lessons:
        for size, scale, theme in LESSON_LOOKS:
            lessons(args.folder, size, scale, theme, args.only)


if __name__ == "__main__":
    main()
