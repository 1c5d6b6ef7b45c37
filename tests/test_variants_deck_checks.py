"""Deck files are checked once per version of the file: a later start does not build them again."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from cardtable import deck_checks, variants

REPO = Path(__file__).resolve().parents[1]


def test_a_deck_that_passed_is_not_read_again_until_it_changes(tmp_path):
    folder = tmp_path / "decks"
    folder.mkdir()
    deck = folder / "standard52.yaml"
    shutil.copy(REPO / "variants" / "decks" / "standard52.yaml", deck)
    checked = []

    def check(deck_id, path):
        checked.append(deck_id)
        return variants.deck_error(deck_id, path)

    assert deck_checks.deck_errors({"standard52": deck}, check) == {}
    assert deck_checks.deck_errors({"standard52": deck}, check) == {}
    assert checked == ["standard52"]  # the second start trusted the cache
    assert deck_checks.cache_file().is_file()
    deck.write_text(deck.read_text().replace("schema_version: 1", "schema_version: 9"))
    os.utime(deck, ns=(1, 1))
    errors = deck_checks.deck_errors({"standard52": deck}, check)
    assert checked == ["standard52", "standard52"] and "schema_version" in errors["standard52"]
    assert deck_checks.deck_errors({"standard52": deck}, check)  # a failure is never remembered
    assert len(checked) == 3


def test_a_second_start_finds_the_same_variants_without_building_a_deck(monkeypatch):
    bundled = [(variants.variant_dirs()[0][0], False)]
    first = variants.discover(bundled)
    variants._load_deck_cached.cache_clear()

    def refuse(data):
        raise AssertionError(f"built {data['id']} again")

    monkeypatch.setattr(variants, "build_deck", refuse)
    again = variants.discover(bundled)
    assert [e.spec for e in again] == [e.spec for e in first] and all(e.error is None for e in again)


def test_an_unwritable_cache_folder_only_means_checking_every_time(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setattr(deck_checks, "cache_file", lambda: blocker / "deck-checks.json")
    deck = REPO / "variants" / "decks" / "standard52.yaml"
    assert deck_checks.deck_errors({"standard52": deck}, variants.deck_error) == {}


def test_the_code_that_reads_decks_is_stamped_so_a_change_to_it_checks_them_again():
    root = Path(deck_checks.__file__).parent
    assert all((root / name).is_file() for name in deck_checks._CODE)
    assert {"variants.py", "variant_schemas.py", "schema.py", "engine/decks.py"} <= set(deck_checks._CODE)
