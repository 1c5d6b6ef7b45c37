"""No user file can stop the app (issue 15): special files, links, hostile contents.

Every user file (variants, decks, saves, settings, statistics) is read through
``storage.read_user_file``: FIFOs, devices, folders and links to them are refused with
an error naming the user's file, quickly, never by reading forever.  The hostile
corpus in ``tests/corpus`` (variants, decks, saves, settings) loads through the real
loaders with a clear error and no exception, each in under 2 s, and the menu, the
setup screen, the saves list and the settings screen all draw with all of it present.
"""

from __future__ import annotations

import os
import re
import resource
import shutil
import threading
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cardtable import paths, saves, settings, stats, storage, variants
from cardtable.schema import SpecError, Str, load_and_validate
from cardtable.ui.text import wrap

CORPUS = Path(__file__).resolve().parent / "corpus"
REPO = Path(__file__).resolve().parents[1]
LIMIT_S = 60.0
"""A guard against hangs (a FIFO or device read forever), not a speed figure: each of
these ends in well under a second on an idle machine, and the machines are shared."""
needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")


def within(seconds: float, fn: Callable[[], Any]) -> Any:
    """``fn()`` run in a thread; fails the test if it takes longer than ``seconds``."""
    box: dict[str, Any] = {}

    def run() -> None:
        try:
            box["value"] = fn()
        except BaseException as exc:  # noqa: BLE001 - handed back to the test
            box["error"] = exc

    thread = threading.Thread(target=run, daemon=True)
    start = time.perf_counter()
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"still running after {seconds} s (reading forever?)"
    box["seconds"] = time.perf_counter() - start
    if "error" in box:
        raise box["error"]
    return box.get("value")


def user_variants() -> Path:
    folder = paths.user_variants_dir()
    (folder / "decks").mkdir(parents=True, exist_ok=True)
    return folder


def good_variant(folder: Path, ident: str = "corpus_good", deck: str = "standard52") -> Path:
    text = (REPO / "variants" / "free_table.yaml").read_text(encoding="utf-8")
    text = text.replace("id: free_table", f"id: {ident}").replace("name: Free table", f"name: {ident}")
    text = text.replace("decks: [standard52, ivali, sabacc, infinite]", f"decks: [{deck}]")
    path = folder / f"{ident}.yaml"
    path.write_text(text, encoding="utf-8")
    return path


# ----------------------------------------------------------------- read_user_file

def test_read_user_file_reads_a_regular_file_and_a_link_to_one(tmp_path: Path):
    target = tmp_path / "real.txt"
    target.write_bytes(b"hello")
    link = tmp_path / "link.txt"
    link.symlink_to(target)
    assert storage.read_user_file(target, limit=5) == b"hello"
    assert storage.read_user_file(link, limit=5) == b"hello"
    with pytest.raises(storage.StorageError) as err:
        storage.read_user_file(link, limit=4)
    assert err.value.too_big and str(err.value).startswith(f"{link}: ") and "real.txt" not in str(err.value)
    with pytest.raises(storage.StorageError) as err:
        storage.read_user_file(tmp_path / "gone", limit=4)
    assert err.value.missing


@needs_fifo
@pytest.mark.parametrize("kind", ["fifo", "dir", "dev_zero_link", "fifo_link", "dangling_link", "loop"])
def test_read_user_file_refuses_what_is_not_a_regular_file(tmp_path: Path, kind: str):
    path = tmp_path / "x.yaml"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "dir":
        path.mkdir()
    elif kind == "dev_zero_link":
        path.symlink_to("/dev/zero")
    elif kind == "fifo_link":
        os.mkfifo(tmp_path / "pipe")
        path.symlink_to(tmp_path / "pipe")
    elif kind == "dangling_link":
        path.symlink_to(tmp_path / "nowhere")
    else:
        path.symlink_to(path)
    with pytest.raises(storage.StorageError) as err:
        within(LIMIT_S, lambda: storage.read_user_file(path, limit=1000))
    message = str(err.value)
    assert message.startswith(f"{path}: ") and "/dev/zero" not in message
    assert str(tmp_path / "pipe") not in message and "nowhere" not in message


