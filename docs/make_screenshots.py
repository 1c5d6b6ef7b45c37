"""Take the README's screenshots from the running app: ``python docs/make_screenshots.py``.

Drives the real scenes with posted events (as the UI tests do) and saves the
window surface as PNG under ``docs/``. Works with the dummy video driver, or
under Xvfb with a real window.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("CARDTABLE_HOME", tempfile.mkdtemp(prefix="cardtable-shots-"))

import pygame  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from uihelp import Driver  # noqa: E402

from cardtable.engine.table import CARD_H, CARD_W  # noqa: E402
from cardtable.ui.app import App  # noqa: E402
from cardtable.ui.free_table import FreeTableScene  # noqa: E402
from cardtable.ui.help import HelpOverlay  # noqa: E402
from cardtable.ui.menu import MenuScene  # noqa: E402

OUT = Path(__file__).resolve().parent
SIZE = (1600, 900)


def save(app: App, name: str) -> None:
    path = OUT / f"{name}.png"
    pygame.image.save(app.screen, str(path))
    print(f"wrote {path}")


def centre(scene: FreeTableScene, pid: int) -> tuple[int, int]:
    pile = scene.table.piles[pid]
    x, y = scene.camera.to_screen(pile.x + CARD_W / 2, pile.y + CARD_H / 2)
    return int(x), int(y)


def main() -> None:
    app = App(size=SIZE)
    app.push(MenuScene(app))
    d = Driver(app)
    d.step(2)
    save(app, "menu")
    spec = next(e.spec for e in app.variant_entries if e.spec and e.spec.id == "free_table")
    for deck_id, spread in (("standard52", "grid"), ("ivali", "grid"), ("sabacc", "fan"), ("infinite", "grid")):
        scene = app.push(FreeTableScene(app, spec, deck_id=deck_id, seed=7))
        d.step()
        (pid,) = scene.table.piles
        d.move(centre(scene, pid))
        d.key(pygame.K_f)
        d.key(pygame.K_g if spread == "grid" else pygame.K_n)
        if deck_id == "infinite":
            d.key(pygame.K_HOME)
            d.step()
            save(app, "free_table_infinite_all")
            for _ in range(6):
                d.wheel(3, (380, 330))
        else:
            d.key(pygame.K_HOME)
        first = min(scene.table.piles, key=lambda p: (scene.table.piles[p].y, scene.table.piles[p].x))
        c = centre(scene, first)
        d.drag(c, (c[0] + 40, c[1] + 260))
        d.move((SIZE[0] // 2, SIZE[1] // 2))
        d.step()
        save(app, f"free_table_{deck_id}")
        if deck_id == "standard52":
            app.push(HelpOverlay(app, spec))
            d.step()
            save(app, "help")
            app.scenes.pop()
        app.scenes.pop()
    shenja_ivali(app, d)
    app.shutdown()


def shenja_ivali(app: App, d: Driver) -> None:
    """A Shenja Ivali table at the auction, a pass screen, and the hand table."""
    from cardtable.engine.ivali_setup import Phase
    from cardtable.ui.ivali_table import start_shenja_ivali
    from cardtable.ui.pass_screen import PassScreen
    from cardtable.ui.setup_scene import SeatConfig, SetupScene

    spec = next(e.spec for e in app.variant_entries if e.spec and e.spec.id == "shenja_ivali")
    setup = app.push(SetupScene(app, spec, lambda seats, chips: None))
    d.step()
    save(app, "shenja_ivali_setup")
    app.scenes.remove(setup)
    seats = [SeatConfig("Ada"), SeatConfig("Bo", "normal"), SeatConfig("Cy"), SeatConfig("Dee", "tough")]
    scene = start_shenja_ivali(app, spec, seats, 100, seed=4)
    saved = set()
    for _ in range(6000):
        top = app.scenes.top
        if isinstance(top, PassScreen):
            if "pass" not in saved:
                save(app, "shenja_ivali_pass")
                saved.add("pass")
            d.key(pygame.K_RETURN)
            continue
        state = scene.state
        if state.phase == Phase.REVEAL:
            d.step(40)
            save(app, "shenja_ivali_reveal")
            break
        seat = state.to_act
        if seat is not None and seat >= 0 and not scene.is_bot(seat):
            phase = state.phase.value
            if phase not in saved:
                if phase == "draw":
                    scene.toggle(state.hand_of(seat)[0])
                d.step(20)
                save(app, f"shenja_ivali_{phase}")
                saved.add(phase)
            if phase == "bet":
                d.key(pygame.K_c)
            elif phase == "draw":
                d.key(pygame.K_RETURN)
            elif phase == "auction":
                status = state.auction_view()["status"][seat]
                d.key(pygame.K_p if status == "waiting" else pygame.K_o)
            continue
        d.step()
    help_overlay = app.push(HelpOverlay(app, spec))
    d.step()
    help_overlay.switch_page()
    d.step()
    save(app, "shenja_ivali_hands")


if __name__ == "__main__":
    main()
