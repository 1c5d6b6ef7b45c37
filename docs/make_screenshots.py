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
if "CARDTABLE_HOME" not in os.environ:
    # A home folder of its own, with the app's files where Linux keeps them by default, so
    # the screens show "~/.local/share/cardtable/saves" rather than a temporary folder.
    os.environ["HOME"] = tempfile.mkdtemp(prefix="cardtable-shots-")
    os.environ["CARDTABLE_HOME"] = os.path.join(os.environ["HOME"], ".local", "share", "cardtable")

import pygame  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from uihelp import Driver  # noqa: E402

from cardtable.engine.table import CARD_H, CARD_W  # noqa: E402
from cardtable.games.free_table.ui.table import FreeTableScene  # noqa: E402
from cardtable.ui.app import App  # noqa: E402
from cardtable.ui.help import HelpOverlay  # noqa: E402
from cardtable.ui.menu import MenuScene  # noqa: E402

OUT = Path(__file__).resolve().parent
SIZE = (1366, 768)
"""The README's screenshots are of the common laptop window, at UI scale 1.0 (issue 16)."""


def save(app: App, name: str) -> None:
    path = OUT / f"{name}.png"
    pygame.image.save(app.screen, str(path))
    print(f"wrote {path}")


def centre(scene: FreeTableScene, pid: int) -> tuple[int, int]:
    pile = scene.table.piles[pid]
    x, y = scene.camera.to_screen(pile.x + CARD_W / 2, pile.y + CARD_H / 2)
    return int(x), int(y)


def main() -> None:
    """Every screenshot; or, given game ids as arguments, only those games' tables."""
    only = sys.argv[1:]
    if only == ["free_table"]:
        app = App(size=SIZE)
        app.push(MenuScene(app))
        free_table(app, Driver(app))
        app.shutdown()
        return
    if only:
        app = App(size=SIZE)
        app.push(MenuScene(app))
        d = Driver(app)
        for entry in NEW_GAMES:
            if entry[0] in only:
                table_game(app, d, *entry)
        if "texas_holdem" in only:
            texas_holdem(app, d)
            lesson(app, d)
        app.shutdown()
        return
    app = App(size=SIZE)
    app.push(MenuScene(app))
    d = Driver(app)
    d.step(2)
    save(app, "menu")
    free_table(app, d)
    shenja_ivali(app, d)
    for game, start, chips, seed in NEW_GAMES:
        table_game(app, d, game, start, chips, seed)
    texas_holdem(app, d)
    lesson(app, d)
    app.toast_until = 0.0  # nor the last table's over the saves list
    saves_and_stats(app, d)
    app.shutdown()