# ----------------------------------------------------------------- special files in the user folders

@needs_fifo
def test_a_fifo_variant_a_folder_variant_and_a_fifo_deck_are_reported():
    folder = user_variants()
    os.mkfifo(folder / "x.yaml")
    (folder / "y.yaml").mkdir()
    os.mkfifo(folder / "decks" / "pipe_deck.yaml")
    good_variant(folder)
    entries = {e.path.name: e for e in within(LIMIT_S, variants.discover)}
    assert entries["x.yaml"].error.startswith(f"{folder / 'x.yaml'}:1:1: ")
    assert "named pipe (FIFO)" in entries["x.yaml"].error
    assert entries["y.yaml"].error.startswith(f"{folder / 'y.yaml'}:1:1: ") and "a folder" in entries["y.yaml"].error
    assert entries["corpus_good.yaml"].spec is not None
    with pytest.raises(SpecError) as err:
        within(LIMIT_S, lambda: variants.load_deck(folder / "decks" / "pipe_deck.yaml"))
    assert str(err.value).startswith(f"{folder / 'decks' / 'pipe_deck.yaml'}:1:1: ")


def test_a_deck_linked_to_a_system_file_names_the_link_and_quotes_nothing(tmp_path: Path):
    secret = tmp_path / "passwd"
    secret.write_text("root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1::/usr/sbin:/usr/sbin/nologin\n")
    folder = user_variants()
    for target, name in ((secret, "passwd_deck.yaml"), (Path("/etc/passwd"), "etc_deck.yaml")):
        if not target.exists():
            continue
        link = folder / "decks" / name
        link.symlink_to(target)
        with pytest.raises(SpecError) as err:
            within(LIMIT_S, lambda link=link: variants.load_deck(link))
        message = str(err.value)
        assert re.match(re.escape(str(link)) + r":\d+:\d+: ", message), message
        assert "root:x" not in message and "daemon" not in message and str(target) not in message, message
    assert variants.discover()


@needs_fifo
@pytest.mark.parametrize("kind", ["fifo", "dev_zero"])
def test_a_special_autosave_is_listed_broken_naming_it(kind: str):
    folder = paths.autosave_dir()
    folder.mkdir(parents=True)
    path = folder / "auto-20260101-000000-abcdef-000001.json"
    os.mkfifo(path) if kind == "fifo" else path.symlink_to("/dev/zero")
    listed = within(LIMIT_S, saves.list_saves)
    entry = next(s for s in listed if s.path == path)
    assert not entry.ok and str(entry.error).startswith(f"{path}: ") and "/dev/zero" not in str(entry.error)
    assert within(LIMIT_S, saves.interrupted_save) is None
    with pytest.raises(saves.SaveError) as err:
        within(LIMIT_S, lambda: saves.load_save(path))
    assert err.value.problem == "unreadable"


@needs_fifo
@pytest.mark.parametrize("kind", ["fifo", "dev_zero", "dir"])
def test_special_settings_are_moved_aside_and_defaults_used(kind: str):
    path = paths.settings_file()
    path.parent.mkdir(parents=True)
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "dev_zero":
        path.symlink_to("/dev/zero")
    else:
        path.mkdir()
    loaded, warnings = within(LIMIT_S, lambda: settings.load_settings(path))
    assert loaded == settings.Settings()
    assert warnings and warnings[0].startswith("settings.json was corrupt") and "/dev/zero" not in warnings[0]
    assert not os.path.lexists(path) and os.path.lexists(path.with_name("settings.json.bad"))
    settings.save_settings(loaded, path)
    assert path.is_file() and os.path.lexists(path.with_name("settings.json.bad"))


