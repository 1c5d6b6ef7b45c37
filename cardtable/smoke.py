"""``cardtable --smoke``: load every bundled variant and deck, draw every scene once, exit.

Used by CI on the packaged build: it proves the bundle finds its data files and
fonts and that every screen draws, without a real display (dummy SDL drivers).
"""

from __future__ import annotations

import os
import sys
import tempfile
import traceback


def run_smoke() -> int:
    """Return 0 when everything loads and draws; print the reason and return 1 otherwise."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    with tempfile.TemporaryDirectory(prefix="cardtable-smoke-") as home:
        os.environ.setdefault("CARDTABLE_HOME", home)
        try:
            return _smoke()
        except Exception:  # noqa: BLE001 - the smoke test reports anything at all
            traceback.print_exc()
            print("smoke: FAILED", file=sys.stderr)
            return 1


def _smoke() -> int:
    from cardtable import games, variants
    from cardtable.ui.app import App
    from cardtable.ui.menu import MenuScene, game_table_module
    from cardtable.ui.settings_scene import SettingsScene

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

    app = App(size=(1280, 800))
    app.push(MenuScene(app))
    app.step()
    app.push(SettingsScene(app))
    app.step()
    app.scenes.pop()
    from cardtable.ui.saves_scene import SavesScene
    from cardtable.ui.stats_scene import StatsScene
    for screen in (SavesScene, StatsScene):  # the saved games list and the statistics
        app.push(screen(app))
        app.step()
        app.scenes.pop()
    print("smoke: saved games and statistics screens: drawn")
    for spec in (e.spec for e in entries if e.spec is not None):
        print(f"smoke: {game_table_module(spec.game).smoke(app, spec)}")
    app.shutdown()
    print("smoke: ok")
    return 0
