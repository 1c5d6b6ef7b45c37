"""Same seed, same play: every rules game's seeded bot matches play exactly as the kept
digests say (every action, every log line as each seat reads it, each holding at the
end), with no invariant failing.

A change to the rules' code that plays differently fails here; when the difference is a
bug fixed on purpose, write the file again with ``python tools/play_digests.py --quick
--write tests/data/play_digests.json`` and say why in the commit.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
KEPT = json.loads((ROOT / "tests" / "data" / "play_digests.json").read_text(encoding="utf-8"))


def _tool():
    spec = importlib.util.spec_from_file_location("play_digests", ROOT / "tools" / "play_digests.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def played():
    return _tool().digests(quick=True)


def test_every_kept_match_is_played_again(played):
    assert len({key.split("/")[0] for key in KEPT}) >= 6
    assert set(played) >= set(KEPT)


def test_seeded_play_is_what_it_was(played):
    moved = sorted(key for key in KEPT if played[key]["moves"] != KEPT[key]["moves"])
    assert moved == [], "the same seeds now play other moves or end with other holdings"
    worded = sorted(key for key in KEPT if played[key]["play"] != KEPT[key]["play"])
    assert worded == [], "the same moves, but the log words them differently"


def test_no_invariant_fails_in_the_seeded_matches(played):
    assert [key for key, value in played.items() if value["failed"]] == []