@needs_fifo
def test_special_statistics_are_reported_and_set_aside():
    path = stats.stats_path()
    path.parent.mkdir(parents=True)
    os.mkfifo(path)
    book = within(LIMIT_S, stats.StatsBook.load)
    assert book.error and str(path) in book.error and book.players == {}
    assert not os.path.lexists(path)


# ----------------------------------------------------------------- decks at discovery

def test_a_user_deck_cannot_replace_a_bundled_one():
    folder = user_variants()
    clash = folder / "decks" / "standard52.yaml"
    clash.write_text((REPO / "variants" / "decks" / "standard52.yaml").read_text(encoding="utf-8")
                     .replace("name: Two", "name: Deuce"), encoding="utf-8")
    entries = variants.discover()
    errors = [e.error for e in entries if e.path == clash]
    assert len(errors) == 1 and str(clash) in errors[0]
    assert str(REPO / "variants" / "decks" / "standard52.yaml") in errors[0]
    assert all(e.spec is not None for e in entries if not e.user)
    deck = variants.load_deck_by_id("standard52")
    assert len(deck) == 52 and variants.deck_files()["standard52"].parent.parent == paths.bundled_variants_dir()


@pytest.mark.parametrize("deck_kind", ["broken", "fifo", "wrong_id"])
def test_a_broken_deck_marks_the_variants_that_use_it_at_discovery(tmp_path: Path, deck_kind: str):
    bundled = tmp_path / "bundled"
    (bundled / "decks").mkdir(parents=True)
    for name in ("standard52", "sabacc", "infinite"):
        shutil.copy(REPO / "variants" / "decks" / f"{name}.yaml", bundled / "decks" / f"{name}.yaml")
    deck = bundled / "decks" / "ivali.yaml"
    if deck_kind == "broken":
        shutil.copy(CORPUS / "decks_bad" / "ivali_duplicate_numeral.yaml", deck)
    elif deck_kind == "fifo":
        if not hasattr(os, "mkfifo"):
            pytest.skip("no FIFOs here")
        os.mkfifo(deck)
    else:
        deck.write_text((REPO / "variants" / "decks" / "ivali.yaml").read_text(encoding="utf-8")
                        .replace("id: ivali", "id: other_ivali"), encoding="utf-8")
    good_variant(bundled)
    uses = good_variant(bundled, "uses_ivali", deck="ivali")
    entries = {e.path.name: e for e in within(LIMIT_S, lambda: variants.discover([(bundled, False)]))}
    assert entries["corpus_good.yaml"].spec is not None
    error = entries["uses_ivali.yaml"].error
    assert entries["uses_ivali.yaml"].spec is None
    assert re.match(re.escape(str(uses)) + r":\d+:\d+: variant/decks/0: the deck 'ivali' cannot be used: ", error)
    assert f"{deck}:" in error


# ----------------------------------------------------------------- strings and numbers

@pytest.mark.parametrize("text, fragment", [('"a\\0b"', "NUL character"), ('"a\\x00b"', "NUL character")])
def test_strings_with_nul_are_refused_where_they_are(tmp_path: Path, text: str, fragment: str):
    path = tmp_path / "s.yaml"
    path.write_text(f"name: {text}\n", encoding="utf-8")
    from cardtable.schema import Field, Map
    with pytest.raises(SpecError) as err:
        load_and_validate(path, Map({"name": Field(Str())}))
    assert str(err.value).startswith(f"{path}:1:7: name: ") and fragment in str(err.value)


def test_a_lone_surrogate_is_refused_by_the_schema():
    import yaml

    from cardtable.schema import validate
    node = yaml.ScalarNode("tag:yaml.org,2002:str", "a\ud800b", yaml.Mark("f", 0, 0, 0, None, None),
                           yaml.Mark("f", 0, 0, 0, None, None))
    with pytest.raises(SpecError, match="unpaired surrogate U\\+D800"):
        validate(node, Str(), file="f")