def free_table(app: App, d: Driver) -> None:
    """The free table with each deck spread out, and its help."""
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
            d.step(90)  # the cards fly to their places first: a picture of the flight shows no grid
            save(app, "free_table_infinite_all")
            for _ in range(6):
                d.wheel(3, (380, 330))
        else:
            d.key(pygame.K_HOME)
        first = min(scene.table.piles, key=lambda p: (scene.table.piles[p].y, scene.table.piles[p].x))
        c = centre(scene, first)
        d.drag(c, (c[0] + 40, c[1] + 260))
        d.move((SIZE[0] // 2, SIZE[1] // 2))
        d.step(90)
        save(app, f"free_table_{deck_id}")
        if deck_id == "standard52":
            app.push(HelpOverlay(app, spec))
            d.step()
            save(app, "help")
            app.scenes.pop()
        app.scenes.pop()
    app.toast_until = 0.0  # the free table's last toast must not show over the next game's pictures


def shenja_ivali(app: App, d: Driver) -> None:
    """A Shenja Ivali table at the auction, a pass screen, and the hand table."""
    from cardtable.games.shenja_ivali.rules import Phase
    from cardtable.games.shenja_ivali.ui.table import start_shenja_ivali
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



NEW_GAMES = (
    ("ipso", "cardtable.games.ipso.ui.table:start_ipso", 100, 3),
    ("alethkar_poker", "cardtable.games.alethkar_poker.ui.table:start_alethkar", 40, 5),
    ("sabacc", "cardtable.games.sabacc.ui.table:start_sabacc", 5000, 2),
    ("flame_sword", "cardtable.games.flame_sword.ui.table:start_flame_sword", 1000, 6),
)
"""Each game, its start function, starting chips and the seed of the pictured match."""


ROUND_ENDS = ("reveal", "showdown", "choose_dealer")
"""The phases that show a round's end: pictured once the table has drawn them."""


def table_game(app: App, d: Driver, game: str, start: str, chips: int, seed: int,
               shots: int = 5) -> None:
    """A person (Ada) and three computers: Ada's first turn in each phase, then the help pages.

    Ada's moves are chosen by a computer player of the same kind as the others, so the
    pictures follow a sensible match.
    """
    import importlib

    from cardtable.ui.pass_screen import PassScreen
    from cardtable.ui.setup_scene import SeatConfig

    module_name, function = start.split(":")
    spec = next(e.spec for e in app.variant_entries if e.spec and e.spec.game == game)
    seats = [SeatConfig("Ada"), SeatConfig("Bo", "normal"), SeatConfig("Cy", "normal"),
             SeatConfig("Dee", "tough")]
    scene = getattr(importlib.import_module(module_name), function)(app, spec, seats, chips, seed=seed)
    helper = type(next(iter(scene.bots.values())))
    ada = helper(__import__("random").Random(seed), level="normal")
    pictured: list[str] = []
    idle = 0
    for _ in range(20000):
        if len(pictured) >= shots:
            break
        if isinstance(app.scenes.top, PassScreen):
            d.key(pygame.K_RETURN)
            continue
        state = scene.state
        phase = str(getattr(getattr(state, "phase", None), "value", state.phase))
        if state.to_act == 0:
            idle = 0
            if phase not in pictured:
                d.step(30)
                save(app, f"{game}_{phase}")
                pictured.append(phase)
            scene.perform(ada.choose(state, 0))
            continue
        if phase in ROUND_ENDS and phase not in pictured:
            if idle == 200:
                d.key(pygame.K_SPACE)  # skip a counting animation
            if idle == 240:
                save(app, f"{game}_{phase}")  # the end of a round, once it has been drawn
                pictured.append(phase)
        idle += 1
        if idle > 260:  # the table waits for a key (deal, next round)
            d.key(pygame.K_RETURN)
            idle = 0
            continue
        d.step()
    app.push(HelpOverlay(app, spec))
    d.step()
    save(app, f"{game}_help")
    app.scenes.top.switch_page()
    d.step()
    save(app, f"{game}_hands")
    while app.scenes.top is not None and not isinstance(app.scenes.top, MenuScene):
        app.scenes.pop()


def texas_holdem(app: App, d: Driver) -> None:
    """Texas Hold'em, written in its variant file alone, at eight seats: Ada (checking and
    calling) facing a bet on the flop, five players still in."""
    from cardtable.engine.betting import Call, Check
    from cardtable.engine.game import CHANCE
    from cardtable.ui.setup_scene import SeatConfig
    from cardtable.yaml_games.ui.table import TABLE

    spec = next(e.spec for e in app.variant_entries if e.spec and e.spec.id == "texas_holdem")
    names = ("Ada", "Bo", "Cy", "Dee", "Eli", "Flo", "Gus", "Hal")
    seats = [SeatConfig(name, None if n == 0 else "normal") for n, name in enumerate(names)]
    scene = TABLE.start(app, spec, seats, 200, seed=14)
    state = scene.state
    while not (len(state.board) >= 3 and state.to_act == 0):
        if state.to_act == CHANCE:
            scene.perform(state.chance_action())
        elif state.to_act == 0:
            options = state.betting_options(0)
            scene.perform(Check(seat=0) if options.can_check else Call(seat=0))
        else:
            scene.perform(scene.bots[state.to_act].choose(state, state.to_act))
    d.step(40)
    save(app, "texas_holdem")
    replay(app, d)
    app.scenes.remove(scene)


def replay(app: App, d: Driver) -> None:
    """The replay viewer opened at the table above with Ctrl+R, stepped back to the flop's
    deal: a match in play, seen from the person's own seat only."""
    from cardtable.ui.replay_table import ReplayTable

    d.key(pygame.K_r, mod=pygame.KMOD_CTRL)
    viewer = app.scenes.top
    assert isinstance(viewer, ReplayTable), viewer
    for _ in range(3):
        d.key(pygame.K_LEFT)
    d.step(30)
    save(app, "replay")
    d.key(pygame.K_ESCAPE)
    d.step(2)


def lesson(app: App, d: Driver) -> None:
    """Texas Hold'em's lesson (the guided first hand) at its first bet: the box names the
    step and the move, the button to press ringed."""
    from cardtable import games

    spec = next(e.spec for e in app.variant_entries if e.spec and e.spec.id == "texas_holdem")
    scene = games.get("texas_holdem").table_module().TABLE.lesson(app, spec)
    for _ in range(60):  # the blinds, the deal's cards landing, the first explanation
        app.step(0.1)
    save(app, "lesson")
    app.scenes.remove(scene)


def saves_and_stats(app: App, d: Driver) -> None:
    """The saved games list (autosaves of the matches above) and the statistics."""
    from cardtable.ui.saves_scene import SavesScene
    from cardtable.ui.stats_scene import StatsScene

    app.push(SavesScene(app))
    d.step(2)
    save(app, "saves")
    app.scenes.pop()
    app.push(StatsScene(app))
    d.step(2)
    save(app, "statistics")
    app.scenes.pop()


if __name__ == "__main__":
    main()
