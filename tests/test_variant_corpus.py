"""The malformed-file corpus: every broken variant or deck file gives one clear
``file:line:col: message`` error, never a traceback, and the good files beside it load.

Each file in ``tests/corpus/variants_bad`` and ``tests/corpus/decks_bad`` starts with
``# breaks: WHAT | expect: FRAGMENT``; the test loads it through the real loaders
(``variants.discover`` from the user's variants folder, ``variants.load_deck``) and
checks the error names the file, a line and a column, and holds the fragment.
Absurd sizes (a 1 GB file, half a million nodes, a 100,001-character rules text)
are made on the fly rather than kept in the repository.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pygame
import pytest

from cardtable import paths, variants
from cardtable.schema import SpecError

REPO = Path(__file__).resolve().parents[1]
CORPUS = Path(__file__).resolve().parent / "corpus"
BAD_VARIANTS = sorted((CORPUS / "variants_bad").glob("*.yaml"))
BAD_DECKS = sorted((CORPUS / "decks_bad").glob("*.yaml"))
HEADER = re.compile(r"# breaks: (?P<what>.+?) \| expect: (?P<expect>.+)")


def header(path: Path) -> tuple[str, str]:
    """What the file breaks and the fragment its error must hold (from its first line)."""
    first = path.read_bytes().split(b"\n", 1)[0].decode("ascii")
    match = HEADER.fullmatch(first)
    assert match, f"{path.name}: the first line must be '# breaks: ... | expect: ...'"
    return match["what"], match["expect"]


def assert_clear_error(message: str, path: Path, expect: str) -> None:
    """One line, ``FILE:LINE:COL: ...`` naming ``path``, holding ``expect``, no traceback."""
    assert re.match(re.escape(str(path)) + r":[1-9]\d*:[1-9]\d*: \S", message), message
    assert expect in message, message
    assert "Traceback" not in message and "\n" not in message, message


def user_folder_with_good_variant() -> Path:
    """The user's variants folder holding one good variant (a renamed free table)."""
    user = paths.user_variants_dir()
    user.mkdir(parents=True, exist_ok=True)
    good = (REPO / "variants" / "free_table.yaml").read_text(encoding="utf-8")
    (user / "good.yaml").write_text(good.replace("id: free_table", "id: corpus_good")
                                    .replace("name: Free table", "name: Corpus good"), encoding="utf-8")
    return user


def test_the_corpus_is_big_enough_and_every_file_says_what_it_breaks():
    assert len(BAD_VARIANTS) >= 30 and len(BAD_DECKS) >= 10
    breaks = [header(path)[0] for path in BAD_VARIANTS + BAD_DECKS]
    assert len(set(breaks)) == len(breaks), "two files break the same thing"


@pytest.mark.parametrize("source", BAD_VARIANTS, ids=lambda p: p.stem)
def test_a_broken_variant_gives_file_line_col_and_the_rest_still_load(source: Path):
    _, expect = header(source)
    user = user_folder_with_good_variant()
    shutil.copy(source, user / source.name)
    entries = {entry.path.name: entry for entry in variants.discover()}
    broken = entries[source.name]
    assert broken.spec is None and broken.user
    assert_clear_error(broken.error, user / source.name, expect)
    assert entries["good.yaml"].spec is not None and entries["good.yaml"].spec.name == "Corpus good"
    bundled = [e for e in entries.values() if not e.user]
    assert bundled and all(e.spec is not None for e in bundled)


@pytest.mark.parametrize("source", BAD_DECKS, ids=lambda p: p.stem)
def test_a_broken_deck_gives_file_line_col(source: Path, tmp_path: Path):
    _, expect = header(source)
    path = tmp_path / source.name
    shutil.copy(source, path)
    with pytest.raises(SpecError) as err:
        variants.load_deck(path)
    assert_clear_error(str(err.value), path.resolve(), expect)


def test_a_broken_user_deck_does_not_stop_the_bundled_decks():
    user = paths.user_variants_dir() / "decks"
    user.mkdir(parents=True)
    shutil.copy(CORPUS / "decks_bad" / "absurd_card_count.yaml", user / "absurd_card_count.yaml")
    with pytest.raises(SpecError, match="more than the limit of"):
        variants.load_deck_by_id("absurd_card_count")
    assert len(variants.load_deck_by_id("standard52")) == 52


def test_a_one_gigabyte_file_is_refused_before_reading_it(tmp_path: Path):
    path = tmp_path / "huge.yaml"
    with open(path, "wb") as stream:
        stream.write(b"schema_version: 1\nvariant:\n  rules: '")
        stream.truncate(1 << 30)  # sparse: the disk holds almost nothing
    with pytest.raises(SpecError) as err:
        variants.load_variant(path)
    assert_clear_error(str(err.value), path, f"file is {1 << 30} bytes, more than the limit of")


def test_half_a_million_nodes_are_refused(tmp_path: Path):
    path = tmp_path / "nodes.yaml"
    path.write_text("schema_version: 1\nvariant:\n  settings:\n    many: [" + "0," * 500_001 + "0]\n",
                    encoding="utf-8")
    with pytest.raises(SpecError) as err:
        variants.load_variant(path)
    assert_clear_error(str(err.value), path, "more than 500000 nodes")


def test_a_rules_text_over_the_limit_is_refused_at_the_rules(tmp_path: Path):
    path = tmp_path / "rules.yaml"
    path.write_text("schema_version: 1\nvariant:\n  id: long\n  name: Long\n  game: free_table\n"
                    "  decks: [standard52]\n  rules: '" + "r" * 100_001 + "'\n", encoding="utf-8")
    with pytest.raises(SpecError) as err:
        variants.load_variant(path)
    assert_clear_error(str(err.value), path, "variant/rules: must be at most 100000 characters long")
    assert str(err.value).startswith(f"{path}:7:10:")


def test_the_menu_shows_a_broken_variant_and_its_error(app, monkeypatch):
    from uihelp import Driver

    from cardtable.ui.menu import MenuScene

    user = user_folder_with_good_variant()
    shutil.copy(CORPUS / "variants_bad" / "seats_min_over_max.yaml", user / "seats_min_over_max.yaml")
    app.reload_variants()
    app.scenes.pop()
    menu = app.push(MenuScene(app))
    drawn: list[str] = []
    render = app.fonts.render
    monkeypatch.setattr(app.fonts, "render", lambda text, *a, **k: (drawn.append(text), render(text, *a, **k))[1])
    driver = Driver(app)
    while menu.current.spec is not None:
        driver.key(pygame.K_DOWN)
    assert menu.current.path.name == "seats_min_over_max.yaml"
    drawn.clear()
    menu.repaint()
    driver.step()
    shown = " ".join(drawn)
    assert "seats_min_over_max.yaml" in shown and "This file has an error" in shown
    assert "variant/seats: min is larger than max" in shown
    assert menu.widgets.widgets[0].disabled_reason  # Play is greyed out
    driver.key(pygame.K_RETURN)  # Enter on a broken entry opens nothing
    assert app.scenes.top is menu
