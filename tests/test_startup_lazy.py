"""Start-up: what the menu's first frame does not need is not imported or made before it,
and what is put off still works when it is needed."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest
from harness import BUNDLED_GAMES

from cardtable import games, logs, variant_checks

REPO = Path(__file__).resolve().parents[1]

# Modules the menu's first frame needs none of (a start whose variants are all remembered as
# checked): sockets and pickle come with logging.handlers; the games (remembered as loading),
# YAML and the schemas, the network, the card art and the help overlay come when used.
NOT_AT_START = ("logging.handlers", "socket", "pickle", "platformdirs", "signal", "yaml", "cardtable.schema",
                "cardtable.variant_schemas", "importlib.metadata", "zeroconf", "cardtable.net", "cardtable.bots",
                "cardtable.ui.faces", "cardtable.ui.face_painters", "cardtable.ui.help", "cardtable.ui.game_table",
                "cardtable.games.")
GAME_PARTS = ("rules", "state", "checks", "bot", "tools", "ui", "hands", "hands_page")

FIRST_FRAME = """
import json, sys
from cardtable.ui.app import App
from cardtable.ui.menu import MenuScene
app = App(size=(1024, 640))
app.push(MenuScene(app))
app.step()
games = sorted(m for m in sys.modules if m.startswith("cardtable.games.") and m.count(".") >= 3)
print(json.dumps({"modules": sorted(m for m in sys.modules if m in NOT_AT_START or m.startswith(NOT_AT_START)),
                  "game_parts": [m for m in games if m.split(".")[3] in GAME_PARTS],
                  "entries": [[e.path.name, e.error] for e in app.variant_entries]}))
