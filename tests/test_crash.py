"""The crash handler: an unexpected error in a table autosaves it, writes a report with the
traceback and no hidden card, shows the crash screen, and the app goes on (menu or resume).
SIGTERM closes the app cleanly with the table autosaved. Logging setup and --version."""

from __future__ import annotations

import logging
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pygame
import pytest
from uihelp import Driver, StandIn, play

from cardtable import __version__, logs, paths
from cardtable.games.shenja_ivali.ui.table import IvaliTableScene, start_shenja_ivali
from cardtable.saves import interrupted_save, list_saves
from cardtable.ui.crash_scene import CrashScene
from cardtable.ui.menu import MenuScene
from cardtable.ui.pass_screen import PassScreen
from cardtable.ui.setup_scene import SeatConfig

SEATS = [SeatConfig("Ada"), SeatConfig("Bo", "normal"), SeatConfig("Cy", "tough")]
ROOT = Path(__file__).resolve().parents[1]


def open_table(app) -> IvaliTableScene:
    spec = next(e.spec for e in app.variant_entries if e.spec and e.spec.id == "shenja_ivali")
    scene = start_shenja_ivali(app, spec, SEATS, 100, seed=7)
    play(scene, StandIn(1), 6)
    return scene


def hidden_card_names(scene) -> set[str]:
    """Names of cards in the computer seats' hands that seat 0 does not also hold."""
    state = scene.state
    own = {state.deck[c].name for c in state.hands[0]}
    hidden = {state.deck[c].name for seat in (1, 2) for c in state.hands[seat]} - own
    assert hidden
    return hidden


def crash(app, monkeypatch, scene) -> Path:
    """Make the table's draw raise, run a guarded frame, return the crash report."""
    def boom(self, surface):
        raise RuntimeError("the felt caught fire")

    monkeypatch.setattr(type(scene), "draw", boom)
    app.frame(1 / 60)
    reports = sorted(paths.logs_dir().glob("crash-*.txt"))
    assert len(reports) == 1
    return reports[0]


def test_a_crash_at_the_table_autosaves_reports_and_shows_the_crash_screen(app, monkeypatch):
    scene = open_table(app)
    hidden = hidden_card_names(scene)
    match = scene.match_keeper().match
    logging.getLogger("cardtable.test").warning("a line before the crash")
    report = crash(app, monkeypatch, scene)

    save = interrupted_save()
    assert save is not None and save.match == match and save.envelope is not None
    assert save.envelope["payload"]["state"] == scene.state.to_json()

    text = report.read_text(encoding="utf-8")
    assert f"cardtable {__version__}" in text and "python: " in text and "pygame-ce: " in text
    assert "Traceback" in text and "RuntimeError: the felt caught fire" in text and "boom" in text
    assert "a line before the crash" in text
    for name in hidden:
        assert name not in text

    assert isinstance(app.scenes.top, CrashScene)
    assert [type(s) for s in app.scenes.scenes] == [MenuScene, CrashScene]
    d = Driver(app)
    d.step(2)  # the crash screen draws
    assert str(report) in " ".join(t for t, _ in app.scenes.top.lines())
    d.press("Back to the menu")
    assert isinstance(app.scenes.top, MenuScene) and app.running


def test_resume_on_the_crash_screen_reopens_the_table(app, monkeypatch):
    scene = open_table(app)
    state_json = scene.state.to_json()
    draw = IvaliTableScene.draw
    crash(app, monkeypatch, scene)
    monkeypatch.setattr(IvaliTableScene, "draw", draw)  # the table draws again
    d = Driver(app)
    d.step()
    d.press("Resume")
    tables = [s for s in app.scenes.scenes if isinstance(s, IvaliTableScene)]
    assert len(tables) == 1 and tables[0] is not scene
    assert tables[0].state.to_json() == state_json
    assert isinstance(app.scenes.top, PassScreen)  # the hidden cards stay hidden
    d.key(pygame.K_RETURN)
    d.step(3)
    assert app.scenes.top is tables[0]


