"""A variant file that loads with warnings (the retired ``hotkeys`` key) says so in the
menu, not only in the log file: a mark on its row, and each warning, with its
file:line:col, beside the rules when the row is highlighted (as a broken file's error is)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from uihelp import Driver

from cardtable import paths
from cardtable.ui.app import App
from cardtable.ui.menu import MenuScene

REPO = Path(__file__).resolve().parents[1]
IGNORED = "'hotkeys' is ignored: a table's keys now come from the table"


def user_file_with_hotkeys() -> Path:
    """A user's copy of Ipso, id ``mine``, that still has the retired ``hotkeys`` key."""
    text = (REPO / "variants" / "ipso.yaml").read_text(encoding="utf-8")
    text = text.replace("id: ipso", "id: mine").replace("name: Ipso", "name: My Ipso")
    lines = text.rstrip("\n").split("\n") + ["  hotkeys:", '    - {keys: "S", action: "stake"}']
    user = paths.user_variants_dir()
    user.mkdir(parents=True, exist_ok=True)
    path = user / "mine.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def drawn_texts(app: App) -> list[str]:
    """Every text the fonts render while the app draws a frame (the menu painted whole)."""
    for scene in app.scenes.scenes:
        if isinstance(scene, MenuScene):
            scene.repaint()
    drawn: list[str] = []
    render = app.fonts.render
    app.fonts.render = lambda text, *a, **k: drawn.append(text) or render(text, *a, **k)
    try:
        Driver(app).step()
    finally:
        app.fonts.render = render
    return drawn


@pytest.fixture
def menu_app():
    path = user_file_with_hotkeys()
    app = App(size=(1280, 800))
    menu = app.push(MenuScene(app))
    Driver(app).step()
    yield app, menu, path
    app.shutdown()


def highlight(app: App, menu: MenuScene, title: str) -> None:
    """Move the highlight to the row titled ``title`` with the arrow keys."""
    d = Driver(app)
    for _ in range(len(menu.entries)):
        if menu.current is not None and menu.current.title == title:
            return
        d.key(pygame.K_DOWN)
    raise AssertionError(f"no row {title!r}")


def test_a_warned_file_has_a_mark_on_its_row_and_its_warning_beside_the_rules(menu_app):
    app, menu, path = menu_app
    entry = next(e for e in menu.entries if e.title == "My Ipso")
    assert entry.spec is not None and entry.spec.warnings
    highlight(app, menu, "My Ipso")
    texts = drawn_texts(app)
    assert "⚠" in texts and "⚠ loads with 1 warning: see the right" in texts  # the row
    assert any(t.startswith("⚠ 1 warning (") for t in texts), texts  # the heading beside the rules
    said = " ".join(texts)
    assert "hotkeys" in said and "is ignored" in said and f"{path.name}:" in said


def test_a_file_without_warnings_shows_no_mark(menu_app):
    app, menu, _ = menu_app
    highlight(app, menu, "Ipso")
    texts = drawn_texts(app)
    warned_rows = [t for t in texts if "loads with" in t]
    # My Ipso's row alone, when the list shows it beside Ipso's (with more games it may be scrolled away)
    assert warned_rows in ([], ["⚠ loads with 1 warning: see the right"]), warned_rows
    assert not any(t.startswith("⚠ 1 warning (") or "hotkeys" in t for t in texts)


@pytest.mark.parametrize("size", [(1024, 640), (1366, 768), (1920, 1080)])
def test_the_warning_fits_the_menu_at_every_size(size, tmp_path):
    from cardtable.ui.layout_check import check_scene
    user_file_with_hotkeys()
    app = App(size=size)
    menu = app.push(MenuScene(app))
    highlight(app, menu, "My Ipso")
    Driver(app).step()
    assert check_scene(menu, size) == []
    pygame.image.save(app.screen, str(tmp_path / f"menu_{size[0]}x{size[1]}.png"))
    app.shutdown()
