"""Each game's page says what its table's key map says (docs/make_docs.py writes the key
tables into docs/games/<id>.md), and the free table's page names every key of its key map."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

from harness import BUNDLED_GAMES

from cardtable import games

REPO = Path(__file__).resolve().parents[1]


def _tool():
    spec = importlib.util.spec_from_file_location("make_docs", REPO / "docs" / "make_docs.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_games_page_has_its_key_table_as_its_key_map_says():
    tool = _tool()
    found: set[str] = set()
    for page in tool.pages():
        text = page.read_text(encoding="utf-8")
        for kind, args in tool.blocks_in(text):
            if kind == "keys":
                found.update(args)
                assert all(tool.key_rows(game) == tool.key_rows(args[0]) for game in args[1:]), args
        assert tool.rewrite(text) == text, f"{page.name}: run python docs/make_docs.py"
    assert found <= set(games.registry().games), "a key block names no game"
    assert found >= set(BUNDLED_GAMES), "a bundled game has no key table"


def test_the_free_tables_page_names_every_key_of_its_key_map():
    from cardtable.games.free_table.ui.keys import CTRL_KEYS, KEYS
    page = (REPO / "docs" / "games" / "free_table.md").read_text(encoding="utf-8")
    section = page[page.index("On the free table:"):page.index("The key map as help lists it")].lower()
    for binding in KEYS + CTRL_KEYS:
        for key in re.split(r" / |, ", binding.label):
            if key not in ("Esc", "? / F1", "?", "F1", "Wheel", "+/-", "double-click", "Right-drag", "arrows"):
                assert f"| {key.lower()}" in section or f", {key.lower()}" in section, key