app.shutdown()
"""


def _first_frame(home: Path) -> dict:
    env = {**os.environ, "CARDTABLE_HOME": str(home), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    code = f"NOT_AT_START = {NOT_AT_START!r}\nGAME_PARTS = {GAME_PARTS!r}\n{FIRST_FRAME}"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=REPO,
                          check=False, timeout=300)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_menus_first_frame_imports_only_what_it_draws(tmp_path):
    first = _first_frame(tmp_path)  # a first start checks every file in full (rules, YAML)
    assert all(error is None for _, error in first["entries"]), first["entries"]
    warm = _first_frame(tmp_path)
    assert warm["entries"] == first["entries"]
    assert warm["modules"] == []
    assert warm["game_parts"] == []


def test_a_user_variant_added_after_the_start_is_listed_and_a_broken_one_located(app, _cardtable_home):
    folder = _cardtable_home / "data" / "variants"
    folder.mkdir(parents=True)
    (folder / "mine.yaml").write_text((REPO / "variants" / "ipso.yaml").read_text().replace("id: ipso", "id: mine"))
    (folder / "bad.yaml").write_text("variant:\n  id: bad\n  game: ipso\n  name: [\n")
    app.reload_variants()
    app.step()
    found = {e.path.name: e for e in app.variant_entries}
    assert found["mine.yaml"].spec is not None and found["mine.yaml"].user
    assert found["bad.yaml"].spec is None
    assert f"{folder / 'bad.yaml'}:" in found["bad.yaml"].error  # file:line:col: what
    line_col = found["bad.yaml"].error.split(f"{folder / 'bad.yaml'}:")[1].split(":")[:2]
    assert all(part.isdigit() for part in line_col)


def test_the_card_art_is_made_when_first_asked_for(app):
    app.step()
    assert app._faces is None
    faces = app.faces
    assert faces is app.faces and faces.fonts is app.fonts


def test_the_sounds_are_made_from_the_second_frame(app, monkeypatch):
    started = []
    monkeypatch.setattr(app.sounds, "prepare", lambda: started.append(len(app.frame_ms)))
    app.update_settings(sound=True)
    app.step()
    assert started == []
    app.step()
    app.step()
    assert started == [1]


def _records(handler: logging.Handler, count: int, width: int) -> None:
    for number in range(count):
        handler.emit(logging.LogRecord("cardtable.test", logging.INFO, __file__, 1, f"{number:04d} " + "x" * width,
                                       None, None))


def test_the_log_file_rotates_as_the_standard_rotating_handler_does(tmp_path):
    import logging.handlers  # the reference (cardtable.logs does not import it)

    ours_dir, theirs_dir = tmp_path / "ours", tmp_path / "theirs"
    ours_dir.mkdir()
    theirs_dir.mkdir()
    ours = logs.RotatingFile(ours_dir / "cardtable.log", 400, 3)
    theirs = logging.handlers.RotatingFileHandler(theirs_dir / "cardtable.log", maxBytes=400, backupCount=3,
                                                  encoding="utf-8")
    for handler in (ours, theirs):
        handler.setFormatter(logging.Formatter("%(message)s"))
        _records(handler, 40, 60)
        handler.close()
    names = sorted(p.name for p in ours_dir.iterdir())
    assert names == ["cardtable.log", "cardtable.log.1", "cardtable.log.2", "cardtable.log.3"]
    assert names == sorted(p.name for p in theirs_dir.iterdir())
    for name in names:
        assert (ours_dir / name).read_text(encoding="utf-8") == (theirs_dir / name).read_text(encoding="utf-8")
        assert (ours_dir / name).stat().st_size < 400


def test_setup_logging_writes_through_the_rotating_file(tmp_path):
    level = logging.getLogger("cardtable").level
    path = logs.setup_logging("info", to_stderr=False)
    try:
        assert path is not None
        handler = next(h for h in logging.getLogger("cardtable").handlers if isinstance(h, logs.RotatingFile))
        assert (handler.max_bytes, handler.backups) == (logs.MAX_BYTES, logs.BACKUPS)
        assert "started" in path.read_text(encoding="utf-8")
    finally:
        _drop_log_handlers(level)


@pytest.fixture
def remembered(monkeypatch):
    """The games found once (so remembered in this test's cache folder), then the process
    taken back to before it found them."""
    games.registry.cache_clear()
    found = games.registry()
    assert not found.broken and set(found.games) >= set(BUNDLED_GAMES)
    monkeypatch.setattr(games, "_found", False)
    games.registry.cache_clear()
    yield frozenset(found.games)
    games.registry.cache_clear()


def test_games_remembered_as_loading_are_known_without_importing_them(remembered, monkeypatch):
    monkeypatch.setattr(games, "_load_bundled", lambda *found: pytest.fail("the games were imported"))
    assert games.known_ids() == remembered
    assert games.broken() == {}


def test_a_changed_game_file_or_a_plug_in_makes_the_games_found_again(remembered, monkeypatch):
    assert games.known_ids() is not None
    real = variant_checks.tree_stamps
    monkeypatch.setattr(variant_checks, "tree_stamps", lambda folder, skip=(): [*real(folder, skip), "x.py=changed"])
    assert games.known_ids() is None
    monkeypatch.setattr(variant_checks, "tree_stamps", real)
    assert games.known_ids() is not None
    monkeypatch.setattr(games, "_may_declare_games", lambda: True)
    assert games.known_ids() is None
    assert games.broken() == {} and games._found  # not remembered: found in full


def test_games_with_no_source_to_stamp_are_found_every_time(remembered, monkeypatch):
    real = variant_checks.tree_stamps
    monkeypatch.setattr(variant_checks, "tree_stamps", lambda folder, skip=(): [])  # a frozen app
    assert games._code_stamp() is None and games.known_ids() is None
    games._remember(frozenset({"ipso"}))  # not written: nothing to stamp it with
    monkeypatch.setattr(variant_checks, "tree_stamps", real)
    assert not games._found and games.known_ids() == remembered


def test_the_games_stamp_covers_their_screens():
    stamp = games._code_stamp()
    assert stamp is not None
    assert f"alethkar_poker{os.sep}ui{os.sep}table.py=" in stamp and "__pycache__" not in stamp
    assert f"games{os.sep}definition.py=" in stamp


def test_a_broken_game_is_never_remembered(tmp_path, monkeypatch):
    from cardtable.deck_checks import cache_file
    package = tmp_path / "broken_game"
    package.mkdir()
    (package / "__init__.py").write_text('raise ImportError("no module named flux_capacitor")\n')
    monkeypatch.setattr(games, "__path__", [*games.__path__, str(tmp_path)])
    games.registry.cache_clear()
    try:
        assert "broken_game" in games.registry().broken
        assert not cache_file(games.CACHE_NAME).exists()
        monkeypatch.setattr(games, "_found", False)
        assert games.known_ids() is None
    finally:
        games.registry.cache_clear()
        for name in [m for m in sys.modules if m.startswith("cardtable.games.broken_game")]:
            del sys.modules[name]


def _drop_log_handlers(level: int) -> None:
    logger = logging.getLogger("cardtable")
    for handler in list(logger.handlers):
        if handler is not logs.RECENT:
            logger.removeHandler(handler)
            handler.close()
    logs._installed.clear()
    logger.setLevel(level)



def test_the_theme_is_one_read_only_palette():
    from cardtable.ui.theme import THEME, Theme
    assert THEME.felt == (21, 94, 52) and THEME.shadow == (0, 0, 0, 90)
    with pytest.raises(AttributeError, match="read-only"):
        THEME.felt = (0, 0, 0)
    assert Theme().felt is THEME.felt
