"""README's key tables say what the tables' key maps say (docs/make_key_tables.py writes them)."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

from harness import BUNDLED_GAMES

from cardtable import games

REPO = Path(__file__).resolve().parents[1]


def _tool():
    spec = importlib.util.spec_from_file_location("make_key_tables", REPO / "docs" / "make_key_tables.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_readme_has_every_rule_games_key_table_as_its_key_map_says():
    tool = _tool()
    text = (REPO / "README.md").read_text(encoding="utf-8")
    assert tool.rewrite(text) == text, "run python docs/make_key_tables.py"
    blocks = set(tool.games_in(text))
    assert blocks <= set(games.registry().games), "a key block names no game"
    assert blocks >= {g for g in BUNDLED_GAMES if g != "free_table"}, "a bundled game has no key block"
    for together in tool.blocks_in(text):  # games sharing a block have the same keys
        assert all(tool.key_rows(game) == tool.key_rows(together[0]) for game in together[1:]), together


def test_readme_names_every_key_of_the_free_tables_key_map():
    from cardtable.games.free_table.ui.keys import CTRL_KEYS, KEYS
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("On the free table:"):readme.index("## Saving, resuming")].lower()
    for binding in KEYS + CTRL_KEYS:
        for key in re.split(r" / |, ", binding.label):
            if key not in ("Esc", "? / F1", "?", "F1", "Wheel", "+/-", "double-click", "Right-drag", "arrows"):
                assert f"| {key.lower()}" in section or f", {key.lower()}" in section, key