@pytest.mark.parametrize("value, fragment", [("1.0e+309", "must be a finite number"), (".inf", "finite"),
                                             ("99999999999999999999", "must be from -1000000000000000"),
                                             ("1e309", "starting_chips must be a whole number")])
def test_a_variant_number_beyond_the_screen_is_a_located_error(tmp_path: Path, value: str, fragment: str):
    text = (REPO / "variants" / "five_card_draw.yaml").read_text(encoding="utf-8")
    path = tmp_path / "chips.yaml"
    path.write_text(re.sub(r"starting_chips: *\d+", f"starting_chips: {value}", text), encoding="utf-8")
    with pytest.raises(SpecError) as err:
        variants.load_variant(path)
    assert re.match(re.escape(str(path)) + r":\d+:\d+: variant/settings/starting_chips: ", str(err.value))
    assert fragment in str(err.value)


class _Measured:
    """A text width of ``per`` pixels a character that counts the characters it measured
    (what wrapping costs, without a clock: measuring all that is left for each line would
    be quadratic, 10^9 characters here)."""

    def __init__(self, per: int) -> None:
        self.per, self.chars = per, 0

    def __call__(self, text: str) -> int:
        self.chars += len(text)
        return self.per * len(text)


def test_wrapping_a_100000_character_word_measures_a_few_times_its_length():
    text = "x" * 100_000
    width = _Measured(7)
    lines = wrap(text, 600, width)
    assert "".join(lines) == text and all(len(line) <= 600 // 7 for line in lines)
    assert width.chars < 20 * len(text), width.chars
    spaced = ("y" * 50_000 + " ") * 2 + "end"
    width = _Measured(9)
    assert "".join(wrap(spaced, 300, width)).replace(" ", "") == spaced.replace(" ", "")
    assert width.chars < 20 * len(spaced), width.chars


def test_wrapping_100000_characters_with_a_real_font_measures_a_few_times_their_length():
    import pygame
    pygame.font.init()
    font = pygame.font.Font(None, 20)
    measured = [0]

    def width(text: str) -> int:
        measured[0] += len(text)
        return font.size(text)[0]
    lines = wrap("w" * 100_000, 700, width)
    assert all(font.size(line)[0] <= 700 for line in lines) and "".join(lines) == "w" * 100_000
    assert measured[0] < 20 * 100_000, measured[0]


# ----------------------------------------------------------------- settings moved aside

def test_a_5000_digit_integer_in_settings_is_reported_and_moved_aside_uniquely():
    path = paths.settings_file()
    path.parent.mkdir(parents=True)
    path.with_name("settings.json.bad").write_text("earlier")
    path.with_name("settings.json.bad.1").write_text("earlier 1")
    data = b'{"ui_scale": ' + b"1" * 5000 + b"}"
    path.write_bytes(data)
    loaded, warnings = settings.load_settings(path)
    assert loaded == settings.Settings() and "settings.json" in warnings[0]
    assert "digits" in warnings[0] or "JSON" in warnings[0]
    assert path.with_name("settings.json.bad").read_text() == "earlier"
    assert path.with_name("settings.json.bad.1").read_text() == "earlier 1"
    assert path.with_name("settings.json.bad.2").read_bytes() == data and not path.exists()


def test_bad_fields_are_kept_under_a_new_name_each_time():
    path = paths.settings_file()
    path.parent.mkdir(parents=True)
    for _ in range(3):
        path.write_text('{"ui_scale": 9, "sound": false}')
        loaded, warnings = settings.load_settings(path)
        assert loaded.sound is False and any("ui_scale" in w for w in warnings)
    names = sorted(p.name for p in path.parent.iterdir())
    assert names == ["settings.json", "settings.json.bad", "settings.json.bad.1", "settings.json.bad.2"]


# ----------------------------------------------------------------- leftovers

def test_clean_leftovers_removes_only_the_apps_own_stale_temporaries(tmp_path: Path):
    old = time.time() - 3600
    stale = [tmp_path / ".settings.json.k2j3h4.tmp", tmp_path / ".auto-m-000001.json.x8y7.tmp",
             tmp_path / ".game.json.0a1b2c3d.link"]
    kept = [tmp_path / "settings.json", tmp_path / "notes.tmp", tmp_path / ".hidden",
            tmp_path / ".game.json.nothex12.link", tmp_path / ".x.tmp", tmp_path / "game.json.0a1b2c3d.link"]
    fresh = tmp_path / ".settings.json.fresh1.tmp"
    for path in stale + kept + [fresh]:
        path.write_text("x")
        if path is not fresh:
            os.utime(path, (old, old))
    folder_named_like_one = tmp_path / ".dir.abc.tmp"
    folder_named_like_one.mkdir()
    os.utime(folder_named_like_one, (old, old))
    link_named_like_one = tmp_path / ".link.abc.tmp"
    link_named_like_one.symlink_to(tmp_path / "settings.json")
    os.utime(link_named_like_one, (old, old), follow_symlinks=False)
    removed = storage.clean_leftovers(tmp_path)
    assert sorted(removed) == sorted(stale)
    assert all(p.exists() for p in kept + [fresh, folder_named_like_one])
    assert os.path.lexists(link_named_like_one)
    assert storage.clean_leftovers(tmp_path / "missing") == []


def test_the_app_cleans_every_folder_it_writes_at_start(tmp_path: Path):
    old = time.time() - 3600
    folders = [paths.config_dir(), paths.saves_dir(), paths.autosave_dir(), paths.logs_dir()]
    leftovers = []
    for folder in folders:
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / ".settings.json.abcdef.tmp"
        path.write_text("x")
        os.utime(path, (old, old))
        (folder / "keep.json").write_text("{}")
        leftovers.append(path)
    from cardtable.ui.app import App
    app = App(size=(800, 600))
    try:
        assert not any(p.exists() for p in leftovers)
        assert all((folder / "keep.json").exists() for folder in folders)
    finally:
        app.shutdown()


# ----------------------------------------------------------------- the corpus

CORPUS_FILES = {
    "variants": sorted((CORPUS / "variants_bad").glob("*.yaml")),
    "decks": sorted((CORPUS / "decks_bad").glob("*.yaml")),
    "saves": sorted((CORPUS / "saves_bad").glob("*.json")),
    "settings": sorted((CORPUS / "settings_bad").glob("*.json")),
}
ALL_CORPUS = [(kind, path) for kind, files in CORPUS_FILES.items() for path in files]


def test_the_hostile_corpus_has_at_least_150_files():
    counts = {kind: len(files) for kind, files in CORPUS_FILES.items()}
    assert sum(counts.values()) >= 150, counts
    assert all(count >= 20 for count in counts.values()), counts


def _load(kind: str, path: Path) -> str | None:
    """Load ``path`` through the app's real loader; the error text, or None if it loaded."""
    if kind == "variants":
        entries = {e.path: e for e in variants.discover()}
        return entries[path].error
    if kind == "decks":
        try:
            variants.load_deck(path)
        except SpecError as exc:
            return str(exc)
        return None
    if kind == "saves":
        try:
            saves.load_save(path)
        except saves.SaveError as exc:
            return str(exc)
        return None
    _, warnings = settings.load_settings(path)
    return " ".join(warnings) or None


@pytest.mark.parametrize("kind, source", ALL_CORPUS, ids=lambda v: v if isinstance(v, str) else v.stem)
def test_every_corpus_file_gives_a_clear_error_quickly(kind: str, source: Path, tmp_path: Path):
    if kind == "variants":
        path = user_variants() / source.name
        good_variant(path.parent)
    else:
        path = tmp_path / ("settings.json" if kind == "settings" else source.name)
    shutil.copy(source, path)
    tracemalloc.start()
    try:
        start = time.perf_counter()
        error = within(LIMIT_S, lambda: _load(kind, path))
        took = time.perf_counter() - start
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert took < LIMIT_S and peak < 300 * 2**20, (took, peak)
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss < 2 * 2**20 or peak < 300 * 2**20
    if kind == "saves" and error is None:
        return  # contents checks are the saves list's: a loaded envelope is an allowed outcome
    assert error, f"{source.name} loaded without an error"
    assert "Traceback" not in error
    if kind in ("variants", "decks"):
        assert re.match(re.escape(str(path)) + r":[1-9]\d*:[1-9]\d*: ", error), error
    elif kind == "saves":
        assert error.startswith(f"{path}: "), error
    else:
        assert "settings.json" in error, error
        assert not path.exists() or path.with_name("settings.json.bad").exists()
    assert len(error) < 2000, f"{len(error)} characters of error"


def fill_home_with_the_corpus() -> None:
    folder = user_variants()
    for path in CORPUS_FILES["variants"]:
        shutil.copy(path, folder / path.name)
    for path in CORPUS_FILES["decks"]:
        shutil.copy(path, folder / "decks" / path.name)
    good_variant(folder)
    saves_dir = paths.saves_dir()
    (saves_dir / "autosave").mkdir(parents=True)
    for number, path in enumerate(CORPUS_FILES["saves"]):
        shutil.copy(path, saves_dir / path.name)
        shutil.copy(path, saves_dir / "autosave" / f"auto-20260101-000000-{number:06x}-000001.json")
    shutil.copy(CORPUS / "saves_bad" / "not_json.json", saves_dir / "stats.json")
    paths.config_dir().mkdir(parents=True)
    shutil.copy(CORPUS / "settings_bad" / "int_5000_digits.json", paths.settings_file())
    if hasattr(os, "mkfifo"):
        os.mkfifo(folder / "pipe.yaml")
        os.mkfifo(folder / "decks" / "pipe.yaml")
        os.mkfifo(saves_dir / "autosave" / "auto-20260101-000000-ffffff-000001.json")
        (folder / "folder.yaml").mkdir()
        (saves_dir / "autosave" / "auto-20260101-000000-fffffe-000001.json").symlink_to("/dev/zero")


def test_every_screen_draws_with_the_whole_corpus_in_the_user_folders():
    import pygame

    from cardtable.ui.app import App
    from cardtable.ui.menu import MenuScene
    from cardtable.ui.saves_scene import SavesScene
    from cardtable.ui.settings_scene import SettingsScene
    from cardtable.ui.setup_scene import SetupScene

    fill_home_with_the_corpus()
    start = time.perf_counter()
    app = within(20.0, lambda: App(size=(1280, 800)))
    try:
        assert app.warnings and "settings.json" in app.warnings[0]
        assert paths.settings_file().with_name("settings.json.bad").exists()
        entries = app.variant_entries
        assert sum(e.spec is None for e in entries) >= len(CORPUS_FILES["variants"])
        assert any(e.spec is not None and e.spec.id == "corpus_good" for e in entries)
        menu = app.push(MenuScene(app))
        for _ in range(len(entries) + 2):  # every entry, broken ones with their error
            app.step(1 / 60)
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode=""))
        app.step(1 / 60)
        assert app.scenes.top is menu
        spec = next(e.spec for e in entries if e.spec is not None and e.spec.id == "corpus_good")
        app.push(SetupScene(app, spec, lambda seats, level: None))
        app.step(1 / 60)
        app.scenes.pop()
        scene = app.push(SavesScene(app))
        app.step(1 / 60)
        app.scenes.pop()
        assert scene is not None
        app.push(SettingsScene(app))
        app.step(1 / 60)
        app.scenes.pop()
        app.step(1 / 60)
    finally:
        app.shutdown()
    assert time.perf_counter() - start < 60
