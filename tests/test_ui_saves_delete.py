"""The saves list deletes a save after asking; Keep or Esc changes nothing; an autosaved
game goes whole; the list says what autosave keeps."""

from __future__ import annotations

import pygame
from uihelp import Driver, StandIn, play

from cardtable import paths
from cardtable.games.shenja_ivali.ui.table import start_shenja_ivali
from cardtable.saves import AUTOSAVE_KEEP
from cardtable.ui.saves_scene import ConfirmDelete, SavesScene
from cardtable.ui.setup_scene import SeatConfig

SEATS = [SeatConfig("Ada"), SeatConfig("Bo", "normal"), SeatConfig("Cy", "tough")]


def saves_after_a_game(app, d: Driver) -> SavesScene:
    spec = next(e.spec for e in app.variant_entries if e.spec and e.spec.id == "shenja_ivali")
    scene = start_shenja_ivali(app, spec, SEATS, 100, seed=9)
    play(scene, StandIn(1), 10)
    scene.match_keeper().save_named()
    assert scene.match_keeper().flush()
    app.scenes.remove(scene)
    d.step()
    saves = app.push(SavesScene(app))
    d.step()
    return saves


def named_files():
    return sorted(p.name for p in paths.saves_dir().glob("*.json") if not p.name.startswith("stats."))


def test_delete_asks_first_and_keep_changes_nothing(app):
    d = Driver(app)
    saves = saves_after_a_game(app, d)
    before = named_files()
    saves.select(next(i for i, s in enumerate(saves.saves) if s.kind == "named"))
    d.press("Delete…")
    assert isinstance(app.scenes.top, ConfirmDelete)
    d.press("Keep")
    assert app.scenes.top is saves and named_files() == before
    d.key(pygame.K_DELETE)
    assert isinstance(app.scenes.top, ConfirmDelete)
    d.key(pygame.K_ESCAPE)
    assert app.scenes.top is saves and named_files() == before


def test_delete_removes_the_named_save_and_the_list_follows(app):
    d = Driver(app)
    saves = saves_after_a_game(app, d)
    index = next(i for i, s in enumerate(saves.saves) if s.kind == "named")
    path = saves.saves[index].path
    saves.select(index)
    d.press("Delete…")
    d.press("Delete")
    assert app.scenes.top is saves
    assert not path.exists() and path not in [s.path for s in saves.saves]
    assert "Deleted 1 file" in app.toast_text


def test_deleting_an_autosaved_game_removes_all_its_autosaves(app):
    d = Driver(app)
    saves = saves_after_a_game(app, d)
    assert len(list(paths.autosave_dir().glob("auto-*.json"))) > 1  # more than the one listed
    saves.select(next(i for i, s in enumerate(saves.saves) if s.kind == "auto"))
    d.press("Delete…")
    d.press("Delete")
    assert list(paths.autosave_dir().glob("auto-*.json")) == []
    assert all(s.kind != "auto" for s in saves.saves)


def test_the_list_says_what_autosave_keeps(app):
    d = Driver(app)
    saves = saves_after_a_game(app, d)
    shown = []
    original = app.fonts.render

    def spy(text, *args, **kwargs):
        shown.append(text)
        return original(text, *args, **kwargs)

    app.fonts.render = spy
    try:
        saves.draw(app.screen)
    finally:
        app.fonts.render = original
    assert any(f"Autosave keeps {AUTOSAVE_KEEP} per game" in t for t in shown)


def test_with_no_saves_delete_is_greyed_out(app):
    d = Driver(app)
    app.push(SavesScene(app))
    d.step()
    assert d.button("Delete…").disabled_reason == "There is no save to delete"
