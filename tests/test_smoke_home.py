"""``cardtable --smoke`` plays every game's table (which autosaves and keeps statistics):
none of it may reach the user's own folders, even when their environment names a
``CARDTABLE_HOME`` already (issue 30: 25 autosaves among the user's saves after one run)."""

from __future__ import annotations

import os
from pathlib import Path


def test_the_smoke_run_writes_nothing_into_the_users_folders(monkeypatch, _cardtable_home: Path):
    from cardtable import paths, smoke

    monkeypatch.setattr(smoke, "SIZES", ((1366, 768),))
    monkeypatch.setattr(smoke, "SCALES", (1.0,))
    monkeypatch.setattr(smoke, "THEMED_LOOKS", ())  # (test_smoke_contrast runs those)
    monkeypatch.setenv("CARDTABLE_SMOKE_SEATS", "three")
    user_home = str(_cardtable_home)  # the user's own CARDTABLE_HOME, set before the run
    own = paths.autosave_dir() / "auto-20240101-000000-abcdef-000001.json"
    paths.ensure_dir(own.parent)
    own.write_text("the user's own autosave")
    before = sorted(p for p in _cardtable_home.rglob("*"))

    assert smoke.run_smoke() == 0

    assert os.environ["CARDTABLE_HOME"] == user_home  # the user's setting is back
    assert sorted(p for p in _cardtable_home.rglob("*")) == before  # nothing new, nothing pruned
    assert own.read_text() == "the user's own autosave"
