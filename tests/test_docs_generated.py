"""The manual cannot drift: every generated part of README.md and docs/ is what
docs/make_docs.py writes from the registry and the schemas, every registered game has its
page, a changed key or setting makes the pages stale, and every relative link resolves."""

from __future__ import annotations

import dataclasses
import importlib.util
import re
from pathlib import Path

import pytest

from cardtable import games

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def tool():
    spec = importlib.util.spec_from_file_location("make_docs", REPO / "docs" / "make_docs.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_page_is_what_the_script_writes(tool):
    assert tool.stale() == [], "run python docs/make_docs.py"


def test_every_registered_game_has_a_page_with_its_keys_settings_and_hands(tool):
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    for game in games.games():
        page = REPO / "docs" / "games" / f"{game.id}.md"
        assert page.exists(), f"{game.id} has no page"
        blocks = tool.blocks_in(page.read_text(encoding="utf-8"))
        assert ("keys", [game.id]) in blocks or any(k == "keys" and game.id in a for k, a in blocks), game.id
        assert ("settings", [game.id]) in blocks, game.id
        if game.has_rules:
            assert ("hands", [game.id]) in blocks, game.id
        assert f"(docs/games/{game.id}.md)" in readme, f"README does not link {game.id}'s page"


def test_the_variant_format_is_generated_from_the_schema(tool):
    blocks = {kind for kind, _ in tool.blocks_in((REPO / "docs" / "variants.md").read_text(encoding="utf-8"))}
    assert {"variant-fields", "game-block", "steps", "step-settings", "deck-styles"} <= blocks


def test_a_changed_setting_default_makes_its_page_stale(tool, monkeypatch):
    real = games.get

    def changed(game_id):
        game = real(game_id)
        if game_id != "ipso":
            return game
        return dataclasses.replace(game, settings=tuple(dataclasses.replace(s, default=3) if s.key == "ante" else s
                                                        for s in game.settings))
    monkeypatch.setattr(games, "get", changed)
    assert tool.stale() == [REPO / "docs" / "games" / "ipso.md"]


def test_a_changed_key_label_makes_its_page_stale(tool, monkeypatch):
    rows = tool.key_rows
    monkeypatch.setattr(tool, "key_rows", lambda game: [(keys.replace("Ctrl+S", "Ctrl+W"), what)
                                                          for keys, what in rows(game)])
    assert REPO / "docs" / "games" / "sabacc.md" in tool.stale()


def test_the_readme_is_short_and_keeps_the_ci_test_command():
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 250
    assert re.search(r"^pip install -e '\.\[test\]' && pytest$", readme, re.M)
    assert re.search(r"^pip install \. && cardtable$", readme, re.M)
    assert "Five games" not in readme


def test_every_relative_link_resolves_and_no_page_shows_a_temporary_folder():
    for page in [REPO / "README.md", *sorted((REPO / "docs").rglob("*.md"))]:
        text = page.read_text(encoding="utf-8")
        assert not re.search(r"/tmp/|\\Temp\\|pytest-of-", text), page
        for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text):
            if "://" in target:
                continue
            assert (page.parent / target).exists(), f"{page.relative_to(REPO)}: {target}"
