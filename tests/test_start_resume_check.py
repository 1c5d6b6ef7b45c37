"""At start the saves code is imported only when the autosave folder has something to offer,
and the deck engine only when a deck is loaded."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

SCRIPT = """
import sys
from cardtable import app
from cardtable.ui.app import App

def once(self, fps=60):
    self.step()
    print(type(self.scenes.top).__name__)
    self.shutdown()

App.run = once
assert app.main(["--size", "640x480"]) == 0
print("cardtable.ui.saves_scene" in sys.modules, "cardtable.saves" in sys.modules)
"""


def start(home: Path) -> list[str]:
    env = {**os.environ, "CARDTABLE_HOME": str(home), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    out = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, check=True,
                         cwd=Path(__file__).resolve().parents[1]).stdout
    return out.strip().splitlines()[-2:]


def test_with_no_autosave_the_app_starts_without_importing_the_saves_code(tmp_path):
    assert start(tmp_path) == ["MenuScene", "False False"]
    (tmp_path / "saves" / "autosave").mkdir(parents=True)  # an empty folder: nothing to offer either
    assert start(tmp_path) == ["MenuScene", "False False"]


def test_with_something_in_the_autosave_folder_the_saves_code_looks_at_it(tmp_path):
    folder = tmp_path / "saves" / "autosave"
    folder.mkdir(parents=True)
    (folder / "auto-20261122-170102-3fa1-1.json").write_text("{ truncated")
    assert start(tmp_path) == ["MenuScene", "True True"]  # looked, found it broken: no offer


def test_importing_the_variants_leaves_the_deck_engine_until_a_deck_loads():
    script = ("import sys, cardtable.variants as v\n"
              "print('cardtable.engine.decks' in sys.modules, 'cardtable.engine.cards' in sys.modules)\n"
              "print(v.load_deck_by_id('standard52').id)\n")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                         cwd=Path(__file__).resolve().parents[1]).stdout.split()
    assert out == ["False", "False", "standard52"]