def test_a_crash_in_handle_is_caught_too(app, monkeypatch):
    scene = open_table(app)

    def boom(self, event):
        raise KeyError("handle")

    monkeypatch.setattr(type(scene), "handle", boom)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=0))
    app.frame(1 / 60)
    assert isinstance(app.scenes.top, CrashScene)
    assert len(list(paths.logs_dir().glob("crash-*.txt"))) == 1
    assert any(s.kind == "auto" and s.match == scene.match_keeper().match for s in list_saves())


def test_a_crash_of_the_crash_screen_itself_is_raised(app, monkeypatch):
    crash(app, monkeypatch, open_table(app))
    monkeypatch.setattr(CrashScene, "draw", lambda self, surface: 1 / 0)
    with pytest.raises(ZeroDivisionError):
        app.frame(1 / 60)


def test_setup_logging_writes_the_file_and_survives_an_unwritable_folder(tmp_path, monkeypatch, capsys):
    path = logs.setup_logging("debug", to_stderr=False)
    try:
        assert path == paths.logs_dir() / logs.LOG_FILE_NAME
        logging.getLogger("cardtable.x").debug("hello file")
        for handler in logging.getLogger("cardtable").handlers:
            handler.flush()
        assert "hello file" in path.read_text(encoding="utf-8")

        blocker = tmp_path / "file"
        blocker.write_text("not a folder")
        monkeypatch.setenv("CARDTABLE_HOME", str(blocker))
        assert logs.setup_logging("info", to_stderr=False) is None
        assert "logging to stderr only" in capsys.readouterr().err
        with pytest.raises(ValueError):
            logs.setup_logging("loud", to_stderr=False)
    finally:
        logs.setup_logging("warning", to_stderr=False)
        for handler in list(logging.getLogger("cardtable").handlers):
            logging.getLogger("cardtable").removeHandler(handler)
            if handler is not logs.RECENT:
                handler.close()
        logging.getLogger("cardtable").addHandler(logs.RECENT)


def _env(home: Path) -> dict[str, str]:
    return {**os.environ, "CARDTABLE_HOME": str(home), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
            "PYGAME_HIDE_SUPPORT_PROMPT": "1", "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}


SCRIPT = textwrap.dedent("""
    import sys
    sys.path.insert(0, {tests!r})
    from cardtable.ui.app import App
    from cardtable.ui.menu import MenuScene
    from cardtable.games.shenja_ivali.ui.table import start_shenja_ivali
    from cardtable.ui.setup_scene import SeatConfig
    from uihelp import StandIn, play

    app = App(size=(1024, 640))
    app.push(MenuScene(app))
    spec = next(e.spec for e in app.variant_entries if e.spec and e.spec.id == "shenja_ivali")
    scene = start_shenja_ivali(app, spec, [SeatConfig("Ada"), SeatConfig("Bo", "normal")], 100, seed=3)
    play(scene, StandIn(1), 4)
    app.later(lambda: print("READY", scene.match_keeper().match, flush=True))
    app.run()
    print("CLOSED", flush=True)
""")


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_closes_the_app_cleanly_and_autosaves_the_table(tmp_path, signum):
    home = tmp_path / "home"
    proc = subprocess.Popen([sys.executable, "-c", SCRIPT.format(tests=str(ROOT / "tests"))], env=_env(home),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        line = ""
        while not line.startswith("READY"):  # skip pygame's greeting, if any
            line = proc.stdout.readline()
            assert line, "the app ended before its table was open"
        match = line.split()[1]
        time.sleep(0.3)
        proc.send_signal(signum)
        out, err = proc.communicate(timeout=10)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, err
    assert "CLOSED" in out
    save = interrupted_save(home / "saves")  # interrupted, not left: offered at the next start
    assert save is not None and save.match == match


def test_version_flag_prints_the_version(tmp_path):
    done = subprocess.run([sys.executable, "-m", "cardtable", "--version"], env=_env(tmp_path), cwd=ROOT,
                          capture_output=True, text=True, timeout=30)
    assert done.returncode == 0 and done.stdout.strip() == f"cardtable {__version__}"
