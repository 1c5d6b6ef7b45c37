"""Bundled variants and decks load; broken files are reported without stopping the rest."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardtable import paths, variants
from cardtable.schema import SpecError

REPO = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("deck_id, size", [("standard52", 52), ("ivali", 129), ("sabacc", 76),
                                           ("infinite", 12_000)])
def test_every_bundled_deck_loads_with_its_size(deck_id, size):
    deck = variants.load_deck_by_id(deck_id)
    assert len(deck) == size
    assert len({c.code.lower() for c in deck}) == size


def test_the_decks_hold_what_the_rules_say():
    ivali = variants.load_deck_by_id("ivali")
    regular = [c for c in ivali if "wild" not in c.tags]
    assert len(regular) == 100
    assert sum("elemental_wild" in c.tags for c in ivali) == 25
    assert sum("infinity" in c.tags for c in ivali) == 4
    assert ivali.find("Gula 3 of Fire").get("planet") == "Gula"

    sabacc = variants.load_deck_by_id("sabacc")
    assert sorted({c.value for c in sabacc if "face" in c.tags}) == [-17, -15, -14, -13, -11, -8, -2, 0]
    assert sum(c.name == "The Idiot" for c in sabacc) == 2
    assert sabacc.find("Master of Coins").value == 14

    infinite = variants.load_deck_by_id("infinite")
    assert len(infinite.colours) == 20
    assert all(len(c.suits) == 15 for c in infinite.colours)
    assert len(infinite.ranks) == 40 and infinite.ranks[0] == "0" and infinite.ranks[-1] == "Infinity"
    assert sum("trump" in c.tags for c in infinite) == 20 * 40
    assert len({c.mark for c in infinite.colours}) == 20


def test_deck_search_finds_by_rank_suit_colour_and_trump():
    infinite = variants.load_deck_by_id("infinite")
    dragons = infinite.search("Dragon")
    assert len(dragons) == 300 and all(c.rank == "Dragon" for c in dragons)
    colour = infinite.colours[0]
    assert len(infinite.search(colour.name)) == 15 * 40
    assert len(infinite.search("trump")) == 20 * 40
    assert len(infinite.search(f"21 of {colour.suits[0][0]}")) == 1


def test_every_bundled_variant_loads():
    entries = variants.discover()
    assert entries, "no variants found"
    assert [e.error for e in entries if e.error] == []
    ids = {e.spec.id for e in entries}
    assert "free_table" in ids


def test_a_broken_user_variant_shows_its_error_and_the_rest_still_load(tmp_path):
    user = paths.user_variants_dir()
    user.mkdir(parents=True)
    (user / "broken.yaml").write_text("schema_version: 1\nvariant:\n  id: mine\n  name: [unclosed\n",
                                      encoding="utf-8")
    good = (REPO / "variants" / "free_table.yaml").read_text(encoding="utf-8")
    (user / "mine.yaml").write_text(good.replace("id: free_table", "id: my_table")
                                    .replace("name: Free table", "name: My table"), encoding="utf-8")
    entries = {e.path.name: e for e in variants.discover()}
    assert entries["free_table.yaml"].spec is not None
    assert entries["mine.yaml"].spec.name == "My table" and entries["mine.yaml"].user
    broken = entries["broken.yaml"]
    assert broken.spec is None and broken.error.startswith(f"{user / 'broken.yaml'}:")
    assert broken.title == "broken.yaml"


def test_a_user_variant_cannot_take_a_bundled_id(tmp_path):
    user = paths.user_variants_dir()
    user.mkdir(parents=True)
    shutil.copy(REPO / "variants" / "free_table.yaml", user / "copy.yaml")
    entries = {e.path.name: e for e in variants.discover()}
    assert "already defined" in entries["copy.yaml"].error
    assert entries["free_table.yaml"].spec is not None


def test_a_variant_naming_an_unknown_deck_points_at_that_entry(tmp_path):
    path = tmp_path / "v.yaml"
    path.write_text("schema_version: 1\nvariant:\n  id: v\n  name: V\n  game: free_table\n"
                    "  decks: [standard52, tarot]\n", encoding="utf-8")
    with pytest.raises(SpecError) as err:
        variants.load_variant(path, known_decks=["standard52"])
    assert str(err.value).startswith(f"{path}:6:23: variant/decks/1: no deck file defines 'tarot'")


def test_a_deck_file_with_an_unknown_style_is_refused_at_the_style(tmp_path):
    path = tmp_path / "d.yaml"
    path.write_text("schema_version: 1\ndeck:\n  id: d\n  name: D\n  style: tarot\n", encoding="utf-8")
    with pytest.raises(SpecError) as err:
        variants.read_deck_data(path)
    assert str(err.value).startswith(f"{path}:5:10: deck/style: must be one of")


def test_a_deck_whose_trump_is_not_its_suit_is_refused(tmp_path):
    lines = (REPO / "variants" / "decks" / "infinite.yaml").read_text(encoding="utf-8").split("\n")
    row = next(i for i, line in enumerate(lines) if line.strip().startswith("trump:"))
    indent = lines[row].index("trump:")
    lines[row] = lines[row][:indent] + "trump: Nothing Such"
    path = tmp_path / "infinite.yaml"
    path.write_text("\n".join(lines), encoding="utf-8")
    with pytest.raises(SpecError) as err:
        variants.load_deck(path)
    assert str(err.value).startswith(f"{path}:{row + 1}:{indent + 8}: deck/colours/0/trump: 'Nothing Such'")


def test_the_free_tables_hand_keys_are_in_its_key_map_and_its_page():
    from cardtable.games.free_table.ui.keys import key_rows
    actions = dict(key_rows())
    assert actions["H / P"] == "deal N to each hand / pass to the next player"
    page = (REPO / "docs" / "games" / "free_table.md").read_text(encoding="utf-8")
    section = page[page.index("On the free table:"):page.index("## Settings")]
    assert "| H | deal N cards" in section and "| P | pass" in section


def test_a_variant_file_with_the_retired_hotkeys_loads_with_a_warning_at_the_key(tmp_path, caplog):
    """``hotkeys`` did something until the tables got key maps: a user's file that still
    has it loads, and the warning names the file, line and column of the key."""
    text = (REPO / "variants" / "ipso.yaml").read_text(encoding="utf-8").replace("id: ipso", "id: mine")
    lines = text.rstrip("\n").split("\n") + ["  hotkeys:", '    - {keys: "S", action: "stake"}']
    path = tmp_path / "mine.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    dirs = [(variants.variant_dirs()[0][0], False), (tmp_path, True)]
    warning = (f"{path}:{len(lines) - 1}:3: variant/hotkeys: 'hotkeys' is ignored: "
               "a table's keys now come from the table")
    for _ in range(2):  # the second discovery takes the remembered check: the warning is still said
        caplog.clear()
        with caplog.at_level("WARNING", logger="cardtable.variants"):
            entry = next(e for e in variants.discover(dirs) if e.path == path)
        assert entry.spec is not None and entry.error is None
        assert entry.spec.warnings[0].startswith(warning)
        assert any(warning in r.getMessage() for r in caplog.records)


def test_no_bundled_variant_has_hotkeys():
    for path in sorted((REPO / "variants").glob("*.yaml")):
        spec = variants.load_variant(path, variants.deck_files())
        assert spec.warnings == (), path
