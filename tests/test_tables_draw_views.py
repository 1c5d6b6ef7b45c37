"""The table scenes draw the typed seat view and never read the game's state.

Two proofs over the registry (every game's table, never a list kept here):

* statically: no module of a table scene (the shared ones and every game's ``ui``
  package) reads an attribute of a state: no ``state.x``, no ``self.state.x``, and no
  ``<anything>.state`` at all (a table asks its match, which hands it views);
* at run time: a table in play draws the very same pixels when its match is replaced by
  a :class:`~cardtable.match.ViewMatch`, which knows nothing but the viewer's
  seat view, its log lines, the deck and the settings (any other question fails).
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pygame
import pytest
from uihelp import Driver, play

from cardtable import games
from cardtable.match import ViewMatch
from cardtable.ui.setup_scene import SeatConfig

SHARED = ("cardtable.ui.game_table", "cardtable.ui.table_parts", "cardtable.ui.hint", "cardtable.ui.remote_table")
"""The table modules every game's scene is built on."""

RULES_GAMES = games.registry().with_rules()


def table_modules() -> list[Path]:
    """The shared table modules and every module of every registered game's ``ui`` package."""
    paths = {Path(importlib.import_module(name).__file__) for name in SHARED}
    for game in games.registry().games.values():
        package = Path(importlib.import_module(game.table).__file__).parent
        paths |= set(package.glob("*.py"))
    return sorted(paths)


def state_reads(path: Path) -> list[str]:
    """Where ``path`` reads a state: an attribute of a name ``state``, or any ``.state``
    attribute read (``self.state``, ``table.state``, ``getattr(x, "state")``)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Attribute):
            if isinstance(node.value, ast.Name) and node.value.id == "state":
                found.append(f"{path.name}:{node.lineno} state.{node.attr}")
            elif node.attr == "state" and isinstance(node.ctx, ast.Load):
                found.append(f"{path.name}:{node.lineno} .state")
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("getattr", "hasattr")
              and len(node.args) > 1 and isinstance(node.args[1], ast.Constant) and node.args[1].value == "state"):
            found.append(f"{path.name}:{node.lineno} {node.func.id}(..., 'state')")
    return found


def test_the_scan_finds_a_state_read(tmp_path):
    """The scan itself: it sees each way a table could read the state."""
    source = "def f(self, state):\n    state.phase\n    self.state.to_act\n    g(table.state)\n" \
             "    getattr(self, 'state')\n"
    path = tmp_path / "probe.py"
    path.write_text(source, encoding="utf-8")
    assert len(state_reads(path)) == 4


def test_the_scan_covers_every_game_of_the_registry():
    """Every game's table module is scanned: its own package's, or the one the games
    written in a variant file share (``cardtable/yaml_games/ui``), with its help page."""
    tables = {Path(importlib.import_module(game.table).__file__) for game in games.registry().games.values()}
    assert tables <= set(table_modules()) and len(table_modules()) > len(SHARED)
    shared = Path(importlib.import_module("cardtable.yaml_games.ui.table").__file__).parent
    assert shared / "hands_page.py" in table_modules()


@pytest.mark.parametrize("path", table_modules(), ids=lambda p: f"{p.parent.parent.name}/{p.name}")
def test_no_table_module_reads_the_state(path):
    assert state_reads(path) == []


class Stays:
    """A person who stays in to the showdown: the first legal action that is no fold."""

    def choose(self, state, seat):
        actions = state.legal_actions(seat)
        return next((a for a in actions if "fold" not in a.kind.lower()), actions[0])


def frame(scene, size: tuple[int, int]) -> bytes:
    """One frame of ``scene`` with every card where it lies (no slide under way)."""
    surface = pygame.Surface(size)
    scene.cards.reset()
    scene.ghosts.clear()
    scene.draw(surface)
    return pygame.image.tobytes(surface, "RGB")


def views_only(scene) -> ViewMatch:
    """The viewer's side of the scene's match: its view, log, the deck and the settings."""
    real = scene.match
    return ViewMatch(real.view(scene.viewer), deck=real.deck, settings=real.settings,
                     log=real.log_for(scene.viewer), actions=real.actions)


@pytest.mark.parametrize("game", RULES_GAMES, ids=[g.id for g in RULES_GAMES])
def test_a_table_draws_the_same_from_its_view_alone(app, game):
    table = importlib.import_module(game.table).TABLE
    spec = next(e.spec for e in app.variant_entries if e.spec and e.spec.game == game.id)
    low, high = game.seats
    configs = [SeatConfig("Ann")] + [SeatConfig(f"Bot {n}", "normal") for n in range(1, max(low, min(4, high)))]
    scene = table.start(app, spec, configs, table.smoke_stack, seed=5)
    d, stand_in = Driver(app), Stays()
    compared = showdowns = 0
    for step in range(240):
        if scene.state.to_act is None:
            break
        play(scene, stand_in, 1)
        while app.scenes.top is not scene:
            d.key(pygame.K_RETURN)
        if step % 3 and scene.view.showdown is None:
            continue  # every third position, and every one with a showdown on the table
        real = scene.match
        drawn = frame(scene, app.screen.get_size())
        scene.match = views_only(scene)
        try:
            from_view = frame(scene, app.screen.get_size())
        finally:
            scene.match = real
        assert from_view == drawn, f"{game.id}: the table drew otherwise from its view alone ({scene.view.phase.id})"
        compared += 1
        showdowns += scene.view.showdown is not None
    assert compared >= 10 and showdowns, (compared, showdowns)
